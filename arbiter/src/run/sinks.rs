//! The sinks of a run ([`crate::run::events`]): the journal
//! ([`JournalSink`]), the progress bar with the faults told as they happen
//! ([`Progress`]), the live web page ([`Live`]) and the sequential test
//! ([`Watch`]), each on its own.

use crate::out::progress_bar;
use crate::results::html::Live;
use crate::results::journal::Journal;
use crate::results::record::GameRecord;
use crate::results::report;
use crate::results::sprt::Watch;
use crate::results::stats;
use crate::run::events::{Event, Flow, Sink};
use crate::run::shard::PlanLine;
use anyhow::Result;
use indicatif::ProgressBar;
use std::path::Path;
use std::time::{Duration, Instant};

/// The results journal: every finished game appended and flushed as it
/// ends (so the journal never lags the games), and a sharded plan's plan
/// line written before the first, unless the journal has it already.
pub(crate) struct JournalSink {
    journal: Journal,
    /// The plan lines already in the journal, verbatim.
    plan_lines: Vec<String>,
    /// The command line, kept in the plan line (the command that resumes
    /// the shard).
    command: Vec<String>,
}

impl JournalSink {
    /// Opens (creating) the journal at `path`, which holds `plan_lines`.
    pub(crate) fn open(path: &Path, plan_lines: Vec<String>, command: &[String]) -> Result<Self> {
        Ok(JournalSink {
            journal: Journal::open(path)?,
            plan_lines,
            command: command.to_vec(),
        })
    }
}

impl Sink for JournalSink {
    fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
        match event {
            Event::Planned { plan, .. } => {
                if let Some(share) = &plan.shard {
                    let line = PlanLine {
                        tournament: plan.fingerprint.clone(),
                        game: plan.game.to_string(),
                        shard: share.shard,
                        names: plan.names(),
                        keys: share.keys.clone(),
                        owners: share.owners.clone(),
                        command: self.command.clone(),
                    }
                    .to_line();
                    if !self.plan_lines.contains(&line) {
                        self.journal.append_line(&line)?;
                    }
                }
            }
            Event::GameFinished { record, .. } => self.journal.append(record)?,
            Event::GameStarted { .. } | Event::Move { .. } | Event::Interrupted | Event::Done => {}
        }
        Ok(Flow::Continue)
    }
}

/// The progress bar on stderr (games done of the plan, the leaders, the
/// sequential test's LLR) and each game lost by a fault, told as it ends in
/// one plain line (`fault: <key> alice (p1) lost by timeout after 12 moves:
/// …`), with or without the bar.
pub(crate) struct Progress {
    bar: ProgressBar,
    shown: bool,
    names: Vec<String>,
    /// The sequential test, followed for the bar's message.
    sprt: Option<Watch>,
    /// When the message was last rewritten.
    written: Instant,
}

impl Progress {
    /// A bar, `shown` or hidden (the faults are told either way).
    pub(crate) fn new(shown: bool, sprt: Option<Watch>) -> Progress {
        Progress {
            bar: ProgressBar::hidden(),
            shown,
            names: Vec::new(),
            sprt,
            written: Instant::now(),
        }
    }

    fn message(&self, records: &[GameRecord]) -> String {
        match &self.sprt {
            Some(w) => format!("{}  {}", w.status(), leaders(&self.names, records)),
            None => leaders(&self.names, records),
        }
    }
}

impl Sink for Progress {
    fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
        match event {
            Event::Planned { plan, done } => {
                self.names = plan.names();
                let total = plan.games.len() as u64;
                self.bar = progress_bar(self.shown, total, "games");
                self.bar.set_position(done.len() as u64);
                if let Some(w) = self.sprt.as_mut() {
                    done.iter().for_each(|r| w.add(r));
                }
                self.bar.set_message(self.message(done));
                self.written = Instant::now();
            }
            Event::GameFinished { record, records } => {
                // One plain line (no log prefix), the bar put aside while
                // it is written; the count per entrant comes at the end.
                if let Some(line) = report::fault_notice(record) {
                    self.bar.suspend(|| crate::errln!("{line}"));
                }
                if let Some(w) = self.sprt.as_mut() {
                    w.add(record);
                }
                self.bar.inc(1);
                // The leaders take a pass over every game: not more than
                // five times a second.
                if self.shown && self.written.elapsed() >= Duration::from_millis(200) {
                    self.bar.set_message(self.message(records));
                    self.written = Instant::now();
                }
            }
            Event::GameStarted { game } => {
                let name = |i: usize| self.names.get(i).map_or("?", String::as_str);
                log::debug!(
                    "{} starts: {} against {}",
                    game.key,
                    name(game.p1),
                    name(game.p2)
                );
            }
            Event::Move { game, ply, mv } => log::trace!("{} ply {ply}: {mv}", game.key),
            Event::Interrupted => {}
            Event::Done => self.bar.finish_and_clear(),
        }
        Ok(Flow::Continue)
    }
}

/// The three leaders by game points: `name points/games`.
fn leaders(names: &[String], records: &[GameRecord]) -> String {
    stats::standings(names, records, stats::Scoring::Games)
        .iter()
        .take(3)
        .map(|s| format!("{} {:.1}/{}", s.name, s.score.points, s.games))
        .collect::<Vec<_>>()
        .join("  ")
}

/// The live page (`--html-live`) rewritten as games end (at most once a
/// second: see [`Live`]).
impl Sink for Live {
    fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
        if let Event::GameFinished { records, .. } = event {
            self.game_finished(records);
        }
        Ok(Flow::Continue)
    }
}

/// The sequential test (`--sprt`): counts the games, those resumed first,
/// and winds the run down once a bound is reached (the boards under way are
/// finished; their games may move the LLR back inside, as the report says).
impl Sink for Watch {
    fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
        match event {
            Event::Planned { done, .. } => done.iter().for_each(|r| self.add(r)),
            Event::GameFinished { record, .. } => self.add(record),
            Event::GameStarted { .. } | Event::Move { .. } | Event::Interrupted | Event::Done => {}
        }
        Ok(match self.decided() {
            Some(_) => Flow::WindDown,
            None => Flow::Continue,
        })
    }
}
