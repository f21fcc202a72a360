//! A small driver for the `tabula` binary in tests (in the spirit of
//! ripgrep's `tests/util.rs`): a real process on pipes, every read bounded by
//! a timeout, and the whole conversation printed when something fails.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The default patience for one reply.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The first words of the lines a protocol engine may write on stdout
/// outside `perft` and `query` (see [`Engine::assert_only_protocol_output`]).
pub const PROTOCOL_WORDS: [&str; 7] = [
    "id", "option", "ugiok", "uciok", "readyok", "info", "bestmove",
];

/// A running engine process (`tabula`, or a student-kit adapter).
pub struct Engine {
    /// The program's name, for failure messages.
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent (`> `) and received (`< `), for failure messages.
    log: Vec<String>,
    stderr: Arc<Mutex<String>>,
}

impl Engine {
    /// Starts the engine with no arguments (the protocol loop).
    pub fn spawn() -> Engine {
        Engine::spawn_command(Command::new(env!("CARGO_BIN_EXE_tabula")))
    }

    /// Starts `command` (the engine under a wrapper, such as `script` for a
    /// terminal) on pipes, driven like the engine.
    pub fn spawn_command(mut command: Command) -> Engine {
        let program = command.get_program().to_string_lossy().into_owned();
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {program}: {e}"));
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            // Lossy: a stray byte on stdout shows up in the line (and fails
            // the comparison), not as an early end of the output.
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            while reader.read_until(b'\n', &mut buf).is_ok_and(|n| n > 0) {
                let line = String::from_utf8_lossy(&buf);
                if tx
                    .send(line.trim_end_matches(['\n', '\r']).to_string())
                    .is_err()
                {
                    break;
                }
                buf.clear();
            }
        });
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut err_pipe = child.stderr.take().unwrap();
        let sink = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let name = Path::new(&program)
            .file_name()
            .map_or(program.clone(), |n| n.to_string_lossy().into_owned());
        Engine {
            name,
            stdin: child.stdin.take(),
            child,
            lines,
            log: Vec::new(),
            stderr,
        }
    }

    /// The program's name (`tabula`, `sbcl`, `python3`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The conversation so far and the engine's stderr, for messages.
    pub fn transcript(&self) -> String {
        let tail: Vec<&String> = self.log.iter().rev().take(60).collect();
        let mut text: Vec<&str> = tail.iter().rev().map(|s| s.as_str()).collect();
        if self.log.len() > 60 {
            text.insert(0, "[…]");
        }
        format!(
            "--- {} conversation (last 60 lines) ---\n{}\n--- stderr ---\n{}",
            self.name,
            text.join("\n"),
            self.stderr()
        )
    }

    /// What the engine wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    /// Waits (up to 5 s) until stderr contains `needle`: stderr is read by
    /// its own thread, so it may lag behind stdout.
    pub fn stderr_has(&self, needle: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while !self.stderr().contains(needle) {
            if Instant::now() > deadline {
                return false;
            }
            thread::sleep(Duration::from_millis(20));
        }
        true
    }

    /// Every stdout line received so far.
    pub fn received(&self) -> impl Iterator<Item = &str> {
        self.log.iter().filter_map(|l| l.strip_prefix("< "))
    }

    /// Fails the test unless every stdout line so far starts with one of
    /// [`PROTOCOL_WORDS`] (no stray output of a student's code, no debug
    /// prints).
    pub fn assert_only_protocol_output(&self) {
        for line in self.received() {
            let first = line.split(' ').next().unwrap_or("");
            self.check(
                PROTOCOL_WORDS.contains(&first),
                &format!("not a protocol line on stdout: {line:?}"),
            );
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.log.push(format!("> {line}"));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes (not logged in full).
    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.log.push(format!("> ({} raw bytes)", bytes.len()));
        self.send_bytes(bytes);
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin already closed");
        if let Err(e) = stdin.write_all(bytes).and_then(|()| stdin.flush()) {
            panic!("cannot write to the engine: {e}\n{}", self.transcript());
        }
    }

    /// Closes the engine's input (end of file).
    pub fn close_stdin(&mut self) {
        self.log.push("> (end of input)".into());
        self.stdin = None;
    }

    /// The next line, if one comes within `timeout` (`None` too once the
    /// output has ended).
    pub fn try_recv(&mut self, timeout: Duration) -> Option<String> {
        self.next_line(timeout).ok()
    }

    /// The next line, or whether the wait timed out or the output ended.
    fn next_line(&mut self, timeout: Duration) -> Result<String, RecvTimeoutError> {
        let line = self.lines.recv_timeout(timeout)?;
        self.log.push(format!("< {line}"));
        Ok(line)
    }

    /// The next line; fails the test after `timeout`, or at once when the
    /// output has ended.
    pub fn recv(&mut self, timeout: Duration) -> String {
        match self.next_line(timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => panic!(
                "no line from {} within {timeout:?}\n{}",
                self.name,
                self.transcript()
            ),
            Err(RecvTimeoutError::Disconnected) => panic!(
                "the output of {} ended while a line was awaited\n{}",
                self.name,
                self.transcript()
            ),
        }
    }

    /// Lines up to and including the first that satisfies `last`; fails the
    /// test if that line does not come within `timeout` in all.
    pub fn recv_until(
        &mut self,
        timeout: Duration,
        mut last: impl FnMut(&str) -> bool,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.recv(left);
            let done = last(&line);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// Lines up to and including the first starting with `prefix`.
    pub fn recv_until_prefix(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let prefix = prefix.to_string();
        self.recv_until(timeout, |l| l.starts_with(&prefix))
    }

    /// Sends `isready <token>` and returns the lines before `readyok <token>`.
    pub fn sync(&mut self, token: &str) -> Vec<String> {
        self.send(&format!("isready {token}"));
        let want = format!("readyok {token}");
        let mut lines = self.recv_until(PATIENCE, |l| l == want);
        lines.pop();
        lines
    }

    /// Sends `ugi` and checks the reply: `id name`, `id author`, the last
    /// line `ugiok`; returns the lines before `ugiok`.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("ugi");
        let mut lines = self.recv_until(PATIENCE, |l| l == "ugiok");
        lines.pop();
        for id in ["id name ", "id author "] {
            self.check(
                lines.iter().any(|l| l.starts_with(id)),
                &format!("no '{id}' line before ugiok"),
            );
        }
        lines
    }

    /// Sends `go …` and returns the move of its `bestmove` and the lines
    /// before. The line must be `bestmove <one word>`.
    pub fn go(&mut self, command: &str) -> (String, Vec<String>) {
        self.send(command);
        let mut lines = self.recv_until_prefix("bestmove", PATIENCE);
        let last = lines.pop().unwrap();
        let mv = match last.strip_prefix("bestmove ") {
            Some(mv) if !mv.is_empty() && !mv.contains(' ') => mv.to_string(),
            _ => panic!("bad bestmove line '{last}'\n{}", self.transcript()),
        };
        (mv, lines)
    }

    /// Waits for the process to exit; fails the test after `timeout`.
    pub fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return status,
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => panic!(
                    "the engine did not exit within {timeout:?}\n{}",
                    self.transcript()
                ),
            }
        }
    }

    /// Waits for the process to exit and fails the test unless it exited
    /// with success.
    pub fn expect_clean_exit(&mut self) {
        let status = self.wait_exit(PATIENCE);
        self.check(status.success(), &format!("exit status {status}"));
    }

    /// Lines received until the output ends (after the process exits), or
    /// until no line comes within `timeout`. Once the process has exited the
    /// end comes with the pipe's, so a generous `timeout` costs nothing.
    pub fn rest(&mut self, timeout: Duration) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(line) = self.try_recv(timeout) {
            out.push(line);
        }
        out
    }

    /// Panics with the transcript unless `cond` holds.
    pub fn check(&self, cond: bool, what: &str) {
        if !cond {
            panic!("{what}\n{}", self.transcript());
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
