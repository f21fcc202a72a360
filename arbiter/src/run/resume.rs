//! Resume: what a results journal already holds of a plan. Its lines are
//! read ([`journal::load`]) and checked ([`verify::verify`]); the lines not
//! trusted are moved aside ([`journal::quarantine`]) and their games are
//! played again. Everything skipped or moved is told on stderr.
//!
//! A season's championship also resumes by pairing ([`adopt`]): when its
//! entrants change, the games between the unchanged ones are kept.

use crate::out::plural;
use crate::results::analysis::Line;
use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use crate::run::plan::Plan;
use crate::run::verify;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The journal's trusted games of a plan.
#[derive(Debug, Default)]
pub(crate) struct Resumed {
    /// The trusted records of the plan's games, one per key, in file order.
    pub(crate) done: Vec<GameRecord>,
    /// Journal lines not trusted (moved aside).
    pub(crate) rejected: usize,
    /// The plan lines of a sharded journal, verbatim.
    pub(crate) plan_lines: Vec<String>,
}

/// Reads the games of `plan` from the journal at `path` (nothing when it
/// does not exist), and moves the lines it cannot trust aside. The games of
/// `siblings` (other plans of the same season) are not told as another
/// tournament's.
pub(crate) fn resume(plan: &Plan, path: &Path, siblings: &[String]) -> Result<Resumed> {
    let loaded = journal::load(path, &plan.fingerprint)?;
    if loaded.bad > 0 {
        log::warn!(
            "{}: {} skipped (not a results line)",
            path.display(),
            plural(loaded.bad, "line")
        );
    }
    let other: usize = (loaded.others.iter())
        .filter(|(fingerprint, _)| !siblings.contains(fingerprint))
        .map(|(_, lines)| lines)
        .sum();
    if other > 0 && loaded.done.is_empty() {
        log::warn!(
            "{}: {} of another tournament (other engines, boards or time control) \
             in this file, not counted here",
            path.display(),
            plural(other, "game")
        );
    }
    let checked = verify::verify(plan, loaded.done, &loaded.lines, plan.whole);
    if !checked.rejected.is_empty() {
        let lines: Vec<(usize, String)> = checked
            .rejected
            .iter()
            .map(|r| (r.line, format!("game {}: {}", r.key, r.why)))
            .collect();
        let aside = journal::quarantine(path, &lines)?;
        for r in &checked.rejected {
            log::warn!(
                "{} line {}, game {}: {}; not counted, the game is played again \
                 (the line is moved to {})",
                path.display(),
                r.line + 1,
                r.key,
                r.why,
                aside.display()
            );
        }
    }
    Ok(Resumed {
        done: checked.good,
        rejected: checked.rejected.len(),
        plan_lines: loaded.plans,
    })
}

/// The identities of the plans a journal has held: `<journal>.entrants`,
/// one JSON object per line, a plan's fingerprint and its entrants'
/// identities by name.
#[derive(Debug, Serialize, Deserialize)]
struct Identities {
    tournament: String,
    entrants: BTreeMap<String, String>,
}

/// The file of the identities beside `journal`.
pub(crate) fn identities_path(journal: &Path) -> PathBuf {
    let mut s = journal.as_os_str().to_owned();
    s.push(".entrants");
    PathBuf::from(s)
}

/// Resume by pairing. A season's plan changes when its entrants do (one
/// admitted, one excluded), and its fingerprint with it; the games its
/// unchanged entrants played are still good. `identities` (one per entrant
/// of `plan`: what it is — its name, its command, its files, its clock;
/// the same text for the same entrant) are kept beside the journal
/// ([`identities_path`]); every game of an earlier plan between two
/// entrants whose identities are unchanged, on a start board and in the
/// colours this plan plays and has no record of yet, is adopted: its line
/// is rewritten with this plan's fingerprint and key, and so are its
/// `analysis` lines, and resume then finds it as its own (and verifies it
/// like any other). The games of `siblings` (the fingerprints of the
/// season's other rounds, played in this run) are never adopted: they
/// are those rounds' own. Returns how many games were adopted.
pub(crate) fn adopt(
    plan: &Plan,
    identities: &[String],
    journal: &Path,
    analysis: Option<&Path>,
    siblings: &[String],
) -> Result<usize> {
    let side = identities_path(journal);
    let mut known = read_identities(&side)?;
    let mine: BTreeMap<String, String> = plan
        .entrants
        .iter()
        .zip(identities)
        .map(|(e, id)| (e.name.clone(), crate::run::plan::fnv_hex(id)))
        .collect();
    if !known.contains_key(&plan.fingerprint) {
        let line = serde_json::to_string(&Identities {
            tournament: plan.fingerprint.clone(),
            entrants: mine.clone(),
        })?;
        append_line(&side, &line)?;
        known.insert(plan.fingerprint.clone(), mine.clone());
    }
    let text = match std::fs::read(journal) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", journal.display())),
    };
    let records: Vec<Option<GameRecord>> = text
        .lines()
        .map(|l| serde_json::from_str::<GameRecord>(l).ok())
        .collect();
    let rekeyed = match_games(plan, &mine, &known, &records, siblings);
    if rekeyed.is_empty() {
        return Ok(0);
    }
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        match (rekeyed.get(&i), &records[i]) {
            (Some(key), Some(r)) => {
                let mut r = r.clone();
                r.tournament = plan.fingerprint.clone();
                r.key = *key;
                r.numbers = *key;
                out.push_str(&serde_json::to_string(&r)?);
            }
            _ => out.push_str(line),
        }
        out.push('\n');
    }
    let moved: HashMap<(String, GameKey), GameKey> = rekeyed
        .iter()
        .filter_map(|(i, key)| {
            let r = records[*i].as_ref()?;
            Some(((r.tournament.clone(), r.key), *key))
        })
        .collect();
    replace_file(journal, &out)?;
    if let Some(path) = analysis {
        rekey_analysis(path, &moved, &plan.fingerprint)?;
    }
    log::info!(
        "{}: {} of earlier plans adopted (the same entrants, unchanged)",
        journal.display(),
        plural(rekeyed.len(), "game")
    );
    Ok(rekeyed.len())
}

/// The journal lines (by index) to adopt, and the key each takes in
/// `plan`: a game of a known earlier plan whose two entrants have the
/// identities they have in `plan`, on a start board of a planned game with
/// the same players in the same colours, whose key has no record yet.
fn match_games(
    plan: &Plan,
    mine: &BTreeMap<String, String>,
    known: &HashMap<String, BTreeMap<String, String>>,
    records: &[Option<GameRecord>],
    siblings: &[String],
) -> BTreeMap<usize, GameKey> {
    let mut taken: HashSet<GameKey> = records
        .iter()
        .flatten()
        .filter(|r| r.tournament == plan.fingerprint)
        .map(|r| r.key)
        .collect();
    let names = plan.names();
    let mut out = BTreeMap::new();
    for (i, r) in records.iter().enumerate() {
        let Some(r) = r else { continue };
        let Some(theirs) = known.get(&r.tournament) else {
            continue;
        };
        if r.tournament == plan.fingerprint || siblings.contains(&r.tournament) {
            continue;
        }
        let same = |name: &str| {
            theirs
                .get(name)
                .is_some_and(|id| mine.get(name) == Some(id))
        };
        if !same(&r.p1) || !same(&r.p2) {
            continue;
        }
        let planned = plan.games.iter().find(|g| {
            names[g.p1] == r.p1
                && names[g.p2] == r.p2
                && g.start.fen() == r.start
                && !taken.contains(&g.key)
        });
        if let Some(g) = planned {
            taken.insert(g.key);
            out.insert(i, g.key);
        }
    }
    out
}

/// The identities kept beside a journal, by fingerprint.
fn read_identities(path: &Path) -> Result<HashMap<String, BTreeMap<String, String>>> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(HashMap::new()),
        Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
    };
    Ok(text
        .lines()
        .filter_map(|l| serde_json::from_str::<Identities>(l).ok())
        .map(|i| (i.tournament, i.entrants))
        .collect())
}

/// The analysis lines of the games `moved` ((fingerprint, key) → new key)
/// given this plan's fingerprint and their new key.
fn rekey_analysis(
    path: &Path,
    moved: &HashMap<(String, GameKey), GameKey>,
    fingerprint: &str,
) -> Result<()> {
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
    };
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    for line in text.split_inclusive('\n') {
        let parsed = serde_json::from_str::<Line>(line.trim_end_matches('\n'));
        let (tournament, key) = match &parsed {
            Ok(Line::Move(m)) => (&m.tournament, m.key),
            Ok(Line::Game(g)) => (&g.tournament, g.key),
            _ => {
                out.push_str(line);
                continue;
            }
        };
        let Some(new) = moved.get(&(tournament.clone(), key)) else {
            out.push_str(line);
            continue;
        };
        let mut l = parsed.expect("matched above");
        match &mut l {
            Line::Move(m) => (m.tournament, m.key) = (fingerprint.to_string(), *new),
            Line::Game(g) => (g.tournament, g.key) = (fingerprint.to_string(), *new),
            Line::Header(_) => {}
        }
        out.push_str(&serde_json::to_string(&l)?);
        if line.ends_with('\n') {
            out.push('\n');
        }
        changed = true;
    }
    if changed {
        replace_file(path, &out)?;
    }
    Ok(())
}

/// Appends one line to `path` (created).
fn append_line(path: &Path, line: &str) -> Result<()> {
    use std::io::Write as _;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open '{}'", path.display()))?;
    writeln!(f, "{line}").with_context(|| format!("cannot write '{}'", path.display()))
}

/// Writes `text` to `path` through a temporary file renamed over it (a
/// crash leaves the old file or the new one).
fn replace_file(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot rewrite '{}'", path.display()))
}
