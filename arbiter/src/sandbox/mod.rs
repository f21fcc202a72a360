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
//! 3. **rlimits** from the config file (`[engine.limits]`), as before.
//!
//! Without bubblewrap there is no filesystem, network or PID confinement;
//! without a writable cgroup, no process or memory limit, and
//! `--freeze-idle` stops the processes with SIGSTOP (found through `/proc`)
//! and the CPU time comes from `/proc`. `auto` uses what there is and says
//! it on the header line; `on` refuses to start (exit code 2) unless
//! bubblewrap and cgroups both work.
//!
//! Landlock and seccomp are not used: bubblewrap's namespaces already give
//! a smaller view than a Landlock rule set would, and cover network and
//! processes too, which Landlock (before ABI 4 and 6) does not.

pub mod bwrap;
pub mod cgroup;
pub mod procfs;

use crate::config::{Entrant, Kind};
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
    pub sandbox_memory: u64,
    /// Processes and threads of each sandboxed engine.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = sandbox_pids)]
    pub sandbox_pids: u64,
    /// CPU of each sandboxed engine, in cores (`1`, `0.5`; default: no
    /// limit): its threads together cannot use more.
    #[arg(long, value_name = "CORES", value_parser = sandbox_cpus)]
    pub sandbox_cpus: Option<f64>,
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
            };
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
            }
            None => {}
        }
        Ok(header)
    }
}

/// The sandbox settings of one engine in a config file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineSandbox {
    /// Overrides `--sandbox` for this engine.
    pub mode: Option<Mode>,
    /// The engine may write in its own folder.
    pub writable: bool,
}

/// How one engine is confined (resolved from the options and what the
/// machine offers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Confinement {
    /// The `bwrap` program, if bubblewrap works here.
    pub bwrap: Option<PathBuf>,
    /// Where engine cgroups are made, if anywhere.
    pub cgroup: Option<Hierarchy>,
    pub memory_mb: u64,
    pub pids: u64,
    /// CPU bandwidth in thousandths of a core, if limited.
    pub millicores: Option<u64>,
    pub freeze_idle: bool,
    /// The user and group the engine runs as (the arbiter is root).
    pub run_as: Option<(u32, u32)>,
    pub writable: bool,
    /// Absolute paths masked wherever they fall inside the engine's view.
    pub hidden: Vec<PathBuf>,
}

impl Confinement {
    /// What is enforced, in words.
    pub fn describe(&self) -> String {
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

/// What this machine offers, found once.
struct Probe {
    bwrap: Result<PathBuf, String>,
    cgroup: Result<Hierarchy, String>,
    run_as: Option<(u32, u32)>,
}

fn probe() -> &'static Probe {
    static FOUND: OnceLock<Probe> = OnceLock::new();
    FOUND.get_or_init(|| {
        // SAFETY: geteuid has no preconditions.
        let run_as = (unsafe { libc::geteuid() } == 0).then_some((65534, 65534));
        let p = Probe {
            bwrap: probe_bwrap(run_as),
            cgroup: Hierarchy::find(),
            run_as,
        };
        log::info!("sandbox probe: bwrap {:?}, cgroup {:?}", p.bwrap, p.cgroup);
        p
    })
}

/// Finds `bwrap` and runs `true` in the namespaces the engines get.
fn probe_bwrap(run_as: Option<(u32, u32)>) -> Result<PathBuf, String> {
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
        "--",
        "true",
    ])
    .current_dir("/")
    .stdin(std::process::Stdio::null());
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
pub const REFUSAL_HINT: &str =
    "the sandbox (--sandbox) shows the engine only the system folders (read-only), its own \
     folder (read-only unless `writable = true` in the config file; run as root, the engine \
     is the user nobody) and an empty /tmp; no network, no other process, limited processes \
     and memory: keep every file the engine reads in its folder, write only in /tmp";

/// Whether a line on an engine's stderr tells of something the sandbox
/// refuses (the C library's messages for the errors it causes).
pub fn is_refusal(line: &str) -> bool {
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
pub fn absolute(p: &Path) -> PathBuf {
    if let Ok(c) = p.canonicalize() {
        return c;
    }
    match (p.parent(), p.file_name()) {
        (Some(parent), Some(name)) if !parent.as_os_str().is_empty() => absolute(parent).join(name),
        _ => std::env::current_dir().unwrap_or_default().join(p),
    }
}
