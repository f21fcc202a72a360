//! A recognition kept for the rerun: `submissions/<name>/recognition.json`,
//! reused while nothing it depends on changed (the submission's files, the
//! kit and the course's data, the game, the year, the move time, the
//! arbiter) and its description is still the one written. A rerun of an
//! unchanged download then gives the same descriptions, at once.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use super::describe::{DESCRIPTION, GENERATED};
use super::probe::Lab;
use crate::grade::{Recognition, Submission};

/// The file, beside the description.
const KEPT: &str = "recognition.json";

#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    key: String,
    recognition: Recognition,
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() && depth < 40 => collect(&p, out, depth + 1),
            Ok(t) if t.is_file() => out.push(p),
            _ => {}
        }
    }
}

/// What the recognition of `sub` depends on, hashed.
pub(super) fn key(sub: &Submission, game: &str, year: Option<u32>, lab: &Lab) -> String {
    let mut h = DefaultHasher::new();
    for dir in [&sub.files, &lab.kit] {
        let mut files = Vec::new();
        collect(dir, &mut files, 0);
        files.sort();
        for f in &files {
            f.strip_prefix(dir).unwrap_or(f).hash(&mut h);
            fs::read(f).unwrap_or_default().hash(&mut h);
        }
    }
    (game, year, lab.movetime, env!("CARGO_PKG_VERSION")).hash(&mut h);
    format!("{:016x}", h.finish())
}

/// The kept recognition, when its key is `key` and its description is
/// still the one written.
pub(super) fn read(desc_dir: &Path, key: &str) -> Option<Recognition> {
    let kept: Kept = serde_json::from_str(&fs::read_to_string(desc_dir.join(KEPT)).ok()?).ok()?;
    let desc = fs::read(desc_dir.join(DESCRIPTION)).ok();
    let generated = fs::read(desc_dir.join(GENERATED)).ok();
    (kept.key == key && desc == generated).then_some(kept.recognition)
}

/// Keeps `r` for the rerun (nothing is kept of a recognition cut short).
pub(super) fn write(desc_dir: &Path, key: &str, r: &Recognition) {
    let kept = Kept {
        key: key.to_string(),
        recognition: r.clone(),
    };
    if let Ok(json) = serde_json::to_string(&kept) {
        let _ = fs::write(desc_dir.join(KEPT), json);
    }
}
