//! The results journal: one JSON object per finished game, appended and
//! flushed as each game ends, so that running the same command again resumes
//! an interrupted tournament.
//!
//! A line counts as done for a tournament when its `tournament` fingerprint
//! matches and its `key` is one of the tournament's games. Lines of other
//! tournaments are left alone (a file may hold several), and a line cut short
//! by a crash of the arbiter is skipped with a warning (the game is replayed).
//! Resume trusts no line it cannot check ([`crate::run::verify`]): the lines it
//! rejects are moved to `<journal>.rejected` ([`quarantine`]) and their
//! games played again.

use crate::results::record::GameRecord;
use anyhow::{Context, Result};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// What a journal already holds for a tournament.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    /// Finished games of this tournament, every line in file order
    /// (duplicates too: see [`crate::run::verify`]).
    pub(crate) done: Vec<GameRecord>,
    /// The 0-based line of each of `done` in the file.
    pub(crate) lines: Vec<usize>,
    /// Lines of other tournaments.
    pub(crate) other: usize,
    /// Lines that are not results (cut short, edited by hand).
    pub(crate) bad: usize,
    /// The plan lines of a sharded journal (see [`crate::run::shard`]), verbatim.
    pub(crate) plans: Vec<String>,
}

/// Whether a journal line is a plan line (a sharded journal's, see
/// `run::shard`; skipped by the results loader).
pub(crate) fn is_plan_line(line: &str) -> bool {
    line.trim_start().starts_with("{\"plan\"")
}

/// Reads the games of tournament `fingerprint` from `path` (nothing if the
/// file does not exist).
pub(crate) fn load(path: &Path, fingerprint: &str) -> Result<Loaded> {
    let mut loaded = Loaded::default();
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(loaded),
        Err(e) => {
            return Err(e).with_context(|| format!("cannot read results '{}'", path.display()))
        }
    };
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if is_plan_line(line) {
            loaded.plans.push(line.to_string());
            continue;
        }
        match serde_json::from_str::<GameRecord>(line) {
            Ok(r) if r.tournament == fingerprint => {
                loaded.done.push(r);
                loaded.lines.push(i);
            }
            Ok(_) => loaded.other += 1,
            Err(_) => loaded.bad += 1,
        }
    }
    Ok(loaded)
}

/// Moves the lines `rejected` (0-based, with why) of the journal `path` to
/// `<path>.rejected`, each after a `# why` line, and rewrites the journal
/// without them (a new file renamed over it: a crash leaves the old one or
/// the new one). Returns the file they went to.
pub(crate) fn quarantine(path: &Path, rejected: &[(usize, String)]) -> Result<PathBuf> {
    let text =
        std::fs::read(path).with_context(|| format!("cannot read results '{}'", path.display()))?;
    let text = String::from_utf8_lossy(&text);
    let mut kept = String::new();
    let mut moved = String::new();
    let why_of: std::collections::HashMap<usize, &str> =
        rejected.iter().map(|(l, why)| (*l, why.as_str())).collect();
    for (i, line) in text.lines().enumerate() {
        match why_of.get(&i) {
            Some(why) => {
                moved.push_str(&format!("# {why}\n{line}\n"));
            }
            None => {
                kept.push_str(line);
                kept.push('\n');
            }
        }
    }
    let aside = with_suffix(path, ".rejected");
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&aside)
        .with_context(|| format!("cannot open '{}'", aside.display()))?;
    f.write_all(moved.as_bytes())
        .and_then(|_| f.sync_all())
        .with_context(|| format!("cannot write '{}'", aside.display()))?;
    let tmp = with_suffix(path, ".tmp");
    std::fs::write(&tmp, kept)
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot rewrite results '{}'", path.display()))?;
    Ok(aside)
}

/// `path` with `suffix` added to its name (`r.jsonl` → `r.jsonl.rejected`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// An open journal.
pub(crate) struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (creating) `path` for appending; completes a last line cut short.
    pub(crate) fn open(path: &Path) -> Result<Journal> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .read(true)
            .open(path)
            .with_context(|| format!("cannot open results '{}'", path.display()))?;
        let len = file.metadata()?.len();
        if len > 0 {
            let mut last = [0u8; 1];
            file.seek(SeekFrom::Start(len - 1))?;
            file.read_exact(&mut last)?;
            if last[0] != b'\n' {
                file.write_all(b"\n")?;
            }
        }
        Ok(Journal {
            file,
            path: path.to_path_buf(),
        })
    }

    /// Appends one game and flushes it to the file.
    pub(crate) fn append(&mut self, record: &GameRecord) -> Result<()> {
        self.append_line(&serde_json::to_string(record)?)
    }

    /// Appends one line (a game, or the plan line of a shard) and flushes it.
    pub(crate) fn append_line(&mut self, line: &str) -> Result<()> {
        let mut line = line.to_string();
        line.push('\n');
        self.file
            .write_all(line.as_bytes())
            .and_then(|_| self.file.flush())
            .with_context(|| format!("cannot write results '{}'", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A journal written by the arbiter before results were typed (every
    /// reason, faults with offender, detail, overrun and log, a lenient
    /// game's late moves, a double startup failure): it must still load, and
    /// write back byte for byte.
    const OLD: &str = include_str!("../../tests/data/journal.jsonl");

    #[test]
    fn an_old_journal_loads_and_reserialises_identically() {
        for line in OLD.lines() {
            let record: GameRecord =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("cannot load {line}: {e}"));
            assert_eq!(serde_json::to_string(&record).unwrap(), line);
        }
        let reasons: std::collections::BTreeSet<&str> = OLD
            .lines()
            .filter_map(|l| l.split("\"reason\":\"").nth(1)?.split('"').next())
            .collect();
        assert_eq!(
            reasons.into_iter().collect::<Vec<_>>(),
            [
                "crash",
                "illegal",
                "malformed",
                "maxlength",
                "normal",
                "resign",
                "stall",
                "startup",
                "timeout"
            ]
        );
    }

    #[test]
    fn load_keeps_the_tournament_and_counts_the_rest() {
        let dir = std::env::temp_dir().join(format!("journal-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j.jsonl");
        let first: GameRecord = serde_json::from_str(OLD.lines().next().unwrap()).unwrap();
        std::fs::write(&path, format!("{OLD}{{\"cut short")).unwrap();
        let loaded = load(&path, &first.tournament).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let same = OLD
            .lines()
            .filter(|l| l.contains(&format!("\"tournament\":\"{}\"", first.tournament)))
            .count();
        assert_eq!(loaded.done.len(), same);
        assert_eq!(loaded.other, OLD.lines().count() - same);
        assert_eq!(loaded.bad, 1);
    }
}
