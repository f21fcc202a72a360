//! `arbiter check <ENGINE>`: a student's self-test of an engine before a
//! tournament, in layers. For a two-player game (`knight`, `bishop`, `dots`):
//!
//! 1. the program is found; the handshake (`ugi` → `ugiok`), with a probe that
//!    tells an engine that never flushes its output from one that is silent;
//! 2. `isready` and `isready <token>` (the token echoed);
//! 3. one move on a seeded board within the move time; `quit`;
//! 4. two whole games against `builtin:random` (colours swapped);
//! 5. `go infinite` + `stop` (exactly one legal `bestmove`, at once;
//!    answering before `stop` or refusing `go infinite` is a warn) and
//!    `go movetime T` answered within T plus the margin;
//! 6. malformed input (unknown commands, a bad FEN, `go movetime abc`, an
//!    overlong line, control bytes): the engine keeps answering `isready` and
//!    still plays a legal move;
//! 7. rule conformance against the rules library: a legal `bestmove` on many
//!    seeded positions (forced passes, Dots' extra turns), and — when the
//!    engine implements them — `perft` counts and `query` answers;
//! 8. `solve` on the course problems A–D of the game's puzzle, when the
//!    engine answers `solve` (with `--game <puzzle>` it is required);
//! 9. stdout: every line the engine wrote in all the layers above is a
//!    protocol reply (debug prints there are a warn).
//!
//! Each finding is one line, `ok` / `warn` / `FAIL` / `skip`, a FAIL or warn
//! with a hint that follows the fault (the engine's own `info string error`
//! line is quoted when it sent one); then a summary. [`run`] returns the
//! [`Verdict`]. Ctrl-C stops the check: nothing after it is reported.

use crate::builtin::Builtin;
use crate::client::{Engine, Fault, Timeouts};
use crate::clock::TimeControl;
use crate::config::{BuiltinKind, ExternalSpec};
use crate::game::{self, GameKey, GameSpec, Seat, Settings};
use crate::process::{Event, Proc, Stream};
use crate::report::plural;
use crate::result::{Reason, Side, Winner};
use crate::signals;
use rand::Rng;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tabula::game::{AnyPosition, GameId, Player};
use tabula::puzzle::{SolveOptions, SolveOutcome};

/// What to check and how.
pub struct CheckOptions {
    pub game: GameId,
    pub seed: u64,
    pub movetime: u64,
    pub timeouts: Timeouts,
    pub dots_size: Option<(usize, usize)>,
    /// Positions of the rule-conformance layer.
    pub positions: usize,
    /// Time the engine gets for each course problem (ms); `stop` after it.
    pub solve_ms: u64,
}

/// Wait after `stop` for the `bestmove` (or the `solve` line).
const STOP_DEADLINE_MS: u64 = 2_000;
/// Move time of the `go infinite` / `go movetime` layer.
const TIMED_MOVE_MS: u64 = 300;
/// Move time of each move of the rule-conformance layer (lateness is not
/// judged there: the deadline is generous).
const CONFORMANCE_MOVE_MS: u64 = 100;
/// Wait for the first answer of an optional command (`perft`, `query`, `solve`).
const PROBE_MS: u64 = 1_500;
/// Problems of the solve layer.
const PROBLEMS: [&str; 4] = ["A", "B", "C", "D"];
/// Wait for the `perft <d> <n>` line of one count.
const PERFT_MS: u64 = 5_000;

/// How a check ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// No FAIL (warns and skips allowed).
    Passed,
    /// This many FAILs.
    Failed(usize),
    /// Stopped by Ctrl-C (or SIGTERM) before the end.
    Interrupted,
}

#[derive(Default)]
struct Report {
    ok: usize,
    warns: usize,
    failures: usize,
    skips: usize,
}

fn with_note(what: &str, note: &str) -> String {
    if note.is_empty() {
        what.to_string()
    } else {
        format!("{what}: {note}")
    }
}

impl Report {
    /// Prints one finding and its hint; false (nothing printed) once the
    /// user pressed Ctrl-C: what goes wrong after it is not the engine's doing.
    fn print(&self, tag: &str, what: &str, note: &str, fix: &str) -> bool {
        if signals::interrupted() {
            return false;
        }
        println!("  {tag:<5} {}", with_note(what, note));
        if !fix.is_empty() {
            println!("        → {fix}");
        }
        true
    }
    fn ok(&mut self, what: &str, note: &str) {
        if self.print("ok", what, note, "") {
            self.ok += 1;
        }
    }
    fn warn(&mut self, what: &str, note: &str, fix: &str) {
        if self.print("warn", what, note, fix) {
            self.warns += 1;
        }
    }
    fn fail(&mut self, what: &str, note: &str, fix: &str) {
        if self.print("FAIL", what, note, fix) {
            self.failures += 1;
        }
    }
    fn skip(&mut self, what: &str, note: &str) {
        if self.print("skip", what, note, "") {
            self.skips += 1;
        }
    }
}

fn hint(f: &Fault) -> &'static str {
    match f {
        Fault::Startup(_) => {
            "answer `ugi` with `ugiok` (after any `id`/`option` lines) and flush stdout after every line"
        }
        Fault::Stall(_) => "answer `isready` (or `isready <n>`) with `readyok` (or `readyok <n>`) at once",
        Fault::Timeout { .. } => "send `bestmove` within the move time; keep a reserve for the pipes",
        Fault::Crash(_) => "the process died: see the end of its stderr above",
        Fault::Malformed(_) => "write the move in the game's notation: `bestmove e5`, `bestmove h1.2`, `bestmove pass`",
        Fault::Illegal(_) => "check the rules (attacked squares, removed numbers, forced pass)",
        Fault::Interrupted => "",
    }
}

const FLUSH_HINT: &str = "no output until end of input: flush after every line \
     (Python: print(..., flush=True); C: fflush(stdout); Lisp: (finish-output))";
const RULES_HINT: &str = "replay the position with the rules: attacked squares, removed \
     numbers (the symmetric number, the largest double), `pass` when and only when the \
     side to move has no move but the opponent has one; in Dots a player who closes a \
     box moves again";
const ROBUST_HINT: &str = "read every line defensively: a line you do not understand gets \
     `info string error …` (or is ignored), never a crash or a stuck loop";
const EXITED_HINT: &str = "the program exited: run the command in a terminal and type `ugi` \
     and `isready` to see why (the end of its stderr, if any, is quoted above)";
const COMMAND_HINT: &str = "give the command as you would type it in a terminal";
const REFUSED_GO_HINT: &str = "the engine refused the `go` (its error line is quoted): fix \
     what it says; every `go` after a valid `position` gets exactly one `bestmove`";
const STDOUT_HINT: &str = "stdout is only for protocol replies (protocol.md §4; `info …` lines \
     are fine): write debug output to stderr (Python: print(..., file=sys.stderr); C: \
     fprintf(stderr, …); Lisp: (format *error-output* …)); stray lines break other clients \
     and hide the real replies";

fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// Is `line` an error report (`info string error …`)?
fn is_error_line(line: &str) -> bool {
    let w: Vec<&str> = line.split_whitespace().take(3).collect();
    w.len() == 3 && w[0] == "info" && w[1] == "string" && w[2].starts_with("error")
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// The first words of the lines an engine may send (protocol.md §4).
const REPLIES: [&str; 11] = [
    "id",
    "option",
    "ugiok",
    "uciok",
    "readyok",
    "info",
    "bestmove",
    "response",
    "perft",
    "solution",
    "nosolution",
];

/// Is `line` one the protocol lets an engine send? (A `perft` move line is
/// `<move> <count>`.)
fn is_protocol_reply(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [first, ..] if REPLIES.contains(first) => true,
        [mv, count] => looks_like_move(mv) && count.parse::<u64>().is_ok(),
        _ => false,
    }
}

/// `pass`, a square (`e5`) or an arc (`h1.2`).
fn looks_like_move(word: &str) -> bool {
    let mut chars = word.chars();
    word == "pass"
        || (chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && !chars.as_str().is_empty()
            && chars.all(|c| c.is_ascii_digit() || c == '.'))
}

/// One line of a traffic log ([`crate::client::Traffic`]: `<ms> <dir>
/// <text>`, `>` sent, `<` stdout, `!` stderr, `#` a note): its direction and
/// text. `None` for the other lines of a log file (its header).
fn log_entry(line: &str) -> Option<(char, &str)> {
    let (t, rest) = line.trim_start().split_once(' ')?;
    t.parse::<f64>().ok()?;
    let mut chars = rest.chars();
    let dir = chars.next()?;
    Some((dir, chars.as_str().strip_prefix(' ')?))
}

/// The engine's error lines (`info string error …`) since the last
/// `position` sent in a traffic log.
fn error_lines(log: &str) -> Vec<String> {
    let mut errors = Vec::new();
    for (dir, text) in log.lines().filter_map(log_entry) {
        match dir {
            '>' if first_word(text) == "position" => errors.clear(),
            '<' if is_error_line(text) => errors.push(text.to_string()),
            _ => {}
        }
    }
    errors
}

/// `; the engine said '<first error line>'` (and how many more), or nothing.
fn quote_errors(errors: &[String]) -> String {
    match errors {
        [] => String::new(),
        [one] => format!("; the engine said '{}'", truncate(one)),
        [first, rest @ ..] => format!(
            "; the engine said '{}' (and {} more)",
            truncate(first),
            plural(rest.len(), "error line")
        ),
    }
}

/// The lines on the engine's stdout that are not protocol replies, over the
/// whole check.
#[derive(Default)]
struct Stray {
    /// stdout lines looked at.
    seen: usize,
    /// Of which not protocol replies.
    count: usize,
    /// The first of them, and the command sent last before it.
    first: Option<(String, String)>,
}

impl Stray {
    /// Looks at the stdout lines of the engine's log so far, then empties the
    /// log (so that no line is counted twice).
    fn audit(&mut self, e: &mut Engine) {
        self.audit_text(&e.log.text());
        e.log.reset(Instant::now());
    }

    /// Looks at the stdout lines of a traffic log's text.
    fn audit_text(&mut self, log: &str) {
        let mut sent = "";
        for (dir, text) in log.lines().filter_map(log_entry) {
            match dir {
                '>' => sent = text,
                '<' => {
                    self.seen += 1;
                    if !is_protocol_reply(text) {
                        self.count += 1;
                        if self.first.is_none() {
                            self.first = Some((text.to_string(), sent.to_string()));
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// A `go` without a legal answer: the fault, and the engine's own error
/// lines since the `position`.
struct GoFailed {
    fault: Fault,
    errors: Vec<String>,
}

impl GoFailed {
    /// What went wrong, with the engine's error line quoted.
    fn note(&self) -> String {
        format!("{}{}", self.fault, quote_errors(&self.errors))
    }

    /// The hint: about the refusal when the engine said why, else about the fault.
    fn hint(&self) -> &'static str {
        if self.errors.is_empty() {
            hint(&self.fault)
        } else {
            REFUSED_GO_HINT
        }
    }
}

/// The context of one run: the spec, the options, the report, the engine
/// process of the current layer (restarted when a layer killed it) and the
/// stray stdout lines seen so far.
struct Checker<'a> {
    spec: &'a ExternalSpec,
    name: &'a str,
    o: &'a CheckOptions,
    r: Report,
    engine: Option<Engine>,
    stray: Stray,
}

impl Checker<'_> {
    /// The running engine, started again if a layer lost it.
    fn engine(&mut self, what: &str) -> Option<&mut Engine> {
        if self.engine.is_none() {
            match Engine::start(self.spec, &self.o.timeouts) {
                Ok(e) => self.engine = Some(e),
                Err(f) => {
                    let (_, note, fix) = startup_failure(self.spec, &self.o.timeouts, &f);
                    self.r.fail(
                        what,
                        &format!("could not start the engine again: {note}"),
                        &fix,
                    );
                    return None;
                }
            }
        }
        self.engine.as_mut()
    }

    /// `position` and `go` on the running engine (started again if needed;
    /// `None` when it cannot be). On failure, the engine's error lines come
    /// with the fault.
    fn go(
        &mut self,
        what: &str,
        position: &str,
        go: &str,
        budget_ms: Option<u64>,
        t: &Timeouts,
    ) -> Option<Result<crate::client::Reply, GoFailed>> {
        self.engine(what)?;
        let e = self.engine.as_mut()?;
        self.stray.audit(e);
        Some(
            e.think(position, go, budget_ms, t)
                .map_err(|fault| GoFailed {
                    fault,
                    errors: error_lines(&e.log.text()),
                }),
        )
    }

    fn drop_engine(&mut self) {
        if let Some(mut e) = self.engine.take() {
            self.stray.audit(&mut e);
            e.kill();
        }
    }

    /// `quit`; whether the engine exited by itself within the grace time
    /// (`None`: no engine was running).
    fn quit_engine(&mut self) -> Option<bool> {
        let mut e = self.engine.take()?;
        self.stray.audit(&mut e);
        Some(e.quit(self.o.timeouts.grace_ms))
    }

    /// A first position of the game (the tournament's first seeded board).
    fn start_position(&mut self) -> Option<AnyPosition> {
        let boards = crate::tournament::Boards::Seeded {
            seed: self.o.seed,
            dots_size: self.o.dots_size,
        };
        match boards.board(self.o.game, 0) {
            Ok(p) => Some(p),
            Err(e) => {
                self.r.fail("board", &format!("{e:#}"), "");
                None
            }
        }
    }
}

/// The layers after the start-up, in order.
type Layer = fn(&mut Checker);

/// Runs the checks.
pub fn run(spec: &ExternalSpec, name: &str, o: &CheckOptions) -> Verdict {
    let mut c = Checker {
        spec,
        name,
        o,
        r: Report::default(),
        engine: None,
        stray: Stray::default(),
    };
    println!("checking {name} for the {} game", o.game);
    let layers: &[Layer] = if o.game.is_puzzle() {
        &[robustness, |c| solve_layer(c, c.o.game, true)]
    } else {
        &[
            first_move_and_quit,
            games,
            stop_and_time,
            robustness,
            conformance,
            |c| solve_layer(c, c.o.game.sibling(), false),
        ]
    };
    if startup(&mut c) {
        for layer in layers {
            if signals::interrupted() {
                break;
            }
            layer(&mut c);
        }
        c.quit_engine();
        stdout_layer(&mut c);
    }
    let r = &c.r;
    println!(
        "summary: {} ok, {} warn, {} FAIL, {} skip",
        r.ok, r.warns, r.failures, r.skips
    );
    if signals::interrupted() {
        println!("interrupted: the check stopped before the end (run it again for a verdict)");
        Verdict::Interrupted
    } else if r.failures == 0 {
        if o.game.is_puzzle() {
            println!(
                "all checks passed: the engine solves the {} problems",
                o.game
            );
        } else {
            println!("all checks passed: the engine is ready for a tournament");
        }
        Verdict::Passed
    } else {
        println!("{} failed", plural(r.failures, "check"));
        Verdict::Failed(r.failures)
    }
}

/// Every line the engine wrote on stdout during the check is a protocol
/// reply; a debug print there is a warn.
fn stdout_layer(c: &mut Checker) {
    let s = &c.stray;
    let what = "stdout";
    match &s.first {
        _ if s.seen == 0 => {}
        None => {
            c.r.ok(what, &format!("{} lines, all protocol replies", s.seen))
        }
        Some((line, sent)) => {
            let shown = if line.trim().is_empty() {
                "(an empty line)".to_string()
            } else {
                format!("'{}'", truncate(&visible(line)))
            };
            let after = if sent.is_empty() {
                String::new()
            } else {
                format!(" (after `{}`)", truncate(&visible(sent)))
            };
            c.r.warn(
                what,
                &format!(
                    "{} of {} lines are not protocol replies; the first: {shown}{after}",
                    s.count, s.seen
                ),
                STDOUT_HINT,
            );
        }
    }
}

/// The program, the handshake (with the flush probe) and `isready` with and
/// without a token. False when nothing more can be checked.
fn startup(c: &mut Checker) -> bool {
    if let Err(e) = c.spec.check_program() {
        c.r.fail("program", &format!("{e:#}"), COMMAND_HINT);
        return false;
    }
    c.r.ok("program found", "");

    let t0 = Instant::now();
    let engine = match Engine::start(c.spec, &c.o.timeouts) {
        Ok(e) => e,
        Err(f) => {
            let (what, note, fix) = startup_failure(c.spec, &c.o.timeouts, &f);
            c.r.fail(what, &note, &fix);
            return false;
        }
    };
    let id = engine
        .id_name
        .clone()
        .unwrap_or_else(|| "(no `id name`)".into());
    c.r.ok(
        "handshake",
        &format!(
            "{id}, {} ms, options: [{}]",
            t0.elapsed().as_millis(),
            engine.options.join(", ")
        ),
    );
    c.engine = Some(engine);
    isready_layer(c)
}

/// The layer (`handshake` or `isready`), the note and the hint for an engine
/// that did not start: the hint follows what went wrong.
fn startup_failure(
    spec: &ExternalSpec,
    timeouts: &Timeouts,
    f: &Fault,
) -> (&'static str, String, String) {
    let Fault::Startup(d) = f else {
        return ("handshake", f.to_string(), hint(f).to_string());
    };
    // `ugiok` came; the first `isready` did not get its `readyok`.
    if let Some(rest) = d.strip_prefix("first isready: ") {
        let fix = if rest.starts_with("no readyok") {
            hint(&Fault::Stall(String::new()))
        } else {
            EXITED_HINT
        };
        let note = format!("{rest} (the first `isready`, right after the handshake)");
        return ("isready", note, fix.to_string());
    }
    let fix = if d.starts_with("no ugiok") {
        let wait = spec.startup_ms.unwrap_or(timeouts.startup_ms).min(2_000);
        match flush_probe(spec, wait) {
            Probe::OnlyAtEnd => FLUSH_HINT,
            Probe::Early => {
                "the engine answers, but its `ugiok` came too late or never: send `ugiok` \
                 at once after `ugi` (load big tables later)"
            }
            Probe::Silent => {
                "the engine wrote nothing at all, not even at the end of its input: does it \
                 read stdin and answer `ugi`?"
            }
        }
    } else if d.starts_with("cannot start") {
        COMMAND_HINT
    } else if d.contains("does not read its input") {
        "read the commands from stdin, one per line, from the start"
    } else {
        EXITED_HINT
    };
    let note = d.strip_prefix("handshake: ").unwrap_or(d);
    ("handshake", note.to_string(), fix.to_string())
}

enum Probe {
    /// Output came only once the input was closed: unflushed output.
    OnlyAtEnd,
    /// Output came before the input was closed.
    Early,
    /// Nothing at all.
    Silent,
}

/// Starts the engine once more, sends `ugi`, waits `wait_ms`, closes its
/// input and watches for output.
fn flush_probe(spec: &ExternalSpec, wait_ms: u64) -> Probe {
    let Ok(mut p) = Proc::spawn(spec) else {
        return Probe::Silent;
    };
    let _ = p.send("ugi");
    let out_line = |p: &mut Proc, until: Instant| -> bool {
        loop {
            let now = Instant::now();
            if now >= until {
                return false;
            }
            match p.events.recv_timeout(until - now) {
                Ok(Event::Line(Stream::Out, _, _)) => return true,
                Ok(_) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => return false,
                Err(_) => return false,
            }
        }
    };
    let verdict = if out_line(&mut p, Instant::now() + ms(wait_ms)) {
        Probe::Early
    } else {
        p.close_input();
        if out_line(&mut p, Instant::now() + ms(STOP_DEADLINE_MS)) {
            Probe::OnlyAtEnd
        } else {
            Probe::Silent
        }
    };
    p.kill();
    verdict
}

/// `isready` → `readyok`; `isready <token>` → `readyok <token>` (a bare
/// `readyok` is a warn: the arbiter accepts it, the protocol asks for the
/// token).
fn isready_layer(c: &mut Checker) -> bool {
    let ping_ms = c.o.timeouts.ping_ms;
    let Some(e) = c.engine.as_mut() else {
        return false;
    };
    // Bare `isready`.
    e.discard_output();
    let res = e.send("isready").and_then(|_| {
        let deadline = Instant::now() + ms(ping_ms);
        loop {
            match e.read_line(deadline)? {
                Some(l) if first_word(&l) == "readyok" => return Ok(true),
                Some(_) => {}
                None => return Ok(false),
            }
        }
    });
    match res {
        Ok(true) => c.r.ok("isready", ""),
        Ok(false) => {
            c.r.fail(
                "isready",
                &format!("no readyok within {ping_ms} ms"),
                hint(&Fault::Stall(String::new())),
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail("isready", &f.to_string(), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    // With a token.
    let token = "7041";
    let Some(e) = c.engine.as_mut() else {
        return false;
    };
    let res = e.send(&format!("isready {token}")).and_then(|_| {
        let deadline = Instant::now() + ms(ping_ms);
        loop {
            match e.read_line(deadline)? {
                Some(l) if first_word(&l) == "readyok" => return Ok(Some(l)),
                Some(_) => {}
                None => return Ok(None),
            }
        }
    });
    let what = format!("isready {token}");
    match res {
        Ok(Some(l)) => {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.as_slice() {
                ["readyok", t] if *t == token => c.r.ok(&what, &format!("'{l}'")),
                ["readyok"] => c.r.warn(
                    &what,
                    "answered a bare `readyok`",
                    &format!("echo the token: `isready {token}` → `readyok {token}`"),
                ),
                _ => c.r.fail(
                    &what,
                    &format!("answered '{l}'"),
                    &format!(
                        "echo the token exactly: `isready {token}` → `readyok {token}` \
                         (the arbiter waits for its own token)"
                    ),
                ),
            }
        }
        Ok(None) => {
            c.r.fail(
                &what,
                &format!("no readyok within {ping_ms} ms"),
                "answer `isready <token>` with `readyok <token>` (the token is one word)",
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail(&what, &f.to_string(), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    true
}

/// Checks a `bestmove` text against `pos`: `Ok(())` when legal, else the
/// complaint and its hint.
fn judge_move(pos: &AnyPosition, mv: &str) -> Result<(), (String, &'static str)> {
    let legal = || {
        let l: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        if l.is_empty() {
            "none: the game is over".to_string()
        } else {
            l.join(" ")
        }
    };
    match pos.parse_move(mv) {
        Err(e) if !e.is_illegal() => Err((
            format!("'{mv}' is not a move ({e})"),
            hint(&Fault::Malformed(String::new())),
        )),
        _ => match pos.parse_legal(mv) {
            Ok(_) => Ok(()),
            Err(e) => Err((
                format!("'{mv}' is illegal ({e}); legal: {}", legal()),
                RULES_HINT,
            )),
        },
    }
}

/// One move on the first board within the move time, then `quit`.
fn first_move_and_quit(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        c.drop_engine();
        return;
    };
    let o = c.o;
    let Some(engine) = c.engine.as_mut() else {
        return;
    };
    let _ = engine.new_game();
    let position = format!("position fen {}", start.fen());
    let go = format!("go movetime {}", o.movetime);
    let Some(res) = c.go("first move", &position, &go, Some(o.movetime), &o.timeouts) else {
        return;
    };
    match res {
        Ok(reply) => match judge_move(&start, &reply.mv) {
            Err((why, fix)) => c.r.fail("first move", &why, fix),
            Ok(()) => {
                let info = match (reply.info.depth, reply.info.nodes) {
                    (Some(d), Some(n)) => format!(", depth {d}, {n} nodes"),
                    (Some(d), None) => format!(", depth {d}"),
                    _ => ", no `info` line (optional)".into(),
                };
                c.r.ok(
                    "first move",
                    &format!("{} in {} ms{info}", reply.mv, reply.elapsed_ms),
                );
                if reply.elapsed_ms > o.movetime {
                    c.r.warn(
                        "time",
                        &format!(
                            "{} ms is more than the {} ms given",
                            reply.elapsed_ms, o.movetime
                        ),
                        "keep a reserve: stop searching a little before the move time",
                    );
                }
            }
        },
        Err(failed) => c.r.fail(
            "first move",
            &format!("{position} / {go}: {}", failed.note()),
            failed.hint(),
        ),
    }
    match c.quit_engine() {
        Some(true) => c.r.ok("quit", ""),
        Some(false) => c.r.warn(
            "quit",
            &format!(
                "still running {} ms after `quit`: killed",
                o.timeouts.grace_ms
            ),
            "exit when you read `quit` or the end of the input",
        ),
        None => {}
    }
}

/// Two whole games against `builtin:random`, as in a tournament.
fn games(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        return;
    };
    let o = c.o;
    // A faulted game's traffic log is written here and read back for the
    // engine's error lines and its stdout.
    let log_dir = std::env::temp_dir().join(format!("arbiter-check-{}", std::process::id()));
    let settings = Settings {
        timeouts: o.timeouts,
        max_plies: 10_000,
        debug: false,
        log_dir: Some(log_dir.clone()),
    };
    let mut engine: Option<Engine> = None;
    for colour in 0..2u32 {
        let key = GameKey {
            round: 0,
            pairing: 0,
            board: 0,
            colour,
        };
        let me = match engine.take() {
            Some(e) => Ok(e),
            None => Engine::start(c.spec, &o.timeouts),
        };
        let random = Seat::Builtin(Builtin::new(
            &BuiltinKind::Random,
            o.seed.wrapping_add(colour as u64),
        ));
        let (seats, names, mine) = if colour == 0 {
            (
                [Seat::External(me), random],
                [c.name.to_string(), "builtin:random".into()],
                Side::P1,
            )
        } else {
            (
                [random, Seat::External(me)],
                ["builtin:random".into(), c.name.to_string()],
                Side::P2,
            )
        };
        let spec_g = GameSpec {
            tournament: String::new(),
            key,
            start,
            names,
            tc: [TimeControl::Movetime(o.movetime); 2],
        };
        let played = game::play(&spec_g, seats, &settings);
        let [e1, e2] = played.seats;
        engine = e1.or(e2);
        if let Some(e) = engine.as_mut() {
            c.stray.audit(e);
        }
        let Some(rec) = played.record else { break };
        let log = rec
            .log
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .unwrap_or_default();
        c.stray.audit_text(&log);
        report_game(
            c,
            &format!("game {} as {mine}", colour + 1),
            mine,
            &start,
            rec,
            &log,
        );
    }
    if let Some(e) = engine {
        e.quit(o.timeouts.grace_ms);
    }
    let _ = std::fs::remove_dir_all(&log_dir);
}

/// The line of one game: its result, or its fault with the hint (and the
/// engine's error line, from the game's traffic `log`).
fn report_game(
    c: &mut Checker,
    what: &str,
    mine: Side,
    start: &AnyPosition,
    rec: crate::game::GameRecord,
    log: &str,
) {
    let moves = plural(rec.moves.len(), "move");
    if rec.offender.is_some() {
        let errors = error_lines(log);
        let fix = if !errors.is_empty() {
            REFUSED_GO_HINT
        } else {
            hint(&match rec.reason {
                Reason::Startup => Fault::Startup(String::new()),
                Reason::Stall => Fault::Stall(String::new()),
                Reason::Timeout => Fault::Timeout {
                    overrun_ms: 0,
                    detail: String::new(),
                },
                Reason::Malformed => Fault::Malformed(String::new()),
                Reason::Illegal => Fault::Illegal(String::new()),
                Reason::Crash | Reason::Normal | Reason::MaxLength | Reason::Resign => {
                    Fault::Crash(String::new())
                }
            })
        };
        let note = format!(
            "{} after {moves}: {}{}",
            rec.reason,
            rec.detail.unwrap_or_default(),
            quote_errors(&errors)
        );
        c.r.fail(what, &note, fix);
        return;
    }
    let result = match rec.winner {
        Winner::Draw => "draw",
        Winner::Side(s) if s == mine => "won",
        Winner::Side(_) => "lost",
    };
    let mut p = *start;
    let mut max = 0;
    for (i, m) in rec.moves.iter().enumerate() {
        if Side::from(p.side_to_move()) == mine {
            max = max.max(rec.times_ms.get(i).copied().unwrap_or(0));
        }
        if p.play_text(m).is_err() {
            break;
        }
    }
    c.r.ok(
        what,
        &format!(
            "{result} {}-{} in {moves} (slowest move {max} ms)",
            rec.score1, rec.score2
        ),
    );
}

/// Reads lines until a `bestmove` or the deadline; the engine's error lines
/// read on the way are added to `errors`. Errors: the engine is gone.
fn read_bestmove(
    e: &mut Engine,
    deadline: Instant,
    errors: &mut Vec<String>,
) -> Result<Option<String>, Fault> {
    loop {
        match e.read_line(deadline)? {
            Some(l) if first_word(&l) == "bestmove" => return Ok(Some(l)),
            Some(l) if is_error_line(&l) => errors.push(l),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// Sends `isready <token>` and reads up to its `readyok`, counting the
/// `bestmove` lines that come first. `None`: no readyok in time.
fn bestmoves_before_readyok(
    e: &mut Engine,
    token: &str,
    ping_ms: u64,
) -> Result<Option<usize>, Fault> {
    e.send(&format!("isready {token}"))?;
    let deadline = Instant::now() + ms(ping_ms);
    let mut n = 0;
    loop {
        match e.read_line(deadline)? {
            Some(l) if first_word(&l) == "bestmove" => n += 1,
            Some(l) if first_word(&l) == "readyok" => return Ok(Some(n)),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// `go infinite` then `stop`, and `go movetime T`.
fn stop_and_time(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        return;
    };
    let o = c.o;
    let what = "go infinite + stop";
    if c.engine(what).is_none() {
        return;
    }
    let Some(mut e) = c.engine.take() else { return };
    let position = format!("position fen {}", start.fen());
    let res = infinite_then_stop(&mut c.r, &mut e, &start, &position, o.timeouts.ping_ms);
    c.engine = Some(e);
    match res {
        Ok(true) => {}
        Ok(false) => c.drop_engine(),
        Err(f) => {
            c.r.fail(what, &f.to_string(), hint(&f));
            c.drop_engine();
        }
    }

    // go movetime T within T + margin.
    let go = format!("go movetime {TIMED_MOVE_MS}");
    let Some(res) = c.go(&go, &position, &go, Some(TIMED_MOVE_MS), &o.timeouts) else {
        return;
    };
    match res {
        Ok(reply) => match judge_move(&start, &reply.mv) {
            Ok(()) => c.r.ok(
                &go,
                &format!(
                    "{} in {} ms (limit {} + margin {} ms)",
                    reply.mv, reply.elapsed_ms, TIMED_MOVE_MS, o.timeouts.margin_ms
                ),
            ),
            Err((why, fix)) => c.r.fail(&go, &why, fix),
        },
        Err(failed) => {
            c.r.fail(&go, &failed.note(), failed.hint());
            c.drop_engine();
        }
    }
}

/// The `go infinite` / `stop` exchange. `Ok(false)`: the engine is stuck
/// (reported).
fn infinite_then_stop(
    r: &mut Report,
    e: &mut Engine,
    start: &AnyPosition,
    position: &str,
    ping_ms: u64,
) -> Result<bool, Fault> {
    let what = "go infinite + stop";
    let _ = e.new_game();
    e.discard_output();
    e.send(position)?;
    e.send("go infinite")?;
    let sent = Instant::now();
    let mut errors = Vec::new();
    let (line, at_once) = match read_bestmove(e, sent + ms(200), &mut errors)? {
        Some(l) => (Some(l), true),
        None => {
            e.send("stop")?;
            let stopped = Instant::now();
            match read_bestmove(e, stopped + ms(STOP_DEADLINE_MS), &mut errors)? {
                Some(l) => {
                    r.ok(
                        what,
                        &format!("bestmove {} ms after stop", stopped.elapsed().as_millis()),
                    );
                    (Some(l), false)
                }
                None if !errors.is_empty() => {
                    r.warn(
                        what,
                        &format!("refused `go infinite`: '{}'", truncate(&errors[0])),
                        "allowed (a tournament never sends `go infinite`), but analysis tools \
                         use it: search until `stop`, then answer the bestmove",
                    );
                    (None, false)
                }
                None => {
                    r.fail(
                        what,
                        &format!("no bestmove within {STOP_DEADLINE_MS} ms of `stop`"),
                        "keep reading stdin while searching (a thread, or look for input \
                         every few thousand nodes) and answer `stop` with the bestmove at once",
                    );
                    return Ok(false);
                }
            }
        }
    };
    if at_once {
        r.warn(
            what,
            "answered `go infinite` at once, without waiting for `stop`",
            "allowed for a trivial engine (a tournament never sends `go infinite`); \
             a searching engine should search until `stop`",
        );
    }
    if let Some(line) = line {
        let mv = line.split_whitespace().nth(1).unwrap_or("");
        if let Err((why, fix)) = judge_move(start, mv) {
            r.fail("bestmove after stop", &why, fix);
        }
    }
    if at_once {
        // `stop` when nothing runs is ignored (protocol §stop).
        e.send("stop")?;
    }
    match bestmoves_before_readyok(e, "7042", ping_ms)? {
        None => {
            r.fail(
                "isready after stop",
                &format!("no readyok within {ping_ms} ms"),
                hint(&Fault::Stall(String::new())),
            );
            return Ok(false);
        }
        Some(0) => {}
        Some(n) => r.fail(
            "exactly one bestmove",
            &format!("{} bestmove lines for one `go`", n + 1),
            "send exactly one bestmove per `go`; `stop` when nothing runs is ignored",
        ),
    }
    Ok(true)
}

/// Malformed and unknown lines, one at a time, each followed by `isready`;
/// then a legal move must still come.
fn robustness(c: &mut Checker) {
    let o = c.o;
    let pos = if o.game.is_puzzle() {
        match tabula::problems::builtin(o.game).find("A") {
            Some((_, _, p)) => p,
            None => return,
        }
    } else {
        match c.start_position() {
            Some(p) => p,
            None => return,
        }
    };
    let good = format!("position fen {}", pos.fen());
    let long = format!("position fen {}", "x".repeat(70_000));
    let lines: Vec<(&str, String)> = vec![
        ("an unknown command", "hello world".into()),
        ("a bad position", "position fen garbage".into()),
        ("an empty position", "position".into()),
        ("a position of the wrong size", {
            let mut f = pos.fen();
            if let Some(i) = f.find('/') {
                f.truncate(i);
            }
            format!("position fen {f} w 0 0")
        }),
        ("an illegal move list", format!("{good} moves zz99 pass")),
        ("a bad go", format!("{good}\ngo movetime abc")),
        ("a go with a negative time", "go movetime -5".into()),
        ("an overlong line (70000 bytes)", long),
        (
            "control bytes",
            "\u{1}\u{7f}\u{1b}[2J ÿ€\u{fffd} \t\u{0}".into(),
        ),
        (
            "a setoption of an unknown option",
            "setoption name NoSuchOption value 1".into(),
        ),
    ];
    let what = "malformed input";
    let mut passed = true;
    for (i, (label, text)) in lines.iter().enumerate() {
        let Some(e) = c.engine(what) else { return };
        let res = text.split('\n').try_for_each(|l| e.send(l)).and_then(|_| {
            // A `go` answered (even with a move of a bad position) is not
            // judged here: read up to the readyok.
            bestmoves_before_readyok(e, &format!("80{i}"), o.timeouts.ping_ms)
        });
        let shown = visible(&text.chars().take(40).collect::<String>());
        match res {
            Ok(Some(_)) => {}
            Ok(None) => {
                c.r.fail(
                    what,
                    &format!(
                        "after {label} ('{shown}'), no readyok within {} ms",
                        o.timeouts.ping_ms
                    ),
                    ROBUST_HINT,
                );
                passed = false;
                c.drop_engine();
                break;
            }
            Err(f) => {
                c.r.fail(
                    what,
                    &format!("after {label} ('{shown}'): {f}"),
                    ROBUST_HINT,
                );
                passed = false;
                c.drop_engine();
                break;
            }
        }
    }
    if passed {
        c.r.ok(
            what,
            &format!("{} bad lines, still answering isready", lines.len()),
        );
    }
    if o.game.is_puzzle() {
        return;
    }
    let what = "move after malformed input";
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(1_000),
        ..o.timeouts
    };
    let go = format!("go movetime {TIMED_MOVE_MS}");
    let Some(res) = c.go(what, &good, &go, Some(TIMED_MOVE_MS), &t) else {
        return;
    };
    match res {
        Ok(reply) => match judge_move(&pos, &reply.mv) {
            Ok(()) => c.r.ok(what, &reply.mv),
            Err((why, fix)) => c.r.fail(what, &why, fix),
        },
        Err(failed) => {
            let fix = if failed.errors.is_empty() {
                ROBUST_HINT
            } else {
                REFUSED_GO_HINT
            };
            c.r.fail(what, &failed.note(), fix);
            c.drop_engine();
        }
    }
}

/// Seeded positions of the game reached by random playouts: `o.positions`
/// where the game goes on, some with a forced pass (knight, bishop), some
/// with an extra turn (dots); and, one in ten more, finished games (for
/// `perft` and `query`). Each with its tag: `"pass"`, `"extra"`, `"over"` or
/// `""`.
fn sample_positions(o: &CheckOptions) -> Vec<(AnyPosition, &'static str)> {
    let mut rng = tabula::random::rng(o.seed ^ 0x5eed_c4ec);
    let sizes: Vec<(usize, usize)> = match o.dots_size {
        Some(s) => vec![s],
        None => vec![(2, 2), (3, 3), (5, 6), (2, 4)],
    };
    let mut out: Vec<(AnyPosition, &'static str)> = Vec::new();
    let mut playable = 0;
    // Every board gives a position where the game goes on, except those
    // asked for a finished game.
    for i in 0.. {
        if playable == o.positions {
            break;
        }
        let s = o.seed.wrapping_add(1_000).wrapping_add(i as u64);
        let spec = match o.game {
            GameId::Dots => {
                let (r, k) = sizes[i % sizes.len()];
                format!("random dots {s} {r}x{k}")
            }
            g => format!("random {g} {s}"),
        };
        let Ok(mut p) = tabula::setup::parse_spec(&spec, Some(o.game)) else {
            continue;
        };
        let mut line: Vec<(AnyPosition, &'static str)> = Vec::new();
        let mut last_side: Option<Player> = None;
        loop {
            let moves = p.legal_moves();
            let tag = if moves.is_empty() {
                "over"
            } else if moves.len() == 1 && moves[0].to_string() == "pass" {
                "pass"
            } else if last_side == Some(p.side_to_move()) {
                "extra"
            } else {
                ""
            };
            line.push((p, tag));
            if moves.is_empty() {
                break;
            }
            last_side = Some(p.side_to_move());
            let mv = moves[rng.gen_range(0..moves.len())];
            if p.play(mv).is_err() {
                break;
            }
        }
        let want = match i % 5 {
            0 => "pass",
            1 => "extra",
            2 if i % 10 == 2 => "over",
            _ => "",
        };
        let tagged: Vec<usize> = (0..line.len()).filter(|&j| line[j].1 == want).collect();
        let j = if !want.is_empty() && !tagged.is_empty() {
            tagged[rng.gen_range(0..tagged.len())]
        } else {
            // Any position before the end.
            rng.gen_range(0..line.len().saturating_sub(1).max(1))
        };
        if line[j].1 != "over" {
            playable += 1;
        }
        out.push(line[j]);
    }
    out
}

/// Legal moves on many positions; `perft` and `query` when implemented.
fn conformance(c: &mut Checker) {
    let o = c.o;
    let positions = sample_positions(o);
    let count = |t: &str| positions.iter().filter(|p| p.1 == t).count();
    let playable: Vec<&(AnyPosition, &str)> = positions.iter().filter(|p| p.1 != "over").collect();
    let what = "legal moves";
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(2_000),
        ..o.timeouts
    };
    // Each wrong answer, with the hint for it.
    let mut bad: Vec<(String, &str)> = Vec::new();
    let mut faults = 0;
    let go = format!("go movetime {CONFORMANCE_MOVE_MS}");
    for (pos, tag) in &playable {
        if faults == 3 {
            break;
        }
        let position = format!("position fen {}", pos.fen());
        let Some(res) = c.go(what, &position, &go, Some(CONFORMANCE_MOVE_MS), &t) else {
            return;
        };
        match res {
            Ok(reply) => {
                if let Err((why, fix)) = judge_move(pos, &reply.mv) {
                    let kind = if tag.is_empty() {
                        String::new()
                    } else {
                        format!(" [{tag}]")
                    };
                    bad.push((format!("{position}{kind} → {why}"), fix));
                }
            }
            Err(failed) => {
                bad.push((format!("{position} → {}", failed.note()), failed.hint()));
                faults += 1;
                c.drop_engine();
            }
        }
    }
    if bad.is_empty() {
        c.r.ok(
            what,
            &format!(
                "{} ({}, {})",
                plural(playable.len(), "position"),
                plural(count("pass"), "forced pass"),
                plural(count("extra"), "extra turn")
            ),
        );
    } else {
        c.r.fail(
            what,
            &format!(
                "{} of {} positions{}; the first: {}",
                bad.len(),
                playable.len(),
                if faults == 3 {
                    " (the rest not tried after 3 faults)"
                } else {
                    ""
                },
                bad[0].0
            ),
            bad[0].1,
        );
    }
    perft_layer(c, &positions);
    query_layer(c, &positions);
}

/// Sends `cmd` and waits for a line whose first word is `want`. `Ok(None)`:
/// not implemented (an error line first, or nothing before `wait_ms`).
fn probe(e: &mut Engine, cmd: &str, want: &str, wait_ms: u64) -> Result<Option<String>, Fault> {
    e.discard_output();
    e.send(cmd)?;
    let deadline = Instant::now() + ms(wait_ms);
    loop {
        match e.read_line(deadline)? {
            Some(l) if first_word(&l) == want => return Ok(Some(l)),
            Some(l) if is_error_line(&l) || first_word(&l) == "unknown" => return Ok(None),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// How an engine answered `perft <d>`.
enum PerftAnswer {
    /// The `perft <d> <n>` line's count (`None`: not a number).
    Count(Option<u64>),
    /// An error line instead.
    Refused(String),
    /// Nothing within [`PERFT_MS`]: too slow to check (not wrong).
    Slow,
}

/// Waits for the `perft <d> <n>` line.
fn perft_count(e: &mut Engine, pos: &AnyPosition, d: u32) -> Result<PerftAnswer, Fault> {
    e.discard_output();
    e.send(&format!("position fen {}", pos.fen()))?;
    e.send(&format!("perft {d}"))?;
    let deadline = Instant::now() + ms(PERFT_MS);
    loop {
        match e.read_line(deadline)? {
            Some(l) => {
                let w: Vec<&str> = l.split_whitespace().collect();
                if w.len() == 3 && w[0] == "perft" && w[1] == d.to_string() {
                    return Ok(PerftAnswer::Count(w[2].parse().ok()));
                }
                if is_error_line(&l) {
                    return Ok(PerftAnswer::Refused(l));
                }
            }
            None => return Ok(PerftAnswer::Slow),
        }
    }
}

fn perft_layer(c: &mut Checker, positions: &[(AnyPosition, &'static str)]) {
    let what = "perft";
    let Some(first) = positions.iter().find(|p| p.1 != "over") else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e
        .send(&format!("position fen {}", first.0.fen()))
        .and_then(|_| probe(e, "perft 1", "perft", PROBE_MS));
    match implemented {
        Ok(Some(_)) => {}
        Ok(None) => {
            c.r.skip(what, "not implemented (optional for students)");
            return;
        }
        Err(f) => {
            c.r.fail(what, &format!("`perft 1`: {f}"), ROBUST_HINT);
            c.drop_engine();
            return;
        }
    }
    let mut checked = 0;
    for (pos, _) in positions.iter().take(12) {
        for d in 1..=3u32 {
            let want = pos.perft(d);
            if d > 1 && want > 300_000 {
                break;
            }
            let Some(e) = c.engine(what) else { return };
            let asked = format!("position fen {} / perft {d}", pos.fen());
            let got = match perft_count(e, pos, d) {
                Ok(PerftAnswer::Count(Some(n))) if n == want => {
                    checked += 1;
                    continue;
                }
                Ok(PerftAnswer::Count(got)) => got
                    .map_or("a count that is not a number".to_string(), |n| {
                        n.to_string()
                    }),
                Ok(PerftAnswer::Refused(l)) => format!("refused: '{}'", truncate(&l)),
                Ok(PerftAnswer::Slow) => {
                    c.r.warn(
                        what,
                        &format!(
                            "{asked}: no answer within {PERFT_MS} ms, too slow to check \
                             ({checked} counts right before it)"
                        ),
                        "optional for students; a perft only generates and plays moves (no \
                         search, no evaluation), and answers `stop` at once",
                    );
                    c.drop_engine();
                    return;
                }
                Err(f) => {
                    c.r.fail(what, &f.to_string(), hint(&f));
                    c.drop_engine();
                    return;
                }
            };
            c.r.fail(
                what,
                &format!("{asked}: {got}, expected {want}"),
                "perft counts the leaves at that depth; a finished game counts as one \
                 leaf and a forced pass is a ply (protocol §perft)",
            );
            return;
        }
    }
    c.r.ok(
        what,
        &format!("{checked} counts equal to the rules library's"),
    );
}

fn query_layer(c: &mut Checker, positions: &[(AnyPosition, &'static str)]) {
    let what = "query";
    let Some(first) = positions.first() else {
        return;
    };
    let Some(e) = c.engine(what) else { return };
    let implemented = e
        .send(&format!("position fen {}", first.0.fen()))
        .and_then(|_| probe(e, "query gameover", "response", PROBE_MS));
    match implemented {
        Ok(Some(_)) => {}
        Ok(None) => {
            c.r.skip(what, "not implemented (optional for students)");
            return;
        }
        Err(f) => {
            c.r.fail(what, &format!("`query gameover`: {f}"), ROBUST_HINT);
            c.drop_engine();
            return;
        }
    }
    let mut checked = 0;
    for (pos, _) in positions {
        let expected = [
            ("gameover", pos.is_over().to_string()),
            ("p1turn", (pos.side_to_move() == Player::One).to_string()),
            (
                "result",
                pos.outcome().map_or("none".to_string(), |r| r.to_string()),
            ),
        ];
        let Some(e) = c.engine(what) else { return };
        if let Err(f) = e.send(&format!("position fen {}", pos.fen())) {
            c.r.fail(what, &f.to_string(), hint(&f));
            c.drop_engine();
            return;
        }
        for (q, want) in expected {
            let Some(e) = c.engine(what) else { return };
            match probe(e, &format!("query {q}"), "response", PROBE_MS) {
                Ok(Some(l)) if l.split_whitespace().nth(1) == Some(want.as_str()) => checked += 1,
                Ok(got) => {
                    c.r.fail(
                        what,
                        &format!(
                            "position fen {} / query {q}: '{}', expected 'response {want}'",
                            pos.fen(),
                            got.unwrap_or_else(|| "no response".into())
                        ),
                        "gameover: no legal move for either player; p1turn: player 1 (white, \
                         side 1) to move; result: p1win/p2win/draw on the final score, none \
                         while the game goes on",
                    );
                    return;
                }
                Err(f) => {
                    c.r.fail(what, &f.to_string(), hint(&f));
                    c.drop_engine();
                    return;
                }
            }
        }
    }
    let over = match positions.iter().filter(|p| p.1 == "over").count() {
        0 => String::new(),
        n => format!(" including {}", plural(n, "finished game")),
    };
    c.r.ok(
        what,
        &format!(
            "{checked} answers equal to the rules library's ({}{over})",
            plural(positions.len(), "position")
        ),
    );
}

/// How an engine answered `solve`.
enum Solved {
    /// The final line (`solution …` / `nosolution …`).
    Final(String),
    /// An error line: `solve` refused.
    Refused(String),
    /// Nothing, even after `stop`.
    Silent,
    /// Not a line within the quiet time, then a final line on the `stop`
    /// sent early: it solves, but did not get its time.
    StoppedEarly,
}

/// Waits for the engine's final `solve` line; `stop` after `deadline_ms`,
/// or after `quiet_ms` if not a single line came by then.
fn solve_line(e: &mut Engine, deadline_ms: u64, quiet_ms: Option<u64>) -> Result<Solved, Fault> {
    let start = Instant::now();
    let deadline = start + ms(deadline_ms);
    let is_final = |l: &str| matches!(first_word(l), "solution" | "nosolution");
    let mut quiet = quiet_ms.map(|q| start + ms(q)).filter(|q| *q < deadline);
    loop {
        match e.read_line(quiet.unwrap_or(deadline))? {
            Some(l) if is_final(&l) => return Ok(Solved::Final(l)),
            Some(l) if is_error_line(&l) => return Ok(Solved::Refused(l)),
            Some(_) => quiet = None,
            None => break,
        }
    }
    e.send("stop")?;
    let deadline = Instant::now() + ms(STOP_DEADLINE_MS);
    loop {
        match e.read_line(deadline)? {
            Some(l) if is_final(&l) && quiet.is_some() => return Ok(Solved::StoppedEarly),
            Some(l) if is_final(&l) => return Ok(Solved::Final(l)),
            Some(_) => {}
            None => return Ok(Solved::Silent),
        }
    }
}

/// `solve` on the course problems A–D of `puzzle`, compared with the
/// reference solver. `required`: not answering is a FAIL, not a skip.
fn solve_layer(c: &mut Checker, puzzle: GameId, required: bool) {
    let o = c.o;
    let set = tabula::problems::builtin(puzzle);
    for (n, key) in PROBLEMS.iter().enumerate() {
        let Some((name, target, mut pos)) = set.find(key) else {
            continue;
        };
        pos.set_target(Some(target));
        let what = format!("solve {puzzle} {name}");
        // The first problem decides whether the engine solves at all: an
        // error line says no; so does silence, unless `stop` gets an answer
        // (then the problem is asked again, with its whole time).
        let mut quiet = (n == 0 && !required).then_some(PROBE_MS);
        let res = loop {
            let Some(e) = c.engine(&what) else { return };
            e.discard_output();
            let res = e
                .send(&format!("position fen {}", pos.fen()))
                .and_then(|_| e.send("solve"))
                .and_then(|_| solve_line(e, o.solve_ms, quiet));
            match res {
                Ok(Solved::StoppedEarly) => quiet = None,
                other => break other,
            }
        };
        let optional = format!("(optional for students; `--game {puzzle}` requires it)");
        let line = match res {
            Ok(Solved::Final(l)) => l,
            Ok(Solved::Refused(l)) if n == 0 && !required => {
                c.r.skip(
                    &format!("solve ({puzzle})"),
                    &format!("`solve` refused: '{}' {optional}", truncate(&l)),
                );
                c.drop_engine();
                return;
            }
            Ok(Solved::Silent) if n == 0 && !required => {
                c.r.skip(
                    &format!("solve ({puzzle})"),
                    &format!("no answer to `solve`, nor to `stop` {optional}"),
                );
                // Whatever it is doing, start afresh.
                c.drop_engine();
                return;
            }
            Ok(Solved::Refused(l)) => {
                c.r.fail(
                    &what,
                    &format!("`position fen` + `solve` refused: '{}'", truncate(&l)),
                    "answer `solve` on a `position fen <puzzle FEN>` with `solution … moves …` \
                     or `nosolution …` (protocol §9)",
                );
                c.drop_engine();
                return;
            }
            Ok(Solved::Silent | Solved::StoppedEarly) => {
                c.r.fail(
                    &what,
                    &format!(
                        "no `solution`/`nosolution` line within {} ms, nor {STOP_DEADLINE_MS} ms after `stop`",
                        o.solve_ms
                    ),
                    "answer `solve` with exactly one final line; on `stop` give \
                     `nosolution reason limit …` at once",
                );
                c.drop_engine();
                return;
            }
            Err(f) => {
                c.r.fail(&what, &f.to_string(), hint(&f));
                c.drop_engine();
                return;
            }
        };
        judge_solution(c, &what, &pos, target, &line);
    }
}

/// The reference's optimal depth (`None`: unknown within its time, `Some(None)`: proven unsolvable).
fn reference_depth(pos: &AnyPosition, budget_ms: u64) -> Option<Option<usize>> {
    let opts = SolveOptions {
        movetime: Some(budget_ms),
        ..SolveOptions::default()
    };
    match tabula::puzzle::solve(pos, &opts, &AtomicBool::new(false), &mut |_| {}) {
        Ok(SolveOutcome::Solution { moves, .. }) => Some(Some(moves.len())),
        Ok(SolveOutcome::NoSolution { reason, .. }) if reason == "exhausted" => Some(None),
        _ => None,
    }
}

fn judge_solution(c: &mut Checker, what: &str, start: &AnyPosition, target: u32, line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let reference = reference_depth(start, c.o.solve_ms.max(5_000) * 2);
    if words[0] == "nosolution" {
        let reason = words
            .iter()
            .position(|w| *w == "reason")
            .and_then(|i| words.get(i + 1))
            .copied()
            .unwrap_or("?");
        match (reason, reference) {
            ("exhausted", Some(Some(d))) => c.r.fail(
                what,
                &format!(
                    "claims no solution exists (`{line}`), but one of {} does",
                    plural(d, "move")
                ),
                "`reason exhausted` is a proof: only after the whole space was searched",
            ),
            (_, Some(None)) => c.r.ok(what, "no solution, as the reference proves"),
            _ => c.r.warn(
                what,
                &format!(
                    "no solution within {} ms (`{}`)",
                    c.o.solve_ms,
                    truncate(line)
                ),
                "a faster solver or a better heuristic would find it",
            ),
        }
        return;
    }
    let Some(at) = words.iter().position(|w| *w == "moves") else {
        c.r.fail(
            what,
            &format!("no `moves` in '{}'", truncate(line)),
            "the final line ends with `moves <m1> … <mL>`",
        );
        return;
    };
    let moves = &words[at + 1..];
    let mut p = *start;
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = p.play_text(m) {
            c.r.fail(
                what,
                &format!("move {} of the solution, '{m}': {e}", i + 1),
                RULES_HINT,
            );
            return;
        }
    }
    let score = p.scores()[0];
    if score < target {
        c.r.fail(
            what,
            &format!(
                "the {} reach {score}, short of the target {target}",
                plural(moves.len(), "move")
            ),
            "a solution must reach at least the target",
        );
        return;
    }
    let claimed = words
        .iter()
        .position(|w| *w == "depth")
        .and_then(|i| words.get(i + 1))
        .and_then(|w| w.parse::<usize>().ok());
    if claimed.is_some_and(|d| d != moves.len()) {
        c.r.warn(
            what,
            &format!(
                "`depth {}` but {}",
                claimed.unwrap_or(0),
                plural(moves.len(), "move")
            ),
            "depth L is the number of moves of the solution",
        );
    }
    match reference {
        Some(Some(best)) if moves.len() > best => c.r.warn(
            what,
            &format!(
                "{} to {score}, the optimum is {best}",
                plural(moves.len(), "move")
            ),
            "an admissible heuristic with A* (or IDA*) finds the fewest moves",
        ),
        Some(Some(best)) => c.r.ok(
            what,
            &format!(
                "{} to {score} (optimal: {best})",
                plural(moves.len(), "move")
            ),
        ),
        _ => c.r.ok(
            what,
            &format!(
                "{} to {score} (optimum unknown)",
                plural(moves.len(), "move")
            ),
        ),
    }
}

/// `text` with each control character (a byte a terminal would act on)
/// written `\xNN`.
fn visible(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\x{:02x}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn truncate(line: &str) -> String {
    if line.chars().count() <= 120 {
        line.to_string()
    } else {
        format!("{}…", line.chars().take(120).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_as_hex() {
        assert_eq!(
            visible("\u{1}\u{7f}\u{1b}[2J ÿ€\t\u{0}"),
            "\\x01\\x7f\\x1b[2J ÿ€\\x09\\x00"
        );
    }

    #[test]
    fn protocol_replies_and_stray_lines() {
        for line in [
            "id name x",
            "readyok 7",
            "info string DEBUG is fine here",
            "bestmove h1.2",
            "a3 12",
            "h1.2 5",
            "pass 1",
            "nosolution reason limit",
        ] {
            assert!(is_protocol_reply(line), "{line}");
        }
        for line in ["DEBUG my moves", "", "12 3", "a3", "Bestmove a3", "board:"] {
            assert!(!is_protocol_reply(line), "{line}");
        }
    }

    #[test]
    fn traffic_log_lines_are_read_back() {
        let t = Instant::now();
        let mut log = crate::client::Traffic::new(t);
        log.push(t, '>', "position fen x");
        log.push(t, '<', "info string error go: no position");
        log.push(t, '<', "");
        log.push(t, '!', "info string error on stderr");
        let text = format!("game r0 knight\np1: a b\n{}", log.text());
        let entries: Vec<(char, &str)> = text.lines().filter_map(log_entry).collect();
        assert_eq!(
            entries,
            [
                ('>', "position fen x"),
                ('<', "info string error go: no position"),
                ('<', ""),
                ('!', "info string error on stderr")
            ]
        );
        assert_eq!(error_lines(&text), ["info string error go: no position"]);
        let mut stray = Stray::default();
        stray.audit_text(&text);
        assert_eq!((stray.seen, stray.count), (2, 1));
        assert_eq!(stray.first, Some((String::new(), "position fen x".into())));
    }
}
