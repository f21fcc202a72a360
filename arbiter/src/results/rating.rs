//! One rating over every game: a Bradley–Terry model of the colour-swapped
//! pairs (duplicate scoring: a pair won 1, drawn ½, lost 0), fitted by
//! Newton's method with a weak Gaussian prior (so an entrant that won or
//! lost everything still gets a finite rating), in Elo relative to an
//! anchor (`builtin:random` in a season: 0), with a 95 % interval from a
//! bootstrap over the pairs.
//!
//! The model: entrant `a` wins a pair against `b` with probability
//! `1 / (1 + 10^((R_b − R_a) / 400))`. Pairs, not games, are what it sees:
//! a board that favours one colour is played with both, so a pair says who
//! played it better, and two copies of one program draw their pairs.
//!
//! What the interval cannot separate, [`Ratings::tiers`] ties: a season's
//! marks come from the tier's rating, so that identical programs, whose
//! ratings differ only by the luck of their games, get the same marks.
//!
//! ```text
//! let r = Ratings::fit(&names, &stats::pairs(&records), "builtin:random");
//! r.elo[i], r.low[i], r.high[i]        // Elo over the anchor, 95 % interval
//! r.expected(i, j)                      // i's expected pair score against j
//! ```

use crate::results::stats::Pair;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Elo points per natural unit of the logistic model.
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// The prior's standard deviation (Elo): weak, it only keeps the ratings
/// of an entrant that won or lost everything finite.
const PRIOR_ELO: f64 = 600.0;

/// Bootstrap resamples of the pairs.
const RESAMPLES: usize = 200;

/// The ratings of a field, from its pairs.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ratings {
    pub(crate) names: Vec<String>,
    /// Elo over the anchor (the anchor 0), the maximum a posteriori.
    pub(crate) elo: Vec<f64>,
    /// The 95 % interval (2.5 % and 97.5 % of the bootstrap).
    pub(crate) low: Vec<f64>,
    pub(crate) high: Vec<f64>,
    /// Complete pairs each entrant played.
    pub(crate) pairs: Vec<u32>,
    /// Each resample's ratings (over the anchor), entrant by entrant.
    samples: Vec<Vec<f64>>,
}

/// One pair's result as the model sees it: `a`'s score against `b`.
#[derive(Clone, Copy, Debug)]
struct Outcome {
    a: usize,
    b: usize,
    score: f64,
}

impl Ratings {
    /// The ratings of `names` from `pairs` (those between two of them),
    /// over `anchor` (one of `names`; without it the mean is 0).
    pub(crate) fn fit(names: &[String], pairs: &[Pair], anchor: &str) -> Ratings {
        let index = |n: &str| names.iter().position(|x| x == n);
        let outcomes: Vec<Outcome> = pairs
            .iter()
            .filter_map(|p| {
                Some(Outcome {
                    a: index(&p.a)?,
                    b: index(&p.b)?,
                    score: p.result,
                })
            })
            .collect();
        let anchor = index(anchor);
        let mut count = vec![0u32; names.len()];
        for o in &outcomes {
            count[o.a] += 1;
            count[o.b] += 1;
        }
        let elo = anchored(&fit(names.len(), &outcomes), anchor);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x7ab1_a5ee_d5ee_d001);
        let samples: Vec<Vec<f64>> = (0..RESAMPLES)
            .map(|_| {
                let drawn: Vec<Outcome> = (0..outcomes.len())
                    .map(|_| outcomes[rng.gen_range(0..outcomes.len())])
                    .collect();
                anchored(&fit(names.len(), &drawn), anchor)
            })
            .collect();
        let bound = |i: usize, q: f64| {
            if samples.is_empty() || outcomes.is_empty() {
                return elo[i];
            }
            let mut v: Vec<f64> = samples.iter().map(|s| s[i]).collect();
            v.sort_by(f64::total_cmp);
            v[((v.len() - 1) as f64 * q).round() as usize]
        };
        Ratings {
            names: names.to_vec(),
            low: (0..names.len()).map(|i| bound(i, 0.025)).collect(),
            high: (0..names.len()).map(|i| bound(i, 0.975)).collect(),
            elo,
            pairs: count,
            samples,
        }
    }

    /// `i`'s expected pair score against `j` (0–1) at ratings `ri`, `rj`.
    pub(crate) fn expected_at(ri: f64, rj: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf((rj - ri) / 400.0))
    }

    /// The share of the resamples in which `i` rates above `j` (ties
    /// half): how sure the games are that `i` is the stronger.
    pub(crate) fn above(&self, i: usize, j: usize) -> f64 {
        if self.samples.is_empty() {
            return 0.5;
        }
        let n: f64 = self
            .samples
            .iter()
            .map(|s| match s[i].total_cmp(&s[j]) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            })
            .sum();
        n / self.samples.len() as f64
    }

    /// Ties among `members` (indices): from the best rated down, each
    /// member joins the tier of the one just above it when the resamples do
    /// not put that one above it with `sure` confidence (e.g. 0.95) and the
    /// tier stays within the games' uncertainty (its spread no wider than
    /// the widest half-interval of its members); otherwise it starts a new
    /// tier. So copies of one program, whose ratings differ by the luck of
    /// their games against the gates, share a tier, and a class spread out
    /// in strength is not one long chain. Returns, for each of `members` in
    /// its order, the tier's rating: the mean of its members' ratings.
    pub(crate) fn tiers(&self, members: &[usize], sure: f64) -> Vec<f64> {
        let mut order: Vec<usize> = (0..members.len()).collect();
        order.sort_by(|&x, &y| self.elo[members[y]].total_cmp(&self.elo[members[x]]));
        let half = |m: usize| (self.high[members[m]] - self.low[members[m]]) / 2.0;
        let mut tiers: Vec<Vec<usize>> = Vec::new();
        for (k, &m) in order.iter().enumerate() {
            let joins = k > 0 && {
                let prev = order[k - 1];
                let tier = tiers.last().expect("a tier before");
                let top = self.elo[members[tier[0]]];
                let widest = tier.iter().map(|&t| half(t)).fold(half(m), f64::max);
                self.above(members[prev], members[m]) < sure && top - self.elo[members[m]] <= widest
            };
            if joins {
                tiers.last_mut().expect("a tier before").push(m);
            } else {
                tiers.push(vec![m]);
            }
        }
        let mut out = vec![0.0; members.len()];
        for tier in &tiers {
            let mean = tier.iter().map(|&m| self.elo[members[m]]).sum::<f64>() / tier.len() as f64;
            for &m in tier {
                out[m] = mean;
            }
        }
        out
    }
}

/// `ratings` (natural units) in Elo over `anchor`'s (or their mean).
fn anchored(ratings: &[f64], anchor: Option<usize>) -> Vec<f64> {
    let zero = match anchor {
        Some(a) => ratings[a],
        None if ratings.is_empty() => 0.0,
        None => ratings.iter().sum::<f64>() / ratings.len() as f64,
    };
    ratings.iter().map(|r| (r - zero) * ELO + 0.0).collect()
}

/// The maximum a posteriori ratings (natural units) of `n` entrants from
/// `outcomes`, by Newton's method: the log-likelihood of the pairs plus a
/// Gaussian prior (mean 0, [`PRIOR_ELO`]) is strictly concave, so each
/// step solves the Hessian's system (Cholesky) and a handful converge.
fn fit(n: usize, outcomes: &[Outcome]) -> Vec<f64> {
    let prior = 1.0 / (PRIOR_ELO / ELO).powi(2);
    let mut r = vec![0.0; n];
    for _ in 0..50 {
        let mut grad: Vec<f64> = r.iter().map(|x| -prior * x).collect();
        let mut h = vec![vec![0.0; n]; n];
        for (i, row) in h.iter_mut().enumerate() {
            row[i] = prior;
        }
        for o in outcomes {
            let p = 1.0 / (1.0 + (r[o.b] - r[o.a]).exp());
            let g = o.score - p;
            grad[o.a] += g;
            grad[o.b] -= g;
            let w = p * (1.0 - p);
            h[o.a][o.a] += w;
            h[o.b][o.b] += w;
            h[o.a][o.b] -= w;
            h[o.b][o.a] -= w;
        }
        let Some(step) = solve(h, grad) else { break };
        let mut biggest: f64 = 0.0;
        for (x, d) in r.iter_mut().zip(&step) {
            // A bounded step: far from the optimum the quadratic model
            // overshoots.
            let d = d.clamp(-2.0, 2.0);
            *x += d;
            biggest = biggest.max(d.abs());
        }
        if biggest < 1e-9 {
            break;
        }
    }
    r
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky);
/// `None` if it is not.
fn solve(mut a: Vec<Vec<f64>>, b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for j in 0..n {
        let d = a[j][j] - (0..j).map(|k| a[j][k] * a[j][k]).sum::<f64>();
        if d <= 0.0 {
            return None;
        }
        let d = d.sqrt();
        a[j][j] = d;
        for i in j + 1..n {
            let s = a[i][j] - (0..j).map(|k| a[i][k] * a[j][k]).sum::<f64>();
            a[i][j] = s / d;
        }
    }
    let mut y = b;
    for i in 0..n {
        y[i] = (y[i] - (0..i).map(|k| a[i][k] * y[k]).sum::<f64>()) / a[i][i];
    }
    for i in (0..n).rev() {
        y[i] = (y[i] - (i + 1..n).map(|k| a[k][i] * y[k]).sum::<f64>()) / a[i][i];
    }
    Some(y)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: &str, b: &str, result: f64) -> Pair {
        Pair {
            a: a.into(),
            b: b.into(),
            margin: 0,
            game_points: 2.0 * result,
            result,
            forfeit: None,
        }
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_known_score_gives_its_elo_difference() {
        // 30 of 40 pairs (75 %): 190.8 Elo, a little less under the prior.
        let mut pairs = Vec::new();
        for k in 0..40 {
            pairs.push(pair("a", "b", if k < 30 { 1.0 } else { 0.0 }));
        }
        let r = Ratings::fit(&names(&["a", "b"]), &pairs, "b");
        assert_eq!(r.elo[1], 0.0, "the anchor is 0");
        assert!((170.0..191.0).contains(&r.elo[0]), "{r:?}");
        assert!(r.low[0] < r.elo[0] && r.elo[0] < r.high[0], "{r:?}");
        assert!(r.low[0] > 50.0 && r.high[0] < 350.0, "{r:?}");
        assert_eq!(r.pairs, [40, 40]);
        let e = Ratings::expected_at(r.elo[0], r.elo[1]);
        assert!((e - 0.75).abs() < 0.03, "{e}");
    }

    #[test]
    fn all_won_is_finite_and_order_follows_the_results() {
        let mut pairs = Vec::new();
        for _ in 0..4 {
            pairs.push(pair("strong", "mid", 1.0));
            pairs.push(pair("mid", "weak", 1.0));
            pairs.push(pair("strong", "weak", 1.0));
        }
        let r = Ratings::fit(&names(&["weak", "mid", "strong"]), &pairs, "weak");
        assert!(r.elo.iter().all(|x| x.is_finite()), "{r:?}");
        assert!(r.elo[2] > r.elo[1] && r.elo[1] > r.elo[0], "{r:?}");
        assert_eq!(r.above(2, 0), 1.0);
    }

    #[test]
    fn identical_entrants_are_tied_and_different_ones_are_not() {
        // Ten copies draw each other and score alike against two gates;
        // one stronger entrant beats everyone.
        let copies: Vec<String> = (0..10).map(|k| format!("copy{k}")).collect();
        let mut all = copies.clone();
        all.extend(names(&["gate", "top", "strong"]));
        let mut pairs = Vec::new();
        for (i, a) in copies.iter().enumerate() {
            for b in &copies[i + 1..] {
                pairs.push(pair(a, b, 0.5));
                pairs.push(pair(a, b, 0.5));
            }
            // Luck: some copies win one more pair against the gate.
            for k in 0..4 {
                pairs.push(pair(a, "gate", if k < 2 + i % 2 { 1.0 } else { 0.0 }));
                pairs.push(pair(a, "top", if k == 0 && i % 3 == 0 { 1.0 } else { 0.0 }));
                pairs.push(pair("strong", a, 1.0));
            }
        }
        for _ in 0..4 {
            pairs.push(pair("strong", "gate", 1.0));
            pairs.push(pair("top", "gate", 1.0));
            pairs.push(pair("strong", "top", 1.0));
        }
        let r = Ratings::fit(&all, &pairs, "gate");
        let members: Vec<usize> = (0..10).chain([12]).collect();
        let tiers = r.tiers(&members, 0.95);
        for t in &tiers[1..10] {
            assert_eq!(*t, tiers[0], "{tiers:?}");
        }
        assert!(tiers[10] > tiers[0] + 100.0, "{tiers:?}");
        // Without the ties the copies differ.
        let spread = (0..10).map(|i| r.elo[i]).fold(f64::MIN, f64::max)
            - (0..10).map(|i| r.elo[i]).fold(f64::MAX, f64::min);
        assert!(spread > 1.0, "{spread}");
    }

    #[test]
    fn a_class_spread_in_strength_is_not_one_tier() {
        // Twelve entrants, each a little stronger than the next: close
        // neighbours may tie, the ends never do.
        let names: Vec<String> = (0..12).map(|k| format!("e{k}")).collect();
        let mut pairs = Vec::new();
        for i in 0..12 {
            for j in i + 1..12 {
                for k in 0..4 {
                    // i is stronger: it wins more the further apart.
                    let won = (k as usize) < 2 + (j - i).min(2);
                    pairs.push(pair(&names[i], &names[j], if won { 1.0 } else { 0.0 }));
                }
            }
        }
        let r = Ratings::fit(&names, &pairs, "e11");
        let members: Vec<usize> = (0..12).collect();
        let tiers = r.tiers(&members, 0.95);
        assert!(tiers[0] > tiers[11] + 100.0, "{tiers:?}");
        let distinct: std::collections::BTreeSet<i64> =
            tiers.iter().map(|t| t.round() as i64).collect();
        assert!(distinct.len() >= 3, "{tiers:?}");
    }

    #[test]
    fn no_pairs_rate_everyone_at_the_anchor() {
        let r = Ratings::fit(&names(&["a", "b"]), &[], "a");
        assert_eq!(
            (r.elo.clone(), r.low.clone(), r.high.clone()),
            (vec![0.0; 2], vec![0.0; 2], vec![0.0; 2])
        );
        assert_eq!(r.tiers(&[0, 1], 0.95), [0.0, 0.0]);
    }
}
