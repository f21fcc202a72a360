//! The rubric: how a submission's [`Evidence`] becomes a [`Grade`].
//!
//! A rubric is a TOML file; the default, with a comment on every key, is
//! `default-rubric.toml` beside this file (built in: [`Rubric::default`]),
//! and a teacher's copy is read by [`Rubric::load`], a key left out taking
//! the default's value. Its items, each a [`Mark`] with its points, its
//! maximum and why in numbers ([`Why`]):
//!
//! - `gate:<name>`, one per reference player: the strength. The
//!   submission's rating over every game of the championship (gates
//!   included; the rating of its tier, which identical programs share)
//!   gives its expected pair score against the gate; the points are linear
//!   in it, none at `none`, all at `full`. Every threshold can be met: a
//!   rating exists whatever the number of games.
//! - `own-moves`: the share of the moves it was asked for where it had a
//!   choice that its own program chose (not an adapter's move, not a move
//!   a fault ended the game on): all at `full`, none at `none`, linear
//!   between, and nothing while it rates below the gate `against` (a
//!   program weaker than random moves earns nothing for making them).
//! - `faults`: points off per game lost by a fault, capped (maximum 0).
//! - `accuracy`: the reference's accuracy of its moves (off by default).
//!
//! The total is the sum, kept between 0 and the scale (20) and rounded to a
//! step (0.1 by default); an excluded submission has none
//! ([`Rubric::excluded`]). The strongest possible submission gets the
//! whole scale: every gate passed, every move its own, no fault.
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
    pub(crate) rating: RatingRule,
    #[serde(rename = "gate")]
    pub(crate) gates: Vec<Gate>,
    pub(crate) own_moves: OwnMovesRule,
    pub(crate) faults: Faults,
    pub(crate) accuracy: Ramp,
}

/// How the rating ties submissions.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RatingRule {
    /// Two submissions are told apart when the games put one above the
    /// other in this share of the bootstrap's resamples (0.5–1); below,
    /// they share their tier's rating.
    pub(crate) sure: f64,
}

/// A reference player to beat.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Gate {
    /// Its name in the championship (`builtin:random`).
    pub(crate) name: String,
    pub(crate) points: f64,
    /// The expected pair score against it that gives no points …
    pub(crate) none: f64,
    /// … and the one that gives all (linear between).
    pub(crate) full: f64,
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
        ramp(x, self.none, self.full)
    }
}

/// Linear from 0 at `none` to 1 at `full`.
fn ramp(x: f64, none: f64, full: f64) -> f64 {
    if x >= full {
        1.0
    } else if x <= none {
        0.0
    } else {
        (x - none) / (full - none)
    }
}

/// The own-moves item: a [`Ramp`] in the share, earned only at or above
/// the rating of the gate `against`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct OwnMovesRule {
    pub(crate) points: f64,
    pub(crate) full: f64,
    pub(crate) none: f64,
    pub(crate) against: String,
}

/// Points off for games lost by a fault.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Faults {
    pub(crate) per_game: f64,
    pub(crate) cap: f64,
}

/// Why an item gave its points, in numbers (the pages put them in words,
/// `evidence.csv` writes [`Why::text`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Why {
    /// A gate: the tier's rating, the gate's, the expected pair score and
    /// the ramp; the pairs played against it.
    Gate {
        rating: f64,
        gate_rating: f64,
        expected: f64,
        none: f64,
        full: f64,
        pairs: [u32; 3],
    },
    /// No game against the gate.
    Unplayed,
    /// Own moves of those asked for with a choice; `below`: the gate it
    /// rates under, which takes the points away.
    OwnMoves {
        own: u32,
        asked: u32,
        none: f64,
        full: f64,
        below: Option<String>,
    },
    Faults {
        games: u32,
        per_game: f64,
        cap: f64,
    },
    Accuracy {
        accuracy: Option<f64>,
        none: f64,
        full: f64,
    },
}

impl Why {
    /// The numbers as `evidence.csv` writes them (`rating 212 vs 0:
    /// expected 0.77 · 0.5 → 0, 0.75 → all · pairs 4–0–0`).
    pub(crate) fn text(&self) -> String {
        match self {
            Why::Gate {
                rating,
                gate_rating,
                expected,
                none,
                full,
                pairs,
            } => format!(
                "rating {:.0} vs {:.0}: expected {:.2} · {} → 0, {} → all · pairs {}–{}–{}",
                rating,
                gate_rating,
                expected,
                num(*none),
                num(*full),
                pairs[0],
                pairs[1],
                pairs[2]
            ),
            Why::Unplayed => "no game".into(),
            Why::OwnMoves {
                own,
                asked,
                none,
                full,
                below,
            } => {
                let share = if *asked == 0 {
                    "–".to_string()
                } else {
                    format!("{} %", pct(f64::from(*own) / f64::from(*asked)))
                };
                let mut text = format!(
                    "{own}/{asked} = {share} · {} % → 0, {} % → all",
                    pct(*none),
                    pct(*full)
                );
                if let Some(gate) = below {
                    text.push_str(&format!(" · rated below {gate}: 0"));
                }
                text
            }
            Why::Faults {
                games,
                per_game,
                cap,
            } => format!("−min({games} × {}, {})", num(*per_game), num(*cap)),
            Why::Accuracy {
                accuracy,
                none,
                full,
            } => match accuracy {
                Some(a) => format!("{a:.1} · {} → 0, {} → all", num(*none), num(*full)),
                None => "–".into(),
            },
        }
    }
}

/// A rubric file as written: every key optional (the default's value
/// fills in), none unknown.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Partial {
    scale: Option<f64>,
    round: Option<f64>,
    rating: Option<PartialRating>,
    gate: Option<Vec<Gate>>,
    own_moves: Option<PartialOwnMoves>,
    faults: Option<PartialFaults>,
    accuracy: Option<PartialRamp>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PartialRating {
    sure: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct PartialOwnMoves {
    points: Option<f64>,
    full: Option<f64>,
    none: Option<f64>,
    against: Option<String>,
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
            fraction(format!("gate '{}' none", g.name), g.none);
            fraction(format!("gate '{}' full", g.name), g.full);
        }
        fraction("own_moves.full".into(), self.own_moves.full);
        fraction("own_moves.none".into(), self.own_moves.none);
        if !(0.5..=1.0).contains(&self.rating.sure) {
            wrong.push(format!(
                "rating.sure = {} (a share from 0.5 to 1)",
                self.rating.sure
            ));
        }
        let mut ramps: Vec<(String, f64, f64)> = self
            .gates
            .iter()
            .map(|g| (format!("gate '{}'", g.name), g.none, g.full))
            .collect();
        ramps.push(("own_moves".into(), self.own_moves.none, self.own_moves.full));
        ramps.push(("accuracy".into(), self.accuracy.none, self.accuracy.full));
        for (what, none, full) in ramps {
            if none >= full {
                wrong.push(format!("{what}: none ({none}) must be below full ({full})"));
            }
        }
        let mut names: Vec<&str> = self.gates.iter().map(|g| g.name.as_str()).collect();
        names.sort_unstable();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            wrong.push(format!("gate '{}' twice", w[0]));
        }
        self.check_sums(&mut wrong);
        if wrong.is_empty() {
            Ok(())
        } else {
            bail!("{}", wrong.join("; "))
        }
    }

    /// The points of the items, the scale and the step.
    fn check_sums(&self, wrong: &mut Vec<String>) {
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
    }

    /// Each item's id and maximum.
    fn maxima(&self) -> Vec<(String, f64)> {
        let mut out: Vec<(String, f64)> = self
            .gates
            .iter()
            .map(|g| (format!("gate:{}", g.name), g.points))
            .collect();
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
            .map(|g| {
                gate_mark(
                    g,
                    ev.gates.iter().find(|r| r.gate == g.name),
                    ev.rating.tier,
                )
            })
            .collect();
        marks.push(self.own_moves_mark(ev));
        let faulted: u32 = ev.faults.values().sum();
        let off = (f64::from(faulted) * self.faults.per_game).min(self.faults.cap);
        marks.push(Mark {
            item: "faults".into(),
            points: -off,
            max: 0.0,
            why: Why::Faults {
                games: faulted,
                per_game: self.faults.per_game,
                cap: self.faults.cap,
            },
        });
        if self.accuracy.points > 0.0 {
            let a = &self.accuracy;
            marks.push(Mark {
                item: "accuracy".into(),
                points: ev.accuracy.map_or(0.0, |acc| a.points * a.fraction(acc)),
                max: a.points,
                why: Why::Accuracy {
                    accuracy: ev.accuracy,
                    none: a.none,
                    full: a.full,
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

    /// The own-moves mark: the ramp in the share, nothing below the gate
    /// `against`.
    fn own_moves_mark(&self, ev: &Evidence) -> Mark {
        let r = &self.own_moves;
        let below = ev
            .gates
            .iter()
            .find(|g| g.gate == r.against)
            .is_some_and(|g| g.expected < 0.5)
            .then(|| r.against.clone());
        let share = ev.moves.share().unwrap_or(0.0);
        let points = if below.is_some() {
            0.0
        } else {
            r.points * ramp(share, r.none, r.full)
        };
        Mark {
            item: "own-moves".into(),
            points,
            max: r.points,
            why: Why::OwnMoves {
                own: ev.moves.own,
                asked: ev.moves.asked,
                none: r.none,
                full: r.full,
                below,
            },
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
}

/// The mark of a gate, from the expected pair score against it at the
/// tier's rating `tier` (none: no game against it).
fn gate_mark(g: &Gate, result: Option<&GateResult>, tier: f64) -> Mark {
    let item = format!("gate:{}", g.name);
    let Some(r) = result else {
        return Mark {
            item,
            points: 0.0,
            max: g.points,
            why: Why::Unplayed,
        };
    };
    Mark {
        item,
        points: g.points * ramp(r.expected, g.none, g.full),
        max: g.points,
        why: Why::Gate {
            rating: tier,
            gate_rating: r.rating,
            expected: r.expected,
            none: g.none,
            full: g.full,
            pairs: [r.pairs_won, r.pairs_drawn, r.pairs_lost],
        },
    }
}

/// A fraction as a percentage, one decimal at most (`99.2`, `95`).
fn pct(x: f64) -> String {
    num((x * 1000.0).round() / 10.0)
}

/// A number without trailing zeros (`0.5`, `3`, `0.25`).
pub(crate) fn num(x: f64) -> String {
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
    use super::super::Rated;
    use super::*;
    use crate::results::rating::Ratings;
    use crate::results::record::OwnMoves;
    use std::collections::BTreeMap;

    /// The results against a gate of rating `gate` for a submission rated
    /// `tier`.
    fn gate(name: &str, gate: f64, tier: f64, pairs: [u32; 3]) -> GateResult {
        let n = f64::from(pairs.iter().sum::<u32>()).max(1.0);
        GateResult {
            gate: name.into(),
            pairs_won: pairs[0],
            pairs_drawn: pairs[1],
            pairs_lost: pairs[2],
            pair_score: (f64::from(pairs[0]) + f64::from(pairs[1]) / 2.0) / n,
            rating: gate,
            expected: Ratings::expected_at(tier, gate),
        }
    }

    /// The evidence of a submission rated `tier` against the default
    /// gates (random 0, greedy 200, depth 3 at 600).
    fn evidence(tier: f64, faults: u32, moves: (u32, u32)) -> Evidence {
        let mut f = BTreeMap::new();
        if faults > 0 {
            f.insert("illegal".to_string(), faults);
        }
        Evidence {
            name: "x".into(),
            games: 40,
            points: 20.0,
            rating: Rated {
                elo: tier,
                low: tier - 50.0,
                high: tier + 50.0,
                tier,
            },
            gates: vec![
                gate("builtin:random", 0.0, tier, [4, 0, 0]),
                gate("builtin:greedy", 200.0, tier, [3, 0, 1]),
                gate("builtin:tabula:depth=3", 600.0, tier, [0, 0, 4]),
            ],
            moves: OwnMoves {
                asked: moves.1,
                own: moves.0,
            },
            faults: f,
            accuracy: None,
            blunders: 0,
        }
    }

    fn points(g: &Grade) -> Vec<f64> {
        g.marks.iter().map(|m| m.points).collect()
    }

    #[test]
    fn the_default_rubric_is_valid_and_sums_to_twenty() {
        let r = Rubric::default();
        assert_eq!(r.scale, 20.0);
        assert_eq!(r.round, 0.1);
        assert_eq!(r.gates.len(), 3);
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
    fn the_strongest_submission_gets_the_whole_scale() {
        let r = Rubric::default();
        // Far above the strongest gate, every move its own, no fault.
        let g = r.grade(&evidence(1500.0, 0, (900, 900)));
        assert_eq!(g.total, Some(20.0), "{g:#?}");
        let items: Vec<&str> = g.marks.iter().map(|m| m.item.as_str()).collect();
        assert_eq!(
            items,
            [
                "gate:builtin:random",
                "gate:builtin:greedy",
                "gate:builtin:tabula:depth=3",
                "own-moves",
                "faults"
            ]
        );
        assert_eq!(
            g.marks[0].why.text(),
            "rating 1500 vs 0: expected 1.00 · 0.6 → 0, 0.9 → all · pairs 4–0–0"
        );
        assert_eq!(
            g.marks[3].why.text(),
            "900/900 = 100 % · 50 % → 0, 95 % → all"
        );
        assert_eq!(g.marks[4].why.text(), "−min(0 × 0.25, 3)");
    }

    #[test]
    fn points_follow_the_expected_score_against_each_gate() {
        let r = Rubric::default();
        // As strong as greedy (500 above random): random's full 6, half of
        // greedy's ramp (0.5 between 0.25 and 0.75), depth 3's expected
        // 0.24: nothing.
        let mut ev = evidence(500.0, 0, (100, 100));
        ev.gates[1] = gate("builtin:greedy", 500.0, 500.0, [0, 4, 0]);
        ev.gates[2] = gate("builtin:tabula:depth=3", 1000.0, 500.0, [0, 0, 4]);
        let g = r.grade(&ev);
        assert_eq!(points(&g), [6.0, 3.0, 0.0, 3.0, 0.0], "{g:#?}");
        assert_eq!(g.total, Some(12.0));
        // 200 above random (expected 0.76): a little over half of the
        // random gate, 6 × (0.76 − 0.6)/(0.9 − 0.6).
        let g = r.grade(&evidence(200.0, 0, (100, 100)));
        assert_eq!(g.marks[0].points, 3.19, "{g:#?}");
        // As strong as random: nothing for the gates; own moves still.
        let g = r.grade(&evidence(0.0, 0, (100, 100)));
        assert_eq!(points(&g)[..3], [0.0, 0.0, 0.0]);
        assert_eq!(g.marks[3].points, 3.0, "not below random: {g:#?}");
        // Weaker than random: no own-move points either.
        let g = r.grade(&evidence(-50.0, 0, (100, 100)));
        assert_eq!(g.total, Some(0.0), "{g:#?}");
        assert_eq!(
            g.marks[3].why.text(),
            "100/100 = 100 % · 50 % → 0, 95 % → all · rated below builtin:random: 0"
        );
        // A forced-pass-only program: nothing asked, nothing earned.
        let g = r.grade(&evidence(300.0, 0, (0, 0)));
        assert_eq!(g.marks[3].points, 0.0);
        assert_eq!(g.marks[3].why.text(), "0/0 = – · 50 % → 0, 95 % → all");
    }

    #[test]
    fn faults_cost_points_up_to_the_cap_and_the_total_stays_in_range() {
        let r = Rubric::default();
        let g = r.grade(&evidence(600.0, 160, (100, 100)));
        let faults = g.marks.iter().find(|m| m.item == "faults").unwrap();
        assert_eq!(faults.points, -3.0);
        assert_eq!(faults.max, 0.0);
        assert_eq!(faults.why.text(), "−min(160 × 0.25, 3)");
        // 6 + 6 (greedy 200: expected 0.92) + 0 (depth 3 at 600: 0.5 → all
        // 5) … every item but the faults full: 20 − 3.
        assert_eq!(g.total, Some(17.0));
        let g = r.grade(&evidence(-300.0, 4, (0, 100)));
        assert_eq!(points(&g).iter().sum::<f64>(), -1.0);
        assert_eq!(g.total, Some(0.0), "kept at 0");
        // Own moves 80 %: 3 × (0.8 − 0.5)/(0.95 − 0.5) = 2.
        let g = r.grade(&evidence(600.0, 3, (80, 100)));
        assert_eq!(points(&g), [6.0, 6.0, 5.0, 2.0, -0.75]);
        assert_eq!(g.total, Some(18.3));
    }

    #[test]
    fn a_gate_without_games_gives_nothing() {
        let r = Rubric::default();
        let mut ev = evidence(1500.0, 0, (10, 10));
        ev.gates.remove(1);
        let g = r.grade(&ev);
        assert_eq!(g.marks[1].points, 0.0);
        assert_eq!(g.marks[1].why, Why::Unplayed);
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
        let g = r.grade(&evidence(137.0, 1, (63, 100)));
        assert_eq!(g.total, Some(r.rounded(points(&g).iter().sum())));
    }

    #[test]
    fn accuracy_counts_only_when_given_points() {
        let text = "[accuracy]\npoints = 2.0\n[own_moves]\npoints = 1.0\n";
        let r = Rubric::parse(text).unwrap();
        let mut ev = evidence(100.0, 0, (1, 1));
        ev.accuracy = Some(70.0);
        let g = r.grade(&ev);
        let acc = g.marks.iter().find(|m| m.item == "accuracy").unwrap();
        assert_eq!((acc.points, acc.max), (1.0, 2.0));
        assert_eq!(acc.why.text(), "70.0 · 50 → 0, 90 → all");
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
        let r = Rubric::parse("[[gate]]\nname = \"g\"\npoints = 17.0\nnone = 0.5\nfull = 0.9\n")
            .unwrap();
        assert_eq!(r.gates.len(), 1);
        assert_eq!(r.gates[0].full, 0.9);
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
        let e = err("[own_moves]\npoints = 4.0\n");
        assert!(
            e.contains("the items' points add up to 21, not the scale 20"),
            "{e}"
        );
        let e = err("[own_moves]\nfull = 1.5\n");
        assert!(
            e.contains("own_moves.full = 1.5 (a fraction from 0 to 1)"),
            "{e}"
        );
        let e = err("[rating]\nsure = 0.2\n");
        assert!(e.contains("rating.sure = 0.2"), "{e}");
        let e = err("[rank]\npoints = 5.0\n");
        assert!(e.contains("unknown field `rank`"), "{e}");
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
