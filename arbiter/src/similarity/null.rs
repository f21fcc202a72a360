//! The behaviour check's measured false-alarm rates, one line per game,
//! shipped in `data/similarity.tsv` (read at compile time) and written by
//! `arbiter bench-similarity --table`: the game's pair-to-pair spread `τ`,
//! the z threshold chosen on one half of the benchmark's independent pairs
//! and, on the other half, how many of them reached it and the 95 % upper
//! bound of that rate (Clopper–Pearson), and the tail of that half's z
//! (every z from 2 on). Every behaviour flag is printed with its game's
//! line, and every pair with the share of the benchmark's independent
//! pairs that reached its z ([`Null::chance`]).

use std::sync::OnceLock;
use tabula::games::GameId;

/// The shipped table.
pub(crate) const SHIPPED: &str = include_str!("../../../data/similarity.tsv");

/// The column names, as the table's header comment.
pub(crate) const HEADER: &str =
    "# game\tpositions\ttau\tthreshold\tpairs\tabove\tbound\ttail (z >= 2 of the measuring half)";

/// The z from which the measuring half's values are kept (the tail).
pub(crate) const TAIL_FROM: f64 = 2.0;

/// Pairs in a class of 60 (the class the rates are told for).
pub(crate) const CLASS_PAIRS: f64 = 60.0 * 59.0 / 2.0;

/// The threshold of a game the table lacks.
const FALLBACK_THRESHOLD: f64 = 6.0;
/// The spread of a game the table lacks.
const FALLBACK_TAU: f64 = 0.1;

/// One game's measured false-alarm rate.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Null {
    pub(crate) game: GameId,
    /// Positions the benchmark's engines answered.
    pub(crate) positions: usize,
    /// The pair-to-pair spread of the excess agreement.
    pub(crate) tau: f64,
    /// A pair is flagged from this z on.
    pub(crate) threshold: f64,
    /// Independent pairs of the measuring half, and how many reached the
    /// threshold.
    pub(crate) pairs: usize,
    pub(crate) above: usize,
    /// The 95 % upper bound of the rate a pair.
    pub(crate) bound: f64,
    /// The measuring half's z from [`TAIL_FROM`] on, ascending.
    pub(crate) tail: Vec<f64>,
}

impl Null {
    /// The shipped line of `game` (a cautious one, unmeasured, when the
    /// table lacks it).
    pub(crate) fn of(game: GameId) -> Null {
        shipped()
            .iter()
            .find(|n| n.game == game)
            .cloned()
            .unwrap_or(Null {
                game,
                positions: 0,
                tau: FALLBACK_TAU,
                threshold: FALLBACK_THRESHOLD,
                pairs: 0,
                above: 0,
                bound: 1.0,
                tail: Vec::new(),
            })
    }

    /// The chance of a pair's `z` under the null: how many of the
    /// benchmark's independent pairs (of the measuring half) reached it,
    /// and the 95 % upper bound of that share; `None` below [`TAIL_FROM`]
    /// (common among independent pairs) or when the game was not measured.
    pub(crate) fn chance(&self, z: f64) -> Option<(usize, f64)> {
        if self.pairs == 0 || z.is_nan() || z < TAIL_FROM {
            return None;
        }
        let k = self.tail.iter().filter(|&&t| t >= z).count();
        Some((k, clopper_pearson_upper(k, self.pairs)))
    }

    /// [`Null::chance`] in words.
    pub(crate) fn chance_words(&self, z: f64) -> String {
        match self.chance(z) {
            Some((k, bound)) => format!(
                "reached by {k} of {} independent pairs in the benchmark (95 % bound {:.3} %)",
                self.pairs,
                100.0 * bound
            ),
            None if self.pairs == 0 => "no independent pairs measured".to_string(),
            None => format!(
                "below z {TAIL_FROM:.0}: usual among independent pairs ({} of {} in the benchmark \
                 reached z {TAIL_FROM:.0})",
                self.tail.len(),
                self.pairs
            ),
        }
    }

    /// The rate in words, as every flag is printed with it.
    pub(crate) fn words(&self) -> String {
        if self.pairs == 0 {
            return format!(
                "no false-alarm rate measured for {} (threshold z {:.1})",
                self.game, self.threshold
            );
        }
        format!(
            "z ≥ {:.1} was reached by {} of {} independent pairs of {} in the benchmark \
             (95 % bound {:.3} % a pair: at most {:.2} false flags in a class of 60)",
            self.threshold,
            self.above,
            self.pairs,
            self.game,
            100.0 * self.bound,
            self.bound * CLASS_PAIRS
        )
    }

    /// The table line.
    pub(crate) fn line(&self) -> String {
        // Rounded down: a z at or above a threshold (a multiple of 0.01) stays so.
        let tail: Vec<String> = self
            .tail
            .iter()
            .map(|z| format!("{:.2}", (z * 100.0 + 1e-6).floor() / 100.0))
            .collect();
        format!(
            "{}\t{}\t{:.4}\t{:.1}\t{}\t{}\t{:.6}\t{}",
            self.game,
            self.positions,
            self.tau,
            self.threshold,
            self.pairs,
            self.above,
            self.bound,
            if tail.is_empty() {
                "-".to_string()
            } else {
                tail.join(",")
            }
        )
    }

    /// The lines of a table (`#` comments and blank lines skipped); an
    /// error names the line.
    pub(crate) fn parse(text: &str) -> Result<Vec<Null>, String> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: &str| format!("similarity table, line {}: {why}", i + 1);
            let f: Vec<&str> = line.split_whitespace().collect();
            let [game, positions, tau, threshold, pairs, above, bound, tail] = f[..] else {
                return Err(bad(&format!("expected 8 fields, found {}", f.len())));
            };
            let mut zs = Vec::new();
            for z in tail.split(',').filter(|z| *z != "-") {
                match z.parse::<f64>() {
                    Ok(z) if z.is_finite() && z >= TAIL_FROM => zs.push(z),
                    _ => return Err(bad(&format!("'{z}' in the tail is not a z from 2"))),
                }
            }
            zs.sort_by(f64::total_cmp);
            let num = |s: &str| s.parse::<f64>().ok().filter(|x| x.is_finite() && *x >= 0.0);
            let count = |s: &str| s.parse::<usize>().ok();
            let (
                Some(positions),
                Some(tau),
                Some(threshold),
                Some(pairs),
                Some(above),
                Some(bound),
            ) = (
                count(positions),
                num(tau),
                num(threshold),
                count(pairs),
                count(above),
                num(bound),
            )
            else {
                return Err(bad("a field is not a number"));
            };
            out.push(Null {
                game: game.parse().map_err(|e| bad(&format!("{e}")))?,
                positions,
                tau,
                threshold,
                pairs,
                above,
                bound,
                tail: zs,
            });
        }
        Ok(out)
    }
}

/// The two-sided 95 % Clopper–Pearson upper bound of a rate seen `k` times
/// in `n` trials (the upper 97.5 % point).
pub(crate) fn clopper_pearson_upper(k: usize, n: usize) -> f64 {
    if n == 0 || k >= n {
        return 1.0;
    }
    // P(X ≤ k; n, p) = 0.025, decreasing in p: bisection.
    let cdf = |p: f64| -> f64 {
        let (ln_p, ln_q) = (p.ln(), (1.0 - p).ln());
        let mut ln_choose = 0.0;
        let mut sum = 0.0;
        for i in 0..=k {
            if i > 0 {
                ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
            }
            sum += (ln_choose + i as f64 * ln_p + (n - i) as f64 * ln_q).exp();
        }
        sum
    };
    let (mut lo, mut hi) = (k as f64 / n as f64, 1.0);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if cdf(mid) > 0.025 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The shipped lines, read once.
fn shipped() -> &'static [Null] {
    static LINES: OnceLock<Vec<Null>> = OnceLock::new();
    LINES.get_or_init(|| Null::parse(SHIPPED).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_and_covers_every_two_player_game() {
        let lines = Null::parse(SHIPPED).unwrap();
        for game in GameId::ALL {
            let n = lines.iter().filter(|l| l.game == game).count();
            assert_eq!(n, usize::from(!game.is_puzzle()), "{game}");
        }
        for l in &lines {
            assert!(l.pairs >= 1_000, "{l:?}: at least 1 000 independent pairs");
            assert!(
                l.above <= l.pairs && l.bound > 0.0 && l.bound < 0.01,
                "{l:?}"
            );
            assert_eq!(Null::parse(&l.line()).unwrap(), vec![l.clone()]);
            // The pairs above the threshold are the tail's from it on.
            let above = l.tail.iter().filter(|&&z| z >= l.threshold).count();
            assert_eq!(above, l.above, "{l:?}");
            assert_eq!(l.chance(l.threshold).unwrap().0, l.above);
            assert!((clopper_pearson_upper(l.above, l.pairs) - l.bound).abs() < 1e-6);
        }
        assert!(Null::parse("knight 1 2\n").unwrap_err().contains("line 1"));
    }

    #[test]
    fn a_pairs_chance_counts_the_tail_and_bounds_it() {
        let n = Null::parse("dots\t200\t0.07\t6.0\t1000\t1\t0.005558\t2.10,3.50,6.20\n")
            .unwrap()
            .remove(0);
        assert_eq!(n.chance(1.9), None);
        assert_eq!(n.chance(3.0).unwrap().0, 2);
        assert_eq!(n.chance(7.0).unwrap().0, 0);
        let b = n.chance(7.0).unwrap().1;
        assert!((b - (1.0 - 0.025f64.powf(1e-3))).abs() < 1e-9, "{b}");
        assert!(n.chance_words(9.0).contains("reached by 0 of 1000"));
        assert!(n.chance_words(1.0).contains("3 of 1000"));
        let bad = Null::parse("dots\t200\t0.07\t6.0\t1000\t1\t0.005558\tx\n");
        assert!(bad.unwrap_err().contains("tail"));
    }

    #[test]
    fn clopper_pearson_matches_known_values() {
        // 0 of n: 1 − 0.025^(1/n) (the "rule of three" ≈ 3.7/n).
        let b = clopper_pearson_upper(0, 1000);
        assert!((b - (1.0 - 0.025f64.powf(1e-3))).abs() < 1e-9, "{b}");
        // 1 of 100: 0.05446 (tables of the exact binomial interval).
        assert!((clopper_pearson_upper(1, 100) - 0.05446).abs() < 1e-4);
        assert_eq!(clopper_pearson_upper(0, 0), 1.0);
    }
}
