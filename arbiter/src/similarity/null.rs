//! The behaviour check's measured false-alarm rates, one line per game,
//! shipped in `data/similarity.tsv` (read at compile time) and written by
//! `arbiter bench-similarity --table`: the game's pair-to-pair spread `τ`,
//! the z threshold chosen on one half of the benchmark's independent pairs
//! and, on the other half, how many of them reached it and the 95 % upper
//! bound of that rate (Clopper–Pearson). Every behaviour flag is printed
//! with its game's line.

use std::sync::OnceLock;
use tabula::game::GameId;

/// The shipped table.
pub(crate) const SHIPPED: &str = include_str!("../../../data/similarity.tsv");

/// The column names, as the table's header comment.
pub(crate) const HEADER: &str = "# game\tpositions\ttau\tthreshold\tpairs\tabove\tbound";

/// Pairs in a class of 60 (the class the rates are told for).
pub(crate) const CLASS_PAIRS: f64 = 60.0 * 59.0 / 2.0;

/// The threshold of a game the table lacks.
const FALLBACK_THRESHOLD: f64 = 6.0;
/// The spread of a game the table lacks.
const FALLBACK_TAU: f64 = 0.1;

/// One game's measured false-alarm rate.
#[derive(Clone, Copy, Debug, PartialEq)]
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
}

impl Null {
    /// The shipped line of `game` (a cautious one, unmeasured, when the
    /// table lacks it).
    pub(crate) fn of(game: GameId) -> Null {
        shipped()
            .iter()
            .find(|n| n.game == game)
            .copied()
            .unwrap_or(Null {
                game,
                positions: 0,
                tau: FALLBACK_TAU,
                threshold: FALLBACK_THRESHOLD,
                pairs: 0,
                above: 0,
                bound: 1.0,
            })
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
        format!(
            "{}\t{}\t{:.4}\t{:.1}\t{}\t{}\t{:.6}",
            self.game, self.positions, self.tau, self.threshold, self.pairs, self.above, self.bound
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
            let [game, positions, tau, threshold, pairs, above, bound] = f[..] else {
                return Err(bad(&format!("expected 7 fields, found {}", f.len())));
            };
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
            });
        }
        Ok(out)
    }
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
            assert_eq!(Null::parse(&l.line()).unwrap(), vec![*l]);
        }
        assert!(Null::parse("knight 1 2\n").unwrap_err().contains("line 1"));
    }
}
