//! Layer 8: `solve` on the course problems A–D of the game's puzzle,
//! compared with the reference solver, when the engine answers `solve`
//! (with `--game <puzzle>` it is required).

use super::common::{fault_words, hint, is_error_line, ms, position_of, truncate};
use super::{Checker, PROBE_MS, PROBLEMS, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault};
use crate::i18n::{words, Words};
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
        let what = words!("what-solve", puzzle = puzzle.as_str(), name = name);
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
        let Some(line) = answered(c, &what, res, puzzle, n == 0 && !required) else {
            c.drop_engine();
            return;
        };
        judge_solution(c, &what, &pos, target, &line);
    }
}

/// The final line of an answer to `solve`, or `None` (told: a skip when
/// `may_skip` and the engine does not solve at all, else a FAIL).
fn answered(
    c: &mut Checker,
    what: &Words,
    res: Result<Solved, Fault>,
    puzzle: GameId,
    may_skip: bool,
) -> Option<String> {
    let optional = || words!("check-solve-optional", puzzle = puzzle.as_str());
    let skip = || words!("what-solve-puzzle", puzzle = puzzle.as_str());
    match res {
        Ok(Solved::Final(l)) => return Some(l),
        Ok(Solved::Refused(l)) if may_skip => c.r.skip(
            skip(),
            words!(
                "check-solve-refused-optional",
                line = truncate(&l),
                optional = optional()
            ),
        ),
        Ok(Solved::Silent) if may_skip => c.r.skip(
            skip(),
            words!("check-solve-silent-optional", optional = optional()),
        ),
        Ok(Solved::Refused(l)) => c.r.fail(
            what.clone(),
            words!("check-solve-refused", line = truncate(&l)),
            Words::from_id("hint-solve-refused"),
        ),
        Ok(Solved::Silent | Solved::StoppedEarly) => c.r.fail(
            what.clone(),
            words!(
                "check-solve-silent",
                ms = c.o.solve_ms,
                stop = STOP_DEADLINE_MS
            ),
            Words::from_id("hint-solve-silent"),
        ),
        Err(f) => c.r.fail(what.clone(), fault_words(&f), hint(&f)),
    }
    None
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
    what: &Words,
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
    let what = || what.clone();
    let Some(moves) = moves else {
        c.r.fail(
            what(),
            words!("check-solve-no-moves", line = truncate(line)),
            Words::from_id("hint-solve-moves"),
        );
        return;
    };
    let mut p = *start;
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = p.play_text(m) {
            c.r.fail_at(
                what(),
                words!(
                    "check-solve-bad-move",
                    n = i + 1,
                    mv = m,
                    why = e.to_string()
                ),
                Words::from_id("hint-rules"),
                Some(p.fen()),
                None,
            );
            return;
        }
    }
    let score = p.scores()[0];
    let n = moves.len();
    if score < target {
        c.r.fail(
            what(),
            words!("check-solve-short", n = n, score = score, target = target),
            Words::from_id("hint-solve-target"),
        );
        return;
    }
    if claimed.is_some_and(|d| d != n) {
        c.r.warn(
            what(),
            words!("check-solve-depth", depth = claimed.unwrap_or(0), n = n),
            Words::from_id("hint-solve-depth"),
        );
    }
    match reference {
        Some(Some(best)) if n > best => c.r.warn(
            what(),
            words!("check-solve-longer", n = n, score = score, best = best),
            Words::from_id("hint-solve-optimal"),
        ),
        Some(Some(best)) => c.r.ok(
            what(),
            words!("check-solve-optimal", n = n, score = score, best = best),
        ),
        _ => {
            c.r.ok(what(), words!("check-solve-unknown", n = n, score = score))
        }
    }
}

/// A `nosolution` line: ok when the reference proves there is none, a FAIL
/// when it claims a proof (`reason exhausted`) the reference refutes, else
/// a warn.
fn no_solution(
    c: &mut Checker,
    what: &Words,
    line: &str,
    reason: &str,
    reference: Option<Option<usize>>,
) {
    let what = what.clone();
    match (reason, reference) {
        ("exhausted", Some(Some(d))) => c.r.fail(
            what,
            words!("check-solve-false-proof", line = line, n = d),
            Words::from_id("hint-solve-exhausted"),
        ),
        (_, Some(None)) => c.r.ok(what, words!("check-solve-none-proved")),
        _ => c.r.warn(
            what,
            words!(
                "check-solve-none-found",
                ms = c.o.solve_ms,
                line = truncate(line)
            ),
            Words::from_id("hint-solve-faster"),
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
