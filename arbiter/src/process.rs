//! Engine processes: spawned in their own process group, read by two threads
//! (stdout and stderr) that timestamp every line, killed and reaped with
//! everything they started on every path.
//!
//! - The engine runs in a new process group (`process_group(0)`), so Ctrl-C at
//!   the terminal reaches only the arbiter, and `killpg` reaches the engine's
//!   own children too.
//! - On Linux the engine gets `PR_SET_PDEATHSIG = SIGKILL`: if the arbiter is
//!   killed outright (SIGKILL), its engines die with it.
//! - The arbiter is a child subreaper ([`become_subreaper`]), so an engine's
//!   orphaned children are re-parented to it and reaped after the group is
//!   killed: no zombie is left behind.
//! - Writes go to a non-blocking pipe: an engine that stops reading makes a
//!   write fail instead of blocking the arbiter; a dead engine makes it fail
//!   with `EPIPE` (SIGPIPE is ignored, as in every Rust program).
//! - In the sandbox ([`crate::sandbox`]), the engine runs under bubblewrap
//!   and in its own cgroup, joined before exec; killing it kills the cgroup
//!   and bubblewrap's namespaces with everything in them.
//! - Lines longer than [`MAX_LINE`] bytes are cut, and a flood of output only
//!   fills a bounded channel.

use crate::config::{ExternalSpec, ResourceLimits};
use crate::sandbox::cgroup::Cgroup;
use crate::sandbox::{self, bwrap, procfs};
use std::io::{self, BufReader, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::time::{Duration, Instant};
use tabula::protocol::line::read_line_capped;

/// Longest line kept (bytes); the rest of a longer line is dropped.
pub const MAX_LINE: usize = 16 * 1024;
/// Lines buffered between the reader threads and the game loop.
const CHANNEL: usize = 4096;

/// Which output of the engine a line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Out,
    Err,
}

impl std::fmt::Display for Stream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stream::Out => "stdout",
            Stream::Err => "stderr",
        })
    }
}

/// What the reader threads report.
#[derive(Debug)]
pub enum Event {
    /// One line (without its end of line), with the time it was read.
    Line(Stream, Instant, String),
    /// The stream was closed.
    Eof(Stream),
}

/// Makes this process a child subreaper (Linux), so that orphans of engines
/// are re-parented here and can be reaped. Harmless elsewhere.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
}

/// A running engine process.
pub struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    pgid: i32,
    /// Lines from stdout and stderr, in the order read.
    pub events: Receiver<Event>,
    status: Option<ExitStatus>,
    /// The engine's cgroup (sandbox), removed when it is dropped.
    cgroup: Option<Cgroup>,
    /// Stop the engine while it is not asked anything (`--freeze-idle`).
    freeze_idle: bool,
    /// Runs in bubblewrap's namespaces (its processes are not in our group).
    namespaced: bool,
    frozen: bool,
}

impl Proc {
    /// Starts the engine described by `spec` (confined as `spec.confine`
    /// says).
    pub fn spawn(spec: &ExternalSpec) -> io::Result<Proc> {
        let simple = spec.shell.then(|| simple_words(&spec.program)).flatten();
        let argv: Vec<String> = if let Some(words) = simple {
            // No shell syntax: run it directly (the engine is then our child,
            // and its exit status is its own).
            words
        } else if spec.shell {
            vec!["/bin/sh".into(), "-c".into(), spec.program.clone()]
        } else {
            std::iter::once(spec.program.clone())
                .chain(spec.args.iter().cloned())
                .collect()
        };
        let confine = spec.confine.clone();
        let bwrap = confine.as_ref().and_then(|c| Some((c, c.bwrap.as_ref()?)));
        let mut cmd = match bwrap {
            Some((c, program)) => {
                let dir = match &spec.dir {
                    Some(d) => sandbox::absolute(d),
                    None => std::env::current_dir()?,
                };
                let mut words: Vec<String> = argv.clone();
                words.extend(spec.program.split_whitespace().map(str::to_string));
                let mut cmd = Command::new(program);
                cmd.args(bwrap::args(c, &dir, &bwrap::files_named(&words)))
                    .arg("--")
                    .args(&argv);
                cmd
            }
            None => {
                let mut cmd = Command::new(&argv[0]);
                cmd.args(&argv[1..]);
                if let Some(dir) = &spec.dir {
                    cmd.current_dir(dir);
                }
                cmd
            }
        };
        for (k, v) in &spec.env {
            cmd.env(k, v);
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        if bwrap.is_some() {
            // Those of engines that ended since (cheap: a scan of /proc).
            procfs::reap_adopted();
        }
        let cgroup = match confine.as_ref().and_then(|c| Some((c, c.cgroup.as_ref()?))) {
            Some((c, h)) => Some(Cgroup::create(h, c.memory_mb, c.pids, c.millicores)?),
            None => None,
        };
        let setup = ChildSetup {
            limits: spec.limits.clone(),
            join: cgroup.as_ref().map(Cgroup::join_fds).unwrap_or_default(),
            run_as: confine.as_ref().and_then(|c| c.run_as),
        };
        // SAFETY: only async-signal-safe calls (write, setgid, setuid, prctl,
        // setrlimit) between fork and exec.
        unsafe {
            cmd.pre_exec(move || setup.run());
        }
        let mut child = cmd.spawn()?;
        let pgid = child.id() as i32;
        let stdin = child.stdin.take();
        if let Some(s) = &stdin {
            use std::os::fd::AsRawFd;
            let fd = s.as_raw_fd();
            // SAFETY: plain fcntl on a descriptor we own.
            unsafe {
                let flags = libc::fcntl(fd, libc::F_GETFL);
                libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
            }
        }
        let (tx, rx) = sync_channel(CHANNEL);
        if let Some(out) = child.stdout.take() {
            spawn_reader(out, Stream::Out, tx.clone());
        }
        if let Some(err) = child.stderr.take() {
            spawn_reader(err, Stream::Err, tx);
        }
        Ok(Proc {
            child,
            stdin,
            pgid,
            events: rx,
            status: None,
            cgroup,
            freeze_idle: confine.as_ref().is_some_and(|c| c.freeze_idle),
            namespaced: confine.as_ref().is_some_and(|c| c.bwrap.is_some()),
            frozen: false,
        })
    }

    /// The CPU time used by the engine and everything it started so far
    /// (cgroup; else `/proc`: the process tree when sandboxed, the main
    /// process and the children it waited for otherwise).
    pub fn cpu_time(&self) -> Option<Duration> {
        if let Some(t) = self.cgroup.as_ref().and_then(Cgroup::cpu_time) {
            return Some(t);
        }
        let pids = if self.namespaced {
            procfs::descendants(self.pgid)
        } else {
            vec![self.pgid]
        };
        Some(procfs::cpu_time(&pids))
    }

    /// With `--freeze-idle`: stops every process of the engine (cgroup
    /// freezer, else SIGSTOP to each) until [`Proc::wake`].
    pub fn idle(&mut self) {
        if !self.freeze_idle || self.frozen || self.status.is_some() {
            return;
        }
        self.frozen = true;
        if !self.cgroup.as_ref().is_some_and(|c| c.freeze(true)) {
            procfs::signal_all(&self.tree(), libc::SIGSTOP);
        }
    }

    /// Resumes an engine stopped by [`Proc::idle`].
    pub fn wake(&mut self) {
        if !self.frozen {
            return;
        }
        self.frozen = false;
        if !self.cgroup.as_ref().is_some_and(|c| c.freeze(false)) {
            procfs::signal_all(&self.tree(), libc::SIGCONT);
        }
    }

    /// The engine's processes: the cgroup's, else the tree below it.
    fn tree(&self) -> Vec<i32> {
        match &self.cgroup {
            Some(c) => c.pids(),
            None => procfs::descendants(self.pgid),
        }
    }

    /// The process id (also the process group id).
    pub fn pid(&self) -> u32 {
        self.pgid as u32
    }

    /// Writes one line. Fails when the engine is gone or does not read its
    /// input (the pipe is full).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "input closed"))?;
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        let mut written = 0;
        let deadline = Instant::now() + Duration::from_millis(200);
        while written < buf.len() {
            match stdin.write(&buf[written..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(n) => written += n,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock && Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    /// The exit status, if the process has exited.
    pub fn try_status(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
        }
        self.status
    }

    /// Waits up to `timeout` for the process to exit.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(s) = self.try_status() {
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills the whole process group, waits for the engine and reaps any
    /// orphan of the group re-parented here. Idempotent.
    pub fn kill(&mut self) -> Option<ExitStatus> {
        self.stdin = None;
        self.wake();
        if let Some(c) = &self.cgroup {
            c.kill_all();
        }
        // SAFETY: signalling our own child's process group.
        unsafe {
            libc::killpg(self.pgid, libc::SIGKILL);
        }
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        reap_group(self.pgid);
        self.cgroup = None;
        if self.namespaced {
            // bubblewrap's process inside the namespaces (PID 1 there)
            // outlives bubblewrap a moment, re-parented here: reap it.
            std::thread::sleep(Duration::from_millis(1));
            procfs::reap_adopted();
        }
        self.status
    }

    /// Closes the engine's input (end of input means `quit` too).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The words of a command line without any shell syntax (quotes,
/// variables, redirections, operators, assignments), else `None`.
fn simple_words(command: &str) -> Option<Vec<String>> {
    let special = |c: char| "\"'`$&|;<>(){}*?[]~#\\!".contains(c);
    if command.chars().any(special) {
        return None;
    }
    let mut words: Vec<String> = command.split_whitespace().map(str::to_string).collect();
    if words.first().is_some_and(|w| w == "exec") {
        words.remove(0);
    }
    if words.is_empty() || words[0].contains('=') {
        return None;
    }
    Some(words)
}

/// Reaps the members of a killed process group that were re-parented to us.
fn reap_group(pgid: i32) {
    let deadline = Instant::now() + Duration::from_millis(500);
    loop {
        let mut st = 0;
        // SAFETY: waitpid on a process group of our own making.
        let r = unsafe { libc::waitpid(-pgid, &mut st, libc::WNOHANG) };
        if r < 0 {
            return; // ECHILD: nothing of that group is our child any more
        }
        if r == 0 {
            if Instant::now() >= deadline {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Describes an exit status: `exit code 3`, `signal 9 (SIGKILL)`.
pub fn describe_status(status: Option<ExitStatus>) -> String {
    match status {
        None => "still running".to_string(),
        Some(s) => match (s.code(), s.signal()) {
            (Some(c), _) => format!("exit code {c}"),
            (None, Some(sig)) => format!("signal {sig} ({})", signal_name(sig)),
            _ => "unknown exit".to_string(),
        },
    }
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGABRT => "SIGABRT",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGBUS => "SIGBUS",
        _ => "?",
    }
}

/// What the child does between fork and exec: join the cgroup, become
/// the sandbox's user, ask to die with the arbiter, take its rlimits.
struct ChildSetup {
    limits: ResourceLimits,
    /// `cgroup.procs` descriptors to write `0` (this process) to.
    join: Vec<std::os::fd::RawFd>,
    /// User and group to become (the arbiter is root).
    run_as: Option<(u32, u32)>,
}

impl ChildSetup {
    /// Runs in the child: async-signal-safe calls only.
    fn run(&self) -> io::Result<()> {
        let check = |r: libc::c_int| {
            if r != 0 {
                Err(io::Error::last_os_error())
            } else {
                Ok(())
            }
        };
        for &fd in &self.join {
            // SAFETY: write(2) on a descriptor opened by the parent.
            if unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) } != 1 {
                return Err(io::Error::last_os_error());
            }
        }
        if let Some((uid, gid)) = self.run_as {
            // SAFETY: credential calls, async-signal-safe.
            unsafe {
                check(libc::setgroups(0, std::ptr::null()))?;
                check(libc::setgid(gid))?;
                check(libc::setuid(uid))?;
            }
        }
        // (After the change of user, which clears the parent-death signal.)
        #[cfg(target_os = "linux")]
        unsafe {
            libc::prctl(
                libc::PR_SET_PDEATHSIG,
                libc::SIGKILL as libc::c_ulong,
                0,
                0,
                0,
            );
        }
        let set = |res, value: u64| -> io::Result<()> {
            let lim = libc::rlimit {
                rlim_cur: value as libc::rlim_t,
                rlim_max: value as libc::rlim_t,
            };
            // SAFETY: setrlimit is async-signal-safe.
            check(unsafe { libc::setrlimit(res, &lim) })
        };
        let limits = &self.limits;
        if let Some(mb) = limits.memory_mb {
            set(libc::RLIMIT_AS, mb.saturating_mul(1024 * 1024))?;
        }
        if let Some(s) = limits.cpu_seconds {
            set(libc::RLIMIT_CPU, s)?;
        }
        if let Some(n) = limits.processes {
            set(libc::RLIMIT_NPROC, n)?;
        }
        Ok(())
    }
}

fn spawn_reader<R: Read + Send + 'static>(src: R, stream: Stream, tx: SyncSender<Event>) {
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(64 * 1024, src);
        let mut line = Vec::new();
        loop {
            match read_line_capped(&mut reader, &mut line, MAX_LINE) {
                Ok(None) => break,
                Ok(Some(_)) => {
                    let text = String::from_utf8_lossy(&line);
                    let text = text.trim_end_matches(['\r', '\n']).to_string();
                    if tx.send(Event::Line(stream, Instant::now(), text)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(Event::Eof(stream));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echo_and_exit_status() {
        let mut p = Proc::spawn(&ExternalSpec::shell("read x; echo got $x; exit 7")).unwrap();
        p.send("hello").unwrap();
        let mut seen = None;
        while let Ok(ev) = p.events.recv_timeout(Duration::from_secs(5)) {
            if let Event::Line(Stream::Out, _, l) = ev {
                seen = Some(l);
                break;
            }
        }
        assert_eq!(seen.as_deref(), Some("got hello"));
        let st = p.wait_exit(Duration::from_secs(5));
        assert_eq!(describe_status(st), "exit code 7");
        assert!(p.send("more").is_err() || p.try_status().is_some());
    }
}
