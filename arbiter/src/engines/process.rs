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
//! - In the sandbox ([`crate::engines::sandbox`]), the engine runs under bubblewrap
//!   and in its own cgroup, joined before exec; killing it kills the cgroup
//!   and bubblewrap's namespaces with everything in them.
//! - The engine starts with exactly three descriptors: stdin, stdout and
//!   stderr. Everything else the arbiter inherited (a lock, a log, a key
//!   its caller held open) is marked close-on-exec in the child, sandbox on
//!   or off.
//! - Under the sandbox its environment is the allow-list of
//!   [`sandbox::environment`], never the arbiter's own, and it starts with
//!   a fresh empty session keyring of its own: the keys of the teacher's
//!   login session, or another engine's, are not its keys (the seccomp
//!   filter refuses the keyring calls besides, see [`seccomp`]).
//! - Lines longer than [`MAX_LINE`] bytes are cut; control characters in
//!   them are escaped ([`tabula::protocol::line::escape_controls`]) before
//!   anything else sees them; and at most [`IN_FLIGHT`] bytes of lines wait
//!   between the reader threads and the game loop, so a flood of output
//!   blocks the engine, not the arbiter's memory.

use crate::engines::config::{ExternalSpec, ResourceLimits};
use crate::engines::sandbox::cgroup::Cgroup;
use crate::engines::sandbox::{self, bwrap, procfs, seccomp, Confinement};
use std::ffi::CString;
use std::io::{self, BufReader, Read, Write};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender, TryRecvError};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};
use tabula::protocol::line::{escape_controls, read_line_capped};

/// Longest line kept (bytes); the rest of a longer line is dropped.
pub(crate) const MAX_LINE: usize = 16 * 1024;
/// Bytes of lines read from one engine and not yet taken by the game loop;
/// past it the reader threads wait (and the engine with them).
pub(crate) const IN_FLIGHT: usize = 1 << 20;
/// Lines buffered between the reader threads and the game loop.
const CHANNEL: usize = 4096;

/// Which output of the engine a line came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stream {
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
pub(crate) enum Event {
    /// One line (without its end of line), with the time it was read.
    Line(Stream, Instant, String),
    /// The stream was closed.
    Eof(Stream),
}

/// The bytes of the lines in the channel, shared by the reader threads
/// (which wait while it is over [`IN_FLIGHT`]) and the receiving end.
#[derive(Default)]
struct InFlight {
    /// Bytes waiting, and whether the receiving end is gone.
    state: Mutex<(usize, bool)>,
    freed: Condvar,
}

impl InFlight {
    /// Waits until there is room, then counts `n` more bytes; false when
    /// nobody will read them any more.
    fn acquire(&self, n: usize) -> bool {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        while !s.1 && s.0 > 0 && s.0 + n > IN_FLIGHT {
            s = self.freed.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.0 += n;
        !s.1
    }

    fn release(&self, n: usize) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.0 = s.0.saturating_sub(n);
        self.freed.notify_all();
    }

    /// The receiving end is gone: waiting readers end.
    fn close(&self) {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        s.1 = true;
        self.freed.notify_all();
    }
}

/// What the reader threads send, bounded in lines and in bytes.
pub(crate) struct Events {
    rx: Receiver<Event>,
    in_flight: Arc<InFlight>,
}

impl Events {
    fn taken(&self, ev: Event) -> Event {
        if let Event::Line(_, _, l) = &ev {
            self.in_flight.release(l.len());
        }
        ev
    }

    /// The next event, waiting up to `timeout`.
    pub(crate) fn recv_timeout(&self, timeout: Duration) -> Result<Event, RecvTimeoutError> {
        self.rx.recv_timeout(timeout).map(|ev| self.taken(ev))
    }

    /// The next event if there is one.
    pub(crate) fn try_recv(&self) -> Result<Event, TryRecvError> {
        self.rx.try_recv().map(|ev| self.taken(ev))
    }
}

impl Drop for Events {
    fn drop(&mut self) {
        self.in_flight.close();
    }
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
pub(crate) struct Proc {
    child: Child,
    stdin: Option<ChildStdin>,
    pgid: i32,
    /// Lines from stdout and stderr, in the order read.
    pub(crate) events: Events,
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
    pub(crate) fn spawn(spec: &ExternalSpec) -> io::Result<Proc> {
        let argv = argv_of(spec);
        let confine = spec.confine.as_deref();
        // What a confined engine sees (nothing to work out otherwise).
        let view = match confine {
            Some(_) => Some(crate::engines::confine::view_of(spec)?),
            None => None,
        };
        let mut setup = ChildSetup {
            limits: spec.limits.clone(),
            join: Vec::new(),
            run_as: confine.and_then(|c| c.run_as),
            keep: Vec::new(),
            stage: Vec::new(),
            seccomp: Vec::new(),
            new_keyring: confine.is_some(),
        };
        // Descriptors the child needs until bubblewrap has read them.
        let mut held: Vec<OwnedFd> = Vec::new();
        let bwrap = confine.and_then(|c| Some((c, c.bwrap.as_ref()?)));
        let mut cmd = match bwrap.zip(view.as_ref()) {
            Some(((c, program), view)) => {
                bwrap_command(c, program, view, &argv, &mut setup, &mut held)?
            }
            None => direct_command(spec, &argv, confine, &mut setup),
        };
        set_environment(&mut cmd, spec, confine.zip(view.as_ref()));
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        if bwrap.is_some() {
            // Those of engines that ended since (cheap: a scan of /proc).
            procfs::reap_adopted();
        }
        let cgroup = match confine.and_then(|c| Some((c, c.cgroup.as_ref()?))) {
            Some((c, h)) => Some(Cgroup::create(h, c.memory_mb, c.pids, c.millicores)?),
            None => None,
        };
        setup.join = cgroup.as_ref().map(Cgroup::join_fds).unwrap_or_default();
        // SAFETY: only async-signal-safe calls (write, close_range, fcntl,
        // unshare, mount, mkdir, open, setgid, setuid, prctl, setrlimit,
        // seccomp) between fork and exec, on data prepared before the fork.
        unsafe {
            cmd.pre_exec(move || setup.run());
        }
        let mut child = cmd.spawn()?;
        drop(held);
        let pgid = child.id() as i32;
        let (stdin, events) = connect(&mut child);
        Ok(Proc {
            child,
            stdin,
            pgid,
            events,
            status: None,
            cgroup,
            freeze_idle: confine.is_some_and(|c| c.freeze_idle),
            namespaced: confine.is_some_and(|c| c.bwrap.is_some()),
            frozen: false,
        })
    }

    /// The CPU time used by the engine and everything it started so far
    /// (cgroup; else `/proc`: the process tree when sandboxed, the main
    /// process and the children it waited for otherwise).
    pub(crate) fn cpu_time(&self) -> Option<Duration> {
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
    pub(crate) fn idle(&mut self) {
        if !self.freeze_idle || self.frozen || self.status.is_some() {
            return;
        }
        self.frozen = true;
        if !self.cgroup.as_ref().is_some_and(|c| c.freeze(true)) {
            procfs::signal_all(&self.tree(), libc::SIGSTOP);
        }
    }

    /// Resumes an engine stopped by [`Proc::idle`].
    pub(crate) fn wake(&mut self) {
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

    /// Writes one line. Fails when the engine is gone or does not read its
    /// input (the pipe is full).
    pub(crate) fn send(&mut self, line: &str) -> io::Result<()> {
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
    pub(crate) fn try_status(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            self.status = self.child.try_wait().ok().flatten();
        }
        self.status
    }

    /// Waits up to `timeout` for the process to exit.
    pub(crate) fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
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
    pub(crate) fn kill(&mut self) -> Option<ExitStatus> {
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
    pub(crate) fn close_input(&mut self) {
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
pub(crate) fn describe_status(status: Option<ExitStatus>) -> String {
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

/// The command line of the engine of `spec`: a shell command without shell
/// syntax is run directly (the engine is then our child, and its exit
/// status is its own), any other through `/bin/sh -c`.
fn argv_of(spec: &ExternalSpec) -> Vec<String> {
    let simple = spec.shell.then(|| simple_words(&spec.program)).flatten();
    if let Some(words) = simple {
        words
    } else if spec.shell {
        vec!["/bin/sh".into(), "-c".into(), spec.program.clone()]
    } else {
        std::iter::once(spec.program.clone())
            .chain(spec.args.iter().cloned())
            .collect()
    }
}

/// `argv` run by bubblewrap (`program`) in the sandbox `c`, showing
/// `view`. Stages the sources for the child (`setup`) when it runs as
/// nobody; the seccomp filter's descriptor is kept in `held` until the
/// child has started.
fn bwrap_command(
    c: &Confinement,
    program: &Path,
    view: &bwrap::View,
    argv: &[String],
    setup: &mut ChildSetup,
    held: &mut Vec<OwnedFd>,
) -> io::Result<Command> {
    // Run as root, the engine becomes `nobody` before bubblewrap
    // starts, and nobody may not reach a folder under a private
    // one (`/root/...`): each source is bound, still as root, in
    // a private mount namespace of the child, and bubblewrap
    // takes it from there.
    let mut sources = Vec::new();
    if setup.run_as.is_some() {
        for (i, path) in view.sources().iter().take(MAX_STAGED).enumerate() {
            let (target, staged) = stage(path, i)?;
            setup.stage.push(staged);
            sources.push(((*path).clone(), target));
        }
    }
    let mut extra = Vec::new();
    if c.seccomp {
        let fd = seccomp::memfd(&seccomp::program())?;
        setup.keep.push(fd.as_raw_fd());
        extra.push("--seccomp".to_string());
        extra.push(fd.as_raw_fd().to_string());
        held.push(fd);
    }
    let source = |p: &Path| {
        sources
            .iter()
            .find(|(from, _)| from == p)
            .map_or_else(|| p.to_path_buf(), |(_, to)| to.clone())
    };
    let mut cmd = Command::new(program);
    cmd.args(bwrap::args(c, view, &source))
        .args(extra)
        .arg("--")
        .args(argv);
    Ok(cmd)
}

/// `argv` run directly, in the engine's folder; the child loads the seccomp
/// filter itself when `confine` asks for one.
fn direct_command(
    spec: &ExternalSpec,
    argv: &[String],
    confine: Option<&Confinement>,
    setup: &mut ChildSetup,
) -> Command {
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..]);
    if let Some(dir) = &spec.dir {
        cmd.current_dir(dir);
    }
    if confine.is_some_and(|c| c.seccomp) {
        setup.seccomp = seccomp::program();
    }
    cmd
}

/// The engine's environment: confined, the sandbox's allow-list, never
/// the arbiter's own variables; then the variables `spec` sets.
fn set_environment(
    cmd: &mut Command,
    spec: &ExternalSpec,
    confined: Option<(&Confinement, &bwrap::View)>,
) {
    if let Some((c, view)) = confined {
        cmd.env_clear();
        for (k, v) in sandbox::environment(c, &view.dir) {
            cmd.env(k, v);
        }
    }
    for (k, v) in &spec.env {
        cmd.env(k, v);
    }
}

/// Takes the started `child`'s pipes: its stdin made non-blocking, its
/// stdout and stderr read by one thread each into the events.
fn connect(child: &mut Child) -> (Option<ChildStdin>, Events) {
    let stdin = child.stdin.take();
    if let Some(s) = &stdin {
        let fd = s.as_raw_fd();
        // SAFETY: plain fcntl on a descriptor we own.
        unsafe {
            let flags = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
    let (tx, rx) = sync_channel(CHANNEL);
    let in_flight = Arc::new(InFlight::default());
    if let Some(out) = child.stdout.take() {
        spawn_reader(out, Stream::Out, tx.clone(), in_flight.clone());
    }
    if let Some(err) = child.stderr.take() {
        spawn_reader(err, Stream::Err, tx, in_flight.clone());
    }
    (stdin, Events { rx, in_flight })
}

/// A source for the child to bind at `/tmp/<i>` of its own mount
/// namespace while it is still root.
fn stage(path: &Path, i: usize) -> io::Result<(PathBuf, Staged)> {
    use std::os::unix::ffi::OsStrExt;
    let cstr = |b: &[u8]| {
        CString::new(b).map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "NUL in a path"))
    };
    let target = PathBuf::from(format!("{STAGE}/{i}"));
    let staged = Staged {
        path: cstr(path.as_os_str().as_bytes())?,
        to: cstr(target.as_os_str().as_bytes())?,
        dir: path.is_dir(),
    };
    Ok((target, staged))
}

/// Where the child binds the sources it stages (a tmpfs of its own mount
/// namespace, which bubblewrap's view replaces by its own `/tmp`).
const STAGE: &str = "/tmp";

/// One source bound by the child before it becomes `nobody`.
struct Staged {
    path: CString,
    to: CString,
    dir: bool,
}

/// Most sources one engine's view binds (its folder and the files named
/// on its command line).
const MAX_STAGED: usize = 32;

/// `/proc/self/fd/<fd>` as a C string in `buf` (no allocation: the child
/// between fork and exec).
fn proc_fd_path(fd: i32, buf: &mut [u8; 32]) -> *const libc::c_char {
    let prefix = b"/proc/self/fd/";
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut digits = [0u8; 10];
    let (mut n, mut len) = (fd.unsigned_abs(), 0);
    loop {
        digits[len] = b'0' + (n % 10) as u8;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for k in 0..len {
        buf[prefix.len() + k] = digits[len - 1 - k];
    }
    buf[prefix.len() + len] = 0;
    buf.as_ptr().cast()
}

/// What the child does between fork and exec: keep only stdin, stdout and
/// stderr, join the cgroup, stage the sandbox's sources, become the
/// sandbox's user, ask to die with the arbiter, take its rlimits, and load
/// the seccomp filter when no bubblewrap does it.
struct ChildSetup {
    limits: ResourceLimits,
    /// `cgroup.procs` descriptors to write `0` (this process) to.
    join: Vec<RawFd>,
    /// User and group to become (the arbiter is root).
    run_as: Option<(u32, u32)>,
    /// Descriptors that outlive the exec (bubblewrap's `--seccomp`).
    keep: Vec<RawFd>,
    /// Sources bound before the change of user.
    stage: Vec<Staged>,
    /// A seccomp program to load here (no bubblewrap to load it).
    seccomp: Vec<libc::sock_filter>,
    /// Join a new empty session keyring (the sandbox).
    new_keyring: bool,
}

impl ChildSetup {
    /// Runs in the child: async-signal-safe calls only.
    fn run(&self) -> io::Result<()> {
        close_inherited();
        for &fd in &self.join {
            // SAFETY: write(2) on a descriptor opened by the parent.
            if unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) } != 1 {
                return Err(io::Error::last_os_error());
            }
        }
        if !self.stage.is_empty() {
            self.stage_sources()?;
        }
        if self.new_keyring {
            // Before the change of user: the keyring is the arbiter's to
            // pay for (root's key quota), never `nobody`'s, which all
            // sandboxes share.
            join_new_keyring()?;
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
        for &fd in &self.keep {
            // SAFETY: fcntl on a descriptor the parent opened for us.
            check(unsafe { libc::fcntl(fd, libc::F_SETFD, 0) }.min(0))?;
        }
        if !self.seccomp.is_empty() {
            seccomp::load(&self.seccomp)?;
        }
        Ok(())
    }

    /// In a mount namespace of its own: opens each source (as root, which
    /// may cross private folders), covers `/tmp` with a tmpfs and binds the
    /// sources there, where `nobody` can reach them.
    fn stage_sources(&self) -> io::Result<()> {
        let none = std::ptr::null();
        let mut fds = [-1; MAX_STAGED];
        // SAFETY: system calls on C strings prepared before the fork and
        // on buffers of this stack frame; the namespace is this process's.
        unsafe {
            check(libc::unshare(libc::CLONE_NEWNS))?;
            check(libc::mount(
                none,
                c"/".as_ptr(),
                none,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ))?;
            for (s, fd) in self.stage.iter().zip(fds.iter_mut()) {
                *fd = libc::open(s.path.as_ptr(), libc::O_PATH | libc::O_CLOEXEC);
                if *fd < 0 {
                    return Err(io::Error::last_os_error());
                }
            }
            check(libc::mount(
                c"tmpfs".as_ptr(),
                c"/tmp".as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV,
                c"mode=0755".as_ptr().cast(),
            ))?;
            for (s, &fd) in self.stage.iter().zip(fds.iter()) {
                if s.dir {
                    check(libc::mkdir(s.to.as_ptr(), 0o755))?;
                } else {
                    let made = libc::open(s.to.as_ptr(), libc::O_CREAT | libc::O_WRONLY, 0o644);
                    if made < 0 {
                        return Err(io::Error::last_os_error());
                    }
                    libc::close(made);
                }
                let mut buf = [0u8; 32];
                // Not recursive: the tmpfs just mounted on /tmp would come
                // along when a source is /tmp or above it.
                check(libc::mount(
                    proc_fd_path(fd, &mut buf),
                    s.to.as_ptr(),
                    none,
                    libc::MS_BIND,
                    std::ptr::null(),
                ))?;
                libc::close(fd);
            }
        }
        Ok(())
    }
}

/// Replaces the calling process's session keyring by a new, empty,
/// anonymous one (`KEYCTL_JOIN_SESSION_KEYRING` without a name): the
/// teacher's session keys are no longer its own. A kernel without keys
/// (`ENOSYS`) has nothing to share.
fn join_new_keyring() -> io::Result<()> {
    const KEYCTL_JOIN_SESSION_KEYRING: libc::c_long = 1;
    // SAFETY: keyctl with a null name; no memory is passed.
    let r = unsafe {
        libc::syscall(
            libc::SYS_keyctl,
            KEYCTL_JOIN_SESSION_KEYRING,
            std::ptr::null::<libc::c_char>(),
        )
    };
    if r < 0 {
        let e = io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::ENOSYS) {
            return Err(e);
        }
    }
    Ok(())
}

/// A system call's 0 as `Ok`, anything else as the last OS error.
fn check(r: libc::c_int) -> io::Result<()> {
    if r != 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(())
    }
}

/// Marks every descriptor from 3 up close-on-exec (in the child: the
/// engine gets stdin, stdout and stderr, nothing its caller left open).
fn close_inherited() {
    const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;
    // SAFETY: close_range and fcntl are plain system calls.
    unsafe {
        if libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC) == 0 {
            return;
        }
        // Before Linux 5.11: one by one, up to the descriptor limit.
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        let top = if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            lim.rlim_cur.min(1 << 16) as i32
        } else {
            1024
        };
        for fd in 3..top {
            let flags = libc::fcntl(fd, libc::F_GETFD);
            if flags >= 0 {
                libc::fcntl(fd, libc::F_SETFD, flags | libc::FD_CLOEXEC);
            }
        }
    }
}

fn spawn_reader<R: Read + Send + 'static>(
    src: R,
    stream: Stream,
    tx: SyncSender<Event>,
    in_flight: Arc<InFlight>,
) {
    std::thread::spawn(move || {
        let mut reader = BufReader::with_capacity(64 * 1024, src);
        let mut line = Vec::new();
        loop {
            match read_line_capped(&mut reader, &mut line, MAX_LINE) {
                Ok(None) => break,
                Ok(Some(_)) => {
                    let at = Instant::now();
                    let text = String::from_utf8_lossy(&line);
                    let text = escape_controls(text.trim_end_matches(['\r', '\n']));
                    if !in_flight.acquire(text.len())
                        || tx.send(Event::Line(stream, at, text)).is_err()
                    {
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
