//! Layer 9, stdout: every line the engine wrote on stdout in all the
//! layers is a protocol reply; a debug print there is a warn. And layer
//! 10, own moves: every move of every layer was the program's own (no
//! adapter's `info string fallback …`).

use super::common::{heard, log_entry, replaced_hint, truncate, visible};
use super::Checker;
use crate::engines::client::{fallback_reason, Engine};
use crate::i18n::{words, Words};
use std::time::Instant;
use tabula::protocol::reply::{Reply, REPLY_WORDS};

/// Is `line` one the protocol lets an engine send: a [`Reply`]?
pub(super) fn is_protocol_reply(line: &str) -> bool {
    match heard(line) {
        // `<move> <count>`: the typed parse takes any word for the move; a
        // debug print such as `12 3` or `board: 5` is no perft line. The
        // old verdict (a move-like word) is kept.
        Ok(Reply::PerftMove { mv, .. }) => looks_like_move(&mv),
        Ok(_) => true,
        // A reply word the typed parse rejects (a bare `bestmove`, `readyok
        // a b`, `id`): a malformed reply that its layer judges, not a debug
        // print; the check has never counted it here. Kept.
        Err(word) => REPLY_WORDS.contains(&word),
    }
}

/// A word in a game's move notation: `pass`, a square (`e5`), an arc
/// (`h1.2`), a placed piece (`brao@c3`).
pub(super) fn looks_like_move(word: &str) -> bool {
    // Every game's notation: a letter, then letters, digits and `.@-`
    // (`pass`, `e5`, `h1.2`, `brao@c3`, `d2-d4`).
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && !chars.as_str().is_empty()
        && chars.all(|c| c.is_ascii_alphanumeric() || ".@-".contains(c))
}

/// The lines on the engine's stdout that are not protocol replies, over the
/// whole check.
#[derive(Default)]
pub(super) struct Stray {
    /// stdout lines looked at.
    seen: usize,
    /// Of which not protocol replies.
    count: usize,
    /// The first of them, and the command sent last before it.
    first: Option<(String, String)>,
    /// stderr lines that tell of something refused (sandbox), the first few.
    pub(super) refused: Vec<String>,
    /// Moves the adapter said its program did not choose (`info string
    /// fallback …`): the reason and the `position` command they answered.
    pub(super) replaced: Vec<(String, String)>,
    /// What the adapter said of the program's clock: that it measures CPU
    /// time (`info string cputime …`), a decision a probe disagreed with
    /// (`info string clock … DISAGREES …`); the first of each.
    pub(super) cputime: Option<String>,
    pub(super) clock_doubt: Option<String>,
}

impl Stray {
    /// Looks at the stdout lines of the engine's log so far, then empties the
    /// log (so that no line is counted twice).
    pub(super) fn audit(&mut self, e: &mut Engine) {
        self.audit_text(&e.log.text());
        e.log.reset(Instant::now());
    }

    /// Looks at the stdout lines of a traffic log's text.
    pub(super) fn audit_text(&mut self, log: &str) {
        let mut sent = "";
        let mut position = "";
        for (dir, text) in log.lines().filter_map(log_entry) {
            match dir {
                '>' => {
                    sent = text;
                    if text.starts_with("position ") {
                        position = text;
                    }
                }
                '!' if crate::engines::sandbox::is_refusal(text)
                    && self.refused.len() < 5
                    && !self.refused.iter().any(|r| r == text) =>
                {
                    self.refused.push(text.to_string());
                }
                '<' => {
                    self.seen += 1;
                    let said = text.strip_prefix("info string ");
                    if let Some(reason) = said.and_then(fallback_reason) {
                        self.replaced.push((reason, position.to_string()));
                    }
                    if let Some(cpu) = said.and_then(|t| t.strip_prefix("cputime ")) {
                        self.cputime.get_or_insert_with(|| cpu.to_string());
                    }
                    if let Some(clock) = said.and_then(|t| t.strip_prefix("clock ")) {
                        if clock.contains("DISAGREES") {
                            self.clock_doubt.get_or_insert_with(|| clock.to_string());
                        }
                    }
                    if !is_protocol_reply(text) {
                        self.count += 1;
                        if self.first.is_none() {
                            self.first = Some((text.to_string(), sent.to_string()));
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// Every line the engine wrote on stdout during the check is a protocol
/// reply; a debug print there is a warn.
pub(super) fn stdout_layer(c: &mut Checker) {
    let s = &c.stray;
    let what = Words::from_id("what-stdout");
    match &s.first {
        _ if s.seen == 0 => {}
        None => c.r.ok(what, words!("check-stdout-ok", n = s.seen)),
        Some((line, sent)) => {
            let shown = if line.trim().is_empty() {
                words!("check-stdout-empty")
            } else {
                words!("check-stdout-line", line = truncate(&visible(line)))
            };
            let after = if sent.is_empty() {
                Words::none()
            } else {
                words!("check-stdout-after", sent = truncate(&visible(sent)))
            };
            c.r.warn(
                what,
                words!(
                    "check-stdout-stray",
                    count = s.count,
                    seen = s.seen,
                    shown = shown,
                    after = after
                ),
                Words::from_id("hint-stdout"),
            );
        }
    }
}

/// Most replaced moves quoted one by one (the rest are counted).
const REPLACED_SHOWN: usize = 5;

/// Every move of every layer was the program's own: each move the adapter
/// answered for it (`info string fallback …`) is a FAIL with its reason,
/// its position and the legal moves there.
pub(super) fn own_moves_layer(c: &mut Checker) {
    let clock = || Words::from_id("what-clock");
    if let Some(cpu) = c.stray.cputime.take() {
        c.r.warn(
            clock(),
            words!("check-cputime", detail = cpu),
            Words::from_id("hint-cputime"),
        );
    }
    if let Some(doubt) = c.stray.clock_doubt.take() {
        c.r.warn(
            clock(),
            words!("check-clock-doubt", detail = doubt),
            Words::from_id("hint-clock-units"),
        );
    }
    let what = || Words::from_id("what-own-moves");
    let replaced = std::mem::take(&mut c.stray.replaced);
    if replaced.is_empty() {
        c.r.ok(what(), words!("check-own-moves-ok"));
        return;
    }
    for (reason, position) in replaced.iter().take(REPLACED_SHOWN) {
        c.r.fail_at(
            what(),
            words!(
                "check-own-moves-replaced",
                reason = reason,
                at = describe_position(position)
            ),
            replaced_hint(reason),
            fen_of(position),
            None,
        );
    }
    if replaced.len() > REPLACED_SHOWN {
        c.r.fail(
            what(),
            words!("check-own-moves-more", n = replaced.len() - REPLACED_SHOWN),
            Words::none(),
        );
    }
}

/// The position of a `position …` command.
fn parsed(position: &str) -> Option<tabula::games::AnyPosition> {
    match tabula::protocol::command::Command::parse(position) {
        Ok(Some(tabula::protocol::command::Command::Position(words))) => {
            tabula::setup::parse_spec(&words.join(" "), None).ok()
        }
        _ => None,
    }
}

/// The FEN of the position a `position …` command sets up.
pub(super) fn fen_of(position: &str) -> Option<String> {
    parsed(position).map(|p| p.fen())
}

/// `position …` as sent, and the legal moves there (the first 20), to
/// replay a failure by hand.
pub(super) fn describe_position(position: &str) -> Words {
    let legal = match parsed(position) {
        Some(p) => legal_list(&p),
        None => words!("check-legal-list", moves = "?"),
    };
    words!("check-position", fen = position, legal = legal)
}

/// A position, and its legal moves (the first 20).
pub(super) fn position_words(pos: &tabula::games::AnyPosition) -> Words {
    words!("check-position", fen = pos.fen(), legal = legal_list(pos))
}

/// The first 20 legal moves of `pos`, and how many more.
pub(super) fn legal_list(pos: &tabula::games::AnyPosition) -> Words {
    let moves = pos.legal_moves();
    let shown: Vec<String> = moves.iter().take(20).map(|m| m.to_string()).collect();
    if shown.is_empty() {
        words!("check-legal-none")
    } else if moves.len() > 20 {
        words!(
            "check-legal-more",
            moves = shown.join(" "),
            n = moves.len() - 20
        )
    } else {
        words!("check-legal-list", moves = shown.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::client::Traffic;

    #[test]
    fn protocol_replies_and_stray_lines() {
        for line in [
            "id name x",
            "readyok 7",
            "info string DEBUG is fine here",
            "bestmove h1.2",
            "a3 12",
            "h1.2 5",
            "pass 1",
            "brao@c3 96",
            "nosolution reason limit",
        ] {
            assert!(is_protocol_reply(line), "{line}");
        }
        // Malformed replies are their layers' business, not stray prints.
        for line in ["bestmove", "readyok a b", "perft x 3", "id"] {
            assert!(is_protocol_reply(line), "{line}");
        }
        for line in [
            "DEBUG my moves",
            "",
            "12 3",
            "a3",
            "Bestmove a3",
            "board:",
            "board: 5",
            "a3 -1",
        ] {
            assert!(!is_protocol_reply(line), "{line}");
        }
    }

    #[test]
    fn stray_lines_are_counted_with_the_command_before_them() {
        let t = Instant::now();
        let mut log = Traffic::new(t);
        log.push(t, '>', "position fen x");
        log.push(t, '<', "info string error go: no position");
        log.push(t, '<', "");
        log.push(t, '!', "DEBUG on stderr is fine");
        log.push(t, '>', "go movetime 5");
        log.push(t, '<', "DEBUG my moves");
        log.push(t, '<', "bestmove a3");
        let text = format!("game r0 knight\np1: a b\n{}", log.text());
        let mut stray = Stray::default();
        stray.audit_text(&text);
        assert_eq!((stray.seen, stray.count), (4, 2));
        assert_eq!(stray.first, Some((String::new(), "position fen x".into())));
        // A second log adds to the counts; the first stray line stays.
        stray.audit_text(&text);
        assert_eq!((stray.seen, stray.count), (8, 4));
        assert_eq!(stray.first, Some((String::new(), "position fen x".into())));
    }
}
