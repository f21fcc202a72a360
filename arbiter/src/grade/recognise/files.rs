//! A submission's files as recognition sees them: the list (editors' and
//! tools' folders left out), the Lisp sources and their facts, and the
//! programs that are not Lisp (a Python protocol loop, an ELF executable).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::source::{self, FileFacts};

/// The files under `dir`, relative to it, in name order; hidden folders
/// (`.vscode/`, `.git/`, an editor's scratch files) and `__MACOSX/` left
/// out.
pub(super) fn list_files(dir: &Path) -> Vec<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>, depth: usize) {
        let Ok(read) = fs::read_dir(dir) else { return };
        let mut entries: Vec<_> = read.filter_map(|e| e.ok()).collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let path = e.path();
            let name = e.file_name().to_string_lossy().into_owned();
            match e.file_type() {
                Ok(t) if t.is_dir() && depth < 40 && !tools_folder(&name) => {
                    walk(root, &path, out, depth + 1)
                }
                Ok(t) if t.is_file() && out.len() < 20_000 => {
                    out.push(path.strip_prefix(root).unwrap_or(&path).to_path_buf())
                }
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out, 0);
    out
}

/// A folder of an editor or a tool, never the project's.
fn tools_folder(name: &str) -> bool {
    name.starts_with('.') || name == "__MACOSX"
}

pub(super) fn extension(path: &Path) -> String {
    path.extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default()
}

pub(super) fn is_lisp_source(path: &Path) -> bool {
    matches!(extension(path).as_str(), "lisp" | "lsp" | "cl" | "l")
}

/// A Lisp file of the project and what it holds.
pub(super) struct LispFile {
    /// Relative to the description: `files/jogo.lisp`.
    pub(super) rel: String,
    /// The file name (`jogo.LISP`).
    pub(super) name: String,
    /// Its name without type, lower case: what a `load` finds it by.
    pub(super) stem: String,
    /// Its folder, relative to `files/`.
    pub(super) dir: PathBuf,
    pub(super) facts: FileFacts,
}

/// Reads each Lisp file (one text at a time) until `deadline`.
pub(super) fn read_lisp(root: &Path, paths: &[&PathBuf], deadline: Instant) -> Vec<LispFile> {
    paths
        .iter()
        .map(|rel| {
            let text = source::decode(fs::read(root.join(rel)).unwrap_or_default());
            let name = rel
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            LispFile {
                rel: format!("files/{}", rel.display()),
                stem: source::path_words(&name).0,
                name,
                dir: rel.parent().map(Path::to_path_buf).unwrap_or_default(),
                facts: source::analyse(&text, deadline),
            }
        })
        .collect()
}

/// A Python program with a protocol loop, or an ELF executable: (command,
/// how).
pub(super) fn program(root: &Path, all: &[PathBuf]) -> Option<(String, String)> {
    python(root, all).or_else(|| elf(root, all))
}

fn python(root: &Path, all: &[PathBuf]) -> Option<(String, String)> {
    let words = [
        "ugi", "uci", "bestmove", "isready", "readyok", "ugiok", "uciok",
    ];
    let mut scripts: Vec<(usize, bool, &PathBuf)> = all
        .iter()
        .filter(|p| extension(p) == "py")
        .map(|p| {
            let text = source::decode(fs::read(root.join(p)).unwrap_or_default());
            let protocol = words.iter().filter(|w| contains_word(&text, w)).count();
            let main = text.contains("__name__") && text.contains("__main__");
            (protocol, main, p)
        })
        .collect();
    scripts.sort_by_key(|s| std::cmp::Reverse((s.0, s.1)));
    let &(protocol, main, path) = scripts.first()?;
    if !(protocol >= 2 || main || scripts.len() == 1) {
        return None;
    }
    let sure = if protocol >= 2 && scripts.get(1).is_none_or(|s| s.0 < protocol) {
        "likely"
    } else {
        "guess"
    };
    let why = if protocol >= 2 {
        format!("a Python protocol loop ({protocol} of the protocol's words)")
    } else if main {
        "the Python script with a __main__ (no protocol words seen)".to_string()
    } else {
        "the only Python file".to_string()
    };
    Some((
        format!("python3 {}", shell_word(&path.display().to_string())),
        format!(
            "{why} in {}; the handshake is confirmed by the check ({sure})",
            path.display()
        ),
    ))
}

fn elf(root: &Path, all: &[PathBuf]) -> Option<(String, String)> {
    let elf = all.iter().find(|p| {
        let mut head = [0u8; 4];
        fs::File::open(root.join(p))
            .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
            .is_ok()
            && head == *b"\x7fELF"
    })?;
    // The intake's copy lost the execute bit; it runs in the sandbox only.
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(root.join(elf), fs::Permissions::from_mode(0o755));
    }
    Some((
        format!("./{}", shell_word(&elf.display().to_string())),
        format!(
            "an ELF executable, {}; the handshake is confirmed by the check (guess)",
            elf.display()
        ),
    ))
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        let edge = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '_');
        edge(before) && edge(after)
    })
}

fn shell_word(s: &str) -> String {
    if s.chars()
        .all(|c| c.is_ascii_alphanumeric() || "._-/+".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}
