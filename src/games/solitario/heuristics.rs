//! Heuristics of the peg-solitaire puzzle (`solitario-solo`, rules §2.7),
//! estimating the moves still needed to leave `t` pegs:
//!
//! - `pegs` (default, admissible): pegs − t. Every move removes exactly one
//!   peg, so every solution has exactly pegs − t moves: the estimate is
//!   exact on every solvable board (f = g + h is the same for every node,
//!   and A*'s ties go to the deeper node).
//! - `mobility` (the course's h = 1 / (o + 1), o the pegs that can move)
//!   and `mobility-moves` (1 / (m + 1), m the legal moves): below 1, and 0
//!   on a goal board, so admissible (a board that is not a goal needs at
//!   least one move); A* with them behaves like breadth-first search.
//! - `pagoda` (admissible): pegs − t, or infinity when two invariants prove
//!   that one peg (t = 1) can no longer be reached:
//!   - the **position class** (the "rule of three"): number the holes by
//!     (row + column) mod 3 and by (row − column) mod 3; a jump changes
//!     three holes in a line, one of each residue, so the parities of the
//!     three counts of each numbering all flip together, and their two
//!     pairwise sums mod 2 never change. The last peg must stand on a hole
//!     of the board's class;
//!   - **pagoda functions** P (weights with P(c) ≤ P(a) + P(b) for every
//!     jump from a over b into c): P of the board never grows, so the last
//!     peg's hole h needs P(h) ≤ P(board) for every P. The functions are
//!     sums of the one-dimensional pagodas `1 0 1 0 1 0 1` and `2 1 1 0 1 1
//!     2` of the row and of the column (checked by a test over every jump).
//!
//!   When no hole passes both tests the board is dead; otherwise the
//!   estimate is pegs − t, which no solution beats. It never exceeds the
//!   true cost, so it is admissible, and it prunes dead boards before they
//!   are expanded.
//! - `zero`.

use super::{SolitarioSolo, CELLS, HOLES};
use crate::game::Game;
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const SOLI_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "pegs",
        admissible: true,
        expensive: false,
        description: "pegs - t: every move removes one peg (exact on a solvable board)",
    },
    HeuristicInfo {
        name: "mobility",
        admissible: true,
        expensive: false,
        description: "the course's 1 / (o + 1), o the pegs that can move (0 on a goal)",
    },
    HeuristicInfo {
        name: "mobility-moves",
        admissible: true,
        expensive: false,
        description: "1 / (m + 1), m the legal moves (0 on a goal)",
    },
    HeuristicInfo {
        name: "pagoda",
        admissible: true,
        expensive: false,
        description: "pegs - t, infinite when the position class or a pagoda function \
                      proves one peg unreachable",
    },
    ZERO,
];

/// The one-dimensional pagoda functions of a row or column index.
const LINES: [[i32; 7]; 2] = [[1, 0, 1, 0, 1, 0, 1], [2, 1, 1, 0, 1, 1, 2]];

/// The pagoda functions: each line pagoda of the column, of the row, and
/// of both, as weights per cell (`PAGODAS[k][7 * row + column]`).
pub const PAGODAS: [[i32; CELLS]; 6] = pagodas();

const fn pagodas() -> [[i32; CELLS]; 6] {
    let mut out = [[0; CELLS]; 6];
    let mut l = 0;
    while l < 2 {
        let mut i = 0;
        while i < CELLS {
            let (r, c) = (i / 7, i % 7);
            out[3 * l][i] = LINES[l][c];
            out[3 * l + 1][i] = LINES[l][r];
            out[3 * l + 2][i] = LINES[l][c] + LINES[l][r];
            i += 1;
        }
        l += 1;
    }
    out
}

/// The masks of the holes with (row + column) mod 3 = k (k = 0..3) and
/// (row − column) mod 3 = k (k = 3..6).
const RESIDUES: [u64; 6] = residues();

const fn residues() -> [u64; 6] {
    let mut out = [0u64; 6];
    let mut i = 0;
    while i < CELLS {
        if HOLES >> i & 1 == 1 {
            let (r, c) = (i / 7, i % 7);
            out[(r + c) % 3] |= 1 << i;
            out[3 + (r + 7 - c) % 3] |= 1 << i;
        }
        i += 1;
    }
    out
}

/// The position class of a board: 4 bits, unchanged by every jump.
#[inline]
pub fn class(board: u64) -> u8 {
    let p = |k: usize| (board & RESIDUES[k]).count_ones() as u8 & 1;
    (p(0) ^ p(1)) | (p(1) ^ p(2)) << 1 | (p(3) ^ p(4)) << 2 | (p(4) ^ p(5)) << 3
}

/// The value of a board under pagoda `k`.
#[inline]
pub fn pagoda_value(board: u64, k: usize) -> i32 {
    let mut v = 0;
    let mut m = board;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        v += PAGODAS[k][i];
    }
    v
}

/// True when one peg can still be the last on some hole as far as the
/// position class and the pagoda functions tell (false: proven dead).
pub fn one_peg_possible(board: u64) -> bool {
    let cls = class(board);
    let values: [i32; 6] = std::array::from_fn(|k| pagoda_value(board, k));
    let mut holes = HOLES;
    while holes != 0 {
        let h = holes.trailing_zeros() as usize;
        holes &= holes - 1;
        if class(1 << h) == cls && (0..6).all(|k| PAGODAS[k][h] <= values[k]) {
            return true;
        }
    }
    false
}

impl Puzzle for SolitarioSolo {
    const HEURISTICS: &'static [HeuristicInfo] = SOLI_HEURISTICS;

    fn own_target(&self) -> Option<u32> {
        Some(1)
    }

    /// `solve target <t>`: leave `t` pegs (rules §2.4).
    fn aim(&self, target: u32) -> (Self, u32) {
        let mut pos = *self;
        pos.set_peg_target(target);
        (pos, 1)
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        if self.score() >= target {
            return 0.0;
        }
        let pegs = self.peg_count();
        let left = pegs.saturating_sub(self.peg_target()) as f64;
        match index {
            0 => left,
            1 => {
                let moves = self.legal_moves();
                let mut movers = 0u64;
                for m in moves.iter() {
                    movers |= 1 << m.from;
                }
                1.0 / (movers.count_ones() as f64 + 1.0)
            }
            2 => 1.0 / (self.count_moves() as f64 + 1.0),
            3 => {
                if self.peg_target() == 1 && !one_peg_possible(self.pegs()[0]) {
                    f64::INFINITY
                } else {
                    left
                }
            }
            _ => 0.0,
        }
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;
    use crate::games::solitario::NEXT;

    #[test]
    fn the_pagodas_hold_for_every_jump_and_the_class_is_invariant() {
        for k in 0..PAGODAS.len() {
            for a in 0..CELLS {
                for d in 0..4 {
                    let (b, c) = (NEXT[0][d][a], NEXT[1][d][a]);
                    if c == 255 {
                        continue;
                    }
                    let p = &PAGODAS[k];
                    assert!(
                        p[c as usize] <= p[a] + p[b as usize],
                        "pagoda {k}: {a} {b} {c}"
                    );
                    // A jump keeps the class.
                    let before = 1u64 << a | 1 << b;
                    assert_eq!(class(before), class(1 << c));
                }
            }
        }
    }

    #[test]
    fn the_full_board_may_end_on_the_centre_and_a_lone_corner_pair_is_dead() {
        let f = SolitarioSolo::start();
        assert!(one_peg_possible(f.pegs()[0]));
        let pag = f.heuristic_index("pagoda").unwrap();
        assert_eq!(f.estimate(pag, 1), 31.0);
        // Sound on every two-peg board: one with no jump left is dead, and
        // a board the invariants call dead has no jump (two pegs reduce to
        // one only by a jump of one over the other). Some are caught.
        let mut caught = 0;
        for a in 0..49u8 {
            for b in a + 1..49 {
                if HOLES >> a & 1 == 0 || HOLES >> b & 1 == 0 {
                    continue;
                }
                let board = SolitarioSolo::new(
                    [1 << a | 1 << b, 0],
                    crate::game::Player::One,
                    0,
                    1,
                    Default::default(),
                )
                .unwrap();
                if board.estimate(pag, 1).is_infinite() {
                    assert!(board.legal_moves().is_empty(), "{board}");
                    caught += 1;
                }
            }
        }
        assert!(caught > 100, "{caught}");
    }
}
