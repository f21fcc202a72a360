//! What happens while a plan is played, as events, and the [`Sink`]s that
//! hear them.
//!
//! The runner ([`crate::run::tournament`]) plans, deals the boards to its
//! workers and tells each event to every sink in turn; it knows nothing of
//! what they do with it. The journal, the progress bar, the live web page
//! and the sequential test are sinks ([`crate::run::sinks`]); another
//! (an analysis of the games as they end, say) is one more `impl Sink`, and
//! an event it needs (a game started, a move played) one more variant.

use crate::results::record::GameRecord;
use crate::run::plan::{Plan, PlannedGame};
use anyhow::Result;

/// One thing that happened in a run, in the order it happened.
pub(crate) enum Event<'a> {
    /// The plan is about to be played; `done` are its games already in the
    /// journal (checked, resumed), in file order.
    Planned {
        plan: &'a Plan,
        done: &'a [GameRecord],
    },
    /// A worker starts a game of the plan (its engines are about to be
    /// told the position).
    GameStarted { game: &'a PlannedGame },
    /// A game ended: its record, and every record of the plan so far (the
    /// resumed ones first, this one last).
    GameFinished {
        record: &'a GameRecord,
        records: &'a [GameRecord],
    },
    /// The run was interrupted (Ctrl-C, SIGTERM) before its last game:
    /// the games under way were abandoned. [`Event::Done`] follows.
    Interrupted,
    /// The run is over (every game played, or stopped: Ctrl-C, a decided
    /// test, a journal that could not be written).
    Done,
}

/// What a sink wants of the run after an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Go on.
    Continue,
    /// Finish the boards under way and start no other (a decided
    /// sequential test).
    WindDown,
}

/// Something that hears the events of a run.
pub(crate) trait Sink {
    /// Hears one event. An error (a journal that cannot be written) stops
    /// the run: the games under way are abandoned and the run returns it.
    fn event(&mut self, event: &Event<'_>) -> Result<Flow>;
}

/// Tells `event` to every sink, in order. Every sink hears it whatever the
/// others answered; the flow is [`Flow::WindDown`] if any sink asked for it,
/// and the error is the first one.
pub(crate) fn tell(sinks: &mut [&mut dyn Sink], event: &Event<'_>) -> Result<Flow> {
    let mut flow = Flow::Continue;
    let mut error = None;
    for sink in sinks.iter_mut() {
        match sink.event(event) {
            Ok(Flow::WindDown) => flow = Flow::WindDown,
            Ok(Flow::Continue) => {}
            Err(e) => {
                error.get_or_insert(e);
            }
        }
    }
    match error {
        Some(e) => Err(e),
        None => Ok(flow),
    }
}
