//! Layer 2: `isready` and `isready <token>` (the token echoed).

use super::common::{first_word, hint, ms};
use super::Checker;
use crate::client::Fault;
use std::time::Instant;

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
    let res = e.send("isready").and_then(|_| {
        let deadline = Instant::now() + ms(ping_ms);
        loop {
            match e.read_line(deadline)? {
                Some(l) if first_word(&l) == "readyok" => return Ok(true),
                Some(_) => {}
                None => return Ok(false),
            }
        }
    });
    match res {
        Ok(true) => c.r.ok("isready", ""),
        Ok(false) => {
            c.r.fail(
                "isready",
                &format!("no readyok within {ping_ms} ms"),
                hint(&Fault::Stall(String::new())),
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail("isready", &f.to_string(), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    // With a token.
    let token = "7041";
    let Some(e) = c.engine.as_mut() else {
        return false;
    };
    let res = e.send(&format!("isready {token}")).and_then(|_| {
        let deadline = Instant::now() + ms(ping_ms);
        loop {
            match e.read_line(deadline)? {
                Some(l) if first_word(&l) == "readyok" => return Ok(Some(l)),
                Some(_) => {}
                None => return Ok(None),
            }
        }
    });
    let what = format!("isready {token}");
    match res {
        Ok(Some(l)) => {
            let words: Vec<&str> = l.split_whitespace().collect();
            match words.as_slice() {
                ["readyok", t] if *t == token => c.r.ok(&what, &format!("'{l}'")),
                ["readyok"] => c.r.warn(
                    &what,
                    "answered a bare `readyok`",
                    &format!("echo the token: `isready {token}` → `readyok {token}`"),
                ),
                _ => c.r.fail(
                    &what,
                    &format!("answered '{l}'"),
                    &format!(
                        "echo the token exactly: `isready {token}` → `readyok {token}` \
                         (the arbiter waits for its own token)"
                    ),
                ),
            }
        }
        Ok(None) => {
            c.r.fail(
                &what,
                &format!("no readyok within {ping_ms} ms"),
                "answer `isready <token>` with `readyok <token>` (the token is one word)",
            );
            c.drop_engine();
            return false;
        }
        Err(f) => {
            c.r.fail(&what, &f.to_string(), hint(&f));
            c.drop_engine();
            return false;
        }
    }
    true
}
