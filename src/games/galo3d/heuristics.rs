//! Heuristics of the 3-D noughts and crosses puzzle (`galo3d-solo`,
//! rules "Single-player puzzle"), estimating the moves still needed for a
//! line of three equal symbols:
//!
//! - `open` (default, admissible, exact): `3 − k`, k the most symbols of
//!   one kind on a line holding none of the other kind. A solution ends with
//!   some line L of one symbol s: L holds no other symbol now, and each of
//!   its empty cells needs a move, so at least `3 − k(L)` moves; putting s
//!   on those cells wins, so it is exact.
//! - `course` (the students' h = 3 − p(x)): p is the most equal symbols on
//!   one line, whatever else the line holds. Admissible (p ≥ k), blind to
//!   blocked lines.
//! - `zero`.

use super::{Galo3dSolo, Symbol, LINES};
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const GALO_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "open",
        admissible: true,
        expensive: false,
        description: "exact: 3 - k, k the most symbols of one kind on a line without the other",
    },
    HeuristicInfo {
        name: "course",
        admissible: true,
        expensive: false,
        description: "3 - p, p the most equal symbols on one line (the students')",
    },
    ZERO,
];

/// The `open` estimate.
pub fn open(pos: &Galo3dSolo) -> f64 {
    let (x, o) = (pos.cells_of(Symbol::X), pos.cells_of(Symbol::O));
    let mut k = 0;
    for &l in &LINES {
        let (a, b) = ((l & x).count_ones(), (l & o).count_ones());
        if b == 0 {
            k = k.max(a);
        }
        if a == 0 {
            k = k.max(b);
        }
    }
    3.0 - k as f64
}

/// The students' `3 − p`.
pub fn course(pos: &Galo3dSolo) -> f64 {
    let (x, o) = (pos.cells_of(Symbol::X), pos.cells_of(Symbol::O));
    let p = LINES
        .iter()
        .map(|&l| (l & x).count_ones().max((l & o).count_ones()))
        .max()
        .unwrap_or(0);
    3.0 - p as f64
}

impl Puzzle for Galo3dSolo {
    const HEURISTICS: &'static [HeuristicInfo] = GALO_HEURISTICS;

    fn own_target(&self) -> Option<u32> {
        Some(1)
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        if self.score() >= target {
            return 0.0;
        }
        match index {
            0 => open(self),
            1 => course(self),
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn a_blocked_line_counts_for_course_only() {
        // Level 2, row 2: o x x — blocked for both; everything else empty.
        let pos = Galo3dSolo::from_fen("galo3d-solo ---,---,---/---,oxx,---/---,---,---").unwrap();
        assert_eq!(course(&pos), 1.0);
        // The best open line holds one x (e.g. the pillar through b22).
        assert_eq!(open(&pos), 2.0);
        assert_eq!(open(&Galo3dSolo::empty()), 3.0);
    }
}
