//! What the arbiter's test binaries (`e2e`, `check`, `play`, `students`)
//! share: the binaries under test, scratch folders, running the arbiter, and
//! reading and replaying its results journal. (Skipping tests whose outside
//! program is missing is `tests/util/tools.rs`, shared with the root crate.)

#![allow(dead_code)]

pub mod slurm;
pub mod sshd;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tabula::games::AnyPosition;

/// The `arbiter` binary under test.
pub const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");
/// The misbehaving test engine (`src/bin/mock-engine.rs`).
pub const MOCK: &str = env!("CARGO_BIN_EXE_mock-engine");

/// The workspace root (the adapters and the course problems are there).
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A scratch folder `arbiter-<test binary>-<pid>-<name>` in the temporary
/// folder, removed on drop.
pub struct Tmp(pub PathBuf);

impl Tmp {
    pub fn new(name: &str) -> Tmp {
        let p = std::env::temp_dir().join(format!(
            "arbiter-{}-{}-{name}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        Tmp(p)
    }

    /// A file in the folder.
    pub fn path(&self, f: &str) -> PathBuf {
        self.0.join(f)
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `arbiter <args…>` in the workspace root with no input; (exit code,
/// stdout + stderr).
pub fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(ARBITER)
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

/// The lines of a results journal, which must exist.
pub fn results(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON results line"))
        .collect()
}

/// The lines of a results journal; none if it does not exist (yet).
pub fn results_if_any(path: &Path) -> Vec<Value> {
    if !path.exists() {
        return Vec::new();
    }
    results(path)
}

/// Replays a results line through the rules (every move legal, the scores
/// as recorded); returns the final position.
pub fn replay(r: &Value) -> AnyPosition {
    let mut pos = AnyPosition::from_fen(r["start"].as_str().unwrap()).unwrap();
    for m in r["moves"].as_array().unwrap() {
        let m = m.as_str().unwrap();
        pos.play_text(m)
            .unwrap_or_else(|e| panic!("move {m} of the record {r}: {e}"));
    }
    assert_eq!(
        pos.scores(),
        [
            r["score1"].as_u64().unwrap() as u32,
            r["score2"].as_u64().unwrap() as u32
        ],
        "the scores of {r}"
    );
    pos
}

/// The English words left in a page that should be Portuguese: its visible
/// text outside code (`<code>`, `<pre>`, drawings, its style), checked
/// against common English words that are no Portuguese word, and against
/// every phrase of three words or more of the English locale files (a
/// message left untranslated).
pub fn english_in(html: &str) -> Vec<String> {
    let mut text = html.to_string();
    for tag in ["style", "code", "pre", "svg", "script"] {
        while let Some(a) = text.find(&format!("<{tag}")) {
            let close = format!("</{tag}>");
            let b = text[a..]
                .find(&close)
                .map_or(text.len(), |k| a + k + close.len());
            text.replace_range(a..b, " ");
        }
    }
    let mut plain = String::new();
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                plain.push(' ');
            }
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    let plain = plain
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"");
    const ENGLISH: &[&str] = &[
        "the",
        "and",
        "of",
        "with",
        "not",
        "is",
        "are",
        "was",
        "for",
        "on",
        "at",
        "to",
        "in",
        "by",
        "it",
        "its",
        "this",
        "that",
        "from",
        "move",
        "moves",
        "game",
        "games",
        "engine",
        "program",
        "found",
        "check",
        "lost",
        "won",
        "against",
        "points",
        "grade",
        "pairs",
        "your",
        "none",
        // Not "legal": Portuguese too ("1 jogada legal", a fault's position
        // with one legal move, made this test fail now and then).
        "illegal",
        "played",
        "first",
        "after",
        "answered",
        "line",
        "lines",
        "admitted",
        "excluded",
        "submission",
        "warn",
        "fail",
        "skipped",
        "strength",
        "rating",
        "expected",
        "score",
        "nothing",
        "between",
        "confidence",
        "player",
        "what",
        "fix",
        "how",
        "why",
        "time",
        "out",
        "own",
        "draw",
        "board",
    ];
    let mut found: Vec<String> = plain
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| ENGLISH.contains(&w.to_lowercase().as_str()))
        .map(String::from)
        .collect();
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let page = squeeze(&plain);
    for file in ["grade.ftl", "check.ftl", "report.ftl"] {
        let path = repo().join("arbiter/locales/en").join(file);
        let source = std::fs::read_to_string(&path).unwrap_or_default();
        for line in source.lines().filter(|l| !l.starts_with('#')) {
            let value = line.split_once(" = ").map_or(line, |(_, v)| v);
            for piece in value.split(|c| "{}[]*`'".contains(c)) {
                let piece = squeeze(piece.trim_matches(|c: char| !c.is_alphanumeric()));
                if piece.split(' ').count() >= 3 && page.contains(&piece) {
                    found.push(piece);
                }
            }
        }
    }
    found
}
