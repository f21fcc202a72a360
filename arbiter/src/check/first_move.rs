//! Layer 3: one move on a seeded board within the move time, then `quit`.

use super::common::{go_movetime, judge_move, position_of};
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
    fn the_info_lines_are_summed_up() {
        assert_eq!(info_note(Some(7), Some(900)), ", depth 7, 900 nodes");
        assert_eq!(info_note(Some(7), None), ", depth 7");
        // Nodes without a depth say too little to show.
        assert_eq!(info_note(None, Some(900)), ", no `info` line (optional)");
        assert_eq!(info_note(None, None), ", no `info` line (optional)");
    }
}
