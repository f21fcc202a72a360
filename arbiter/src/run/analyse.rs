//! Games analysed by the reference: `arbiter analyse` (results files in,
//! an analysis file out) and `--analyse` on `match` and `tournament` (each
//! game analysed as it finishes).
//!
//! Both hand games to the library's analysis pool
//! ([`tabula::analysis::pool`]: threads, one
//! [`Analyser`](tabula::analysis::Analyser) each), and write each game's
//! lines at once ([`crate::results::analysis`]). Both resume: the games
//! already in the analysis file (made with the same settings) are not
//! analysed again, so a stopped run goes on where it stopped.
//!
//! During a tournament the pool's threads run at the scheduler's idle
//! priority (`SCHED_IDLE`): they take only the CPU time nobody else wants,
//! so the engines' clocks never pay for the analysis. While games are
//! played the pool has one thread for each core the games leave free (at
//! least one): more could not run, and each holds its analyser's table
//! (16 MiB). When the last game ends it takes every core, and the games not
//! yet analysed are finished with a progress bar (Ctrl-C leaves them for
//! the next run).

use crate::out::plural;
use crate::out::progress_bar;
use crate::results::analysis::{self, Analyses, Line, Writer};
use crate::results::html::load_journals;
use crate::results::html::{analysis_beside, Live};
use crate::results::record::{GameKey, GameRecord};
use crate::run::events::{Event, Flow, Sink};
use crate::signals;
use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::analysis::{Analyser, AnalysisError, Budget, GameAnalysis, Settings};
use tabula::games::{AnyPosition, PositionError};

/// A finished analysis: the job's number, its record and what came of it.
type Outcome = (usize, GameRecord, Result<GameAnalysis, NotAnalysed>);

/// Why a game handed to the pool came back without its analysis.
#[derive(Debug)]
pub(crate) enum NotAnalysed {
    /// The run was stopped first: the game is left for the next run.
    Stopped,
    /// Its start position is not one.
    Start(PositionError),
    /// The analyser refused one of its moves, or the game.
    Refused(AnalysisError),
    /// The analyser failed on it (a bug).
    Panicked,
}

/// For people: why a game was not analysed (on stderr).
impl std::fmt::Display for NotAnalysed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NotAnalysed::Stopped => AnalysisError::Stopped.fmt(f),
            NotAnalysed::Start(e) => write!(f, "its start position is not one: {e}"),
            NotAnalysed::Refused(e) => e.fmt(f),
            NotAnalysed::Panicked => f.write_str("the analyser failed on this game"),
        }
    }
}

/// The library's analysis pool, its jobs the journal's records.
pub(crate) type Pool = tabula::analysis::pool::Pool<GameRecord, Result<GameAnalysis, NotAnalysed>>;

/// `threads` analysers (at least one) with `settings`; `idle`: at the
/// scheduler's idle priority.
fn new_pool(settings: Settings, threads: usize, idle: bool) -> Pool {
    Pool::new(settings, threads, idle, analyse)
}

/// A finished analysis from `pool`, waiting at most `wait`: a game whose
/// analysis panicked (a bug, logged) comes back as one game not analysed,
/// told as such, never a lost job the others wait for.
fn next(pool: &mut Pool, wait: Duration) -> Option<Outcome> {
    let (n, record, result) = pool.next(wait)?;
    Some((n, record, result.unwrap_or(Err(NotAnalysed::Panicked))))
}

/// The analysis of `record`'s game.
fn analyse(analyser: &mut Analyser, record: &GameRecord) -> Result<GameAnalysis, NotAnalysed> {
    let start = AnyPosition::from_fen(&record.start).map_err(NotAnalysed::Start)?;
    analyser
        .analyse_text(&start, &record.moves)
        .map_err(|e| match e {
            AnalysisError::Stopped => NotAnalysed::Stopped,
            e => NotAnalysed::Refused(e),
        })
}

/// How the games are analysed: the flags of `arbiter analyse` and of
/// `--analyse`.
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct BudgetArgs {
    /// Nodes per search of the reference (the same analysis on every run
    /// and machine). Default: each game's own budget, the one its
    /// win-chance model was fitted at (data/winchance.tsv).
    #[arg(long = "analysis-nodes", value_name = "N", value_parser = crate::limits::nodes, conflicts_with = "analysis_movetime")]
    pub(crate) analysis_nodes: Option<u64>,
    /// Milliseconds per search instead of nodes (depends on the machine
    /// and its load: not reproducible).
    #[arg(long = "analysis-movetime", value_name = "MS", value_parser = crate::limits::movetime)]
    pub(crate) analysis_movetime: Option<u64>,
}

impl BudgetArgs {
    fn settings(&self) -> Settings {
        let budget = match (self.analysis_nodes, self.analysis_movetime) {
            (Some(n), _) => Budget::Nodes(n),
            (None, Some(ms)) => Budget::Movetime(ms),
            (None, None) => Budget::Default,
        };
        Settings {
            budget,
            ..Settings::default()
        }
    }
}

/// `--analyse` on `match` and `tournament`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct AnalyseFlags {
    /// Analyse every game with the reference as it finishes (at idle
    /// priority: the engines' time is not touched), and the games left
    /// when the last one ends: win chances, each move's class, each
    /// entrant's accuracy in the standings and on the page.
    #[arg(long)]
    pub(crate) analyse: bool,
    /// The analysis file (JSONL), resumed like the results. Default: beside
    /// --results, `.jsonl` replaced by `.analysis.jsonl` (`champ.jsonl` →
    /// `champ.analysis.jsonl`, where `arbiter report` looks for it); without
    /// --results the analysis is only shown, not kept.
    #[arg(long, value_name = "FILE", requires = "analyse")]
    pub(crate) analysis: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) budget: BudgetArgs,
}

/// What a run analyses, and where it keeps it.
#[derive(Clone, Debug)]
pub struct AnalyseOptions {
    pub(crate) settings: Settings,
    pub(crate) file: Option<PathBuf>,
    pub(crate) threads: usize,
}

impl AnalyseOptions {
    /// The analysis file, when kept.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }
}

impl AnalyseFlags {
    /// The options of a run whose results go to `results` (`None` without
    /// `--analyse`).
    pub fn options(&self, results: Option<&Path>) -> Option<AnalyseOptions> {
        if !self.analyse {
            return None;
        }
        let file = self
            .analysis
            .clone()
            .or_else(|| results.map(analysis_beside));
        Some(AnalyseOptions {
            settings: self.budget.settings(),
            file,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        })
    }
}

/// The sink of `--analyse`: hands each finished game (and each game of the
/// journal not yet analysed) to an idle-priority pool, writes each analysis
/// as it comes back, and finishes the rest when the run is done.
pub(crate) struct AnalysisSink {
    opts: AnalyseOptions,
    /// Games the run plays at once (its `--concurrency`).
    games_at_once: usize,
    /// The live page (`--html-live`), told each analysis as it comes back
    /// (the sink hears the run's events for it).
    live: Option<Live>,
    shown: bool,
    pool: Option<Pool>,
    writer: Option<Writer>,
    store: Analyses,
    interrupted: bool,
}

impl AnalysisSink {
    /// A sink for a run playing `games_at_once` games at once; `shown`:
    /// the progress bar of the games left at the end; `live`: the live
    /// page, which this sink then tells every event.
    pub(crate) fn new(
        opts: AnalyseOptions,
        games_at_once: usize,
        shown: bool,
        live: Option<Live>,
    ) -> AnalysisSink {
        AnalysisSink {
            opts,
            games_at_once,
            live,
            shown,
            pool: None,
            writer: None,
            store: Analyses::default(),
            interrupted: false,
        }
    }

    /// The analyses of the run (and those found in the file).
    pub(crate) fn into_analyses(mut self) -> Analyses {
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
        self.store
    }

    fn start(&mut self, done: &[GameRecord]) -> Result<()> {
        if let Some(path) = &self.opts.file {
            self.store = Analyses::load(path)?;
            self.writer = Some(Writer::open(path, &self.opts.settings, &self.store)?);
        }
        if let Some(live) = self.live.as_mut() {
            live.set_analyses(self.store.clone());
        }
        let mut pool = new_pool(self.opts.settings, self.threads_while_playing(), true);
        for r in done.iter().filter(|r| !self.store.has(r)) {
            pool.submit(r.clone());
        }
        self.pool = Some(pool);
        Ok(())
    }

    /// The analysis threads while games are played: the cores the games
    /// leave free, at least one.
    fn threads_while_playing(&self) -> usize {
        self.opts
            .threads
            .saturating_sub(self.games_at_once)
            .clamp(1, self.opts.threads.max(1))
    }

    /// Keeps what came back within `wait`.
    fn take(&mut self, wait: Duration) -> Result<usize> {
        let mut taken = 0;
        while let Some((_, record, result)) = self.pool.as_mut().and_then(|p| next(p, wait)) {
            taken += 1;
            let lines = keep(&record, result, &mut self.store, self.writer.as_mut())?;
            if let (Some(live), Some(lines)) = (self.live.as_mut(), lines) {
                live.add_analysis(lines);
            }
            if !wait.is_zero() {
                break;
            }
        }
        Ok(taken)
    }

    /// The games left, analysed with a progress bar (Ctrl-C stops).
    fn finish(&mut self) -> Result<()> {
        let left = self.pool.as_ref().map_or(0, Pool::pending);
        if left == 0 || self.interrupted {
            if let Some(pool) = self.pool.take() {
                pool.stop();
            }
            return Ok(());
        }
        if let Some(pool) = self.pool.as_mut() {
            pool.widen(self.opts.threads);
        }
        let bar = progress_bar(self.shown, left as u64, "games analysed");
        while self.pool.as_ref().is_some_and(|p| p.pending() > 0) {
            if signals::interrupted() {
                bar.abandon();
                log::warn!(
                    "analysis interrupted: {} left for the next run",
                    plural(self.pool.as_ref().map_or(0, Pool::pending), "game")
                );
                break;
            }
            bar.inc(self.take(signals::POLL)? as u64);
        }
        bar.finish_and_clear();
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
        Ok(())
    }
}

impl Sink for AnalysisSink {
    fn event(&mut self, event: &Event<'_>) -> Result<Flow> {
        match event {
            Event::Planned { done, .. } => self.start(done)?,
            Event::GameFinished { record, .. } => {
                self.take(Duration::ZERO)?;
                if let Some(pool) = self.pool.as_mut() {
                    pool.submit((*record).clone());
                }
            }
            Event::GameStarted { .. } | Event::Move { .. } => {
                self.take(Duration::ZERO)?;
            }
            Event::Interrupted => self.interrupted = true,
            Event::Done => self.finish()?,
        }
        match self.live.as_mut() {
            Some(live) => live.event(event),
            None => Ok(Flow::Continue),
        }
    }
}

/// Keeps one game's analysis: into `store`, appended to `writer`; returns
/// its lines. A game that cannot be analysed is told on stderr (a stopped
/// one is not: it is left for the next run).
fn keep(
    record: &GameRecord,
    result: Result<GameAnalysis, NotAnalysed>,
    store: &mut Analyses,
    writer: Option<&mut Writer>,
) -> Result<Option<Vec<Line>>> {
    match result {
        Ok(analysis) => {
            let lines = analysis::lines_of(record, &analysis);
            if let Some(w) = writer {
                w.append(&lines)?;
            }
            store.insert(lines.clone());
            Ok(Some(lines))
        }
        Err(NotAnalysed::Stopped) => Ok(None),
        Err(e) => {
            log::warn!("game {} not analysed: {e}", record.key);
            Ok(None)
        }
    }
}

/// `arbiter analyse` options.
#[derive(clap::Args, Clone, Debug)]
pub struct AnalyseArgs {
    /// Results files (JSONL, as written by --results): every finished game
    /// in them.
    #[arg(required = true, value_name = "RESULTS")]
    pub(crate) results: Vec<PathBuf>,
    /// The analysis file (JSONL; a file of the same settings is resumed:
    /// its games are not analysed again). Default: beside the first
    /// results file, `.jsonl` replaced by `.analysis.jsonl`, where `arbiter
    /// report` looks for it.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Nodes per search of the reference (the same output on every run and
    /// machine). Default: each game's own budget (data/winchance.tsv).
    #[arg(long, value_name = "N", value_parser = crate::limits::nodes, conflicts_with = "movetime")]
    pub(crate) nodes: Option<u64>,
    /// Milliseconds per search instead of nodes (not reproducible).
    #[arg(long, value_name = "MS", value_parser = crate::limits::movetime)]
    pub(crate) movetime: Option<u64>,
    /// Games analysed at once (default: the number of cores).
    #[arg(long, value_name = "K", value_parser = crate::limits::concurrency)]
    pub(crate) concurrency: Option<usize>,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
}

/// The analysis file of `arbiter analyse` (`--out`, or beside the first
/// results file), refused when it is one of the results files.
fn out_file(args: &AnalyseArgs) -> Result<PathBuf> {
    use crate::paths::Named;
    let out = match &args.out {
        Some(out) => out.clone(),
        None => analysis_beside(&args.results[0]),
    };
    let inputs: Vec<Named> = args
        .results
        .iter()
        .map(|p| Named::file("a results file", p))
        .collect();
    crate::paths::check(&inputs, &[Named::file("--out", &out)])
        .context("the analysis goes to a file of its own")?;
    Ok(out)
}

/// What came of the games handed to the pool.
struct Tally {
    analysed: usize,
    failed: usize,
    /// The positions of the games analysed.
    positions: usize,
    interrupted: bool,
}

/// Takes the analyses of `todo` back from the pool and keeps them in the
/// order of the results (out-of-order games wait), until all are back or
/// the run is interrupted.
fn write_in_order(
    pool: &mut Pool,
    todo: &[&GameRecord],
    bar: &ProgressBar,
    store: &mut Analyses,
    writer: &mut Writer,
) -> Result<Tally> {
    let mut waiting: BTreeMap<usize, (GameRecord, Result<GameAnalysis, NotAnalysed>)> =
        BTreeMap::new();
    let mut written = 0usize;
    let mut tally = Tally {
        analysed: 0,
        failed: 0,
        positions: 0,
        interrupted: false,
    };
    while written < todo.len() {
        if signals::interrupted() {
            tally.interrupted = true;
            break;
        }
        if let Some((n, record, result)) = next(pool, signals::POLL) {
            bar.inc(record.moves.len() as u64);
            waiting.insert(n, (record, result));
        }
        while let Some((record, result)) = waiting.remove(&written) {
            match &result {
                Ok(_) => {
                    tally.analysed += 1;
                    tally.positions += record.moves.len();
                }
                Err(_) => tally.failed += 1,
            }
            bar.suspend(|| keep(&record, result, store, Some(writer)))?;
            written += 1;
        }
        if pool.pending() == 0 && written < todo.len() && !waiting.contains_key(&written) {
            // Nothing more comes back (every thread gone): a game that never
            // came back is told, the ones after it are still written.
            log::warn!(
                "game {} not analysed: its analysis was lost",
                todo[written].key
            );
            tally.failed += 1;
            written += 1;
        }
    }
    Ok(tally)
}

/// `arbiter analyse`: analyses every game of the results files not yet in
/// `--out`, appends them in the order of the results (so that a node
/// budget gives the same file on every run), and prints each entrant's
/// accuracy. Exit 0 when it ran, 130 when interrupted.
pub fn run_command(args: AnalyseArgs) -> Result<std::process::ExitCode> {
    let settings = BudgetArgs {
        analysis_nodes: args.nodes,
        analysis_movetime: args.movetime,
    }
    .settings();
    let out = out_file(&args)?;
    let records = load_journals(&args.results)?;
    if records.is_empty() {
        bail!(
            "no game in {}",
            args.results
                .iter()
                .map(|p| format!("'{}'", p.display()))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut store = Analyses::load(&out)?;
    let mut writer = Writer::open(&out, &settings, &store)?;
    let already = records.iter().filter(|r| store.has(r)).count();
    let mut seen: HashSet<(String, GameKey)> = HashSet::new();
    let todo: Vec<&GameRecord> = records
        .iter()
        .filter(|r| !store.has(r) && seen.insert((r.tournament.clone(), r.key)))
        .collect();
    let positions: usize = todo.iter().map(|r| r.moves.len()).sum();
    let threads = args
        .concurrency
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = progress_bar(
        !args.quiet && !todo.is_empty(),
        positions as u64,
        "positions",
    );
    let started = Instant::now();
    let mut pool = new_pool(settings, threads, false);
    for r in &todo {
        pool.submit((*r).clone());
    }
    let Tally {
        analysed,
        failed,
        positions: done_positions,
        interrupted,
    } = write_in_order(&mut pool, &todo, &bar, &mut store, &mut writer)?;
    pool.stop();
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    crate::outln!(
        "analysed {} ({} positions) in {secs:.1} s: {:.0} positions/s, {}, {} threads{}{}",
        plural(analysed, "game"),
        done_positions,
        done_positions as f64 / secs.max(1e-9),
        settings,
        threads,
        match already {
            0 => String::new(),
            n => format!("; {} already in {}", plural(n, "game"), out.display()),
        },
        match failed {
            0 => String::new(),
            n => format!("; {} could not be analysed (see above)", plural(n, "game")),
        },
    );
    let names = crate::results::html::PageInfo::of_records(
        "",
        &records,
        crate::results::stats::Scoring::Games,
    )
    .names;
    crate::out!("{}", analysis::table(&names, &records, &store));
    crate::outln!("wrote {}", out.display());
    if interrupted {
        crate::errln!(
            "arbiter: interrupted; the games analysed are saved in {}. To go on, run the same \
             command again.",
            out.display()
        );
        return Ok(std::process::ExitCode::from(130));
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn while_games_are_played_the_analysis_takes_the_cores_they_leave() {
        let threads = |cores: usize, games: usize| {
            let opts = AnalyseOptions {
                settings: Settings::default(),
                file: None,
                threads: cores,
            };
            AnalysisSink::new(opts, games, false, None).threads_while_playing()
        };
        assert_eq!(threads(16, 4), 12);
        assert_eq!(threads(16, 15), 1);
        // At least one, however many games.
        assert_eq!(threads(2, 2), 1);
        assert_eq!(threads(2, 4), 1);
        assert_eq!(threads(1, 1), 1);
    }
}
