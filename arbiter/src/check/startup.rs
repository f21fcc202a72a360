//! Layer 1, start-up: the program is found, the handshake (`ugi` →
//! `ugiok`), with a probe that tells an engine that never flushes its output
//! from one that is silent.

use super::common::{fault_words, hint, ms};
use super::{isready::isready_layer, Checker, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::engines::config::ExternalSpec;
use crate::engines::process::{Event, Proc, Stream};
use crate::i18n::{words, Words};
use std::time::Instant;
use tabula::protocol::command::Command;

/// The program, the handshake (with the flush probe) and `isready` with and
/// without a token. False when nothing more can be checked.
pub(super) fn startup(c: &mut Checker) -> bool {
    if let Err(e) = c.spec.check_program() {
        c.r.fail(
            Words::from_id("what-program"),
            words!("check-detail", detail = format!("{e:#}")),
            Words::from_id("hint-command"),
        );
        return false;
    }
    c.r.ok(Words::from_id("what-program-found"), Words::none());

    let t0 = Instant::now();
    let engine = match Engine::start(c.spec, &c.o.timeouts) {
        Ok(e) => e,
        Err(f) => {
            let (what, note, fix) = startup_failure(c.spec, &c.o.timeouts, &f);
            c.r.fail(what, note, fix);
            return false;
        }
    };
    c.r.checked.handshake = true;
    let id = match engine.id_name.clone() {
        Some(id) => words!("check-detail", detail = id),
        None => words!("check-no-id"),
    };
    c.r.ok(
        Words::from_id("what-handshake"),
        words!(
            "check-handshake-ok",
            id = id,
            ms = t0.elapsed().as_millis() as u64,
            options = engine.options.join(", ")
        ),
    );
    c.engine = Some(engine);
    isready_layer(c)
}

/// The layer (`handshake` or `isready`), the note and the hint for an engine
/// that did not start: the hint follows what went wrong.
pub(super) fn startup_failure(
    spec: &ExternalSpec,
    timeouts: &Timeouts,
    f: &Fault,
) -> (Words, Words, Words) {
    let handshake = Words::from_id("what-handshake");
    let Fault::Startup(d) = f else {
        return (handshake, fault_words(f), hint(f));
    };
    // `ugiok` came; the first `isready` did not get its `readyok`.
    if let Some(rest) = d.strip_prefix("first isready: ") {
        let fix = if rest.starts_with("no readyok") {
            hint(&Fault::Stall(String::new()))
        } else {
            Words::from_id("hint-exited")
        };
        let note = words!("check-first-isready", detail = rest);
        return (Words::from_id("what-isready"), note, fix);
    }
    let fix = if d.starts_with("no ugiok") {
        let wait = spec.startup_ms.unwrap_or(timeouts.startup_ms).min(2_000);
        match flush_probe(spec, wait) {
            Probe::OnlyAtEnd => "hint-flush",
            Probe::Early => "hint-ugiok-late",
            Probe::Silent => "hint-silent",
        }
    } else if d.starts_with("cannot start") {
        "hint-command"
    } else if d.contains("does not read its input") {
        "hint-read-stdin"
    } else {
        "hint-exited"
    };
    let fix = if spec.confine.is_some() && crate::engines::sandbox::is_refusal(d) {
        "hint-sandbox"
    } else {
        fix
    };
    let note = d.strip_prefix("handshake: ").unwrap_or(d);
    (
        handshake,
        words!("check-detail", detail = note),
        Words::from_id(fix),
    )
}

pub(super) enum Probe {
    /// Output came only once the input was closed: unflushed output.
    OnlyAtEnd,
    /// Output came before the input was closed.
    Early,
    /// Nothing at all.
    Silent,
}

/// Starts the engine once more, sends `ugi`, waits `wait_ms`, closes its
/// input and watches for output.
pub(super) fn flush_probe(spec: &ExternalSpec, wait_ms: u64) -> Probe {
    let Ok(mut p) = Proc::spawn(spec) else {
        return Probe::Silent;
    };
    let _ = p.send(&Command::Hello { uci: false }.to_string());
    let out_line = |p: &mut Proc, until: Instant| -> bool {
        loop {
            let now = Instant::now();
            if now >= until {
                return false;
            }
            match p.events.recv_timeout(until - now) {
                Ok(Event::Line(Stream::Out, _, _)) => return true,
                Ok(_) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => return false,
                Err(_) => return false,
            }
        }
    };
    let verdict = if out_line(&mut p, Instant::now() + ms(wait_ms)) {
        Probe::Early
    } else {
        p.close_input();
        if out_line(&mut p, Instant::now() + ms(STOP_DEADLINE_MS)) {
            Probe::OnlyAtEnd
        } else {
            Probe::Silent
        }
    };
    p.kill();
    verdict
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en(w: &Words) -> String {
        crate::i18n::english().plain(w)
    }

    fn failure(detail: &str) -> (String, String, Words) {
        let spec = ExternalSpec::shell("true");
        let (what, note, fix) =
            startup_failure(&spec, &Timeouts::default(), &Fault::Startup(detail.into()));
        (en(&what), en(&note), fix)
    }

    #[test]
    fn the_hint_follows_what_went_wrong_at_the_start() {
        let (what, note, fix) = failure("first isready: no readyok within 100 ms");
        assert_eq!(what, "isready");
        assert_eq!(
            note,
            "no readyok within 100 ms (the first `isready`, right after the handshake)"
        );
        assert_eq!(fix, hint(&Fault::Stall(String::new())));
        let (what, _, fix) = failure("first isready: exited with code 1");
        assert_eq!((what.as_str(), fix.id.as_str()), ("isready", "hint-exited"));
        let (what, note, fix) = failure("cannot start 'nope': no such file");
        assert_eq!(
            (what.as_str(), fix.id.as_str()),
            ("handshake", "hint-command")
        );
        assert_eq!(note, "cannot start 'nope': no such file");
        let (_, note, fix) = failure("handshake: the engine does not read its input");
        assert_eq!(note, "the engine does not read its input");
        assert!(
            en(&fix).starts_with("read the commands from stdin"),
            "{fix:?}"
        );
        let (_, _, fix) = failure("handshake: exited with code 2");
        assert_eq!(fix.id, "hint-exited");
        let crash = Fault::Crash("gone".into());
        let spec = ExternalSpec::shell("true");
        let (what, note, fix) = startup_failure(&spec, &Timeouts::default(), &crash);
        assert_eq!(
            (en(&what), en(&note), fix),
            ("handshake".to_string(), crash.to_string(), hint(&crash))
        );
    }
}
