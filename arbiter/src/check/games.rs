//! Layer 4: two whole games against `builtin:random` (colours swapped), as
//! in a tournament.

use super::common::{error_lines, quote_errors, reason_hint, replaced_hint};
use super::stdout::position_words;
use super::Checker;
use crate::engines::builtin::Builtin;
use crate::engines::client::{Engine, Fault};
use crate::engines::config::BuiltinKind;
use crate::i18n::{words, Words};
use crate::play::clock::TimeControl;
use crate::play::game::{self, GameSpec, Seat, Settings};
use crate::results::board_view::replayed;
use crate::results::record::GameKey;
use crate::results::result::{OnReplaced, Reason, Side, Winner};
use tabula::games::AnyPosition;

/// Two whole games against `builtin:random`, as in a tournament.
pub(super) fn games(c: &mut Checker) {
    let Some(start) = c.start_position() else {
        return;
    };
    let o = c.o;
    let Some(log_dir) = log_folder(c) else {
        return;
    };
    let settings = Settings {
        timeouts: o.timeouts,
        max_plies: 10_000,
        // Every game's traffic is written: a failed game's is kept.
        debug: true,
        log_dir: Some(log_dir.clone()),
        // Every replaced move is counted and shown as a FAIL below.
        on_replaced: OnReplaced::Count,
    };
    let mut engine: Option<Engine> = None;
    let failures = c.r.failures;
    // The games' replaced moves are told by the games' own lines.
    let replaced = c.stray.replaced.len();
    for colour in 0..2u32 {
        if c.skip_after_hang(&words!("what-game-n", n = colour + 1)) {
            break;
        }
        let me = match engine.take() {
            Some(e) => Ok(e),
            None => Engine::start(c.spec, &o.timeouts),
        };
        let (spec_g, seats, mine) = seat_game(c, colour, me, start);
        let played = game::play(&spec_g, seats, &settings);
        let [e1, e2] = played.seats;
        engine = e1.or(e2);
        if let Some(e) = engine.as_mut() {
            c.stray.audit(e);
        }
        let Some(rec) = played.record else { break };
        let log = rec
            .log
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .unwrap_or_default();
        if engine.is_none() {
            // Killed after a fault: its lines are in the log file only.
            c.stray.audit_text(&log);
        }
        let player = if mine == Side::P1 { 1u32 } else { 2 };
        report_game(
            c,
            words!("what-game", n = colour + 1, player = player),
            mine,
            &start,
            rec,
            &log,
        );
    }
    if let Some(mut e) = engine {
        c.stray.audit(&mut e);
        e.quit(o.timeouts.grace_ms);
    }
    c.stray.replaced.truncate(replaced);
    if c.r.failures == failures {
        let _ = std::fs::remove_dir_all(&log_dir);
    }
}

/// The folder where a faulted game's traffic log is written and read back
/// for the engine's error lines and its stdout; `None` (told as a FAIL)
/// when it cannot be made.
fn log_folder(c: &mut Checker) -> Option<std::path::PathBuf> {
    let folder = match &c.o.log_dir {
        Some(dir) => fresh_dir(&dir.join(crate::names::file_name(c.name))),
        None => private_dir(),
    };
    match folder {
        Ok(d) => Some(d),
        Err(e) => {
            c.r.fail(
                Words::from_id("what-games"),
                words!("check-no-log-folder", detail = e.to_string()),
                Words::none(),
            );
            None
        }
    }
}

/// Game `colour` (0: the engine `me` moves first, 1: second) against
/// `builtin:random` from `start`: the game, its seats, and the engine's
/// side.
fn seat_game(
    c: &Checker,
    colour: u32,
    me: Result<Engine, Fault>,
    start: AnyPosition,
) -> (GameSpec, [Seat; 2], Side) {
    let o = c.o;
    let key = GameKey {
        round: 0,
        pairing: 0,
        board: 0,
        colour,
    };
    let random = Seat::Builtin(Builtin::new(
        &BuiltinKind::Random,
        o.seed.wrapping_add(colour as u64),
    ));
    let (seats, names, mine) = if colour == 0 {
        (
            [Seat::External(me), random],
            [c.name.to_string(), "builtin:random".into()],
            Side::P1,
        )
    } else {
        (
            [random, Seat::External(me)],
            ["builtin:random".into(), c.name.to_string()],
            Side::P2,
        )
    };
    let spec = GameSpec {
        tournament: String::new(),
        key,
        start,
        names,
        tc: [TimeControl::Movetime(o.movetime); 2],
    };
    (spec, seats, mine)
}

/// The line of one game: its result, or its fault with the hint (and the
/// engine's error line, from the game's traffic `log`).
pub(super) fn report_game(
    c: &mut Checker,
    what: Words,
    mine: Side,
    start: &AnyPosition,
    rec: crate::results::record::GameRecord,
    log: &str,
) {
    let moves = rec.moves.len();
    // The position before the last move asked for, with its legal moves.
    let end = replayed(start, &rec.moves);
    let own = rec.own_moves(mine);
    c.r.checked.own_legal += own.own;
    let first = rec.replaced.iter().find(|r| r.side == mine);
    if let Some(first) = first {
        let (ply, why) = (first.ply, first.reason.as_str());
        let p = replayed(start, &rec.moves[..ply.min(rec.moves.len())]);
        let note = words!(
            "check-game-replaced",
            own = own.own,
            asked = own.asked,
            ply = ply,
            why = why,
            at = position_words(&p)
        );
        c.r.fail_at(
            what,
            note,
            replaced_hint(why),
            Some(p.fen()),
            rec.log.clone(),
        );
        return;
    }
    let hung = rec.reason == Reason::Timeout
        && rec.offender.is_some_and(|o| o.includes(mine))
        && rec.detail.as_deref().is_some_and(super::hang_detail)
        && error_lines(log).is_empty();
    if hung {
        let note = words!("check-hung-after", n = moves, at = position_words(&end));
        c.told_hang(&what, note, Some(end.fen()), rec.log.clone());
        return;
    }
    if rec.offender.is_some() {
        let errors = error_lines(log);
        let fix = game_hint(rec.reason, &errors);
        let note = words!(
            "check-game-fault",
            reason = Words::from_id(&format!("check-reason-{}", rec.reason.as_str())),
            n = moves,
            detail = rec.detail.clone().unwrap_or_default(),
            said = quote_errors(&errors),
            at = position_words(&end)
        );
        c.r.fail_at(what, note, fix, Some(end.fen()), rec.log.clone());
        return;
    }
    let mut p = *start;
    let mut max = 0;
    for (i, m) in rec.moves.iter().enumerate() {
        if Side::from(p.side_to_move()) == mine {
            max = max.max(rec.times_ms.get(i).copied().unwrap_or(0));
        }
        if p.play_text(m).is_err() {
            break;
        }
    }
    c.r.ok(
        what,
        words!(
            "check-game-ok",
            result = result_words(rec.winner, mine),
            s1 = rec.score1,
            s2 = rec.score2,
            n = moves,
            max = max
        ),
    );
}

/// The hint for a game lost by a fault: about the refusal when the engine
/// said why (its error lines), else about the fault behind the reason.
pub(super) fn game_hint(reason: Reason, errors: &[String]) -> Words {
    if !errors.is_empty() {
        return Words::from_id("hint-refused-go");
    }
    reason_hint(reason)
}

/// The folder `dir`, made anew (what an earlier check left there goes).
fn fresh_dir(dir: &std::path::Path) -> std::io::Result<std::path::PathBuf> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
        _ => {}
    }
    std::fs::create_dir_all(dir)?;
    Ok(dir.to_path_buf())
}

/// A new folder of the check's own (mode 0700, a name nobody can guess)
/// in the temporary folder, for the games' traffic logs.
fn private_dir() -> std::io::Result<std::path::PathBuf> {
    use std::os::unix::fs::DirBuilderExt;
    let dir = std::env::temp_dir().join(format!(
        "arbiter-check-{}-{:016x}",
        std::process::id(),
        rand::random::<u64>()
    ));
    std::fs::DirBuilder::new().mode(0o700).create(&dir)?;
    Ok(dir)
}

/// `won`, `lost` or `draw`, for the engine playing `mine`.
pub(super) fn result_words(winner: Winner, mine: Side) -> Words {
    Words::from_id(match winner {
        Winner::Draw => "check-result-draw",
        Winner::Side(s) if s == mine => "check-result-won",
        Winner::Side(_) => "check-result-lost",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::common::hint;
    use crate::engines::client::Fault;

    #[test]
    fn a_faulted_game_gets_the_hint_of_its_fault() {
        assert_eq!(
            game_hint(Reason::Timeout, &[]),
            hint(&Fault::Timeout {
                overrun_ms: 5,
                detail: "x".into()
            })
        );
        assert_eq!(
            game_hint(Reason::Illegal, &[]),
            hint(&Fault::Illegal(String::new()))
        );
        assert_eq!(
            game_hint(Reason::Normal, &[]),
            hint(&Fault::Crash(String::new()))
        );
        let said = ["info string error go: no position".to_string()];
        assert_eq!(game_hint(Reason::Timeout, &said).id, "hint-refused-go");
    }

    #[test]
    fn results_are_seen_from_the_engine() {
        let en = |w: Words| crate::i18n::english().plain(&w);
        assert_eq!(en(result_words(Winner::Side(Side::P1), Side::P1)), "won");
        assert_eq!(en(result_words(Winner::Side(Side::P1), Side::P2)), "lost");
        assert_eq!(en(result_words(Winner::Draw, Side::P2)), "draw");
    }
}
