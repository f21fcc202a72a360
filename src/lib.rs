//! Tabula: the rules, engine and puzzle solver of the board games of the
//! IPS/ESTSetúbal Artificial Intelligence course — the knight game ("Jogo do
//! Cavalo"), the bishop game and Dots and Boxes.
//!
//! - [`game`]: the rules of every game behind the [`game::Game`] trait, with
//!   position strings, move notation, Zobrist hashing and perft.
//! - [`lisp`]: the course's Lisp boards, read and written.
//! - [`problems`]: the course's problem files and the built-in problems.
//! - [`random`]: seeded random start boards.
//! - [`engine`]: the engine facade (position, options, background search).
//! - [`protocol`]: the line protocol of `protocol.md` on top of the engine.
//! - [`analysis`]: played games judged by the reference: winning chances,
//!   move classes, accuracy per side, the turning point.
//! - [`setup`]: the position specifications shared by the command line and the
//!   protocol (`fen …`, `startpos`, `random …`, `problem …`, then `moves …`).
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
pub mod problems;
pub mod protocol;
pub mod puzzle;
pub mod random;
pub mod search;
pub mod setup;
