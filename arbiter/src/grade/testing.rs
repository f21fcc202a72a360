//! Test helpers of `arbiter grade`: scratch folders, and downloads made
//! with the `zip` crate the way Moodle and students make them.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use zip::write::SimpleFileOptions;

/// A scratch folder, removed when dropped.
pub(crate) struct Tmp(pub(crate) PathBuf);

impl Tmp {
    pub(crate) fn new(name: &str) -> Tmp {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "tabula-grade-{name}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Tmp(dir)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Tmp {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The repository's root.
pub(crate) fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One kit test project's folder.
pub(crate) fn kit_project(name: &str) -> PathBuf {
    repo().join("tests/data/lisp-projects").join(name)
}

/// An entry of a zip made for a test.
pub(crate) enum Entry<'a> {
    File(&'a str, &'a [u8]),
    Dir(&'a str),
    Link(&'a str, &'a str),
}

/// Writes a zip of `entries` at `path` (folders made).
pub(crate) fn zip(path: &Path, entries: &[Entry]) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut z = zip::ZipWriter::new(fs::File::create(path).unwrap());
    let options = SimpleFileOptions::default().large_file(true);
    for e in entries {
        match e {
            Entry::File(name, bytes) => {
                z.start_file(*name, options).unwrap();
                z.write_all(bytes).unwrap();
            }
            Entry::Dir(name) => z.add_directory(*name, options).unwrap(),
            Entry::Link(name, target) => z.add_symlink(*name, *target, options).unwrap(),
        }
    }
    z.finish().unwrap();
}

/// Writes a zip of the files of `dir` (recursively) under `prefix`,
/// leaving out those `keep` refuses.
pub(crate) fn zip_dir(path: &Path, dir: &Path, prefix: &str, keep: &dyn Fn(&Path) -> bool) {
    let mut files = Vec::new();
    collect(dir, dir, &mut files);
    files.retain(|(rel, _)| keep(rel));
    let entries: Vec<(String, Vec<u8>)> = files
        .into_iter()
        .map(|(rel, abs)| (format!("{prefix}{}", rel.display()), fs::read(abs).unwrap()))
        .collect();
    let entries: Vec<Entry> = entries
        .iter()
        .map(|(n, b)| Entry::File(n.as_str(), b.as_slice()))
        .collect();
    zip(path, &entries);
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(PathBuf, PathBuf)>) {
    let mut entries: Vec<_> = fs::read_dir(dir).unwrap().map(|e| e.unwrap()).collect();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let p = e.path();
        if p.is_dir() {
            collect(root, &p, out);
        } else {
            out.push((p.strip_prefix(root).unwrap().to_path_buf(), p));
        }
    }
}

/// The files under `dir`, relative, sorted (a listing to compare).
pub(crate) fn listing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if dir.exists() {
        collect(dir, dir, &mut out);
    }
    out.into_iter()
        .map(|(rel, _)| rel.display().to_string())
        .collect()
}
