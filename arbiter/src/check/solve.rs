//! Layer 8: `solve` on the course problems A–D of the game's puzzle,
//! compared with the reference solver, when the engine answers `solve`
//! (with `--game <puzzle>` it is required).

use super::common::{first_word, hint, is_error_line, ms, truncate, RULES_HINT};
use super::{Checker, PROBE_MS, PROBLEMS, STOP_DEADLINE_MS};
use crate::client::{Engine, Fault};
use crate::report::plural;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tabula::game::{AnyPosition, GameId};
use tabula::puzzle::{SolveOptions, SolveOutcome};

/// How an engine answered `solve`.
pub(super) enum Solved {
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
pub(super) fn solve_line(
    e: &mut Engine,
    deadline_ms: u64,
    quiet_ms: Option<u64>,
) -> Result<Solved, Fault> {
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
pub(super) fn solve_layer(c: &mut Checker, puzzle: GameId, required: bool) {
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
pub(super) fn reference_depth(pos: &AnyPosition, budget_ms: u64) -> Option<Option<usize>> {
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

pub(super) fn judge_solution(
    c: &mut Checker,
    what: &str,
    start: &AnyPosition,
    target: u32,
    line: &str,
) {
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
