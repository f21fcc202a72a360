//! The clock's units, settled with the best candidate, once per
//! submission: the source's verdict when it has one, confirmed by a call
//! with the championship's move time; else decided by calls, each a move
//! of its own (never two calls inside one move): the move time in
//! milliseconds (used for at least a quarter of it: milliseconds), then,
//! answered faster, half of it in raw internal units, cut off at the move
//! time (used for about that long, or a legal move where the first call
//! answered none: raw units; cut off: milliseconds; fast again: raw units
//! when the entry itself compares a raw difference with its tempo (a check
//! after a search of fixed depth), else milliseconds).

use super::judge::{Called, Verdict};
use super::spots::Spot;
use super::{Best, Session, Setup};
use crate::grade::recognise::clock::Clock;

/// One call of the best candidate: (what it did, its verdict).
fn call(
    session: &mut Session,
    best: &Best,
    spot: &Spot,
    tempo: u64,
    limit: u64,
    clock: Clock,
) -> (Called, Verdict) {
    let readings = [best.reading.clone()];
    let called = session.call(&best.candidate, &readings, spot, tempo, limit, clock);
    let verdict = super::judge::verdict(&called, 0, spot);
    (called, verdict)
}

/// (the clock, how it was decided, whether a call verified it); sets
/// `best.late` when the deciding call answered a legal move more than
/// 100 ms after its tempo (the move time less 30 ms): after the
/// championship's move time and its margin.
pub(super) fn decide(
    session: &mut Session,
    best: &mut Best,
    spot: &Spot,
    setup: &Setup,
    movetime: u64,
) -> (Clock, String, bool) {
    let tempo = movetime.saturating_sub(30).clamp(100, 1000);
    if session.out_of_time() {
        let clock = setup.clock.unwrap_or(Clock::Ms);
        return (
            clock,
            format!("{} (not tried: time)", setup.clock_why),
            false,
        );
    }
    match setup.clock {
        Some(clock) => confirm(session, best, spot, setup, tempo, clock),
        None => by_calls(session, best, spot, setup, tempo),
    }
}

/// The source's verdict `clock`, confirmed by a call with the tempo.
fn confirm(
    session: &mut Session,
    best: &mut Best,
    spot: &Spot,
    setup: &Setup,
    tempo: u64,
    clock: Clock,
) -> (Clock, String, bool) {
    let (called, v) = call(session, best, spot, tempo, tempo + 1500, clock);
    let ms = called.ms();
    best.late = v.legal() && ms > tempo + 100;
    let why = match &v {
        Verdict::Legal(_) if ms <= tempo + 100 => format!(
            "{}; confirmed by a call: a legal move in {ms} ms of a {tempo} ms tempo",
            setup.clock_why
        ),
        Verdict::Legal(_) => format!(
            "{}; a call answered a legal move in {ms} ms of a {tempo} ms tempo: late at this move time",
            setup.clock_why
        ),
        other => format!(
            "{}; not confirmed: a call with a {tempo} ms tempo gave {}",
            setup.clock_why,
            other.describe()
        ),
    };
    (clock, why, v.legal())
}

/// No verdict from the source: decided by calls, the move time in
/// milliseconds first, then half of it in raw units.
fn by_calls(
    session: &mut Session,
    best: &mut Best,
    spot: &Spot,
    setup: &Setup,
    tempo: u64,
) -> (Clock, String, bool) {
    let (first, v1) = call(session, best, spot, tempo, tempo + 1500, Clock::Ms);
    let e1 = first.ms();
    if v1.legal() && e1 * 4 >= tempo {
        best.late = e1 > tempo + 100;
        return (
            Clock::Ms,
            format!(
                "{}; a call used {e1} ms of a {tempo} ms tempo: milliseconds",
                setup.clock_why
            ),
            true,
        );
    }
    if session.out_of_time() {
        return (
            Clock::Ms,
            format!("{} (not tried further: time)", setup.clock_why),
            v1.legal(),
        );
    }
    let (second, v2) = call(session, best, spot, tempo / 2, tempo, Clock::Internal);
    let e2 = second.ms();
    after_raw_call(best, setup, tempo, (e1, &v1), (e2, &v2))
}

/// The clock from the first call (`e1` ms, verdict `v1`, in milliseconds)
/// and the second (`e2`, `v2`, half the tempo in raw units).
fn after_raw_call(
    best: &Best,
    setup: &Setup,
    tempo: u64,
    (e1, v1): (u64, &Verdict),
    (e2, v2): (u64, &Verdict),
) -> (Clock, String, bool) {
    if v2.legal() && (e2 * 8 >= tempo || !v1.legal()) {
        return (
            Clock::Internal,
            format!(
                "{}; a call answered in {e1} ms with a {tempo} ms tempo ({}), another in {e2} ms with {} raw units ({}): raw units",
                setup.clock_why,
                v1.describe(),
                tempo / 2 * 1000,
                v2.describe()
            ),
            true,
        );
    }
    if *v2 == Verdict::Late {
        return (
            Clock::Ms,
            format!(
                "{}; a call ran past {tempo} ms when given {} raw units: milliseconds",
                setup.clock_why,
                tempo / 2 * 1000
            ),
            v1.legal(),
        );
    }
    // Answered as fast whatever the tempo: the time it takes does not
    // depend on it, what it answers may (a raw check after the search).
    if v2.legal() && setup.raw_internal.contains(&best.candidate.entry) {
        return (
            Clock::Internal,
            format!(
                "{}; calls answered in {e1} and {e2} ms whatever the tempo, and {} itself compares a raw get-internal-real-time difference with its tempo: raw units",
                setup.clock_why, best.candidate.entry
            ),
            true,
        );
    }
    (
        Clock::Ms,
        format!(
            "{}; calls answered in {e1} and {e2} ms whatever the tempo: it does not depend on the clock (milliseconds)",
            setup.clock_why
        ),
        v1.legal() || v2.legal(),
    )
}
