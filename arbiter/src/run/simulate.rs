//! How well a pairing design ranks a class, by simulation (`arbiter bench
//! pairing`): a class of known strengths plays under the design, its games
//! drawn from the Bradley–Terry model, and the ranking that comes out (the
//! rating over every game, gates included) is compared with the true order
//! by Spearman's ρ.
//!
//! The model of one board (two games, one with each colour): the board
//! favours player 1 by `colour` Elo, drawn for each board from a normal
//! law (a knight board often decides the game for one colour); player 1
//! wins with probability 1 / (1 + 10^(−(R₁ − R₂ + colour)/400)). No draws.
//! The class's strengths are drawn for each trial from a normal law of the
//! given spread around 0; the gates have fixed strengths.
//!
//! The designs: the round robin of today's `arbiter grade` (the gates are
//! entrants of it: every entrant meets every other on `boards` boards),
//! and the linear ones, after every submission played every gate on
//! `gate_boards` boards: `rounds` rounds of a Swiss paired by rating
//! ([`crate::run::pairing::by_rating`]), by points (the classic Swiss), or
//! at random (what the pairing by rating is worth), one board a round.

use crate::run::pairing::{self, Game};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    /// Every entrant, gates included, against every other on `boards`
    /// boards.
    RoundRobin { boards: u32 },
    /// The gates, then `rounds` rounds paired by rating.
    SwissByRating { rounds: u32 },
    /// The gates, then `rounds` rounds paired by points.
    SwissByPoints { rounds: u32 },
    /// The gates, then `rounds` rounds paired at random.
    Random { rounds: u32 },
}

impl std::fmt::Display for Design {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Design::RoundRobin { boards } => write!(f, "round robin, {boards} board(s)"),
            Design::SwissByRating { rounds } => write!(f, "Swiss by rating, {rounds} rounds"),
            Design::SwissByPoints { rounds } => write!(f, "Swiss by points, {rounds} rounds"),
            Design::Random { rounds } => write!(f, "random pairs, {rounds} rounds"),
        }
    }
}

/// The class and its games, the same for every design.
#[derive(Clone, Debug)]
pub struct Class {
    /// Submissions.
    pub n: usize,
    /// Standard deviation of their strengths (Elo).
    pub spread: f64,
    /// The gates' strengths (Elo; the class is centred on 0).
    pub gates: Vec<f64>,
    /// Boards each submission plays against each gate (linear designs).
    pub gate_boards: u32,
    /// Standard deviation of a board's advantage for player 1 (Elo).
    pub colour: f64,
}

/// What one simulated season gave.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Trial {
    /// Games a submission played, on average (gates included).
    pub(crate) games_per_submission: f64,
    /// Spearman's ρ between the true strengths and the ratings.
    pub(crate) rho: f64,
}

/// A seeded season of `class` under `design`.
pub(crate) fn trial(class: &Class, design: Design, seed: u64) -> Trial {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let n = class.n;
    let mut strength: Vec<f64> = (0..n).map(|_| class.spread * normal(&mut rng)).collect();
    strength.extend(&class.gates);
    let everyone = strength.len();
    let mut season = Season {
        strength,
        colour: class.colour,
        games: Vec::new(),
        rng,
    };
    let pool: Vec<usize> = (0..n).collect();
    match design {
        Design::RoundRobin { boards } => {
            for a in 0..everyone {
                for b in a + 1..everyone {
                    season.boards(a, b, boards);
                }
            }
        }
        Design::SwissByRating { rounds }
        | Design::SwissByPoints { rounds }
        | Design::Random { rounds } => {
            for a in 0..n {
                for gate in n..everyone {
                    season.boards(a, gate, class.gate_boards);
                }
            }
            for _ in 0..rounds {
                for (a, b) in season.pairings(design, &pool) {
                    season.boards(a, b, 1);
                }
            }
        }
    }
    let rating = pairing::ratings(everyone, &season.games);
    let played = season
        .games
        .iter()
        .map(|g| (g.a < n) as usize + (g.b < n) as usize);
    Trial {
        games_per_submission: played.sum::<usize>() as f64 / n as f64,
        rho: spearman(&season.strength[..n], &rating[..n]),
    }
}

/// A season being simulated.
struct Season {
    strength: Vec<f64>,
    colour: f64,
    games: Vec<Game>,
    rng: Xoshiro256PlusPlus,
}

impl Season {
    /// `a` and `b` on `boards` boards, both colours on each.
    fn boards(&mut self, a: usize, b: usize, boards: u32) {
        for _ in 0..boards {
            let favour = self.colour * normal(&mut self.rng);
            for (p1, p2) in [(a, b), (b, a)] {
                let edge = self.strength[p1] - self.strength[p2] + favour;
                let p1_wins = self.rng.gen::<f64>() < 1.0 / (1.0 + 10f64.powf(-edge / 400.0));
                self.games.push(Game {
                    a: p1,
                    b: p2,
                    points: if p1_wins { 1.0 } else { 0.0 },
                });
            }
        }
    }

    /// The next round's pairings of `pool` under `design`.
    fn pairings(&mut self, design: Design, pool: &[usize]) -> Vec<(usize, usize)> {
        let everyone = self.strength.len();
        match design {
            Design::SwissByPoints { .. } => {
                let mut points = vec![0.0; everyone];
                for g in &self.games {
                    points[g.a] += g.points;
                    points[g.b] += 1.0 - g.points;
                }
                let ranking = pairing::rank(pool, &points);
                let met: std::collections::HashSet<(usize, usize)> = self
                    .games
                    .iter()
                    .map(|g| (g.a.min(g.b), g.a.max(g.b)))
                    .collect();
                pairing::pair_down(&ranking, |a, b| met.contains(&(a.min(b), a.max(b))))
            }
            Design::Random { .. } => {
                let mut shuffled = pool.to_vec();
                for i in (1..shuffled.len()).rev() {
                    shuffled.swap(i, self.rng.gen_range(0..=i));
                }
                shuffled.chunks_exact(2).map(|p| (p[0], p[1])).collect()
            }
            _ => pairing::by_rating(everyone, pool, &self.games),
        }
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut Xoshiro256PlusPlus) -> f64 {
    let u: f64 = 1.0 - rng.gen::<f64>();
    let v: f64 = rng.gen();
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

/// Ranks 1…n, ties sharing their mean rank.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < order.len() {
        let j = (i..order.len())
            .find(|&j| x[order[j]] != x[order[i]])
            .unwrap_or(order.len());
        for &k in &order[i..j] {
            r[k] = (i + j + 1) as f64 / 2.0;
        }
        i = j;
    }
    r
}

/// Spearman's rank correlation (Pearson's on the ranks, ties averaged);
/// 0 when either side has no spread.
pub(crate) fn spearman(x: &[f64], y: &[f64]) -> f64 {
    let (rx, ry) = (ranks(x), ranks(y));
    let n = rx.len() as f64;
    let mean = (n + 1.0) / 2.0;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (a, b) in rx.iter().zip(&ry) {
        sxy += (a - mean) * (b - mean);
        sxx += (a - mean) * (a - mean);
        syy += (b - mean) * (b - mean);
    }
    if sxx == 0.0 || syy == 0.0 {
        return 0.0;
    }
    sxy / (sxx * syy).sqrt()
}

/// The mean and the standard deviation of `trials` seeded seasons (seeds
/// `seed`, `seed + 1`, …): games per submission, and ρ.
pub fn trials(class: &Class, design: Design, seeds: u64, seed: u64) -> (f64, f64, f64) {
    let all: Vec<Trial> = (seed..seed + seeds.max(1))
        .map(|s| trial(class, design, s))
        .collect();
    let k = all.len() as f64;
    let games = all.iter().map(|t| t.games_per_submission).sum::<f64>() / k;
    let mean = all.iter().map(|t| t.rho).sum::<f64>() / k;
    let var = all.iter().map(|t| (t.rho - mean).powi(2)).sum::<f64>() / (k - 1.0).max(1.0);
    (games, mean, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spearman_of_orders() {
        assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-12);
        assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
        // Ties share their rank: [1.5, 1.5, 3] against [1, 2, 3].
        let r = spearman(&[5.0, 5.0, 9.0], &[1.0, 2.0, 3.0]);
        assert!((r - 0.866_025_4).abs() < 1e-6, "{r}");
        assert_eq!(spearman(&[1.0, 1.0], &[1.0, 2.0]), 0.0);
    }

    fn class(n: usize) -> Class {
        Class {
            n,
            spread: 300.0,
            gates: vec![-900.0, -500.0, -100.0],
            gate_boards: 2,
            colour: 100.0,
        }
    }

    #[test]
    fn the_designs_cost_what_they_say() {
        let c = class(20);
        // 22 opponents (19 classmates, 3 gates), 2 games each.
        let rr = trial(&c, Design::RoundRobin { boards: 1 }, 1);
        assert_eq!(rr.games_per_submission, 44.0);
        // 3 gates × 2 boards × 2 games, then 5 rounds of 2 games.
        for design in [
            Design::SwissByRating { rounds: 5 },
            Design::SwissByPoints { rounds: 5 },
            Design::Random { rounds: 5 },
        ] {
            assert_eq!(trial(&c, design, 1).games_per_submission, 22.0, "{design}");
        }
    }

    #[test]
    fn more_games_rank_better_and_the_same_seed_the_same() {
        let c = class(24);
        let few = trials(&c, Design::SwissByRating { rounds: 2 }, 20, 1);
        let many = trials(&c, Design::RoundRobin { boards: 2 }, 20, 1);
        assert!(many.1 > few.1, "{few:?} {many:?}");
        assert!(many.1 > 0.9, "{many:?}");
        let again = trials(&c, Design::SwissByRating { rounds: 2 }, 20, 1);
        assert_eq!(few, again);
    }
}
