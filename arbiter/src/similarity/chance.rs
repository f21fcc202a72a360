//! The chance model of the behaviour check: how often two *independent*
//! engines would choose the same move on the positions, so that a pair
//! that agrees far more stands out — and by how much, as a z-score whose
//! false-alarm rate is measured (`arbiter bench-similarity`,
//! `data/similarity.tsv`).
//!
//! - **The pool**: the reference players and every engine of the class. On
//!   each position `p`, `π_p(m)` is the share of the pool that played `m`,
//!   with half a vote for every legal move (so an unseen move is possible).
//!   **Out of sample**: for the pair `(a, b)` being judged, both are left
//!   out of the pool — neither contributes to its own expectation.
//! - **An engine** plays like the pool, more or less sharply: `P_a(m) ∝
//!   π_p(m)^β_a` (`β = 0`: uniformly at random; `β = 1`: as the pool votes;
//!   large: always the most popular move; Regan's move-matching models a
//!   player's skill the same way, as a sharpness over the moves' values).
//!   `β_a` maximises the likelihood of `a`'s own answers under the pool
//!   without `a` (a concave problem in one variable: golden-section search).
//! - **Expected agreement** of `a` and `b`: `e_p = Σ_m P_a(m) P_b(m)` on
//!   each position both answered; `E = Σ e_p`, binomial variance `V = Σ
//!   e_p (1 − e_p)`; the excess `r = (S − E) / n` (`S` the agreements).
//! - **Beyond chance**: two independent engines can share an idea (the same
//!   evaluation, the same move order): pairs differ from the model by more
//!   than the binomial spread, and the model's estimate of a position's
//!   votes is a little off for every pair alike. In a class of at least
//!   eleven engines both are measured on the class's other pairs (the two
//!   engines judged left out): the mean excess `δ` and the spread `τ` of
//!   `r` beyond the binomial one, `z = (r − δ) / √(V / n² + τ²)`, with `τ`
//!   at least the game's (measured by the benchmark on independent pairs);
//!   a smaller class uses the game's `τ` and `δ = 0`.
//! - **Explained**: a pair whose agreement a canonical reference explains —
//!   both engines play as the greedy player, or as a plain search at some
//!   depth (they agree with it nearly as much as with each other) — is not
//!   flagged: two correct implementations of the same textbook algorithm
//!   play the same moves; the page says which.

use std::collections::HashMap;

/// Half a vote for every legal move in the pool's shares.
const PSEUDO: f64 = 0.5;
/// The largest sharpness β searched.
const MAX_BETA: f64 = 30.0;
/// A canonical reference explains a pair's agreement when it played their
/// shared move on all but this share of the positions.
pub(crate) const EXPLAINED: f64 = 0.05;
/// The class's own spread is used from this many pairs on.
const MIN_CLASS_PAIRS: usize = 45;

/// The answers of the pool, the moves coded per position.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    /// Per engine, per position: the move's code, or `None`.
    codes: Vec<Vec<Option<u16>>>,
    /// Per position: the legal moves and the pool's count of each code.
    legal: Vec<usize>,
    counts: Vec<Vec<u32>>,
    /// Whether each engine votes in the pool (the others are only judged).
    in_pool: Vec<bool>,
    /// Engines of the pool that are canonical references (with a name).
    canonical: Vec<(usize, String)>,
    /// Each engine's sharpness, fitted without itself.
    beta: Vec<f64>,
    /// The game's pair-to-pair spread (from the benchmark).
    pub(crate) tau_game: f64,
    /// The class's pairs, measured (for leaving two engines out).
    spread: Option<Spread>,
}

/// The class's pairs' excess `r` and binomial variance `v`: sums over all
/// pairs and per engine (to leave two engines out), and each pair's own.
#[derive(Clone, Debug, Default)]
struct Spread {
    all: Sums,
    by: Vec<Sums>,
    of: HashMap<(usize, usize), Sums>,
}

/// Sums of `r`, `r²` and `v` over some pairs, and their number.
#[derive(Clone, Copy, Debug, Default)]
struct Sums {
    r: f64,
    r2: f64,
    v: f64,
    n: usize,
}

impl Sums {
    fn of(r: f64, v: f64) -> Sums {
        Sums {
            r,
            r2: r * r,
            v,
            n: 1,
        }
    }

    fn add(self, o: Sums, sign: f64) -> Sums {
        Sums {
            r: self.r + sign * o.r,
            r2: self.r2 + sign * o.r2,
            v: self.v + sign * o.v,
            n: if sign > 0.0 {
                self.n + o.n
            } else {
                self.n.saturating_sub(o.n)
            },
        }
    }
}

/// The raw evidence of one pair before the spread: agreements, expected,
/// binomial variance, positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Raw {
    pub(crate) same: f64,
    pub(crate) expected: f64,
    pub(crate) variance: f64,
    pub(crate) positions: usize,
}

impl Raw {
    /// The excess agreement share `r` and the binomial variance of it.
    pub(crate) fn excess(&self) -> (f64, f64) {
        let n = self.positions.max(1) as f64;
        ((self.same - self.expected) / n, self.variance / (n * n))
    }
}

impl Model {
    /// The model of `answers` (every engine: references and class) on
    /// positions with `legal` moves; `in_pool`: the engines that vote in
    /// the pool (default: all); `canonical`: the engines that are canonical
    /// references, with their names; `tau_game`: the game's spread.
    pub(crate) fn new(
        answers: &[Vec<Option<String>>],
        legal: &[usize],
        in_pool: Option<Vec<bool>>,
        canonical: Vec<(usize, String)>,
        tau_game: f64,
    ) -> Model {
        let in_pool = in_pool.unwrap_or_else(|| vec![true; answers.len()]);
        let n = legal.len();
        let mut index: Vec<HashMap<&str, u16>> = vec![HashMap::new(); n];
        let codes: Vec<Vec<Option<u16>>> = answers
            .iter()
            .map(|row| {
                (0..n)
                    .map(|p| {
                        let m = row.get(p)?.as_deref()?;
                        let next = index[p].len() as u16;
                        Some(*index[p].entry(m).or_insert(next))
                    })
                    .collect()
            })
            .collect();
        let mut counts: Vec<Vec<u32>> = index.iter().map(|i| vec![0; i.len()]).collect();
        for row in codes.iter().zip(&in_pool).filter(|x| *x.1).map(|x| x.0) {
            for (p, c) in row.iter().enumerate() {
                if let Some(c) = c {
                    counts[p][*c as usize] += 1;
                }
            }
        }
        let mut model = Model {
            codes,
            legal: legal.to_vec(),
            counts,
            in_pool,
            canonical,
            beta: Vec::new(),
            tau_game,
            spread: None,
        };
        model.beta = (0..answers.len()).map(|a| model.fit_beta(a)).collect();
        model
    }

    /// The pool's shares on position `p` without the engines `out`: the
    /// share of each code, the share of each unseen legal move and their
    /// number.
    fn shares(&self, p: usize, out: &[usize]) -> (Vec<f64>, f64, f64) {
        let mut c: Vec<f64> = self.counts[p].iter().map(|&x| f64::from(x)).collect();
        for &e in out.iter().filter(|&&e| self.in_pool[e]) {
            if let Some(m) = self.codes[e][p] {
                c[m as usize] -= 1.0;
            }
        }
        let legal = (self.legal[p] as f64).max(c.len() as f64);
        let total: f64 = c.iter().sum::<f64>() + PSEUDO * legal;
        let seen: Vec<f64> = c.iter().map(|x| (x + PSEUDO) / total).collect();
        (seen, PSEUDO / total, legal - c.len() as f64)
    }

    /// The sharpness of engine `a`: the β of largest likelihood of its
    /// answers under the pool without it.
    fn fit_beta(&self, a: usize) -> f64 {
        let data: Vec<(Vec<f64>, f64, f64, usize)> = (0..self.legal.len())
            .filter_map(|p| {
                let m = self.codes[a][p]? as usize;
                let (seen, unseen, k) = self.shares(p, &[a]);
                Some((seen, unseen, k, m))
            })
            .collect();
        let ll = |b: f64| -> f64 {
            data.iter()
                .map(|(seen, unseen, k, m)| {
                    let z: f64 = seen.iter().map(|q| q.powf(b)).sum::<f64>() + k * unseen.powf(b);
                    b * seen[*m].ln() - z.ln()
                })
                .sum()
        };
        let (mut lo, mut hi) = (0.0, MAX_BETA);
        for _ in 0..60 {
            let (m1, m2) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
            if ll(m1) < ll(m2) {
                lo = m1;
            } else {
                hi = m2;
            }
        }
        (lo + hi) / 2.0
    }

    /// Engine `a`'s sharpness.
    pub(crate) fn sharpness(&self, a: usize) -> f64 {
        self.beta[a]
    }

    /// The raw evidence of the pair `(a, b)`, both out of the pool.
    pub(crate) fn raw(&self, a: usize, b: usize) -> Raw {
        let (ba, bb) = (self.beta[a], self.beta[b]);
        let mut r = Raw::default();
        for p in 0..self.legal.len() {
            let (Some(x), Some(y)) = (self.codes[a][p], self.codes[b][p]) else {
                continue;
            };
            let (seen, unseen, k) = self.shares(p, &[a, b]);
            let (mut za, mut zb, mut both) = (0.0, 0.0, 0.0);
            for q in &seen {
                let (qa, qb) = (q.powf(ba), q.powf(bb));
                za += qa;
                zb += qb;
                both += qa * qb;
            }
            let (ua, ub) = (unseen.powf(ba), unseen.powf(bb));
            za += k * ua;
            zb += k * ub;
            both += k * ua * ub;
            let e = both / (za * zb);
            r.positions += 1;
            r.same += f64::from(u8::from(x == y));
            r.expected += e;
            r.variance += e * (1.0 - e);
        }
        r
    }

    /// Measures the class's own spread on `pairs` (indices into the pool):
    /// afterwards [`Model::centre`] of a pair is the class's `δ` and `τ`
    /// without that pair's two engines.
    pub(crate) fn measure_spread(&mut self, pairs: &[(usize, usize)]) {
        let mut s = Spread {
            by: vec![Sums::default(); self.codes.len()],
            ..Spread::default()
        };
        for &(a, b) in pairs {
            let (r, v) = self.raw(a, b).excess();
            let one = Sums::of(r, v);
            s.all = s.all.add(one, 1.0);
            for e in [a, b] {
                s.by[e] = s.by[e].add(one, 1.0);
            }
            s.of.insert((a.min(b), a.max(b)), one);
        }
        self.spread = Some(s);
    }

    /// The mean excess `δ` and the spread `τ` for judging the pair `(a,
    /// b)` (see [`Model::measure_spread`]).
    pub(crate) fn centre(&self, a: usize, b: usize) -> (f64, f64) {
        let Some(s) = &self.spread else {
            return (0.0, self.tau_game);
        };
        let own = s.of.get(&(a.min(b), a.max(b))).copied().unwrap_or_default();
        let by = |e: usize| s.by.get(e).copied().unwrap_or_default();
        let rest = s.all.add(by(a), -1.0).add(by(b), -1.0).add(own, 1.0);
        if rest.n < MIN_CLASS_PAIRS {
            return (0.0, self.tau_game);
        }
        let n = rest.n as f64;
        let delta = rest.r / n;
        let tau2 = rest.r2 / n - delta * delta - rest.v / n;
        (delta, tau2.max(0.0).sqrt().max(self.tau_game))
    }

    /// The share of the positions both answered on which `a` and `b` chose
    /// the same move.
    pub(crate) fn agreement(&self, a: usize, b: usize) -> f64 {
        let (mut n, mut same) = (0usize, 0usize);
        for (x, y) in self.codes[a].iter().zip(&self.codes[b]) {
            if let (Some(x), Some(y)) = (x, y) {
                n += 1;
                same += usize::from(x == y);
            }
        }
        if n == 0 {
            0.0
        } else {
            same as f64 / n as f64
        }
    }

    /// The canonical reference that explains the agreement of `a` and `b`,
    /// if one does: where the two chose the same move, it chose that move
    /// too, but on at most [`EXPLAINED`] of the positions.
    pub(crate) fn explained(&self, a: usize, b: usize) -> Option<&str> {
        let (x, y) = (&self.codes[a], &self.codes[b]);
        let both = x
            .iter()
            .zip(y)
            .filter(|(p, q)| p.is_some() && q.is_some())
            .count();
        let shared: Vec<usize> = (0..x.len())
            .filter(|&p| x[p].is_some() && x[p] == y[p])
            .collect();
        let slack = (EXPLAINED * both as f64).floor() as usize;
        self.canonical
            .iter()
            .filter(|(r, _)| *r != a && *r != b)
            .find(|(r, _)| {
                let played = shared
                    .iter()
                    .filter(|&&p| self.codes[*r][p] == x[p])
                    .count();
                !shared.is_empty() && played + slack >= shared.len()
            })
            .map(|(_, name)| name.as_str())
    }

    /// The z-score of the pair `(a, b)` and its raw evidence.
    pub(crate) fn z(&self, a: usize, b: usize) -> (f64, Raw) {
        let raw = self.raw(a, b);
        let (r, v) = raw.excess();
        let (delta, tau) = self.centre(a, b);
        let sd = (v + tau * tau).sqrt().max(1e-6);
        ((r - delta) / sd, raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// Positions of 6 legal moves; each engine plays the "popular" move
    /// `a` with its strength, else one of the others at random.
    fn engine(strength: f64, seed: u64, n: usize) -> Vec<Option<String>> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let best = (rng.next_u64() % 1000) as f64 / 1000.0 < strength;
                Some(if best {
                    "a".into()
                } else {
                    format!("m{}", rng.next_u64() % 5)
                })
            })
            .collect()
    }

    #[test]
    fn independent_engines_are_expected_and_a_copy_stands_out() {
        let n = 300;
        let mut answers: Vec<Vec<Option<String>>> = (0..20)
            .map(|i| engine(0.2 + 0.03 * i as f64, i, n))
            .collect();
        // A copy of engine 5 with one answer in ten changed.
        let copy: Vec<Option<String>> = answers[5]
            .iter()
            .enumerate()
            .map(|(p, m)| {
                if p % 10 == 0 {
                    Some("m9".into())
                } else {
                    m.clone()
                }
            })
            .collect();
        answers.push(copy);
        let mut model = Model::new(&answers, &vec![6; n], None, Vec::new(), 0.0);
        let pairs: Vec<(usize, usize)> = (0..20)
            .flat_map(|a| (a + 1..20).map(move |b| (a, b)))
            .collect();
        model.measure_spread(&pairs);
        let zs: Vec<f64> = pairs.iter().map(|&(a, b)| model.z(a, b).0).collect();
        let mean = zs.iter().sum::<f64>() / zs.len() as f64;
        assert!(mean.abs() < 0.5, "independent pairs centred: {mean}");
        assert!(zs.iter().all(|z| *z < 4.0), "{zs:?}");
        let (z, raw) = model.z(5, 20);
        assert!(z > 8.0, "the copy: z {z}, {raw:?}");
        // The independent engines' spread is measured, the copy stands out
        // of it; without the class's measure the game's spread is used.
        assert!(model.centre(0, 1).1 < 0.05, "{:?}", model.centre(0, 1));
        // Stronger engines are sharper.
        assert!(model.sharpness(19) > model.sharpness(0));
    }

    #[test]
    fn a_canonical_reference_explains_two_engines_that_play_as_it() {
        let n = 100;
        let reference = engine(0.5, 1, n);
        let mut twin = reference.clone();
        twin[3] = Some("m9".into());
        let other = engine(0.5, 2, n);
        let answers = vec![reference.clone(), reference.clone(), twin, other.clone()];
        let model = Model::new(
            &answers,
            &vec![6; n],
            None,
            vec![(0, "ref:greedy".into())],
            0.0,
        );
        assert_eq!(model.explained(1, 2), Some("ref:greedy"));
        // A copy of another engine: their shared moves are not the
        // reference's.
        let copy = other.clone();
        let model = Model::new(
            &[reference, other, copy],
            &vec![6; n],
            None,
            vec![(0, "ref:greedy".into())],
            0.0,
        );
        assert_eq!(model.explained(1, 2), None);
    }
}
