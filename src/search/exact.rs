//! The optional exact endgame solver of a game, behind one hook.
//!
//! A game that can solve some positions outright (Dots and Boxes on boards
//! of at most 24 arcs: [`crate::game::dots::exact`]) answers
//! [`Evaluate::exact`](crate::game::Evaluate::exact) with an [`Exact`]: the
//! position as the solver takes it, what a solve is expected to cost, and
//! how to make a solver for its board. The searcher keeps the last solver
//! (its table stays valid for as long as [`ExactSolver::fits`] says so) and
//! decides with one rule whether the limits let a solve finish
//! (`exact_budget` in [`super`]). Games without a solver return `None`, the
//! default.

use super::Stats;
use crate::game::{AnyMove, AnyPosition};

/// Why a solve did not finish (out of nodes, or told to stop).
#[derive(Debug, PartialEq, Eq)]
pub struct Aborted;

/// An exact solver for one board, kept by the searcher between searches.
pub trait ExactSolver: Send {
    /// True when this solver (and its table) can take `pos`.
    fn fits(&self, pos: &AnyPosition) -> bool;

    /// The exact value of `pos` for the side to move (points still to win,
    /// mine minus the opponent's) and its principal variation. Gives up
    /// after `max_nodes` nodes, or when `keep_going`, asked every few
    /// thousand nodes, says `false`.
    fn solve(
        &mut self,
        pos: &AnyPosition,
        max_nodes: u64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<(i32, Vec<AnyMove>), Aborted>;

    /// The statistics of the last [`ExactSolver::solve`] (`time_ms` 0).
    fn stats(&self) -> Stats;
}

/// A position a game's exact solver can take (see the module).
pub struct Exact {
    /// The position, as the solver reads it.
    pub position: AnyPosition,
    /// Plies to the end of the game: a depth limit below it means the
    /// shallower search asked for runs instead.
    pub plies_left: usize,
    /// Nodes a solve may cost with an empty table.
    pub expected_nodes: u64,
    /// The solver's speed, to turn nodes into time.
    pub nodes_per_ms: u64,
    /// A new solver for the board of `position` (`None`: too large).
    pub new_solver: fn(&AnyPosition) -> Option<Box<dyn ExactSolver>>,
}
