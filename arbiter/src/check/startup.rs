//! Layer 1, start-up: the program is found, the handshake (`ugi` →
//! `ugiok`), with a probe that tells an engine that never flushes its output
//! from one that is silent.

use super::common::{hint, ms, COMMAND_HINT, EXITED_HINT, FLUSH_HINT};
use super::{isready::isready_layer, Checker, STOP_DEADLINE_MS};
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::engines::config::ExternalSpec;
use crate::engines::process::{Event, Proc, Stream};
use std::time::Instant;
use tabula::protocol::command::Command;

/// The program, the handshake (with the flush probe) and `isready` with and
/// without a token. False when nothing more can be checked.
pub(super) fn startup(c: &mut Checker) -> bool {
    if let Err(e) = c.spec.check_program() {
        c.r.fail("program", &format!("{e:#}"), COMMAND_HINT);
        return false;
    }
    c.r.ok("program found", "");

    let t0 = Instant::now();
    let engine = match Engine::start(c.spec, &c.o.timeouts) {
        Ok(e) => e,
        Err(f) => {
            let (what, note, fix) = startup_failure(c.spec, &c.o.timeouts, &f);
            c.r.fail(what, &note, &fix);
            return false;
        }
    };
    let id = engine
        .id_name
        .clone()
        .unwrap_or_else(|| "(no `id name`)".into());
    c.r.ok(
        "handshake",
        &format!(
            "{id}, {} ms, options: [{}]",
            t0.elapsed().as_millis(),
            engine.options.join(", ")
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
) -> (&'static str, String, String) {
    let Fault::Startup(d) = f else {
        return ("handshake", f.to_string(), hint(f).to_string());
    };
    // `ugiok` came; the first `isready` did not get its `readyok`.
    if let Some(rest) = d.strip_prefix("first isready: ") {
        let fix = if rest.starts_with("no readyok") {
            hint(&Fault::Stall(String::new()))
        } else {
            EXITED_HINT
        };
        let note = format!("{rest} (the first `isready`, right after the handshake)");
        return ("isready", note, fix.to_string());
    }
    let fix = if d.starts_with("no ugiok") {
        let wait = spec.startup_ms.unwrap_or(timeouts.startup_ms).min(2_000);
        match flush_probe(spec, wait) {
            Probe::OnlyAtEnd => FLUSH_HINT,
            Probe::Early => {
                "the engine answers, but its `ugiok` came too late or never: send `ugiok` \
                 at once after `ugi` (load big tables later)"
            }
            Probe::Silent => {
                "the engine wrote nothing at all, not even at the end of its input: does it \
                 read stdin and answer `ugi`?"
            }
        }
    } else if d.starts_with("cannot start") {
        COMMAND_HINT
    } else if d.contains("does not read its input") {
        "read the commands from stdin, one per line, from the start"
    } else {
        EXITED_HINT
    };
    let fix = if spec.confine.is_some() && crate::engines::sandbox::is_refusal(d) {
        crate::engines::sandbox::REFUSAL_HINT
    } else {
        fix
    };
    let note = d.strip_prefix("handshake: ").unwrap_or(d);
    ("handshake", note.to_string(), fix.to_string())
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

    fn failure(detail: &str) -> (&'static str, String, String) {
        let spec = ExternalSpec::shell("true");
        startup_failure(&spec, &Timeouts::default(), &Fault::Startup(detail.into()))
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
        assert_eq!((what, fix.as_str()), ("isready", EXITED_HINT));
        let (what, note, fix) = failure("cannot start 'nope': no such file");
        assert_eq!((what, fix.as_str()), ("handshake", COMMAND_HINT));
        assert_eq!(note, "cannot start 'nope': no such file");
        let (_, note, fix) = failure("handshake: the engine does not read its input");
        assert_eq!(note, "the engine does not read its input");
        assert!(fix.starts_with("read the commands from stdin"), "{fix}");
        let (_, _, fix) = failure("handshake: exited with code 2");
        assert_eq!(fix, EXITED_HINT);
        let crash = Fault::Crash("gone".into());
        let spec = ExternalSpec::shell("true");
        let (what, note, fix) = startup_failure(&spec, &Timeouts::default(), &crash);
        assert_eq!(
            (what, note, fix),
            ("handshake", crash.to_string(), hint(&crash).to_string())
        );
    }
}
