//! A championship split over several machines: `--shard K/N` plays the
//! K-th of N shares of the plan into its own journal, and `arbiter merge`
//! puts the journals back together.
//!
//! A share is a set of *boards* (both colours of a board of a pairing are
//! played by the same shard, so the engines of a pairing stay warm and a
//! pair is never split): the plan's boards are dealt in schedule order,
//! each to the shard where its two entrants have played least so far (then
//! the shard with the fewest games, then the lowest number), so each shard
//! gets about the same number of games per entrant and in all (see
//! `Plan::owners` in `run::plan`).
//!
//! A sharded journal starts with one *plan line* per plan it plays
//! (`{"plan": {...}}`: the tournament fingerprint, the shard, the entrants,
//! every key of the whole plan and the command line), so that `merge` knows
//! which games are missing and which command plays them. The journal loader
//! skips plan lines.

use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use anyhow::{bail, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// Shard `k` of `n` (1-based: `1/4` … `4/4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub(crate) k: u32,
    pub(crate) n: u32,
}

impl FromStr for Shard {
    type Err = anyhow::Error;

    fn from_str(s: &str) -> Result<Shard> {
        let parsed = s.split_once('/').and_then(|(k, n)| {
            Some((k.trim().parse::<u32>().ok()?, n.trim().parse::<u32>().ok()?))
        });
        match parsed {
            Some((k, n)) if n <= crate::limits::MAX_SHARDS && (1..=n).contains(&k) => {
                Ok(Shard { k, n })
            }
            _ => bail!(
                "--shard: expected K/N with 1 <= K <= N <= {} (e.g. 2/4), found '{s}'",
                crate::limits::MAX_SHARDS
            ),
        }
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

/// What a sharded journal says about its plan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct PlanLine {
    /// The tournament's fingerprint (that of the whole plan).
    pub(crate) tournament: String,
    pub(crate) game: String,
    pub(crate) shard: Shard,
    /// The entrants, in the order of the command.
    pub(crate) names: Vec<String>,
    /// Every key of the whole plan (every shard's), in schedule order.
    pub(crate) keys: Vec<GameKey>,
    /// The shard (1-based) that plays each of `keys`.
    pub(crate) owners: Vec<u32>,
    /// The command line that plays this shard (rerun it to resume).
    pub(crate) command: Vec<String>,
}

#[derive(Serialize, Deserialize)]
struct Wrapped {
    plan: PlanLine,
}

impl PlanLine {
    /// The journal line.
    pub(crate) fn to_line(&self) -> String {
        serde_json::to_string(&Wrapped { plan: self.clone() }).expect("a plan line serialises")
    }

    /// The plan of a journal line, if it is one.
    pub(crate) fn from_line(line: &str) -> Option<PlanLine> {
        if !journal::is_plan_line(line) {
            return None;
        }
        serde_json::from_str::<Wrapped>(line).ok().map(|w| w.plan)
    }
}

/// The journals merged.
#[derive(Debug, Default)]
pub struct Merged {
    /// The tournament's fingerprint.
    pub tournament: String,
    /// Every game once, in schedule order when the plan is known.
    pub records: Vec<GameRecord>,
    /// The entrants (from the plan lines, else in order of appearance).
    pub names: Vec<String>,
    /// Keys found in more than one journal (kept once); those whose games
    /// differ are also in `conflicts`.
    pub duplicates: usize,
    pub conflicts: Vec<String>,
    /// Games of the plan found in no journal, with what plays them.
    pub missing: Vec<Missing>,
    /// Whether any journal had plan lines (without them nothing can be said
    /// about missing games).
    pub planned: bool,
    /// A shard's command line, to adapt for a shard whose journal is
    /// missing.
    pub any_command: Option<ShardCommand>,
    /// Lines of the journals not merged: not results lines, or games that
    /// do not replay by the rules.
    pub(crate) untrusted: Vec<journal::Untrusted>,
}

impl Merged {
    /// Tells the lines not merged by key and sets them aside in
    /// `<merged>.rejected`; how many.
    pub fn set_aside(&self, merged: &Path) -> Result<usize> {
        if self.untrusted.is_empty() {
            return Ok(0);
        }
        let aside = journal::set_aside(merged, &self.untrusted)?;
        journal::tell_untrusted(
            &self.untrusted,
            &format!("not merged (set aside in {})", aside.display()),
        );
        Ok(self.untrusted.len())
    }
}

/// The command line that plays a shard.
#[derive(Debug)]
pub struct ShardCommand {
    pub shard: Shard,
    pub command: Vec<String>,
}

/// Games of one shard found in no journal.
#[derive(Debug, PartialEq)]
pub struct Missing {
    pub shard: Shard,
    pub keys: Vec<GameKey>,
    /// The shard's command line, or `None` when no journal of that shard
    /// was given (then `template` is another shard's command, to adapt).
    pub command: Option<Vec<String>>,
    /// Whether a journal of the shard was among the inputs.
    pub(crate) journal_given: bool,
}

/// Reads and merges sharded journals of one tournament. Refuses journals
/// of different tournaments (naming each file's fingerprint).
pub fn merge(paths: &[PathBuf]) -> Result<Merged> {
    let mut fingerprints: Fingerprints = BTreeMap::new();
    // Every game replayed by the rules, as resume does: a line that does
    // not replay (or is no results line) is set aside, not merged.
    let checked = journal::read_checked(paths)?;
    let mut untrusted = checked.untrusted;
    let plans = read_plans(checked.plans, paths, &mut fingerprints, &mut untrusted);
    let mut records: Vec<(GameRecord, &Path)> = Vec::new();
    for (r, file) in checked.records {
        let path = paths[file].as_path();
        fingerprints
            .entry(r.tournament.clone())
            .or_default()
            .insert(path.display().to_string());
        records.push((r, path));
    }
    let tournament = one_tournament(&fingerprints)?;
    let mut merged = Merged {
        untrusted,
        tournament,
        planned: !plans.is_empty(),
        any_command: plans.first().map(|p| ShardCommand {
            shard: p.shard,
            command: p.command.clone(),
        }),
        ..Merged::default()
    };
    let by_key = merged.keep_each_key_once(records);
    let order = schedule_order(&plans, &by_key);
    merged.names = entrant_names(&plans, &order, &by_key);
    merged.records = order
        .iter()
        .filter_map(|k| by_key.get(k).map(|(r, _)| r.clone()))
        .collect();
    merged.missing = missing_games(&plans, &by_key);
    Ok(merged)
}

/// The files (by their names) holding games or plans of each tournament
/// (by its fingerprint).
type Fingerprints = BTreeMap<String, BTreeSet<String>>;

/// The games kept, by key, with the file each came from.
type ByKey<'a> = BTreeMap<GameKey, (GameRecord, &'a Path)>;

/// The plan lines (verbatim, with their file and line) read, their
/// tournaments counted in `fingerprints`; a line that does not read is
/// `untrusted`.
fn read_plans(
    lines: Vec<(String, usize, usize)>,
    paths: &[PathBuf],
    fingerprints: &mut Fingerprints,
    untrusted: &mut Vec<journal::Untrusted>,
) -> Vec<PlanLine> {
    let mut plans = Vec::new();
    for (line, file, n) in lines {
        let path = &paths[file];
        match PlanLine::from_line(&line) {
            Some(p) => {
                fingerprints
                    .entry(p.tournament.clone())
                    .or_default()
                    .insert(path.display().to_string());
                plans.push(p);
            }
            None => untrusted.push(journal::Untrusted {
                path: path.clone(),
                line: n,
                key: None,
                why: "a plan line that does not read".into(),
                text: line,
            }),
        }
    }
    plans
}

/// The one tournament of the journals; an error naming each file's when
/// they are of several, or when there is none.
fn one_tournament(fingerprints: &Fingerprints) -> Result<String> {
    if fingerprints.len() > 1 {
        let list: Vec<String> = fingerprints
            .iter()
            .map(|(fp, files)| {
                format!(
                    "  {fp}: {}",
                    files.iter().cloned().collect::<Vec<_>>().join(", ")
                )
            })
            .collect();
        bail!(
            "these journals belong to different tournaments (other engines, boards, seed or \
             time control):\n{}",
            list.join("\n")
        );
    }
    let Some(tournament) = fingerprints.keys().next().cloned() else {
        bail!("no game and no plan in the journals given");
    };
    Ok(tournament)
}

impl Merged {
    /// Every key once: the first file's game is kept; the others are
    /// counted as duplicates (and as conflicts when their games differ).
    fn keep_each_key_once<'a>(&mut self, records: Vec<(GameRecord, &'a Path)>) -> ByKey<'a> {
        let mut by_key: ByKey<'a> = BTreeMap::new();
        for (r, path) in records {
            match by_key.get(&r.key) {
                None => {
                    by_key.insert(r.key, (r, path));
                }
                Some((kept, kept_path)) => {
                    self.duplicates += 1;
                    if !kept.same_game(&r) {
                        self.conflicts.push(format!(
                            "{}: differs between {} (kept) and {}",
                            r.key,
                            kept_path.display(),
                            path.display()
                        ));
                    }
                }
            }
        }
        by_key
    }
}

/// Schedule order from the plan lines (keys of every plan, first seen
/// first), then any other key.
fn schedule_order(plans: &[PlanLine], by_key: &ByKey) -> Vec<GameKey> {
    let mut order: Vec<GameKey> = Vec::new();
    let mut seen: HashSet<GameKey> = HashSet::new();
    for p in plans {
        for &k in &p.keys {
            if seen.insert(k) {
                order.push(k);
            }
        }
    }
    for &k in by_key.keys() {
        if seen.insert(k) {
            order.push(k);
        }
    }
    order
}

/// The entrants: those of the plan lines, then the players of the games
/// in `order` in order of appearance.
fn entrant_names(plans: &[PlanLine], order: &[GameKey], by_key: &ByKey) -> Vec<String> {
    let mut names: Vec<String> = plans.first().map(|p| p.names.clone()).unwrap_or_default();
    for k in order {
        if let Some((r, _)) = by_key.get(k) {
            for n in [&r.p1, &r.p2] {
                if !names.contains(n) {
                    names.push(n.clone());
                }
            }
        }
    }
    names
}

/// Missing games, shard by shard: each plan line knows its shard and the
/// keys of the whole plan, so the shard of a key is found again (none
/// without plan lines).
fn missing_games(plans: &[PlanLine], by_key: &ByKey) -> Vec<Missing> {
    let Some(first) = plans.first() else {
        return Vec::new();
    };
    let n = first.shard.n;
    let mut missing: BTreeMap<u32, Vec<GameKey>> = BTreeMap::new();
    // Keys of each plan (a Swiss has one per round), dealt as `run` deals them.
    let mut distinct: Vec<&PlanLine> = Vec::new();
    for p in plans {
        if !distinct.iter().any(|d| d.keys == p.keys) {
            distinct.push(p);
        }
    }
    for p in distinct {
        for (key, &k) in p.keys.iter().zip(&p.owners) {
            if !by_key.contains_key(key) {
                missing.entry(k).or_default().push(*key);
            }
        }
    }
    missing
        .into_iter()
        .map(|(k, keys)| {
            let shard = Shard { k, n };
            let own = plans.iter().find(|p| p.shard == shard);
            Missing {
                shard,
                keys,
                command: own.map(|p| p.command.clone()),
                journal_given: own.is_some(),
            }
        })
        .collect()
}

/// Shard `from`'s command line adapted to shard `to`: the `--shard` value,
/// and the `--results` file name (the last number equal to `from`'s in the
/// name becomes `to`'s, e.g. `s1.jsonl` → `s3.jsonl`; without one,
/// `-shard<K>` goes before the extension).
pub fn with_shard(command: &[String], from: Shard, to: Shard) -> Vec<String> {
    let mut out = Vec::with_capacity(command.len());
    let mut iter = command.iter();
    while let Some(arg) = iter.next() {
        if arg == "--shard" {
            out.push(arg.clone());
            iter.next();
            out.push(to.to_string());
        } else if arg.starts_with("--shard=") {
            out.push(format!("--shard={to}"));
        } else if arg == "--results" {
            out.push(arg.clone());
            if let Some(path) = iter.next() {
                out.push(renumber(path, from.k, to.k));
            }
        } else if let Some(path) = arg.strip_prefix("--results=") {
            out.push(format!("--results={}", renumber(path, from.k, to.k)));
        } else {
            out.push(arg.clone());
        }
    }
    out
}

/// `path` with the last number `from` of its file name replaced by `to`.
fn renumber(path: &str, from: u32, to: u32) -> String {
    let (dir, name) = match path.rfind('/') {
        Some(i) => path.split_at(i + 1),
        None => ("", path),
    };
    // Digit runs of the name, as (start, end).
    let bytes = name.as_bytes();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((start, i));
        } else {
            i += 1;
        }
    }
    let found = runs
        .iter()
        .rev()
        .find(|&&(a, b)| name[a..b].parse::<u32>() == Ok(from));
    match found {
        Some(&(a, b)) => format!("{dir}{}{to}{}", &name[..a], &name[b..]),
        None => match name.rfind('.') {
            Some(dot) if dot > 0 => format!("{dir}{}-shard{to}{}", &name[..dot], &name[dot..]),
            _ => format!("{dir}{name}-shard{to}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_refuse_nonsense() {
        assert_eq!("2/4".parse::<Shard>().unwrap(), Shard { k: 2, n: 4 });
        assert_eq!("1/1".parse::<Shard>().unwrap().to_string(), "1/1");
        for bad in ["0/4", "5/4", "2", "a/b", "1/0", "-1/3", ""] {
            let e = bad.parse::<Shard>().unwrap_err().to_string();
            assert!(e.starts_with("--shard"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_shard_option_is_replaced_in_a_command() {
        let cmd: Vec<String> = ["arbiter", "tournament", "a", "--shard", "1/4", "--seed=3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (one, three) = (Shard { k: 1, n: 4 }, Shard { k: 3, n: 4 });
        assert_eq!(
            with_shard(&cmd, one, three),
            ["arbiter", "tournament", "a", "--shard", "3/4", "--seed=3"]
        );
        let eq: Vec<String> = vec!["x".into(), "--shard=2/2".into()];
        let (k1, k2) = (Shard { k: 1, n: 2 }, Shard { k: 2, n: 2 });
        assert_eq!(with_shard(&eq, k2, k1), ["x", "--shard=1/2"]);
        let results = |p: &str| -> String {
            let cmd = vec!["--results".to_string(), p.to_string()];
            with_shard(&cmd, one, three)[1].clone()
        };
        assert_eq!(results("s1.jsonl"), "s3.jsonl");
        assert_eq!(
            results("run11/shard-1-of-4.jsonl"),
            "run11/shard-3-of-4.jsonl"
        );
        assert_eq!(results("champ.jsonl"), "champ-shard3.jsonl");
        assert_eq!(results("dir.1/champ"), "dir.1/champ-shard3");
    }

    #[test]
    fn plan_lines_are_recognised() {
        let p = PlanLine {
            tournament: "abc".into(),
            game: "knight".into(),
            shard: Shard { k: 1, n: 2 },
            names: vec!["a".into(), "b".into()],
            keys: vec!["r0-p0-b0-c0".parse().unwrap()],
            owners: vec![1],
            command: vec!["arbiter".into()],
        };
        let line = p.to_line();
        assert!(journal::is_plan_line(&line));
        assert_eq!(PlanLine::from_line(&line), Some(p));
        assert_eq!(PlanLine::from_line("{\"tournament\":\"x\"}"), None);
    }
}
