//! Layer 8: `solve` on the course problems A–D of the game's puzzle,
//! compared with the reference solver, when the engine answers `solve`
//! (with `--game <puzzle>` it is required).

use super::common::{hint, is_error_line, ms, position_of, truncate, RULES_HINT};
use super::{Checker, PROBE_MS, PROBLEMS, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault};
use crate::out::plural;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tabula::games::{AnyPosition, GameId};
use tabula::protocol::command::Command;
use tabula::protocol::reply::Reply;
use tabula::puzzle::{NoSolutionReason, SolveOptions, SolveOutcome};

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

/// Is `line` a final `solve` line (`solution …` / `nosolution …`)?
pub(super) fn is_final(line: &str) -> bool {
    matches!(
        line.parse::<Reply>(),
        Ok(Reply::Solution(_) | Reply::NoSolution(_))
    )
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
    let mut quiet = quiet_ms.map(|q| start + ms(q)).filter(|q| *q < deadline);
    loop {
        match e.read_line(quiet.unwrap_or(deadline))? {
            Some(l) if is_final(&l) => return Ok(Solved::Final(l)),
            Some(l) if is_error_line(&l) => return Ok(Solved::Refused(l)),
            Some(_) => quiet = None,
            None => break,
        }
    }
    e.command(&Command::Stop)?;
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
    let set = tabula::problems::builtin_in(&o.setup.for_game(puzzle));
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
                .command(&position_of(&pos))
                .and_then(|_| e.command(&Command::Solve(SolveOptions::default())))
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
    match tabula::solve::solve(pos, &opts, &AtomicBool::new(false), &mut |_| {}) {
        Ok(SolveOutcome::Solution { moves, .. }) => Some(Some(moves.len())),
        Ok(SolveOutcome::NoSolution {
            reason: NoSolutionReason::Exhausted,
            ..
        }) => Some(None),
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
    let reference = reference_depth(start, c.o.solve_ms.max(5_000) * 2);
    let (moves, claimed) = match final_line(line) {
        Final::NoSolution { reason } => {
            no_solution(c, what, line, &reason, reference);
            return;
        }
        Final::Solution { moves, depth } => (moves, depth),
    };
    let Some(moves) = moves else {
        c.r.fail(
            what,
            &format!("no `moves` in '{}'", truncate(line)),
            "the final line ends with `moves <m1> … <mL>`",
        );
        return;
    };
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

/// A `nosolution` line: ok when the reference proves there is none, a FAIL
/// when it claims a proof (`reason exhausted`) the reference refutes, else
/// a warn.
fn no_solution(
    c: &mut Checker,
    what: &str,
    line: &str,
    reason: &str,
    reference: Option<Option<usize>>,
) {
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
}

/// What a final `solve` line says.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Final {
    /// `nosolution … reason <r> …` (`"?"` without a reason).
    NoSolution { reason: String },
    /// `solution … [depth <d>] … moves <m1> … <mL>`: the moves (`None`
    /// without a `moves` field) and the depth claimed.
    Solution {
        moves: Option<Vec<String>>,
        depth: Option<usize>,
    },
}

/// Reads a final line (one that [`solve_line`] returned: a `solution` or
/// `nosolution` reply). Its fields are words: `<key> <value>`, and `moves`
/// takes the rest of the line.
pub(super) fn final_line(line: &str) -> Final {
    let (solved, fields) = match line.parse::<Reply>() {
        Ok(Reply::Solution(fields)) => (true, fields),
        Ok(Reply::NoSolution(fields)) => (false, fields),
        _ => (false, String::new()),
    };
    let words: Vec<&str> = fields.split_whitespace().collect();
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    if !solved {
        return Final::NoSolution {
            reason: after("reason").unwrap_or("?").to_string(),
        };
    }
    Final::Solution {
        moves: words
            .iter()
            .position(|w| *w == "moves")
            .map(|at| words[at + 1..].iter().map(|m| m.to_string()).collect()),
        depth: after("depth").and_then(|w| w.parse().ok()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn final_lines_are_read_field_by_field() {
        assert_eq!(
            final_line("solution algorithm astar depth 2 nodes 9 moves a3 h1.2"),
            Final::Solution {
                moves: Some(vec!["a3".into(), "h1.2".into()]),
                depth: Some(2)
            }
        );
        assert_eq!(
            final_line("solution depth x moves"),
            Final::Solution {
                moves: Some(vec![]),
                depth: None
            }
        );
        assert_eq!(
            final_line("solution depth 3"),
            Final::Solution {
                moves: None,
                depth: Some(3)
            }
        );
        assert_eq!(
            final_line("nosolution reason exhausted nodes 12"),
            Final::NoSolution {
                reason: "exhausted".into()
            }
        );
        assert_eq!(
            final_line("nosolution nodes 12"),
            Final::NoSolution { reason: "?".into() }
        );
    }

    #[test]
    fn final_and_error_lines_end_the_wait() {
        for l in ["solution moves a3", "nosolution reason limit", "solution"] {
            assert!(is_final(l), "{l}");
        }
        for l in ["info string solution", "solutions 3", "a3 1"] {
            assert!(!is_final(l), "{l}");
        }
    }
}
