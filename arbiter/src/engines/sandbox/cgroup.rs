//! One cgroup per engine process tree: limits on processes and memory that
//! nothing inside can lift, the freezer of `--freeze-idle`, the CPU time of
//! every move, and the kill of everything the engine started.
//!
//! The arbiter creates the engine's cgroups below its own (delegation: the
//! arbiter's own limits still hold), and the engine joins them between fork
//! and exec, before it can start anything. Where the unified hierarchy
//! (cgroup v2) offers `pids` and `memory` it is used; otherwise the v1
//! hierarchies `pids` and `memory` (and `freezer` and `cpuacct` when they
//! are mounted).

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Where engine cgroups are made: the arbiter's own cgroup in each hierarchy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Hierarchy {
    /// cgroup v2: one folder (pids, memory, freezer and CPU time in it;
    /// `cpu` when its controller limits CPU).
    V2 { base: PathBuf, cpu: bool },
    /// cgroup v1: a folder per controller.
    V1 {
        pids: PathBuf,
        memory: PathBuf,
        freezer: Option<PathBuf>,
        cpuacct: Option<PathBuf>,
        /// The `cpu` controller (CPU bandwidth), perhaps shared with `cpuacct`.
        cpu: Option<PathBuf>,
    },
}

impl Hierarchy {
    /// Finds a hierarchy where engine cgroups can be made with pids and
    /// memory limits (tried for real); else why not.
    pub(crate) fn find() -> Result<Hierarchy, String> {
        let mounts = std::fs::read_to_string("/proc/self/mountinfo").map_err(|e| e.to_string())?;
        let own = std::fs::read_to_string("/proc/self/cgroup").map_err(|e| e.to_string())?;
        let mut why = Vec::new();
        if let Some((base, cpu)) = v2_base(&mounts, &own) {
            let h = Hierarchy::V2 { base, cpu };
            match h.try_it() {
                Ok(()) => return Ok(h),
                Err(e) => why.push(format!("cgroup v2: {e}")),
            }
        }
        let v1 = |c: &str| v1_dir(&mounts, &own, c);
        match (v1("pids"), v1("memory")) {
            (Some(pids), Some(memory)) => {
                let h = Hierarchy::V1 {
                    pids,
                    memory,
                    freezer: v1("freezer"),
                    cpuacct: v1("cpuacct"),
                    cpu: v1("cpu"),
                };
                match h.try_it() {
                    Ok(()) => return Ok(h),
                    Err(e) => why.push(format!("cgroup v1: {e}")),
                }
            }
            _ => why.push("no cgroup v1 pids and memory hierarchies".into()),
        }
        Err(why.join("; "))
    }

    /// Makes a cgroup with limits and removes it; removes first the empty
    /// cgroups left by an arbiter that was killed (`kill -9`).
    fn try_it(&self) -> io::Result<()> {
        for parent in self.parents() {
            remove_stale(parent);
        }
        Cgroup::create(self, 64, 16, None).map(drop)
    }

    fn parents(&self) -> Vec<&Path> {
        match self {
            Hierarchy::V2 { base, .. } => vec![base],
            Hierarchy::V1 {
                pids,
                memory,
                freezer,
                cpuacct,
                cpu,
            } => [
                Some(pids),
                Some(memory),
                freezer.as_ref(),
                cpuacct.as_ref(),
                cpu.as_ref(),
            ]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path)
            .collect(),
        }
    }

    /// What this hierarchy gives, for the header line.
    pub(crate) fn describe(&self) -> String {
        match self {
            Hierarchy::V2 { cpu, .. } => {
                format!(
                    "cgroup v2 (pids, memory, freezer{})",
                    if *cpu { ", cpu" } else { "" }
                )
            }
            Hierarchy::V1 {
                freezer,
                cpuacct,
                cpu,
                ..
            } => {
                let mut s = "cgroup v1 (pids, memory".to_string();
                if freezer.is_some() {
                    s.push_str(", freezer");
                }
                if cpuacct.is_some() {
                    s.push_str(", cpuacct");
                }
                if cpu.is_some() {
                    s.push_str(", cpu");
                }
                s.push(')');
                s
            }
        }
    }

    /// Whether the cgroup can limit the CPU bandwidth.
    pub(crate) fn limits_cpu(&self) -> bool {
        match self {
            Hierarchy::V2 { cpu, .. } => *cpu,
            Hierarchy::V1 { cpu, .. } => cpu.is_some(),
        }
    }

    /// Whether the cgroup can freeze its processes.
    pub(crate) fn freezes(&self) -> bool {
        match self {
            Hierarchy::V2 { .. } => true,
            Hierarchy::V1 { freezer, .. } => freezer.is_some(),
        }
    }
}

/// The unified hierarchy's folder of this process, if it offers pids and
/// memory (enabling them for children if the folder allows it), and
/// whether it offers cpu.
fn v2_base(mounts: &str, own: &str) -> Option<(PathBuf, bool)> {
    let mount = mounts.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        (right.split_whitespace().next()? == "cgroup2").then(|| left.split_whitespace().nth(4))?
    })?;
    let path = own.lines().find_map(|l| l.strip_prefix("0::"))?;
    let base = Path::new(mount).join(path.trim_start_matches('/'));
    let has = |text: &str| {
        let w: Vec<&str> = text.split_whitespace().collect();
        w.contains(&"pids") && w.contains(&"memory")
    };
    let controllers = std::fs::read_to_string(base.join("cgroup.controllers")).ok()?;
    if !has(&controllers) {
        return None;
    }
    let subtree = base.join("cgroup.subtree_control");
    if !has(&std::fs::read_to_string(&subtree).ok()?) {
        std::fs::write(&subtree, "+pids +memory").ok()?;
    }
    let cpu = |text: &str| text.split_whitespace().any(|w| w == "cpu");
    if cpu(&controllers) && !cpu(&std::fs::read_to_string(&subtree).ok()?) {
        let _ = std::fs::write(&subtree, "+cpu");
    }
    let cpu = cpu(&std::fs::read_to_string(&subtree).ok()?);
    Some((base, cpu))
}

/// The folder of this process in the v1 hierarchy of `controller`.
fn v1_dir(mounts: &str, own: &str, controller: &str) -> Option<PathBuf> {
    let mount = mounts.lines().find_map(|l| {
        let (left, right) = l.split_once(" - ")?;
        let mut r = right.split_whitespace();
        if r.next()? != "cgroup" {
            return None;
        }
        let options = r.nth(1)?;
        options
            .split(',')
            .any(|o| o == controller)
            .then(|| left.split_whitespace().nth(4))?
    })?;
    let path = own.lines().find_map(|l| {
        let mut parts = l.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        names.split(',').any(|n| n == controller).then_some(path)
    })?;
    Some(Path::new(mount).join(path.trim_start_matches('/')))
}

/// The cgroup(s) of one engine process tree; removed (with everything in
/// it killed) on drop.
#[derive(Debug)]
pub(crate) struct Cgroup {
    /// Every folder made, the one listing the processes first.
    dirs: Vec<PathBuf>,
    v2: bool,
    freezer: Option<PathBuf>,
    cpu: Option<PathBuf>,
    /// `cgroup.procs` of each folder, open for the child to join.
    procs: Vec<File>,
}

impl Cgroup {
    /// Makes the engine's cgroup with its limits (`millicores`: CPU
    /// bandwidth in thousandths of a core, if the hierarchy limits CPU).
    pub(crate) fn create(
        h: &Hierarchy,
        memory_mb: u64,
        pids: u64,
        millicores: Option<u64>,
    ) -> io::Result<Cgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "tabula-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let bytes = memory_mb.saturating_mul(1024 * 1024).to_string();
        let mut cg = Cgroup {
            dirs: Vec::new(),
            v2: matches!(h, Hierarchy::V2 { .. }),
            freezer: None,
            cpu: None,
            procs: Vec::new(),
        };
        // 100 ms periods; at least 1 ms of each.
        let quota = millicores.map(|m| (m * 100).max(1000));
        let mut make = |parent: &Path| -> io::Result<PathBuf> {
            let dir = parent.join(&name);
            // (Two controllers may share a hierarchy: cpu,cpuacct.)
            if !cg.dirs.contains(&dir) {
                std::fs::create_dir(&dir)?;
                cg.dirs.push(dir.clone());
            }
            Ok(dir)
        };
        match h {
            Hierarchy::V2 { base, cpu } => {
                let dir = make(base)?;
                write(&dir.join("pids.max"), &pids.to_string())?;
                write(&dir.join("memory.max"), &bytes)?;
                let _ = write(&dir.join("memory.swap.max"), "0");
                if let Some(q) = quota.filter(|_| *cpu) {
                    write(&dir.join("cpu.max"), &format!("{q} 100000"))?;
                }
                cg.freezer = Some(dir.join("cgroup.freeze"));
                cg.cpu = Some(dir.join("cpu.stat"));
            }
            Hierarchy::V1 {
                pids: p,
                memory,
                freezer,
                cpuacct,
                cpu,
            } => {
                let dir = make(p)?;
                write(&dir.join("pids.max"), &pids.to_string())?;
                let dir = make(memory)?;
                write(&dir.join("memory.limit_in_bytes"), &bytes)?;
                let _ = write(&dir.join("memory.memsw.limit_in_bytes"), &bytes);
                if let Some(f) = freezer {
                    cg.freezer = Some(make(f)?.join("freezer.state"));
                }
                if let Some(c) = cpuacct {
                    cg.cpu = Some(make(c)?.join("cpuacct.usage"));
                }
                if let (Some(c), Some(q)) = (cpu, quota) {
                    let dir = make(c)?;
                    write(&dir.join("cpu.cfs_period_us"), "100000")?;
                    write(&dir.join("cpu.cfs_quota_us"), &q.to_string())?;
                }
            }
        }
        for dir in &cg.dirs {
            // (Creating a v1 cgroup in a hierarchy this process is not in
            // cannot happen: every folder is below our own.)
            cg.procs.push(
                OpenOptions::new()
                    .write(true)
                    .open(dir.join("cgroup.procs"))?,
            );
        }
        Ok(cg)
    }

    /// The descriptors the child writes `0` (itself) to, to join.
    pub(crate) fn join_fds(&self) -> Vec<RawFd> {
        self.procs.iter().map(|f| f.as_raw_fd()).collect()
    }

    /// Stops (`true`) or resumes every process of the cgroup. False when
    /// it has no freezer.
    pub(crate) fn freeze(&self, frozen: bool) -> bool {
        let Some(f) = &self.freezer else { return false };
        let value = match (self.v2, frozen) {
            (true, true) => "1",
            (true, false) => "0",
            (false, true) => "FROZEN",
            (false, false) => "THAWED",
        };
        write(f, value).is_ok()
    }

    /// The CPU time used by the processes of the cgroup so far.
    pub(crate) fn cpu_time(&self) -> Option<Duration> {
        let text = std::fs::read_to_string(self.cpu.as_ref()?).ok()?;
        if self.v2 {
            let usec = text
                .lines()
                .find_map(|l| l.strip_prefix("usage_usec "))?
                .trim()
                .parse()
                .ok()?;
            Some(Duration::from_micros(usec))
        } else {
            Some(Duration::from_nanos(text.trim().parse().ok()?))
        }
    }

    /// The processes in the cgroup.
    pub(crate) fn pids(&self) -> Vec<i32> {
        self.dirs
            .first()
            .and_then(|d| std::fs::read_to_string(d.join("cgroup.procs")).ok())
            .map(|t| t.lines().filter_map(|l| l.trim().parse().ok()).collect())
            .unwrap_or_default()
    }

    /// Kills every process in the cgroup (thawed first) and waits, up to a
    /// second, until it is empty.
    pub(crate) fn kill_all(&self) {
        self.freeze(false);
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            let pids = self.pids();
            if pids.is_empty() || Instant::now() >= deadline {
                return;
            }
            super::procfs::signal_all(&pids, libc::SIGKILL);
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

impl Drop for Cgroup {
    fn drop(&mut self) {
        self.procs.clear();
        self.kill_all();
        for dir in self.dirs.iter().rev() {
            // A process that has just died may hold the folder a moment.
            for _ in 0..100 {
                if std::fs::remove_dir(dir).is_ok() || !dir.exists() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
    }
}

/// Removes the cgroups `tabula-<pid>-<n>` in `parent` of arbiters no longer
/// running (only empty ones can be removed).
fn remove_stale(parent: &Path) {
    let Ok(dir) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in dir.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix("tabula-"))
            .and_then(|n| n.split('-').next())
        else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir(entry.path());
        }
    }
}

fn write(path: &Path, value: &str) -> io::Result<()> {
    OpenOptions::new()
        .write(true)
        .open(path)?
        .write_all(value.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOUNTS: &str = "\
30 25 0:26 / /sys/fs/cgroup/unified rw,relatime shared:6 - cgroup2 cgroup2 rw
31 25 0:27 / /sys/fs/cgroup/pids rw,relatime shared:7 - cgroup cgroup rw,pids
32 25 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime shared:8 - cgroup cgroup rw,cpu,cpuacct
33 25 0:29 / /sys/fs/cgroup/memory rw,relatime shared:9 - cgroup cgroup rw,memory
";
    const OWN: &str = "4:memory:/jobs/42\n3:cpu,cpuacct:/\n2:pids:/\n0::/user.slice\n";

    #[test]
    fn v1_folders_from_mountinfo_and_the_own_cgroup() {
        let dir = |c| v1_dir(MOUNTS, OWN, c);
        assert_eq!(dir("pids"), Some(PathBuf::from("/sys/fs/cgroup/pids/")));
        assert_eq!(
            dir("memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/jobs/42"))
        );
        assert_eq!(
            dir("cpuacct"),
            Some(PathBuf::from("/sys/fs/cgroup/cpu,cpuacct/"))
        );
        assert_eq!(dir("freezer"), None);
    }
}
