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
use crate::results::analysis::{self, Analyses};
use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use crate::run::plan::Plan;
use crate::run::shard::Shard;
use crate::run::verify;
use anyhow::{bail, Context, Result};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

/// The preparing run's submissions and recognitions, in the season folder.
pub(crate) const PREPARED: &str = "prepared.json";

/// The folder of the shards' journals, in the season folder.
pub(crate) const SHARDS: &str = "shards";

/// The lock of the season folder ([`Locks`]).
const SEASON_LOCK: &str = "season.lock";

/// What a shard needs of the preparing run.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Prepared {
    /// The season folder where it was prepared (absolute, as `--out` was
    /// given): the engines' commands name their files there.
    pub(crate) folder: PathBuf,
    pub(crate) submissions: Vec<(Submission, Option<Recognition>)>,
    /// What defines the championship: the flags that make its plan, and the
    /// submissions admitted. A shard that would play another refuses.
    pub(crate) championship: Championship,
}

/// What defines a season's championship besides its engines.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Championship {
    /// The flags, as `name value` words (`--movetime 1000`, `--design linear`, …).
    pub(crate) flags: Vec<String>,
    pub(crate) admitted: Vec<String>,
}

impl Championship {
    /// What differs from `other` (the preparing run's), in words.
    fn differences(&self, prepared: &Championship) -> Vec<String> {
        let mut out: Vec<String> = self
            .flags
            .iter()
            .zip(&prepared.flags)
            .filter(|(a, b)| a != b)
            .map(|(a, b)| format!("{a} here, {b} when prepared"))
            .collect();
        let only = |a: &[String], b: &[String]| -> Vec<String> {
            a.iter()
                .filter(|n| !b.contains(n))
                .map(|n| crate::names::shown(n))
                .collect()
        };
        let here = only(&self.admitted, &prepared.admitted);
        if !here.is_empty() {
            out.push(format!("admitted here only: {}", here.join(", ")));
        }
        let there = only(&prepared.admitted, &self.admitted);
        if !there.is_empty() {
            out.push(format!("admitted when prepared only: {}", there.join(", ")));
        }
        out
    }
}

/// Keeps the submissions, their recognitions and what defines the
/// championship for the shards (written whole or not at all: a shard never
/// reads half of it).
pub(crate) fn save(
    out: &Path,
    subs: Vec<(Submission, Option<Recognition>)>,
    championship: Championship,
) -> Result<()> {
    let prepared = Prepared {
        folder: out.to_path_buf(),
        submissions: subs,
        championship,
    };
    crate::table::write_whole(&out.join(PREPARED), &serde_json::to_vec(&prepared)?)
}

/// The preparing run's submissions and championship, for a shard:
/// refused when the season was never prepared, or was prepared at another
/// path (`out` is absolute, as the engines' commands name it).
pub(crate) fn load(out: &Path) -> Result<Prepared> {
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
    if prepared.folder != out {
        bail!(
            "--shard: the season was prepared in '{}', and this run is given '{}': every \
             machine must give the season folder by the same path (a shared folder), \
             since the engines' commands name their files there",
            prepared.folder.display(),
            out.display()
        );
    }
    Ok(prepared)
}

/// A shard's championship against the preparing run's: refused when they
/// differ (another plan: its games would be wasted).
pub(crate) fn same_championship(here: &Championship, prepared: &Championship) -> Result<()> {
    let differences = here.differences(prepared);
    if !differences.is_empty() {
        bail!(
            "--shard: this shard would play another championship than the one prepared ({}): \
             give the shard the preparing run's arguments, or prepare again (and keep \
             overrides.toml as it was when prepared)",
            differences.join("; ")
        );
    }
    Ok(())
}

/// The locks that keep the runs of one season folder apart (POSIX record
/// locks, `fcntl`'s `F_SETLK`, also over NFS; released when a run ends,
/// however it ends): a shard holds `season.lock` shared and its own
/// `shards/K-of-N.lock` alone, so two runs of one shard refuse each other;
/// a run without `--shard` (which copies the submissions' files anew, and
/// writes the season's files) holds `season.lock` alone, so it waits for no
/// shard and no shard starts beside it.
///
/// Record locks, not `flock`: an `flock` belongs to the open file and comes
/// along into every process forked while it is held, so an engine being
/// started (between its fork and its exec) when its shard was killed held
/// the killed shard's lock, and the shard run again at once was told it was
/// still running. A record lock belongs to the process alone.
pub(crate) struct Locks {
    _files: Vec<std::fs::File>,
}

/// Opens `path` for locking (creating it and its folder).
fn lock_file(path: &Path) -> Result<std::fs::File> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create '{}'", dir.display()))?;
    }
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
        .with_context(|| format!("cannot open the lock '{}'", path.display()))
}

/// Takes a record lock on the whole of `file` without waiting: shared
/// (`F_RDLCK`) or alone (`F_WRLCK`). `Ok(false)` when another process
/// holds a lock in the way.
fn try_record_lock(file: &std::fs::File, shared: bool) -> std::io::Result<bool> {
    use std::os::fd::AsRawFd;
    // SAFETY: a zeroed `flock` is a valid value of this plain C struct.
    let mut lock: libc::flock = unsafe { std::mem::zeroed() };
    lock.l_type = if shared { libc::F_RDLCK } else { libc::F_WRLCK } as libc::c_short;
    lock.l_whence = libc::SEEK_SET as libc::c_short;
    // (l_start 0 and l_len 0: the whole file, however long it grows.)
    // SAFETY: fcntl on a descriptor `file` owns, with a struct of this
    // frame.
    if unsafe { libc::fcntl(file.as_raw_fd(), libc::F_SETLK, &lock) } == 0 {
        return Ok(true);
    }
    let e = std::io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::EACCES) | Some(libc::EAGAIN) => Ok(false),
        _ => Err(e),
    }
}

impl Locks {
    /// The locks of a run of the season in `out`: shard `shard`'s, or the
    /// whole season's.
    pub(crate) fn take(out: &Path, shard: Option<Shard>) -> Result<Locks> {
        let season_path = out.join(SEASON_LOCK);
        let season = lock_file(&season_path)?;
        let cannot = |path: &Path| format!("cannot lock '{}'", path.display());
        let Some(s) = shard else {
            if !try_record_lock(&season, false).with_context(|| cannot(&season_path))? {
                bail!(
                    "another run of the season in '{}' is under way (a shard, or grade itself): \
                     wait for it to end (this run would copy the submissions' files anew under \
                     its engines), then run again",
                    out.display()
                );
            }
            return Ok(Locks {
                _files: vec![season],
            });
        };
        if !try_record_lock(&season, true).with_context(|| cannot(&season_path))? {
            bail!(
                "a run of the season in '{}' without --shard is under way: run shard {s} when \
                 it has ended",
                out.display()
            );
        }
        let own_path = journal_of(out, s).with_extension("lock");
        let own = lock_file(&own_path)?;
        if !try_record_lock(&own, false).with_context(|| cannot(&own_path))? {
            bail!(
                "shard {s} of the season in '{}' is already running (its lock {} is held, on \
                 this machine or another): one run of a shard at a time",
                out.display(),
                own_path.display()
            );
        }
        Ok(Locks {
            _files: vec![season, own],
        })
    }
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
    /// Games recorded differently by two lines (none added).
    pub(crate) conflicts: usize,
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
    let have = season_keys(results)?;
    let mut by_id: BTreeMap<(String, GameKey), Vec<GameRecord>> = BTreeMap::new();
    for (r, _) in checked.records {
        let id = (r.tournament.clone(), r.key);
        if !have.contains(&id) {
            by_id.entry(id).or_default().push(r);
        }
    }
    let mut new: Vec<GameRecord> = Vec::new();
    for ((_, key), records) in by_id {
        // Records of one game that disagree: none is trusted, the game is
        // played again (as resume does in one journal).
        if records.iter().all(|r| r.same_game(&records[0])) {
            new.extend(records.into_iter().next());
        } else {
            log::warn!(
                "game {key}: {} records in the shards' journals that disagree: none is \
                 added, the game is played again",
                records.len()
            );
            absorbed.conflicts += 1;
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
    // (Also repairs what a stopped run left at the end of the file.)
    let mut writer = analysis::Writer::open_with_header(season, header, &ours)?;
    let mut n = 0;
    for r in games.iter().filter(|r| !ours.has(r)) {
        if let Some(review) = theirs.get(r) {
            writer.append(&review.lines())?;
            n += 1;
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::CommandExt;

    /// Whether another process can take the lock on `path` alone now (in a
    /// forked child: record locks never conflict within one process).
    fn free_for_another_process(path: &Path) -> bool {
        let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: the child makes only open, fcntl and _exit calls, on
        // data prepared before the fork.
        unsafe {
            match libc::fork() {
                0 => {
                    let fd = libc::open(c.as_ptr(), libc::O_RDWR);
                    let mut lock: libc::flock = std::mem::zeroed();
                    lock.l_type = libc::F_WRLCK as libc::c_short;
                    lock.l_whence = libc::SEEK_SET as libc::c_short;
                    let free = fd >= 0 && libc::fcntl(fd, libc::F_SETLK, &lock) == 0;
                    libc::_exit(i32::from(!free));
                }
                pid => {
                    let mut st = 0;
                    libc::waitpid(pid, &mut st, 0);
                    libc::WIFEXITED(st) && libc::WEXITSTATUS(st) == 0
                }
            }
        }
    }

    #[test]
    fn a_shards_locks_are_its_own_and_leave_with_it() {
        let dir = std::env::temp_dir().join(format!("tabula-locks-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let s = Shard { k: 1, n: 2 };
        let own = dir.join(SHARDS).join("1-of-2.lock");
        let locks = Locks::take(&dir, Some(s)).unwrap();
        assert!(!free_for_another_process(&own), "the shard holds its lock");
        assert!(!free_for_another_process(&dir.join(SEASON_LOCK)));
        // A process started while the locks are held, that stays between
        // its fork and its exec (an engine being started when its shard is
        // killed): it has the lock files open, and must not hold the locks.
        // (Spawned from a thread of its own: `spawn` returns only after
        // the exec, as the arbiter's other games go on meanwhile.)
        let starting = std::thread::spawn(|| {
            let mut cmd = std::process::Command::new("true");
            // SAFETY: sleep only, between fork and exec.
            unsafe {
                cmd.pre_exec(|| {
                    libc::sleep(2);
                    Ok(())
                });
            }
            cmd.status().unwrap()
        });
        std::thread::sleep(std::time::Duration::from_millis(500));
        drop(locks);
        assert!(
            free_for_another_process(&own),
            "the shard's lock left with it"
        );
        assert!(free_for_another_process(&dir.join(SEASON_LOCK)));
        assert!(starting.join().unwrap().success());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
