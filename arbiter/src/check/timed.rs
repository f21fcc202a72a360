//! Layer 5: `go infinite` + `stop` (exactly one legal `bestmove`, at once;
//! answering before `stop` or refusing `go infinite` is a warn) and
//! `go movetime T` answered within T plus the margin.

use super::common::{
    bestmove_text, fault_words, go_movetime, hint, is_bestmove, is_error_line, is_readyok,
    judge_move, ms, position_of, reason_hint, truncate,
};
use super::{Checker, Report, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::i18n::{words, Words};
use crate::results::result::Reason;
use std::time::Instant;
use tabula::games::AnyPosition;
use tabula::protocol::command::Command;
use tabula::search::Limits;

/// Reads lines until a `bestmove` or the deadline; the engine's error lines
/// read on the way are added to `errors`. Errors: the engine is gone.
pub(super) fn read_bestmove(
    e: &mut Engine,
    deadline: Instant,
    errors: &mut Vec<String>,
) -> Result<Option<String>, Fault> {
    loop {
        match e.read_line(deadline)? {
            Some(l) if is_bestmove(&l) => return Ok(Some(l)),
            Some(l) if is_error_line(&l) => errors.push(l),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// Sends `isready <token>` and reads up to its `readyok`, counting the
/// `bestmove` lines that come first. `None`: no readyok in time.
pub(super) fn bestmoves_before_readyok(
    e: &mut Engine,
    token: &str,
    ping_ms: u64,
) -> Result<Option<usize>, Fault> {
    e.command(&Command::IsReady(Some(token.into())))?;
    let deadline = Instant::now() + ms(ping_ms);
    let mut n = 0;
    loop {
        match e.read_line(deadline)? {
            Some(l) if is_bestmove(&l) => n += 1,
            Some(l) if is_readyok(&l) => return Ok(Some(n)),
            Some(_) => {}
            None => return Ok(None),
        }
    }
}

/// `go infinite` then `stop`, and `go movetime T`.
pub(super) fn stop_and_time(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        return;
    };
    let o = c.o;
    let what = Words::from_id("what-infinite-stop");
    if c.skip_after_hang(&what) {
        return;
    }
    if c.engine(&what).is_none() {
        return;
    }
    let Some(mut e) = c.engine.take() else { return };
    let position = position_of(&start);
    let res = infinite_then_stop(&mut c.r, &mut e, &start, &position, &o.timeouts);
    c.engine = Some(e);
    match res {
        Ok(true) => {}
        Ok(false) => c.drop_engine(),
        Err(f) => {
            c.r.fail(what, fault_words(&f), hint(&f));
            c.drop_engine();
        }
    }

    // go movetime T within T + margin.
    let go = go_movetime(o.movetime);
    let what = words!("what-command", command = go.to_string());
    let Some(res) = c.go(&what, &position, &go, Some(o.movetime), &o.timeouts) else {
        return;
    };
    match res {
        Ok(reply) => match c.judged(&start, &reply) {
            Ok(()) => c.r.ok(
                what,
                words!(
                    "check-timed-ok",
                    mv = &reply.mv,
                    ms = reply.elapsed_ms,
                    limit = o.movetime,
                    margin = o.timeouts.margin_ms
                ),
            ),
            Err((why, fix)) => c.r.fail_at(what, why, fix, Some(start.fen()), None),
        },
        Err(failed) => {
            c.r.fail_at(what, failed.note(), failed.hint(), Some(start.fen()), None);
            c.drop_engine();
        }
    }
}

/// The `go infinite` / `stop` exchange. `Ok(false)`: the engine is stuck
/// (reported). The `bestmove` is due within [`STOP_DEADLINE_MS`] of `stop`,
/// or within the margin the teacher gives a late move when that is longer.
pub(super) fn infinite_then_stop(
    r: &mut Report,
    e: &mut Engine,
    start: &AnyPosition,
    position: &Command,
    timeouts: &Timeouts,
) -> Result<bool, Fault> {
    let ping_ms = timeouts.ping_ms;
    let stop_ms = STOP_DEADLINE_MS.max(timeouts.margin_ms);
    let what = || Words::from_id("what-infinite-stop");
    let _ = e.new_game();
    e.discard_output();
    e.command(position)?;
    e.command(&Command::Go(Limits {
        infinite: true,
        ..Limits::default()
    }))?;
    let sent = Instant::now();
    let mut errors = Vec::new();
    let (line, at_once) = match read_bestmove(e, sent + ms(200), &mut errors)? {
        Some(l) => (Some(l), true),
        None => {
            e.command(&Command::Stop)?;
            let stopped = Instant::now();
            match read_bestmove(e, stopped + ms(stop_ms), &mut errors)? {
                Some(l) => {
                    r.ok(
                        what(),
                        words!("check-stop-ok", ms = stopped.elapsed().as_millis() as u64),
                    );
                    (Some(l), false)
                }
                None if !errors.is_empty() => {
                    r.warn(
                        what(),
                        words!("check-refused-infinite", line = truncate(&errors[0])),
                        Words::from_id("hint-refused-infinite"),
                    );
                    (None, false)
                }
                None => {
                    r.fail(
                        what(),
                        words!("check-stop-none", ms = stop_ms),
                        Words::from_id("hint-stop"),
                    );
                    return Ok(false);
                }
            }
        }
    };
    if at_once {
        r.warn(
            what(),
            words!("check-infinite-at-once"),
            Words::from_id("hint-infinite-at-once"),
        );
    }
    if let Some(line) = line {
        if let Err((why, fix)) = judge_move(start, &bestmove_text(&line)) {
            r.fail_at(
                Words::from_id("what-bestmove-after-stop"),
                why,
                fix,
                Some(start.fen()),
                None,
            );
        }
    }
    if at_once {
        // `stop` when nothing runs is ignored (protocol §stop).
        e.command(&Command::Stop)?;
    }
    match bestmoves_before_readyok(e, "7042", ping_ms)? {
        None => {
            r.fail(
                Words::from_id("what-isready-after-stop"),
                words!("check-no-readyok", ms = ping_ms),
                reason_hint(Reason::Stall),
            );
            return Ok(false);
        }
        Some(0) => {}
        Some(n) => r.fail(
            Words::from_id("what-one-bestmove"),
            words!("check-bestmoves", n = n + 1),
            Words::from_id("hint-one-bestmove"),
        ),
    }
    Ok(true)
}
