//! What the layers share: the hints for each fault, the judging of a
//! `bestmove` against the rules, the reading of a traffic log (the engine's
//! error lines), and the shortening of lines for the report.

use crate::engines::client::Fault;
use crate::i18n::{words, Words};
use crate::results::result::Reason;
use std::time::Duration;
use tabula::games::AnyPosition;
use tabula::protocol::command::{Command, CommandError};
use tabula::protocol::reply::{Info, Reply};
use tabula::search::Limits;

/// The hint for a fault.
pub(super) fn hint(f: &Fault) -> Words {
    reason_hint(match f {
        Fault::Startup(_) => Reason::Startup,
        Fault::Stall(_) => Reason::Stall,
        Fault::Timeout { .. } => Reason::Timeout,
        Fault::Crash(_) => Reason::Crash,
        Fault::Malformed(_) => Reason::Malformed,
        Fault::Illegal(_) => Reason::Illegal,
        Fault::Interrupted => return Words::from_id(""),
    })
}

/// The hint for a kind of fault (a game's reason; a game that ended
/// otherwise gets the crash's hint).
pub(super) fn reason_hint(reason: Reason) -> Words {
    Words::from_id(match reason {
        Reason::Startup => "hint-startup",
        Reason::Stall => "hint-stall",
        Reason::Timeout => "hint-timeout",
        Reason::Malformed => "hint-malformed",
        Reason::Illegal => "hint-illegal",
        Reason::Replaced => return replaced_hint(""),
        Reason::Crash | Reason::Normal | Reason::MaxLength | Reason::Resign => "hint-crash",
    })
}

/// What went wrong, in words: the kind of fault, and its detail as the
/// client wrote it (code).
pub(super) fn fault_words(f: &Fault) -> Words {
    match f {
        Fault::Startup(d) => words!("check-fault-startup", detail = d.to_string()),
        Fault::Stall(d) => words!("check-fault-stall", detail = d.to_string()),
        Fault::Crash(d) => words!("check-fault-crash", detail = d),
        Fault::Timeout { overrun_ms, detail } => {
            words!("check-fault-timeout", detail = detail, ms = *overrun_ms)
        }
        Fault::Malformed(line) => words!("check-fault-malformed", line = line),
        Fault::Illegal(line) => words!("check-fault-illegal", line = line),
        Fault::Interrupted => words!("check-fault-interrupted"),
    }
}

/// The hint for a move the adapter says its program did not choose, by
/// the kind that opens its reason (`info string fallback <kind> …`).
pub(super) fn replaced_hint(reason: &str) -> Words {
    Words::from_id(match reason.split_whitespace().next().unwrap_or_default() {
        "error" => "hint-replaced-error",
        "unreadable" => "hint-replaced-unreadable",
        "illegal" => "hint-rules",
        "nomove" => "hint-replaced-nomove",
        "late" => "hint-replaced-late",
        _ => "hint-replaced",
    })
}

/// One stdout line as the layers read it: the typed [`Reply`], or, for a
/// line the typed parse rejects, its first word (`""` for an empty line).
///
/// The typed parse is stricter than the word tests the check always used: a
/// bare `bestmove`, `readyok a b` or `perft 2 many` is no [`Reply`], yet the
/// check takes it as the answer its first word names and judges it on its
/// words (a FAIL such as "'' is not a move", not silence). The `Err` word
/// keeps those verdicts.
pub(super) fn heard(line: &str) -> Result<Reply, &str> {
    line.parse::<Reply>()
        .map_err(|_| line.split_whitespace().next().unwrap_or(""))
}

/// Is `line` a `readyok` (with any token, or a malformed one)?
pub(super) fn is_readyok(line: &str) -> bool {
    matches!(heard(line), Ok(Reply::ReadyOk(_)) | Err("readyok"))
}

/// Is `line` a `bestmove` (a bare `bestmove` too)?
pub(super) fn is_bestmove(line: &str) -> bool {
    matches!(heard(line), Ok(Reply::BestMove(_)) | Err("bestmove"))
}

/// The move of a `bestmove` line as the engine wrote it, for the rules to
/// judge (`none` as written, `""` for a bare `bestmove`).
pub(super) fn bestmove_text(line: &str) -> String {
    match heard(line) {
        Ok(Reply::BestMove(Some(mv))) => mv,
        // `bestmove none` / `bestmove (none)`: the word as sent, so that the
        // complaint quotes it.
        Ok(Reply::BestMove(None)) => line.split_whitespace().nth(1).unwrap_or("").to_string(),
        _ => String::new(),
    }
}

/// Is `line` an error report (`info string error …`)?
pub(super) fn is_error_line(line: &str) -> bool {
    match heard(line) {
        Ok(Reply::Info(Info::Error(_))) => true,
        // The check always took any word starting with `error` as the mark
        // (`info string errors: …`); the typed parse reads that as a plain
        // string. The old verdict is kept.
        Ok(Reply::Info(Info::String(text))) => text.starts_with("error"),
        _ => false,
    }
}

/// `position fen <the FEN of pos>`.
pub(super) fn position_of(pos: &AnyPosition) -> Command {
    Command::position_fen(&pos.fen(), &[] as &[&str])
}

/// `go movetime <ms>`.
pub(super) fn go_movetime(ms: u64) -> Command {
    Command::Go(Limits {
        movetime: Some(ms),
        ..Limits::default()
    })
}

pub(super) fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// One line of a traffic log ([`crate::engines::client::Traffic`]: `<ms> <dir>
/// <text>`, `>` sent, `<` stdout, `!` stderr, `#` a note): its direction and
/// text. `None` for the other lines of a log file (its header).
pub(super) fn log_entry(line: &str) -> Option<(char, &str)> {
    let (t, rest) = line.trim_start().split_once(' ')?;
    t.parse::<f64>().ok()?;
    let mut chars = rest.chars();
    let dir = chars.next()?;
    Some((dir, chars.as_str().strip_prefix(' ')?))
}

/// The engine's error lines (`info string error …`) since the last
/// `position` sent in a traffic log.
pub(super) fn error_lines(log: &str) -> Vec<String> {
    let mut errors = Vec::new();
    for (dir, text) in log.lines().filter_map(log_entry) {
        match dir {
            '>' if is_position(text) => errors.clear(),
            '<' if is_error_line(text) => errors.push(text.to_string()),
            _ => {}
        }
    }
    errors
}

/// Is `sent` a `position` command (a bare `position` too, which the
/// malformed-input layer sends and the parser refuses)?
fn is_position(sent: &str) -> bool {
    match Command::parse(sent) {
        Ok(Some(Command::Position(_))) => true,
        Err(CommandError::Missing { command, .. }) => command == "position",
        _ => false,
    }
}

/// `; the engine said '<first error line>'` (and how many more), or nothing.
pub(super) fn quote_errors(errors: &[String]) -> Words {
    match errors {
        [] => Words::none(),
        [one] => words!("check-engine-said", line = truncate(one)),
        [first, rest @ ..] => words!(
            "check-engine-said-more",
            line = truncate(first),
            n = rest.len()
        ),
    }
}

/// Checks a `bestmove` text against `pos`: `Ok(())` when legal, else the
/// complaint and its hint.
pub(super) fn judge_move(pos: &AnyPosition, mv: &str) -> Result<(), (Words, Words)> {
    let legal = || {
        let l: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        if l.is_empty() {
            words!("check-legal-none")
        } else {
            words!("check-legal-list", moves = l.join(" "))
        }
    };
    match pos.parse_move(mv) {
        Err(e) if !e.is_illegal() => Err((
            words!("check-not-a-move", mv = mv, why = e.to_string()),
            hint(&Fault::Malformed(String::new())),
        )),
        _ => match pos.parse_legal(mv) {
            Ok(_) => Ok(()),
            Err(e) => Err((
                words!(
                    "check-illegal-move",
                    mv = mv,
                    why = e.to_string(),
                    legal = legal()
                ),
                Words::from_id("hint-rules"),
            )),
        },
    }
}

/// `text` with each control character (a byte a terminal would act on)
/// written `\xNN`.
pub(super) fn visible(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                format!("\\x{:02x}", c as u32)
            } else {
                c.to_string()
            }
        })
        .collect()
}

pub(super) fn truncate(line: &str) -> String {
    if line.chars().count() <= 120 {
        line.to_string()
    } else {
        format!("{}…", line.chars().take(120).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(w: &Words) -> String {
        crate::i18n::english().plain(w)
    }
    use std::time::Instant;

    #[test]
    fn control_characters_are_shown_as_hex() {
        assert_eq!(
            visible("\u{1}\u{7f}\u{1b}[2J ÿ€\t\u{0}"),
            "\\x01\\x7f\\x1b[2J ÿ€\\x09\\x00"
        );
    }

    #[test]
    fn long_lines_are_cut_at_120_characters() {
        assert_eq!(truncate("short"), "short");
        let long = "é".repeat(130);
        assert_eq!(truncate(&long), format!("{}…", "é".repeat(120)));
    }

    #[test]
    fn traffic_log_lines_are_read_back() {
        let t = Instant::now();
        let mut log = crate::engines::client::Traffic::new(t);
        log.push(t, '>', "position fen x");
        log.push(t, '<', "info string error go: no position");
        log.push(t, '<', "");
        log.push(t, '!', "info string error on stderr");
        let text = format!("game r0 knight\np1: a b\n{}", log.text());
        let entries: Vec<(char, &str)> = text.lines().filter_map(log_entry).collect();
        assert_eq!(
            entries,
            [
                ('>', "position fen x"),
                ('<', "info string error go: no position"),
                ('<', ""),
                ('!', "info string error on stderr")
            ]
        );
        assert_eq!(error_lines(&text), ["info string error go: no position"]);
    }

    #[test]
    fn error_lines_restart_at_each_position() {
        let t = Instant::now();
        let mut log = crate::engines::client::Traffic::new(t);
        log.push(t, '<', "info string error old");
        log.push(t, '>', "position fen x");
        log.push(t, '<', "info string error one");
        log.push(t, '<', "info depth 1");
        log.push(t, '<', "info string error two");
        let errors = error_lines(&log.text());
        assert_eq!(errors, ["info string error one", "info string error two"]);
        assert_eq!(
            en(&quote_errors(&errors)),
            "; the engine said 'info string error one' (and 1 error line more)"
        );
        assert_eq!(en(&quote_errors(&[])), "");
        // A bare `position` (refused by the parser) starts afresh too.
        log.push(t, '>', "position");
        log.push(t, '<', "info string error position: missing");
        log.push(t, '>', "isready");
        log.push(t, '<', "info string errors: three");
        assert_eq!(
            error_lines(&log.text()),
            [
                "info string error position: missing",
                "info string errors: three"
            ]
        );
    }

    #[test]
    fn replies_are_read_as_before() {
        for line in ["readyok", "readyok 7", "readyok a b"] {
            assert!(is_readyok(line), "{line}");
        }
        for line in [
            "bestmove a3",
            "bestmove none",
            "bestmove",
            " bestmove h1.2 ponder x",
        ] {
            assert!(is_bestmove(line), "{line}");
        }
        for line in ["readyokay", "info string readyok", "", "Bestmove a3"] {
            assert!(!is_readyok(line) && !is_bestmove(line), "{line}");
        }
        assert_eq!(bestmove_text("bestmove h1.2"), "h1.2");
        assert_eq!(bestmove_text("bestmove (none)"), "(none)");
        assert_eq!(bestmove_text("bestmove none"), "none");
        assert_eq!(bestmove_text("bestmove"), "");
        for line in [
            "info string error go: no position",
            "info string error",
            "info  string   errors: two",
        ] {
            assert!(is_error_line(line), "{line}");
        }
        for line in [
            "info string an error",
            "info depth 2 string error x",
            "info string",
            "error",
        ] {
            assert!(!is_error_line(line), "{line}");
        }
    }

    #[test]
    fn commands_are_written_as_the_check_always_wrote_them() {
        let pos = tabula::setup::parse_spec("random dots 9 3x3", None).expect("a board");
        assert_eq!(
            position_of(&pos).to_string(),
            format!("position fen {}", pos.fen())
        );
        assert_eq!(go_movetime(300).to_string(), "go movetime 300");
        let infinite = Command::Go(Limits {
            infinite: true,
            ..Limits::default()
        });
        let lines = [
            (infinite, "go infinite"),
            (Command::IsReady(None), "isready"),
            (Command::IsReady(Some("7041".into())), "isready 7041"),
            (Command::Stop, "stop"),
            (Command::Perft(2), "perft 2"),
            (
                Command::Query(tabula::protocol::command::Query::P1Turn),
                "query p1turn",
            ),
            (
                Command::Solve(tabula::puzzle::SolveOptions::default()),
                "solve",
            ),
        ];
        for (command, line) in lines {
            assert_eq!(command.to_string(), line);
        }
    }

    #[test]
    fn each_fault_has_its_hint() {
        assert!(en(&reason_hint(Reason::Startup)).contains("ugiok"));
        assert!(en(&reason_hint(Reason::Stall)).contains("readyok"));
        assert!(en(&hint(&Fault::Malformed(String::new()))).contains("notation"));
        assert!(en(&hint(&Fault::Illegal(String::new()))).contains("rules"));
        assert_eq!(en(&hint(&Fault::Interrupted)), "");
    }

    #[test]
    fn a_bestmove_is_judged_by_the_rules() {
        let pos = tabula::setup::parse_spec("random knight 3", None).expect("a board");
        let legal = pos.legal_moves()[0].to_string();
        assert_eq!(judge_move(&pos, &legal), Ok(()));
        let (why, fix) = judge_move(&pos, "hello").unwrap_err();
        let why = en(&why);
        assert!(why.starts_with("'hello' is not a move"), "{why}");
        assert_eq!(fix, hint(&Fault::Malformed(String::new())));
        // A square no move reaches: well-formed but illegal.
        let illegal = ["a1", "a2", "b1", "j10", "c3"]
            .into_iter()
            .find(|m| pos.parse_move(m).is_ok() && pos.parse_legal(m).is_err());
        if let Some(m) = illegal {
            let (why, fix) = judge_move(&pos, m).unwrap_err();
            let why = en(&why);
            assert!(
                why.contains("is illegal") && why.contains("legal: "),
                "{why}"
            );
            assert_eq!(fix, Words::from_id("hint-rules"));
        }
    }
}
