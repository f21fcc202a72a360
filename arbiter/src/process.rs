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
//! - Lines longer than [`MAX_LINE`] bytes are cut, and a flood of output only
//!   fills a bounded channel.

use crate::config::{ExternalSpec, ResourceLimits};
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
}

impl Proc {
    /// Starts the engine described by `spec`.
    pub fn spawn(spec: &ExternalSpec) -> io::Result<Proc> {
        let simple = spec.shell.then(|| simple_words(&spec.program)).flatten();
        let mut cmd = if let Some(words) = simple {
            // No shell syntax: run it directly (the engine is then our child,
            // and its exit status is its own).
            let mut c = Command::new(&words[0]);
            c.args(&words[1..]);
            c
        } else if spec.shell {
            let mut c = Command::new("/bin/sh");
            c.arg("-c").arg(&spec.program);
            c
        } else {
            let mut c = Command::new(&spec.program);
            c.args(&spec.args);
            c
        };
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        for (k, v) in &spec.env {
            cmd.env(k, v);
        }
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let limits = spec.limits.clone();
        // SAFETY: only async-signal-safe calls (prctl, setrlimit) between fork and exec.
        unsafe {
            cmd.pre_exec(move || child_setup(&limits));
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
        })
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
        // SAFETY: signalling our own child's process group.
        unsafe {
            libc::killpg(self.pgid, libc::SIGKILL);
        }
        if self.status.is_none() {
            self.status = self.child.wait().ok();
        }
        reap_group(self.pgid);
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

/// Runs in the child between fork and exec.
fn child_setup(limits: &ResourceLimits) -> io::Result<()> {
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
        if unsafe { libc::setrlimit(res, &lim) } != 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    };
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
