//! Tournaments: a plan played by workers, resumed from its journal, and a
//! whole tournament round by round.
//!
//! A run ([`run`]) resumes what the journal already holds
//! ([`crate::run::resume`]), deals the boards left to `--concurrency`
//! workers and tells what happens to its sinks ([`crate::run::events`]): the
//! journal, the progress bar, the live page, the sequential test. Running
//! the same command again skips the games already in the journal, so an
//! interrupted tournament resumes where it stopped, and since built-in
//! players are seeded from the key, the final results are the same as those
//! of an uninterrupted run.
//!
//! A worker plays the games of one board (both colours) in a row and keeps
//! the two engines running between them; an engine at fault is killed and a
//! fresh one is started for its next game. Each game lost by a fault is told
//! on stderr as it ends (who, why, after how many moves, the traffic log).

use crate::engines::builtin::Searchers;
use crate::engines::client::{Engine, Fault, Timeouts};
use crate::engines::config::{Kind, Problems};
use crate::play::game::{self, Seat, Settings};
use crate::results::analysis::Analyses;
use crate::results::html::Live;
use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use crate::results::sprt;
use crate::run::analyse::{AnalyseOptions, AnalysisSink};
use crate::run::events::{tell, Event, Flow, Sink};
use crate::run::plan::{first_plan, player_seed, swiss_round, Plan, PlannedGame, Setup};
use crate::run::resume::{resume, Resumed};
use crate::run::sinks::{JournalSink, Progress};
use crate::run::verify;
use crate::signals;
use anyhow::{bail, Result};
use std::collections::{HashMap, HashSet, VecDeque};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// How to run a plan.
#[derive(Clone, Debug)]
pub struct RunOptions {
    pub concurrency: usize,
    pub results: Option<PathBuf>,
    pub settings: Settings,
    pub progress: bool,
    /// A sequential test that ends the run once decided (a match only):
    /// the games of the boards being played are finished, no new board is
    /// started.
    pub sprt: Option<sprt::Watch>,
    /// The command line, recorded in a sharded journal's plan line (the
    /// command that resumes the shard).
    pub command: Vec<String>,
    /// A web page rewritten as games finish (`--html-live`).
    pub live: Option<Live>,
    /// The games analysed as they finish (`--analyse`).
    pub analyse: Option<AnalyseOptions>,
    /// The fingerprints of the other plans one season writes to the same
    /// journal (`arbiter grade`'s earlier rounds): their games are the
    /// season's, not another tournament's, and are not warned about.
    pub siblings: Vec<String>,
}

/// What a run produced.
#[derive(Default)]
pub struct RunResult {
    /// Every finished game of the plan (from the journal and from this run),
    /// in schedule order.
    pub records: Vec<GameRecord>,
    /// Games resumed from the journal.
    pub resumed: usize,
    /// Journal lines not trusted (see `run::verify`), told on stderr.
    pub rejected: usize,
    /// True when Ctrl-C stopped the run before the end.
    pub interrupted: bool,
    /// Games of the plan.
    pub total: usize,
    /// The sequential test at the end (with `--sprt`).
    pub sprt: Option<sprt::Watch>,
    /// A sharded Swiss: the round (0-based) whose share this run played;
    /// the next round waits for every shard's results.
    pub waiting_round: Option<u32>,
    /// The pairings played (each pair of entrants once, lower index first,
    /// sorted).
    pub pairings: Vec<(usize, usize)>,
    /// The analyses of the games (with `--analyse`).
    pub analyses: Option<Analyses>,
}

/// Refuses, before any game, an engine that cannot be found or that does
/// not declare a configured option: every entrant is checked and every
/// problem told in one error ([`Problems`]). An engine that fails its
/// handshake here only gets a warning: it will lose its games by `startup`.
pub(crate) fn preflight(plan: &Plan, timeouts: &Timeouts) -> Result<()> {
    let mut problems = Problems::default();
    for e in &plan.entrants {
        let Kind::External(spec) = &e.kind else {
            continue;
        };
        if let Err(why) = spec.check_program() {
            problems.add(&e.name, &why);
            continue;
        }
        if spec.options.is_empty() {
            continue;
        }
        match Engine::start(spec, timeouts) {
            Ok(engine) => {
                let unknown = engine.unknown_options(spec);
                let declared = engine.options.join(", ");
                engine.quit(timeouts.grace_ms);
                if !unknown.is_empty() {
                    problems.0.push(format!(
                        "engine '{}': unknown option(s) {} (it declares: {})",
                        e.name,
                        unknown.join(", "),
                        if declared.is_empty() {
                            "none"
                        } else {
                            &declared
                        }
                    ));
                }
            }
            Err(Fault::Interrupted) => bail!("interrupted"),
            Err(f) => log::warn!("engine '{}' failed its handshake at preflight: {f}", e.name),
        }
    }
    problems.into_result()
}

/// Plays the plan (resuming from the journal), `opts.concurrency` games at a
/// time, told to the journal, the progress bar, the live page and the
/// sequential test.
pub fn run(plan: &Plan, opts: &RunOptions) -> Result<RunResult> {
    let Resumed {
        done,
        rejected,
        plan_lines,
    } = match &opts.results {
        Some(path) => resume(plan, path, &opts.siblings)?,
        None => Resumed::default(),
    };
    let mut journal = match &opts.results {
        Some(path) => Some(JournalSink::open(path, plan_lines, &opts.command)?),
        None => None,
    };
    let mut progress = Progress::new(opts.progress, opts.sprt.clone());
    let mut sprt = opts.sprt.clone();
    let mut live = opts.live.clone();
    let mut sinks: Vec<&mut dyn Sink> = Vec::new();
    if let Some(j) = journal.as_mut() {
        sinks.push(j);
    }
    sinks.push(&mut progress);
    if let Some(w) = sprt.as_mut() {
        sinks.push(w);
    }
    // With an analysis, the live page hears the run through its sink (which
    // hands it each game's analysis as it comes back).
    let mut analysis = opts
        .analyse
        .clone()
        .map(|a| AnalysisSink::new(a, opts.concurrency.max(1), opts.progress, live.take()));
    if let Some(page) = live.as_mut() {
        sinks.push(page);
    }
    if let Some(a) = analysis.as_mut() {
        sinks.push(a);
    }
    let resumed = done.len();
    let (records, interrupted) = dispatch(plan, opts, done, &mut sinks)?;
    drop(sinks);
    Ok(RunResult {
        analyses: analysis.map(AnalysisSink::into_analyses),
        records,
        resumed,
        rejected,
        interrupted,
        total: plan.games.len(),
        sprt,
        waiting_round: None,
        pairings: normalised(&plan.pairings),
    })
}

/// Plays the games of `plan` that `done` does not hold, telling `sinks`
/// what happens. Returns every record of the plan, in schedule order, and
/// whether the run stopped before the end (Ctrl-C). The boards are the
/// items of the one work pool (`tabula::pool`), its threads the workers; a
/// board whose games panicked (a bug) ends the run with an error once the
/// others are played, its finished games journalled.
fn dispatch(
    plan: &Plan,
    opts: &RunOptions,
    done: Vec<GameRecord>,
    sinks: &mut [&mut dyn Sink],
) -> Result<(Vec<GameRecord>, bool)> {
    let wound_down = match tell(sinks, &Event::Planned { plan, done: &done }) {
        Ok(flow) => flow == Flow::WindDown,
        Err(e) => {
            let _ = tell(sinks, &Event::Done);
            return Err(e);
        }
    };
    let jobs: Vec<Vec<usize>> = match wound_down {
        true => Vec::new(),
        false => boards_to_play(plan, &done).into(),
    };
    let workers = opts.concurrency.max(1);
    // Bounded: a worker waits while its finished game is not yet heard,
    // so the journal, the progress and the SPRT never lag the games.
    let (tx, rx) = mpsc::sync_channel::<Report>(workers);
    let winding = AtomicBool::new(wound_down);
    let mut records = done;
    let (outcomes, failed) = std::thread::scope(|s| {
        let (jobs, winding) = (&jobs, &winding);
        let pool = s.spawn(move || {
            tabula::pool::run_with(
                jobs.len(),
                workers,
                || signals::interrupted() || winding.load(Ordering::SeqCst),
                Worker::default,
                |worker, j| worker.play_board(plan, opts, &jobs[j], &tx),
                |worker| worker.close(opts.settings.timeouts.grace_ms),
            )
        });
        let failed = listen(plan, rx, sinks, &mut records, winding);
        // (Only the pool's own threads can fail here: taken as every board's.)
        let outcomes = pool
            .join()
            .unwrap_or_else(|_| vec![Some(Err(tabula::pool::Panicked)); jobs.len()]);
        (outcomes, failed)
    });
    let order: HashMap<GameKey, usize> = (plan.games.iter().enumerate())
        .map(|(i, g)| (g.key, i))
        .collect();
    records.sort_by_key(|r| order.get(&r.key).copied().unwrap_or(usize::MAX));
    let wound_down = winding.load(Ordering::SeqCst);
    let interrupted = records.len() < plan.games.len() && signals::interrupted() && !wound_down;
    let told_stop = if interrupted {
        tell(sinks, &Event::Interrupted).map(|_| ())
    } else {
        Ok(())
    };
    let told = tell(sinks, &Event::Done).and(told_stop);
    if let Some(e) = failed {
        return Err(e);
    }
    told?;
    let lost: Vec<String> = (jobs.iter().zip(&outcomes))
        .filter(|(_, outcome)| matches!(outcome, Some(Err(_))))
        .map(|(job, _)| plan.games[job[0]].key.to_string())
        .collect();
    if !lost.is_empty() {
        bail!(
            "the games of {} (from {}) failed: a bug, see the log; the games finished are \
             kept{}",
            crate::out::plural(lost.len(), "board"),
            lost.join(", "),
            match opts.results {
                Some(_) => " in the journal, and the same command resumes the run",
                None => " nowhere (no --results)",
            }
        );
    }
    Ok((records, interrupted))
}

/// The runner's side: tells `sinks` what the workers report, each finished
/// game added to `records`, until every worker is done. A sink that winds
/// the run down sets `winding` (the boards under way are finished, no other
/// started); a sink's error stops the run (as Ctrl-C does) and is returned.
/// (`rx` is its own: were a sink to panic, the workers' sends fail and the
/// pool ends instead of waiting to be heard.)
fn listen(
    plan: &Plan,
    rx: mpsc::Receiver<Report>,
    sinks: &mut [&mut dyn Sink],
    records: &mut Vec<GameRecord>,
    winding: &AtomicBool,
) -> Option<anyhow::Error> {
    let mut failed = None;
    loop {
        let heard = match rx.recv_timeout(signals::POLL) {
            Ok(Report::Started(gi)) => tell(
                sinks,
                &Event::GameStarted {
                    game: &plan.games[gi],
                },
            ),
            Ok(Report::Move(gi, ply, mv)) => tell(
                sinks,
                &Event::Move {
                    game: &plan.games[gi],
                    ply,
                    mv: &mv,
                },
            ),
            Ok(Report::Finished(r)) => {
                records.push(*r);
                let record = &records[records.len() - 1];
                tell(sinks, &Event::GameFinished { record, records })
            }
            Err(mpsc::RecvTimeoutError::Timeout) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => return failed,
        };
        match heard {
            Ok(Flow::Continue) => {}
            Ok(Flow::WindDown) => winding.store(true, Ordering::SeqCst),
            Err(e) => {
                failed.get_or_insert(e);
                signals::INTERRUPTED.store(true, Ordering::SeqCst);
            }
        }
    }
}

/// The boards left to play, in schedule order: the games (indices in the
/// plan) of one board of one pairing, both colours, without those of `done`.
fn boards_to_play(plan: &Plan, done: &[GameRecord]) -> VecDeque<Vec<usize>> {
    let done_keys: HashSet<GameKey> = done.iter().map(|r| r.key).collect();
    let mut jobs: VecDeque<Vec<usize>> = VecDeque::new();
    let mut last_board = None;
    for ((i, game), board) in plan.games.iter().enumerate().zip(plan.board_numbers()) {
        if done_keys.contains(&game.key) {
            continue;
        }
        match jobs.back_mut() {
            Some(job) if last_board == Some(board) => job.push(i),
            _ => jobs.push_back(vec![i]),
        }
        last_board = Some(board);
    }
    jobs
}

/// Plays a whole tournament: a Swiss round by round (`play_swiss`); any
/// other format as one [`Plan`]. Returns the run over every round.
pub fn play(setup: Setup, opts: &RunOptions) -> Result<RunResult> {
    if setup.shard.is_some() && opts.results.is_none() {
        bail!(
            "--shard needs --results: the shard's journal, put together later by `arbiter merge`"
        );
    }
    if setup.format.is_swiss() {
        return play_swiss(&setup, opts);
    }
    let mut plan = first_plan(&setup)?;
    preflight(&plan, &opts.settings.timeouts)?;
    if let Some(s) = setup.shard {
        plan.keep_shard(s);
    }
    run(&plan, opts)
}

/// `pairings` each once, lower index first, sorted.
fn normalised(pairings: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = pairings
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// A Swiss, round by round, each round paired on the results of the rounds
/// before. Every round shares the first round's fingerprint (its pairings
/// depend on nothing), so the journal knows the whole tournament. A sharded
/// Swiss plays its share of the first round not yet complete in the journal
/// and stops there: the next round's pairings need every shard's results.
fn play_swiss(setup: &Setup, opts: &RunOptions) -> Result<RunResult> {
    if setup.entrants.len() < 2 {
        bail!("a tournament needs at least two engines");
    }
    crate::run::plan::check_swiss_size(setup)?;
    let mut all = RunResult::default();
    let mut pairings = Vec::new();
    let mut swiss_id: Option<String> = None;
    for round in 0..setup.rounds {
        let mut plan = swiss_round(setup, round, &all.records)?;
        match &swiss_id {
            None => {
                preflight(&plan, &opts.settings.timeouts)?;
                swiss_id = Some(plan.fingerprint.clone());
            }
            Some(id) => plan.fingerprint = id.clone(),
        }
        if let (Some(s), Some(path)) = (setup.shard, &opts.results) {
            // A round whose games are all in the journal (every shard's,
            // merged into it) is done; the first other one is played,
            // this shard's share only.
            let loaded = journal::load(path, &plan.fingerprint)?;
            let done = verify::verify(&plan, loaded.done, &loaded.lines, false).good;
            if done.len() == plan.games.len() {
                pairings.extend(plan.pairings.iter().copied());
                all.resumed += done.len();
                all.total += done.len();
                all.records.extend(done);
                continue;
            }
            plan.keep_shard(s);
            all.waiting_round = Some(round);
        }
        let mut round_opts = opts.clone();
        if let Some(page) = round_opts.live.as_mut() {
            page.earlier = all.records.clone();
        }
        let result = run(&plan, &round_opts)?;
        pairings.extend(plan.pairings.iter().copied());
        all.records.extend(result.records);
        if let Some(a) = result.analyses {
            all.analyses.get_or_insert_with(Default::default).extend(a);
        }
        all.resumed += result.resumed;
        all.rejected += result.rejected;
        all.total += result.total;
        if all.waiting_round.is_some() {
            all.interrupted = result.interrupted;
            break;
        }
        if result.interrupted {
            all.interrupted = true;
            all.total =
                (setup.rounds as usize) * (setup.entrants.len() / 2) * (setup.boards as usize) * 2;
            break;
        }
    }
    all.pairings = normalised(&pairings);
    Ok(all)
}

/// What a worker tells the runner.
enum Report {
    /// It starts the plan's game of this index.
    Started(usize),
    /// A move of that game: its ply and text.
    Move(usize, usize, String),
    /// A game ended (boxed: a record is large, a start a number).
    Finished(Box<GameRecord>),
}

/// A worker's own, kept from one board to the next: the engines of the
/// current pairing, running between games, and the built-in players'
/// searchers.
#[derive(Default)]
struct Worker {
    cache: Vec<(usize, Engine)>,
    searchers: Searchers,
}

impl Worker {
    /// Plays the games of one board (`job`: their indices in the plan) in a
    /// row, telling `tx`; stops at Ctrl-C.
    fn play_board(
        &mut self,
        plan: &Plan,
        opts: &RunOptions,
        job: &[usize],
        tx: &mpsc::SyncSender<Report>,
    ) {
        let timeouts = opts.settings.timeouts;
        for &gi in job {
            if signals::interrupted() {
                return;
            }
            let PlannedGame { key, p1, p2, .. } = plan.games[gi];
            // Engines of other entrants are no longer needed.
            let mut keep = Vec::new();
            for (idx, e) in self.cache.drain(..) {
                if idx == p1 || idx == p2 {
                    keep.push((idx, e));
                } else {
                    e.quit(timeouts.grace_ms);
                }
            }
            self.cache = keep;
            let mut seat_of = |side: usize, who: usize| -> Seat {
                match &plan.entrants[who].kind {
                    Kind::Builtin(b) => {
                        Seat::Builtin(self.searchers.player(b, player_seed(plan.seed, &key, side)))
                    }
                    Kind::External(spec) => {
                        let found = self.cache.iter().position(|(i, _)| *i == who);
                        match found {
                            Some(at) => Seat::External(Ok(self.cache.remove(at).1)),
                            None => Seat::External(Engine::start(spec, &timeouts)),
                        }
                    }
                }
            };
            let seats = [seat_of(0, p1), seat_of(1, p2)];
            if tx.send(Report::Started(gi)).is_err() {
                return;
            }
            let moves = tx.clone();
            let on_move: game::OnMove = Box::new(move |ply, mv| {
                // A closed channel: the runner is gone and the game ends.
                let _ = moves.send(Report::Move(gi, ply, mv.to_string()));
            });
            let played = game::play_watched(&plan.spec(gi), seats, &opts.settings, Some(on_move));
            let [e1, e2] = played.seats;
            for (who, e) in [(p1, e1), (p2, e2)] {
                if let Some(e) = e {
                    self.cache.push((who, e));
                }
            }
            for b in played.builtins.into_iter().flatten() {
                self.searchers.keep(b);
            }
            // No record: the game was cut short (Ctrl-C).
            let Some(r) = played.record else { return };
            if tx.send(Report::Finished(Box::new(r))).is_err() {
                return;
            }
        }
    }

    /// Ends the engines still running: killed after Ctrl-C, else asked to
    /// quit.
    fn close(self, grace_ms: u64) {
        for (_, e) in self.cache {
            if signals::interrupted() {
                e.kill();
            } else {
                e.quit(grace_ms);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::result::OnReplaced;
    use crate::run::plan::Format;

    /// Writes down what it hears, as words.
    #[derive(Default)]
    struct Heard(Vec<String>);

    impl Sink for Heard {
        fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
            self.0.push(match event {
                Event::Planned { plan, done } => {
                    format!("planned {} done {}", plan.games.len(), done.len())
                }
                Event::GameStarted { game } => format!("started {}", game.key),
                Event::Move { game, ply, .. } => format!("move {} {ply}", game.key),
                Event::GameFinished { record, records } => {
                    format!("finished {} ({} so far)", record.key, records.len())
                }
                Event::Interrupted => "interrupted".to_string(),
                Event::Done => "done".to_string(),
            });
            Ok(Flow::Continue)
        }
    }

    #[test]
    fn every_game_is_told_started_its_moves_then_finished_between_planned_and_done() {
        let plan = crate::run::plan::tests::plan(2, Format::RoundRobin, Some(4), 3);
        let opts = RunOptions {
            concurrency: 1,
            results: None,
            settings: Settings {
                timeouts: Timeouts::default(),
                max_plies: 10_000,
                debug: false,
                log_dir: None,
                on_replaced: OnReplaced::Lose,
            },
            progress: false,
            sprt: None,
            command: Vec::new(),
            live: None,
            analyse: None,
            siblings: Vec::new(),
        };
        let mut heard = Heard::default();
        let (records, interrupted) = dispatch(&plan, &opts, Vec::new(), &mut [&mut heard]).unwrap();
        assert!(!interrupted);
        let n = plan.games.len();
        assert!(n >= 4, "{n}");
        assert_eq!(records.len(), n);
        // The moves of each game, in order, between its start and its end.
        let moves = |r: &GameRecord| -> Vec<String> {
            (0..r.moves.len())
                .map(|p| format!("move {} {p}", r.key))
                .collect()
        };
        let mut want = vec![format!("planned {n} done 0")];
        for (i, game) in plan.games.iter().enumerate() {
            want.push(format!("started {}", game.key));
            let record = records.iter().find(|r| r.key == game.key).unwrap();
            assert!(!record.moves.is_empty());
            want.extend(moves(record));
            want.push(format!("finished {} ({} so far)", game.key, i + 1));
        }
        want.push("done".to_string());
        assert_eq!(heard.0, want);
    }

    #[test]
    fn a_board_whose_game_panics_is_told_and_ends_the_run_in_an_error_after_the_others() {
        let mut plan = crate::run::plan::tests::plan(2, Format::RoundRobin, Some(4), 3);
        // A plan no code makes: its first game names an entrant that is not
        // there, and the worker's lookup panics (as a bug would).
        plan.games[0].p1 = 99;
        let opts = RunOptions {
            concurrency: 2,
            results: None,
            settings: Settings {
                timeouts: Timeouts::default(),
                max_plies: 10_000,
                debug: false,
                log_dir: None,
                on_replaced: OnReplaced::Lose,
            },
            progress: false,
            sprt: None,
            command: Vec::new(),
            live: None,
            analyse: None,
            siblings: Vec::new(),
        };
        let mut heard = Heard::default();
        let e = dispatch(&plan, &opts, Vec::new(), &mut [&mut heard]).unwrap_err();
        let e = format!("{e:#}");
        let first = plan.games[0].key.to_string();
        assert!(
            e.contains("the games of 1 board") && e.contains(&first) && e.contains("a bug"),
            "{e}"
        );
        // Every other board was played and told; the lost board's games
        // were never told finished; the sinks heard the end.
        let finished: Vec<&String> = heard
            .0
            .iter()
            .filter(|h| h.starts_with("finished"))
            .collect();
        let board = plan.board_numbers();
        let lost = board.iter().filter(|&&b| b == board[0]).count();
        assert_eq!(finished.len(), plan.games.len() - lost, "{:?}", heard.0);
        assert!(!finished.iter().any(|h| h.contains(&first)));
        assert_eq!(heard.0.last().map(String::as_str), Some("done"));
    }
}
