//! Confinement of untrusted engines (`--sandbox auto|on|off`).
//!
//! A class championship runs programs written by students with the
//! teacher's privileges. With the sandbox, every external engine process
//! tree runs in layers of what Linux and Debian already provide:
//!
//! 1. **bubblewrap** (`bwrap`, see [`bwrap`]): its own user, mount, PID,
//!    network, IPC and UTS namespaces. It sees the system folders read-only,
//!    its own folder (read-only unless the config says `writable = true`)
//!    and a private empty `/tmp`; not the home folders, other engines' own
//!    places, the folders of the files the arbiter writes (results journal,
//!    logs, records, summary, pages, analysis: masked from before the
//!    engine starts, see `crate::engines::confine`) or config files. No
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
//!    (and no io_uring, which would get around the filter); no kernel
//!    keyring call (each engine also starts with a fresh empty session
//!    keyring: the teacher's login keys and the other engines' are not its
//!    own); no file locks and no inotify (a file every sandbox sees would
//!    carry bits between opponents).
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

use anyhow::Result;
use cgroup::Hierarchy;
use clap::{Args, ValueEnum};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

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
    crate::limits::number(s, 16, 1 << 20, "the memory limit", "MiB")
}

/// `--sandbox-pids`: 1 to the kernel's largest `pid_max`.
fn sandbox_pids(s: &str) -> Result<u64, String> {
    crate::limits::number(s, 1, 4_194_304, "the process limit", "processes")
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
    /// Absolute folders masked (an empty folder in their place) wherever
    /// they fall inside the engine's view, unless they are its own: the
    /// folders of the arbiter's files, the other engines' own places.
    pub(crate) hidden: Vec<PathBuf>,
    /// Absolute files covered by `/dev/null` wherever they fall inside the
    /// engine's view: the arbiter's inputs (config files), which it never
    /// writes.
    pub(crate) covered: Vec<PathBuf>,
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

/// What this machine offers, found once.
pub(crate) struct Probe {
    pub(crate) bwrap: Result<PathBuf, String>,
    pub(crate) cgroup: Result<Hierarchy, String>,
    pub(crate) seccomp: Result<(), String>,
    pub(crate) run_as: Option<(u32, u32)>,
}

pub(crate) fn probe() -> &'static Probe {
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
        "No locks available",
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
