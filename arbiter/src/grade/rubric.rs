//! The rubric: how a submission's [`Evidence`] becomes a [`Grade`].
//!
//! A rubric is a TOML file; the default, with a comment on every key, is
//! `default-rubric.toml` beside this file (built in: [`Rubric::default`]),
//! and a teacher's copy is read by [`Rubric::load`], a key left out taking
//! the default's value. Its items, each a [`Mark`] with its points, its
//! maximum and why in numbers:
//!
//! - `gate:<name>`, one per reference player: all the points when the pair
//!   score and the LOS against it both reach the gate's thresholds; below,
//!   partial credit linear in the pair score (or nothing).
//! - `rank`: linear from the first to the last of the admitted.
//! - `own-moves`: the share of its moves its own program chose (not an
//!   adapter's fallback): all at `full`, none at `none`, linear between.
//! - `faults`: points off per game lost by a fault, capped (maximum 0).
//! - `accuracy`: the reference's accuracy of its moves (off by default).
//!
//! The total is the sum, kept between 0 and the scale (20) and rounded to a
//! step (0.1 by default); an excluded submission has none
//! ([`Rubric::excluded`]).
//!
//! ```text
//! let rubric = Rubric::load(Path::new("rubric.toml"))?;   // or Rubric::default()
//! let grade = rubric.grade(&evidence);
//! assert_eq!(grade.marks.iter().map(|m| m.points).sum::<f64>(), …);
//! ```

use super::{Evidence, GateResult, Grade, Mark};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::path::Path;

/// The default rubric's text (also what `arbiter grade` documents).
pub(crate) const DEFAULT: &str = include_str!("default-rubric.toml");

/// A rubric (see the module's comment and `default-rubric.toml`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Rubric {
    /// The top of the scale.
    pub(crate) scale: f64,
    /// The step the total is rounded to (0: not rounded).
    pub(crate) round: f64,
    #[serde(rename = "gate")]
    pub(crate) gates: Vec<Gate>,
    pub(crate) rank: Rank,
    pub(crate) own_moves: Ramp,
    pub(crate) faults: Faults,
    pub(crate) accuracy: Ramp,
}

/// A reference player to beat.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Gate {
    /// Its name in the championship (`builtin:random`).
    pub(crate) name: String,
    pub(crate) points: f64,
    /// Passed at this pair score or more (0–1) …
    pub(crate) pair_score: f64,
    /// … and this LOS or more (0–1).
    pub(crate) los: f64,
    /// Partial credit from this pair score (nothing there) …
    #[serde(default)]
    pub(crate) partial_from: Option<f64>,
    /// … up to this fraction of the points at `pair_score`.
    #[serde(default = "half")]
    pub(crate) partial_max: f64,
}

fn half() -> f64 {
    0.5
}

/// Points for the rank: linear from `first` to `last` (fractions).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Rank {
    pub(crate) points: f64,
    pub(crate) first: f64,
    pub(crate) last: f64,
}

/// Points linear in a measure: all at `full` or more, none at `none` or
/// less.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Ramp {
    pub(crate) points: f64,
    pub(crate) full: f64,
    pub(crate) none: f64,
}

impl Ramp {
    /// The fraction of the points at `x`.
    fn fraction(&self, x: f64) -> f64 {
        if x >= self.full {
            1.0
        } else if x <= self.none {
            0.0
        } else {
            (x - self.none) / (self.full - self.none)
        }
    }
}

/// Points off for games lost by a fault.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Faults {
    pub(crate) per_game: f64,
    pub(crate) cap: f64,
}

/// A rubric file as written: every key optional (the default's value
/// fills in), none unknown.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Partial {
    scale: Option<f64>,
    round: Option<f64>,
    gate: Option<Vec<Gate>>,
    rank: Option<PartialRank>,
    own_moves: Option<PartialRamp>,
    faults: Option<PartialFaults>,
    accuracy: Option<PartialRamp>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PartialRank {
    points: Option<f64>,
    first: Option<f64>,
    last: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PartialRamp {
    points: Option<f64>,
    full: Option<f64>,
    none: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PartialFaults {
    per_game: Option<f64>,
    cap: Option<f64>,
}

impl Default for Rubric {
    /// The built-in rubric (`default-rubric.toml`).
    fn default() -> Rubric {
        Rubric::parse(DEFAULT).expect("the default rubric is valid (tested)")
    }
}

/// A table of a teacher's file, every key optional: what is given
/// replaces the default's value.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (key, value) in over {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

impl Rubric {
    /// Reads a rubric file: the default's values for the keys it leaves
    /// out; an unknown key or a value of the wrong type is an error that
    /// says the known keys or the type expected, with the line.
    pub(crate) fn load(path: &Path) -> Result<Rubric> {
        let text = crate::paths::read_to_string(path)
            .with_context(|| format!("cannot read the rubric '{}'", path.display()))?;
        Rubric::parse(&text).with_context(|| format!("the rubric '{}'", path.display()))
    }

    /// A rubric from its TOML text (keys left out: the default's).
    pub(crate) fn parse(text: &str) -> Result<Rubric> {
        // First as written, every key optional: unknown keys and values of
        // the wrong type are reported at their line.
        toml::from_str::<Partial>(text).map_err(|e| anyhow::anyhow!("{e}"))?;
        let over: toml::Table = toml::from_str(text).map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut table: toml::Table = toml::from_str(DEFAULT).expect("the default parses");
        // Gates are a list: a file that names any replaces them all.
        merge(&mut table, over);
        let rubric =
            Rubric::deserialize(toml::Value::Table(table)).map_err(|e| anyhow::anyhow!("{e}"))?;
        rubric.check()?;
        Ok(rubric)
    }

    /// The numbers that make no rubric.
    fn check(&self) -> Result<()> {
        let mut wrong = Vec::new();
        let mut fraction = |what: String, x: f64| {
            if !(0.0..=1.0).contains(&x) {
                wrong.push(format!("{what} = {x} (a fraction from 0 to 1)"));
            }
        };
        for g in &self.gates {
            fraction(format!("gate '{}' pair_score", g.name), g.pair_score);
            fraction(format!("gate '{}' los", g.name), g.los);
            fraction(format!("gate '{}' partial_max", g.name), g.partial_max);
            if let Some(from) = g.partial_from {
                fraction(format!("gate '{}' partial_from", g.name), from);
            }
        }
        fraction("rank.first".into(), self.rank.first);
        fraction("rank.last".into(), self.rank.last);
        fraction("own_moves.full".into(), self.own_moves.full);
        fraction("own_moves.none".into(), self.own_moves.none);
        for g in &self.gates {
            if g.partial_from.is_some_and(|f| f >= g.pair_score) {
                wrong.push(format!(
                    "gate '{}': partial_from must be below pair_score ({})",
                    g.name, g.pair_score
                ));
            }
        }
        for (what, ramp) in [("own_moves", &self.own_moves), ("accuracy", &self.accuracy)] {
            if ramp.none >= ramp.full {
                wrong.push(format!(
                    "{what}: none ({}) must be below full ({})",
                    ramp.none, ramp.full
                ));
            }
        }
        let mut names: Vec<&str> = self.gates.iter().map(|g| g.name.as_str()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            wrong.push(format!("gate '{}' twice", w[0]));
        }
        let maxima: Vec<(String, f64)> = self.maxima();
        for (item, max) in &maxima {
            if !max.is_finite() || *max < 0.0 {
                wrong.push(format!("{item}: points = {max} (0 or more)"));
            }
        }
        if self.faults.per_game < 0.0 || self.faults.cap < 0.0 {
            wrong.push("faults: per_game and cap are points off (0 or more)".into());
        }
        if self.scale.is_nan() || self.scale <= 0.0 {
            wrong.push(format!("scale = {} (more than 0)", self.scale));
        }
        if self.round < 0.0 || self.round > self.scale {
            wrong.push(format!("round = {} (0 to the scale)", self.round));
        }
        let sum: f64 = maxima.iter().map(|(_, m)| m).sum();
        if (sum - self.scale).abs() > 1e-9 {
            wrong.push(format!(
                "the items' points add up to {sum}, not the scale {}: {}",
                self.scale,
                maxima
                    .iter()
                    .map(|(i, m)| format!("{i} {m}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if wrong.is_empty() {
            Ok(())
        } else {
            bail!("{}", wrong.join("; "))
        }
    }

    /// Each item's id and maximum.
    fn maxima(&self) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = self
            .gates
            .iter()
            .map(|g| (format!("gate:{}", g.name), g.points))
            .collect();
        out.push(("rank".into(), self.rank.points));
        out.push(("own-moves".into(), self.own_moves.points));
        out.push(("accuracy".into(), self.accuracy.points));
        out
    }

    /// The grade of an excluded submission: none.
    pub(crate) fn excluded(&self) -> Grade {
        Grade {
            total: None,
            max: self.scale,
            marks: Vec::new(),
        }
    }

    /// The grade of an admitted submission's evidence: one mark per item
    /// (the accuracy's only when it has points), the total their sum kept
    /// in [0, scale] and rounded.
    pub(crate) fn grade(&self, ev: &Evidence) -> Grade {
        let mut marks: Vec<Mark> = self
            .gates
            .iter()
            .map(|g| gate_mark(g, ev.gates.iter().find(|r| r.gate == g.name)))
            .collect();
        marks.push(self.rank_mark(ev));
        let share = ev.own_share();
        let r = &self.own_moves;
        marks.push(Mark {
            item: "own-moves".into(),
            points: r.points * r.fraction(share),
            max: r.points,
            why: format!(
                "{}/{} = {} % · {} % → 0, {} % → {}",
                ev.own_moves,
                ev.own_moves + ev.replaced_moves,
                pct(share),
                pct(r.none),
                pct(r.full),
                num(r.points)
            ),
        });
        let faulted: u32 = ev.faults.values().sum();
        let off = (f64::from(faulted) * self.faults.per_game).min(self.faults.cap);
        marks.push(Mark {
            item: "faults".into(),
            points: -off,
            max: 0.0,
            why: format!(
                "−min({faulted} × {}, {})",
                num(self.faults.per_game),
                num(self.faults.cap)
            ),
        });
        if self.accuracy.points > 0.0 {
            let a = &self.accuracy;
            marks.push(match ev.accuracy {
                Some(acc) => Mark {
                    item: "accuracy".into(),
                    points: a.points * a.fraction(acc),
                    max: a.points,
                    why: format!(
                        "{:.1} · {} → 0, {} → {}",
                        acc,
                        num(a.none),
                        num(a.full),
                        num(a.points)
                    ),
                },
                None => Mark {
                    item: "accuracy".into(),
                    points: 0.0,
                    max: a.points,
                    why: "–".into(),
                },
            });
        }
        for m in &mut marks {
            m.points = (m.points * 100.0).round() / 100.0 + 0.0;
        }
        let sum: f64 = marks.iter().map(|m| m.points).sum();
        Grade {
            total: Some(self.rounded(sum.clamp(0.0, self.scale))),
            max: self.scale,
            marks,
        }
    }

    /// `x` to the rubric's step.
    pub(crate) fn rounded(&self, x: f64) -> f64 {
        if self.round <= 0.0 {
            return x;
        }
        // Through the step's decimals, so 0.1 steps give 13.3, not
        // 13.300000000000001.
        let steps = (x / self.round + 1e-9).round();
        let decimals = decimals_of(self.round);
        let factor = 10f64.powi(decimals as i32);
        (steps * self.round * factor).round() / factor
    }

    fn rank_mark(&self, ev: &Evidence) -> Mark {
        let r = &self.rank;
        if ev.rank == 0 || ev.ranked == 0 {
            return Mark {
                item: "rank".into(),
                points: 0.0,
                max: r.points,
                why: "–".into(),
            };
        }
        let fraction = if ev.ranked <= 1 {
            r.first
        } else {
            let t = (ev.rank.min(ev.ranked) - 1) as f64 / (ev.ranked - 1) as f64;
            r.first + (r.last - r.first) * t
        };
        Mark {
            item: "rank".into(),
            points: r.points * fraction,
            max: r.points,
            why: format!("{}/{}", ev.rank, ev.ranked),
        }
    }
}

/// The mark of a gate, from the results against it (none: no pairs).
fn gate_mark(g: &Gate, result: Option<&GateResult>) -> Mark {
    let item = format!("gate:{}", g.name);
    let pairs = result.map_or(0, |r| r.pairs_won + r.pairs_drawn + r.pairs_lost);
    let Some(r) = result.filter(|_| pairs > 0) else {
        return Mark {
            item,
            points: 0.0,
            max: g.points,
            why: "0–0–0".into(),
        };
    };
    let los = r.los.unwrap_or(0.0);
    let cmp = |x: f64, t: f64| if x >= t { "≥" } else { "<" };
    let figures = format!(
        "{}–{}–{}: {:.2} {} {:.2} · LOS {} % {} {} %",
        r.pairs_won,
        r.pairs_drawn,
        r.pairs_lost,
        r.pair_score,
        cmp(r.pair_score, g.pair_score),
        g.pair_score,
        pct(los),
        cmp(los, g.los),
        pct(g.los),
    );
    if r.pair_score >= g.pair_score && los >= g.los {
        return Mark {
            item,
            points: g.points,
            max: g.points,
            why: figures,
        };
    }
    let (points, why) = match g.partial_from {
        Some(from) => {
            let t = ((r.pair_score - from) / (g.pair_score - from)).clamp(0.0, 1.0);
            (
                g.points * g.partial_max * t,
                format!(
                    "{figures} · {} × {} × ({:.2} − {:.2})/({:.2} − {:.2})",
                    num(g.points),
                    num(g.partial_max),
                    r.pair_score.min(g.pair_score).max(from),
                    from,
                    g.pair_score,
                    from
                ),
            )
        }
        None => (0.0, figures),
    };
    Mark {
        item,
        points,
        max: g.points,
        why,
    }
}

/// A fraction as a percentage, one decimal at most (`99.2`, `95`).
fn pct(x: f64) -> String {
    num((x * 1000.0).round() / 10.0)
}

/// A number without trailing zeros (`0.5`, `3`, `0.25`).
fn num(x: f64) -> String {
    let s = format!("{:.4}", x + 0.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

/// The decimals of a step (`0.1` → 1, `0.25` → 2, `1` → 0).
fn decimals_of(step: f64) -> usize {
    let s = num(step);
    s.split_once('.').map_or(0, |(_, d)| d.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    fn gate(name: &str, w: u32, d: u32, l: u32, los: f64) -> GateResult {
        let n = f64::from(w + d + l);
        GateResult {
            gate: name.into(),
            pairs_won: w,
            pairs_drawn: d,
            pairs_lost: l,
            pair_score: (f64::from(w) + f64::from(d) / 2.0) / n,
            los: Some(los),
        }
    }

    fn evidence(rank: usize, gates: Vec<GateResult>, faults: u32, replaced: u32) -> Evidence {
        let mut f = BTreeMap::new();
        if faults > 0 {
            f.insert("illegal".to_string(), faults);
        }
        Evidence {
            name: "x".into(),
            games: 40,
            points: 20.0,
            rank,
            ranked: 5,
            gates,
            own_moves: 1000 - replaced,
            replaced_moves: replaced,
            faults: f,
            accuracy: None,
            blunders: 0,
        }
    }

    fn sum(g: &Grade) -> f64 {
        g.marks.iter().map(|m| m.points).sum()
    }

    #[test]
    fn the_default_rubric_is_valid_and_sums_to_twenty() {
        let r = Rubric::default();
        assert_eq!(r.scale, 20.0);
        assert_eq!(r.round, 0.1);
        assert_eq!(r.gates.len(), 2);
        assert_eq!(r.accuracy.points, 0.0, "accuracy off by default");
        assert_eq!(r.maxima().iter().map(|(_, m)| m).sum::<f64>(), 20.0);
        // Every key of the default is commented.
        for line in DEFAULT.lines().filter(|l| l.contains(" = ")) {
            let key = line.split(" = ").next().unwrap();
            assert!(
                DEFAULT.contains(&format!("`{key}`")) || DEFAULT.contains(&format!("{key} ")),
                "{key}"
            );
        }
    }

    #[test]
    fn a_strong_submission_gets_full_marks() {
        let r = Rubric::default();
        let ev = evidence(
            1,
            vec![
                gate("builtin:random", 10, 0, 0, 0.999),
                gate("builtin:greedy", 8, 1, 1, 0.98),
            ],
            0,
            0,
        );
        let g = r.grade(&ev);
        assert_eq!(g.total, Some(20.0), "{g:#?}");
        assert_eq!(g.max, 20.0);
        let items: Vec<&str> = g.marks.iter().map(|m| m.item.as_str()).collect();
        assert_eq!(
            items,
            [
                "gate:builtin:random",
                "gate:builtin:greedy",
                "rank",
                "own-moves",
                "faults"
            ]
        );
        assert_eq!(g.marks[0].why, "10–0–0: 1.00 ≥ 0.75 · LOS 99.9 % ≥ 95 %");
        assert_eq!(g.marks[1].why, "8–1–1: 0.85 ≥ 0.60 · LOS 98 % ≥ 90 %");
        assert_eq!(g.marks[2].why, "1/5");
        assert_eq!(g.marks[3].why, "1000/1000 = 100 % · 50 % → 0, 95 % → 3");
        assert_eq!(g.marks[4].why, "−min(0 × 0.25, 3)");
    }

    #[test]
    fn a_weak_submission_gets_partial_credit_and_a_low_rank() {
        let r = Rubric::default();
        // Against random: 0.625 of the pairs, under 0.75: partial credit
        // 6 × 0.5 × (0.625 − 0.5)/(0.75 − 0.5) = 1.5. Against greedy: 0.3,
        // under partial_from 0.4: nothing. Last of 5: no rank points.
        // Own moves 80 %: 3 × (0.8 − 0.5)/(0.95 − 0.5) = 2.
        let ev = evidence(
            5,
            vec![
                gate("builtin:random", 5, 0, 3, 0.8),
                gate("builtin:greedy", 2, 2, 6, 0.1),
            ],
            0,
            200,
        );
        let g = r.grade(&ev);
        let points: Vec<f64> = g.marks.iter().map(|m| m.points).collect();
        assert_eq!(points, [1.5, 0.0, 0.0, 2.0, 0.0], "{g:#?}");
        assert_eq!(g.total, Some(3.5));
        assert_eq!(
            g.marks[0].why,
            "5–0–3: 0.62 < 0.75 · LOS 80 % < 95 % · 6 × 0.5 × (0.62 − 0.50)/(0.75 − 0.50)"
        );
        // Rank 3 of 5: half the points.
        let g = r.grade(&evidence(3, vec![], 0, 0));
        assert_eq!(g.marks[2].points, 2.5);
        assert_eq!(g.marks[0].why, "0–0–0", "no pairs");
    }

    #[test]
    fn a_pair_score_without_the_los_does_not_pass() {
        let r = Rubric::default();
        // 3 of 3 pairs: pair score 1, but LOS 0.96 < ... for greedy 0.9 it
        // passes; for random (0.95) with LOS 0.9 it does not: partial max.
        let g = r.grade(&evidence(
            1,
            vec![gate("builtin:random", 3, 0, 0, 0.9)],
            0,
            0,
        ));
        assert_eq!(g.marks[0].points, 3.0, "{:?}", g.marks[0]);
        assert!(g.marks[0].why.contains("1.00 ≥ 0.75 · LOS 90 % < 95 %"));
    }

    #[test]
    fn faults_cost_points_up_to_the_cap_and_the_total_stays_in_range() {
        let r = Rubric::default();
        let g = r.grade(&evidence(5, vec![], 160, 0));
        let faults = g.marks.iter().find(|m| m.item == "faults").unwrap();
        assert_eq!(faults.points, -3.0);
        assert_eq!(faults.max, 0.0);
        assert_eq!(faults.why, "−min(160 × 0.25, 3)");
        // 0 + 0 + 0 + 3 (own moves) − 3 = 0; never below 0.
        assert_eq!(g.total, Some(0.0));
        let g = r.grade(&evidence(5, vec![], 4, 1000));
        assert_eq!(sum(&g), -1.0);
        assert_eq!(g.total, Some(0.0), "kept at 0");
        let g = r.grade(&evidence(5, vec![], 3, 0));
        assert_eq!(g.total, Some(2.3));
    }

    #[test]
    fn rounding_follows_the_step() {
        let mut r = Rubric::default();
        assert_eq!(r.rounded(13.333), 13.3);
        assert_eq!(r.rounded(13.35), 13.4);
        r.round = 1.0;
        assert_eq!(r.rounded(13.5), 14.0);
        r.round = 0.5;
        assert_eq!(r.rounded(13.3), 13.5);
        r.round = 0.0;
        assert_eq!(r.rounded(13.333), 13.333);
        // The rounded total is the rounded sum of the marks.
        let r = Rubric::default();
        let g = r.grade(&evidence(
            2,
            vec![gate("builtin:random", 7, 0, 3, 0.9)],
            1,
            37,
        ));
        assert_eq!(g.total, Some(r.rounded(sum(&g))));
    }

    #[test]
    fn accuracy_counts_only_when_given_points() {
        let text = "[accuracy]\npoints = 2.0\n[rank]\npoints = 3.0\n";
        let r = Rubric::parse(text).unwrap();
        let mut ev = evidence(1, vec![], 0, 0);
        ev.accuracy = Some(70.0);
        let g = r.grade(&ev);
        let acc = g.marks.iter().find(|m| m.item == "accuracy").unwrap();
        assert_eq!((acc.points, acc.max), (1.0, 2.0));
        assert_eq!(acc.why, "70.0 · 50 → 0, 90 → 2");
        let g = Rubric::default().grade(&ev);
        assert!(g.marks.iter().all(|m| m.item != "accuracy"));
    }

    #[test]
    fn an_excluded_submission_has_no_grade() {
        let g = Rubric::default().excluded();
        assert_eq!((g.total, g.max, g.marks.len()), (None, 20.0, 0));
    }

    #[test]
    fn a_teachers_file_changes_only_what_it_names() {
        let r = Rubric::parse("round = 1\n[faults]\nper_game = 0.5\n").unwrap();
        assert_eq!(r.round, 1.0);
        assert_eq!(r.faults.per_game, 0.5);
        assert_eq!(r.faults.cap, 3.0);
        assert_eq!(r.gates, Rubric::default().gates);
        // Gates given replace the default's list.
        let r =
            Rubric::parse("[[gate]]\nname = \"g\"\npoints = 12.0\npair_score = 0.5\nlos = 0.5\n")
                .unwrap();
        assert_eq!(r.gates.len(), 1);
        assert_eq!(r.gates[0].partial_from, None);
        assert_eq!(r.gates[0].partial_max, 0.5);
    }

    #[test]
    fn loading_errors_say_what_is_wrong() {
        let err = |text: &str| format!("{:#}", Rubric::parse(text).unwrap_err());
        let e = err("[faults]\nper_gam = 1\n");
        assert!(
            e.contains("unknown field `per_gam`, expected `per_game` or `cap`")
                && e.contains("line 2"),
            "{e}"
        );
        let e = err("scales = 20\n");
        assert!(
            e.contains("unknown field `scales`") && e.contains("`scale`"),
            "{e}"
        );
        let e = err("round = \"one\"\n");
        assert!(
            e.contains("invalid type: string \"one\", expected f64"),
            "{e}"
        );
        let e = err("[rank]\npoints = 4.0\n");
        assert!(
            e.contains("the items' points add up to 19, not the scale 20"),
            "{e}"
        );
        let e = err("[own_moves]\nfull = 1.5\n");
        assert!(
            e.contains("own_moves.full = 1.5 (a fraction from 0 to 1)"),
            "{e}"
        );
        let e = err("scale = 20.0\nround = 0.1\nx = [1\n");
        assert!(e.contains("line 3"), "{e}");
        let dir = std::env::temp_dir().join(format!("rubric-{}", std::process::id()));
        let e = format!("{:#}", Rubric::load(&dir.join("none.toml")).unwrap_err());
        assert!(e.contains("cannot read the rubric"), "{e}");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bad.toml");
        std::fs::write(&path, "[faults]\ncap = \"x\"\n").unwrap();
        let e = format!("{:#}", Rubric::load(&path).unwrap_err());
        let _ = std::fs::remove_dir_all(&dir);
        assert!(e.contains("bad.toml") && e.contains("expected f64"), "{e}");
    }
}
