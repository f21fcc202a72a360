//! Heuristics of the Blokus puzzle (`blokus-solo`, rules §4.8), estimating
//! the placements still needed to reach the goal. The default (the first)
//! is the admissible bound of the position's variant:
//!
//! - `pieces` (default; admissible): 2021, the fewest pieces of the
//!   remaining stock, largest first, whose squares reach N − c (infinite
//!   when the stock cannot reach N); on a 2017 position it is `block`.
//! - `block` (admissible): 2017, 0 at a dead end, 1 while the player has no
//!   square on the board, otherwise the largest over the piece kinds of
//!   min(stock, m), m the size of a set of that kind's legal placements
//!   pairwise at Manhattan distance ≥ 5, chosen greedily in move order (a
//!   piece with its edge neighbours spans distance 4, so one placement
//!   kills at most one of the set); on a 2021 position it is `pieces`.
//! - `given` (not admissible): the course's: 2021 N − c; 2017 o − c, empty
//!   squares minus non-empty ones (negative on A–C: clamped at 0, as the
//!   solvers take no negative estimate).
//! - `mobility` (not admissible): the number of legal placements.
//! - `zero`.

use super::{BlokusSolo, Placement, Player, Variant, SIZE, SQUARES};
use crate::game::Game;
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const BLOKUS_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "pieces",
        admissible: true,
        expensive: false,
        description: "the variant's admissible bound: 2021 the fewest pieces of the stock, \
                      largest first, covering the squares missing; 2017 as block",
    },
    HeuristicInfo {
        name: "block",
        admissible: true,
        expensive: true,
        description: "2017: the most placements of one kind pairwise at distance >= 5 \
                      (each needs its own piece to be killed), capped by the stock; \
                      2021 as pieces",
    },
    HeuristicInfo {
        name: "given",
        admissible: false,
        expensive: false,
        description: "the course's: 2021 N - c (squares missing); 2017 empty minus \
                      non-empty squares, at least 0 (not admissible)",
    },
    HeuristicInfo {
        name: "mobility",
        admissible: false,
        expensive: true,
        description: "the number of legal placements (not admissible)",
    },
    ZERO,
];

impl BlokusSolo {
    /// The 2021 `pieces` bound for `need` squares more.
    pub fn pieces_bound(&self, need: u32) -> f64 {
        let [a, b, c] = self.stock(Player::One).map(u32::from);
        let big = b + c;
        if 4 * big >= need {
            return need.div_ceil(4) as f64;
        }
        let rest = need - 4 * big;
        if a >= rest {
            (big + rest) as f64
        } else {
            f64::INFINITY
        }
    }

    /// The 2017 `block` bound.
    pub fn block_bound(&self) -> f64 {
        if self.squares(Player::One) == 0 {
            return if self.dead_end() { 0.0 } else { 1.0 };
        }
        let stock = self.stock(Player::One);
        // Chosen placements' cells per kind (at most 196 / 5 of them each).
        let mut chosen: [Vec<usize>; 3] = Default::default();
        let mut count = [0u32; 3];
        self.each_placement(Player::One, |mv: Placement| {
            let kind = mv.piece().map_or(0, |p| p.kind());
            if count[kind] >= stock[kind] as u32 {
                return true;
            }
            let cells = mv.cells();
            let far = chosen[kind].iter().all(|&s| {
                cells.iter().all(|&t| {
                    let d = (s / SIZE).abs_diff(t / SIZE) + (s % SIZE).abs_diff(t % SIZE);
                    d >= 5
                })
            });
            if far {
                chosen[kind].extend(cells);
                count[kind] += 1;
            }
            true
        });
        count.into_iter().max().unwrap_or(0) as f64
    }
}

impl Puzzle for BlokusSolo {
    const HEURISTICS: &'static [HeuristicInfo] = BLOKUS_HEURISTICS;

    fn own_target(&self) -> Option<u32> {
        self.target()
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        let v2017 = self.variant() == Variant::V2017;
        if v2017 {
            if self.dead_end() {
                return 0.0;
            }
        } else if self.squares(Player::One) >= target {
            return 0.0;
        }
        let need = target.saturating_sub(self.squares(Player::One));
        match (index, v2017) {
            (0 | 1, false) => self.pieces_bound(need),
            (0 | 1, true) => self.block_bound(),
            (2, false) => need as f64,
            (2, true) => {
                let filled = (0..SQUARES).filter(|&s| self.cell(s) != 0).count() as f64;
                ((SQUARES as f64 - filled) - filled).max(0.0)
            }
            (3, _) => self.placements(Player::One) as f64,
            _ => 0.0,
        }
    }
}
