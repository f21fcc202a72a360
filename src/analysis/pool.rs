//! The one analysis pool: threads with one [`Analyser`] each, analysing the
//! games handed to them and handing back each result as it is done
//! (streaming: in any order, each with its job number), stoppable at once,
//! at the scheduler's idle priority when asked, widened to more threads
//! when more cores free up ([`Pool::widen`]). [`analyse_all`] (the
//! benchmark, the tests), `arbiter analyse` and the arbiter's `--analyse`
//! all use it; what a job is (a start and its moves, a results record) is
//! the caller's, with the function that analyses it.
//!
//! One panic policy: a job whose analysis panics (a bug) comes back as
//! [`Panicked`], logged with the panic's message, never a lost job the
//! caller waits for.
//!

use super::{Analyser, AnalysisError, GameAnalysis, Settings};
use crate::games::{AnyMove, AnyPosition};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// The analysis of a job panicked (a bug); the message is in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panicked;

impl std::fmt::Display for Panicked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the analyser failed on this game (a bug: see the log)")
    }
}

impl std::error::Error for Panicked {}

/// A job back from the pool: its number, the job, and what its analysis
/// gave (`Err(Panicked)` when it panicked).
pub type Done<J, R> = (usize, J, Result<R, Panicked>);

/// What the analysed job's function is: shared by the pool's threads.
type AnalyseFn<J, R> = dyn Fn(&mut Analyser, &J) -> R + Send + Sync;

/// Threads analysing the jobs handed to them, in any order.
pub struct Pool<J, R> {
    jobs: Option<mpsc::Sender<(usize, J)>>,
    done: mpsc::Receiver<Done<J, R>>,
    workers: Vec<JoinHandle<()>>,
    /// What a new thread is given (for [`Pool::widen`]).
    shared: Shared<J, R>,
    /// Jobs given and not yet taken back.
    pending: usize,
    next: usize,
}

/// What every thread of a pool shares.
struct Shared<J, R> {
    settings: Settings,
    idle: bool,
    jobs: Arc<Mutex<mpsc::Receiver<(usize, J)>>>,
    done: mpsc::Sender<Done<J, R>>,
    stop: Arc<AtomicBool>,
    analyse: Arc<AnalyseFn<J, R>>,
}

impl<J: Send + 'static, R: Send + 'static> Pool<J, R> {
    /// `threads` threads (at least one), each with an analyser of
    /// `settings` (stopped by [`Pool::stop`]), each job `j` analysed by
    /// `analyse(analyser, &j)`; `idle`: at the scheduler's idle priority
    /// (they take only the CPU time nobody else wants).
    pub fn new(
        settings: Settings,
        threads: usize,
        idle: bool,
        analyse: impl Fn(&mut Analyser, &J) -> R + Send + Sync + 'static,
    ) -> Pool<J, R> {
        let (jobs_tx, jobs_rx) = mpsc::channel::<(usize, J)>();
        let (done_tx, done) = mpsc::channel();
        let mut pool = Pool {
            jobs: Some(jobs_tx),
            done,
            workers: Vec::new(),
            shared: Shared {
                settings,
                idle,
                jobs: Arc::new(Mutex::new(jobs_rx)),
                done: done_tx,
                stop: Arc::new(AtomicBool::new(false)),
                analyse: Arc::new(analyse),
            },
            pending: 0,
            next: 0,
        };
        pool.widen(threads.max(1));
        pool
    }

    /// Brings the pool to `threads` threads when it has fewer (each with
    /// its analyser, as [`Pool::new`] makes them): a tournament's analysis
    /// starts on the cores its games leave free, and takes every core when
    /// they are over.
    pub fn widen(&mut self, threads: usize) {
        while self.workers.len() < threads {
            self.workers.push(spawn(&self.shared));
        }
    }

    /// The pool's threads.
    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Hands a job to the pool; returns its number (0, 1, …).
    pub fn submit(&mut self, job: J) -> usize {
        let n = self.next;
        if let Some(jobs) = &self.jobs {
            if jobs.send((n, job)).is_ok() {
                self.pending += 1;
            }
        }
        self.next += 1;
        n
    }

    /// Jobs given and not yet taken back.
    pub fn pending(&self) -> usize {
        self.pending
    }

    /// A finished job, waiting at most `wait` (zero: only one already
    /// back); `None` when none came back in time, or when none is pending.
    pub fn next(&mut self, wait: Duration) -> Option<Done<J, R>> {
        if self.pending == 0 {
            return None;
        }
        let got = if wait.is_zero() {
            self.done.try_recv().ok()
        } else {
            self.done.recv_timeout(wait).ok()
        };
        match got {
            Some(done) => {
                self.pending -= 1;
                Some(done)
            }
            None => {
                // Every thread is gone: nothing more will come back.
                if self.workers.iter().all(JoinHandle::is_finished) {
                    self.pending = 0;
                }
                None
            }
        }
    }

    /// Stops every analysis at once (the jobs under way come back stopped
    /// or not at all) and waits for the threads.
    pub fn stop(mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.close();
    }
}

impl<J, R> Pool<J, R> {
    fn close(&mut self) {
        self.jobs = None;
        for w in self.workers.drain(..) {
            let _ = w.join();
        }
    }
}

impl<J, R> Drop for Pool<J, R> {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Relaxed);
        self.close();
    }
}

/// A thread of the pool: analyses the jobs it takes until the jobs end or
/// the pool stops.
fn spawn<J: Send + 'static, R: Send + 'static>(shared: &Shared<J, R>) -> JoinHandle<()> {
    let (settings, idle) = (shared.settings, shared.idle);
    let (jobs, done) = (Arc::clone(&shared.jobs), shared.done.clone());
    let (stop, analyse) = (Arc::clone(&shared.stop), Arc::clone(&shared.analyse));
    std::thread::spawn(move || {
        if idle {
            idle_priority();
        }
        let mut analyser = Analyser::new(settings).stopped_by(Arc::clone(&stop));
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let job = match jobs.lock() {
                Ok(rx) => rx.recv(),
                Err(_) => break,
            };
            let Ok((n, job)) = job else { break };
            let result =
                catch_unwind(AssertUnwindSafe(|| analyse(&mut analyser, &job))).map_err(|panic| {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_default();
                    log::error!("the analysis of job {n} failed: {message}");
                    Panicked
                });
            if result.is_err() {
                // Its search state may be half changed: a fresh one.
                analyser = Analyser::new(settings).stopped_by(Arc::clone(&stop));
            }
            if done.send((n, job, result)).is_err() {
                break;
            }
        }
    })
}

/// Analyses `games` (start positions and moves) on `threads` threads (at
/// least one) of the analysis [`Pool`], one [`Analyser`]
/// each, and returns the results in the order of `games` (a game whose
/// analysis panicked, a bug: [`AnalysisError::Panicked`]). With a node
/// budget the results do not depend on the number of threads.
pub fn analyse_all(
    games: &[(AnyPosition, Vec<AnyMove>)],
    settings: &Settings,
    threads: usize,
) -> Vec<Result<GameAnalysis, AnalysisError>> {
    type Job = (AnyPosition, Vec<AnyMove>);
    let threads = threads.clamp(1, games.len().max(1));
    let mut pool = Pool::new(*settings, threads, false, |a, (start, moves): &Job| {
        a.analyse(start, moves)
    });
    for game in games {
        pool.submit(game.clone());
    }
    let mut results: Vec<Option<Result<GameAnalysis, AnalysisError>>> = vec![None; games.len()];
    while pool.pending() > 0 {
        if let Some((n, _, result)) = pool.next(Duration::from_millis(100)) {
            results[n] = Some(result.unwrap_or(Err(AnalysisError::Panicked)));
        }
    }
    pool.stop();
    results.into_iter().flatten().collect()
}

/// Puts the calling thread at the scheduler's idle priority (Linux's
/// `SCHED_IDLE`): it runs only on a core nobody else wants.
fn idle_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: pid 0 is the calling thread; `param` lives across the call.
        let rc = unsafe { libc::sched_setscheduler(0, libc::SCHED_IDLE, &param) };
        if rc != 0 {
            log::debug!(
                "analysis thread left at normal priority: {}",
                std::io::Error::last_os_error()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Budget;

    #[test]
    fn every_job_comes_back_once_even_when_one_panics() {
        let settings = Settings {
            budget: Budget::Nodes(2_000),
            ..Settings::default()
        };
        let mut pool = Pool::new(settings, 2, false, |analyser, moves: &Vec<&str>| {
            assert!(!moves.is_empty(), "no move");
            let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
            analyser.analyse_text(&start, moves).map(|a| a.moves.len())
        });
        for moves in [vec!["h1.1"], vec![], vec!["h1.1", "h2.2"], vec!["x"]] {
            pool.submit(moves);
        }
        let mut back = Vec::new();
        while pool.pending() > 0 {
            if let Some((n, _, result)) = pool.next(Duration::from_millis(50)) {
                back.push((n, result.map(|r| r.ok())));
            }
        }
        back.sort_by_key(|b| b.0);
        assert_eq!(
            back,
            [
                (0, Ok(Some(1))),
                (1, Err(Panicked)),
                (2, Ok(Some(2))),
                (3, Ok(None))
            ]
        );
        pool.stop();
    }

    #[test]
    fn a_widened_pool_analyses_what_one_thread_left() {
        let settings = Settings {
            budget: Budget::Nodes(500),
            ..Settings::default()
        };
        let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
        let mut pool = Pool::new(settings, 1, false, move |analyser, moves: &Vec<&str>| {
            analyser.analyse_text(&start, moves).map(|a| a.moves.len())
        });
        for _ in 0..6 {
            pool.submit(vec!["h1.1", "h2.2"]);
        }
        assert_eq!(pool.threads(), 1);
        pool.widen(3);
        pool.widen(2);
        assert_eq!(pool.threads(), 3, "widening never narrows");
        let mut back = Vec::new();
        while pool.pending() > 0 {
            if let Some((n, _, result)) = pool.next(Duration::from_millis(50)) {
                back.push((n, result));
            }
        }
        back.sort_by_key(|b| b.0);
        let expected: Vec<_> = (0..6).map(|n| (n, Ok(Ok(2)))).collect();
        assert_eq!(back, expected);
        pool.stop();
    }
}
