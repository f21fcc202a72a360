//! The benchmark's statistics (`arbiter bench-similarity`): from one game's
//! engines and answers ([`Dump`]), the null distribution of z over the
//! independent pairs, the threshold and its measured false-alarm rate, and
//! the detection rate of each kind of changed copy.
//!
//! **Out of sample, twice.** Each pair is judged with the pool and the
//! spread τ of the others (the chance model leaves the pair's engines out);
//! and the threshold is chosen on one half of the independent engines (the
//! even-numbered students: the smallest multiple of 0.5 above every z of
//! their pairs, and at least 4) and measured on the other (the odd-numbered
//! students, the reference players and the engines of `--engines`), whose
//! pairs never saw it.

use super::chance::Model;
use super::null::{clopper_pearson_upper, Null, TAIL_FROM};
use super::zoo::Change;
use serde::Serialize;
use std::collections::BTreeMap;
use tabula::games::GameId;

/// What an engine of the bench is.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "role", rename_all = "lowercase")]
pub(crate) enum Role {
    /// A reference player (also a member of the independent pairs).
    Reference,
    /// An independent engine.
    Independent,
    /// A changed copy of engine `of`.
    Copy { of: usize, change: Change },
}

/// One engine of the bench: its family (two engines of one family are not
/// independent), its role, its answers.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Member {
    pub(crate) name: String,
    pub(crate) family: String,
    #[serde(flatten)]
    pub(crate) role: Role,
    pub(crate) answers: Vec<Option<String>>,
}

/// One game's engines and positions, as the bench dumps them.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct Dump {
    pub(crate) game: String,
    pub(crate) fens: Vec<String>,
    pub(crate) legal: Vec<usize>,
    pub(crate) first: Vec<bool>,
    pub(crate) members: Vec<Member>,
}

/// The lowest threshold chosen.
const MIN_THRESHOLD: f64 = 4.0;

/// What the benchmark found on one game.
#[derive(Clone, Debug)]
pub(crate) struct Measured {
    pub(crate) null: Null,
    /// Independent pairs of the choosing half, and their largest z.
    pub(crate) chosen_on: usize,
    pub(crate) chosen_max: f64,
    /// The z of the measuring half's pairs, sorted.
    pub(crate) zs: Vec<f64>,
    /// Independent pairs a canonical reference explains (not flagged).
    pub(crate) explained: usize,
    /// The three largest z of the measuring half: (z, agreement, a, b).
    pub(crate) largest: Vec<(f64, f64, String, String)>,
    /// Per change: the copies flagged, of how many, and their z (sorted).
    pub(crate) copies: BTreeMap<Change, Vec<(bool, f64)>>,
}

/// Which half of the independent engines an engine is in: `Some(true)`
/// choosing (even students), `Some(false)` measuring, `None`: a copy.
fn half(d: &Dump, i: usize) -> Option<bool> {
    let m = &d.members[i];
    match m.role {
        Role::Copy { .. } => None,
        Role::Reference => Some(false),
        Role::Independent => Some(
            m.name
                .strip_prefix("student-")
                .and_then(|n| n.parse::<usize>().ok())
                .is_some_and(|n| n % 2 == 0),
        ),
    }
}

/// Measures one game.
pub(crate) fn measure(d: &Dump, game: GameId) -> Measured {
    let answers: Vec<Vec<Option<String>>> = d.members.iter().map(|m| m.answers.clone()).collect();
    let in_pool: Vec<bool> = (0..answers.len()).map(|i| half(d, i).is_some()).collect();
    let canonical: Vec<(usize, String)> = d
        .members
        .iter()
        .enumerate()
        .filter(|(_, m)| matches!(m.role, Role::Reference) && m.family != "random")
        .map(|(i, m)| (i, m.name.clone()))
        .collect();
    let mut model = Model::new(&answers, &d.legal, Some(in_pool.clone()), canonical, 0.0);
    let independent: Vec<usize> = (0..answers.len()).filter(|&i| in_pool[i]).collect();
    let mut pairs = Vec::new();
    for (k, &a) in independent.iter().enumerate() {
        for &b in &independent[k + 1..] {
            if d.members[a].family != d.members[b].family {
                pairs.push((a, b));
            }
        }
    }
    model.measure_spread(&pairs);
    let (mut choose, mut measure, mut explained) = (Vec::new(), Vec::new(), 0);
    for &(a, b) in &pairs {
        let (ha, hb) = (half(d, a), half(d, b));
        if ha != hb {
            continue;
        }
        let (z, raw) = model.z(a, b);
        let z = if model.explained(a, b).is_some() {
            explained += 1;
            f64::NEG_INFINITY
        } else {
            z
        };
        let agree = raw.same / raw.positions.max(1) as f64;
        if ha == Some(true) {
            choose.push(z);
        } else {
            measure.push((z, agree, a, b));
        }
    }
    let chosen_max = choose.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let threshold = ((chosen_max * 2.0).floor() / 2.0 + 0.5).max(MIN_THRESHOLD);
    measure.sort_by(|x, y| y.0.total_cmp(&x.0));
    let above = measure.iter().filter(|m| m.0 >= threshold).count();
    // The game's spread: of every independent pair (nobody left out).
    let tau = model.centre(usize::MAX, usize::MAX).1;
    let copies = copies(d, &model, threshold);
    Measured {
        null: Null {
            game,
            positions: d.legal.len(),
            tau,
            threshold,
            pairs: measure.len(),
            above,
            bound: clopper_pearson_upper(above, measure.len()),
            tail: {
                let mut t: Vec<f64> = measure
                    .iter()
                    .map(|m| m.0)
                    .filter(|&z| z >= TAIL_FROM)
                    .collect();
                t.sort_by(f64::total_cmp);
                t
            },
        },
        chosen_on: choose.len(),
        chosen_max,
        largest: measure
            .iter()
            .take(3)
            .map(|m| {
                (
                    m.0,
                    m.1,
                    d.members[m.2].name.clone(),
                    d.members[m.3].name.clone(),
                )
            })
            .collect(),
        zs: {
            let mut v: Vec<f64> = measure.iter().map(|m| m.0).collect();
            v.sort_by(f64::total_cmp);
            v
        },
        explained,
        copies,
    }
}

/// Each copy judged against its original (the copy is not in the pool; the
/// original is, and is left out), flagged as a class's pair would be.
fn copies(d: &Dump, model: &Model, threshold: f64) -> BTreeMap<Change, Vec<(bool, f64)>> {
    let mut out: BTreeMap<Change, Vec<(bool, f64)>> = BTreeMap::new();
    for (c, m) in d.members.iter().enumerate() {
        let Role::Copy { of, change } = m.role else {
            continue;
        };
        let (z, raw) = model.z(of, c);
        let flagged = raw.positions >= super::behaviour::MIN_POSITIONS
            && z >= threshold
            && model.explained(of, c).is_none();
        out.entry(change).or_default().push((flagged, z));
    }
    for v in out.values_mut() {
        v.sort_by(|x, y| x.1.total_cmp(&y.1));
    }
    out
}
