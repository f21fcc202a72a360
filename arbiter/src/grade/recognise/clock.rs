//! What the source says of the clock's units: the kit's own rule
//! (`source-clock` in `adapters/lisp/project.lisp`), read here so that the
//! experiment starts from it. The experiment then confirms it by playing, or
//! decides when the source cannot tell; the decision is written in the
//! description (`:clock`, `:clock-why`), in the season's folder, so it is
//! made once per submission.

use super::files::LispFile;
use super::source::Unit;

/// The kit's clock settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Clock {
    /// Milliseconds, as the course's contract says.
    Ms,
    /// Raw `get-internal-real-time` units (x1000 under SBCL).
    Internal,
    /// Whole seconds (`get-universal-time`).
    Seconds,
}

impl Clock {
    /// The description's value.
    pub(crate) fn keyword(self) -> &'static str {
        match self {
            Clock::Ms => ":ms",
            Clock::Internal => ":internal",
            Clock::Seconds => ":seconds",
        }
    }
}

/// The source's verdict: `Some(clock)` when it tells, with why.
pub(super) fn from_source(files: &[LispFile]) -> (Option<Clock>, String) {
    let uses: Vec<(&str, &super::source::ClockUse)> = files
        .iter()
        .flat_map(|f| f.facts.clock.iter().map(move |c| (f.name.as_str(), c)))
        .collect();
    let names: Vec<String> = uses
        .iter()
        .map(|(file, c)| format!("{} ({file})", c.name))
        .collect();
    let names = names.join(", ");
    let converts_anywhere = files.iter().any(|f| f.facts.converts_anywhere);
    let raw: Vec<Unit> = {
        let mut r: Vec<Unit> = uses
            .iter()
            .map(|(_, c)| c.unit)
            .filter(|u| *u != Unit::Ms)
            .collect();
        r.sort();
        r.dedup();
        r
    };
    let some_ms = uses.iter().any(|(_, c)| c.unit == Unit::Ms);
    if uses.is_empty() {
        return (
            Some(Clock::Ms),
            "the source never reads the clock: milliseconds".into(),
        );
    }
    match raw.as_slice() {
        [] => (
            Some(Clock::Ms),
            format!("the source converts where it reads the clock ({names}): milliseconds"),
        ),
        [Unit::Internal] if !some_ms && !converts_anywhere => (
            Some(Clock::Internal),
            format!("the source compares raw get-internal-real-time differences with tempo ({names}): raw units"),
        ),
        [Unit::Seconds] if !some_ms => (
            Some(Clock::Seconds),
            format!("the source compares get-universal-time differences (seconds) with tempo ({names}): seconds"),
        ),
        _ => (
            None,
            format!("the source reads the clock in {names} and converts it only in some forms"),
        ),
    }
}

/// A line naming a project that times itself with CPU time, if it does.
pub(super) fn cpu(files: &[LispFile]) -> Option<String> {
    let names: Vec<String> = files
        .iter()
        .flat_map(|f| {
            f.facts
                .clock
                .iter()
                .filter(|c| c.run_time)
                .map(move |c| format!("{} ({})", c.name, f.name))
        })
        .collect();
    (!names.is_empty()).then(|| {
        format!(
            "it times itself with get-internal-run-time (CPU time) in {}: run it on an idle machine",
            names.join(", ")
        )
    })
}
