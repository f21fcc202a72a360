//! Tabula: the rules, engine and puzzle solvers of the board games of the
//! IPS/ESTSetúbal Artificial Intelligence course — every game the course has
//! given since 2015/16 (`knight`, `bishop`, `torre`, `dots`, `quatro`,
//! `adjiboto`, `solitario`, `galo3d`, `blokus`, each with its puzzle), and
//! the next one by adding a folder (`docs/adding-a-game.md`).
//!
//! The modules, lowest layer first (`ARCHITECTURE.md` has the map):
//!
//! - [`lisp`], [`random`]: the course's Lisp data; the seeded generator.
//! - [`numbers`]: command-line numbers and what a wrong one is told.
//! - [`game`]: the rules vocabulary ([`game::Game`] and its companion
//!   traits, a game's declared parameters and [`game::GameSetup`]), the
//!   registry of games, and one folder per game.
//! - [`search`]: iterative-deepening alpha-beta; it defines what it asks of
//!   a game ([`search::Evaluate`], [`search::bench::Bench`], the exact-solver
//!   hook), implemented in each game's folder.
//! - [`puzzle`]: BFS, DFS, A*, IDA*, RBFS, SMA* and the heuristics' trait.
//! - [`problems`]: the course's problem files and the built-in problems.
//! - [`setup`]: the position specifications shared by the command line and
//!   the protocol (`fen …`, `startpos`, `random …`, `problem …`, then
//!   `moves …`), under a game's parameters.
//! - [`engine`]: the engine facade (position, options, background job).
//! - [`protocol`]: the line protocol of `protocol.md` on top of the engine.
//! - [`analysis`]: played games judged by the reference search: winning
//!   chances, move classes, accuracy per side, the turning point
//!   (`docs/analysis.md`).
//!
//! ```
//! use tabula::game::{Game, Knight, perft};
//!
//! let start: Knight = tabula::game::numbered::random::duel(42);
//! assert_eq!(perft(&start, 1), start.legal_moves().len() as u64);
//! let again = Knight::from_fen(&start.to_string()).unwrap();
//! assert_eq!(again, start);
//! ```

pub mod analysis;
pub mod engine;
pub mod game;
pub mod lisp;
pub mod numbers;
pub mod problems;
pub mod protocol;
pub mod puzzle;
pub mod random;
pub mod search;
pub mod setup;
