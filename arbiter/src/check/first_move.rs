//! Layer 3: one move on a seeded board within the move time, then `quit`.

use super::common::{error_lines, go_movetime, judge_move, position_of};
use super::Checker;

/// One move on the first board within the move time, then `quit`.
pub(super) fn first_move_and_quit(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        c.drop_engine();
        return;
    };
    let o = c.o;
    let Some(engine) = c.engine.as_mut() else {
        return;
    };
    let _ = engine.new_game();
    let position = position_of(&start);
    let go = go_movetime(o.movetime);
    let Some(res) = c.go("first move", &position, &go, Some(o.movetime), &o.timeouts) else {
        return;
    };
    match res {
        Ok(reply) => match judge_move(&start, &reply.mv) {
            Err((why, fix)) => c.r.fail("first move", &why, fix),
            Ok(()) => {
                let errors = c
                    .engine
                    .as_ref()
                    .map(|e| error_lines(&e.log.text()))
                    .unwrap_or_default();
                if !errors.is_empty() {
                    c.r.fail(
                        "first move",
                        &format!(
                            "{} played, but the engine said '{}'",
                            reply.mv,
                            errors[0].chars().take(400).collect::<String>()
                        ),
                        "the engine's error line says what went wrong in its own code; \
                         a fallback move is a lost game in disguise",
                    );
                }
                if let Some(why) = trivial_depth(reply.elapsed_ms, o.movetime, reply.info.depth) {
                    c.r.warn("first move", &why, TRIVIAL_DEPTH_HINT);
                }
                let info = info_note(reply.info.depth, reply.info.nodes);
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

/// The likely causes of a search that stops far too early.
const TRIVIAL_DEPTH_HINT: &str = "a search that stops this early usually reads its clock in the \
     wrong units (a raw get-internal-real-time difference compared with a tempo in ms: \
     SBCL counts microseconds, LispWorks milliseconds) or has a fixed shallow depth; \
     the Lisp kit scales the tempo itself with `--clock internal` (or its probe)";

/// A move answered in under a twentieth of its budget at depth 2 or less
/// (as the engine's `info depth` said), with a move time of 1 s or more
/// (below, a trivial player is as likely as a broken clock): what to report.
pub(super) fn trivial_depth(elapsed_ms: u64, budget_ms: u64, depth: Option<u64>) -> Option<String> {
    let depth = depth.filter(|&d| d <= 2)?;
    (budget_ms >= 1000 && elapsed_ms * 20 < budget_ms).then(|| {
        format!("answered in {elapsed_ms} ms of the {budget_ms} ms given, at depth {depth}")
    })
}

/// What the first move's `info` lines said: depth and nodes, when sent.
pub(super) fn info_note(depth: Option<u64>, nodes: Option<u64>) -> String {
    match (depth, nodes) {
        (Some(d), Some(n)) => format!(", depth {d}, {n} nodes"),
        (Some(d), None) => format!(", depth {d}"),
        _ => ", no `info` line (optional)".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fast_shallow_answer_is_reported() {
        assert!(trivial_depth(3, 1000, Some(1)).is_some());
        assert!(trivial_depth(3, 1000, Some(2)).is_some());
        // Deep enough, slow enough, no depth said, or a tiny budget: nothing.
        assert_eq!(trivial_depth(3, 1000, Some(3)), None);
        assert_eq!(trivial_depth(60, 1000, Some(1)), None);
        assert_eq!(trivial_depth(3, 1000, None), None);
        assert_eq!(trivial_depth(1, 500, Some(1)), None);
    }

    #[test]
    fn the_info_lines_are_summed_up() {
        assert_eq!(info_note(Some(7), Some(900)), ", depth 7, 900 nodes");
        assert_eq!(info_note(Some(7), None), ", depth 7");
        // Nodes without a depth say too little to show.
        assert_eq!(info_note(None, Some(900)), ", no `info` line (optional)");
        assert_eq!(info_note(None, None), ", no `info` line (optional)");
    }
}
