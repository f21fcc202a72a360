//! Layer 2: `isready` and `isready <token>` (the token echoed).

use super::common::{fault_words, hint, is_readyok, ms, reason_hint};
use super::Checker;
use crate::i18n::{words, Words};
use crate::results::result::Reason;
use std::time::Instant;
use tabula::protocol::command::Command;
use tabula::protocol::reply::Reply;

/// `isready` → `readyok`; `isready <token>` → `readyok <token>` (a bare
/// `readyok` is a warn: the arbiter accepts it, the protocol asks for the
/// token).
pub(super) fn isready_layer(c: &mut Checker) -> bool {
    let ping_ms = c.o.timeouts.ping_ms;
    let Some(e) = c.engine.as_mut() else {
        return false;
    };
    // Bare `isready`.
    e.discard_output();
    let res = e.command(&Command::IsReady(None)).and_then(|_| {
        let deadline = Instant::now() + ms(ping_ms);
        loop {
            match e.read_line(deadline)? {
                Some(l) if is_readyok(&l) => return Ok(true),
                Some(_) => {}
                None => return Ok(false),
            }
        }
    });
    let what = Words::from_id("what-isready");
    match res {
        Ok(true) => c.r.ok(what, Words::none()),
        Ok(false) => {
            c.r.fail(
                what,
                words!("check-no-readyok", ms = ping_ms),
                reason_hint(Reason::Stall),
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail(what, fault_words(&f), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    // With a token.
    let token = "7041";
    let Some(e) = c.engine.as_mut() else {
        return false;
    };
    let res = e
        .command(&Command::IsReady(Some(token.into())))
        .and_then(|_| {
            let deadline = Instant::now() + ms(ping_ms);
            loop {
                match e.read_line(deadline)? {
                    Some(l) if is_readyok(&l) => return Ok(Some(l)),
                    Some(_) => {}
                    None => return Ok(None),
                }
            }
        });
    let what = words!("what-isready-token", token = token);
    match res {
        Ok(Some(l)) => match token_answer(&l, token) {
            TokenAnswer::Echoed => c.r.ok(what, words!("check-quoted", line = l)),
            TokenAnswer::Bare => c.r.warn(
                what,
                words!("check-bare-readyok"),
                words!("hint-echo-token", token = token),
            ),
            TokenAnswer::Wrong => c.r.fail(
                what,
                words!("check-answered", line = l),
                words!("hint-echo-token-exactly", token = token),
            ),
        },
        Ok(None) => {
            c.r.fail(
                what,
                words!("check-no-readyok", ms = ping_ms),
                Words::from_id("hint-token-readyok"),
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail(what, fault_words(&f), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    true
}

/// How a `readyok` line answered `isready <token>`.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum TokenAnswer {
    /// `readyok <token>`: ok.
    Echoed,
    /// A bare `readyok`: a warn (the arbiter accepts it).
    Bare,
    /// Another token, or a malformed `readyok` line: a FAIL.
    Wrong,
}

pub(super) fn token_answer(line: &str, token: &str) -> TokenAnswer {
    match line.parse::<Reply>() {
        Ok(Reply::ReadyOk(Some(t))) if t == token => TokenAnswer::Echoed,
        Ok(Reply::ReadyOk(None)) => TokenAnswer::Bare,
        _ => TokenAnswer::Wrong,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_must_come_back() {
        assert_eq!(token_answer("readyok 7041", "7041"), TokenAnswer::Echoed);
        assert_eq!(
            token_answer("  readyok   7041 ", "7041"),
            TokenAnswer::Echoed
        );
        assert_eq!(token_answer("readyok", "7041"), TokenAnswer::Bare);
        for wrong in ["readyok 7042", "readyok 7041 7041", "readyok x"] {
            assert_eq!(token_answer(wrong, "7041"), TokenAnswer::Wrong, "{wrong}");
        }
        // A `readyok` the typed parse rejects is still the answer (judged wrong).
        assert!(is_readyok("readyok 7041 7041"));
    }
}
