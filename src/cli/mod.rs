//! The `tabula` binary's subcommands as library code, so that `main.rs`
//! stays thin: the bench signature ([`mod@bench`]), seeded self-play
//! ([`selfplay`]), and the puzzles' commands `solve`, `report` and
//! `bench-puzzle` ([`puzzles`], with the course's results table in
//! [`report`]). They sit above everything else of the library: each runs
//! any game of the registry. (The analysis's commands are in
//! [`crate::analysis::cli`].)

pub mod bench;
pub mod puzzles;
pub mod report;
pub mod selfplay;
