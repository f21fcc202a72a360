//! Heuristics of the Quatro puzzle (`quatro-solo`, rules §3.7), estimating
//! the placements still needed for a winning line:
//!
//! - `completable` (default, admissible, exact): the fewest empty squares
//!   of a line whose pieces all share a value `v` such that the reserve
//!   still holds at least that many pieces with `v`; infinite when no line
//!   can be completed any more. *Admissible*: a solution ends with some line
//!   L winning on some value v; every piece of L then has v, so L's pieces
//!   now already share v, the pieces placed on L's empty squares come from
//!   the reserve and have v, and each placement fills one square — at least
//!   "empty squares of L" placements, which the estimate never exceeds. It
//!   is even exact: placing those pieces on those squares wins (a line
//!   completed earlier on the way only ends sooner, contradicting the
//!   minimum). Lines and values the reserve cannot complete are ignored,
//!   and a position where none is left is a proven dead end.
//! - `aligned-common` (the statement's h = 4 − p, rules §3.7): p is the
//!   largest number of pieces of one line having one value, whatever the
//!   line's other pieces. Admissible (p is at least the pieces of any line
//!   that can still win), but blind to the reserve.
//! - `aligned-all` (a reading some students used): p counts a line only when
//!   all its pieces share a value. Admissible, and at least `aligned-common`
//!   is informed; still blind to the reserve.
//! - `zero`.

use super::{QuatroBoard, QuatroSolo, LINES};
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const QUATRO_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "completable",
        admissible: true,
        expensive: false,
        description: "exact: fewest empty squares of a line whose pieces share a value the \
                      reserve still holds enough pieces of",
    },
    HeuristicInfo {
        name: "aligned-common",
        admissible: true,
        expensive: false,
        description: "4 - p, p the most pieces of one line with one common value (the course's)",
    },
    HeuristicInfo {
        name: "aligned-all",
        admissible: true,
        expensive: false,
        description: "4 - p, p the pieces of a line all sharing a value",
    },
    ZERO,
];

impl<const SOLO: bool> QuatroBoard<SOLO> {
    /// The pieces of line `mask` (indices).
    fn line_pieces(&self, mask: u16) -> impl Iterator<Item = u8> + '_ {
        (0..16u8)
            .filter(move |&s| mask >> s & 1 == 1)
            .filter_map(|s| self.at(s))
    }

    /// How many reserve pieces have value `v` (`0..4`: bit set, `4..8`: bit
    /// `v - 4` clear).
    fn reserve_with(&self, v: usize) -> u32 {
        self.reserve().iter().filter(|&&p| has_value(p, v)).count() as u32
    }
}

#[inline]
fn has_value(p: u8, v: usize) -> bool {
    if v < 4 {
        p >> v & 1 == 1
    } else {
        p >> (v - 4) & 1 == 0
    }
}

/// The `completable` estimate.
pub fn completable<const SOLO: bool>(pos: &QuatroBoard<SOLO>) -> f64 {
    let counts: [u32; 8] = std::array::from_fn(|v| pos.reserve_with(v));
    let mut best = u32::MAX;
    for &l in &LINES {
        let empty = (l & !pos.occupied()).count_ones();
        if empty >= best {
            continue;
        }
        for (v, &have) in counts.iter().enumerate() {
            if have >= empty && pos.line_pieces(l).all(|p| has_value(p, v)) {
                best = empty;
                break;
            }
        }
    }
    if best == u32::MAX {
        f64::INFINITY
    } else {
        best as f64
    }
}

/// The statement's p: the most pieces of one line having one value.
pub fn aligned_common<const SOLO: bool>(pos: &QuatroBoard<SOLO>) -> f64 {
    let mut p = 0;
    for &l in &LINES {
        for v in 0..8 {
            p = p.max(pos.line_pieces(l).filter(|&q| has_value(q, v)).count());
        }
    }
    4.0 - p as f64
}

/// p counted only on lines whose pieces all share a value.
pub fn aligned_all<const SOLO: bool>(pos: &QuatroBoard<SOLO>) -> f64 {
    let mut p = 0;
    for &l in &LINES {
        let n = pos.line_pieces(l).count();
        if (0..8).any(|v| pos.line_pieces(l).all(|q| has_value(q, v))) {
            p = p.max(n);
        }
    }
    4.0 - p as f64
}

impl Puzzle for QuatroSolo {
    const HEURISTICS: &'static [HeuristicInfo] = QUATRO_HEURISTICS;

    fn own_target(&self) -> Option<u32> {
        Some(1)
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        if self.score() >= target {
            return 0.0;
        }
        match index {
            0 => completable(self),
            1 => aligned_common(self),
            2 => aligned_all(self),
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn estimates_on_a_small_board() {
        // Row 1: two round pieces and a square one; column a: brao alone.
        let pos = QuatroSolo::from_fen("quatro-solo brao,prao,bqao,-/-,-,-,-/-,-,-,-/-,-,-,- pqbc")
            .unwrap();
        // Row 1 shares "hollow" and "tall" (all three), one empty square,
        // but the reserve's only piece is solid and short: row 1 is dead.
        // Every other line has at most one piece and needs 3 pieces.
        assert_eq!(completable(&pos), f64::INFINITY);
        assert_eq!(aligned_common(&pos), 1.0);
        assert_eq!(aligned_all(&pos), 1.0);
        let pos =
            QuatroSolo::from_fen("quatro-solo brao,prao,bqao,-/-,-,-,-/-,-,-,-/-,-,-,- pqbc,pqao")
                .unwrap();
        assert_eq!(completable(&pos), 1.0);
        assert_eq!(pos.estimate(0, 1), 1.0);
    }
}
