//! Source similarity, as MOSS does it: every submission's Common Lisp and
//! Python files are read by a tokenizer of their language (`lisp.rs`,
//! `python.rs`), which drops comments and docstrings and abstracts names
//! and literals; the token k-grams are hashed and winnowed (`winnow.rs`);
//! two submissions are as similar as the share of fingerprints they have in
//! common.
//!
//! - **Score** of a pair: shared fingerprints / the smaller submission's
//!   fingerprints (at least [`MIN_PRINTS`]), 0–1: a submission copied whole
//!   into a larger one scores near 1, which Jaccard would hide.
//! - **Base code** (`--base`): every k-gram of the code the course hands out
//!   is removed from every submission before anything is counted, so the
//!   base never makes two projects alike.
//! - **Common code** (`--max-share`, as Dolos' `-m` and MOSS's `max_rep`):
//!   a fingerprint found in more than that share of the submissions (this
//!   year's and the past ones), and in more than [`COMMON_FLOOR`] of them, is
//!   ignored everywhere — the handout nobody gave with `--base`, the idioms
//!   of a whole class. The floor keeps a group of copiers' own code, however
//!   small the class.
//! - **Past projects** (`--past`) are compared with this year's, never with
//!   each other.
//! - **Flagged**: score ≥ [`THRESHOLD`] and at least [`MIN_SHARED`] shared
//!   fingerprints (see the README, "Checking for copied work", for how they
//!   were chosen and what they cost).
//! - **Regions**: each shared fingerprint is matched to its places in both
//!   files; places that advance together in both are merged into one region,
//!   reported as line ranges of both files.

pub(crate) mod lisp;
pub(crate) mod python;
pub(crate) mod winnow;

use anyhow::{bail, Context, Result};
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use winnow::Print;

/// A flagged pair shares at least this share of the smaller submission's
/// fingerprints.
pub(crate) const THRESHOLD: f64 = 0.30;
/// … and at least this many fingerprints (about 60 lines of shared code:
/// a small helper in common is not a copy).
pub(crate) const MIN_SHARED: usize = 25;
/// The denominator of a score is at least this: a submission with almost
/// nothing of its own cannot score high on a few fingerprints.
pub(crate) const MIN_PRINTS: usize = 50;

/// A fingerprint is common (ignored) only when more than this many
/// submissions have it, whatever `--max-share` says: a group of copiers
/// up to this size keeps its shared code.
pub(crate) const COMMON_FLOOR: usize = 10;

/// How the sources are fingerprinted (`--kgram`, `--window`) and which
/// fingerprints are too common to count (`--max-share`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Settings {
    /// Tokens per k-gram.
    pub(crate) k: usize,
    /// Window of k-gram hashes.
    pub(crate) w: usize,
    /// A fingerprint in more than this share of the submissions (and more
    /// than [`COMMON_FLOOR`]) is ignored; 1: none is.
    pub(crate) max_share: f64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            k: winnow::K,
            w: winnow::W,
            max_share: MAX_SHARE,
        }
    }
}

/// The default of `--max-share`.
pub(crate) const MAX_SHARE: f64 = 0.2;

/// Files larger than this are not read (bytes).
const MAX_FILE: u64 = 1 << 20;
/// At most this many files of one submission are read.
const MAX_FILES: usize = 2_000;

/// A normalised token and its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) text: String,
    pub(crate) line: u32,
}

/// The languages read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    Lisp,
    Python,
}

impl Language {
    /// The language of a file, by its extension.
    pub(crate) fn of(path: &Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "lisp" | "lsp" | "cl" | "l" | "asd" => Some(Language::Lisp),
            "py" => Some(Language::Python),
            _ => None,
        }
    }

    pub(crate) fn tokens(self, src: &str) -> Vec<Token> {
        match self {
            Language::Lisp => lisp::tokens(src),
            Language::Python => python::tokens(src),
        }
    }
}

/// One source file of a submission, tokenized and fingerprinted.
#[derive(Debug)]
pub(crate) struct File {
    /// The path within the submission.
    pub(crate) path: String,
    pub(crate) text: String,
    pub(crate) tokens: Vec<Token>,
    /// The hash of every k-gram (k-gram `i` starts at token `i`).
    pub(crate) kgrams: Vec<u64>,
    pub(crate) prints: Vec<Print>,
}

impl File {
    pub(crate) fn read(path: String, text: String, language: Language, set: &Settings) -> File {
        let tokens = language.tokens(&text);
        let hashes: Vec<u64> = tokens.iter().map(|t| winnow::token_hash(&t.text)).collect();
        let kgrams = winnow::kgrams(&hashes, set.k);
        let prints = winnow::winnow(&kgrams, set.w);
        File {
            path,
            text,
            tokens,
            kgrams,
            prints,
        }
    }

    /// The lines (first, last) of the tokens `from..to`.
    pub(crate) fn lines(&self, from: u32, to: u32) -> (u32, u32) {
        let first = self.tokens[from as usize].line;
        let last = self.tokens[(to as usize).min(self.tokens.len()) - 1].line;
        (first, last)
    }
}

/// One submission (a folder) and its fingerprints with the base removed.
#[derive(Debug)]
pub(crate) struct Submission {
    pub(crate) name: String,
    pub(crate) past: bool,
    pub(crate) files: Vec<File>,
    /// Distinct fingerprints neither in the base nor common.
    pub(crate) prints: HashSet<u64>,
    /// How its files were fingerprinted.
    pub(crate) settings: Settings,
}

/// Every source file under `dir` (hidden folders, `__pycache__` and virtual
/// environments left out), in path order, with its path relative to `dir`.
fn source_files(dir: &Path) -> Result<Vec<(String, PathBuf, Language)>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            std::fs::read_dir(&d).with_context(|| format!("cannot read {}", d.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                let skip = name.starts_with('.')
                    || [
                        "__pycache__",
                        "venv",
                        "env",
                        "node_modules",
                        "site-packages",
                    ]
                    .contains(&name.as_str());
                if !skip {
                    stack.push(path);
                }
            } else if kind.is_file() {
                let Some(lang) = Language::of(&path) else {
                    continue;
                };
                if entry.metadata().is_ok_and(|m| m.len() > MAX_FILE) {
                    log::warn!(
                        "{}: larger than {} bytes, not read",
                        path.display(),
                        MAX_FILE
                    );
                    continue;
                }
                let rel = path
                    .strip_prefix(dir)
                    .unwrap_or(&path)
                    .to_string_lossy()
                    .into_owned();
                out.push((rel, path, lang));
            }
        }
        if out.len() > MAX_FILES {
            log::warn!(
                "{}: more than {MAX_FILES} source files, the rest not read",
                dir.display()
            );
            out.truncate(MAX_FILES);
            break;
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The source files of a folder, read and fingerprinted.
pub(crate) fn read_files(dir: &Path, set: &Settings) -> Result<Vec<File>> {
    let mut files = Vec::new();
    for (rel, path, lang) in source_files(dir)? {
        let bytes =
            crate::paths::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        files.push(File::read(rel, text, lang, set));
    }
    Ok(files)
}

/// The folder's name, as a submission is named; in `arbiter grade`'s layout
/// (`<season>/submissions/<name>/files`), the submission's name.
pub(crate) fn folder_name(dir: &Path) -> String {
    let canon = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let name = |p: &Path| p.file_name().map(|n| n.to_string_lossy().into_owned());
    let parent = canon.parent();
    let graded = name(&canon).as_deref() == Some("files")
        && parent
            .and_then(Path::parent)
            .and_then(name)
            .is_some_and(|n| n == "submissions");
    let shown = if graded {
        parent.and_then(name)
    } else {
        name(&canon)
    };
    let shown = shown.unwrap_or_else(|| dir.display().to_string());
    // A student's folder name is shown escaped everywhere (terminal, CSV,
    // page): a U+202E in it would reverse what follows.
    crate::names::shown(&shown)
}

/// The folders of `--past`: each one project, or — when it holds no source
/// file of its own but subfolders that do — a year of projects, one per
/// subfolder (named `<folder>/<subfolder>`).
pub(crate) fn past_projects(dirs: &[PathBuf]) -> Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    for dir in dirs {
        if !dir.is_dir() {
            bail!("--past {}: not a folder", dir.display());
        }
        let own = std::fs::read_dir(dir)?
            .flatten()
            .any(|e| e.path().is_file() && Language::of(&e.path()).is_some());
        let mut subs: Vec<PathBuf> = std::fs::read_dir(dir)?
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.is_dir()
                    && !p
                        .file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        subs.sort();
        if own || subs.is_empty() {
            out.push((folder_name(dir), dir.clone()));
        } else {
            let year = folder_name(dir);
            for s in subs {
                out.push((format!("{year}/{}", folder_name(&s)), s));
            }
        }
    }
    Ok(out)
}

/// Reads the submissions, removing every k-gram of the base, then the
/// fingerprints common to too many of them ([`Settings::max_share`]);
/// returns them and the number of common fingerprints ignored.
pub(crate) fn load(
    current: &[(String, PathBuf)],
    past: &[(String, PathBuf)],
    base: &[PathBuf],
    set: &Settings,
) -> Result<(Vec<Submission>, usize)> {
    let mut base_grams: HashSet<u64> = HashSet::new();
    for dir in base {
        if !dir.is_dir() {
            bail!("--base {}: not a folder", dir.display());
        }
        for f in read_files(dir, set)? {
            base_grams.extend(f.kgrams.iter().copied());
        }
    }
    let mut subs = Vec::new();
    for (list, is_past) in [(current, false), (past, true)] {
        for (name, dir) in list {
            if !dir.is_dir() {
                bail!("{}: not a folder", dir.display());
            }
            let files = read_files(dir, set)?;
            if files.is_empty() {
                log::warn!("{name}: no Common Lisp or Python file in {}", dir.display());
            }
            let prints = files
                .iter()
                .flat_map(|f| f.prints.iter().map(|p| p.hash))
                .filter(|h| !base_grams.contains(h))
                .collect();
            subs.push(Submission {
                name: name.clone(),
                past: is_past,
                files,
                prints,
                settings: *set,
            });
        }
    }
    let common = drop_common(&mut subs, set.max_share);
    Ok((subs, common))
}

/// Removes from every submission the fingerprints more than `max_share` of
/// them (and more than [`COMMON_FLOOR`]) have; returns how many.
pub(crate) fn drop_common(subs: &mut [Submission], max_share: f64) -> usize {
    let mut count: HashMap<u64, usize> = HashMap::new();
    for s in subs.iter() {
        for &h in &s.prints {
            *count.entry(h).or_default() += 1;
        }
    }
    let limit = ((max_share * subs.len() as f64).floor() as usize).max(COMMON_FLOOR);
    let common: HashSet<u64> = count
        .into_iter()
        .filter(|&(_, n)| n > limit)
        .map(|(h, _)| h)
        .collect();
    for s in subs.iter_mut() {
        s.prints.retain(|h| !common.contains(h));
    }
    common.len()
}

/// The source evidence of one pair.
#[derive(Clone, Debug)]
pub(crate) struct SourcePair {
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) score: f64,
    pub(crate) shared: usize,
    pub(crate) flagged: bool,
}

/// Every pair to compare: this year's with each other and with the past
/// projects, never two past ones; most similar first.
pub(crate) fn compare(subs: &[Submission]) -> Vec<SourcePair> {
    let mut pairs = Vec::new();
    for a in 0..subs.len() {
        for b in a + 1..subs.len() {
            if subs[a].past && subs[b].past {
                continue;
            }
            let (x, y) = (&subs[a].prints, &subs[b].prints);
            let (small, large) = if x.len() <= y.len() { (x, y) } else { (y, x) };
            let shared = small.iter().filter(|h| large.contains(h)).count();
            let score = shared as f64 / small.len().max(MIN_PRINTS) as f64;
            pairs.push(SourcePair {
                a,
                b,
                score,
                shared,
                flagged: score >= THRESHOLD && shared >= MIN_SHARED,
            });
        }
    }
    pairs.sort_by(|p, q| q.score.total_cmp(&p.score).then(q.shared.cmp(&p.shared)));
    pairs
}

/// A matched region: token ranges of a file of each submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Region {
    pub(crate) file_a: usize,
    pub(crate) file_b: usize,
    /// Token ranges `from..to`.
    pub(crate) tokens_a: (u32, u32),
    pub(crate) tokens_b: (u32, u32),
    /// Line ranges (first, last), 1-based, inclusive.
    pub(crate) lines_a: (u32, u32),
    pub(crate) lines_b: (u32, u32),
    /// The shared fingerprints in it.
    pub(crate) prints: usize,
}

/// Fingerprints of a region may lie this many k-grams' lengths apart and
/// still be one region (a renamed-but-reordered line between two matches).
const GAP: u32 = 3;
/// … and the offset between the two files may change by a k-gram's length
/// within a region (a line added, a helper inlined).
const DRIFT: u32 = 1;
/// Each shared fingerprint is matched to at most this many places of the
/// other submission (a repeated idiom must not make a region of everything).
const PLACES: usize = 4;

/// The regions two submissions share, largest first.
pub(crate) fn regions(a: &Submission, b: &Submission) -> Vec<Region> {
    let k = a.settings.k as u32;
    let (gap, drift_max) = (GAP * k, DRIFT * k);
    let shared: HashSet<u64> = a.prints.intersection(&b.prints).copied().collect();
    let mut in_b: HashMap<u64, Vec<(usize, u32)>> = HashMap::new();
    for (fi, f) in b.files.iter().enumerate() {
        for p in f.prints.iter().filter(|p| shared.contains(&p.hash)) {
            in_b.entry(p.hash).or_default().push((fi, p.at));
        }
    }
    // (file a, file b, token in a, token in b)
    let mut atoms: Vec<(usize, usize, u32, u32)> = Vec::new();
    for (fa, f) in a.files.iter().enumerate() {
        for p in f.prints.iter() {
            for &(fb, at) in in_b.get(&p.hash).into_iter().flatten().take(PLACES) {
                atoms.push((fa, fb, p.at, at));
            }
        }
    }
    atoms.sort_unstable();
    // Regions grow along diagonals (the offset between the two files'
    // tokens): (file a, file b, start a, end a, start b, end b, prints).
    let mut open: Vec<(usize, usize, u32, u32, u32, u32, usize)> = Vec::new();
    for (fa, fb, ta, tb) in atoms {
        let offset = i64::from(tb) - i64::from(ta);
        let drift = |r: &(usize, usize, u32, u32, u32, u32, usize)| {
            (offset - (i64::from(r.5) - i64::from(r.3))).abs()
        };
        let fits = open
            .iter_mut()
            .filter(|r| {
                r.0 == fa && r.1 == fb && ta <= r.3 + gap && drift(r) <= i64::from(drift_max)
            })
            .min_by_key(|r| drift(r));
        match fits {
            Some(r) => {
                r.3 = r.3.max(ta);
                r.4 = r.4.min(tb);
                r.5 = r.5.max(tb);
                r.6 += 1;
            }
            None => open.push((fa, fb, ta, ta, tb, tb, 1)),
        }
    }
    // The largest first; a region overlapping one kept already on either
    // side (another alignment of repeated code) is dropped.
    open.sort_by(|x, y| y.6.cmp(&x.6).then(x.2.cmp(&y.2)));
    let overlaps = |x: (u32, u32), y: (u32, u32)| x.0 < y.1 && y.0 < x.1;
    let mut done: Vec<Region> = Vec::new();
    for (fa, fb, sa, ea, sb, eb, n) in open {
        let tokens_a = (sa, ea + k);
        let tokens_b = (sb, eb + k);
        let taken = done.iter().any(|r| {
            (r.file_a == fa && overlaps(r.tokens_a, tokens_a))
                || (r.file_b == fb && overlaps(r.tokens_b, tokens_b))
        });
        if taken {
            continue;
        }
        let (file_a, file_b) = (&a.files[fa], &b.files[fb]);
        done.push(Region {
            file_a: fa,
            file_b: fb,
            tokens_a,
            tokens_b,
            lines_a: file_a.lines(tokens_a.0, tokens_a.1),
            lines_b: file_b.lines(tokens_b.0, tokens_b.1),
            prints: n,
        });
    }
    // A region of one fingerprint is a coincidence of k tokens; keep it
    // only when nothing larger was found.
    let keep_small = done.iter().all(|r| r.prints < 2);
    done.retain(|r| keep_small || r.prints >= 2);
    done.sort_by(|x, y| y.prints.cmp(&x.prints).then(x.lines_a.cmp(&y.lines_a)));
    done
}

/// Code a group of submissions shares: a run of fingerprints of one file of
/// the group's `center` that most members have, and where each member has
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GroupRegion {
    /// The center's file and lines (first, last).
    pub(crate) file: usize,
    pub(crate) lines: (u32, u32),
    /// For each member (in the order given): its file and lines, or `None`
    /// when it lacks this code.
    pub(crate) members: Vec<Option<(usize, (u32, u32))>>,
}

/// The code shared by a group (at least two thirds of its members, and at
/// least three): its center — the member with most of that code — and the
/// regions of it, largest first.
pub(crate) fn group_regions(members: &[&Submission]) -> Option<(usize, Vec<GroupRegion>)> {
    let need = ((2 * members.len()).div_ceil(3)).max(3).min(members.len());
    let mut count: HashMap<u64, usize> = HashMap::new();
    for m in members {
        for &h in &m.prints {
            *count.entry(h).or_default() += 1;
        }
    }
    let common: HashSet<u64> = count
        .into_iter()
        .filter(|&(_, n)| n >= need)
        .map(|(h, _)| h)
        .collect();
    let center = (0..members.len()).max_by_key(|&i| {
        members[i].prints.intersection(&common).count() * members.len() + members.len() - i
    })?;
    let c = members[center];
    let k = c.settings.k as u32;
    let mut regions = Vec::new();
    for (fi, f) in c.files.iter().enumerate() {
        let mut run: Vec<&Print> = Vec::new();
        let prints = f.prints.iter().filter(|p| common.contains(&p.hash));
        for p in prints.chain(std::iter::once(&Print {
            hash: 0,
            at: u32::MAX,
        })) {
            if run.last().is_some_and(|l| p.at > l.at + GAP * k) {
                if run.len() >= 2 {
                    regions.push((run.len(), group_region(members, fi, f, &run)));
                }
                run.clear();
            }
            run.push(p);
        }
    }
    regions.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.file.cmp(&y.1.file)));
    Some((center, regions.into_iter().map(|r| r.1).collect()))
}

/// One run of the center's fingerprints and where each member has them.
fn group_region(members: &[&Submission], fi: usize, f: &File, run: &[&Print]) -> GroupRegion {
    let last = run[run.len() - 1].at + members[0].settings.k as u32;
    let hashes: HashSet<u64> = run.iter().map(|p| p.hash).collect();
    let place = |m: &Submission| -> Option<(usize, (u32, u32))> {
        // The member's file with most of the run, and the tokens they span.
        let mut best: Option<(usize, usize, u32, u32)> = None;
        for (mi, mf) in m.files.iter().enumerate() {
            let at: Vec<u32> = mf
                .prints
                .iter()
                .filter(|p| hashes.contains(&p.hash))
                .map(|p| p.at)
                .collect();
            if at.len() > best.map_or(0, |b| b.1) {
                let (lo, hi) = (at[0], at[at.len() - 1] + m.settings.k as u32);
                best = Some((mi, at.len(), lo, hi));
            }
        }
        let (mi, _, lo, hi) = best?;
        Some((mi, m.files[mi].lines(lo, hi)))
    };
    GroupRegion {
        file: fi,
        lines: f.lines(run[0].at, last),
        members: members.iter().map(|m| place(m)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(name: &str, files: &[(&str, &str)]) -> Submission {
        let files: Vec<File> = files
            .iter()
            .map(|(p, t)| {
                File::read(
                    p.to_string(),
                    t.to_string(),
                    Language::of(Path::new(p)).unwrap(),
                    &Settings::default(),
                )
            })
            .collect();
        let prints = files
            .iter()
            .flat_map(|f| f.prints.iter().map(|p| p.hash))
            .collect();
        Submission {
            name: name.into(),
            past: false,
            files,
            prints,
            settings: Settings::default(),
        }
    }

    #[test]
    fn a_renamed_copy_is_one_region_on_the_right_lines() {
        let ops = [
            "+", "-", "*", "max", "min", "mod", "floor", "expt", "list", "cons", "rem", "round",
        ];
        let body: String = (0..12)
            .map(|i| {
                let (f, g) = (ops[i], ops[(i * 5 + 3) % 12]);
                let nest = "(car ".repeat(i % 4) + "b" + &")".repeat(i % 4);
                format!("(defun f{i} (b x)\n  (when (> x {i}) (setf (aref b x) ({f} x {i})))\n  ({g} {nest} x))\n")
            })
            .collect();
        let renamed = body
            .replace("(b x)", "(tab y)")
            .replace(" b ", " tab ")
            .replace(" x", " y");
        let a = sub("a", &[("a.lisp", &body)]);
        let b = sub("b", &[("src/b.lisp", &format!(";; header\n\n{renamed}"))]);
        assert_eq!(a.prints, b.prints);
        let r = regions(&a, &b);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0].lines_a, (1, 36));
        assert_eq!(r[0].lines_b, (3, 38));
    }
}
