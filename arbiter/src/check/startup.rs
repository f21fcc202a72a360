//! Layer 1, start-up: the program is found, the handshake (`ugi` →
//! `ugiok`), with a probe that tells an engine that never flushes its output
//! from one that is silent.

use super::common::reason_hint;
use super::common::{fault_words, hint, ms};
use super::{isready::isready_layer, Checker, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault, Stall, Startup, Step, Timeouts};
use crate::engines::config::ExternalSpec;
use crate::engines::process::{Event, Proc, Stream};
use crate::i18n::{words, Words};
use crate::results::result::Reason;
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
    let fix = match d {
        // `ugiok` came; the first `isready` did not get its `readyok`.
        Startup::At {
            step: Step::FirstIsready,
            fault,
        } => {
            let fix = match **fault {
                Fault::Stall(Stall::NoReadyok { .. }) => reason_hint(Reason::Stall),
                _ => Words::from_id("hint-exited"),
            };
            let note = words!("check-first-isready", detail = fault.to_string());
            return (Words::from_id("what-isready"), note, fix);
        }
        Startup::NoUgiok { .. } => {
            let wait = spec.startup_ms.unwrap_or(timeouts.startup_ms).min(2_000);
            match flush_probe(spec, wait) {
                Probe::OnlyAtEnd => "hint-flush",
                Probe::Early => "hint-ugiok-late",
                Probe::Silent => "hint-silent",
            }
        }
        Startup::CannotStart(_) => "hint-command",
        Startup::At { fault, .. } if **fault == Fault::Stall(Stall::NoInput) => "hint-read-stdin",
        _ => "hint-exited",
    };
    let text = d.to_string();
    let fix = if spec.confine.is_some() && crate::engines::sandbox::is_refusal(&text) {
        "hint-sandbox"
    } else {
        fix
    };
    let note = match d {
        Startup::At {
            step: Step::Handshake,
            fault,
        } => fault.to_string(),
        _ => text,
    };
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

    fn failure(startup: Startup) -> (String, String, Words) {
        let spec = ExternalSpec::shell("true");
        let (what, note, fix) =
            startup_failure(&spec, &Timeouts::default(), &Fault::Startup(startup));
        (en(&what), en(&note), fix)
    }

    fn at(step: Step, fault: Fault) -> Startup {
        Startup::At {
            step,
            fault: Box::new(fault),
        }
    }

    #[test]
    fn the_hint_follows_what_went_wrong_at_the_start() {
        let no_readyok = at(
            Step::FirstIsready,
            Fault::Stall(Stall::NoReadyok { ms: 100 }),
        );
        assert_eq!(
            no_readyok.to_string(),
            "first isready: no readyok within 100 ms"
        );
        let (what, note, fix) = failure(no_readyok);
        assert_eq!(what, "isready");
        assert_eq!(
            note,
            "no readyok within 100 ms (the first `isready`, right after the handshake)"
        );
        assert_eq!(fix, reason_hint(Reason::Stall));
        let exited = Fault::Crash("exited with code 1".into());
        let (what, _, fix) = failure(at(Step::FirstIsready, exited));
        assert_eq!((what.as_str(), fix.id.as_str()), ("isready", "hint-exited"));
        let (what, note, fix) = failure(Startup::CannotStart("'nope': no such file".into()));
        assert_eq!(
            (what.as_str(), fix.id.as_str()),
            ("handshake", "hint-command")
        );
        assert_eq!(note, "cannot start: 'nope': no such file");
        let (_, note, fix) = failure(at(Step::Handshake, Fault::Stall(Stall::NoInput)));
        assert_eq!(note, "does not read its input");
        assert!(
            en(&fix).starts_with("read the commands from stdin"),
            "{fix:?}"
        );
        let (_, note, fix) = failure(at(Step::Options, Fault::Stall(Stall::NoInput)));
        assert_eq!(note, "options: does not read its input");
        assert_eq!(fix.id, "hint-read-stdin");
        let exited = Fault::Crash("exited with code 2".into());
        let (_, _, fix) = failure(at(Step::Handshake, exited));
        assert_eq!(fix.id, "hint-exited");
        let exited = Startup::Exited {
            status: "exited with code 3".into(),
            stderr: String::new(),
        };
        assert_eq!(
            exited.to_string(),
            "exited during the handshake (exited with code 3)"
        );
        let (_, _, fix) = failure(exited);
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
