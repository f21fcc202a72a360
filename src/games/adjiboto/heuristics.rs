//! Heuristics of the Adji-boto puzzle (`adjiboto-solo`, rules §3.7),
//! estimating the moves still needed to empty the board:
//!
//! - `captures` (default, admissible): the fewest captures that can remove
//!   the `n` seeds left. *Admissible*: seeds leave the board only by
//!   captures, a capture takes 1, 3 or 5 seeds (rules §2.3), so a solution
//!   makes at least `⌈n / 5⌉` captures; the seeds of each capture are odd,
//!   so the number of captures has the parity of `n`; every move captures
//!   at most once. The estimate is the least `k ≥ ⌈n / 5⌉` with `k ≡ n
//!   (mod 2)`, and never exceeds the moves of a solution.
//! - `fifth` (`⌈n / 5⌉`): the same bound without the parity.
//! - `course` (the statement's h = o − c, o the seeds on the board, c the
//!   seeds captured so far, so `2 o − N` for a problem of N seeds): it
//!   "privileges the boards with more captured seeds" but is **not**
//!   admissible (one move may remove 5 seeds, h drops by 10). As the
//!   position does not carry N, c is taken as `96 − o` (the game's 96
//!   seeds): the same order of states within a problem.
//! - `zero`.

use super::AdjibotoSolo;
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const ADJI_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "captures",
        admissible: true,
        expensive: false,
        description: "fewest captures of 1, 3 or 5 seeds that remove the seeds left: \
                      the least k >= ceil(n/5) with the parity of n",
    },
    HeuristicInfo {
        name: "fifth",
        admissible: true,
        expensive: false,
        description: "ceil(n/5), n the seeds left (a capture takes at most 5)",
    },
    HeuristicInfo {
        name: "course",
        admissible: false,
        expensive: false,
        description: "the statement's o - c: seeds on the board minus seeds captured \
                      (not admissible)",
    },
    ZERO,
];

/// The `captures` estimate for `n` seeds.
pub fn captures(n: u32) -> f64 {
    let mut k = n.div_ceil(5);
    if k % 2 != n % 2 {
        k += 1;
    }
    k as f64
}

impl Puzzle for AdjibotoSolo {
    const HEURISTICS: &'static [HeuristicInfo] = ADJI_HEURISTICS;

    fn own_target(&self) -> Option<u32> {
        Some(1)
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        if self.score() >= target {
            return 0.0;
        }
        let n = self.seeds();
        match index {
            0 => captures(n),
            1 => n.div_ceil(5) as f64,
            2 => (2.0 * n as f64 - super::SEEDS as f64).max(0.0),
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_bound_has_the_parity_of_the_seeds() {
        assert_eq!(captures(0), 0.0);
        assert_eq!(captures(1), 1.0);
        assert_eq!(captures(2), 2.0);
        assert_eq!(captures(5), 1.0);
        assert_eq!(captures(6), 2.0);
        assert_eq!(captures(10), 2.0);
        assert_eq!(captures(11), 3.0);
        assert_eq!(captures(12), 4.0);
        assert_eq!(captures(96), 20.0);
    }
}
