//! The [`Puzzle`] trait (what the solvers need beyond [`Game`]) and the
//! heuristics of each puzzle game, chosen by name.
//!
//! A heuristic estimates the number of moves still needed to reach the
//! target. `f64::INFINITY` means "proven unreachable": only admissible
//! heuristics return it, and the informed solvers then prune the node.
//!
//! | game | name | admissible | estimate |
//! |---|---|---|---|
//! | knight / bishop | `reach` (default) | yes | fewest of the largest collectable values covering o (see below) |
//! | knight / bishop | `largest` | yes | fewest of the largest remaining values whose sum covers o |
//! | knight / bishop | `course` | no | o / m (course: o = points missing, m = average value left) |
//! | dots | `cover` (default) | yes, exact | fewest undrawn arcs around any set of ≥ target boxes |
//! | dots | `half` | yes | ⌈(o − c) / 2⌉ |
//! | dots | `course` | no | o − c (boxes still missing) |
//! | every game | `zero` | yes | 0 (A* becomes uniform-cost search) |
//!
//! `largest` is admissible because every move collects exactly one number
//! still on the board and removals only shrink the board. `reach` keeps that
//! argument and only drops values that can never be collected or never
//! together: numbers outside the piece's reachable region (flood fill of its
//! moves over numbered squares), the colour rule (a knight alternates square
//! colours, a bishop never leaves its colour; the first value is at most the
//! best square the piece can move to, or be placed on), and, on boards
//! without repeated numbers, one number of each symmetric pair `ab`/`ba`
//! (landing on one removes the other; within one colour in the colour
//! bound, over the whole board in the pair bound), and, in the pair bound,
//! the double rule: the i-th largest double collected is at most the
//! (2i−1)-th largest double on the board (each double landed on, but the
//! last, removes a double at least as large as every double landed on after
//! it). The two bounds are computed separately and the larger is taken.
//!
//! `cover` is the exact remaining cost: the boxes closed at the end form a
//! set S of at least `target` boxes and every undrawn arc touching S must be
//! drawn, while drawing exactly those arcs closes S. The minimum over S is
//! computed by a dynamic programme over the boxes, row by row along the
//! longer side, whose state is the chosen/not-chosen profile of the last w
//! boxes (w = the shorter side) and the number of boxes chosen (capped at
//! the target).
//!
//! ```
//! use tabula::puzzle::heuristic::Puzzle;
//!
//! let a = tabula::problems::builtin_knight()[0].position;
//! let reach = a.heuristic_index("reach").unwrap();
//! // Problem A needs 3 moves; the admissible bound never says more.
//! assert!(a.estimate(reach, 70) <= 3.0);
//! ```
//!
//! Each game implements [`Puzzle`] in its own folder: the number-board
//! heuristics in [`crate::game::numbered::heuristics`], the Dots and Boxes
//! ones in [`crate::game::dots::heuristics`].

use crate::game::Game;

pub use crate::game::dots::heuristics::dots_cover;

/// A heuristic's name, admissibility and one-line description.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeuristicInfo {
    pub name: &'static str,
    pub admissible: bool,
    /// Costly to compute (much more than generating a node): solvers that
    /// can avoid evaluating every child do so (IDA* then orders children by
    /// the score they reach instead of by h).
    pub expensive: bool,
    pub description: &'static str,
}

/// A single-player puzzle: a [`Game`] with a score to reach and heuristics.
pub trait Puzzle: Game {
    /// The heuristics of the game; the first is the default (the best
    /// admissible one).
    const HEURISTICS: &'static [HeuristicInfo];

    /// The score so far.
    fn score(&self) -> u32 {
        self.scores()[0]
    }

    /// The position's own target, if any.
    fn own_target(&self) -> Option<u32>;

    /// The root and the framework's target for `solve target <n>`: by
    /// default the position itself with `n` as the score to reach. A
    /// puzzle whose goal is not a score (`solitario-solo`: the pegs to
    /// leave) sets `n` in its position and returns its own target.
    fn aim(&self, target: u32) -> (Self, u32) {
        (*self, target)
    }

    /// Moves still needed to reach `target`, by heuristic `index` (into
    /// [`Puzzle::HEURISTICS`]). Never negative; `INFINITY` = unreachable.
    fn estimate(&self, index: usize, target: u32) -> f64;

    /// The index of a heuristic by name (case-insensitive).
    fn heuristic_index(&self, name: &str) -> Option<usize> {
        Self::HEURISTICS
            .iter()
            .position(|h| h.name.eq_ignore_ascii_case(name))
    }
}

pub(crate) const ZERO: HeuristicInfo = HeuristicInfo {
    name: "zero",
    admissible: true,
    expensive: false,
    description: "h = 0 (A* becomes uniform-cost search)",
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{builtin_dots, builtin_knight};

    #[test]
    fn names_resolve() {
        let k = builtin_knight()[0].position;
        assert_eq!(k.heuristic_index("COURSE"), Some(2));
        assert_eq!(k.heuristic_index("nope"), None);
        let d = builtin_dots()[0].position;
        assert_eq!(d.heuristic_index("half"), Some(1));
    }
}
