//! The engine facade: the current position, the options, the searcher and
//! the one background job (a search, a puzzle solve or a perft) — with no
//! text in sight. The protocol front end (`protocol`) turns lines into calls
//! here and results into lines, like Stockfish's `engine.h` under `uci.cpp`.
//!
//! Jobs are non-blocking: [`Engine::go`], [`Engine::solve`] and
//! [`Engine::perft`] start a thread and return; the job reports through the
//! callbacks it was given, from its own thread. [`Engine::stop`] raises the
//! stop flag and waits until the job has reported, so that everything after a
//! `stop` is answered after the pending `bestmove`.
//!
//! A job counts as running ([`Engine::busy`]) until its final callback has
//! *returned*: whatever is answered after the job ends comes after the job's
//! last line. Then the job-end hook ([`Engine::on_job_end`]) is called from
//! the job's thread, so a front end knows when to carry out what waited.
//!
//! ```
//! use std::sync::mpsc;
//! use tabula::engine::Engine;
//! use tabula::search::Limits;
//!
//! let mut engine = Engine::new();
//! engine.set_position_words(&["random", "knight", "7"]).unwrap();
//! let (tx, rx) = mpsc::channel();
//! let limits = Limits { depth: Some(1), ..Limits::default() };
//! engine.go(limits, Box::new(|_| {}), Box::new(move |done| tx.send(done).unwrap())).unwrap();
//! let done = rx.recv().unwrap();
//! assert!(done.best.is_some());
//! ```

use crate::game::Game;
use crate::games::any::IntoAnyMove;
use crate::games::{AnyMove, AnyPosition, GameId, ParamError, Setups};
use crate::puzzle::{self, SolveOptions, SolveOutcome};
use crate::search::{Iteration, Limits, Searcher, Stats};
use crate::setup;
use std::fmt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

/// Bounds and default of the `Hash` option (MiB).
pub const HASH_MIB: (usize, usize, usize) = (1, 16, 4096);
/// Bounds and default of the `MoveOverhead` option (ms).
pub const MOVE_OVERHEAD_MS: (u64, u64, u64) = (0, 10, 5000);

/// The engine's name in `id name`.
pub const NAME: &str = concat!("Tabula ", env!("CARGO_PKG_VERSION"));
/// The engine's author in `id author`.
pub const AUTHOR: &str = "the Tabula developers (IPS/ESTSetubal AI course)";

/// The kind of background job.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Search,
    Solve,
    Perft,
}

impl fmt::Display for JobKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            JobKind::Search => "a search",
            JobKind::Solve => "a solve",
            JobKind::Perft => "a perft",
        })
    }
}

/// Why the engine refused a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// A job is running (the protocol queues commands behind it instead).
    Busy(JobKind),
    /// No position has been set (or the last `position` failed).
    NoPosition(Option<String>),
    /// An option name that does not exist.
    UnknownOption(String),
    /// A value the option does not take.
    BadValue { option: &'static str, why: String },
    /// The position could not be set up.
    Setup(setup::SetupError),
    /// The current position is not a puzzle (for `solve`).
    NotAPuzzle(GameId),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Busy(kind) => write!(f, "busy: {kind} is running; send 'stop' first"),
            EngineError::NoPosition(None) => f.write_str("no position: send 'position …' first"),
            EngineError::NoPosition(Some(why)) => {
                write!(f, "no position: the last 'position' command failed ({why})")
            }
            EngineError::UnknownOption(name) => {
                let short: String = name.chars().take(40).collect();
                let more = if short.len() < name.len() { "…" } else { "" };
                let mut names = vec!["Hash", "Game", "MoveOverhead"];
                names.extend(Setups::declared().iter().map(|p| p.name));
                let (last, head) = names.split_last().unwrap_or((&"", &[]));
                write!(
                    f,
                    "unknown option '{short}{more}' (the options are {} and {last})",
                    head.join(", ")
                )
            }
            EngineError::BadValue { option, why } => write!(f, "option {option}: {why}"),
            EngineError::Setup(e) => write!(f, "{e}"),
            EngineError::NotAPuzzle(game) => write!(
                f,
                "the current position is a {game} game, not a puzzle; solve works on \
                 {} positions",
                GameId::listed(true, "and")
            ),
        }
    }
}

impl std::error::Error for EngineError {}

/// The options an engine announces after `ugi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// The game `position startpos` refers to.
    pub game: GameId,
    /// Milliseconds kept back from every time limit for the reply to travel.
    pub move_overhead_ms: u64,
    /// The games' parameters ([`crate::game::params`]), each an option of
    /// its declared name (`Variant`, `Size`, …): the built-in starts of
    /// `position startpos`, `random` and `problem` follow them; a position
    /// string always says its own.
    pub params: Setups,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mib: HASH_MIB.1,
            game: GameId::ALL[0],
            move_overhead_ms: MOVE_OVERHEAD_MS.1,
            params: Setups::default(),
        }
    }
}

impl Options {
    /// The declarations of the handshake's `option …` lines (the words
    /// after `option`).
    pub fn describe(&self) -> Vec<String> {
        let games: Vec<String> = GameId::ALL.iter().map(|g| format!("var {g}")).collect();
        [
            format!(
                "name Hash type spin default {} min {} max {}",
                HASH_MIB.1, HASH_MIB.0, HASH_MIB.2
            ),
            format!(
                "name Game type combo default {} {}",
                Options::default().game,
                games.join(" ")
            ),
            format!(
                "name MoveOverhead type spin default {} min {} max {}",
                MOVE_OVERHEAD_MS.1, MOVE_OVERHEAD_MS.0, MOVE_OVERHEAD_MS.2
            ),
        ]
        .into_iter()
        .chain(Setups::declared().iter().map(|p| p.option_line()))
        .collect()
    }
}

/// What a finished `go` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchDone {
    /// The move to play; `None` only when the game is over.
    pub best: Option<AnyMove>,
    /// The search's statistics; `None` when no search ran (game over).
    pub stats: Option<Stats>,
}

/// What a finished `perft` reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftDone {
    pub depth: u32,
    /// Leaves below each first move, in move order.
    pub divide: Vec<(AnyMove, u64)>,
    /// The total, or `None` when `stop` interrupted the count.
    pub total: Option<u64>,
    pub time_ms: u64,
}

/// Called by a search after each completed iteration.
pub type OnIteration = Box<dyn FnMut(&Iteration) + Send>;
/// Called once when a search ends.
pub type OnSearchDone = Box<dyn FnOnce(SearchDone) + Send>;
/// Called with each progress line of a solve (without `info `).
pub type OnSolveInfo = Box<dyn FnMut(&str) + Send>;
/// Called once when a solve ends.
pub type OnSolveDone = Box<dyn FnOnce(Result<SolveOutcome, puzzle::SolveError>) + Send>;
/// Called once when a perft ends.
pub type OnPerftDone = Box<dyn FnOnce(PerftDone) + Send>;

struct Job {
    kind: JobKind,
    /// False for a `go infinite` (or a bare `go`): it ends only on `stop`.
    bounded: bool,
    /// True until the job's final callback has returned.
    running: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Called on the job's thread once a job has ended (see [`Engine::on_job_end`]).
pub type OnJobEnd = Arc<dyn Fn() + Send + Sync>;

/// The engine: position, options, searcher and the background job.
pub struct Engine {
    position: Option<AnyPosition>,
    /// Why the last `position` failed, while no position is set.
    position_error: Option<String>,
    options: Options,
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    job: Option<Job>,
    on_job_end: Option<OnJobEnd>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with the default options and no position.
    pub fn new() -> Engine {
        let options = Options::default();
        Engine {
            position: None,
            position_error: None,
            searcher: Arc::new(Mutex::new(Searcher::new(options.hash_mib))),
            options,
            stop: Arc::new(AtomicBool::new(false)),
            job: None,
            on_job_end: None,
        }
    }

    /// Calls `hook` on the job's thread each time a job ends: after its final
    /// callback has returned and [`Engine::busy`] has become `None`.
    pub fn on_job_end(&mut self, hook: impl Fn() + Send + Sync + 'static) {
        self.on_job_end = Some(Arc::new(hook));
    }

    /// The current options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The current position, if any.
    pub fn position(&self) -> Option<&AnyPosition> {
        self.position.as_ref()
    }

    /// The current position, or why there is none.
    pub fn require_position(&self) -> Result<&AnyPosition, EngineError> {
        self.position
            .as_ref()
            .ok_or_else(|| EngineError::NoPosition(self.position_error.clone()))
    }

    /// The running job, if any: one whose final callback has not returned.
    pub fn busy(&self) -> Option<JobKind> {
        self.job
            .as_ref()
            .filter(|job| job.running.load(Ordering::Acquire))
            .map(|job| job.kind)
    }

    /// Ok when no job runs (joining a job that has just finished).
    fn idle(&mut self) -> Result<(), EngineError> {
        if let Some(kind) = self.busy() {
            return Err(EngineError::Busy(kind));
        }
        self.join();
        Ok(())
    }

    fn join(&mut self) {
        if let Some(job) = self.job.take() {
            if job.handle.join().is_err() {
                log::error!("the thread of {} panicked", job.kind);
            }
        }
    }

    /// Stops the running job, if any, and waits until it has reported.
    pub fn stop(&mut self) {
        if self.job.is_some() {
            self.stop.store(true, Ordering::Release);
            self.join();
        }
    }

    /// Waits for the running job to finish by itself.
    pub fn wait(&mut self) {
        self.join();
    }

    /// True while a job that ends only on `stop` (`go infinite`) runs.
    pub fn busy_unbounded(&self) -> bool {
        self.job
            .as_ref()
            .is_some_and(|job| !job.bounded && job.running.load(Ordering::Acquire))
    }

    /// Sets an option by name (case-insensitive).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.idle()?;
        let key: String = name
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        match key.as_str() {
            "hash" => {
                let mib = spin("Hash", value, HASH_MIB.0 as u64, HASH_MIB.2 as u64)? as usize;
                self.lock_searcher().set_hash(mib);
                self.options.hash_mib = mib;
            }
            "game" => {
                let game = value.trim().parse().map_err(|e| EngineError::BadValue {
                    option: "Game",
                    why: format!("{e}"),
                })?;
                self.options.game = game;
            }
            "moveoverhead" => {
                self.options.move_overhead_ms = spin(
                    "MoveOverhead",
                    value,
                    MOVE_OVERHEAD_MS.0,
                    MOVE_OVERHEAD_MS.2,
                )?;
            }
            _ if self.options.params.has(&key) => {
                self.options.params.set(&key, value).map_err(|e| match e {
                    ParamError::Value { name, why } => EngineError::BadValue { option: name, why },
                    other => EngineError::BadValue {
                        option: "?",
                        why: other.to_string(),
                    },
                })?;
            }
            _ => return Err(EngineError::UnknownOption(name.to_string())),
        }
        Ok(())
    }

    fn lock_searcher(&self) -> std::sync::MutexGuard<'_, Searcher> {
        self.searcher.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `uginewgame`: forget what the searcher learnt.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.idle()?;
        self.lock_searcher().new_game();
        Ok(())
    }

    /// Sets the position from the words of a `position` command. On error the
    /// engine has no position (a later `go` is refused with the reason), so a
    /// client never gets a move for a position it did not mean.
    pub fn set_position_words(&mut self, words: &[&str]) -> Result<(), EngineError> {
        self.idle()?;
        let parsed = setup::parse_words(words, Some(self.options.game), &self.options.params);
        match parsed {
            Ok(pos) => {
                self.set_position(pos);
                Ok(())
            }
            Err(e) => {
                self.position = None;
                self.position_error = Some(e.to_string());
                Err(EngineError::Setup(e))
            }
        }
    }

    /// Sets the position (its game becomes the current game).
    pub fn set_position(&mut self, pos: AnyPosition) {
        self.options.game = pos.game();
        self.position = Some(pos);
        self.position_error = None;
    }

    /// The limits handed to the search: `MoveOverhead` taken off every time.
    pub fn effective_limits(&self, limits: &Limits) -> Limits {
        let overhead = self.options.move_overhead_ms;
        let mut out = limits.clone();
        out.movetime = limits.movetime.map(|t| t.saturating_sub(overhead).max(1));
        if let Some(clock) = &mut out.clock {
            for t in &mut clock.time_ms {
                *t = t.saturating_sub(overhead).max(1);
            }
        }
        out
    }

    /// Starts a search of the current position. The search reports each
    /// iteration to `on_iteration` and its result, exactly once, to `on_done`.
    /// A finished game is answered at once with no move.
    ///
    /// Besides the search's own time control, a watchdog raises the stop flag
    /// at the hard deadline (`movetime`, or the side's whole clock, minus
    /// `MoveOverhead`).
    pub fn go(
        &mut self,
        limits: Limits,
        mut on_iteration: OnIteration,
        on_done: OnSearchDone,
    ) -> Result<(), EngineError> {
        self.idle()?;
        let pos = *self.require_position()?;
        let limits = self.effective_limits(&limits);
        let deadline = limits
            .movetime
            .or_else(|| limits.clock.map(|c| c.time_ms[pos.side_to_move().index()]));
        let bounded = limits.depth.is_some()
            || limits.nodes.is_some()
            || limits.movetime.is_some()
            || limits.clock.is_some();
        let bounded = bounded && !limits.infinite;
        let searcher = Arc::clone(&self.searcher);
        self.start(JobKind::Search, bounded, deadline, move |stop| {
            let done = if pos.is_over() {
                SearchDone {
                    best: None,
                    stats: None,
                }
            } else {
                let mut searcher = searcher.lock().unwrap_or_else(PoisonError::into_inner);
                let searched = panic::catch_unwind(AssertUnwindSafe(|| {
                    crate::with_game!(pos, p => {
                        let out = searcher.search(&p, &limits, stop, &mut *on_iteration);
                        (out.best.map(IntoAnyMove::into_any), out.stats)
                    })
                }));
                let (best, stats) = searched.unwrap_or_else(|_| {
                    log::error!("the search panicked on {pos}; falling back to a legal move");
                    (None, Stats::default())
                });
                SearchDone {
                    best: Some(checked_best(&pos, best)),
                    stats: Some(stats),
                }
            };
            // A `go infinite` answers only when stopped, even when its search
            // ended early (a proven result), as in UCI; a finished game answers
            // at once.
            while !bounded && !pos.is_over() && !stop.load(Ordering::Acquire) {
                thread::sleep(Duration::from_millis(1));
            }
            on_done(done);
        });
        Ok(())
    }

    /// Starts a puzzle solve of the current position.
    pub fn solve(
        &mut self,
        opts: SolveOptions,
        mut on_info: OnSolveInfo,
        on_done: OnSolveDone,
    ) -> Result<(), EngineError> {
        self.idle()?;
        let pos = *self.require_position()?;
        if !pos.game().is_puzzle() {
            return Err(EngineError::NotAPuzzle(pos.game()));
        }
        self.start(JobKind::Solve, true, opts.movetime, move |stop| {
            let result = panic::catch_unwind(AssertUnwindSafe(|| {
                crate::solve::solve(&pos, &opts, stop, &mut *on_info)
            }))
            .unwrap_or(Err(puzzle::SolveError::Panicked));
            on_done(result);
        });
        Ok(())
    }

    /// Starts a perft of the current position (interruptible by `stop`).
    pub fn perft(&mut self, depth: u32, on_done: OnPerftDone) -> Result<(), EngineError> {
        self.idle()?;
        let pos = *self.require_position()?;
        self.start(JobKind::Perft, true, None, move |stop| {
            let start = Instant::now();
            let mut divide = Vec::new();
            let mut total = Some(0u64);
            crate::with_game!(pos, p => {
                if depth == 0 || p.is_over() {
                    total = Some(1);
                } else {
                    for mv in p.legal_moves() {
                        let mut child = p;
                        child.play_unchecked(mv);
                        match perft_stoppable(&child, depth - 1, stop) {
                            Some(n) => {
                                divide.push((mv.into_any(), n));
                                total = total.map(|t| t + n);
                            }
                            None => {
                                total = None;
                                break;
                            }
                        }
                    }
                }
            });
            let done = PerftDone {
                depth,
                divide,
                total,
                time_ms: start.elapsed().as_millis() as u64,
            };
            on_done(done);
        });
        Ok(())
    }

    /// Runs `work` (which ends by calling the job's final callback) on a new
    /// thread as the job, with a watchdog that raises the stop flag after
    /// `deadline_ms` (if given). The job counts as running until `work` has
    /// returned; then the job-end hook is called.
    fn start(
        &mut self,
        kind: JobKind,
        bounded: bool,
        deadline_ms: Option<u64>,
        work: impl FnOnce(&AtomicBool) + Send + 'static,
    ) {
        self.stop.store(false, Ordering::Release);
        let running = Arc::new(AtomicBool::new(true));
        let stop = Arc::clone(&self.stop);
        let flag = Arc::clone(&running);
        let on_end = self.on_job_end.clone();
        let handle = thread::spawn(move || {
            // The watchdog ends when `finished` is dropped with this thread's work.
            let (finished, watch) = mpsc::channel::<()>();
            let watchdog = deadline_ms.map(|ms| {
                let stop = Arc::clone(&stop);
                thread::spawn(move || {
                    if let Err(mpsc::RecvTimeoutError::Timeout) =
                        watch.recv_timeout(Duration::from_millis(ms))
                    {
                        log::debug!("watchdog: deadline of {ms} ms reached, stopping");
                        stop.store(true, Ordering::Release);
                    }
                })
            });
            if panic::catch_unwind(AssertUnwindSafe(|| work(&stop))).is_err() {
                log::error!("{kind} panicked before its final line");
            }
            drop(finished);
            if let Some(w) = watchdog {
                let _ = w.join();
            }
            flag.store(false, Ordering::Release);
            if let Some(hook) = on_end {
                hook();
            }
        });
        self.job = Some(Job {
            kind,
            bounded,
            running,
            handle,
        });
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A `spin` option's value: an integer in `min..=max`.
fn spin(option: &'static str, value: &str, min: u64, max: u64) -> Result<u64, EngineError> {
    let bad = || EngineError::BadValue {
        option,
        why: format!("expected an integer {min}..{max}, found '{}'", value.trim()),
    };
    let n: u64 = value.trim().parse().map_err(|_| bad())?;
    if !(min..=max).contains(&n) {
        return Err(bad());
    }
    Ok(n)
}

/// The one fallback move of the engine and the arbiter's built-in players:
/// the search's move, or — should a search ever return none or an illegal
/// one while legal moves exist — the first legal move (logged as an error),
/// so a player never forfeits by a bug.
///
/// # Panics
/// When the game is over (no legal move to fall back on).
pub fn checked_best(pos: &AnyPosition, best: Option<AnyMove>) -> AnyMove {
    let legal = pos.legal_moves();
    match best {
        Some(mv) if legal.contains(&mv) => mv,
        other => {
            log::error!(
                "search returned {}, not a legal move in {}; playing {}",
                other.map_or("no move".to_string(), |m| format!("'{m}'")),
                pos,
                legal[0]
            );
            legal[0]
        }
    }
}

/// Perft that gives up (returns `None`) once `stop` is raised; the stop flag
/// is read at every node more than two plies above the leaves.
fn perft_stoppable<G: Game>(pos: &G, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 2 {
        return Some(crate::game::perft(pos, depth));
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some(1);
    }
    let mut total = 0;
    for mv in moves {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += perft_stoppable(&child, depth - 1, stop)?;
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait_perft(engine: &mut Engine, depth: u32) -> PerftDone {
        let (tx, rx) = mpsc::channel();
        engine
            .perft(depth, Box::new(move |d| tx.send(d).unwrap()))
            .unwrap();
        rx.recv_timeout(Duration::from_secs(60)).unwrap()
    }

    #[test]
    fn perft_matches_the_library_and_divides() {
        let mut engine = Engine::new();
        engine
            .set_position_words(&["random", "knight", "3"])
            .unwrap();
        let pos = *engine.position().unwrap();
        let done = wait_perft(&mut engine, 4);
        assert_eq!(done.total, Some(pos.perft(4)));
        assert_eq!(done.divide.iter().map(|d| d.1).sum::<u64>(), pos.perft(4));
        assert_eq!(done.divide.len(), pos.legal_moves().len());
    }

    #[test]
    fn a_job_is_busy_until_its_final_callback_returns_then_the_hook_runs() {
        let mut engine = Engine::new();
        let (ended, end) = mpsc::channel();
        engine.on_job_end(move || ended.send(()).unwrap());
        engine
            .set_position_words(&["random", "knight", "3"])
            .unwrap();
        // The final callback says it has started, then waits for the test.
        let (started, start) = mpsc::channel();
        let (release, wait) = mpsc::channel::<()>();
        engine
            .perft(
                1,
                Box::new(move |_| {
                    started.send(()).unwrap();
                    wait.recv().unwrap();
                }),
            )
            .unwrap();
        start.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(engine.busy(), Some(JobKind::Perft), "busy while reporting");
        assert!(
            end.try_recv().is_err(),
            "no job end before the callback returns"
        );
        release.send(()).unwrap();
        end.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(engine.busy(), None);
        engine.perft(1, Box::new(|_| {})).unwrap();
        end.recv_timeout(Duration::from_secs(60)).unwrap();
    }

    #[test]
    fn the_capture_option_sets_the_adjiboto_puzzles_row_for_built_in_starts() {
        let mut engine = Engine::new();
        assert!(engine.set_option("Capture", "sideways").is_err());
        engine.set_option("capture", "OPPOSITE").unwrap();
        engine
            .set_position_words(&["problem", "adjiboto-solo", "A", "moves", "b5"])
            .unwrap();
        let fen = engine.position().unwrap().fen();
        assert!(fen.ends_with(" opposite"), "{fen}");
        // A position string says its own capture row.
        engine
            .set_position_words(&["fen", "adjiboto-solo", "0,0,0,0,0,2", "0,0,0,0,4,0"])
            .unwrap();
        assert!(!engine.position().unwrap().fen().ends_with("opposite"));
        engine.set_option("Capture", "any").unwrap();
        engine
            .set_position_words(&["problem", "adjiboto-solo", "A"])
            .unwrap();
        assert!(!engine.position().unwrap().fen().ends_with("opposite"));
    }

    #[test]
    fn no_move_and_limit_result_set_the_solitario_readings_of_built_in_starts() {
        let mut engine = Engine::new();
        assert!(engine.set_option("NoMove", "sleep").is_err());
        assert!(engine.set_option("LimitResult", "points").is_err());
        engine.set_option("Game", "solitario").unwrap();
        engine.set_option("nomove", "PASS").unwrap();
        engine.set_option("LimitResult", "material").unwrap();
        engine
            .set_position_words(&["startpos", "moves", "d2-d3"])
            .unwrap();
        let fen = engine.position().unwrap().fen();
        assert!(fen.ends_with(" 2 1 pass material"), "{fen}");
        engine
            .set_position_words(&["random", "solitario", "4"])
            .unwrap();
        assert!(engine.position().unwrap().fen().ends_with(" pass material"));
        // A position string says its own readings.
        engine
            .set_position_words(&[
                "fen",
                "solitario",
                "xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx",
                "1",
                "0",
            ])
            .unwrap();
        assert!(engine.position().unwrap().fen().ends_with(" 1 0"));
        engine.set_option("NoMove", "lose").unwrap();
        engine.set_option("LimitResult", "draw").unwrap();
        engine.set_position_words(&["startpos"]).unwrap();
        assert!(engine.position().unwrap().fen().ends_with(" 1 0"));
    }

    #[test]
    fn the_games_parameters_are_options_generated_from_their_declarations() {
        let lines = Options::default().describe();
        for param in Setups::declared() {
            assert!(
                lines.contains(&param.option_line()),
                "{} in {lines:?}",
                param.name
            );
        }
        assert!(lines.contains(&"name Size type string default 5x6".to_string()));
        let mut engine = Engine::new();
        engine.set_option("Game", "dots").unwrap();
        engine.set_option("size", "3x4").unwrap();
        engine.set_position_words(&["startpos"]).unwrap();
        assert!(engine.position().unwrap().fen().starts_with("dots 3x4 "));
        engine.set_position_words(&["random", "dots", "2"]).unwrap();
        assert!(engine.position().unwrap().fen().starts_with("dots 3x4 "));
        engine
            .set_position_words(&["random", "dots", "2", "2x2"])
            .unwrap();
        assert!(engine.position().unwrap().fen().starts_with("dots 2x2 "));
        let e = engine.set_option("Size", "11x2").unwrap_err().to_string();
        assert_eq!(
            e,
            "option Size: expected <rows>x<cols>, each 1..10, found '11x2'"
        );
        let e = engine.set_option("Threads", "1").unwrap_err().to_string();
        assert!(
            e.ends_with("MoveOverhead, Size, Capture, NoMove, LimitResult and Variant)"),
            "{e}"
        );
    }

    #[test]
    fn options_are_checked() {
        let mut engine = Engine::new();
        engine.set_option("hash", "32").unwrap();
        assert_eq!(engine.options().hash_mib, 32);
        assert!(engine.set_option("Hash", "0").is_err());
        assert!(engine.set_option("Hash", "99999999").is_err());
        assert!(engine.set_option("Hash", "big").is_err());
        engine.set_option("Game", "DOTS").unwrap();
        assert_eq!(engine.options().game, GameId::Dots);
        assert!(engine.set_option("Game", "chess").is_err());
        engine.set_option("Move Overhead", "50").unwrap();
        assert_eq!(engine.options().move_overhead_ms, 50);
        let e = engine.set_option("Threads", "4").unwrap_err();
        assert!(matches!(e, EngineError::UnknownOption(_)));
    }

    #[test]
    fn a_failed_position_leaves_none_and_says_why() {
        let mut engine = Engine::new();
        engine.set_option("Game", "dots").unwrap();
        engine.set_position_words(&["startpos"]).unwrap();
        assert!(engine.position().is_some());
        let err = engine
            .set_position_words(&["startpos", "moves", "h1.1", "h1.1"])
            .unwrap_err();
        assert!(err.to_string().contains("move 2"), "{err}");
        let why = engine.require_position().unwrap_err().to_string();
        assert!(why.contains("move 2"), "{why}");
    }

    #[test]
    fn overhead_comes_off_every_time_limit() {
        let mut engine = Engine::new();
        engine.set_option("MoveOverhead", "30").unwrap();
        let limits = Limits {
            movetime: Some(100),
            clock: Some(crate::search::Clock {
                time_ms: [20, 1000],
                inc_ms: [0, 0],
            }),
            ..Limits::default()
        };
        let out = engine.effective_limits(&limits);
        assert_eq!(out.movetime, Some(70));
        assert_eq!(out.clock.unwrap().time_ms, [1, 970]);
    }
}
