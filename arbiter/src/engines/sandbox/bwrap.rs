//! The bubblewrap command line that confines one engine: new user, mount,
//! PID, network, IPC, UTS and cgroup namespaces; a read-only view of the
//! system folders; the engine's own folder (read-only unless the config
//! says `writable`); a private empty `/tmp`; the folders of the arbiter's
//! files and other engines' own places masked wherever they fall inside
//! what is shown (an empty folder in their place, from before the engine
//! starts: a file the arbiter writes there later, or replaces by a rename,
//! is never seen); the arbiter's input files (config files) in view
//! covered by `/dev/null`.

use super::Confinement;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The folders of the system shown read-only (those that exist).
pub(crate) const SYSTEM: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt",
];

/// What an engine sees besides the system: its folder and the single
/// files it needs outside it (its program given by an absolute path).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct View {
    /// The engine's folder (absolute).
    pub(crate) dir: PathBuf,
    /// Files outside `dir`.
    pub(crate) files: Vec<PathBuf>,
}

impl View {
    pub(crate) fn new(dir: &Path, files: &[PathBuf]) -> View {
        View {
            dir: dir.to_path_buf(),
            files: files
                .iter()
                .filter(|f| !f.starts_with(dir))
                .cloned()
                .collect(),
        }
    }

    /// Everything bound from outside the system folders: the folder first.
    pub(crate) fn sources(&self) -> Vec<&PathBuf> {
        std::iter::once(&self.dir).chain(&self.files).collect()
    }

    /// Whether `path` is shown to the engine (a system folder, its folder,
    /// one of its files).
    pub(crate) fn shows(&self, path: &Path) -> bool {
        SYSTEM.iter().any(|s| path.starts_with(s))
            || path.starts_with(&self.dir)
            || self.files.iter().any(|f| f == path)
    }

    /// Whether `path` lies in what the engine sees (a system folder, its
    /// folder, one of its files or script folders).
    pub(crate) fn contains(&self, path: &Path) -> bool {
        SYSTEM.iter().any(|s| path.starts_with(s))
            || self.sources().iter().any(|s| path.starts_with(s))
    }

    /// Whether masking `folder` would hide the engine's own folder or one
    /// of its files (it is one of them, or holds one).
    pub(crate) fn is_own(&self, folder: &Path) -> bool {
        self.sources().iter().any(|s| s.starts_with(folder))
    }
}

/// The arguments of `bwrap` before the engine's command. `source` says
/// where each of the view's paths is bound from (the path itself, or where
/// the arbiter staged it: see `crate::engines::process`).
pub(crate) fn args(
    c: &Confinement,
    view: &View,
    source: &dyn Fn(&Path) -> PathBuf,
) -> Vec<OsString> {
    let dir = view.dir.as_path();
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
    push(&[s(bind), source(dir).as_os_str(), dir.as_os_str()]);
    let mut shown = vec![dir.to_path_buf()];
    for f in &view.files {
        push(&[s("--ro-bind"), source(f).as_os_str(), f.as_os_str()]);
        shown.push(f.clone());
    }
    // (The engine's own places are never masked: the arbiter refuses
    // before the first game to write where that would be needed.)
    let masks = c
        .hidden
        .iter()
        .filter(|h| view.contains(h) && !view.is_own(h) && !unreachable(h, &shown, c.run_as));
    for h in masks {
        if h.is_dir() {
            push(&[s("--tmpfs"), h.as_os_str()]);
        } else if h.exists() {
            push(&[s("--ro-bind"), s("/dev/null"), h.as_os_str()]);
        }
    }
    for f in &c.covered {
        if view.contains(f) && f.is_file() && !unreachable(f, &shown, c.run_as) {
            push(&[s("--ro-bind"), s("/dev/null"), f.as_os_str()]);
        }
    }
    push(&[s("--chdir"), dir.as_os_str()]);
    a
}

/// Whether the engine's user (`run_as`) is kept from `h` by a folder on
/// the way to it inside the view that it may not cross: then there is
/// nothing to mask, and bubblewrap, as that user, could not make the mask's
/// mount point there anyway.
fn unreachable(h: &Path, shown: &[PathBuf], run_as: Option<(u32, u32)>) -> bool {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let Some((uid, gid)) = run_as else {
        return false;
    };
    let Some(root) = shown.iter().find(|v| h.starts_with(v)) else {
        return false;
    };
    h.ancestors()
        .skip(1)
        .take_while(|a| a.starts_with(root))
        .any(|a| {
            a.metadata().is_ok_and(|m| {
                let mode = m.permissions().mode();
                let x = if m.uid() == uid {
                    mode & 0o100
                } else if m.gid() == gid {
                    mode & 0o010
                } else {
                    mode & 0o001
                };
                x == 0
            })
        })
}

/// What a command line names outside the system folders, to be shown
/// read-only: each existing file given by an absolute path (the program,
/// the core file of a Lisp image), or for a script (`.lisp`, `.py`, …) the
/// folder it is in, whose files it loads (the Lisp kit's `run.lisp` loads
/// `tabula.lisp` and `games/` beside it).
pub(crate) fn files_named(words: &[String]) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for w in words.iter().map(|w| w.trim_matches(['"', '\''])) {
        if !w.starts_with('/') || !Path::new(w).is_file() {
            continue;
        }
        // Canonical, as the masked paths are: a link or `..` shows the
        // same place under another name, with its masks.
        let Ok(p) = Path::new(w).canonicalize() else {
            continue;
        };
        if SYSTEM.iter().any(|s| p.starts_with(s)) {
            continue;
        }
        let script = p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| SCRIPTS.contains(&e));
        let shown = match p.parent() {
            Some(dir) if script && !too_wide(dir) => dir.to_path_buf(),
            _ => p.clone(),
        };
        if !out.contains(&shown) {
            out.push(shown);
        }
    }
    out
}

/// The places an engine given on the command line calls its own, to be
/// hidden from the other engines: the folder of each file its command
/// names outside the system folders (by an absolute path, or a relative
/// one from `cwd`), or the file itself when that folder is too wide to
/// hide (`/`, a home folder, `/tmp`). An engine of a config file has its
/// `dir` instead.
pub(crate) fn places_named(words: &[String], cwd: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = Vec::new();
    for w in words.iter().map(|w| w.trim_matches(['"', '\''])) {
        if w.starts_with('-') || !(w.starts_with('/') || w.contains('/')) {
            continue;
        }
        let Ok(p) = cwd.join(w).canonicalize() else {
            continue;
        };
        if !p.is_file() || SYSTEM.iter().any(|s| p.starts_with(s)) {
            continue;
        }
        let place = match p.parent() {
            Some(dir) if !too_wide(dir) => dir.to_path_buf(),
            _ => p.clone(),
        };
        if !out.contains(&place) {
            out.push(place);
        }
    }
    out
}

/// A folder too wide to show for a script in it: `/`, a home folder
/// (`/root`, `/home/<user>`, `$HOME`), `/home`, `/tmp`.
fn too_wide(dir: &Path) -> bool {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    dir.parent().is_none()
        || ["/root", "/home", "/tmp"]
            .iter()
            .any(|d| dir == Path::new(d))
        || dir.parent() == Some(Path::new("/home"))
        || home.is_some_and(|h| h == dir)
}

/// The extensions of scripts whose folder comes with them.
const SCRIPTS: &[&str] = &["lisp", "lsp", "cl", "fasl", "py", "sh"];

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
            covered: Vec::new(),
            seccomp: true,
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
        std::fs::create_dir_all(dir.join("out")).unwrap();
        std::fs::write(dir.join("class.toml"), "").unwrap();
        let hidden = vec![
            dir.join("out"), // the folder of the arbiter's files
            other.clone(),
            root.join("carol"), // outside the view: nothing to mask
            dir.clone(),        // its own folder stays
            root.clone(),       // and what holds it
        ];
        let same = |p: &Path| p.to_path_buf();
        let mut c = confinement(hidden, false);
        c.covered = vec![dir.join("class.toml"), root.join("other.toml")];
        let a = text(&args(&c, &View::new(&dir, &[]), &same));
        let d = dir.display();
        assert!(
            a.starts_with("--unshare-all --unshare-user --disable-userns"),
            "{a}"
        );
        assert!(a.contains(&format!("--ro-bind {d} {d}")), "{a}");
        assert!(a.contains(&format!("--tmpfs {d}/out")), "{a}");
        assert!(
            a.contains(&format!("--ro-bind /dev/null {d}/class.toml")),
            "{a}"
        );
        assert!(a.contains(&format!("--tmpfs {}", other.display())), "{a}");
        assert!(
            !a.contains("carol")
                && !a.contains("other.toml")
                && !a.contains(&format!("--tmpfs {d} "))
                && !a.contains(&format!("--tmpfs {} ", root.display())),
            "{a}"
        );
        assert!(a.contains("--size 67108864 --tmpfs /tmp"), "{a}");
        assert!(a.ends_with(&format!("--chdir {d}")), "{a}");
        let a = text(&args(
            &confinement(vec![], true),
            &View::new(&dir, &[]),
            &same,
        ));
        assert!(a.contains(&format!("--bind {d} {d}")), "{a}");
        // A staged folder is bound from where the arbiter put it.
        let staged = |p: &Path| {
            if p == dir {
                PathBuf::from("/tmp/0")
            } else {
                p.to_path_buf()
            }
        };
        let a = text(&args(
            &confinement(vec![], false),
            &View::new(&dir, &[]),
            &staged,
        ));
        assert!(a.contains(&format!("--ro-bind /tmp/0 {d}")), "{a}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn files_named_outside_the_system() {
        let exe = std::env::current_exe().unwrap();
        let words = vec![exe.display().to_string(), "/bin/sh".into(), "x.lisp".into()];
        assert_eq!(files_named(&words), vec![exe]);
        // A script brings its folder (the kit beside run.lisp).
        let kit = Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/lisp");
        let kit = kit.canonicalize().unwrap();
        let words = vec![
            "sbcl".into(),
            "--script".into(),
            kit.join("run.lisp").display().to_string(),
        ];
        assert_eq!(files_named(&words), vec![kit]);
    }
}
