//! A puzzle of any game solved: the `solve` of the protocol, of `tabula
//! solve` and of `arbiter check`. The solvers, their options and results
//! are generic over the puzzles ([`crate::puzzle`], below the games); this
//! module is the registry's dispatch to them from an [`AnyPosition`], and
//! a game's heuristics by id.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tabula::puzzle::{SolveOptions, SolveOutcome};
//! use tabula::solve::solve;
//!
//! let pos = tabula::setup::parse_spec("problem knight-solo A", None).unwrap();
//! let opts = SolveOptions::parse(&["algorithm", "idastar"]).unwrap();
//! let out = solve(&pos, &opts, &AtomicBool::new(false), &mut |_| {}).unwrap();
//! let SolveOutcome::Solution { moves, score, .. } = &out else { panic!() };
//! assert_eq!((moves.len(), *score), (3, 72));
//! let knight = tabula::setup::parse_spec("random knight 1", None).unwrap();
//! let err = solve(&knight, &opts, &AtomicBool::new(false), &mut |_| {}).unwrap_err();
//! assert_eq!(err.to_string(), "solve: knight is not a puzzle");
//! ```

use crate::games::{AnyPosition, GameId};
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle};
use crate::puzzle::{run_game, Run, SolveError, SolveOptions, SolveOutcome};
use std::sync::atomic::AtomicBool;

/// Solves a puzzle position; `info` receives progress lines (without the
/// `info ` prefix). Errors: not a puzzle, no target, unknown algorithm or
/// heuristic.
pub fn solve(
    pos: &AnyPosition,
    opts: &SolveOptions,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&str),
) -> Result<SolveOutcome, SolveError> {
    run(pos, opts, stop, info).map(|r| r.outcome)
}

/// [`solve`] with the run's details.
pub fn run(
    pos: &AnyPosition,
    opts: &SolveOptions,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&str),
) -> Result<Run, SolveError> {
    crate::with_puzzle!(pos, p => run_game(p, opts, stop, info),
        else Err(SolveError::NotAPuzzle(pos.game().as_str())))
}

/// The heuristics of a game's puzzle (of its sibling for a two-player
/// game; none for a game without a puzzle); the first is the default.
pub fn heuristics(game: GameId) -> &'static [HeuristicInfo] {
    crate::with_puzzle_id!(game, G => <G as Puzzle>::HEURISTICS, else {
        let puzzle = game.sibling();
        if puzzle.is_puzzle() {
            heuristics(puzzle)
        } else {
            &[]
        }
    })
}
