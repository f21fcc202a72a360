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
//!
//! A journal is read line by line as bytes: a line that is not UTF-8 text
//! is one bad line, never a reason to refuse the file. `report`, `merge`
//! and `analyse` read journals through [`read_checked`]: every line is
//! replayed by the rules as resume replays it ([`replay`]: legal moves, the
//! recorded scores, a result that follows from its reason), and a line
//! that fails is told by its key and left out ([`Untrusted`]); the others
//! go on.

use crate::results::record::{GameKey, GameRecord};
use crate::results::result::{Offender, Reason, Side, Winner};
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use tabula::game::Outcome;
use tabula::games::AnyPosition;

/// What a journal already holds for a tournament.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    /// Finished games of this tournament, every line in file order
    /// (duplicates too: see [`crate::run::verify`]).
    pub(crate) done: Vec<GameRecord>,
    /// The 0-based line of each of `done` in the file.
    pub(crate) lines: Vec<usize>,
    /// Lines of other tournaments, by fingerprint.
    pub(crate) others: BTreeMap<String, usize>,
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

/// The lines of a journal as bytes, without their line ends (nothing when
/// the file does not exist; a special file, such as a FIFO or a device, is
/// refused).
fn raw_lines(path: &Path) -> Result<Vec<Vec<u8>>> {
    let bytes = match crate::paths::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(e).with_context(|| format!("cannot read results '{}'", path.display()))
        }
    };
    Ok(split_lines(&bytes))
}

/// `bytes` cut into lines, without their line ends.
fn split_lines(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l).to_vec())
        .collect();
    if bytes.ends_with(b"\n") || bytes.is_empty() {
        lines.pop();
    }
    lines
}

/// The lines of a journal: each line's text, or `None` when it is not
/// UTF-8.
pub(crate) fn read_lines(path: &Path) -> Result<Vec<Option<String>>> {
    Ok(raw_lines(path)?
        .into_iter()
        .map(|l| String::from_utf8(l).ok())
        .collect())
}

/// Reads the games of tournament `fingerprint` from `path` (nothing if the
/// file does not exist).
pub(crate) fn load(path: &Path, fingerprint: &str) -> Result<Loaded> {
    let mut loaded = Loaded::default();
    for (i, line) in read_lines(path)?.into_iter().enumerate() {
        let Some(line) = line else {
            loaded.bad += 1;
            continue;
        };
        let line = line.as_str();
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
            Ok(r) => *loaded.others.entry(r.tournament).or_default() += 1,
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
    let mut kept: Vec<u8> = Vec::new();
    let mut moved: Vec<u8> = Vec::new();
    let why_of: std::collections::HashMap<usize, &str> =
        rejected.iter().map(|(l, why)| (*l, why.as_str())).collect();
    // Byte for byte: a line that is not UTF-8 is moved or kept as it is.
    for (i, line) in raw_lines(path)?.into_iter().enumerate() {
        let to = match why_of.get(&i) {
            Some(why) => {
                moved.extend_from_slice(format!("# {why}\n").as_bytes());
                &mut moved
            }
            None => &mut kept,
        };
        to.extend_from_slice(&line);
        to.push(b'\n');
    }
    let aside = set_aside_bytes(path, &moved)?;
    let tmp = with_suffix(path, ".tmp");
    std::fs::write(&tmp, kept)
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot rewrite results '{}'", path.display()))?;
    Ok(aside)
}

/// Appends `lines` (each after its `# why` line) to `<path>.rejected`;
/// returns that file.
fn set_aside_bytes(path: &Path, lines: &[u8]) -> Result<PathBuf> {
    let aside = with_suffix(path, ".rejected");
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&aside)
        .with_context(|| format!("cannot open '{}'", aside.display()))?;
    f.write_all(lines)
        .and_then(|_| f.sync_all())
        .with_context(|| format!("cannot write '{}'", aside.display()))?;
    Ok(aside)
}

/// A journal line that [`read_checked`] does not trust.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Untrusted {
    pub(crate) path: PathBuf,
    /// 0-based line of the file.
    pub(crate) line: usize,
    /// Its game, when the line says one.
    pub(crate) key: Option<GameKey>,
    pub(crate) why: String,
    /// The line as it was (invalid UTF-8 shown as U+FFFD).
    pub(crate) text: String,
}

impl std::fmt::Display for Untrusted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} line {}", self.path.display(), self.line + 1)?;
        if let Some(k) = self.key {
            write!(f, ", game {k}")?;
        }
        write!(f, ": {}", self.why)
    }
}

/// The lines of journals as [`read_checked`] reads them.
#[derive(Debug, Default)]
pub(crate) struct Checked {
    /// The trusted games, in file order, with the index of their file.
    pub(crate) records: Vec<(GameRecord, usize)>,
    /// The plan lines of sharded journals, verbatim, with their file and
    /// their 0-based line.
    pub(crate) plans: Vec<(String, usize, usize)>,
    /// The lines left out, and why.
    pub(crate) untrusted: Vec<Untrusted>,
}

/// Reads the games of `paths` (which must exist), each line replayed by
/// the rules from its own start board ([`replay`]); a line that is not
/// UTF-8, not a results line, or whose game does not replay is
/// [`Untrusted`], told by key. Plan lines are kept apart.
pub(crate) fn read_checked(paths: &[PathBuf]) -> Result<Checked> {
    let mut checked = Checked::default();
    for (file, path) in paths.iter().enumerate() {
        let bytes = crate::paths::read(path)
            .with_context(|| format!("cannot read results '{}'", path.display()))?;
        for (n, raw) in split_lines(&bytes).into_iter().enumerate() {
            let untrusted = |key: Option<GameKey>, why: String| Untrusted {
                path: path.clone(),
                line: n,
                key,
                why,
                text: String::from_utf8_lossy(&raw).into_owned(),
            };
            let Ok(line) = std::str::from_utf8(&raw) else {
                let key = key_of(&String::from_utf8_lossy(&raw));
                checked
                    .untrusted
                    .push(untrusted(key, "not UTF-8 text".into()));
                continue;
            };
            if line.trim().is_empty() {
                continue;
            }
            if is_plan_line(line) {
                checked.plans.push((line.to_string(), file, n));
                continue;
            }
            match serde_json::from_str::<GameRecord>(line) {
                Err(e) => checked.untrusted.push(untrusted(
                    key_of(line),
                    format!("not a results line ({e}): cut short, or edited"),
                )),
                Ok(r) => match AnyPosition::from_fen(&r.start) {
                    Err(e) => checked
                        .untrusted
                        .push(untrusted(Some(r.key), format!("start board: {e}"))),
                    Ok(start) => match replay(&r, start) {
                        Err(why) => checked.untrusted.push(untrusted(Some(r.key), why)),
                        Ok(()) => checked.records.push((r, file)),
                    },
                },
            }
        }
    }
    Ok(checked)
}

/// The key a line that is not a results line still says, if any.
fn key_of(line: &str) -> Option<GameKey> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    v.get("key")?.as_str()?.parse().ok()
}

/// Tells each untrusted line on stderr, by key, with what became of it.
pub(crate) fn tell_untrusted(untrusted: &[Untrusted], fate: &str) {
    for u in untrusted {
        log::warn!("{u}; {fate}");
    }
}

/// Appends the `untrusted` lines to `<path>.rejected`, each after a `#
/// why` line (as resume sets its lines aside); returns that file.
pub(crate) fn set_aside(path: &Path, untrusted: &[Untrusted]) -> Result<PathBuf> {
    let mut text = String::new();
    for u in untrusted {
        text.push_str(&format!("# {u}\n{}\n", u.text));
    }
    set_aside_bytes(path, text.as_bytes())
}

/// `path` with `suffix` added to its name (`r.jsonl` → `r.jsonl.rejected`).
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Replays `r` from `start` by the rules: legal moves, the recorded
/// scores, a result that follows from its reason (see the module's text).
pub(crate) fn replay(r: &GameRecord, start: AnyPosition) -> Result<(), String> {
    if r.numbers != r.key {
        return Err(format!("its fields say game {}", r.numbers));
    }
    if r.game != start.game().to_string() {
        return Err(format!("game '{}', the plan's is {}", r.game, start.game()));
    }
    let mut pos = start;
    for (i, m) in r.moves.iter().enumerate() {
        pos.play_text(m)
            .map_err(|e| format!("move {} '{m}' is not legal: {e}", i + 1))?;
    }
    let scores = pos.scores();
    if scores != [r.score1, r.score2] {
        return Err(format!(
            "scores {}-{} recorded, {}-{} on the final board",
            r.score1, r.score2, scores[0], scores[1]
        ));
    }
    replaced_moves_agree(r)?;
    let expected = expected_winner(r, &pos)?;
    let faulty = matches!(
        r.reason,
        Reason::Illegal
            | Reason::Malformed
            | Reason::Timeout
            | Reason::Stall
            | Reason::Crash
            | Reason::Startup
            | Reason::Replaced
    );
    if !faulty && r.offender.is_some() {
        return Err(format!("an offender for a '{}' end", r.reason));
    }
    if r.winner != expected {
        return Err(format!(
            "winner {} recorded, the {} end gives {expected}",
            r.winner, r.reason
        ));
    }
    Ok(())
}

/// The replaced moves of `r` agree with its counts, and lie in the game
/// (the one at its last ply only when it ended the game).
fn replaced_moves_agree(r: &GameRecord) -> Result<(), String> {
    for (side, count) in [(Side::P1, r.replaced1), (Side::P2, r.replaced2)] {
        let listed = r.replaced.iter().filter(|m| m.side == side).count() as u32;
        if count.is_some_and(|n| n != listed) {
            return Err(format!(
                "{} replaced moves of {side} counted, {listed} listed",
                count.unwrap_or(0)
            ));
        }
    }
    if let Some(m) = r
        .replaced
        .iter()
        .find(|m| m.ply > r.moves.len() || (m.ply == r.moves.len() && r.reason != Reason::Replaced))
    {
        return Err(format!(
            "a replaced move at ply {} of {}",
            m.ply,
            r.moves.len()
        ));
    }
    Ok(())
}

/// The winner that the end of `r` gives on its final board `pos`, or why
/// that end cannot be.
fn expected_winner(r: &GameRecord, pos: &AnyPosition) -> Result<Winner, String> {
    let scores = pos.scores();
    let outcome = pos.outcome();
    let mover = Side::from(pos.side_to_move());
    let expected: Winner = match r.reason {
        Reason::Normal => match outcome {
            None => return Err("'normal' end, but the game is not over".into()),
            Some(Outcome::Win(p)) => Winner::Side(p.into()),
            Some(Outcome::Draw) => Winner::Draw,
        },
        // A person's resignation (`arbiter play`, never in a tournament):
        // whoever resigned, one side won.
        Reason::Resign => match r.winner {
            Winner::Side(s) => Winner::Side(s),
            Winner::Draw => return Err("a resignation recorded as a draw".into()),
        },
        _ if outcome.is_some() => {
            return Err(format!(
                "'{}' end, but the game was over by the rules",
                r.reason
            ))
        }
        Reason::MaxLength => match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Winner::Side(Side::P1),
            std::cmp::Ordering::Less => Winner::Side(Side::P2),
            std::cmp::Ordering::Equal => Winner::Draw,
        },
        Reason::Startup => match r.offender {
            _ if !r.moves.is_empty() => return Err("'startup' fault after a move".into()),
            Some(Offender::Both) => Winner::Draw,
            Some(Offender::Side(s)) => Winner::Side(s.other()),
            None => return Err("'startup' fault without an offender".into()),
        },
        Reason::Illegal
        | Reason::Malformed
        | Reason::Timeout
        | Reason::Stall
        | Reason::Crash
        | Reason::Replaced => match r.offender {
            Some(Offender::Side(s)) if r.moves.is_empty() || s == mover => Winner::Side(s.other()),
            Some(Offender::Side(s)) => {
                return Err(format!(
                    "'{}' fault of {s}, but {mover} was to move",
                    r.reason
                ))
            }
            _ => return Err(format!("'{}' fault without one offender", r.reason)),
        },
    };
    Ok(expected)
}

/// An open journal.
pub(crate) struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (creating) `path` for appending; completes a last line cut short.
    pub(crate) fn open(path: &Path) -> Result<Journal> {
        crate::paths::regular_or_absent(path)
            .with_context(|| format!("cannot open results '{}'", path.display()))?;
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
        assert_eq!(
            loaded.others.values().sum::<usize>(),
            OLD.lines().count() - same
        );
        assert_eq!(loaded.bad, 1);
    }

    #[test]
    fn every_record_of_an_old_journal_replays() {
        for line in OLD.lines() {
            let r: GameRecord = serde_json::from_str(line).unwrap();
            let start = AnyPosition::from_fen(&r.start).unwrap();
            assert_eq!(replay(&r, start), Ok(()), "{line}");
        }
    }

    #[test]
    fn tampered_records_are_refused() {
        let normal = OLD
            .lines()
            .map(|l| serde_json::from_str::<GameRecord>(l).unwrap())
            .find(|r| r.reason == Reason::Normal && r.winner != Winner::Draw)
            .unwrap();
        let start = AnyPosition::from_fen(&normal.start).unwrap();
        let mut flipped = normal.clone();
        flipped.winner = match normal.winner {
            Winner::Side(s) => Winner::Side(s.other()),
            Winner::Draw => Winner::Draw,
        };
        assert!(replay(&flipped, start).unwrap_err().contains("winner"));
        let mut cut = normal.clone();
        cut.moves.pop();
        assert!(replay(&cut, start).is_err());
        let mut bad = normal.clone();
        bad.moves[0] = "z9".into();
        assert!(replay(&bad, start).unwrap_err().contains("move 1"));
    }
}
