//! What `/proc` tells about a process tree: the descendants of a process and
//! the CPU time they used. The fallbacks of the cgroup layer (no cgroup: CPU
//! time and `--freeze-idle` by signals) and the way to find the process that
//! bubblewrap starts inside its namespaces.

use std::collections::HashMap;
use std::time::Duration;

/// One line of `/proc/<pid>/stat`, the fields used here.
struct Stat {
    ppid: i32,
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
        ppid: f.get(1)?.parse().ok()?,
        ticks: num(11)? + num(12)? + num(13)? + num(14)?,
    })
}

/// `root` and every process below it (a scan of `/proc`).
pub fn descendants(root: i32) -> Vec<i32> {
    let mut children: HashMap<i32, Vec<i32>> = HashMap::new();
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
                continue;
            };
            if let Some(s) = stat(pid) {
                children.entry(s.ppid).or_default().push(pid);
            }
        }
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
pub fn cpu_time(pids: &[i32]) -> Duration {
    // SAFETY: sysconf has no preconditions.
    let hz = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let ticks: u64 = pids.iter().filter_map(|&p| stat(p)).map(|s| s.ticks).sum();
    Duration::from_millis(ticks * 1000 / hz)
}

/// Sends `signal` to each of `pids`.
pub fn signal_all(pids: &[i32], signal: i32) {
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
