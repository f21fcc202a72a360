//! The arbiter's side of the engine protocol, for external engines.
//!
//! The arbiter sends only `ugi`, `setoption` (options of the config file),
//! `uginewgame`, `isready <n>`, `position fen <start> [moves …]`, `go …`,
//! `stop` and `quit`. Every wait has a deadline and every failure becomes a
//! [`Fault`] that the game loop turns into a lost game; nothing an engine
//! writes (or does not write) can make the arbiter panic or hang.
//!
//! The whole conversation (both directions and stderr, timestamped from the
//! start of the game) is kept in a [`Traffic`] log, bounded in lines and
//! bytes whatever the engine writes.
//!
//! Liveness cannot be faked: every `isready` carries a fresh random token,
//! and a line the engine wrote before the arbiter's command (a `readyok`
//! or a `bestmove` sent ahead) is never taken as the answer to it.

use crate::engines::config::ExternalSpec;
use crate::engines::process::{describe_status, Event, Proc, Stream};
use crate::signals;
use serde::{Deserialize, Serialize};
use std::io;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};
use tabula::protocol::command::Command;
use tabula::protocol::reply::{Info, Reply as ProtocolReply, SearchLine};

/// Deadlines and policies of the waits (milliseconds).
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// Handshake (`ugi` → `ugiok`) and first `isready`.
    pub startup_ms: u64,
    /// `isready` → `readyok` before each move.
    pub ping_ms: u64,
    /// After `stop` or `quit`, before the engine is killed.
    pub grace_ms: u64,
    /// Allowed beyond a move's budget.
    pub margin_ms: u64,
    /// Absolute cap of one move's wait (depth and node limits, lenient policy).
    pub cap_ms: u64,
    /// Lenient time policy: late moves are recorded, not forfeited.
    pub lenient: bool,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            startup_ms: 10_000,
            ping_ms: 5_000,
            grace_ms: 500,
            margin_ms: 100,
            cap_ms: 60_000,
            lenient: false,
        }
    }
}

/// What the traffic log keeps of one engine in one game: its first lines
/// (the handshake, the opening) and its last ones (where a fault is), up to
/// these many lines and bytes each; what falls between is counted and
/// replaced by a marker.
const HEAD_LINES: usize = 5_000;
const HEAD_BYTES: usize = 256 * 1024;
const TAIL_LINES: usize = 2_000;
const TAIL_BYTES: usize = 128 * 1024;
/// Longest line kept in the log (bytes, cut on a character boundary).
const LOG_LINE: usize = 4 * 1024;
/// Most `option` lines an engine may declare in its handshake.
pub(crate) const MAX_OPTIONS: usize = 256;
/// Longest option name or `id name` kept (characters).
const MAX_NAME: usize = 256;

/// The conversation with one engine during one game, bounded: at most
/// `HEAD_*` + `TAIL_*` lines and bytes are kept, whatever it writes.
#[derive(Debug)]
pub(crate) struct Traffic {
    start: Instant,
    head: Vec<String>,
    head_bytes: usize,
    tail: std::collections::VecDeque<String>,
    tail_bytes: usize,
    /// Lines (and their bytes) dropped between the head and the tail.
    cut_lines: u64,
    cut_bytes: u64,
    /// The last few stderr lines, quoted in fault details (a traceback's end).
    stderr_tail: std::collections::VecDeque<String>,
}

impl Traffic {
    pub(crate) fn new(start: Instant) -> Traffic {
        Traffic {
            start,
            head: Vec::new(),
            head_bytes: 0,
            tail: Default::default(),
            tail_bytes: 0,
            cut_lines: 0,
            cut_bytes: 0,
            stderr_tail: Default::default(),
        }
    }

    /// Records a line: `>` sent, `<` received, `!` stderr, `#` arbiter note.
    pub(crate) fn push(&mut self, at: Instant, dir: char, text: &str) {
        if dir == '!' {
            if self.stderr_tail.len() == 3 {
                self.stderr_tail.pop_front();
            }
            self.stderr_tail.push_back(text.chars().take(300).collect());
        }
        let t = at.saturating_duration_since(self.start).as_secs_f64() * 1000.0;
        let mut line = format!("{t:10.3} {dir} ");
        if text.len() > LOG_LINE {
            let mut end = LOG_LINE;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            line.push_str(&text[..end]);
            line.push_str(&format!(" …[{} bytes more]", text.len() - end));
        } else {
            line.push_str(text);
        }
        if self.cut_lines == 0
            && self.tail.is_empty()
            && self.head.len() < HEAD_LINES
            && self.head_bytes + line.len() <= HEAD_BYTES
        {
            self.head_bytes += line.len();
            self.head.push(line);
            return;
        }
        self.tail_bytes += line.len();
        self.tail.push_back(line);
        while self.tail.len() > TAIL_LINES || self.tail_bytes > TAIL_BYTES {
            let Some(old) = self.tail.pop_front() else {
                break;
            };
            self.tail_bytes -= old.len();
            self.cut_lines += 1;
            self.cut_bytes += old.len() as u64;
        }
    }

    /// Starts a new game's log (keeps nothing of the last one).
    pub(crate) fn reset(&mut self, start: Instant) {
        *self = Traffic::new(start);
    }

    /// `"; stderr: …"` with the last stderr lines, or nothing.
    pub(crate) fn stderr_note(&self) -> String {
        if self.stderr_tail.is_empty() {
            return String::new();
        }
        let v: Vec<&str> = self.stderr_tail.iter().map(String::as_str).collect();
        format!("; stderr: {}", v.join(" | "))
    }

    /// Writes the log, a line each, with a marker where lines were cut.
    pub(crate) fn write_to(&self, out: &mut impl io::Write) -> io::Result<()> {
        for l in &self.head {
            writeln!(out, "{l}")?;
        }
        if self.cut_lines > 0 {
            writeln!(
                out,
                "… {} lines ({} bytes) cut here: the log keeps the first {} KiB and the last {} \
                 KiB of an engine's traffic in a game",
                self.cut_lines,
                self.cut_bytes,
                HEAD_BYTES / 1024,
                TAIL_BYTES / 1024
            )?;
        }
        for l in &self.tail {
            writeln!(out, "{l}")?;
        }
        Ok(())
    }

    /// The log as text.
    pub(crate) fn text(&self) -> String {
        let mut out = Vec::new();
        let _ = self.write_to(&mut out);
        String::from_utf8_lossy(&out).into_owned()
    }
}

/// The detail of a [`Fault::Timeout`] of an engine that hung: nothing even
/// after `stop` and the grace time.
pub(crate) const NO_BESTMOVE_AFTER_STOP: &str = "no bestmove, even after stop";

/// What the engine reported about its search (the last value of each field).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SearchInfo {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) depth: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) seldepth: Option<u64>,
    /// `score cp` (points, side to move minus opponent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) nodes: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) nps: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) time: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) alphacuts: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) betacuts: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) tthits: Option<u64>,
}

impl SearchInfo {
    /// Folds one `info …` line in (unknown fields are skipped; `pv` ends it).
    pub(crate) fn update(&mut self, line: &str) {
        match line.parse::<ProtocolReply>() {
            Ok(ProtocolReply::Info(Info::Search(s))) => self.fold(&s),
            Ok(ProtocolReply::Info(Info::Stats(pairs))) => {
                for (key, value) in pairs {
                    let v = value.parse().ok();
                    let field = match key.as_str() {
                        "nodes" => &mut self.nodes,
                        "alphacuts" => &mut self.alphacuts,
                        "betacuts" => &mut self.betacuts,
                        "tthits" => &mut self.tthits,
                        "time" => &mut self.time,
                        _ => continue,
                    };
                    *field = v.or(*field);
                }
            }
            _ => {}
        }
    }

    /// The fields a search line carries, over the ones seen before.
    fn fold(&mut self, s: &SearchLine) {
        let keep = |new: Option<u32>, old: Option<u64>| new.map(u64::from).or(old);
        self.depth = keep(s.depth, self.depth);
        self.seldepth = keep(s.seldepth, self.seldepth);
        self.score = s.score.or(self.score);
        self.nodes = s.nodes.or(self.nodes);
        self.nps = s.nps.or(self.nps);
        self.time = s.time.or(self.time);
    }
}

/// Why an engine lost (or could not play) a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Could not be started, or did not finish the handshake.
    Startup(Startup),
    /// No `readyok` in time, or stopped reading its input.
    Stall(Stall),
    /// No `bestmove` in time; the overrun beyond the budget in ms.
    Timeout { overrun_ms: u64, detail: String },
    /// The process died or closed its output.
    Crash(String),
    /// A `bestmove` line that is not a move of the game (the line verbatim).
    Malformed(String),
    /// A well-formed move that the rules refuse (the line verbatim).
    Illegal(String),
    /// The arbiter was interrupted (Ctrl-C): the game does not count.
    Interrupted,
}

/// What kept an engine from being ready to play: matched by `arbiter
/// check` for its hint; shown (and journaled) as its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Startup {
    /// The program could not be started (the system's error).
    CannotStart(String),
    /// More `option` lines in the handshake than `MAX_OPTIONS`.
    OptionFlood,
    /// The process ended before `ugiok`: how it ended, and the note on
    /// what it wrote to stderr.
    Exited { status: String, stderr: String },
    /// No `ugiok` before the deadline (ms); the note on its stderr.
    NoUgiok { ms: u64, stderr: String },
    /// A step of the start after the program ran failed with this fault.
    At { step: Step, fault: Box<Fault> },
}

/// The steps of an engine's start that talk to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// `ugi` sent.
    Handshake,
    /// The `setoption`s of its configuration.
    Options,
    /// The first `isready`, right after the handshake.
    FirstIsready,
}

/// An engine that does not answer while it should.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stall {
    /// Its input is full: it does not read it.
    NoInput,
    /// No `readyok` within this many ms.
    NoReadyok { ms: u64 },
}

/// For people: the detail of the fault (what the engine did), as in the
/// results' `detail` field and in `arbiter check`.
impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Fault::Startup(s) => s.fmt(f),
            Fault::Stall(s) => s.fmt(f),
            Fault::Crash(d) => f.write_str(d),
            Fault::Timeout { overrun_ms, detail } => write!(f, "{detail} ({overrun_ms} ms late)"),
            Fault::Malformed(line) => write!(f, "not a move: '{line}'"),
            Fault::Illegal(line) => write!(f, "illegal move: '{line}'"),
            Fault::Interrupted => f.write_str("interrupted"),
        }
    }
}

impl std::fmt::Display for Startup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Startup::CannotStart(e) => write!(f, "cannot start: {e}"),
            Startup::OptionFlood => write!(
                f,
                "more than {MAX_OPTIONS} `option` lines in the handshake (a flood)"
            ),
            Startup::Exited { status, stderr } => {
                write!(f, "exited during the handshake ({status}){stderr}")
            }
            Startup::NoUgiok { ms, stderr } => write!(f, "no ugiok within {ms} ms{stderr}"),
            Startup::At { step, fault } => write!(f, "{step}: {fault}"),
        }
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Step::Handshake => "handshake",
            Step::Options => "options",
            Step::FirstIsready => "first isready",
        })
    }
}

impl std::fmt::Display for Stall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stall::NoInput => f.write_str("does not read its input"),
            Stall::NoReadyok { ms } => write!(f, "no readyok within {ms} ms"),
        }
    }
}

impl std::error::Error for Fault {}

/// An engine's answer to `go`.
#[derive(Clone, Debug)]
pub(crate) struct Reply {
    /// The `bestmove` line verbatim.
    pub(crate) line: String,
    /// The move's text.
    pub(crate) mv: String,
    /// From `go` sent to `bestmove` read.
    pub(crate) elapsed_ms: u64,
    /// CPU time of the engine (all its processes) since its last move
    /// (pondering included, unless it was frozen).
    pub(crate) cpu_ms: Option<u64>,
    pub(crate) info: SearchInfo,
    /// `info string fallback <reason>` before the `bestmove`: the adapter
    /// says the move is not its program's own.
    pub(crate) fallback: Option<String>,
}

enum Wait {
    Line(Instant, String),
    Eof,
    Deadline,
    Interrupted,
}

/// A running external engine.
pub struct Engine {
    proc: Proc,
    /// The conversation of the current game.
    pub(crate) log: Box<Traffic>,
    /// Names of the options the engine declared.
    pub(crate) options: Vec<String>,
    /// `id name …`, if given.
    pub(crate) id_name: Option<String>,
    /// It has echoed an `isready` token: from then on it must.
    echoes: bool,
    eof_seen: bool,
    exited: bool,
    /// CPU time used up to the end of the last move.
    cpu_mark: Option<Duration>,
}

impl Engine {
    /// Starts the engine and completes the handshake, then sets the options.
    pub fn start(spec: &ExternalSpec, t: &Timeouts) -> Result<Engine, Fault> {
        let started = Instant::now();
        let proc =
            Proc::spawn(spec).map_err(|e| Fault::Startup(Startup::CannotStart(e.to_string())))?;
        let mut engine = Engine {
            proc,
            log: Box::new(Traffic::new(started)),
            options: Vec::new(),
            id_name: None,
            echoes: false,
            eof_seen: false,
            exited: false,
            cpu_mark: None,
        };
        let startup_ms = spec.startup_ms.unwrap_or(t.startup_ms);
        let deadline = started + Duration::from_millis(startup_ms);
        let hello = Instant::now();
        engine
            .command(&Command::Hello { uci: false })
            .map_err(|f| to_startup(f, Step::Handshake))?;
        let mut declared = 0usize;
        loop {
            match engine.next_line(deadline) {
                Wait::Line(at, _) if at < hello => {} // written before `ugi`
                Wait::Line(_, l) => match l.parse::<ProtocolReply>() {
                    Ok(ProtocolReply::HelloOk { .. }) => break,
                    Ok(ProtocolReply::Option(decl)) => {
                        declared += 1;
                        if declared > MAX_OPTIONS {
                            return Err(Fault::Startup(Startup::OptionFlood));
                        }
                        let mut w = decl.split_whitespace();
                        if w.next() == Some("name") {
                            let name: Vec<&str> = w.take_while(|x| *x != "type").collect();
                            engine
                                .options
                                .push(name.join(" ").chars().take(MAX_NAME).collect());
                        }
                    }
                    Ok(ProtocolReply::Id { field, value }) if field == "name" => {
                        let words = value.split_whitespace().collect::<Vec<_>>().join(" ");
                        engine.id_name = Some(words.chars().take(MAX_NAME).collect());
                    }
                    _ => {}
                },
                Wait::Eof => {
                    let st = engine.proc.wait_exit(Duration::from_millis(t.grace_ms));
                    engine.drain();
                    return Err(Fault::Startup(Startup::Exited {
                        status: describe_status(st),
                        stderr: engine.log.stderr_note(),
                    }));
                }
                Wait::Deadline => {
                    engine.drain();
                    return Err(Fault::Startup(Startup::NoUgiok {
                        ms: startup_ms,
                        stderr: engine.log.stderr_note(),
                    }));
                }
                Wait::Interrupted => return Err(Fault::Interrupted),
            }
        }
        for (k, v) in &spec.options {
            let set = Command::SetOption {
                name: k.clone(),
                value: v.clone(),
            };
            engine
                .command(&set)
                .map_err(|f| to_startup(f, Step::Options))?;
        }
        engine
            .ping(startup_ms)
            .map_err(|f| to_startup(f, Step::FirstIsready))?;
        engine.cpu_mark = engine.proc.cpu_time();
        engine.proc.idle();
        Ok(engine)
    }

    /// Options of `spec` that the engine did not declare.
    pub(crate) fn unknown_options<'a>(&self, spec: &'a ExternalSpec) -> Vec<&'a str> {
        spec.options
            .iter()
            .filter(|(k, _)| !self.options.iter().any(|o| o.eq_ignore_ascii_case(k)))
            .map(|(k, _)| k.as_str())
            .collect()
    }

    /// Sends a command (see [`Command`]): its canonical line.
    pub(crate) fn command(&mut self, command: &Command) -> Result<(), Fault> {
        self.send(&command.to_string())
    }

    /// Sends a line (logged). A failure is a crash (the engine is gone) or a
    /// stall (it does not read).
    pub(crate) fn send(&mut self, line: &str) -> Result<(), Fault> {
        // Frozen (`--freeze-idle`) only while nobody talks to it.
        self.proc.wake();
        self.log.push(Instant::now(), '>', line);
        match self.proc.send(line) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => Err(Fault::Stall(Stall::NoInput)),
            Err(e) => {
                let st = self.proc.wait_exit(Duration::from_millis(200));
                Err(Fault::Crash(format!(
                    "write failed ({e}); {}",
                    describe_status(st)
                )))
            }
        }
    }

    /// Starts a game: `uginewgame` (answered by nothing; with
    /// `--freeze-idle` the engine reads it at its first turn).
    pub(crate) fn new_game(&mut self) -> Result<(), Fault> {
        self.command(&Command::NewGame)?;
        self.proc.idle();
        Ok(())
    }

    /// `isready <n>` → `readyok [<n>]` within `timeout_ms`, else a stall.
    /// The token is random, a `readyok` written before the `isready` does
    /// not count, and once the engine has echoed a token a bare `readyok`
    /// does not either.
    pub(crate) fn ping(&mut self, timeout_ms: u64) -> Result<(), Fault> {
        self.drain();
        let token = rand::random::<u64>().to_string();
        let sent = Instant::now();
        self.command(&Command::IsReady(Some(token.clone())))?;
        let deadline = Instant::now() + Duration::from_millis(timeout_ms);
        loop {
            match self.next_line(deadline) {
                Wait::Line(at, _) if at < sent => {} // sent ahead: not an answer
                Wait::Line(_, l) => match l.parse::<ProtocolReply>() {
                    // A bare `readyok` counts only from an engine that has
                    // never echoed a token (else anything could write it).
                    Ok(ProtocolReply::ReadyOk(None)) if !self.echoes => return Ok(()),
                    Ok(ProtocolReply::ReadyOk(Some(t))) if t == token => {
                        self.echoes = true;
                        return Ok(());
                    }
                    _ => {} // an older ping's answer, or another line
                },
                Wait::Eof => return Err(self.crash("closed its output")),
                Wait::Deadline => return Err(Fault::Stall(Stall::NoReadyok { ms: timeout_ms })),
                Wait::Interrupted => return Err(Fault::Interrupted),
            }
        }
    }

    /// Sends the position and `go`, and waits for `bestmove`. `budget_ms` is
    /// the time the move may take (`None` for depth and node limits).
    pub(crate) fn think(
        &mut self,
        position: &str,
        go: &str,
        budget_ms: Option<u64>,
        t: &Timeouts,
    ) -> Result<Reply, Fault> {
        self.drain();
        self.send(position)?;
        let asked = Instant::now();
        self.send(go)?;
        let sent = Instant::now();
        let wait_ms = match budget_ms {
            Some(b) if !t.lenient => b + t.margin_ms,
            Some(b) => (b + t.margin_ms).max(t.cap_ms),
            None => t.cap_ms,
        };
        let limit = budget_ms.unwrap_or(t.cap_ms);
        let mut deadline = sent + Duration::from_millis(wait_ms);
        let mut info = SearchInfo::default();
        let mut fallback = None;
        let mut stopped = false;
        loop {
            match self.next_line(deadline) {
                Wait::Line(at, _) if at < asked => {
                    // Written before the position was sent: not about it.
                    self.log
                        .push(at, '#', "written before `go`: not taken as the answer");
                }
                Wait::Line(at, l) => match l.parse::<ProtocolReply>() {
                    Ok(ProtocolReply::Info(Info::String(text))) => {
                        if let Some(reason) = fallback_reason(&text) {
                            fallback.get_or_insert(reason);
                        }
                    }
                    Ok(ProtocolReply::Info(_)) => info.update(&l),
                    Ok(ProtocolReply::BestMove(_)) => {
                        let elapsed = at.saturating_duration_since(sent).as_millis() as u64;
                        if stopped && !t.lenient {
                            return Err(timeout(elapsed, limit, "bestmove only after stop"));
                        }
                        // The move as sent (`none` too: the rules judge it).
                        let mv = l.split_whitespace().nth(1).unwrap_or_default();
                        let cpu = self.proc.cpu_time();
                        let cpu_ms = cpu
                            .zip(self.cpu_mark)
                            .map(|(now, before)| now.saturating_sub(before).as_millis() as u64);
                        self.cpu_mark = cpu;
                        self.proc.idle();
                        return Ok(Reply {
                            mv: mv.to_string(),
                            line: l.clone(),
                            elapsed_ms: elapsed,
                            cpu_ms,
                            info,
                            fallback,
                        });
                    }
                    // `bestmove` and nothing after it.
                    Err(_) if l.split_whitespace().next() == Some("bestmove") => {
                        return Err(Fault::Malformed(l));
                    }
                    _ => {}
                },
                Wait::Eof => return Err(self.crash("closed its output while thinking")),
                Wait::Deadline if !stopped => {
                    stopped = true;
                    let now = Instant::now();
                    self.log.push(now, '#', "deadline passed: stop");
                    // A dead pipe here shows as a crash at the next read.
                    let stop = Command::Stop.to_string();
                    let _ = self.proc.send(&stop);
                    self.log.push(now, '>', &stop);
                    deadline = now + Duration::from_millis(t.grace_ms);
                }
                Wait::Deadline => {
                    let elapsed = sent.elapsed().as_millis() as u64;
                    return Err(timeout(elapsed, limit, NO_BESTMOVE_AFTER_STOP));
                }
                Wait::Interrupted => return Err(Fault::Interrupted),
            }
        }
    }

    /// The next stdout line before `deadline` (`Ok(None)` when the deadline
    /// passes first); an engine that closed its output is a crash. For
    /// probes that are not a move (`arbiter check`).
    pub(crate) fn read_line(&mut self, deadline: Instant) -> Result<Option<String>, Fault> {
        match self.next_line(deadline) {
            Wait::Line(_, l) => Ok(Some(l)),
            Wait::Deadline => Ok(None),
            Wait::Eof => Err(self.crash("closed its output")),
            Wait::Interrupted => Err(Fault::Interrupted),
        }
    }

    /// Drops (after logging) whatever the engine wrote since the last wait.
    pub(crate) fn discard_output(&mut self) {
        self.drain();
    }

    /// `quit`, then up to `grace_ms` to exit, then the group is killed. The
    /// engine's children are killed in any case. True when it exited by itself.
    pub fn quit(mut self, grace_ms: u64) -> bool {
        let _ = self.command(&Command::Quit);
        self.proc.close_input();
        let exited = self
            .proc
            .wait_exit(Duration::from_millis(grace_ms))
            .is_some();
        if !exited {
            self.log.push(Instant::now(), '#', "did not quit: killed");
        }
        self.proc.kill();
        exited
    }

    /// Kills the engine and everything it started.
    pub(crate) fn kill(mut self) {
        self.proc.kill();
    }

    fn crash(&mut self, what: &str) -> Fault {
        let st = self.proc.wait_exit(Duration::from_millis(300));
        std::thread::sleep(Duration::from_millis(5)); // the last stderr lines
        self.drain();
        Fault::Crash(format!(
            "{what} ({}){}",
            describe_status(st),
            self.log.stderr_note()
        ))
    }

    /// Logs and drops whatever the engine wrote since the last wait.
    fn drain(&mut self) {
        while let Ok(ev) = self.proc.events.try_recv() {
            match ev {
                Event::Line(s, at, l) => self.log.push(at, dir(s), &l),
                Event::Eof(s) => {
                    self.log.push(Instant::now(), '#', &format!("{s} closed"));
                    // Keep the end of stdout visible to the next wait.
                    if s == Stream::Out {
                        self.eof_seen = true;
                    }
                }
            }
        }
    }

    fn next_line(&mut self, deadline: Instant) -> Wait {
        loop {
            if self.eof_seen {
                return Wait::Eof;
            }
            if signals::interrupted() {
                return Wait::Interrupted;
            }
            let now = Instant::now();
            if now >= deadline {
                return Wait::Deadline;
            }
            let slice = (deadline - now).min(signals::POLL);
            match self.proc.events.recv_timeout(slice) {
                Ok(Event::Line(Stream::Out, at, l)) => {
                    self.log.push(at, '<', &l);
                    return Wait::Line(at, l);
                }
                Ok(Event::Line(Stream::Err, at, l)) => self.log.push(at, '!', &l),
                Ok(Event::Eof(Stream::Out)) => {
                    self.log.push(Instant::now(), '#', "stdout closed");
                    self.eof_seen = true;
                }
                Ok(Event::Eof(Stream::Err)) => {}
                Err(RecvTimeoutError::Timeout) => {
                    // An engine whose child still holds its output open does
                    // not close it when it dies: look at the process itself.
                    // (One more quiet poll after the exit lets its last lines in.)
                    if self.exited {
                        self.eof_seen = true;
                    } else if self.proc.try_status().is_some() {
                        self.log.push(Instant::now(), '#', "process exited");
                        self.exited = true;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => self.eof_seen = true,
            }
        }
    }
}

/// The reason of an `info string fallback <reason>` line (the text after
/// `info string`), if it is one.
pub(crate) fn fallback_reason(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    if words.next() != Some("fallback") {
        return None;
    }
    let rest: Vec<&str> = words.collect();
    if rest.is_empty() {
        return Some("unknown".to_string());
    }
    // Kept in every results line: bounded, whatever the engine wrote.
    let text = rest.join(" ");
    Some(match text.char_indices().nth(MAX_REASON) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text,
    })
}

/// Longest fallback reason kept (characters).
const MAX_REASON: usize = 200;

fn dir(s: Stream) -> char {
    match s {
        Stream::Out => '<',
        Stream::Err => '!',
    }
}

fn timeout(elapsed: u64, limit: u64, detail: &str) -> Fault {
    Fault::Timeout {
        overrun_ms: elapsed.saturating_sub(limit),
        detail: detail.to_string(),
    }
}

/// A fault at a step of the start, as a startup fault (an interruption
/// stays one).
fn to_startup(f: Fault, step: Step) -> Fault {
    match f {
        Fault::Interrupted => Fault::Interrupted,
        fault => Fault::Startup(Startup::At {
            step,
            fault: Box::new(fault),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_info_takes_the_last_report() {
        let mut i = SearchInfo::default();
        i.update("info depth 4 score cp -3 nodes 900 pv a1 b3");
        i.update("info string stats nodes 1000 alphacuts 7 betacuts 9 tthits 2 time 5");
        assert_eq!(
            (i.depth, i.score, i.nodes, i.alphacuts, i.tthits),
            (Some(4), Some(-3), Some(1000), Some(7), Some(2))
        );
    }

    #[test]
    fn fallback_reasons_are_read_and_capped() {
        assert_eq!(
            fallback_reason("fallback error jogar: division by zero").as_deref(),
            Some("error jogar: division by zero")
        );
        assert_eq!(fallback_reason("fallback"), Some("unknown".to_string()));
        assert_eq!(fallback_reason("fallbacks are fine"), None);
        let long = fallback_reason(&format!("fallback {}", "x".repeat(5000))).unwrap();
        assert_eq!(long.chars().count(), 201);
    }
}
