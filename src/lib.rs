//! Tabula: the rules, engine and puzzle solvers of the board games of the
//! IPS/ESTSetúbal Artificial Intelligence course — every game the course has
//! given since 2015/16 (`knight`, `bishop`, `torre`, `dots`, `quatro`,
//! `adjiboto`, `solitario`, `galo3d`, `blokus`, each with its puzzle), and
//! the next one by adding a folder (`docs/adding-a-game.md`).
//!
//! The modules, lowest layer first (`ARCHITECTURE.md` has the map); a
//! module uses only those above it in this list, and `.ci/module-cycles.py`
//! keeps it so:
//!
//! - [`lisp`], [`random`]: the course's Lisp data; the seeded generator.
//! - [`numbers`]: command-line numbers and what a wrong one is told.
//! - [`game`]: the core, naming no game: [`game::Game`] and its companion
//!   traits, a game's declared parameters ([`game::params`]), the course's
//!   problem-file format ([`game::problems`]), position strings, hash keys,
//!   boards as SVG parts.
//! - [`search`]: iterative-deepening alpha-beta, generic over [`game::Game`];
//!   it defines what it asks of a game ([`search::Evaluate`] with the
//!   evaluation terms a game declares, [`search::bench::Bench`], the
//!   exact-solver hook).
//! - [`puzzle`]: BFS, DFS, A*, IDA*, RBFS, SMA* and the heuristics' trait,
//!   generic over the puzzles.
//! - [`games`]: the games — one folder per game implementing the traits
//!   above — and the registry that lists them, from which come
//!   [`games::GameId`], [`games::AnyPosition`], [`games::AnyMove`],
//!   [`games::GameSetup`] and the dispatch macros ([`with_game!`]).
//! - [`problems`]: a problems file's game, and the built-in problems by id.
//! - [`setup`]: the position specifications shared by the command line and
//!   the protocol (`fen …`, `startpos`, `random …`, `problem …`, then
//!   `moves …`), under a game's parameters.
//! - [`solve`]: a puzzle of any game solved (the registry's dispatch to
//!   [`puzzle`]).
//! - [`analysis`]: played games judged by the reference search: winning
//!   chances, move classes, accuracy per side, the turning point
//!   (`docs/analysis.md`).
//! - [`engine`]: the engine facade (position, options, background job).
//! - [`protocol`]: the line protocol of `protocol.md` on top of the engine.
//! - [`cli`]: the `tabula` binary's subcommands (bench, self-play, the
//!   puzzles' commands).
//!
//! ```
//! use tabula::game::{Game, perft};
//! use tabula::games::Knight;
//!
//! let start: Knight = tabula::games::numbered::random::duel(42);
//! assert_eq!(perft(&start, 1), start.legal_moves().len() as u64);
//! let again = Knight::from_fen(&start.to_string()).unwrap();
//! assert_eq!(again, start);
//! ```

pub mod analysis;
pub mod cli;
pub mod engine;
pub mod game;
pub mod games;
pub mod lisp;
pub mod numbers;
pub mod pool;
pub mod problems;
pub mod protocol;
pub mod puzzle;
pub mod random;
pub mod search;
pub mod setup;
pub mod solve;
