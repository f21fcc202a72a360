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

#[cfg(test)]
mod tests {
    use super::*;

    fn confinement(hidden: Vec<PathBuf>, writable: bool) -> Confinement {
        Confinement {
            bwrap: Some("bwrap".into()),
            cgroup: None,
            memory_mb: 64,
            pids: 16,
            millicores: None,
            freeze_idle: false,
            run_as: None,
            writable,
            hidden,
        }
    }

    fn text(a: &[OsString]) -> String {
        a.iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_view_masks_the_arbiter_files_inside_it() {
        let root = std::env::temp_dir().join(format!("bwrap-args-{}", std::process::id()));
        let (dir, other) = (root.join("alice"), root.join("alice/bob"));
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(dir.join("results.jsonl"), "").unwrap();
        let hidden = vec![
            dir.join("results.jsonl"),
            other.clone(),
            root.join("carol"), // outside the view: nothing to mask
            dir.clone(),        // its own folder stays
        ];
        let a = text(&args(&confinement(hidden, false), &dir, &[]));
        let d = dir.display();
        assert!(
            a.starts_with("--unshare-all --unshare-user --disable-userns"),
            "{a}"
        );
        assert!(a.contains(&format!("--ro-bind {d} {d}")), "{a}");
        assert!(
            a.contains(&format!("--ro-bind /dev/null {d}/results.jsonl")),
            "{a}"
        );
        assert!(a.contains(&format!("--tmpfs {}", other.display())), "{a}");
        assert!(
            !a.contains("carol") && !a.contains(&format!("--tmpfs {d} ")),
            "{a}"
        );
        assert!(a.contains("--size 67108864 --tmpfs /tmp"), "{a}");
        assert!(a.ends_with(&format!("--chdir {d}")), "{a}");
        let a = text(&args(&confinement(vec![], true), &dir, &[]));
        assert!(a.contains(&format!("--bind {d} {d}")), "{a}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn files_named_outside_the_system() {
        let exe = std::env::current_exe().unwrap();
        let words = vec![exe.display().to_string(), "/bin/sh".into(), "x.lisp".into()];
        assert_eq!(files_named(&words), vec![exe]);
    }
}
