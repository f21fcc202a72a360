//! A season over several machines: `arbiter grade … --shard K/N` plays the
//! K-th of N shares of the championship, and the plain command puts the
//! shares together and grades.
//!
//! ```text
//! arbiter grade DL --game G --out S --prepare            one machine: intake, recognition, checks
//! arbiter grade DL --game G --out S --shard K/N          each machine (GNU parallel, Slurm): a share of a round
//! arbiter grade DL --game G --out S                      one machine: the shares merged, the rest played, graded
//! ```
//!
//! **One season folder, seen at the same path by every machine** (a shared
//! home over NFS, a cluster's shared file system): a shard writes only its
//! own files in it (`shards/K-of-N.jsonl`, its analysis, logs and
//! identities beside it), never the season's. What a shard plays must be
//! what one machine would have played, so nothing that could come out
//! differently on another machine is done again there: the intake, the
//! recognition (a Lisp project's experiment is timed) and the checks are
//! the preparing run's, read from [`PREPARED`] and the kept checks; a shard
//! that would have to do one refuses to start, and says which.
//!
//! **Rounds.** The round robin is one round; the linear season's Swiss
//! rounds are each paired on every game of the rounds before. A shard
//! plays its share of the first round not complete in the season's
//! journals (the season's `results.jsonl` and every shard's journal,
//! read, verified by the rules, never written) and stops: on a shared
//! folder, running the shards again after every shard has stopped plays
//! the next round.
//!
//! **Resume.** A shard stopped midway resumes from its own journal when it
//! is run again. The plain command first adds every shard's verified games
//! (and their analyses) to `results.jsonl` ([`absorb`]: a game already
//! there is not added twice), then plays whatever is still missing itself,
//! so a shard that never came back costs time, never a game.

use crate::grade::{Recognition, Submission};
use crate::results::analysis::{self, Analyses, Line};
use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use crate::run::plan::Plan;
use crate::run::shard::Shard;
use crate::run::verify;
use anyhow::{bail, Context, Result};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The preparing run's submissions and recognitions, in the season folder.
pub(crate) const PREPARED: &str = "prepared.json";

/// The folder of the shards' journals, in the season folder.
pub(crate) const SHARDS: &str = "shards";

/// What a shard needs of the preparing run.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Prepared {
    /// The season folder where it was prepared (absolute): every engine's
    /// command names its files there, and the championship's fingerprints
    /// with them.
    pub(crate) folder: PathBuf,
    pub(crate) submissions: Vec<(Submission, Option<Recognition>)>,
}

/// The season folder as every machine must see it.
fn absolute(out: &Path) -> PathBuf {
    std::fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf())
}

/// Keeps the submissions and their recognitions for the shards (through a
/// temporary file: a shard never reads half of it).
pub(crate) fn save(out: &Path, subs: Vec<(Submission, Option<Recognition>)>) -> Result<()> {
    let prepared = Prepared {
        folder: absolute(out),
        submissions: subs,
    };
    let path = out.join(PREPARED);
    let tmp = out.join(format!("{PREPARED}.tmp"));
    std::fs::write(&tmp, serde_json::to_vec(&prepared)?)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .with_context(|| format!("cannot write '{}'", path.display()))
}

/// The preparing run's submissions, for a shard: refused when the season
/// was never prepared, or was prepared at another path.
pub(crate) fn load(out: &Path) -> Result<Vec<(Submission, Option<Recognition>)>> {
    let path = out.join(PREPARED);
    let text = match std::fs::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
            "--shard: the season in '{}' is not prepared: run the same command with \
             --prepare instead of --shard first, on one machine (the intake, the \
             recognition and the checks), then the shards",
            out.display()
        ),
        Err(e) => return Err(e).with_context(|| format!("cannot read '{}'", path.display())),
    };
    let prepared: Prepared = serde_json::from_slice(&text).with_context(|| {
        format!(
            "'{}' does not read (written by another arbiter?): prepare the season again \
             with --prepare",
            path.display()
        )
    })?;
    let here = absolute(out);
    if prepared.folder != here {
        bail!(
            "--shard: the season was prepared in '{}', and this machine sees it at '{}': \
             every machine must see the season folder at the same path (a shared folder), \
             since the engines' commands name their files there",
            prepared.folder.display(),
            here.display()
        );
    }
    Ok(prepared.submissions)
}

/// Shard `s`'s journal in the season folder `out`.
pub(crate) fn journal_of(out: &Path, s: Shard) -> PathBuf {
    out.join(SHARDS).join(format!("{}-of-{}.jsonl", s.k, s.n))
}

/// The shards' journals in `out` (not their analyses), sorted.
pub(crate) fn journals(out: &Path) -> Vec<PathBuf> {
    let Ok(dir) = std::fs::read_dir(out.join(SHARDS)) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = dir
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| n.ends_with(".jsonl") && !n.ends_with(".analysis.jsonl"))
                && p.is_file()
        })
        .collect();
    found.sort();
    found
}

/// The games of `plan` in any of `files` (those that exist), each key
/// once, verified against the plan and by the rules, in the plan's order:
/// what the season knows of a round, read and never written.
pub(crate) fn known(plan: &Plan, files: &[PathBuf]) -> Result<Vec<GameRecord>> {
    let mut by_key: HashMap<GameKey, GameRecord> = HashMap::new();
    for path in files.iter().filter(|p| p.exists()) {
        let loaded = journal::load(path, &plan.fingerprint)?;
        for r in verify::verify(plan, loaded.done, &loaded.lines, false).good {
            by_key.entry(r.key).or_insert(r);
        }
    }
    Ok(plan
        .games
        .iter()
        .filter_map(|g| by_key.remove(&g.key))
        .collect())
}

/// What [`absorb`] added to the season's journal.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Absorbed {
    pub(crate) journals: usize,
    pub(crate) games: usize,
    pub(crate) analysed: usize,
    /// Lines of the shards' journals that did not replay by the rules (told,
    /// left out: their games are played again).
    pub(crate) untrusted: usize,
}

/// Adds the games of every shard's journal in `out` that the season's
/// journal (`results`) lacks, each replayed by the rules first, and their
/// analyses to `analysis` (when the shards analysed them with the same
/// settings). A game already in the season's journal is not added again,
/// so absorbing twice changes nothing.
pub(crate) fn absorb(out: &Path, results: &Path, analysis: &Path) -> Result<Absorbed> {
    let files = journals(out);
    let mut absorbed = Absorbed {
        journals: files.len(),
        ..Absorbed::default()
    };
    if files.is_empty() {
        return Ok(absorbed);
    }
    let checked = journal::read_checked(&files)?;
    if !checked.untrusted.is_empty() {
        journal::tell_untrusted(&checked.untrusted, "not added to the season (played again)");
        absorbed.untrusted = checked.untrusted.len();
    }
    let mut have = season_keys(results)?;
    let mut new: Vec<GameRecord> = Vec::new();
    for (r, _) in checked.records {
        if have.insert((r.tournament.clone(), r.key)) {
            new.push(r);
        }
    }
    if new.is_empty() {
        return Ok(absorbed);
    }
    let mut season = journal::Journal::open(results)?;
    for r in &new {
        season.append(r)?;
    }
    absorbed.games = new.len();
    let beside: Vec<PathBuf> = files
        .iter()
        .map(|f| crate::results::html::analysis_beside(f))
        .collect();
    absorbed.analysed = absorb_analyses(&new, &beside, analysis)?;
    Ok(absorbed)
}

/// The (tournament, key) of every game in the season's journal.
fn season_keys(results: &Path) -> Result<HashSet<(String, GameKey)>> {
    if !results.exists() {
        return Ok(HashSet::new());
    }
    Ok(journal::read_lines(results)?
        .into_iter()
        .flatten()
        .filter_map(|l| serde_json::from_str::<GameRecord>(&l).ok())
        .map(|r| (r.tournament, r.key))
        .collect())
}

/// Appends the analyses of `games` found in the shards' analysis files to
/// the season's; how many. Analyses made with other settings than the
/// season's file holds are left out (the season analyses those games
/// again).
fn absorb_analyses(games: &[GameRecord], files: &[PathBuf], season: &Path) -> Result<usize> {
    let theirs = Analyses::load_all(files)?;
    let Some(header) = theirs.header.clone() else {
        return Ok(0);
    };
    let ours = Analyses::load(season)?;
    if let Some(h) = &ours.header {
        if (&h.reference, &h.settings) != (&header.reference, &header.settings) {
            log::warn!(
                "the shards analysed with {} {}, the season's analysis is {} {}: their \
                 games are analysed again",
                header.reference,
                header.settings,
                h.reference,
                h.settings
            );
            return Ok(0);
        }
    }
    let mut lines: Vec<Line> = Vec::new();
    if ours.header.is_none() {
        lines.push(Line::Header(header));
    }
    let mut n = 0;
    for r in games.iter().filter(|r| !ours.has(r)) {
        if let Some(review) = theirs.get(r) {
            lines.extend(review.lines());
            n += 1;
        }
    }
    if n > 0 || ours.header.is_none() {
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(season)
            .with_context(|| format!("cannot open '{}'", season.display()))?;
        f.write_all(analysis::to_text(&lines).as_bytes())
            .with_context(|| format!("cannot write '{}'", season.display()))?;
    }
    Ok(n)
}

/// What a shard's run tells when it stops: the round it played its share
/// of, and whether the round is complete in the season's journals.
pub(crate) struct Share {
    /// `None`: every round was already complete.
    pub(crate) round: Option<u32>,
    pub(crate) played: usize,
    pub(crate) of: usize,
    pub(crate) interrupted: bool,
}
