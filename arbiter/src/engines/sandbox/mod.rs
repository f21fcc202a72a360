//! Confinement of untrusted engines (`--sandbox auto|on|off`).
//!
//! A class championship runs programs written by students with the
//! teacher's privileges. With the sandbox, every external engine process
//! tree runs in layers of what Linux and Debian already provide:
//!
//! 1. **bubblewrap** (`bwrap`, see [`bwrap`]): its own user, mount, PID,
//!    network, IPC and UTS namespaces. It sees the system folders read-only,
//!    its own folder (read-only unless the config says `writable = true`)
//!    and a private empty `/tmp`; not the home folders, other engines'
//!    folders, the results journal, logs, records or config files. No
//!    network (loopback included: it has its own). It cannot see or signal
//!    any other process, and everything it starts dies with it (a `setsid`
//!    daemon included). When the arbiter runs as root, the engine runs as
//!    `nobody` (uid 65534), so no file is readable to it as its owner.
//! 2. **cgroups** (see [`cgroup`]; v2 where it offers pids and memory, else
//!    v1): a limit of processes (`--sandbox-pids`) and of memory
//!    (`--sandbox-memory`, RAM actually used: a Lisp image's large
//!    reserved heap is fine) for the whole tree, that nothing inside can
//!    lift; with `--sandbox-cpus`, a share of the CPU (in cores); the CPU
//!    time of each move; the freezer of `--freeze-idle`.
//! 3. **seccomp** (see [`seccomp`]): no Unix-domain socket can be made, so
//!    no server listening on a socket file the engine can see is reachable
//!    (and no io_uring, which would get around the filter).
//! 4. **A clean start**: only stdin, stdout and stderr are open in the
//!    engine (whatever descriptors the arbiter's caller left open), and its
//!    environment is an allow-list ([`environment`]), not the arbiter's.
//! 5. **rlimits** from the config file (`[engine.limits]`), as before.
//!
//! Run as root, the engine's folder and files are bound while the child is
//! still root (in a private mount namespace, see `crate::engines::process`), so a
//! folder under a private one (`/root/...`) works; what `nobody` itself
//! cannot read, or a program the view does not show, is refused before the
//! first game ([`SandboxArgs::apply`]).
//!
//! Without bubblewrap there is no filesystem, network or PID confinement;
//! without a writable cgroup, no process or memory limit, and
//! `--freeze-idle` stops the processes with SIGSTOP (found through `/proc`)
//! and the CPU time comes from `/proc`. `auto` uses what there is and says
//! it on the header line; `on` refuses to start (exit code 2) unless
//! bubblewrap and cgroups both work.
//!
//! Landlock is not used: bubblewrap's namespaces already give a smaller
//! view than a Landlock rule set would, and cover network and processes
//! too; Landlock's scoping of Unix sockets (ABI 6) covers only abstract
//! ones, which the network namespace already separates.

pub(crate) mod bwrap;
pub(crate) mod cgroup;
pub(crate) mod procfs;
pub(crate) mod seccomp;

use crate::engines::config::{Entrant, ExternalSpec, Kind};
use anyhow::{bail, Result};
use cgroup::Hierarchy;
use clap::{Args, ValueEnum};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// Whether engines are confined.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The strongest confinement available, said on the header line.
    Auto,
    /// Every layer (bubblewrap and cgroups), or refuse to start.
    On,
    /// No confinement (trusted engines).
    #[default]
    Off,
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Auto => "auto",
            Mode::On => "on",
            Mode::Off => "off",
        })
    }
}

/// The sandbox options of every command that runs engines.
#[derive(Args, Clone, Debug)]
pub struct SandboxArgs {
    /// Confine external engines: on (bubblewrap and cgroups, or refuse to
    /// start), auto (the strongest available, said on the header line),
    /// off. An engine of a config file may set its own `sandbox`.
    #[arg(long, value_enum, default_value_t = Mode::Off)]
    pub sandbox: Mode,
    /// Stop each sandboxed engine while its opponent thinks (no pondering).
    #[arg(long)]
    pub freeze_idle: bool,
    /// Memory of each sandboxed engine, all its processes together (MiB).
    #[arg(long, default_value_t = 2048, value_name = "MIB", value_parser = sandbox_memory)]
    pub(crate) sandbox_memory: u64,
    /// Processes and threads of each sandboxed engine.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = sandbox_pids)]
    pub(crate) sandbox_pids: u64,
    /// CPU of each sandboxed engine, in cores (`1`, `0.5`; default: no
    /// limit): its threads together cannot use more.
    #[arg(long, value_name = "CORES", value_parser = sandbox_cpus)]
    pub(crate) sandbox_cpus: Option<f64>,
}

/// `--sandbox-memory`: 16 MiB (less and no interpreter starts) to 1 TiB
/// (the limit is written in bytes).
fn sandbox_memory(s: &str) -> Result<u64, String> {
    crate::limits::number(s, 16, 1 << 20, "MiB")
}

/// `--sandbox-pids`: 1 to the kernel's largest `pid_max`.
fn sandbox_pids(s: &str) -> Result<u64, String> {
    crate::limits::number(s, 1, 4_194_304, "processes")
}

/// `--sandbox-cpus`: 0.01 to 1024 cores.
fn sandbox_cpus(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(c) if (0.01..=1024.0).contains(&c) => Ok(c),
        _ => Err(format!(
            "expected a number of cores from 0.01 to 1024 (e.g. 1 or 0.5), found '{s}'"
        )),
    }
}

impl SandboxArgs {
    /// No sandbox.
    pub fn off() -> SandboxArgs {
        SandboxArgs {
            sandbox: Mode::Off,
            freeze_idle: false,
            sandbox_memory: 2048,
            sandbox_pids: 256,
            sandbox_cpus: None,
        }
    }

    /// Sets the confinement of every external entrant. `protected` are the
    /// arbiter's files (results, logs, records, summary, config files) that
    /// no engine may see. Returns the header line saying what is enforced
    /// (`None` when no engine is confined); an error when `on` cannot be
    /// enforced.
    pub fn apply(&self, entrants: &mut [Entrant], protected: &[PathBuf]) -> Result<Option<String>> {
        if self.sandbox_pids == 0 || self.sandbox_memory == 0 {
            bail!("--sandbox-pids and --sandbox-memory must be at least 1");
        }
        if let Some(c) = self.sandbox_cpus.filter(|c| !(0.01..=1024.0).contains(c)) {
            bail!("--sandbox-cpus must be between 0.01 and 1024 cores, found {c}");
        }
        let mut hidden: Vec<PathBuf> = protected.iter().map(|p| absolute(p)).collect();
        for e in entrants.iter() {
            if let Kind::External(s) = &e.kind {
                hidden.extend(s.dir.as_deref().map(absolute));
            }
        }
        let mut header = None;
        let mut free = Vec::new();
        let mut writable = Vec::new();
        let mut notes = Vec::new();
        for e in entrants.iter_mut() {
            let Kind::External(spec) = &mut e.kind else {
                continue;
            };
            let mode = spec.sandbox.mode.unwrap_or(self.sandbox);
            if mode == Mode::Off {
                spec.confine = None;
                free.push(e.name.clone());
                continue;
            }
            if spec.dir.is_none() && std::env::current_dir().is_ok_and(|d| d == Path::new("/")) {
                bail!(
                    "engine '{}' would see the whole file system in the sandbox: an engine \
                     given on the command line sees the current folder, here /; run the \
                     arbiter from another folder or give the engine a `dir` in a config file",
                    e.name
                );
            }
            let found = probe();
            if mode == Mode::On {
                let missing: Vec<String> = [
                    found
                        .bwrap
                        .as_ref()
                        .err()
                        .map(|e| format!("bubblewrap: {e}")),
                    found.cgroup.as_ref().err().map(|e| format!("cgroups: {e}")),
                    found
                        .cgroup
                        .as_ref()
                        .ok()
                        .filter(|h| self.sandbox_cpus.is_some() && !h.limits_cpu())
                        .map(|_| "--sandbox-cpus: no cgroup cpu controller".to_string()),
                    found
                        .seccomp
                        .as_ref()
                        .err()
                        .map(|e| format!("seccomp: {e}")),
                ]
                .into_iter()
                .flatten()
                .collect();
                if !missing.is_empty() {
                    bail!(
                        "--sandbox on cannot be enforced for engine '{}': {}",
                        e.name,
                        missing.join("; ")
                    );
                }
            }
            let c = Confinement {
                bwrap: found.bwrap.clone().ok(),
                cgroup: found.cgroup.clone().ok(),
                memory_mb: self.sandbox_memory,
                pids: self.sandbox_pids,
                millicores: self.sandbox_cpus.map(|c| (c * 1000.0).round() as u64),
                freeze_idle: self.freeze_idle,
                run_as: found.run_as,
                writable: spec.sandbox.writable,
                hidden: hidden.clone(),
                seccomp: found.seccomp.is_ok(),
            };
            if let Some(note) = preflight(&e.name, spec, &c)? {
                notes.push(note);
            }
            if c.writable {
                writable.push(e.name.clone());
            }
            header.get_or_insert_with(|| {
                let read_only = Confinement {
                    writable: false,
                    ..c.clone()
                };
                format!("sandbox {mode}: {}", read_only.describe())
            });
            spec.confine = Some(Arc::new(c));
        }
        match &mut header {
            None if self.freeze_idle => {
                bail!("--freeze-idle stops sandboxed engines: add --sandbox on (or auto)")
            }
            Some(h) => {
                if !writable.is_empty() {
                    h.push_str(&format!("; own folder writable: {}", writable.join(", ")));
                }
                if !free.is_empty() {
                    h.push_str(&format!("; NOT confined: {}", free.join(", ")));
                }
                for n in &notes {
                    h.push_str(&format!("\nsandbox note: {n}"));
                }
            }
            None => {}
        }
        Ok(header)
    }
}

/// The sandbox settings of one engine in a config file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EngineSandbox {
    /// Overrides `--sandbox` for this engine.
    pub(crate) mode: Option<Mode>,
    /// The engine may write in its own folder.
    pub(crate) writable: bool,
}

/// How one engine is confined (resolved from the options and what the
/// machine offers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Confinement {
    /// The `bwrap` program, if bubblewrap works here.
    pub(crate) bwrap: Option<PathBuf>,
    /// Where engine cgroups are made, if anywhere.
    pub(crate) cgroup: Option<Hierarchy>,
    pub(crate) memory_mb: u64,
    pub(crate) pids: u64,
    /// CPU bandwidth in thousandths of a core, if limited.
    pub(crate) millicores: Option<u64>,
    pub(crate) freeze_idle: bool,
    /// The user and group the engine runs as (the arbiter is root).
    pub(crate) run_as: Option<(u32, u32)>,
    pub(crate) writable: bool,
    /// Absolute paths masked wherever they fall inside the engine's view.
    pub(crate) hidden: Vec<PathBuf>,
    /// The seccomp filter of [`seccomp`] is loaded.
    pub(crate) seccomp: bool,
}

impl Confinement {
    /// What is enforced, in words.
    pub(crate) fn describe(&self) -> String {
        let mut parts = Vec::new();
        match &self.bwrap {
            Some(_) => parts.push(format!(
                "bubblewrap (read-only system, own folder {}, private /tmp, no network, \
                 own PID namespace{})",
                if self.writable { "writable" } else { "read-only" },
                if self.run_as.is_some() { ", as nobody" } else { "" }
            )),
            None => parts.push(
                "NO bubblewrap (no filesystem, network or PID confinement: apt-get install bubblewrap)"
                    .into(),
            ),
        }
        match &self.cgroup {
            Some(h) => parts.push(format!(
                "{} with {} processes, {} MiB memory{}",
                h.describe(),
                self.pids,
                self.memory_mb,
                match self.millicores {
                    Some(m) if h.limits_cpu() => format!(", {} CPU cores", m as f64 / 1000.0),
                    Some(_) => ", NO CPU limit (no cpu controller)".into(),
                    None => String::new(),
                }
            )),
            None => parts.push("NO cgroup (no process or memory limit)".into()),
        }
        parts.push(if self.seccomp {
            seccomp::DESCRIBE.into()
        } else {
            "NO seccomp (Unix sockets the engine can see are reachable)".into()
        });
        parts.push(format!(
            "only stdin, stdout and stderr open; environment: {} and the config's `env`",
            ALLOWED_ENV.join(", ")
        ));
        if self.freeze_idle {
            let how = match &self.cgroup {
                Some(h) if h.freezes() => "cgroup freezer",
                _ => "SIGSTOP",
            };
            parts.push(format!("frozen while the opponent thinks ({how})"));
        }
        parts.join("; ")
    }
}

/// The variables an engine gets under the sandbox, besides those its
/// config file names: `PATH` (the arbiter's folders that the engine can
/// see), `HOME` and `TMPDIR` (its private `/tmp`), and the arbiter's own
/// language, time zone and terminal settings.
pub(crate) const ALLOWED_ENV: &[&str] = &[
    "PATH", "HOME", "TMPDIR", "LANG", "LANGUAGE", "LC_*", "TZ", "TERM",
];

/// The environment of a confined engine whose folder is `dir` (the
/// allow-list of [`ALLOWED_ENV`]; the config's `env` comes on top).
pub(crate) fn environment(c: &Confinement, dir: &Path) -> Vec<(String, String)> {
    let mut env = Vec::new();
    let view = bwrap::View::new(dir, &[]);
    let path = std::env::var_os("PATH").unwrap_or_default();
    let shown: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|p| c.bwrap.is_none() || view.shows(p))
        .collect();
    let path = std::env::join_paths(&shown)
        .ok()
        .and_then(|p| p.into_string().ok())
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "/usr/local/bin:/usr/bin:/bin".into());
    env.push(("PATH".to_string(), path));
    let home = match c.bwrap {
        Some(_) => "/tmp".to_string(),
        None => dir.display().to_string(),
    };
    env.push(("HOME".to_string(), home));
    env.push(("TMPDIR".to_string(), "/tmp".to_string()));
    // (`vars_os`: a variable that is not UTF-8 must not stop the arbiter.)
    for (k, v) in std::env::vars_os() {
        let (Some(k), Some(v)) = (k.to_str(), v.to_str()) else {
            continue;
        };
        if matches!(k, "LANG" | "LANGUAGE" | "TZ" | "TERM") || k.starts_with("LC_") {
            env.push((k.to_string(), v.to_string()));
        }
    }
    env
}

/// What the engine of `spec` sees besides the system: its folder (the
/// config's `dir`, else the current folder) and what its command line names
/// ([`bwrap::files_named`]). The same view is checked before the first game
/// and bound at every start.
pub(crate) fn view_of(spec: &ExternalSpec) -> std::io::Result<bwrap::View> {
    let dir = match &spec.dir {
        Some(d) => absolute(d),
        None => std::env::current_dir()?,
    };
    let words: Vec<String> = spec
        .program
        .split_whitespace()
        .chain(spec.args.iter().map(String::as_str))
        .map(str::to_string)
        .collect();
    Ok(bwrap::View::new(&dir, &bwrap::files_named(&words)))
}

/// What the sandbox will not be able to run, found before the first game:
/// a folder or file that `nobody` cannot read (run as root), a program in a
/// place the engine's view does not show. An error names the path and the
/// fix; a note says what runs instead of a program it cannot show.
fn preflight(name: &str, spec: &ExternalSpec, c: &Confinement) -> Result<Option<String>> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let view = view_of(spec)?;
    let dir = view.dir.clone();
    if let Some((uid, _)) = c.run_as {
        // nobody's rights: as the owner when it owns it, else as "other".
        let denied = |p: &Path, need: u32| {
            p.metadata().is_ok_and(|m| {
                let mode = m.permissions().mode();
                let bits = if m.uid() == uid {
                    (mode >> 6) & 7
                } else {
                    mode & 7
                };
                bits & need != need
            })
        };
        // Without bubblewrap nothing is bound as root: nobody walks the
        // whole path to the folder itself.
        let blocked = c.bwrap.is_none().then(|| {
            dir.ancestors()
                .skip(1)
                .find(|a| denied(a, 0o1))
                .map(Path::to_path_buf)
        });
        if let Some(Some(a)) = blocked {
            bail!(
                "engine '{name}': the engine runs as the user nobody (the arbiter is root, and \
                 there is no bubblewrap to show it its folder), who cannot cross {} on the way \
                 to {}: `chmod o+x` every folder on that path, move the engine, or install \
                 bubblewrap",
                a.display(),
                dir.display()
            );
        }
        if denied(&dir, 0o5) {
            bail!(
                "engine '{name}': the sandbox runs it as the user nobody (the arbiter is root), who cannot read its folder {} (mode {:o}): make it readable, e.g. `chmod -R o+rX {}`, or run the arbiter as another user",
                dir.display(),
                dir.metadata().map(|m| m.permissions().mode() & 0o7777).unwrap_or(0),
                dir.display()
            );
        }
        if c.writable && denied(&dir, 0o2) {
            bail!(
                "engine '{name}': `writable = true`, but the sandbox's user nobody cannot write in its folder {}: `chown -R nobody {}` (or chmod o+w)",
                dir.display(),
                dir.display()
            );
        }
        for f in &view.files {
            if denied(f, if f.is_dir() { 0o5 } else { 0o4 }) {
                bail!(
                    "engine '{name}': the sandbox's user nobody cannot read {}: `chmod o+r {}`",
                    f.display(),
                    f.display()
                );
            }
        }
    }
    if c.bwrap.is_none() {
        return Ok(None); // the whole file system is in view
    }
    let Some(word) = crate::engines::config::first_shell_word(&spec.program) else {
        return Ok(None);
    };
    let word = if spec.shell {
        word
    } else {
        spec.program.clone()
    };
    if word.contains('/') {
        return Ok(None); // a path: in the view, or bound (files_named)
    }
    let Some(found) = crate::engines::config::find_program(&word, spec.dir.as_deref()) else {
        return Ok(None); // a built-in word, or refused by check_program
    };
    if !found.is_absolute() || view.shows(&found) {
        return Ok(None);
    }
    let inside = environment(c, &dir)
        .into_iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, p)| p)
        .unwrap_or_default();
    let instead = std::env::split_paths(&inside)
        .map(|d| d.join(&word))
        .find(|p| p.is_file());
    let place = found.parent().unwrap_or(&found).display().to_string();
    match instead {
        Some(other) => Ok(Some(format!(
            "engine '{name}': `{word}` is {} here, in {place}, which the sandbox does not show; in the sandbox it runs {} (give the full path of the program you mean)",
            found.display(),
            other.display()
        ))),
        None => bail!(
            "engine '{name}': its program `{word}` is {}, in {place}, which the sandbox does not show (it shows only the system folders, the engine's folder {} and files named by absolute path; /tmp is its own): install the program in a system folder, put it in the engine's folder, or name a standalone program by its absolute path",
            found.display(),
            dir.display()
        ),
    }
}

/// What this machine offers, found once.
struct Probe {
    bwrap: Result<PathBuf, String>,
    cgroup: Result<Hierarchy, String>,
    seccomp: Result<(), String>,
    run_as: Option<(u32, u32)>,
}

fn probe() -> &'static Probe {
    static FOUND: OnceLock<Probe> = OnceLock::new();
    FOUND.get_or_init(|| {
        // SAFETY: geteuid has no preconditions.
        let run_as = (unsafe { libc::geteuid() } == 0).then_some((65534, 65534));
        let bwrap = probe_bwrap(run_as, false);
        let seccomp = match &bwrap {
            _ if !seccomp::SUPPORTED => Err("no filter for this architecture".to_string()),
            Ok(_) => probe_bwrap(run_as, true).map(|_| ()),
            Err(_) => Ok(()), // loaded by the arbiter itself
        };
        let p = Probe {
            bwrap,
            cgroup: Hierarchy::find(),
            seccomp,
            run_as,
        };
        log::info!(
            "sandbox probe: bwrap {:?}, cgroup {:?}, seccomp {:?}",
            p.bwrap,
            p.cgroup,
            p.seccomp
        );
        p
    })
}

/// Finds `bwrap` and runs `true` in the namespaces the engines get (and
/// under the seccomp filter, with `seccomp`).
fn probe_bwrap(run_as: Option<(u32, u32)>, with_seccomp: bool) -> Result<PathBuf, String> {
    use std::os::unix::process::CommandExt;
    let path = std::env::var_os("PATH").unwrap_or_default();
    let Some(bwrap) = std::env::split_paths(&path)
        .map(|d| d.join("bwrap"))
        .find(|p| p.is_file())
    else {
        return Err("bwrap not found on the PATH (apt-get install bubblewrap)".into());
    };
    let mut cmd = std::process::Command::new(&bwrap);
    cmd.args([
        "--unshare-all",
        "--unshare-user",
        "--disable-userns",
        "--die-with-parent",
        "--new-session",
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "--dev",
        "/dev",
        "--tmpfs",
        "/tmp",
    ])
    .current_dir("/")
    .stdin(std::process::Stdio::null());
    let filter = match with_seccomp {
        true => Some(seccomp::memfd(&seccomp::program()).map_err(|e| format!("seccomp: {e}"))?),
        false => None,
    };
    if let Some(fd) = &filter {
        use std::os::fd::AsRawFd;
        let fd = fd.as_raw_fd();
        cmd.args(["--seccomp", &fd.to_string()]);
        // SAFETY: fcntl only, between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                if libc::fcntl(fd, libc::F_SETFD, 0) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    cmd.args(["--", "true"]);
    if let Some((uid, gid)) = run_as {
        // (std drops the supplementary groups too.)
        cmd.uid(uid).gid(gid);
    }
    match cmd.output() {
        Ok(out) if out.status.success() => Ok(bwrap),
        Ok(out) => Err(format!(
            "{} fails here: {}",
            bwrap.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(e) => Err(format!("{}: {e}", bwrap.display())),
    }
}

/// What an engine is told in the sandbox, for `arbiter check`.
pub(crate) const REFUSAL_HINT: &str =
    "the sandbox (--sandbox) shows the engine only the system folders (read-only), its own \
     folder (read-only unless `writable = true` in the config file; run as root, the engine \
     is the user nobody) and an empty /tmp; no network, no other process, limited processes \
     and memory, no Unix sockets, and only PATH, HOME=/tmp, LANG, LC_*, TZ and TERM in its \
     environment (a config file's `env` adds more): keep every file the engine reads in its \
     folder, write only in /tmp";

/// Whether a line on an engine's stderr tells of something the sandbox
/// refuses (the C library's messages for the errors it causes).
pub(crate) fn is_refusal(line: &str) -> bool {
    [
        "Permission denied",
        "Read-only file system",
        "No such file or directory",
        "Directory nonexistent",
        "not found",
        "Network is unreachable",
        "Connection refused",
        "Operation not permitted",
        "Resource temporarily unavailable",
        "Cannot allocate memory",
    ]
    .iter()
    .any(|m| line.contains(m))
}

/// `p` made absolute (canonical when it exists).
pub(crate) fn absolute(p: &Path) -> PathBuf {
    if let Ok(c) = p.canonicalize() {
        return c;
    }
    match (p.parent(), p.file_name()) {
        (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => absolute(parent).join(name),
        _ => std::env::current_dir().unwrap_or_default().join(p),
    }
}
