//! The optional exact endgame solver of a game, behind one hook.
//!
//! A game that can solve some positions outright answers
//! [`Evaluate::exact`](super::Evaluate::exact) with an [`Exact`]: what a
//! solve is expected to cost and the function that solves (Dots and Boxes
//! on boards of at most 24 arcs does, in its folder). The searcher decides
//! with one rule whether the limits let a solve finish (`exact_budget` in
//! [`super`]). Games without a solver return `None`, the default.
//!
//! The solve function is typed by the game's own position and move types:
//! the search never sees a position of another game. What a solver keeps
//! between searches is its table, and that is plain memory: the searcher
//! (which is not generic: one searcher serves every game in turn) owns one
//! [`SolverTable`], zeroed bytes tagged with the [`TableKey`] of what they
//! hold (a game's name and a board of it), and lends it to each solve, as
//! it owns the transposition table the alpha-beta search reads. A solve for
//! the same game and board finds the values of the earlier ones (they
//! never go stale); another key gets a fresh table in its place. So no
//! solver is type-erased to be cast back to its game, and a kept table
//! costs no allocation when it is used again.
//!
//! ```
//! use tabula::search::exact::{SolverTable, TableKey};
//!
//! let mut table = SolverTable::default();
//! let key = TableKey { game: "dots", board: 3 };
//! table.take(key, 16)[5] = 7;
//! assert_eq!(table.take(key, 16)[5], 7, "kept for the same key and size");
//! let other = TableKey { game: "dots", board: 4 };
//! assert_eq!(table.take(other, 16)[5], 0, "a new, zeroed table for another");
//! ```

use super::Stats;
use crate::game::Game;

/// Why a solve did not finish (out of nodes, or told to stop).
#[derive(Debug, PartialEq, Eq)]
pub struct Aborted;

/// What a [`SolverTable`] holds: the table of one game's solver for one of
/// its boards (the board numbered as the solver likes: Dots and Boxes packs
/// its rows and columns).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableKey {
    /// The game ([`Game::NAME`]).
    pub game: &'static str,
    /// The board, as the game's solver numbers it.
    pub board: u64,
}

/// The table the searcher keeps for exact solvers between searches (see
/// the module): zeroed bytes, and the key of what they hold.
#[derive(Default)]
pub struct SolverTable {
    key: Option<TableKey>,
    bytes: Vec<u8>,
}

impl SolverTable {
    /// The table of `len` bytes for `key`: the kept one when it was made for
    /// `key` with that size, otherwise a new zeroed one in its place (the
    /// old one freed first). The zeroes cost nothing up front: the system
    /// hands out zero pages as they are used.
    pub fn take(&mut self, key: TableKey, len: usize) -> &mut [u8] {
        if self.key != Some(key) || self.bytes.len() != len {
            self.bytes = Vec::new();
            self.bytes = vec![0; len];
            self.key = Some(key);
        }
        &mut self.bytes
    }
}

/// A finished call of a solve function: its answer (the exact value for
/// the side to move — points still to win, mine minus the opponent's — and
/// the principal variation) or why it gave up, and its statistics
/// (`time_ms` 0).
#[derive(Debug, PartialEq, Eq)]
pub struct SolverRun<M> {
    pub result: Result<(i32, Vec<M>), Aborted>,
    pub stats: Stats,
}

/// A solve function: solves `pos` with the searcher's table, giving up
/// after `max_nodes` nodes or when `keep_going`, asked every few thousand
/// nodes, says `false`; `None` when the game has no solver for this board.
pub type SolveFn<G> = fn(
    pos: &G,
    table: &mut SolverTable,
    max_nodes: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<SolverRun<<G as Game>::Move>>;

/// A position a game's exact solver can take (see the module).
pub struct Exact<G: Game> {
    /// Plies to the end of the game: a depth limit below it means the
    /// shallower search asked for runs instead.
    pub plies_left: usize,
    /// Nodes a solve may cost with an empty table.
    pub expected_nodes: u64,
    /// The solver's speed, to turn nodes into time.
    pub nodes_per_ms: u64,
    /// Solves the position (with the searcher's [`SolverTable`]).
    pub solve: SolveFn<G>,
}
