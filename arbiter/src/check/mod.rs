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
use crate::out::plural;
use crate::signals;
use common::{error_lines, hint, quote_errors, REFUSED_GO_HINT};
use stdout::Stray;
use tabula::game::{AnyPosition, GameId, GameSetup};
use tabula::protocol::command::Command;

/// What to check and how.
pub struct CheckOptions {
    /// The game and its parameters.
    pub setup: GameSetup,
    /// Sample the parameters' other values in the conformance layer (none
    /// was given: the Dots sizes).
    pub sample_params: bool,
    pub seed: u64,
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

/// What to do about a program that never answers, even after `stop`.
const HANG_HINT: &str = "no `bestmove`, even after `stop`: an endless loop in this position, \
     or a search that never looks at the clock (a depth it cannot finish); check the time every \
     few thousand nodes and answer with the best move so far; the moves the later layers ask \
     for are skipped";

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// One finding of a check.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Finding {
    pub(crate) tag: Tag,
    /// What was checked (`one move on a seeded board`).
    pub(crate) what: String,
    /// What happened (the engine's own line quoted).
    pub(crate) note: String,
    /// What would fix it (empty for `ok`).
    pub(crate) fix: String,
}

/// What a check found, and its text as printed.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Checked {
    pub(crate) findings: Vec<Finding>,
    /// Every line of the check, as `arbiter check` prints them.
    pub(crate) text: String,
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

    /// Prints one finding and its hint; false (nothing printed) once the
    /// user pressed Ctrl-C: what goes wrong after it is not the engine's doing.
    fn print(&mut self, tag: Tag, what: &str, note: &str, fix: &str) -> bool {
        if signals::interrupted() {
            return false;
        }
        self.say(&format!("  {:<5} {}", tag.as_str(), with_note(what, note)));
        if !fix.is_empty() {
            self.say(&format!("        → {fix}"));
        }
        self.checked.findings.push(Finding {
            tag,
            what: what.to_string(),
            note: note.to_string(),
            fix: fix.to_string(),
        });
        true
    }
    fn ok(&mut self, what: &str, note: &str) {
        if self.print(Tag::Ok, what, note, "") {
            self.ok += 1;
        }
    }
    fn warn(&mut self, what: &str, note: &str, fix: &str) {
        if self.print(Tag::Warn, what, note, fix) {
            self.warns += 1;
        }
    }
    fn fail(&mut self, what: &str, note: &str, fix: &str) {
        if self.print(Tag::Fail, what, note, fix) {
            self.failures += 1;
        }
    }
    fn skip(&mut self, what: &str, note: &str) {
        if self.print(Tag::Skip, what, note, "") {
            self.skips += 1;
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
    /// The program hung (no `bestmove`, even after `stop`): told once, and
    /// the layers that ask for moves after it skip.
    hung: bool,
}

impl Checker<'_> {
    /// The running engine, started again if a layer lost it.
    fn engine(&mut self, what: &str) -> Option<&mut Engine> {
        if self.engine.is_none() {
            match Engine::start(self.spec, &self.o.timeouts) {
                Ok(e) => self.engine = Some(e),
                Err(f) => {
                    let (_, note, fix) = startup::startup_failure(self.spec, &self.o.timeouts, &f);
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
                let at = stdout::describe_position(&position.to_string());
                self.told_hang(what, &format!("{} at {at}", failed.note()));
                self.drop_engine();
                return None;
            }
        }
        Some(res)
    }

    /// After a hang: a skip line for `what`, and true.
    fn skip_after_hang(&mut self, what: &str) -> bool {
        if self.hung {
            self.r.skip(what, "the program hung earlier (above)");
        }
        self.hung
    }

    /// The one FAIL of a hang.
    fn told_hang(&mut self, what: &str, note: &str) {
        self.hung = true;
        self.r
            .fail(&format!("{what}: the program hung"), note, HANG_HINT);
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
                self.r.fail("board", &format!("{e:#}"), "");
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
    if refused.is_empty() {
        c.r.ok(
            "sandbox",
            "nothing refused, as far as the engine's stderr tells",
        );
    } else {
        let lines: Vec<String> = refused.iter().map(|l| format!("'{l}'")).collect();
        c.r.warn(
            "sandbox",
            &format!("the engine was refused something: {}", lines.join("; ")),
            crate::engines::sandbox::REFUSAL_HINT,
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
