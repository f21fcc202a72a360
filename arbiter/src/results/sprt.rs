//! The sequential probability ratio test of engine development (as
//! fastchess, OpenBench and fishtest run it): play colour-swapped pairs
//! until the results accept H0 (the new engine is not `elo1` better) or H1
//! (it is not `elo0` or worse), with error rates `alpha` and `beta`.
//!
//! The statistic is the generalised log-likelihood ratio of Van den Bergh's
//! GSPRT: the pair results are a multinomial over a few outcomes `a_i`
//! (pentanomial: a pair scores 0, ¼, ½, ¾ or 1 per game; with duplicate
//! scoring a pair is lost, drawn or won: 0, ½, 1); under each hypothesis
//! the distribution is the one of largest likelihood whose mean is the
//! hypothesis' expected score `s = 1 / (1 + 10^(-elo/400))`
//! (logistic Elo), and
//!
//! ```text
//! LLR = Σ n_i ln(p1_i / p0_i),   p_i(s) = p̂_i / (1 + λ (a_i - s))
//! ```
//!
//! where `p̂` are the observed frequencies and `λ` solves
//! `Σ p̂_i (a_i - s) / (1 + λ (a_i - s)) = 0`. An outcome never seen
//! counts 0.001 times, so the maximum exists from the first pair on. The
//! test stops at `LLR ≤ ln(β / (1 - α))` (H0) or `LLR ≥ ln((1 - β) / α)`
//! (H1).

use crate::results::record::GameRecord;
use crate::results::stats::{self, Scoring};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

/// The test's parameters: the two Elo hypotheses and the error rates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    pub(crate) elo0: f64,
    pub(crate) elo1: f64,
    pub(crate) alpha: f64,
    pub(crate) beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub(crate) enum Decision {
    /// H0 accepted: the first engine is not `elo1` stronger.
    H0,
    /// H1 accepted: the first engine is at least `elo0` stronger.
    H1,
    /// Neither bound reached: play on.
    Continue,
}

impl fmt::Display for Decision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Decision::H0 => "H0 accepted",
            Decision::H1 => "H1 accepted",
            Decision::Continue => "undecided",
        })
    }
}

/// Expected score of a logistic Elo difference.
pub(crate) fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The pair outcomes of the pentanomial model, in score per game.
pub(crate) const PENTANOMIAL: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];
/// The pair outcomes of duplicate scoring: pair lost, drawn, won.
pub(crate) const PAIR_RESULTS: [f64; 3] = [0.0, 0.5, 1.0];

/// What an outcome never seen counts, so that the maximum likelihood
/// exists from the first pair on.
const UNSEEN: f64 = 1e-3;

impl Sprt {
    /// Checks the parameters (`elo0 < elo1`, error rates strictly between 0
    /// and ½).
    pub(crate) fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt> {
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            bail!("--sprt: elo0 must be less than elo1 (found elo0={elo0} elo1={elo1})");
        }
        for (name, v) in [("alpha", alpha), ("beta", beta)] {
            if !(v > 0.0 && v < 0.5) {
                bail!("--sprt: {name} must be between 0 and 0.5 (found {v})");
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// `(lower, upper)`: H0 is accepted at or below `lower`, H1 at or above
    /// `upper`.
    pub(crate) fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for `counts[i]` pairs of
    /// outcome `outcomes[i]` (a score per game, 0 to 1). 0 without pairs.
    pub(crate) fn llr(&self, counts: &[u32], outcomes: &[f64]) -> f64 {
        let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return 0.0;
        }
        let weights: Vec<f64> = counts
            .iter()
            .map(|&c| if c == 0 { UNSEEN } else { f64::from(c) })
            .collect();
        let total: f64 = weights.iter().sum();
        let freq: Vec<f64> = weights.iter().map(|w| w / total).collect();
        let s0 = expected_score(self.elo0);
        let s1 = expected_score(self.elo1);
        let l0 = lambda(&freq, outcomes, s0);
        let l1 = lambda(&freq, outcomes, s1);
        // ln(p1_i / p0_i) = ln(1 + λ0 (a_i - s0)) - ln(1 + λ1 (a_i - s1))
        counts
            .iter()
            .zip(outcomes)
            .map(|(&c, &a)| {
                f64::from(c) * ((1.0 + l0 * (a - s0)).ln() - (1.0 + l1 * (a - s1)).ln())
            })
            .sum()
    }

    /// [`Sprt::llr`] over pentanomial counts `[LL, LD, DD+WL, WD, WW]`.
    pub(crate) fn llr_pentanomial(&self, counts: [u32; 5]) -> f64 {
        self.llr(&counts, &PENTANOMIAL)
    }

    /// [`Sprt::llr`] over pair results `[lost, drawn, won]`.
    pub(crate) fn llr_pairs(&self, counts: [u32; 3]) -> f64 {
        self.llr(&counts, &PAIR_RESULTS)
    }

    /// The decision for a log-likelihood ratio.
    pub(crate) fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }
}

/// The Lagrange multiplier of the largest-likelihood distribution of mean
/// `s` near the observed frequencies: the root of the decreasing function
/// `Σ f_i (a_i - s) / (1 + λ (a_i - s))` on the interval where every
/// `1 + λ (a_i - s)` is positive, by bisection (60 halvings: exact to the
/// last bits of an f64).
fn lambda(freq: &[f64], outcomes: &[f64], s: f64) -> f64 {
    let lo_a = outcomes.iter().copied().fold(f64::INFINITY, f64::min);
    let hi_a = outcomes.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // 1 + λ (a - s) > 0 for a = hi_a and a = lo_a.
    let mut lo = -1.0 / (hi_a - s);
    let mut hi = 1.0 / (s - lo_a);
    let g = |l: f64| -> f64 {
        freq.iter()
            .zip(outcomes)
            .map(|(f, a)| f * (a - s) / (1.0 + l * (a - s)))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if g(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

impl FromStr for Sprt {
    type Err = anyhow::Error;

    /// `elo0=0 elo1=10 alpha=0.05 beta=0.05` (spaces or commas between the
    /// fields; alpha and beta default to 0.05).
    fn from_str(text: &str) -> Result<Sprt> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for field in text.split([' ', ',']).filter(|f| !f.is_empty()) {
            let (key, value) = field
                .split_once('=')
                .with_context(|| format!("--sprt: expected key=value, found '{field}'"))?;
            let v: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .with_context(|| format!("--sprt: {key}: not a number: '{value}'"))?;
            match key {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                _ => bail!("--sprt: unknown field '{key}' (elo0, elo1, alpha, beta)"),
            }
        }
        let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
            bail!(
                "--sprt needs elo0=… and elo1=… (e.g. --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05)"
            );
        };
        Sprt::new(elo0, elo1, alpha, beta)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

/// An SPRT followed game by game during a match of `a` against `b`: the
/// pair counts grow as each colour-swapped pair completes.
#[derive(Clone, Debug)]
pub struct Watch {
    pub(crate) sprt: Sprt,
    /// The engine tested (H1: it is stronger) and its opponent.
    pub(crate) a: String,
    pub(crate) b: String,
    /// Pentanomial counts (`Scoring::Games`) or pair results by duplicate
    /// scoring (`Scoring::Points`).
    pub(crate) scoring: Scoring,
    pending: HashMap<(u32, u32, u32), GameRecord>,
    pentanomial: [u32; 5],
    pair_results: [u32; 3],
    /// The status when a bound was first reached (kept: the pairs under
    /// way then still finish, and may move the LLR back inside).
    decided: Option<Status>,
}

/// Where a watched test stands.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub(crate) struct Status {
    pub(crate) llr: f64,
    pub(crate) lower: f64,
    pub(crate) upper: f64,
    pub(crate) decision: Decision,
    /// Complete pairs counted.
    pub(crate) pairs: u32,
}

impl Watch {
    pub fn new(sprt: Sprt, a: &str, b: &str, scoring: Scoring) -> Watch {
        Watch {
            sprt,
            a: a.to_string(),
            b: b.to_string(),
            scoring,
            pending: HashMap::new(),
            pentanomial: [0; 5],
            pair_results: [0; 3],
            decided: None,
        }
    }

    /// Counts a finished game; a pair counts when its second game arrives.
    pub(crate) fn add(&mut self, r: &GameRecord) {
        let board = r.key.pair();
        let Some(first) = self.pending.remove(&board) else {
            self.pending.insert(board, r.clone());
            return;
        };
        let both = [first, r.clone()];
        for (total, one) in self
            .pentanomial
            .iter_mut()
            .zip(stats::pentanomial(&self.a, &self.b, &both))
        {
            *total += one;
        }
        let pairs = stats::pairs(&both);
        for (total, one) in self
            .pair_results
            .iter_mut()
            .zip(stats::pair_results(&self.a, &self.b, &pairs))
        {
            *total += one;
        }
        let now = self.status();
        if self.decided.is_none() && now.decision != Decision::Continue {
            self.decided = Some(now);
        }
    }

    /// The status when a bound was first reached, if one was.
    pub(crate) fn decided(&self) -> Option<Status> {
        self.decided
    }

    /// The LLR, the bounds and the decision of the pairs counted so far.
    pub(crate) fn status(&self) -> Status {
        let (llr, pairs) = match self.scoring {
            Scoring::Games => (
                self.sprt.llr_pentanomial(self.pentanomial),
                self.pentanomial.iter().sum(),
            ),
            Scoring::Points => (
                self.sprt.llr_pairs(self.pair_results),
                self.pair_results.iter().sum(),
            ),
        };
        let (lower, upper) = self.sprt.bounds();
        Status {
            llr,
            lower,
            upper,
            decision: self.sprt.decide(llr),
            pairs,
        }
    }

    /// What the statistic counts, for the reports.
    pub(crate) fn model(&self) -> &'static str {
        match self.scoring {
            Scoring::Games => "pentanomial over colour-swapped pairs",
            Scoring::Points => "pair results by duplicate scoring (trinomial over pairs)",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LLR {:.2} [{:.2}, {:.2}] after {} pairs",
            self.llr, self.lower, self.upper, self.pairs
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_and_a_first_llr() {
        let sprt: Sprt = "elo0=0 elo1=10 alpha=0.05 beta=0.05".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        assert!((lower + 2.944).abs() < 1e-3 && (upper - 2.944).abs() < 1e-3);
        // 100 pairs, each a win and a loss or two draws: no evidence either way
        // yet, but leaning to H0 (the engines look equal).
        let llr = sprt.llr_pentanomial([0, 0, 100, 0, 0]);
        assert!(llr < 0.0 && sprt.decide(llr) == Decision::Continue);
    }

    fn sprt(elo0: f64, elo1: f64) -> Sprt {
        Sprt::new(elo0, elo1, 0.05, 0.05).unwrap()
    }

    /// Figures computed independently by `scripts/sprt_reference.py`: it
    /// maximises the dual function `Σ n_i ln(1 + λ (a_i - s))` by golden
    /// section (not the bisection on its derivative used here), in Python
    /// floats (it also prints fishtest's closed-form approximation
    /// `N (s1 - s0) (2 m - s0 - s1) / (2 σ²)`, close to these figures when the
    /// mean score is near the hypotheses).
    #[test]
    fn llr_matches_independent_figures() {
        let cases: [([u32; 5], f64, f64, f64); 4] = [
            ([10, 20, 40, 20, 10], 0.0, 10.0, -0.1379),
            ([5, 20, 40, 25, 10], 0.0, 10.0, 0.6716),
            ([2, 10, 30, 40, 18], 0.0, 5.0, 1.2286),
            ([30, 61, 160, 90, 40], -5.0, 5.0, 2.4681),
        ];
        for (counts, elo0, elo1, expected) in cases {
            let got = sprt(elo0, elo1).llr_pentanomial(counts);
            assert!(
                (got - expected).abs() < 5e-4,
                "{counts:?} elo {elo0}..{elo1}: {got} vs {expected}"
            );
        }
        let got = sprt(0.0, 10.0).llr_pairs([40, 20, 60]);
        assert!((got - 0.6315).abs() < 5e-4, "pairs: {got}");
    }

    #[test]
    fn symmetric_results_lean_to_the_hypothesis_nearest_them() {
        let even = [10, 20, 40, 20, 10];
        // An even score is nearer elo 0 than elo 10: negative; mirrored
        // hypotheses around 0 give exactly 0.
        assert!(sprt(0.0, 10.0).llr_pentanomial(even) < 0.0);
        assert!(sprt(-10.0, 10.0).llr_pentanomial(even).abs() < 1e-9);
        // Swapping the engines (mirroring the counts) negates the LLR of
        // mirrored hypotheses.
        let a = sprt(-5.0, 5.0).llr_pentanomial([3, 9, 20, 12, 6]);
        let b = sprt(-5.0, 5.0).llr_pentanomial([6, 12, 20, 9, 3]);
        assert!((a + b).abs() < 1e-9, "{a} {b}");
        assert_eq!(sprt(0.0, 10.0).llr_pentanomial([0; 5]), 0.0);
    }

    #[test]
    fn decisions_follow_the_bounds() {
        let s = sprt(0.0, 10.0);
        let (lo, hi) = s.bounds();
        assert_eq!(s.decide(hi), Decision::H1);
        assert_eq!(s.decide(lo), Decision::H0);
        assert_eq!(s.decide(0.0), Decision::Continue);
        // Lopsided results decide quickly.
        assert_eq!(
            s.decide(s.llr_pentanomial([0, 0, 10, 40, 120])),
            Decision::H1
        );
        assert_eq!(
            s.decide(s.llr_pentanomial([120, 40, 10, 0, 0])),
            Decision::H0
        );
    }

    #[test]
    fn parameters_are_checked() {
        let s: Sprt = "elo0=0,elo1=10".parse().unwrap();
        assert_eq!((s.alpha, s.beta), (0.05, 0.05));
        assert_eq!(s.to_string().parse::<Sprt>().unwrap(), s);
        for bad in [
            "elo0=10 elo1=0",
            "elo1=10",
            "elo0=0 elo1=10 alpha=0",
            "elo0=0 elo1=10 beta=0.7",
            "elo0=0 elo1=x",
            "elo0=0 elo1=10 gamma=1",
            "elo0 elo1=3",
            "elo0=nan elo1=3",
        ] {
            let err = bad.parse::<Sprt>().unwrap_err().to_string();
            assert!(err.starts_with("--sprt"), "{bad}: {err}");
        }
    }
}
