//! The bubblewrap command line that confines one engine: new user, mount,
//! PID, network, IPC, UTS and cgroup namespaces; a read-only view of the
//! system folders; the engine's own folder (read-only unless the config
//! says `writable`); a private empty `/tmp`; the arbiter's files and other
//! engines' folders masked wherever they fall inside what is shown.

use super::Confinement;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The folders of the system shown read-only (those that exist).
const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

/// The arguments of `bwrap` before the engine's command: `dir` is the
/// engine's folder (absolute), `files` single files it needs outside it
/// (its program given by an absolute path).
pub fn args(c: &Confinement, dir: &Path, files: &[PathBuf]) -> Vec<OsString> {
    let mut a: Vec<OsString> = Vec::new();
    let mut push = |words: &[&std::ffi::OsStr]| a.extend(words.iter().map(|w| w.to_os_string()));
    let s = |t: &'static str| std::ffi::OsStr::new(t);
    push(&[
        s("--unshare-all"),
        s("--unshare-user"),
        s("--disable-userns"),
        s("--die-with-parent"),
        s("--new-session"),
    ]);
    for sys in SYSTEM {
        let p = Path::new(sys);
        match std::fs::read_link(p) {
            Ok(target) => push(&[s("--symlink"), target.as_os_str(), p.as_os_str()]),
            Err(_) if p.is_dir() => push(&[s("--ro-bind"), p.as_os_str(), p.as_os_str()]),
            Err(_) => {}
        }
    }
    let size = c.memory_mb.saturating_mul(1024 * 1024).to_string();
    push(&[s("--proc"), s("/proc"), s("--dev"), s("/dev")]);
    push(&[s("--size"), size.as_ref(), s("--tmpfs"), s("/tmp")]);
    push(&[s("--setenv"), s("HOME"), s("/tmp")]);
    push(&[s("--setenv"), s("TMPDIR"), s("/tmp")]);
    let bind = if c.writable { "--bind" } else { "--ro-bind" };
    push(&[s(bind), dir.as_os_str(), dir.as_os_str()]);
    let mut shown = vec![dir.to_path_buf()];
    for f in files.iter().filter(|f| !f.starts_with(dir)) {
        push(&[s("--ro-bind"), f.as_os_str(), f.as_os_str()]);
        shown.push(f.clone());
    }
    for h in &c.hidden {
        let inside =
            shown.iter().any(|v| h.starts_with(v)) || SYSTEM.iter().any(|v| h.starts_with(v));
        if !inside || h == dir || dir.starts_with(h) {
            continue;
        }
        if h.is_dir() {
            push(&[s("--tmpfs"), h.as_os_str()]);
        } else if h.exists() {
            push(&[s("--ro-bind"), s("/dev/null"), h.as_os_str()]);
        }
    }
    push(&[s("--chdir"), dir.as_os_str()]);
    a
}

/// The absolute paths to existing files among the words of a command line
/// (the program and, say, the core file of a Lisp image).
pub fn files_named(words: &[String]) -> Vec<PathBuf> {
    words
        .iter()
        .map(|w| w.trim_matches(['"', '\'']))
        .filter(|w| w.starts_with('/') && !SYSTEM.iter().any(|s| Path::new(w).starts_with(s)))
        .map(PathBuf::from)
        .filter(|p| p.is_file())
        .collect()
}
