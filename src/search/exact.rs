//! The optional exact endgame solver of a game, behind one hook.
//!
//! A game that can solve some positions outright answers
//! [`Evaluate::exact`](super::Evaluate::exact) with an [`Exact`]: what a solve is expected to cost
//! and how to make an [`ExactSolver`] for the position's board (Dots and
//! Boxes on boards of at most 24 arcs does, in its folder). The searcher
//! keeps the last solver (its table stays valid for as long as
//! [`ExactSolver::fits`] says so) and decides with one rule whether the
//! limits let a solve finish (`exact_budget` in [`super`]). Games without a
//! solver return `None`, the default.
//!
//! The solver is generic over the game's own position and move types: the
//! search never sees a position of another game. The searcher is not
//! generic (one searcher serves every game in turn), so it keeps the last
//! solver as a [`KeptSolver`] and takes it back for the game at hand with
//! [`KeptSolver::of`], once per search.

use super::Stats;
use crate::game::Game;
use std::any::Any;

/// Why a solve did not finish (out of nodes, or told to stop).
#[derive(Debug, PartialEq, Eq)]
pub struct Aborted;

/// An exact solver for one board of the game `G`, kept by the searcher
/// between searches.
pub trait ExactSolver<G: Game>: Send {
    /// True when this solver (and its table) can take `pos`.
    fn fits(&self, pos: &G) -> bool;

    /// The exact value of `pos` for the side to move (points still to win,
    /// mine minus the opponent's) and its principal variation. Gives up
    /// after `max_nodes` nodes, or when `keep_going`, asked every few
    /// thousand nodes, says `false`.
    fn solve(
        &mut self,
        pos: &G,
        max_nodes: u64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<(i32, Vec<G::Move>), Aborted>;

    /// The statistics of the last [`ExactSolver::solve`] (`time_ms` 0).
    fn stats(&self) -> Stats;
}

/// A solver of the game `G`, boxed.
pub type BoxedSolver<G> = Box<dyn ExactSolver<G>>;

/// A position a game's exact solver can take (see the module).
pub struct Exact<G: Game> {
    /// Plies to the end of the game: a depth limit below it means the
    /// shallower search asked for runs instead.
    pub plies_left: usize,
    /// Nodes a solve may cost with an empty table.
    pub expected_nodes: u64,
    /// The solver's speed, to turn nodes into time.
    pub nodes_per_ms: u64,
    /// A new solver for the board of the position (`None`: too large).
    pub new_solver: fn(&G) -> Option<BoxedSolver<G>>,
}

/// The solver the searcher keeps between searches, of whichever game it
/// last solved.
#[derive(Default)]
pub struct KeptSolver(Option<Box<dyn Any + Send>>);

impl KeptSolver {
    /// The kept solver when it is one of `G` and fits `pos`; otherwise a new
    /// one made by `job` (kept in its place), or `None` when the game has no
    /// solver for this board.
    pub fn of<G: Game>(&mut self, pos: &G, job: &Exact<G>) -> Option<&mut BoxedSolver<G>> {
        let fits = self
            .0
            .as_mut()
            .and_then(|kept| kept.downcast_mut::<BoxedSolver<G>>())
            .is_some_and(|s| s.fits(pos));
        if !fits {
            self.0 = (job.new_solver)(pos).map(|s| Box::new(s) as Box<dyn Any + Send>);
        }
        self.0.as_mut()?.downcast_mut::<BoxedSolver<G>>()
    }
}
