//! Layer 6, malformed input (unknown commands, a bad FEN, `go movetime
//! abc`, an overlong line, control bytes): the engine keeps answering
//! `isready` and still plays a legal move. The bad lines are literal text on
//! purpose: no well-formed vocabulary type could write them.

use super::common::{fault_words, go_movetime, position_of, visible};
use super::timed::bestmoves_before_readyok;
use super::Checker;
use crate::engines::client::Timeouts;
use crate::i18n::{words, Words};
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
    let what = || Words::from_id("what-malformed");
    let mut passed = true;
    for (i, (label, text)) in lines.iter().enumerate() {
        let Some(e) = c.engine(&what()) else { return };
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
                    what(),
                    words!(
                        "check-malformed-no-readyok",
                        label = Words::from_id(label),
                        line = shown,
                        ms = o.timeouts.ping_ms
                    ),
                    Words::from_id("hint-robust"),
                );
                passed = false;
                c.drop_engine();
                break;
            }
            Err(f) => {
                c.r.fail(
                    what(),
                    words!(
                        "check-malformed-fault",
                        label = Words::from_id(label),
                        line = shown,
                        fault = fault_words(&f)
                    ),
                    Words::from_id("hint-robust"),
                );
                passed = false;
                c.drop_engine();
                break;
            }
        }
    }
    if passed {
        c.r.ok(what(), words!("check-malformed-ok", n = lines.len()));
    }
    if o.game().is_puzzle() {
        return;
    }
    let what = Words::from_id("what-move-after-malformed");
    let t = Timeouts {
        margin_ms: o.timeouts.margin_ms.max(1_000),
        ..o.timeouts
    };
    let go = go_movetime(c.o.movetime);
    let Some(res) = c.go(&what, &good, &go, Some(c.o.movetime), &t) else {
        return;
    };
    match res {
        Ok(reply) => match c.judged(&pos, &reply) {
            Ok(()) => c.r.ok(what, words!("check-detail", detail = &reply.mv)),
            Err((why, fix)) => c.r.fail_at(what, why, fix, Some(pos.fen()), None),
        },
        Err(failed) => {
            let fix = if failed.errors.is_empty() {
                "hint-robust"
            } else {
                "hint-refused-go"
            };
            c.r.fail_at(
                what,
                failed.note(),
                Words::from_id(fix),
                Some(pos.fen()),
                None,
            );
            c.drop_engine();
        }
    }
}

/// The bad lines, each with what it is, for a position `pos` and its
/// `position fen` line `good`: literal text, malformed on purpose.
pub(super) fn bad_lines(pos: &AnyPosition, good: &str) -> Vec<(&'static str, String)> {
    let long = format!("position fen {}", "x".repeat(70_000));
    vec![
        ("check-bad-unknown", "hello world".into()),
        ("check-bad-position", "position fen garbage".into()),
        ("check-bad-empty-position", "position".into()),
        ("check-bad-size", {
            let mut f = pos.fen();
            if let Some(i) = f.find('/') {
                f.truncate(i);
            }
            format!("position fen {f} w 0 0")
        }),
        ("check-bad-moves", format!("{good} moves zz99 pass")),
        ("check-bad-go", format!("{good}\ngo movetime abc")),
        ("check-bad-negative", "go movetime -5".into()),
        ("check-bad-long", long),
        (
            "check-bad-control",
            "\u{1}\u{7f}\u{1b}[2J ÿ€\u{fffd} \t\u{0}".into(),
        ),
        (
            "check-bad-option",
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
        assert_eq!(text("check-bad-go"), &format!("{good}\ngo movetime abc"));
        assert_eq!(text("check-bad-long").len(), 70_013);
        let short = text("check-bad-size");
        assert!(
            short.starts_with("position fen ") && !short.contains('/'),
            "{short}"
        );
        assert!(short.ends_with(" w 0 0"), "{short}");
    }
}
