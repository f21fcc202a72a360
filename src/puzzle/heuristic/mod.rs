//! The [`Puzzle`] trait (what the solvers need beyond [`Game`]) and the
//! heuristics of each puzzle game, chosen by name.
//!
//! A heuristic estimates the number of moves still needed to reach the
//! target. `f64::INFINITY` means "proven unreachable": only admissible
//! heuristics return it, and the informed solvers then prune the node.
//!
//! Each puzzle game implements [`Puzzle`] in its own folder
//! (`game/<game>/heuristics.rs`), which lists its heuristics and says why
//! the admissible ones are: a heuristic is admissible when it never says
//! more moves than the best solution still needs. Every game also offers
//! `zero` ([`ZERO`]: h = 0, A* becomes uniform-cost search). `tabula report`
//! runs every heuristic of a game ([`HeuristicInfo`]).
//!
//! ```
//! use tabula::puzzle::heuristic::Puzzle;
//!
//! let a = tabula::problems::builtin_knight()[0].position;
//! let reach = a.heuristic_index("reach").unwrap();
//! // Problem A needs 3 moves; the admissible bound never says more.
//! assert!(a.estimate(reach, 70) <= 3.0);
//! ```

use crate::game::Game;

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

    /// True when `tabula bench-puzzle` runs the course's problems of this
    /// game (with A* and IDA*, the default heuristic). The default: no.
    const IN_BENCH: bool = false;

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

/// `zero`: h = 0, admissible, offered by every puzzle.
pub const ZERO: HeuristicInfo = HeuristicInfo {
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
