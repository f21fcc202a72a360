//! Intake: the download of a class turned into [`Submission`]s, each copied
//! or unpacked into `<out>/submissions/<name>/files/`. The input is never
//! changed: `files/` is a copy, made anew on every run (the input is the
//! truth; the description beside `files/` is the recognition's, and kept).
//!
//! **What is a submission.** The input is a folder, or an archive (Moodle's
//! "download all submissions" zip, unpacked first into `<out>/download/`
//! under the download's limits, then read as a folder). Each top-level
//! entry of the folder is one submission:
//!
//! - a folder: its files (Moodle puts a participant's files, loose or
//!   zipped, in `Nome Apelido_123456_assignsubmission_file_/`);
//! - an archive (`.zip`, `.tar.gz`, `.tgz`, `.tar`): unpacked, named after
//!   the archive without its extension;
//! - files of Moodle's flat layout (`Nome Apelido_123456_assignsubmission_file_projeto.zip`):
//!   grouped by participant;
//! - any other file: a submission of one file.
//!
//! Moodle's names give the student (`Nome Apelido`, accents and spaces as
//! written) and the participant id (`123456`); the `_onlinetext_` folder of
//! a participant who also has a `_file_` folder is merged into it. Hidden
//! entries (`.…`) and `__MACOSX` at the top are not submissions. When the
//! download holds a single folder of Moodle-named folders, that folder is
//! the top.
//!
//! **Archives inside a submission** (a zip in the participant's folder, a
//! zip in the zip) are unpacked in the copy, into a folder named after the
//! archive beside it, and the copy of the archive removed, down to
//! [`Limits::depth`] archives deep.
//!
//! **Limits** ([`Limits`], defaults in brackets) judge what the files are,
//! counted on the bytes actually written, never on the sizes an archive
//! declares nor on how well it compressed them (a 2 MiB text log deflated
//! 341:1 is no bomb): per submission at most [`Limits::bytes`] unpacked
//! (50 MiB) in [`Limits::files`] files and folders (2000); archives at most
//! [`Limits::depth`] deep (3). A bomb is refused when it has written the
//! limit, whatever it declares. The download archive itself is unpacked
//! with the same limits for each submission in it (a bomb in one
//! participant's folder excludes that submission, never the class) and at
//! most [`Limits::download_bytes`] (4 GiB) and [`Limits::download_files`]
//! (100 000) in all (a submission met past them is excluded, saying so).
//!
//! **Refused** (the reason names the entry, the submission is excluded, the
//! run goes on, its `files/` is emptied): anything over a limit; an entry
//! whose path is absolute, has a drive letter or `..`; a symbolic or hard
//! link (in an archive or in the input folder: a file whose other names are
//! not all inside the submission) that points outside the submission; an
//! archive that does not open; nothing left after the junk (an empty
//! submission). Links that stay inside are not made (an archive's) or
//! copied as the file they point to (the input folder's). Nothing is ever
//! written outside `<out>/submissions/<name>/files/`.
//!
//! **Names.** A zip entry's name is read as UTF-8 when the zip says so or
//! when it is valid UTF-8 (as most zip programs write it, flag or not),
//! else as CP437 (the old Windows zip): `Patrícia`, never `Patr├¡cia`. A
//! submission's name, which names its folders and files, is the top-level
//! name made safe ([`crate::names::file_name`]: a character a terminal
//! would act on, such as U+202E, written `\u{202e}`; more than 100 bytes
//! shortened around a hash); the student's name keeps every letter, with
//! such characters escaped too. Every entry named in a note or a refusal is
//! escaped the same way.
//!
//! **Junk, skipped** (a note counts it): `__MACOSX/`, `.git/`,
//! `.DS_Store`, `._*`, `Thumbs.db`, `desktop.ini`, editor backups (`*~`,
//! `#*#`, `.#*`) — the kit never loads a backup. Compiled Lisp files
//! (`.fasl`, `.64ofasl`, …) are kept, for the record: the kit never loads
//! them (it loads their source).

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{self, BufReader, Read, Write};
use std::path::{Component, Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::Submission;

/// The intake's limits (see the module's documentation).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Limits {
    /// Bytes unpacked or copied per submission.
    pub(crate) bytes: u64,
    /// Files (and folders) per submission.
    pub(crate) files: usize,
    /// Archives inside archives (the submission's own archive is 1).
    pub(crate) depth: u32,
    /// Bytes of the whole download archive, unpacked.
    pub(crate) download_bytes: u64,
    /// Files of the whole download archive.
    pub(crate) download_files: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            bytes: 50 << 20,
            files: 2000,
            depth: 3,
            download_bytes: 4 << 30,
            download_files: 100_000,
        }
    }
}

/// Folders deeper than this inside a submission are refused (a loop of
/// folders, a hostile tree).
const MAX_FOLDER_DEPTH: usize = 40;

/// Why a submission is refused: one sentence naming the entry.
#[derive(Debug)]
struct Refused(String);

impl Refused {
    fn io(what: impl std::fmt::Display) -> impl FnOnce(io::Error) -> Refused {
        move |e| Refused(format!("{what}: {e}"))
    }
}

/// What unpacking may still use, and what it skipped.
struct Budget {
    bytes: u64,
    files: usize,
    /// Said in a refusal: "per submission" or "for the download".
    scope: &'static str,
    limit_bytes: u64,
    limit_files: usize,
    junk: usize,
    notes: Vec<String>,
    /// The files of the input folder with more than one name (hard links):
    /// their names, the paths found inside the submission, one shown.
    linked: BTreeMap<(u64, u64), (u64, std::collections::BTreeSet<PathBuf>, String)>,
}

impl Budget {
    fn submission(limits: &Limits) -> Budget {
        Budget::new(limits.bytes, limits.files, "per submission")
    }

    fn download(limits: &Limits) -> Budget {
        Budget::new(
            limits.download_bytes,
            limits.download_files,
            "for the whole download",
        )
    }

    fn new(bytes: u64, files: usize, scope: &'static str) -> Budget {
        Budget {
            bytes,
            files,
            scope,
            limit_bytes: bytes,
            limit_files: files,
            junk: 0,
            notes: Vec::new(),
            linked: BTreeMap::new(),
        }
    }

    /// One more file, named `entry`.
    fn file(&mut self, entry: &str) -> Result<(), Refused> {
        if self.files == 0 {
            return Err(Refused(format!(
                "more than {} files {} (at {entry})",
                self.limit_files, self.scope
            )));
        }
        self.files -= 1;
        Ok(())
    }

    /// A file of the input folder (`real`: its own path) with more than one
    /// name: counted, to find those whose other names lie outside.
    fn linked(&mut self, meta: &fs::Metadata, real: &Path, shown: &str) {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            let e = self
                .linked
                .entry((meta.dev(), meta.ino()))
                .or_insert_with(|| (meta.nlink(), Default::default(), shown.to_string()));
            e.1.insert(real.to_path_buf());
        }
    }

    /// Refuses a file of the input folder with a name outside the
    /// submission (a hard link to a file elsewhere).
    fn check_linked(&self) -> Result<(), Refused> {
        match self
            .linked
            .values()
            .find(|(n, inside, _)| inside.len() < *n as usize)
        {
            Some((n, inside, shown)) => Err(Refused(format!(
                "{shown}: a hard link to a file outside the submission ({n} names, {} in \
                 it): copy the download without hard links (cp -r, not cp -l)",
                inside.len()
            ))),
            None => Ok(()),
        }
    }

    /// Gives back the bytes of a file removed from the copy (an archive
    /// once unpacked).
    fn refund(&mut self, bytes: u64) {
        self.bytes = (self.bytes + bytes).min(self.limit_bytes);
        self.files = (self.files + 1).min(self.limit_files);
    }
}

/// Refuses, before anything is written, a season folder `out` that is the
/// download or lies inside it (a rerun would take the season's own files
/// for submissions), a download inside one of the folders `grade` writes,
/// and a rubric that is one of the season's files.
pub(crate) fn check_paths(input: &Path, out: &Path, rubric: Option<&Path>) -> Result<()> {
    use crate::paths::Named;
    if !input.is_dir() {
        // A device or a FIFO is refused at once, not read for ever.
        crate::paths::open(input).with_context(|| format!("cannot read {}", input.display()))?;
    }
    let mut inputs = vec![if input.is_dir() {
        Named::folder("the download", input)
    } else {
        Named::file("the download", input)
    }];
    inputs.extend(rubric.map(|r| Named::file("--rubric", r)));
    let folders: Vec<PathBuf> = ["download", "submissions", "check", "feedback"]
        .iter()
        .map(|f| out.join(f))
        .collect();
    let files: Vec<PathBuf> = ["grades.csv", "evidence.csv", "report.html", "results.jsonl"]
        .iter()
        .map(|f| out.join(f))
        .collect();
    let mut outputs = vec![Named::file("--out", out)];
    outputs.extend(
        folders
            .iter()
            .map(|f| Named::folder("the season folder", f)),
    );
    outputs.extend(files.iter().map(|f| Named::file("a season file", f)));
    crate::paths::check(&inputs, &outputs)
}

/// Reads the download and copies or unpacks each submission into
/// `<out>/submissions/<name>/files/`. A submission that breaks a rule is
/// returned with its `refused` reasons; an error is only what stops the
/// whole intake (the input unreadable, the output not writable, a download
/// archive over its limits).
pub(crate) fn read(input: &Path, out: &Path, limits: &Limits) -> Result<Vec<Submission>> {
    fs::create_dir_all(out.join("submissions"))
        .with_context(|| format!("cannot create {}", out.join("submissions").display()))?;
    let meta = fs::metadata(input).with_context(|| format!("cannot read {}", input.display()))?;
    let mut refusals: Vec<(PathBuf, String)> = Vec::new();
    if !meta.is_dir() {
        // A device or a FIFO is refused, not read for ever.
        crate::paths::open(input).with_context(|| format!("cannot read {}", input.display()))?;
    }
    let root = if meta.is_dir() {
        input.to_path_buf()
    } else {
        let Some(kind) = ArchiveKind::of(input) else {
            bail!(
                "{}: neither a folder nor an archive (.zip, .tar.gz, .tgz, .tar)",
                input.display()
            );
        };
        let download = out.join("download");
        remove_all(&download)?;
        fs::create_dir_all(&download)
            .with_context(|| format!("cannot create {}", download.display()))?;
        let mut sink = Download::new(&download, limits);
        unpack(kind, input, &mut sink)
            .map_err(|Refused(why)| anyhow::anyhow!("{}: refused: {why}", input.display()))?;
        refusals = sink.finish();
        download
    };
    let root = single_moodle_folder(&root)?.unwrap_or(root);
    // The refusals of the download's submissions, by top-level name.
    let rel_root = root
        .strip_prefix(out.join("download"))
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut refused: BTreeMap<String, String> = BTreeMap::new();
    for (key, why) in refusals {
        match (key.parent(), key.file_name()) {
            (Some(parent), Some(name)) if parent == rel_root => {
                refused.insert(name.to_string_lossy().into_owned(), why);
            }
            _ => log::warn!("{}: refused: {why}", key.display()),
        }
    }
    let out_abs = fs::canonicalize(out).unwrap_or_else(|_| out.to_path_buf());
    let mut groups: BTreeMap<String, Group> = BTreeMap::new();
    let mut entries: Vec<_> = fs::read_dir(&root)
        .with_context(|| format!("cannot list {}", root.display()))?
        .collect::<io::Result<_>>()
        .with_context(|| format!("cannot list {}", root.display()))?;
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if file_name.starts_with('.') || file_name == "__MACOSX" {
            continue;
        }
        // The output folder inside the input is not a submission.
        if fs::canonicalize(&path).is_ok_and(|p| out_abs.starts_with(&p)) {
            continue;
        }
        let is_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let (key, source) = classify(&file_name, path, is_dir);
        let group = groups.entry(key).or_default();
        match refused.remove(&file_name) {
            Some(why) => group.refused.push(why),
            None => group.sources.push(source),
        }
    }
    // Refused before they could be written (a name too long for a file).
    for (file_name, why) in refused {
        let (key, _) = classify(&file_name, root.join(&file_name), true);
        groups.entry(key).or_default().refused.push(why);
    }
    merge_online_text(&mut groups);
    let mut subs = Vec::new();
    for (_, group) in groups {
        subs.push(take(group, out, limits)?);
    }
    Ok(subs)
}

/// Where a submission's content comes from.
#[derive(Debug)]
enum Source {
    /// A folder, copied whole.
    Folder(PathBuf),
    /// An archive, unpacked at the top of `files/`.
    Archive(PathBuf, ArchiveKind),
    /// A file, copied under the name given (nested archives among these are
    /// unpacked like any nested archive).
    File(PathBuf, String),
}

/// The sources of one submission, and its name.
#[derive(Debug, Default)]
struct Group {
    name: String,
    student: Option<String>,
    participant: Option<String>,
    sources: Vec<Source>,
    /// Why the download's intake refused it already.
    refused: Vec<String>,
}

/// Moodle's `Nome Apelido_123456_assignsubmission_<plugin>_<rest>`:
/// (student, participant, plugin, rest).
fn moodle(name: &str) -> Option<(&str, &str, &str, &str)> {
    let at = name.find("_assignsubmission_")?;
    let (head, tail) = (&name[..at], &name[at + "_assignsubmission_".len()..]);
    let (student, participant) = head.rsplit_once('_')?;
    if student.is_empty()
        || participant.is_empty()
        || !participant.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let (plugin, rest) = tail.split_once('_').unwrap_or((tail, ""));
    if plugin.is_empty() {
        return None;
    }
    Some((student, participant, plugin, rest))
}

/// The group key and source of one top-level entry (a key per submission;
/// the group is named when it is made).
fn classify(file_name: &str, path: PathBuf, is_dir: bool) -> (String, Source) {
    if let Some((_, _, _, rest)) = moodle(file_name) {
        let prefix = &file_name[..file_name.len() - rest.len()];
        return if is_dir || rest.is_empty() {
            (prefix.to_string(), Source::Folder(path))
        } else {
            (prefix.to_string(), Source::File(path, rest.to_string()))
        };
    }
    if is_dir {
        return (file_name.to_string(), Source::Folder(path));
    }
    match ArchiveKind::of(&path) {
        Some(kind) => (
            kind.stem(file_name).to_string(),
            Source::Archive(path, kind),
        ),
        None => (
            file_name.to_string(),
            Source::File(path, file_name.to_string()),
        ),
    }
}

/// Names each group; merges a participant's `_onlinetext_` into their
/// `_file_` submission.
fn merge_online_text(groups: &mut BTreeMap<String, Group>) {
    for (key, group) in groups.iter_mut() {
        group.name = crate::names::file_name(key);
        if let Some((student, participant, _, _)) = moodle(key) {
            group.student = Some(crate::names::shown(student));
            group.participant = Some(participant.to_string());
        }
    }
    let online: Vec<String> = groups
        .keys()
        .filter(|k| moodle(k).is_some_and(|m| m.2 == "onlinetext"))
        .cloned()
        .collect();
    for key in online {
        let (student, participant, _, _) = moodle(&key).expect("filtered");
        let file_key = format!("{student}_{participant}_assignsubmission_file_");
        if groups.contains_key(&file_key) {
            let group = groups.remove(&key).expect("listed");
            let into = groups.get_mut(&file_key).expect("checked");
            into.sources.extend(group.sources);
            into.refused.extend(group.refused);
        }
    }
}

/// A download with one folder at its top whose entries have Moodle's names:
/// that folder.
fn single_moodle_folder(root: &Path) -> Result<Option<PathBuf>> {
    let visible: Vec<PathBuf> = fs::read_dir(root)
        .with_context(|| format!("cannot list {}", root.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            !n.starts_with('.') && n != "__MACOSX"
        })
        .map(|e| e.path())
        .collect();
    let [only] = visible.as_slice() else {
        return Ok(None);
    };
    if !only.is_dir() || moodle(&only.file_name().unwrap_or_default().to_string_lossy()).is_some() {
        return Ok(None);
    }
    let moodle_inside = fs::read_dir(only)?
        .filter_map(|e| e.ok())
        .any(|e| moodle(&e.file_name().to_string_lossy()).is_some());
    Ok(moodle_inside.then(|| only.clone()))
}

/// Copies or unpacks one submission into a fresh `files/`.
fn take(group: Group, out: &Path, limits: &Limits) -> Result<Submission> {
    let dir = out.join("submissions").join(&group.name);
    let files = dir.join("files");
    remove_all(&files)?;
    fs::create_dir_all(&files).with_context(|| format!("cannot create {}", files.display()))?;
    let mut sub = Submission {
        name: group.name.clone(),
        participant: group.participant,
        student: group.student,
        files: files.clone(),
        refused: Vec::new(),
        notes: Vec::new(),
    };
    let mut budget = Budget::submission(limits);
    let result = (|| {
        if let Some(why) = group.refused.first() {
            return Err(Refused(why.clone()));
        }
        for source in &group.sources {
            match source {
                Source::Folder(path) => copy_folder(path, &files, &mut budget)?,
                Source::Archive(path, kind) => {
                    unpack(*kind, path, &mut Into::new(&files, &mut budget))?;
                    let name = path.file_name().unwrap_or_default().to_string_lossy();
                    budget.notes.push(format!("{} unpacked", shown(&name)));
                    unpack_nested(&files, &files, 2, limits.depth, &mut budget)?;
                    continue;
                }
                Source::File(path, name) => {
                    copy_file(path, &files.join(name), &shown(name), &mut budget)?;
                }
            }
            unpack_nested(&files, &files, 1, limits.depth, &mut budget)?;
        }
        budget.check_linked()?;
        if count_files(&files) == 0 {
            return Err(Refused(
                "empty: no file in it (after skipping the junk)".to_string(),
            ));
        }
        Ok(())
    })();
    if budget.junk > 0 {
        budget.notes.push(format!(
            "{} junk file{} skipped (__MACOSX, .DS_Store, editor backups, …)",
            budget.junk,
            if budget.junk == 1 { "" } else { "s" }
        ));
    }
    sub.notes = budget.notes;
    if let Err(Refused(why)) = result {
        sub.refused.push(why);
        // Half a submission is worse than none: nothing of it is kept.
        remove_all(&files)?;
        fs::create_dir_all(&files)?;
    }
    Ok(sub)
}

/// The archive formats unpacked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ArchiveKind {
    Zip,
    TarGz,
    Tar,
}

impl ArchiveKind {
    fn of(path: &Path) -> Option<ArchiveKind> {
        let name = path.file_name()?.to_string_lossy().to_lowercase();
        if name.ends_with(".zip") {
            Some(ArchiveKind::Zip)
        } else if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
            Some(ArchiveKind::TarGz)
        } else if name.ends_with(".tar") {
            Some(ArchiveKind::Tar)
        } else {
            None
        }
    }

    /// The name without the archive's extension.
    fn stem(self, name: &str) -> &str {
        let cut = match self {
            ArchiveKind::Zip | ArchiveKind::Tar => 4,
            ArchiveKind::TarGz if name.to_lowercase().ends_with(".tgz") => 4,
            ArchiveKind::TarGz => 7,
        };
        let stem = &name[..name.len().saturating_sub(cut)];
        if stem.is_empty() {
            name
        } else {
            stem
        }
    }
}

/// Is this path (as an archive or a folder writes it) junk?
fn junk(path: &str) -> bool {
    path.split(['/', '\\']).filter(|c| !c.is_empty()).any(|c| {
        c == "__MACOSX"
            || c == ".git"
            || c == ".DS_Store"
            || c == "Thumbs.db"
            || c.eq_ignore_ascii_case("desktop.ini")
            || c.starts_with("._")
            || c.starts_with(".#")
            || c.ends_with('~')
            || (c.len() > 1 && c.starts_with('#') && c.ends_with('#'))
    })
}

/// The relative path an archive entry names, or `None` when it is absolute,
/// has a drive letter or a `..` (either separator).
fn safe_relative(name: &str) -> Option<PathBuf> {
    if name.starts_with(['/', '\\']) || name.contains('\0') {
        return None;
    }
    let mut out = PathBuf::new();
    for part in name.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return None,
            p if p.len() >= 2
                && p.as_bytes()[1] == b':'
                && p.as_bytes()[0].is_ascii_alphabetic() =>
            {
                return None
            }
            p => out.push(p),
        }
    }
    // What the platform reads must agree.
    out.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then_some(out)
}

/// Does a link at `entry` (relative) to `target` stay inside the root?
fn link_stays_inside(entry: &Path, target: &str) -> bool {
    if target.starts_with(['/', '\\']) || target.contains('\0') {
        return false;
    }
    let mut depth: i64 = entry.parent().map_or(0, |p| p.components().count() as i64);
    for part in target.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            p if p.len() >= 2 && p.as_bytes()[1] == b':' => return false,
            _ => depth += 1,
        }
    }
    true
}

/// An entry's name as notes and refusals show it (see
/// [`crate::names::shown`]).
fn shown(name: &str) -> String {
    crate::names::shown(name)
}

/// Where the entries of an archive go: a submission's `files/`
/// ([`Into`]), or the download's folder, submission by submission
/// ([`Download`]).
trait Sink {
    /// A folder at `rel` (safe, relative).
    fn folder(&mut self, shown: &str, rel: &Path) -> Result<(), Refused>;
    /// A file at `rel`, its bytes read from `from`.
    fn file(&mut self, shown: &str, rel: &Path, from: &mut dyn Read) -> Result<(), Refused>;
    /// A link at `rel`.
    fn link(&mut self, link: Link, rel: &Path) -> Result<(), Refused>;
    /// Junk, skipped.
    fn junk(&mut self, rel: &Path);
    /// Neither a file, a folder nor a link: skipped.
    fn other(&mut self, shown: &str, rel: &Path);
    /// An entry whose path (`name`) leaves the folder.
    fn leaves(&mut self, shown: &str, name: &str) -> Result<(), Refused>;
}

/// A link entry of an archive.
struct Link<'a> {
    shown: &'a str,
    /// `a symbolic link`, `a hard link`.
    what: &'a str,
    target: &'a str,
    /// It stays in the archive.
    inside: bool,
}

/// The entries of one submission's archive, into `dest`, counted against
/// its budget: any refusal refuses the submission.
struct Into<'a> {
    dest: &'a Path,
    budget: &'a mut Budget,
}

impl<'a> Into<'a> {
    fn new(dest: &'a Path, budget: &'a mut Budget) -> Into<'a> {
        Into { dest, budget }
    }
}

impl Sink for Into<'_> {
    fn folder(&mut self, shown: &str, rel: &Path) -> Result<(), Refused> {
        // A folder counts as a file: thousands of empty folders are a bomb
        // too.
        self.budget.file(shown)?;
        fs::create_dir_all(self.dest.join(rel)).map_err(Refused::io(shown))
    }

    fn file(&mut self, shown: &str, rel: &Path, from: &mut dyn Read) -> Result<(), Refused> {
        self.budget.file(shown)?;
        write_limited(from, &self.dest.join(rel), shown, self.budget).map(|_| ())
    }

    fn link(&mut self, link: Link, _: &Path) -> Result<(), Refused> {
        if !link.inside {
            return Err(Refused(format!(
                "{}: {} to {} (outside the submission)",
                link.shown,
                link.what,
                shown(link.target)
            )));
        }
        self.budget
            .notes
            .push(format!("{}: {}, not made", link.shown, link.what));
        Ok(())
    }

    fn junk(&mut self, _: &Path) {
        self.budget.junk += 1;
    }

    fn other(&mut self, shown: &str, _: &Path) {
        self.budget
            .notes
            .push(format!("{shown}: not a file nor a folder, skipped"));
    }

    fn leaves(&mut self, shown: &str, _: &str) -> Result<(), Refused> {
        Err(Refused(format!(
            "{shown}: a path that leaves the folder (absolute or ..)"
        )))
    }
}

/// The download archive, unpacked submission by submission: each top-level
/// entry (or, under one folder at the top, each of its Moodle-named
/// entries) has its own budget of a submission; an entry over a limit
/// refuses its submission only — what was written of it is removed and
/// its later entries skipped — and the run goes on.
struct Download<'a> {
    dest: &'a Path,
    limits: &'a Limits,
    /// What the whole download may still use.
    total: Budget,
    subs: BTreeMap<PathBuf, Budget>,
    /// The submissions refused, by their path in the download.
    refused: BTreeMap<PathBuf, String>,
}

impl<'a> Download<'a> {
    fn new(dest: &'a Path, limits: &'a Limits) -> Download<'a> {
        Download {
            dest,
            limits,
            total: Budget::download(limits),
            subs: BTreeMap::new(),
            refused: BTreeMap::new(),
        }
    }

    /// The submission an entry belongs to: its first folder, or its first
    /// two when the first is not Moodle-named and the second is (a
    /// download of one folder of submissions).
    fn owner(rel: &Path) -> PathBuf {
        let parts: Vec<&std::ffi::OsStr> = rel.iter().collect();
        let named = |p: &std::ffi::OsStr| moodle(&p.to_string_lossy()).is_some();
        match parts.as_slice() {
            [first, second, _, ..] if !named(first) && named(second) => {
                Path::new(first).join(second)
            }
            [first, ..] => PathBuf::from(first),
            [] => PathBuf::new(),
        }
    }

    /// Runs `step` for the entry at `rel` in its submission, unless that
    /// one is refused; a refusal refuses it and removes what it wrote.
    fn within(
        &mut self,
        shown: &str,
        rel: &Path,
        step: impl FnOnce(&mut Into) -> Result<(), Refused>,
    ) -> Result<(), Refused> {
        let owner = Download::owner(rel);
        if self.refused.contains_key(&owner) {
            return Ok(());
        }
        let limits = self.limits;
        let budget = self
            .subs
            .entry(owner.clone())
            .or_insert_with(|| Budget::submission(limits));
        let before = (budget.bytes, budget.files);
        let mut outcome = if self.total.files == 0 || self.total.bytes == 0 {
            Err(Refused(format!(
                "the download is over its limits ({} MiB, {} files {}) at {shown}",
                self.total.limit_bytes >> 20,
                self.total.limit_files,
                self.total.scope
            )))
        } else {
            step(&mut Into::new(self.dest, budget))
        };
        let (bytes, files) = (before.0 - budget.bytes, before.1 - budget.files);
        if outcome.is_ok() && (bytes > self.total.bytes || files > self.total.files) {
            outcome = Err(Refused(format!(
                "the download is over its limits ({} MiB, {} files {}) at {shown}",
                self.total.limit_bytes >> 20,
                self.total.limit_files,
                self.total.scope
            )));
        }
        self.total.bytes = self.total.bytes.saturating_sub(bytes);
        self.total.files = self.total.files.saturating_sub(files);
        if let Err(Refused(why)) = outcome {
            self.refuse(owner, why);
        }
        Ok(())
    }

    /// Refuses the submission at `owner`: what was written of it is
    /// removed, an empty folder left in its place (so that it is still
    /// found, and excluded).
    fn refuse(&mut self, owner: PathBuf, why: String) {
        let at = self.dest.join(&owner);
        let _ = fs::remove_dir_all(&at).or_else(|_| fs::remove_file(&at));
        let _ = fs::create_dir_all(&at);
        self.refused.insert(owner, why);
    }

    /// The submissions refused, by their path in the download.
    fn finish(self) -> Vec<(PathBuf, String)> {
        self.refused.into_iter().collect()
    }
}

impl Sink for Download<'_> {
    fn folder(&mut self, shown: &str, rel: &Path) -> Result<(), Refused> {
        self.within(shown, rel, |into| into.folder(shown, rel))
    }

    fn file(&mut self, shown: &str, rel: &Path, from: &mut dyn Read) -> Result<(), Refused> {
        self.within(shown, rel, |into| into.file(shown, rel, from))
    }

    fn link(&mut self, link: Link, rel: &Path) -> Result<(), Refused> {
        // A link to another participant's folder stays in the download but
        // leaves the submission: the submission's own rule refuses it.
        let owner = Download::owner(rel);
        let resolved = rel.parent().unwrap_or(Path::new("")).join(link.target);
        let inside = link.inside && Download::owner(&normal(&resolved)) == owner;
        let shown = link.shown;
        self.within(shown, rel, |into| into.link(Link { inside, ..link }, rel))
    }

    fn junk(&mut self, _: &Path) {}

    fn other(&mut self, shown: &str, _: &Path) {
        log::warn!("{shown}: not a file nor a folder, skipped");
    }

    fn leaves(&mut self, shown: &str, name: &str) -> Result<(), Refused> {
        // Its submission, when its first part names one; else it belongs
        // to none and is skipped.
        let first = name.split(['/', '\\']).next().unwrap_or_default();
        match safe_relative(first).filter(|p| p.components().count() == 1) {
            Some(owner) if !self.refused.contains_key(&owner) => {
                self.refuse(
                    owner,
                    format!("{shown}: a path that leaves the folder (absolute or ..)"),
                );
            }
            Some(_) => {}
            None => log::warn!("{shown}: a path outside every submission, skipped"),
        }
        Ok(())
    }
}

/// Unpacks an archive into `sink`.
fn unpack(kind: ArchiveKind, archive: &Path, sink: &mut dyn Sink) -> Result<(), Refused> {
    let label = shown(&archive.file_name().unwrap_or_default().to_string_lossy());
    match kind {
        ArchiveKind::Zip => unpack_zip(archive, &label, sink),
        ArchiveKind::TarGz | ArchiveKind::Tar => {
            unpack_tar(archive, kind == ArchiveKind::TarGz, &label, sink)
        }
    }
}

/// A zip entry's name: UTF-8 when the zip says so or when the bytes are
/// valid UTF-8 (as most zip programs write names, flag or not), else CP437
/// (the old Windows zip), as the zip crate reads an unflagged name.
fn zip_name<R: Read>(entry: &zip::read::ZipFile<'_, R>) -> String {
    match std::str::from_utf8(entry.name_raw()) {
        Ok(name) => name.to_string(),
        Err(_) => entry.name().to_string(),
    }
}

fn unpack_zip(archive: &Path, label: &str, sink: &mut dyn Sink) -> Result<(), Refused> {
    let file = crate::paths::open(archive).map_err(Refused::io(label))?;
    let mut zip = zip::ZipArchive::new(BufReader::new(file))
        .map_err(|e| Refused(format!("{label}: not a zip archive that opens ({e})")))?;
    for i in 0..zip.len() {
        let mut entry = zip
            .by_index(i)
            .map_err(|e| Refused(format!("{label}: entry {i} does not read ({e})")))?;
        let name = zip_name(&entry);
        let shown = format!("{label}: {}", shown(&name));
        let (Some(rel), Some(_)) = (safe_relative(&name), entry.enclosed_name()) else {
            sink.leaves(&shown, &name)?;
            continue;
        };
        if entry.is_symlink() {
            let mut target = String::new();
            (&mut entry)
                .take(4096)
                .read_to_string(&mut target)
                .map_err(Refused::io(&shown))?;
            let link = Link {
                shown: &shown,
                what: "a symbolic link",
                inside: link_stays_inside(&rel, &target),
                target: &target,
            };
            sink.link(link, &rel)?;
            continue;
        }
        if junk(&name) {
            sink.junk(&rel);
            continue;
        }
        if rel.as_os_str().is_empty() {
            continue;
        }
        if entry.is_dir() {
            sink.folder(&shown, &rel)?;
        } else {
            sink.file(&shown, &rel, &mut entry)?;
        }
    }
    Ok(())
}

fn unpack_tar(archive: &Path, gz: bool, label: &str, sink: &mut dyn Sink) -> Result<(), Refused> {
    let file = crate::paths::open(archive).map_err(Refused::io(label))?;
    let stream: Box<dyn Read> = if gz {
        Box::new(flate2::read::GzDecoder::new(BufReader::new(file)))
    } else {
        Box::new(BufReader::new(file))
    };
    let mut tar = tar::Archive::new(stream);
    let entries = tar
        .entries()
        .map_err(|e| Refused(format!("{label}: not a tar archive that opens ({e})")))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| Refused(format!("{label}: does not read ({e})")))?;
        let name = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let shown = format!("{label}: {}", shown(&name));
        let Some(rel) = safe_relative(&name) else {
            sink.leaves(&shown, &name)?;
            continue;
        };
        let kind = entry.header().entry_type();
        if kind.is_symlink() || kind.is_hard_link() {
            let target = entry
                .link_name_bytes()
                .map(|t| String::from_utf8_lossy(&t).into_owned())
                .unwrap_or_default();
            // A hard link's target is a path from the archive's root.
            let inside = if kind.is_hard_link() {
                safe_relative(&target).is_some()
            } else {
                link_stays_inside(&rel, &target)
            };
            let (target, what) = match kind.is_hard_link() {
                // (As the sink resolves it: from the entry's folder.)
                true => (relative_to(&rel, &target), "a hard link"),
                false => (target, "a symbolic link"),
            };
            let link = Link {
                shown: &shown,
                what,
                target: &target,
                inside,
            };
            sink.link(link, &rel)?;
            continue;
        }
        if junk(&name) {
            sink.junk(&rel);
            continue;
        }
        if rel.as_os_str().is_empty() {
            continue;
        }
        if kind.is_dir() {
            sink.folder(&shown, &rel)?;
        } else if kind.is_file() || kind.is_contiguous() {
            sink.file(&shown, &rel, &mut entry)?;
        } else {
            sink.other(&shown, &rel);
        }
    }
    Ok(())
}

/// `path` with its `.` and `..` parts resolved (it stays relative; a `..`
/// past its start is kept).
fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::ParentDir if out.file_name().is_some() => {
                out.pop();
            }
            Component::CurDir => {}
            c => out.push(c),
        }
    }
    out
}

/// `target` (a path from the archive's root) as seen from the folder of
/// the entry `rel`: `../` for each of its folders.
fn relative_to(rel: &Path, target: &str) -> String {
    let up = rel.parent().map_or(0, |p| p.components().count());
    format!("{}{target}", "../".repeat(up))
}

/// Writes `from` into a new file at `path`, counting every byte against the
/// budget: past its bytes the submission is refused, whatever the archive
/// declared. Returns the bytes written.
fn write_limited(
    from: &mut dyn Read,
    path: &Path,
    shown: &str,
    budget: &mut Budget,
) -> Result<u64, Refused> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(Refused::io(shown))?;
    }
    let mut out = File::create(path).map_err(Refused::io(shown))?;
    let mut buf = vec![0u8; 64 << 10];
    let mut written = 0u64;
    loop {
        let n = from.read(&mut buf).map_err(Refused::io(shown))?;
        if n == 0 {
            break;
        }
        written += n as u64;
        if written > budget.bytes {
            return Err(Refused(format!(
                "more than {} MiB unpacked {} (at {shown})",
                budget.limit_bytes >> 20,
                budget.scope
            )));
        }
        out.write_all(&buf[..n]).map_err(Refused::io(shown))?;
    }
    budget.bytes -= written;
    Ok(written)
}

fn copy_file(from: &Path, to: &Path, shown: &str, budget: &mut Budget) -> Result<(), Refused> {
    if junk(shown) {
        budget.junk += 1;
        return Ok(());
    }
    budget.file(shown)?;
    let mut input = crate::paths::open(from).map_err(Refused::io(shown))?;
    write_limited(&mut input, to, shown, budget)?;
    Ok(())
}

/// Copies a submission's folder into `dest`: links that stay inside are
/// copied as what they point to, links that leave refuse it; anything not a
/// file or a folder (a pipe, a device) is skipped.
fn copy_folder(from: &Path, dest: &Path, budget: &mut Budget) -> Result<(), Refused> {
    let root = fs::canonicalize(from).map_err(Refused::io(from.display()))?;
    copy_tree(&root, &root, Path::new(""), dest, budget, 0)
}

fn copy_tree(
    root: &Path,
    dir: &Path,
    rel: &Path,
    dest: &Path,
    budget: &mut Budget,
    depth: usize,
) -> Result<(), Refused> {
    if depth > MAX_FOLDER_DEPTH {
        return Err(Refused(format!(
            "{}: folders more than {MAX_FOLDER_DEPTH} deep",
            rel.display()
        )));
    }
    let mut entries: Vec<_> = fs::read_dir(dir)
        .map_err(Refused::io(rel.display()))?
        .filter_map(|e| e.ok())
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name();
        let here = rel.join(&name);
        let shown = shown(&here.display().to_string());
        if junk(&name.to_string_lossy()) {
            budget.junk += 1;
            continue;
        }
        let meta = fs::symlink_metadata(entry.path()).map_err(Refused::io(&shown))?;
        let (path, meta) = if meta.file_type().is_symlink() {
            let target = fs::read_link(entry.path()).unwrap_or_default();
            match fs::canonicalize(entry.path()) {
                Ok(real) if real.starts_with(root) => {
                    let meta = fs::metadata(&real).map_err(Refused::io(&shown))?;
                    if meta.is_dir() {
                        budget
                            .notes
                            .push(format!("{shown}: a link to a folder, not followed"));
                        continue;
                    }
                    (real, meta)
                }
                Ok(_) => {
                    return Err(Refused(format!(
                        "{shown}: a symbolic link to {} (outside the submission)",
                        target.display()
                    )))
                }
                Err(_) => {
                    budget
                        .notes
                        .push(format!("{shown}: a link to nothing, skipped"));
                    continue;
                }
            }
        } else {
            (entry.path(), meta)
        };
        if meta.is_dir() {
            fs::create_dir_all(dest.join(&here)).map_err(Refused::io(&shown))?;
            copy_tree(root, &path, &here, dest, budget, depth + 1)?;
        } else if meta.is_file() {
            let real = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            budget.linked(&meta, &real, &shown);
            copy_file(&path, &dest.join(&here), &shown, budget)?;
        } else {
            budget
                .notes
                .push(format!("{shown}: not a file nor a folder, skipped"));
        }
    }
    Ok(())
}

/// Unpacks the archives found under `dir` (inside the copy `root`), each
/// into a folder named after it beside it, the copy of the archive removed;
/// `level` is the nesting of the archives found here.
fn unpack_nested(
    root: &Path,
    dir: &Path,
    level: u32,
    max: u32,
    budget: &mut Budget,
) -> Result<(), Refused> {
    let mut found = Vec::new();
    archives_under(dir, &mut found, 0);
    for (path, kind) in found {
        let rel = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .display()
            .to_string();
        if level > max {
            return Err(Refused(format!(
                "{rel}: archives nested more than {max} deep"
            )));
        }
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if let Err(why) = readable(kind, &path) {
            budget.notes.push(format!(
                "{rel}: an archive that cannot be read ({why}): left as it is, not unpacked"
            ));
            continue;
        }
        let parent = path.parent().unwrap_or(root).to_path_buf();
        let mut target = parent.join(kind.stem(&name));
        if target.exists() {
            target = parent.join(format!("{name}.unpacked"));
        }
        fs::create_dir_all(&target).map_err(Refused::io(&rel))?;
        let size = fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        unpack(kind, &path, &mut Into::new(&target, budget)).map_err(|Refused(why)| {
            Refused(format!(
                "{}: {why}",
                parent
                    .join(&name)
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
            ))
        })?;
        fs::remove_file(&path).map_err(Refused::io(&rel))?;
        budget.refund(size);
        let shown = target
            .strip_prefix(root)
            .unwrap_or(&target)
            .display()
            .to_string();
        budget.notes.push(format!("{rel} unpacked into {shown}/"));
        unpack_nested(root, &target, level + 1, max, budget)?;
    }
    Ok(())
}

/// `Err` (why) when a nested archive cannot be read at all: a zip that
/// does not open or has an entry this reader cannot decompress (Deflate64,
/// as Windows writes large zips). Such an archive is left as it is; one
/// that reads is unpacked under every limit.
fn readable(kind: ArchiveKind, archive: &Path) -> Result<(), String> {
    if kind != ArchiveKind::Zip {
        return Ok(());
    }
    let file = crate::paths::open(archive).map_err(|e| e.to_string())?;
    let mut zip = zip::ZipArchive::new(BufReader::new(file)).map_err(|e| e.to_string())?;
    for i in 0..zip.len() {
        zip.by_index(i).map_err(|e| format!("entry {i}: {e}"))?;
    }
    Ok(())
}

/// The archives under `dir` (the copy has no links), in name order.
fn archives_under(dir: &Path, found: &mut Vec<(PathBuf, ArchiveKind)>, depth: usize) {
    if depth > MAX_FOLDER_DEPTH {
        return;
    }
    let Ok(read) = fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = read.filter_map(|e| e.ok()).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => archives_under(&path, found, depth + 1),
            Ok(t) if t.is_file() => {
                if let Some(kind) = ArchiveKind::of(&path) {
                    found.push((path, kind));
                }
            }
            _ => {}
        }
    }
}

/// The files under `dir`.
fn count_files(dir: &Path) -> usize {
    let Ok(read) = fs::read_dir(dir) else {
        return 0;
    };
    read.filter_map(|e| e.ok())
        .map(|e| match e.file_type() {
            Ok(t) if t.is_dir() => count_files(&e.path()),
            Ok(_) => 1,
            Err(_) => 0,
        })
        .sum()
}

fn remove_all(dir: &Path) -> Result<()> {
    match fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e).with_context(|| format!("cannot remove {}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::testing::{kit_project, listing, repo, zip, zip_dir, Entry, Tmp};

    const ANA: &str = "Ana Sousa_1001_assignsubmission_file_";

    fn by_name<'a>(subs: &'a [Submission], name: &str) -> &'a Submission {
        subs.iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("no submission {name}: {subs:#?}"))
    }

    #[test]
    fn moodle_names_give_the_student_and_the_participant() {
        assert_eq!(
            moodle("José María Ñúñez Gonçalves_123456_assignsubmission_file_"),
            Some(("José María Ñúñez Gonçalves", "123456", "file", ""))
        );
        assert_eq!(
            moodle("Ana_7_assignsubmission_onlinetext_"),
            Some(("Ana", "7", "onlinetext", ""))
        );
        assert_eq!(
            moodle("Ana_7_assignsubmission_file_projeto.zip"),
            Some(("Ana", "7", "file", "projeto.zip"))
        );
        assert_eq!(moodle("grupo_3"), None);
        assert_eq!(moodle("Ana_x7_assignsubmission_file_"), None);
    }

    #[test]
    fn entry_paths_that_leave_are_unsafe() {
        assert_eq!(safe_relative("a/./b.lisp"), Some(PathBuf::from("a/b.lisp")));
        assert_eq!(safe_relative("a\\b.lisp"), Some(PathBuf::from("a/b.lisp")));
        for bad in [
            "../evil",
            "a/../../evil",
            "/etc/passwd",
            "\\x",
            "C:/x",
            "a/c:x",
        ] {
            assert_eq!(safe_relative(bad), None, "{bad}");
        }
        assert!(link_stays_inside(Path::new("a/b"), "c"));
        assert!(link_stays_inside(Path::new("a/b"), "../c"));
        assert!(!link_stays_inside(Path::new("a/b"), "../../c"));
        assert!(!link_stays_inside(Path::new("b"), "/etc/passwd"));
    }

    /// A download with a submission of every kind the issue lists.
    fn download(dir: &Path) {
        let clock_raw = kit_project("clock-raw");
        let lisp_only = |p: &Path| p.extension().is_some_and(|e| e == "lisp");
        // A zip of a kit project in a participant's folder.
        zip_dir(
            &dir.join(ANA).join("projeto.zip"),
            &clock_raw,
            "projeto/",
            &lisp_only,
        );
        // Loose files instead of a zip.
        let bruno = dir.join("Bruno Dias_1002_assignsubmission_file_");
        fs::create_dir_all(&bruno).unwrap();
        for f in ["projeto.lisp", "regras.lisp"] {
            fs::copy(clock_raw.join(f), bruno.join(f)).unwrap();
        }
        fs::write(bruno.join(".DS_Store"), "junk").unwrap();
        fs::write(bruno.join("projeto.lisp~"), "backup").unwrap();
        // An empty submission.
        fs::create_dir_all(dir.join("Carla Lopes_1003_assignsubmission_file_")).unwrap();
        // A zip bomb: 60 MiB of zeros (over the 50 MiB limit), 60 KiB
        // compressed.
        let zeros = vec![0u8; 60 << 20];
        zip(
            &dir.join("Duarte Reis_1004_assignsubmission_file_/projeto.zip"),
            &[
                Entry::File("jogo.lisp", b"(defun jogar (e tm) e)"),
                Entry::File("dados.dat", &zeros),
            ],
        );
        // A text log that compresses far better than 100:1: no bomb.
        let log = "jogada 12: (3 4) -> (5 5) avaliacao 0\n".repeat(2 << 20 >> 5);
        zip(
            &dir.join("Gil Matos_1007_assignsubmission_file_/registo.zip"),
            &[Entry::File("registo.txt", log.as_bytes())],
        );
        // A traversal.
        zip(
            &dir.join("Eva Cruz_1005_assignsubmission_file_/projeto.zip"),
            &[
                Entry::File("jogo.lisp", b"x"),
                Entry::File("../../evil.lisp", b"evil"),
            ],
        );
        // A symbolic link in a zip, out of the folder.
        zip(
            &dir.join("Filipe Reis_1006_assignsubmission_file_/projeto.zip"),
            &[
                Entry::File("jogo.lisp", b"x"),
                Entry::Link("senhas", "/etc/passwd"),
            ],
        );
        // A zip in a zip, with Mac junk.
        let inner = Tmp::new("inner");
        zip(
            &inner.path().join("interior.zip"),
            &[Entry::File(
                "jogo.lisp",
                b"(defun jogar (estado tempo) estado)",
            )],
        );
        zip(
            &dir.join("Gil Matos_1007_assignsubmission_file_/exterior.zip"),
            &[
                Entry::Dir("projeto/"),
                Entry::File(
                    "projeto/interior.zip",
                    &fs::read(inner.path().join("interior.zip")).unwrap(),
                ),
                Entry::File("__MACOSX/projeto/._interior.zip", b"mac"),
            ],
        );
        // A tar.gz.
        let helena = dir.join("Helena Maria_1008_assignsubmission_file_");
        fs::create_dir_all(&helena).unwrap();
        let gz = flate2::write::GzEncoder::new(
            File::create(helena.join("projeto.tar.gz")).unwrap(),
            flate2::Compression::default(),
        );
        let mut tar = tar::Builder::new(gz);
        tar.append_path_with_name(clock_raw.join("regras.lisp"), "projeto/regras.lisp")
            .unwrap();
        tar.append_path_with_name(clock_raw.join("projeto.lisp"), "projeto/projeto.lisp")
            .unwrap();
        tar.into_inner().unwrap().finish().unwrap();
        // A Python engine, and its online text merged into it.
        let ines = dir.join("Inês Álvares_1009_assignsubmission_file_");
        fs::create_dir_all(&ines).unwrap();
        fs::copy(
            repo().join("adapters/python/example_engine.py"),
            ines.join("motor.py"),
        )
        .unwrap();
        let online = dir.join("Inês Álvares_1009_assignsubmission_onlinetext_");
        fs::create_dir_all(&online).unwrap();
        fs::write(online.join("onlinetext.html"), "<p>o nosso motor</p>").unwrap();
        // A link in the input folder that leaves the submission.
        let joao = dir.join("João Pé_1010_assignsubmission_file_");
        fs::create_dir_all(&joao).unwrap();
        fs::write(joao.join("jogo.lisp"), "x").unwrap();
        std::os::unix::fs::symlink("/etc/hostname", joao.join("fora.lisp")).unwrap();
        // A group's archive at the top, not Moodle's.
        zip(
            &dir.join("grupo9.zip"),
            &[Entry::File("jogo.lisp", b"(defun jogar (a b) a)")],
        );
    }

    fn check_download(subs: &[Submission], out: &Path) {
        let names: Vec<&str> = subs.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                ANA,
                "Bruno Dias_1002_assignsubmission_file_",
                "Carla Lopes_1003_assignsubmission_file_",
                "Duarte Reis_1004_assignsubmission_file_",
                "Eva Cruz_1005_assignsubmission_file_",
                "Filipe Reis_1006_assignsubmission_file_",
                "Gil Matos_1007_assignsubmission_file_",
                "Helena Maria_1008_assignsubmission_file_",
                "Inês Álvares_1009_assignsubmission_file_",
                "João Pé_1010_assignsubmission_file_",
                "grupo9",
            ]
        );
        let ana = by_name(subs, ANA);
        assert_eq!(ana.student.as_deref(), Some("Ana Sousa"));
        assert_eq!(ana.participant.as_deref(), Some("1001"));
        assert_eq!(ana.files, out.join("submissions").join(ANA).join("files"));
        assert!(ana.refused.is_empty(), "{ana:?}");
        assert_eq!(
            listing(&ana.files),
            [
                "projeto/projeto/projeto.lisp",
                "projeto/projeto/regras.lisp"
            ]
        );
        assert_eq!(ana.notes, ["projeto.zip unpacked into projeto/"]);

        let bruno = by_name(subs, "Bruno Dias_1002_assignsubmission_file_");
        assert_eq!(listing(&bruno.files), ["projeto.lisp", "regras.lisp"]);
        assert!(
            bruno
                .notes
                .iter()
                .any(|n| n.starts_with("2 junk files skipped")),
            "{bruno:?}"
        );

        let carla = by_name(subs, "Carla Lopes_1003_assignsubmission_file_");
        assert_eq!(
            carla.refused,
            ["empty: no file in it (after skipping the junk)"]
        );

        let duarte = by_name(subs, "Duarte Reis_1004_assignsubmission_file_");
        assert_eq!(duarte.refused.len(), 1, "{duarte:?}");
        assert!(
            duarte.refused[0]
                .contains("more than 50 MiB unpacked per submission (at projeto.zip: dados.dat)"),
            "{duarte:?}"
        );
        assert!(listing(&duarte.files).is_empty());

        let eva = by_name(subs, "Eva Cruz_1005_assignsubmission_file_");
        assert!(
            eva.refused[0].contains("../../evil.lisp: a path that leaves the folder"),
            "{eva:?}"
        );
        let filipe = by_name(subs, "Filipe Reis_1006_assignsubmission_file_");
        assert!(
            filipe.refused[0]
                .contains("senhas: a symbolic link to /etc/passwd (outside the submission)"),
            "{filipe:?}"
        );

        let gil = by_name(subs, "Gil Matos_1007_assignsubmission_file_");
        assert!(gil.refused.is_empty(), "{gil:?}");
        assert_eq!(
            listing(&gil.files),
            ["exterior/projeto/interior/jogo.lisp", "registo/registo.txt"]
        );
        assert!(
            gil.notes
                .iter()
                .any(|n| n == "1 junk file skipped (__MACOSX, .DS_Store, editor backups, …)"),
            "{gil:?}"
        );

        let helena = by_name(subs, "Helena Maria_1008_assignsubmission_file_");
        assert_eq!(
            listing(&helena.files),
            [
                "projeto/projeto/projeto.lisp",
                "projeto/projeto/regras.lisp"
            ]
        );

        let ines = by_name(subs, "Inês Álvares_1009_assignsubmission_file_");
        assert_eq!(ines.student.as_deref(), Some("Inês Álvares"));
        assert_eq!(listing(&ines.files), ["motor.py", "onlinetext.html"]);

        let joao = by_name(subs, "João Pé_1010_assignsubmission_file_");
        assert!(
            joao.refused[0]
                .contains("fora.lisp: a symbolic link to /etc/hostname (outside the submission)"),
            "{joao:?}"
        );

        let g9 = by_name(subs, "grupo9");
        assert_eq!(
            (g9.student.as_deref(), g9.participant.as_deref()),
            (None, None)
        );
        assert_eq!(listing(&g9.files), ["jogo.lisp"]);

        // Nothing written outside the output's submissions (and download).
        let mut tops: Vec<String> = fs::read_dir(out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        tops.sort();
        assert!(
            tops.iter().all(|t| t == "submissions" || t == "download"),
            "{tops:?}"
        );
        assert!(!listing(out).iter().any(|f| f.contains("evil")));
    }

    #[test]
    fn a_download_folder_of_every_kind() {
        let tmp = Tmp::new("intake-folder");
        let input = tmp.path().join("download");
        download(&input);
        let before = listing(&input);
        let out = tmp.path().join("out");
        let subs = read(&input, &out, &Limits::default()).unwrap();
        check_download(&subs, &out);
        assert_eq!(listing(&input), before, "the input is never changed");

        // A rerun: files/ is the input's again, a description beside it kept.
        let ana_dir = out.join("submissions").join(ANA);
        fs::write(ana_dir.join("files/extra.lisp"), "stale").unwrap();
        fs::write(ana_dir.join("projeto.tabula"), "(:preset \"2023-knight\")").unwrap();
        let again = read(&input, &out, &Limits::default()).unwrap();
        assert_eq!(again, subs);
        assert!(!ana_dir.join("files/extra.lisp").exists());
        assert!(ana_dir.join("projeto.tabula").exists());
    }

    #[test]
    fn a_moodle_archive_is_unpacked_first() {
        let tmp = Tmp::new("intake-archive");
        let folder = tmp.path().join("Turma IA 2024-25");
        download(&folder);
        let archive = tmp.path().join("IA-2024-Projeto 2-123.zip");
        // Moodle's zip holds the folders at its top; the symbolic link of
        // the folder form cannot be zipped as a file: leave it out.
        zip_dir(&archive, &folder, "", &|p: &Path| !p.ends_with("fora.lisp"));
        let out = tmp.path().join("out");
        let subs = read(&archive, &out, &Limits::default()).unwrap();
        assert_eq!(subs.len(), 10, "{subs:#?}"); // the empty folder is not in a zip of files
        assert!(out.join("download").join(ANA).join("projeto.zip").exists());
        let joao = by_name(&subs, "João Pé_1010_assignsubmission_file_");
        assert!(joao.refused.is_empty());
        let duarte = by_name(&subs, "Duarte Reis_1004_assignsubmission_file_");
        assert!(duarte.refused[0].contains("more than 50 MiB unpacked"));
        let gil = by_name(&subs, "Gil Matos_1007_assignsubmission_file_");
        assert_eq!(
            listing(&gil.files),
            ["exterior/projeto/interior/jogo.lisp", "registo/registo.txt"]
        );
    }

    #[test]
    fn a_download_in_one_folder_and_moodle_flat_names() {
        let tmp = Tmp::new("intake-flat");
        let input = tmp.path().join("in");
        let turma = input.join("turma");
        fs::create_dir_all(&turma).unwrap();
        zip(
            &turma.join(format!("{ANA}projeto.zip")),
            &[Entry::File("jogo.lisp", b"(defun jogar (e tm) e)")],
        );
        fs::write(turma.join(format!("{ANA}leiame.txt")), "ola").unwrap();
        let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
        assert_eq!(subs.len(), 1, "{subs:#?}");
        assert_eq!(subs[0].name, ANA);
        assert_eq!(listing(&subs[0].files), ["leiame.txt", "projeto/jogo.lisp"]);
    }

    #[test]
    fn limits_are_counted_on_what_is_written() {
        let tmp = Tmp::new("intake-limits");
        let input = tmp.path().join("in");
        let noise: Vec<u8> = (0..5000u32)
            .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
            .collect();
        zip(&input.join("grande.zip"), &[Entry::File("a.bin", &noise)]);
        zip(
            &input.join("muitos.zip"),
            &[
                Entry::File("a", b"1"),
                Entry::File("b", b"2"),
                Entry::File("c", b"3"),
            ],
        );
        // Four archives deep.
        let mut bytes = Vec::new();
        {
            let t = Tmp::new("deep");
            let mut inner = t.path().join("d0.zip");
            zip(&inner, &[Entry::File("jogo.lisp", b"x")]);
            for k in 1..4 {
                let outer = t.path().join(format!("d{k}.zip"));
                zip(
                    &outer,
                    &[Entry::File(
                        &format!("d{}.zip", k - 1),
                        &fs::read(&inner).unwrap(),
                    )],
                );
                inner = outer;
            }
            bytes.extend(fs::read(&inner).unwrap());
        }
        fs::write(input.join("fundo.zip"), &bytes).unwrap();
        let limits = Limits {
            bytes: 4000,
            files: 2,
            ..Limits::default()
        };
        let subs = read(&input, &tmp.path().join("out"), &limits).unwrap();
        assert_eq!(
            by_name(&subs, "grande").refused,
            ["more than 0 MiB unpacked per submission (at grande.zip: a.bin)"]
        );
        assert_eq!(
            by_name(&subs, "muitos").refused,
            ["more than 2 files per submission (at muitos.zip: c)"]
        );
        assert_eq!(
            by_name(&subs, "fundo").refused,
            ["d2/d1/d0.zip: archives nested more than 3 deep"]
        );
    }

    /// A zip as old Windows zip programs and some others write it: stored
    /// entries, no UTF-8 flag, the names' bytes as given.
    fn raw_zip(entries: &[(&[u8], &[u8])]) -> Vec<u8> {
        raw_zip_method(entries, 0)
    }

    /// `raw_zip` with the entries' compression method given (the data as
    /// given: 9, Deflate64, makes a zip this reader cannot decompress).
    fn raw_zip_method(entries: &[(&[u8], &[u8])], method: u16) -> Vec<u8> {
        let mut out = Vec::new();
        let mut central = Vec::new();
        for (name, data) in entries {
            let mut crc = flate2::Crc::new();
            crc.update(data);
            let offset = out.len() as u32;
            let head = |sig: u32, central: bool| {
                let mut h = Vec::new();
                h.extend(sig.to_le_bytes());
                if central {
                    h.extend(20u16.to_le_bytes()); // made by
                }
                h.extend(20u16.to_le_bytes()); // needed
                h.extend(0u16.to_le_bytes()); // flags: no UTF-8 (bit 11)
                h.extend(method.to_le_bytes()); // 0: stored
                h.extend(0u32.to_le_bytes()); // time, date
                h.extend(crc.sum().to_le_bytes());
                h.extend((data.len() as u32).to_le_bytes());
                h.extend((data.len() as u32).to_le_bytes());
                h.extend((name.len() as u16).to_le_bytes());
                h.extend(0u16.to_le_bytes()); // extra
                if central {
                    h.extend([0u8; 6]); // comment, disk, internal attributes
                    h.extend(0u32.to_le_bytes()); // external attributes
                    h.extend(offset.to_le_bytes());
                }
                h.extend(*name);
                h
            };
            out.extend(head(0x0403_4b50, false));
            out.extend(*data);
            central.extend(head(0x0201_4b50, true));
        }
        let at = out.len() as u32;
        out.extend(&central);
        out.extend(0x0605_4b50u32.to_le_bytes());
        out.extend([0u8; 4]);
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((entries.len() as u16).to_le_bytes());
        out.extend((central.len() as u32).to_le_bytes());
        out.extend(at.to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out
    }

    /// A nested archive that cannot be read (a Projeto 1 zipped with
    /// Deflate64 beside phase 2's files) is left as it is, with a note;
    /// the submission is taken.
    #[test]
    fn an_archive_that_cannot_be_read_is_left_with_a_note() {
        let tmp = Tmp::new("intake-deflate64");
        let input = tmp.path().join("in");
        let folder = input.join("Rui Sá_1001_assignsubmission_file_");
        fs::create_dir_all(&folder).unwrap();
        fs::write(folder.join("jogo.lisp"), "(defun jogar (e tm) e)").unwrap();
        fs::write(
            folder.join("fase1.zip"),
            raw_zip_method(&[(b"procura.lisp", b"x"), (b"puzzle.lisp", b"y")], 9),
        )
        .unwrap();
        let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
        assert!(subs[0].refused.is_empty(), "{:?}", subs[0]);
        assert_eq!(listing(&subs[0].files), ["fase1.zip", "jogo.lisp"]);
        assert!(
            subs[0].notes.iter().any(|n| n.starts_with(
                "fase1.zip: an archive that cannot be read (entry 0: unsupported Zip archive"
            )),
            "{:?}",
            subs[0].notes
        );
    }

    /// Names in a zip without the UTF-8 flag: valid UTF-8 bytes are read
    /// as UTF-8 (`Patrícia`, not `Patr├¡cia`), others as CP437.
    #[test]
    fn unflagged_zip_names_are_utf8_when_valid_else_cp437() {
        let tmp = Tmp::new("intake-cp437");
        let download = tmp.path().join("turma.zip");
        let utf8 = "Patrícia Gonçalves_1001_assignsubmission_file_/jogo.lisp";
        // "Inês Peça" in CP437 (ê 0x88, ç 0x87): not valid UTF-8.
        let cp437 = b"In\x88s Pe\x87a_1002_assignsubmission_file_/jogo.lisp".to_vec();
        std::fs::write(
            &download,
            raw_zip(&[(utf8.as_bytes(), b"(defun jogar (e tm) e)"), (&cp437, b"x")]),
        )
        .unwrap();
        let subs = read(&download, &tmp.path().join("out"), &Limits::default()).unwrap();
        let names: Vec<(&str, Option<&str>)> = subs
            .iter()
            .map(|s| (s.name.as_str(), s.student.as_deref()))
            .collect();
        assert_eq!(
            names,
            [
                ("Inês Peça_1002_assignsubmission_file_", Some("Inês Peça")),
                (
                    "Patrícia Gonçalves_1001_assignsubmission_file_",
                    Some("Patrícia Gonçalves")
                ),
            ]
        );
        assert_eq!(listing(&subs[1].files), ["jogo.lisp"]);
    }

    /// The download archive: a bomb in one participant's folder excludes
    /// that submission only, and a text log that compresses 300:1 is
    /// taken.
    #[test]
    fn a_bomb_in_the_download_excludes_its_submission_only() {
        let tmp = Tmp::new("intake-download-bomb");
        let download = tmp.path().join("turma.zip");
        let zeros = vec![0u8; 60 << 20];
        let log = "jogada 12: (3 4) -> (5 5) avaliacao 0\n".repeat(2 << 20 >> 5);
        zip(
            &download,
            &[
                Entry::File("Ana Sousa_1001_assignsubmission_file_/jogo.lisp", b"x"),
                Entry::File(
                    "Ana Sousa_1001_assignsubmission_file_/registo.txt",
                    log.as_bytes(),
                ),
                Entry::File("Bruno Dias_1002_assignsubmission_file_/jogo.lisp", b"y"),
                Entry::File("Bruno Dias_1002_assignsubmission_file_/lixo.dat", &zeros),
                Entry::File("Bruno Dias_1002_assignsubmission_file_/depois.lisp", b"z"),
                Entry::File("Carla Lopes_1003_assignsubmission_file_/jogo.lisp", b"w"),
            ],
        );
        let out = tmp.path().join("out");
        let subs = read(&download, &out, &Limits::default()).unwrap();
        assert_eq!(subs.len(), 3, "{subs:#?}");
        assert!(subs[0].refused.is_empty(), "{:?}", subs[0]);
        assert_eq!(listing(&subs[0].files), ["jogo.lisp", "registo.txt"]);
        assert_eq!(
            subs[1].refused,
            ["more than 50 MiB unpacked per submission (at turma.zip: Bruno Dias_1002_assignsubmission_file_/lixo.dat)"]
        );
        assert!(listing(&subs[1].files).is_empty());
        assert!(!out
            .join("download/Bruno Dias_1002_assignsubmission_file_/lixo.dat")
            .exists());
        assert!(subs[2].refused.is_empty());
    }

    /// A hard link in the input folder to a file outside the submission
    /// refuses it, as the documentation says; one inside is copied.
    #[test]
    fn a_hard_link_to_a_file_outside_refuses_the_submission() {
        let tmp = Tmp::new("intake-hard-link");
        let input = tmp.path().join("in");
        let (ana, bruno) = (input.join("ana"), input.join("bruno"));
        fs::create_dir_all(&ana).unwrap();
        fs::create_dir_all(&bruno).unwrap();
        let secret = tmp.path().join("secret.txt");
        fs::write(&secret, "the teacher's key").unwrap();
        fs::write(ana.join("jogo.lisp"), "x").unwrap();
        fs::hard_link(&secret, ana.join("notas.txt")).unwrap();
        fs::write(bruno.join("jogo.lisp"), "y").unwrap();
        fs::hard_link(bruno.join("jogo.lisp"), bruno.join("copia.lisp")).unwrap();
        let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
        assert_eq!(subs[0].refused.len(), 1, "{:?}", subs[0]);
        assert!(
            subs[0].refused[0].contains("notas.txt: a hard link to a file outside the submission"),
            "{:?}",
            subs[0]
        );
        assert!(listing(&subs[0].files).is_empty());
        assert!(subs[1].refused.is_empty(), "{:?}", subs[1]);
        assert_eq!(listing(&subs[1].files), ["copia.lisp", "jogo.lisp"]);
    }

    /// Names a terminal would act on, or too long for a file: the
    /// submission's name is made safe, the student's escaped.
    #[test]
    fn names_are_escaped_and_shortened() {
        let tmp = Tmp::new("intake-names");
        let input = tmp.path().join("in");
        // 249 bytes: a folder can have it, a file `<name>.html.tmp` cannot.
        let long = format!(
            "{}Silva_1001_assignsubmission_file_",
            "Maria Ção ".repeat(18)
        );
        assert_eq!(long.len(), 249);
        let rlo = "Eva\u{202e}lisp.exe_1002_assignsubmission_file_";
        for d in [long.as_str(), rlo] {
            fs::create_dir_all(input.join(d)).unwrap();
            fs::write(input.join(d).join("jogo.lisp"), "x").unwrap();
        }
        let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
        let eva = subs
            .iter()
            .find(|s| s.participant.as_deref() == Some("1002"))
            .unwrap();
        assert!(eva.name.starts_with("Eva\\u{202e}lisp.exe_1002"), "{eva:?}");
        assert_eq!(eva.student.as_deref(), Some("Eva\\u{202e}lisp.exe"));
        let maria = subs
            .iter()
            .find(|s| s.participant.as_deref() == Some("1001"))
            .unwrap();
        assert!(maria.name.len() <= crate::names::MAX_FILE_NAME, "{maria:?}");
        assert!(maria.student.as_deref().unwrap().len() > 200);
        assert_eq!(listing(&maria.files), ["jogo.lisp"]);
    }
}
