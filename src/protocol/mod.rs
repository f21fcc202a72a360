//! The text front end of the engine: the protocol of `protocol.md` on any
//! byte stream (stdin/stdout in the binary, pipes in tests).
//!
//! - A reader thread reads the input as bytes, line by line (at most
//!   [`MAX_LINE`] bytes a line, [`line`](mod@line); non-UTF-8 bytes are replaced), and feeds a
//!   channel, so that `isready` and `stop` are answered while a job runs.
//! - [`command`] parses each line (pure functions); [`reply`] formats the
//!   answers; [`show`] draws a board.
//! - The loop turns commands into calls on the [`Engine`]; jobs answer
//!   through callbacks from their own thread.
//! - Every line goes through one [`Output`]: locked, written whole, flushed.
//!
//! Nothing a client sends can crash or wedge the loop: every line that is not
//! a valid command, or that the engine refuses, gets one
//! `info string error <what and why>` line.
//!
//! ```
//! use std::sync::{Arc, Mutex};
//!
//! let input = "isready 7\nposition random knight 1\nquery p1turn\nfoo\n";
//! let out = tabula::protocol::Output::buffer();
//! tabula::protocol::run(input.as_bytes(), out.clone());
//! assert_eq!(out.text(), "readyok 7\nresponse true\n\
//!            info string error unknown command 'foo' (expected ugi, uci, isready, \
//!            uginewgame, ucinewgame, setoption, position, go, stop, perft, query, solve, \
//!            show, help or quit)\n");
//! ```

pub mod command;
pub mod line;
pub mod reply;
pub mod show;

use crate::engine::{Engine, EngineError};
use crate::search::Limits;
use command::{Command, Query};
use line::read_line_capped;
use reply::Reply;
use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

/// Longest line taken, in bytes (without the line break). Longer lines are
/// refused whole with an error; the engine stays in step with the input.
pub const MAX_LINE: usize = 65536;

/// The one writer of protocol lines: each line is written whole under a lock
/// and flushed at once. Cloning shares the writer.
#[derive(Clone)]
pub struct Output {
    inner: Arc<Mutex<Box<dyn Write + Send>>>,
    /// Kept for [`Output::buffer`] (tests and doctests read it back).
    buffer: Option<Arc<Mutex<Vec<u8>>>>,
    broken: Arc<AtomicBool>,
}

impl Output {
    /// An output writing to `writer`.
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output {
            inner: Arc::new(Mutex::new(Box::new(writer))),
            buffer: None,
            broken: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The process's standard output.
    pub fn stdout() -> Output {
        Output::new(io::stdout())
    }

    /// An in-memory output, read back with [`Output::text`].
    pub fn buffer() -> Output {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let mut out = Output::new(SharedBuffer(Arc::clone(&buffer)));
        out.buffer = Some(buffer);
        out
    }

    /// Everything written so far to an [`Output::buffer`] (empty otherwise).
    pub fn text(&self) -> String {
        self.buffer.as_ref().map_or_else(String::new, |b| {
            String::from_utf8_lossy(&b.lock().unwrap_or_else(PoisonError::into_inner)).into_owned()
        })
    }

    /// Writes one reply (see [`Reply`]) and flushes it.
    pub fn reply(&self, reply: Reply) {
        self.line(&reply.to_string());
    }

    /// Writes one line and flushes it. A closed output is noted once in the
    /// log; the engine carries on (the end of its input will follow).
    pub fn line(&self, text: &str) {
        log::debug!(">> {text}");
        let mut w = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        let result = w
            .write_all(text.as_bytes())
            .and_then(|()| w.write_all(b"\n"))
            .and_then(|()| w.flush());
        if let Err(e) = result {
            if !self.broken.swap(true, Ordering::Relaxed) {
                log::warn!("cannot write to the output: {e}");
            }
        }
    }
}

struct SharedBuffer(Arc<Mutex<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// What the loop waits for: input from the reader thread, or a job's end.
#[derive(Debug, PartialEq, Eq)]
enum Event {
    /// A line, lossily decoded, without its line break.
    Line(String),
    /// A line longer than [`MAX_LINE`]: its length in bytes.
    TooLong(usize),
    /// The end of the input (or a read error, which is logged).
    InputEnd,
    /// A job has ended: its final line is written (sent by the engine's
    /// job-end hook).
    JobDone,
}

/// Starts the reader thread, which sends every line, then `InputEnd`.
fn spawn_reader(input: impl Read + Send + 'static, events: Sender<Event>) {
    thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            let mut reader = BufReader::new(input);
            let mut buf = Vec::new();
            loop {
                let event = match read_line_capped(&mut reader, &mut buf, MAX_LINE) {
                    Ok(None) => Event::InputEnd,
                    Ok(Some(n)) if n > MAX_LINE => Event::TooLong(n),
                    Ok(Some(_)) => {
                        let text = String::from_utf8_lossy(&buf);
                        Event::Line(text.trim_end_matches('\r').to_string())
                    }
                    Err(e) => {
                        log::warn!("cannot read the input: {e}");
                        Event::InputEnd
                    }
                };
                let end = event == Event::InputEnd;
                if events.send(event).is_err() || end {
                    break;
                }
            }
        })
        .expect("cannot start the input thread");
}

/// Most commands kept waiting behind a running job; more are refused.
pub const MAX_QUEUE: usize = 10_000;

/// The line the binary prints on stderr when a person starts it in a
/// terminal (never for a program on a pipe): who it is and how to begin.
pub fn banner() -> String {
    format!(
        "{} (the protocol of protocol.md): type help for the commands, quit to leave",
        crate::engine::NAME
    )
}

/// Runs the protocol on `input` and `output` until `quit` or the end of the
/// input.
///
/// `isready`, `stop` and `quit` are acted on at once, even while a job (a
/// search, a solve, a perft) runs. Every other line waits, in order, until the
/// job has sent its final line. At `quit` a running job is stopped (its final
/// line is still sent) and waiting commands are dropped; at the end of the
/// input the waiting commands are still carried out, jobs with a limit finish
/// and a `go infinite` is stopped.
pub fn run(input: impl Read + Send + 'static, output: Output) {
    let (events, inbox) = mpsc::channel();
    spawn_reader(input, events.clone());
    let mut engine = Engine::new();
    engine.on_job_end(move || {
        let _ = events.send(Event::JobDone);
    });
    let mut session = Session {
        engine,
        out: output,
        queue: VecDeque::new(),
        input_ended: false,
    };
    while let Ok(event) = inbox.recv() {
        match event {
            Event::Line(line) => {
                log::debug!("<< {line}");
                match Command::parse(&line) {
                    Ok(None) => {}
                    Ok(Some(Command::Quit)) => {
                        session.engine.stop();
                        return;
                    }
                    Ok(Some(Command::IsReady(token))) => {
                        session.out.line(&reply::readyok(token.as_deref()))
                    }
                    Ok(Some(Command::Stop)) => session.engine.stop(),
                    Ok(Some(cmd)) => session.submit(Ok(cmd)),
                    Err(e) => session.submit(Err(e.to_string())),
                }
            }
            Event::TooLong(n) => session.submit(Err(format!(
                "line too long ({n} bytes, the limit is {MAX_LINE}); ignored"
            ))),
            Event::InputEnd => {
                log::debug!("end of input");
                session.input_ended = true;
            }
            Event::JobDone => {}
        }
        if session.settle() {
            return;
        }
    }
}

/// The engine, where its answers go, and the commands waiting for a job.
///
/// A job counts as running until its final line is written
/// ([`Engine::busy`]); its end then wakes the loop ([`Event::JobDone`]), which
/// carries out what waited. So no reply overtakes a job's lines.
struct Session {
    engine: Engine,
    out: Output,
    /// Commands (or errors to report) waiting for the running job to end.
    queue: VecDeque<Result<Command, String>>,
    input_ended: bool,
}

impl Session {
    /// Carries out a command now, or queues it behind the running job.
    fn submit(&mut self, cmd: Result<Command, String>) {
        if self.engine.busy().is_none() && self.queue.is_empty() {
            self.execute(cmd);
        } else if self.queue.len() < MAX_QUEUE {
            self.queue.push_back(cmd);
        } else {
            self.error(&format!(
                "too many commands ({MAX_QUEUE}) waiting for the running job; dropped"
            ));
        }
    }

    /// Runs waiting commands while no job runs. After the end of the input,
    /// also stops a `go infinite` and says (true) when all is done.
    fn settle(&mut self) -> bool {
        loop {
            while self.engine.busy().is_none() {
                match self.queue.pop_front() {
                    Some(cmd) => self.execute(cmd),
                    None => break,
                }
            }
            if !self.input_ended {
                return false;
            }
            if self.engine.busy_unbounded() {
                self.engine.stop();
                continue;
            }
            if self.engine.busy().is_none() && self.queue.is_empty() {
                self.engine.wait();
                return true;
            }
            return false;
        }
    }

    fn execute(&mut self, cmd: Result<Command, String>) {
        match cmd {
            Ok(cmd) => self.handle(cmd),
            Err(message) => self.error(&message),
        }
    }

    fn error(&self, message: &str) {
        self.out.line(&reply::error(message));
    }

    fn refused(&self, command: &str, e: EngineError) {
        self.error(&format!("{command}: {e}"));
    }

    fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Hello { uci } => {
                let id = |field: &str, value: &str| Reply::Id {
                    field: field.into(),
                    value: value.into(),
                };
                self.out.reply(id("name", crate::engine::NAME));
                self.out.reply(id("author", crate::engine::AUTHOR));
                for option in self.engine.options().describe() {
                    self.out.reply(Reply::Option(option));
                }
                self.out.reply(Reply::HelloOk { uci });
            }
            Command::IsReady(token) => self.out.line(&reply::readyok(token.as_deref())),
            Command::Stop => self.engine.stop(),
            // The loop acts on `quit` itself; never queued.
            Command::Quit => self.engine.stop(),
            Command::NewGame => {
                if let Err(e) = self.engine.new_game() {
                    self.refused("uginewgame", e);
                }
            }
            Command::SetOption { name, value } => {
                if let Err(e) = self.engine.set_option(&name, &value) {
                    self.refused("setoption", e);
                }
            }
            Command::Position(words) => {
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                if let Err(e) = self.engine.set_position_words(&words) {
                    self.refused("position", e);
                }
            }
            Command::Go(limits) => self.go(limits),
            Command::Perft(depth) => self.perft(depth),
            Command::Query(q) => self.query(q),
            Command::Solve(opts) => self.solve(opts),
            Command::Help => {
                for line in reply::help() {
                    self.out.line(&line);
                }
            }
            Command::Show => match self.engine.require_position() {
                Ok(pos) => {
                    for line in show::render(pos) {
                        self.out.line(&line);
                    }
                }
                Err(e) => self.refused("show", e),
            },
        }
    }

    fn go(&mut self, limits: Limits) {
        let info = self.out.clone();
        let done = self.out.clone();
        let result = self.engine.go(
            limits,
            Box::new(move |it| info.line(&reply::iteration(it))),
            Box::new(move |d| {
                match d.stats {
                    Some(stats) => done.line(&reply::stats(&stats)),
                    None => done.line(&reply::string("game over: no move to search")),
                }
                done.line(&reply::bestmove(d.best));
            }),
        );
        if let Err(e) = result {
            self.refused("go", e);
        }
    }

    fn perft(&mut self, depth: u32) {
        let out = self.out.clone();
        let result = self.engine.perft(
            depth,
            Box::new(move |d| {
                for (mv, count) in &d.divide {
                    out.reply(Reply::PerftMove {
                        mv: mv.to_string(),
                        count: *count,
                    });
                }
                match d.total {
                    Some(total) => out.reply(Reply::Perft {
                        depth: d.depth,
                        total,
                    }),
                    None => out.line(&reply::error(&format!(
                        "perft {}: stopped before the end",
                        d.depth
                    ))),
                }
            }),
        );
        if let Err(e) = result {
            self.refused("perft", e);
        }
    }

    fn solve(&mut self, opts: crate::puzzle::SolveOptions) {
        let info = self.out.clone();
        let done = self.out.clone();
        let result = self.engine.solve(
            opts,
            Box::new(move |s| info.line(&format!("info {}", reply::one_line(s)))),
            Box::new(move |r| match r {
                Ok(outcome) => done.line(&reply::one_line(&outcome.to_string())),
                Err(e) => done.line(&reply::error(&format!("solve: {}", e.detail()))),
            }),
        );
        if let Err(e) = result {
            self.refused("solve", e);
        }
    }

    fn query(&self, q: Query) {
        let pos = match self.engine.require_position() {
            Ok(pos) => pos,
            Err(e) => return self.refused("query", e),
        };
        let answer = match q {
            Query::GameOver => pos.is_over().to_string(),
            Query::P1Turn => (pos.side_to_move() == crate::game::Player::One).to_string(),
            Query::Result => pos
                .outcome()
                .map_or_else(|| "none".to_string(), |o| o.to_string()),
        };
        self.out.line(&reply::response(&answer));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(input: &str) -> String {
        let out = Output::buffer();
        run(io::Cursor::new(input.as_bytes().to_vec()), out.clone());
        out.text()
    }

    #[test]
    fn a_short_session() {
        let text = session(
            "ugi\nsetoption name Game value dots\nposition startpos moves h1.1\n\
             query p1turn\nquery gameover\nquery result\nperft 1\n",
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("id name {}", crate::engine::NAME));
        assert!(lines.contains(&"ugiok"));
        let after: Vec<&str> = lines
            .iter()
            .skip_while(|l| **l != "ugiok")
            .skip(1)
            .copied()
            .collect();
        assert_eq!(
            &after[..3],
            ["response false", "response false", "response none"]
        );
        assert_eq!(after.last(), Some(&"perft 1 70"));
    }

    #[test]
    fn refusals_are_error_lines() {
        let text = session("go depth 1\nquery result\nsolve\nposition startpos\nshow\n");
        for line in text.lines() {
            assert!(line.starts_with("info string error "), "{text}");
        }
        assert_eq!(text.lines().count(), 5, "{text}");
        assert!(text.contains("go: no position"), "{text}");
    }
}
