//! Layer 3: one move on a seeded board within the move time, then `quit`.

use super::common::{error_lines, go_movetime, position_of};
use super::Checker;
use crate::engines::client::Reply;
use crate::i18n::{words, Words};

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
    let what = Words::from_id("what-first-move");
    let Some(res) = c.go(&what, &position, &go, Some(o.movetime), &o.timeouts) else {
        return;
    };
    match res {
        Ok(reply) => match c.judged(&start, &reply) {
            Err((why, fix)) => c.r.fail_at(what, why, fix, Some(start.fen()), None),
            Ok(()) => judge_first_move(c, &reply),
        },
        Err(failed) => c.r.fail_at(
            what,
            words!(
                "check-go-at",
                position = position.to_string(),
                go = go.to_string(),
                what = failed.note()
            ),
            failed.hint(),
            Some(start.fen()),
            None,
        ),
    }
    match c.quit_engine() {
        Some(true) => c.r.ok(Words::from_id("what-quit"), Words::none()),
        Some(false) => c.r.warn(
            Words::from_id("what-quit"),
            words!("check-quit-late", ms = o.timeouts.grace_ms),
            Words::from_id("hint-quit"),
        ),
        None => {}
    }
}

/// A legal first move: the engine's own error lines, a search far too
/// short, the time it took.
fn judge_first_move(c: &mut Checker, reply: &Reply) {
    let o = c.o;
    let what = || Words::from_id("what-first-move");
    let errors = c
        .engine
        .as_ref()
        .map(|e| error_lines(&e.log.text()))
        .unwrap_or_default();
    if !errors.is_empty() {
        c.r.fail(
            what(),
            words!(
                "check-played-but-said",
                mv = &reply.mv,
                line = errors[0].chars().take(400).collect::<String>()
            ),
            Words::from_id("hint-error-line"),
        );
    }
    if let Some(why) = trivial_depth(reply.elapsed_ms, o.movetime, reply.info.depth) {
        c.r.warn(what(), why, Words::from_id("hint-trivial-depth"));
    }
    c.r.ok(
        what(),
        words!(
            "check-first-move-ok",
            mv = &reply.mv,
            ms = reply.elapsed_ms,
            info = info_note(reply.info.depth, reply.info.nodes)
        ),
    );
    if reply.elapsed_ms > o.movetime {
        c.r.warn(
            Words::from_id("what-time"),
            words!("check-over-time", ms = reply.elapsed_ms, given = o.movetime),
            Words::from_id("hint-reserve"),
        );
    }
}

/// A move answered in under a twentieth of its budget at depth 2 or less
/// (as the engine's `info depth` said), with a move time of 1 s or more
/// (below, a trivial player is as likely as a broken clock): what to report.
pub(super) fn trivial_depth(elapsed_ms: u64, budget_ms: u64, depth: Option<u64>) -> Option<Words> {
    let depth = depth.filter(|&d| d <= 2)?;
    (budget_ms >= 1000 && elapsed_ms * 20 < budget_ms).then(|| {
        words!(
            "check-trivial-depth",
            ms = elapsed_ms,
            given = budget_ms,
            depth = depth
        )
    })
}

/// What the first move's `info` lines said: depth and nodes, when sent.
pub(super) fn info_note(depth: Option<u64>, nodes: Option<u64>) -> Words {
    match (depth, nodes) {
        (Some(d), Some(n)) => words!("check-info-depth-nodes", depth = d, nodes = n),
        (Some(d), None) => words!("check-info-depth", depth = d),
        _ => words!("check-info-none"),
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
        let en = |w: Words| crate::i18n::english().plain(&w);
        assert_eq!(en(info_note(Some(7), Some(900))), ", depth 7, 900 nodes");
        assert_eq!(en(info_note(Some(7), None)), ", depth 7");
        // Nodes without a depth say too little to show.
        assert_eq!(
            en(info_note(None, Some(900))),
            ", no `info` line (optional)"
        );
        assert_eq!(en(info_note(None, None)), ", no `info` line (optional)");
    }
}
