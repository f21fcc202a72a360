//! What `/proc` tells about a process tree: the descendants of a process and
//! the CPU time they used. The fallbacks of the cgroup layer (no cgroup: CPU
//! time and `--freeze-idle` by signals) and the way to find the process that
//! bubblewrap starts inside its namespaces.

use std::collections::HashMap;
use std::time::Duration;

/// One line of `/proc/<pid>/stat`, the fields used here.
struct Stat {
    state: char,
    ppid: i32,
    session: i32,
    /// utime + stime + cutime + cstime, in clock ticks.
    ticks: u64,
}

fn stat(pid: i32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces: skip past it.
    let rest = &text[text.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let num = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok());
    Some(Stat {
        state: f.first()?.chars().next()?,
        ppid: f.get(1)?.parse().ok()?,
        session: f.get(3)?.parse().ok()?,
        ticks: num(11)? + num(12)? + num(13)? + num(14)?,
    })
}

/// Every process, with its `stat` line.
fn all() -> Vec<(i32, Stat)> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|s| s.parse().ok()))
        .filter_map(|pid| Some((pid, stat(pid)?)))
        .collect()
}

/// Reaps the zombies re-parented to this process (a child subreaper) from
/// another session: bubblewrap's process inside the namespaces, which
/// outlives bubblewrap by a moment. (Every process the arbiter starts
/// itself stays in its session, so none of them is waited for here.)
pub(crate) fn reap_adopted() {
    // SAFETY: getpid and getsid have no preconditions.
    let (me, session) = unsafe { (libc::getpid(), libc::getsid(0)) };
    for (pid, s) in all() {
        if s.ppid == me && s.session != session && s.state == 'Z' {
            let mut status = 0;
            // SAFETY: waitpid on one zombie child of ours.
            unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        }
    }
}

/// `root` and every process below it (a scan of `/proc`).
pub(crate) fn descendants(root: i32) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    for (pid, s) in all() {
        children.entry(s.ppid).or_default().push(pid);
    }
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        if let Some(c) = children.get(&out[i]) {
            out.extend(c);
        }
        i += 1;
    }
    out
}

/// The CPU time (user + system, with the children they waited for) of
/// `pids`, as far as they still exist.
pub(crate) fn cpu_time(pids: &[i32]) -> Duration {
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let ticks: u64 = pids.iter().filter_map(|&p| stat(p)).map(|s| s.ticks).sum();
    Duration::from_millis(ticks * 1000 / hz)
}

/// Sends `signal` to each of `pids`.
pub(crate) fn signal_all(pids: &[i32], signal: i32) {
    for &p in pids {
        // SAFETY: plain kill(2); a vanished pid gives ESRCH.
        unsafe {
            libc::kill(p, signal);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_child_is_a_descendant_and_uses_cpu() {
        let mut child = std::process::Command::new("sh")
            .args([
                "-c",
                "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done; sleep 5",
            ])
            .spawn()
            .unwrap();
        let me = std::process::id() as i32;
        let pid = child.id() as i32;
        std::thread::sleep(Duration::from_millis(300));
        assert!(descendants(me).contains(&pid));
        assert!(cpu_time(&[pid]) > Duration::ZERO);
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
