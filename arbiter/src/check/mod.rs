//! `arbiter check <ENGINE>`: a student's self-test of an engine before a
//! tournament, in layers. For a two-player game (`knight`, `bishop`, `dots`):
//!
//! 1. the program is found; the handshake (`ugi` → `ugiok`), with a probe that
//!    tells an engine that never flushes its output from one that is silent;
//! 2. `isready` and `isready <token>` (the token echoed);
//! 3. one move on a seeded board within the move time (a FAIL if the engine
//!    sent an `info string error` line while playing it, a warn if it answered
//!    far under its time at depth 2 or less); `quit`;
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

//!
//! One file per layer: `startup.rs` (1), `isready.rs` (2), `first_move.rs`
//! (3), `games.rs` (4), `timed.rs` (5), `malformed.rs` (6),
//! `conformance.rs` (7), `solve.rs` (8) and `stdout.rs` (9); `common.rs`
//! holds what they share (the hints, the judging of a `bestmove`, the
//! reading of a traffic log). This file holds the options, the report, the
//! `Checker` the layers work on, their order and the summary.

pub(crate) mod command;
mod common;
mod conformance;
mod first_move;
mod games;
mod isready;
mod malformed;
mod solve;
mod startup;
mod stdout;
mod timed;

use crate::engines::client::{Engine, Fault, Timeouts};
use crate::engines::config::ExternalSpec;
use crate::i18n::{english, words, Words};
use crate::out::plural;
use crate::signals;
use common::{error_lines, fault_words, hint, quote_errors};
use stdout::Stray;
use tabula::games::{AnyPosition, GameId, GameSetup};
use tabula::protocol::command::Command;

/// What to check and how.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    /// The game and its parameters.
    pub setup: GameSetup,
    /// Sample the parameters' other values in the conformance layer (none
    /// was given: the Dots sizes).
    pub sample_params: bool,
    pub seed: u64,
    /// The time of every move the check asks for (the first move, the
    /// games, `go movetime`, the malformed input's move, the conformance
    /// positions): a season's own move time, with its margin in
    /// `timeouts`.
    pub movetime: u64,
    pub timeouts: Timeouts,
    /// Positions of the rule-conformance layer.
    pub positions: usize,
    /// Time the engine gets for each course problem (ms); `stop` after it.
    pub solve_ms: u64,
    /// Where the traffic logs of the two games go: `<log_dir>/<engine's
    /// name>/`, emptied when the check starts and kept only when a game
    /// failed (`grade`: `season/check/logs/`). `None`: a private folder of
    /// the temporary folder, removed unless a game failed (then named in
    /// the game's line).
    pub log_dir: Option<std::path::PathBuf>,
}

impl CheckOptions {
    /// The game checked.
    pub fn game(&self) -> GameId {
        self.setup.game()
    }
}

/// Wait after `stop` for the `bestmove` (or the `solve` line).
const STOP_DEADLINE_MS: u64 = 2_000;

/// Wait for the first answer of an optional command (`perft`, `query`, `solve`).
const PROBE_MS: u64 = 1_500;

/// Problems of the solve layer.
const PROBLEMS: [&str; 4] = ["A", "B", "C", "D"];

/// Wait for the `perft <d> <n>` line of one count.
const PERFT_MS: u64 = 5_000;

/// Whether a fault is a hang: no `bestmove`, even after `stop`.
fn is_hang(f: &Fault) -> bool {
    matches!(f, Fault::Timeout { detail, .. } if hang_detail(detail))
}

/// Whether a timeout's detail (as a fault has it, or a record with the
/// overrun after it) says the engine hung.
fn hang_detail(detail: &str) -> bool {
    detail.starts_with(crate::engines::client::NO_BESTMOVE_AFTER_STOP)
}

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

/// A finding's tag, as the check prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Tag {
    Ok,
    Warn,
    Fail,
    Skip,
}

impl Tag {
    /// `ok`, `warn`, `FAIL`, `skip`.
    pub(crate) fn as_str(&self) -> &'static str {
        match self {
            Tag::Ok => "ok",
            Tag::Warn => "warn",
            Tag::Fail => "FAIL",
            Tag::Skip => "skip",
        }
    }
}

/// One finding of a check: its words (English in the terminal, the
/// student's language on a page).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Finding {
    pub(crate) tag: Tag,
    /// What was checked (`one move on a seeded board`).
    pub(crate) what: Words,
    /// What happened (the engine's own line quoted).
    pub(crate) note: Words,
    /// What would fix it (nothing for `ok`).
    pub(crate) fix: Words,
    /// The position it happened in (its FEN), for a page to draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) board: Option<String>,
    /// The traffic log of the game it happened in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) log: Option<String>,
}

impl Finding {
    fn new(tag: Tag, what: Words, note: Words, fix: Words) -> Finding {
        Finding {
            tag,
            what,
            note,
            fix,
            board: None,
            log: None,
        }
    }

    /// What was checked, in English (the teacher's files).
    pub(crate) fn what_text(&self) -> String {
        english().plain(&self.what)
    }
}

/// What a check found, and its text as printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Checked {
    pub(crate) findings: Vec<Finding>,
    /// Every line of the check, as `arbiter check` prints them.
    pub(crate) text: String,
    /// The engine answered its handshake (`ugi` → `ugiok`).
    pub(crate) handshake: bool,
    /// Legal moves its own program chose, over every layer (not a move its
    /// adapter answered for it): a season admits an engine with one.
    pub(crate) own_legal: u32,
}

#[derive(Default)]
struct Report {
    ok: usize,
    warns: usize,
    failures: usize,
    skips: usize,
    /// Not printed: only kept (`arbiter grade`).
    quiet: bool,
    checked: Checked,
}

fn with_note(what: &str, note: &str) -> String {
    if note.is_empty() {
        what.to_string()
    } else {
        format!("{what}: {note}")
    }
}

impl Report {
    /// Prints (unless quiet) and keeps one line.
    fn say(&mut self, line: &str) {
        if !self.quiet {
            crate::outln!("{line}");
        }
        self.checked.text.push_str(line);
        self.checked.text.push('\n');
    }

    /// Prints one finding (in English) and its hint, and keeps it; false
    /// (nothing printed) once the user pressed Ctrl-C: what goes wrong
    /// after it is not the engine's doing.
    fn add(&mut self, f: Finding) -> bool {
        if signals::interrupted() {
            return false;
        }
        let en = english();
        let mut line = with_note(&en.plain(&f.what), &en.plain(&f.note));
        if let Some(log) = &f.log {
            line.push_str(&format!("; traffic log: {log}"));
        }
        self.say(&format!("  {:<5} {line}", f.tag.as_str()));
        let fix = en.plain(&f.fix);
        if !fix.is_empty() {
            self.say(&format!("        → {fix}"));
        }
        match f.tag {
            Tag::Ok => self.ok += 1,
            Tag::Warn => self.warns += 1,
            Tag::Fail => self.failures += 1,
            Tag::Skip => self.skips += 1,
        }
        self.checked.findings.push(f);
        true
    }
    fn ok(&mut self, what: Words, note: Words) {
        self.add(Finding::new(Tag::Ok, what, note, Words::none()));
    }
    fn warn(&mut self, what: Words, note: Words, fix: Words) {
        self.add(Finding::new(Tag::Warn, what, note, fix));
    }
    fn fail(&mut self, what: Words, note: Words, fix: Words) {
        self.add(Finding::new(Tag::Fail, what, note, fix));
    }
    fn skip(&mut self, what: Words, note: Words) {
        self.add(Finding::new(Tag::Skip, what, note, Words::none()));
    }
    /// A FAIL in a position (drawn on a page) and a game whose traffic
    /// log was kept.
    fn fail_at(
        &mut self,
        what: Words,
        note: Words,
        fix: Words,
        board: Option<String>,
        log: Option<String>,
    ) {
        let mut f = Finding::new(Tag::Fail, what, note, fix);
        f.board = board;
        f.log = log;
        self.add(f);
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
    fn note(&self) -> Words {
        words!(
            "check-go-failed",
            fault = fault_words(&self.fault),
            said = quote_errors(&self.errors)
        )
    }

    /// The hint: about the refusal when the engine said why, else about the fault.
    fn hint(&self) -> Words {
        if self.errors.is_empty() {
            hint(&self.fault)
        } else {
            Words::from_id("hint-refused-go")
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
    /// The program hung (no `bestmove`, even after `stop`): told once, and
    /// the layers that ask for moves after it skip.
    hung: bool,
}

impl Checker<'_> {
    /// Judges a reply to a `go` on `pos` ([`common::judge_move`]), and
    /// counts it when it is a legal move of the program's own.
    fn judged(
        &mut self,
        pos: &AnyPosition,
        reply: &crate::engines::client::Reply,
    ) -> Result<(), (Words, Words)> {
        let judged = common::judge_move(pos, &reply.mv);
        if judged.is_ok() && reply.fallback.is_none() {
            self.r.checked.own_legal += 1;
        }
        judged
    }
}

impl Checker<'_> {
    /// The running engine, started again if a layer lost it.
    fn engine(&mut self, what: &Words) -> Option<&mut Engine> {
        if self.engine.is_none() {
            match Engine::start(self.spec, &self.o.timeouts) {
                Ok(e) => self.engine = Some(e),
                Err(f) => {
                    let (_, note, fix) = startup::startup_failure(self.spec, &self.o.timeouts, &f);
                    self.r.fail(
                        what.clone(),
                        words!("check-restart-failed", note = note),
                        fix,
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
        what: &Words,
        position: &Command,
        go: &Command,
        budget_ms: Option<u64>,
        t: &Timeouts,
    ) -> Option<Result<crate::engines::client::Reply, GoFailed>> {
        if self.skip_after_hang(what) {
            return None;
        }
        self.engine(what)?;
        let e = self.engine.as_mut()?;
        self.stray.audit(e);
        let res = e
            .think(&position.to_string(), &go.to_string(), budget_ms, t)
            .map_err(|fault| GoFailed {
                fault,
                errors: error_lines(&e.log.text()),
            });
        if let Err(failed) = &res {
            // (An engine that said why it gives no move did not hang.)
            if is_hang(&failed.fault) && failed.errors.is_empty() {
                let position = position.to_string();
                let note = words!(
                    "check-at",
                    what = failed.note(),
                    at = stdout::describe_position(&position)
                );
                self.told_hang(what, note, stdout::fen_of(&position), None);
                self.drop_engine();
                return None;
            }
        }
        Some(res)
    }

    /// After a hang: a skip line for `what`, and true.
    fn skip_after_hang(&mut self, what: &Words) -> bool {
        if self.hung {
            self.r.skip(what.clone(), words!("check-hung-earlier"));
        }
        self.hung
    }

    /// The one FAIL of a hang, in the position `board` (of a game whose
    /// traffic `log` was kept).
    fn told_hang(&mut self, what: &Words, note: Words, board: Option<String>, log: Option<String>) {
        self.hung = true;
        self.r.fail_at(
            words!("what-hung", what = what.clone()),
            note,
            Words::from_id("hint-hang"),
            board,
            log,
        );
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
        let boards = crate::run::boards::Boards::Seeded {
            seed: self.o.seed,
            setup: self.o.setup,
        };
        match boards.board(0) {
            Ok(p) => Some(p),
            Err(e) => {
                self.r.fail(
                    Words::from_id("what-board"),
                    words!("check-detail", detail = format!("{e:#}")),
                    Words::none(),
                );
                None
            }
        }
    }
}

/// In the sandbox: what the engine said was refused (its stderr lines
/// about permissions, missing files, the network, processes or memory).
fn sandbox_layer(c: &mut Checker) {
    if c.spec.confine.is_none() {
        return;
    }
    let refused = &c.stray.refused;
    let what = Words::from_id("what-sandbox");
    if refused.is_empty() {
        c.r.ok(what, words!("check-sandbox-ok"));
    } else {
        let lines: Vec<String> = refused.iter().map(|l| format!("'{l}'")).collect();
        c.r.warn(
            what,
            words!("check-sandbox-refused", lines = lines.join("; ")),
            Words::from_id("hint-sandbox"),
        );
    }
}

/// The layers after the start-up, in order.
type Layer = fn(&mut Checker);

/// Runs the checks, printing each finding.
pub fn run(spec: &ExternalSpec, name: &str, o: &CheckOptions) -> Verdict {
    run_kept(spec, name, o, false).0
}

/// Runs the checks; `quiet`: print nothing, only keep the findings and the
/// text (`arbiter grade`).
pub(crate) fn run_kept(
    spec: &ExternalSpec,
    name: &str,
    o: &CheckOptions,
    quiet: bool,
) -> (Verdict, Checked) {
    let mut c = Checker {
        spec,
        name,
        o,
        r: Report {
            quiet,
            ..Report::default()
        },
        engine: None,
        stray: Stray::default(),
        hung: false,
    };
    c.r.say(&format!("checking {name} for the {} game", o.game()));
    let layers: &[Layer] = if o.game().is_puzzle() {
        &[malformed::robustness, |c| {
            solve::solve_layer(c, c.o.game(), true)
        }]
    } else {
        &[
            first_move::first_move_and_quit,
            games::games,
            timed::stop_and_time,
            malformed::robustness,
            conformance::conformance,
            |c| solve::solve_layer(c, c.o.game().sibling(), false),
        ]
    };
    if startup::startup(&mut c) {
        for layer in layers {
            if signals::interrupted() {
                break;
            }
            layer(&mut c);
        }
        c.quit_engine();
        stdout::stdout_layer(&mut c);
        stdout::own_moves_layer(&mut c);
        sandbox_layer(&mut c);
    }
    let mut r = c.r;
    let summary = format!(
        "summary: {} ok, {} warn, {} FAIL, {} skip",
        r.ok, r.warns, r.failures, r.skips
    );
    r.say(&summary);
    let verdict = if signals::interrupted() {
        r.say("interrupted: the check stopped before the end (run it again for a verdict)");
        Verdict::Interrupted
    } else if r.failures == 0 {
        if o.game().is_puzzle() {
            r.say(&format!(
                "all checks passed: the engine solves the {} problems",
                o.game()
            ));
        } else {
            r.say("all checks passed: the engine is ready for a tournament");
        }
        Verdict::Passed
    } else {
        r.say(&format!("{} failed", plural(r.failures, "check")));
        Verdict::Failed(r.failures)
    };
    (verdict, r.checked)
}
