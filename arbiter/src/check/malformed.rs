//! Layer 6, malformed input (unknown commands, a bad FEN, `go movetime
//! abc`, an overlong line, control bytes): the engine keeps answering
//! `isready` and still plays a legal move. The bad lines are literal text on
//! purpose: no well-formed vocabulary type could write them.

use super::common::{go_movetime, judge_move, position_of, visible, REFUSED_GO_HINT, ROBUST_HINT};
use super::timed::bestmoves_before_readyok;
use super::{Checker, TIMED_MOVE_MS};
use crate::engines::client::Timeouts;
use tabula::games::AnyPosition;

/// Malformed and unknown lines, one at a time, each followed by `isready`;
/// then a legal move must still come.
pub(super) fn robustness(c: &mut Checker) {
    let o = c.o;
    let pos = if o.game().is_puzzle() {
        match tabula::problems::builtin_in(&o.setup).find("A") {
            Some((_, _, p)) => p,
            None => return,
        }
    } else {
        match c.start_position() {
            Some(p) => p,
            None => return,
        }
    };
    let good = position_of(&pos);
    let lines = bad_lines(&pos, &good.to_string());
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
    if o.game().is_puzzle() {
        return;
    }
    let what = "move after malformed input";
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(1_000),
        ..o.timeouts
    };
    let go = go_movetime(TIMED_MOVE_MS);
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

/// The bad lines, each with what it is, for a position `pos` and its
/// `position fen` line `good`: literal text, malformed on purpose.
pub(super) fn bad_lines(pos: &AnyPosition, good: &str) -> Vec<(&'static str, String)> {
    let long = format!("position fen {}", "x".repeat(70_000));
    vec![
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
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_bad_lines_around_a_good_position() {
        let pos = tabula::setup::parse_spec("random bishop 5", None).expect("a board");
        let good = position_of(&pos).to_string();
        assert_eq!(good, format!("position fen {}", pos.fen()));
        let lines = bad_lines(&pos, &good);
        assert_eq!(lines.len(), 10);
        let text = |label: &str| &lines.iter().find(|l| l.0 == label).expect(label).1;
        assert_eq!(text("a bad go"), &format!("{good}\ngo movetime abc"));
        assert_eq!(text("an overlong line (70000 bytes)").len(), 70_013);
        let short = text("a position of the wrong size");
        assert!(
            short.starts_with("position fen ") && !short.contains('/'),
            "{short}"
        );
        assert!(short.ends_with(" w 0 0"), "{short}");
    }
}
