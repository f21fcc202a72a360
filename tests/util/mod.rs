//! A small driver for the `tabula` binary in tests (in the spirit of
//! ripgrep's `tests/util.rs`): a real process on pipes, every read bounded by
//! a timeout, and the whole conversation printed when something fails.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The default patience for one reply.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A running `tabula` engine process.
pub struct Engine {
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
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the engine");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
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
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            log: Vec::new(),
            stderr,
        }
    }

    /// The conversation so far and the engine's stderr, for messages.
    pub fn transcript(&self) -> String {
        let tail: Vec<&String> = self.log.iter().rev().take(60).collect();
        let mut text: Vec<&str> = tail.iter().rev().map(|s| s.as_str()).collect();
        if self.log.len() > 60 {
            text.insert(0, "[…]");
        }
        format!(
            "--- conversation (last 60 lines) ---\n{}\n--- stderr ---\n{}",
            text.join("\n"),
            self.stderr()
        )
    }

    /// What the engine wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
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

    /// The next line, if one comes within `timeout`.
    pub fn try_recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.log.push(format!("< {line}"));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The next line; fails the test after `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> String {
        match self.try_recv(timeout) {
            Some(line) => line,
            None => panic!(
                "no line from the engine within {timeout:?}\n{}",
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

    /// Sends `go …` and returns the move of its `bestmove` and the lines before.
    pub fn go(&mut self, command: &str) -> (String, Vec<String>) {
        self.send(command);
        let mut lines = self.recv_until_prefix("bestmove", PATIENCE);
        let last = lines.pop().unwrap();
        let mv = last
            .strip_prefix("bestmove ")
            .unwrap_or_else(|| panic!("bad bestmove line '{last}'\n{}", self.transcript()))
            .to_string();
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
