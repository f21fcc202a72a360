//! Two-player search: iterative-deepening negamax alpha-beta with principal
//! variation search, a transposition table, move ordering and a quiescence
//! search, for every game of [`crate::game`].
//!
//! - [`alphabeta`]: the negamax (values relative to the node, sign flipped only
//!   when the side to move changes) and the quiescence search;
//! - [`tt`]: the transposition table and its replacement policy;
//! - [`ordering`]: TT move, killers, history and game knowledge;
//! - [`eval`]: [`Evaluate`], what the search asks of a game (each game
//!   implements it in its folder, `games/<game>/eval.rs`), and the
//!   evaluation terms each game declares;
//! - [`time`]: movetime and clock budgets;
//! - [`exact`]: the hook of a game's optional exact endgame solver, used
//!   instead of the search whenever the limits let it finish (one rule for
//!   every limit: `exact_budget` below); a game's solver is in its folder;
//! - [`bench`](mod@bench): the fixed-depth benchmark whose node count signs
//!   the search, over the positions each game offers ([`bench::Bench`]);
//! - [`baseline`]: the course's plain alpha-beta, the sparring partner of
//!   `tabula selfplay` ([`crate::cli::selfplay`]: seeded matches, W/D/L and
//!   score %).
//!
//! The search names no game: it is generic over the core's
//! [`Game`] and the traits it defines here.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tabula::game::Game;
//! use tabula::games::Dots;
//! use tabula::search::{Limits, Searcher};
//!
//! // Dots and Boxes on 2 × 2 is small enough to be solved outright.
//! let pos = Dots::from_fen("dots 2x2 00/00/00 00/00/00 1 0 0").unwrap();
//! let mut searcher = Searcher::new(16);
//! let out = searcher.search(&pos, &Limits::default(), &AtomicBool::new(false), &mut |_| {});
//! assert!(pos.legal_moves().contains(&out.best.unwrap()));
//! assert!(out.exact);
//! ```

pub mod alphabeta;
pub mod baseline;
pub mod bench;
pub mod eval;
pub mod exact;
pub mod ordering;
pub mod time;
pub mod tt;

pub use alphabeta::SearchConfig;
pub use eval::{EvalConfig, Evaluate};

use crate::game::Game;
use alphabeta::{Worker, INFINITY, MAX_PLY};
use ordering::History;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use time::Timer;
use tt::Tt;

/// What ends a search (any that is set; none set and `infinite` false means
/// "search until told to stop", like `go infinite`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (deterministic: same count twice).
    pub nodes: Option<u64>,
    /// Return a move within this many milliseconds.
    pub movetime: Option<u64>,
    /// Clock mode: remaining time and increment of each player.
    pub clock: Option<Clock>,
    /// Search until `stop` (ignores nothing else: depth/nodes still apply if set).
    pub infinite: bool,
}

/// A game clock: milliseconds left and increment per move, player 1 then 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: [u64; 2],
    pub inc_ms: [u64; 2],
}

/// One completed iteration, reported as an `info` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// Expected final score difference, side to move minus opponent, in game
    /// points, points already scored included.
    pub score: i32,
    /// True when `score` is proven (the game was searched to its end).
    pub exact: bool,
    pub nodes: u64,
    pub time_ms: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Principal variation in the game's notation.
    pub pv: Vec<String>,
}

/// The statistics the course asks for, once per search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    /// Alpha cut-offs: fail-highs (a move scoring at least beta, its remaining
    /// siblings pruned) at nodes where the **opponent** of the searching side
    /// is to move — in minimax terms, MIN nodes whose value fell to alpha or
    /// below. Quiescence stand-pats are not counted.
    pub alpha_cuts: u64,
    /// Beta cut-offs: fail-highs at nodes where the **searching side** (the
    /// side to move at the root) is to move — MAX nodes reaching beta.
    pub beta_cuts: u64,
    /// Probes of the transposition table that found the position (whether or
    /// not the entry was deep enough to cut).
    pub tt_hits: u64,
    pub time_ms: u64,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<M> {
    /// The move to play (`None` only when the game is over): the first move
    /// of `pv`, the best move of the last completed iteration or of the
    /// iteration cut short, when that one already proved a better root move.
    pub best: Option<M>,
    /// Score of the last completed iteration (as [`Iteration::score`]); the
    /// current score difference when none completed.
    pub score: i32,
    /// Depth of the last completed iteration (0 when none completed).
    pub depth: u32,
    /// True when `score` is proven.
    pub exact: bool,
    pub pv: Vec<M>,
    pub stats: Stats,
}

/// The search: owns the transposition table (allocated once, sized in MiB)
/// and the history table.
pub struct Searcher {
    tt: Tt,
    history: History,
    config: SearchConfig,
    /// The table of the last exact solver used, kept for as long as the
    /// solves are of its game and board (its values never go stale).
    exact: exact::SolverTable,
}

impl Searcher {
    /// A searcher whose transposition table takes `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher::with_table(Tt::new(hash_mib))
    }

    /// [`Searcher::new`]`(hash_mib)` whose transposition table grows with
    /// what it stores, up to its size ([`Tt::growing`]: 1, 2, 4, 8 or 16
    /// MiB; others are allocated whole), with the same results: for
    /// players whose searches may be small (a depth-3 gate needs
    /// kilobytes, not megabytes).
    pub fn growing(hash_mib: usize) -> Searcher {
        Searcher::with_table(Tt::growing(hash_mib))
    }

    fn with_table(tt: Tt) -> Searcher {
        Searcher {
            tt,
            history: History::new(),
            config: SearchConfig::default(),
            exact: exact::SolverTable::default(),
        }
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.tt = Tt::new(hash_mib);
    }

    /// Bytes of the transposition table in use now: the memory it holds (a
    /// growing table, reset, gives back what it grew to).
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt (transposition table, history): `uginewgame`.
    /// A growing table goes back to its start and gives the memory it grew
    /// to back to the system.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.history.clear();
    }

    /// [`Searcher::new_game`], and drops the exact solvers' kept table:
    /// the state of a new searcher (same table size and options), so that
    /// node-limited searches give the same results whatever this searcher
    /// did before (the analysis of a game, whichever thread runs it).
    pub fn reset(&mut self) {
        self.new_game();
        self.exact = exact::SolverTable::default();
    }

    /// The algorithm's options (evaluation terms, aspiration, ordering).
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Changes the algorithm's options (for measurements and self-play).
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Searches `pos` within `limits`, or until `stop` becomes true; calls
    /// `on_iteration` after each completed depth. Returns the best move of the
    /// last completed iteration, or of a cut-short one that already proved a
    /// better root move (a legal move whenever one exists).
    pub fn search<G: Evaluate>(
        &mut self,
        pos: &G,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Outcome<G::Move> {
        self.search_with(pos, limits, None, stop, on_iteration)
    }

    /// [`Searcher::search`] without the root move `excluded`: the best of
    /// the other moves and its value (Stockfish's excluded move; the
    /// analysis asks it whether a move was the only good one). The exact
    /// solver is not used (it answers for the whole position) and the
    /// root's value is not stored in the table. `None` when `excluded` is
    /// the only legal move, or no move is legal.
    pub fn search_excluding<G: Evaluate>(
        &mut self,
        pos: &G,
        limits: &Limits,
        excluded: G::Move,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Option<Outcome<G::Move>> {
        if !pos.legal_moves().iter().any(|&m| m != excluded) {
            return None;
        }
        let out = self.search_with(pos, limits, Some(excluded), stop, on_iteration);
        // The PV comes from the root's own loop, which skips the move; a
        // table move could only name it if that loop found nothing.
        (out.best != Some(excluded)).then_some(out)
    }

    /// The search, without the root move `excluded` when one is given: the
    /// exact solver first when it may finish, then iterative deepening
    /// ([`deepen`]) with what it left.
    fn search_with<G: Evaluate>(
        &mut self,
        pos: &G,
        limits: &Limits,
        excluded: Option<G::Move>,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Outcome<G::Move> {
        let me = pos.side_to_move();
        let timer = Timer::new(limits, me.index(), eval::moves_left(pos));
        let now = score_now(pos);
        let moves = pos.legal_moves();
        let Some(&first) = moves.iter().find(|&&m| Some(m) != excluded) else {
            return Outcome {
                best: None,
                score: now,
                depth: 0,
                exact: true,
                pv: Vec::new(),
                stats: Stats::default(),
            };
        };
        // After an exact solve cut short by `stop` or the deadline, a quick
        // shallow search still gives a sound move: at most `QUICK_DEPTH`
        // plies (whatever depth was asked) and `QUICK_MS` milliseconds, on
        // its own flag since the raised one would end it at once. Bounded
        // both ways, it always ends: `stop` answers within `QUICK_MS`. The
        // solver's nodes count in the search's statistics and node limit.
        let never = AtomicBool::new(false);
        let exact = if excluded.is_some() {
            Exact::NotUsed
        } else {
            self.solve_exactly(pos, limits, stop, &timer, now, on_iteration)
        };
        let (stop, timer, depth_cap, spent) = match exact {
            Exact::Solved(out) => return out,
            Exact::NotUsed => (stop, timer, MAX_PLY as u32 - 2, Stats::default()),
            Exact::OutOfBudget(spent) => (stop, timer, MAX_PLY as u32 - 2, spent),
            Exact::Stopped(spent) => (&never, Timer::hard_only(QUICK_MS), QUICK_DEPTH, spent),
        };
        self.tt.new_search();
        let max_depth = limits
            .depth
            .unwrap_or(depth_cap)
            .min(depth_cap)
            .clamp(1, MAX_PLY as u32 - 2);
        let node_limit = limits.nodes.unwrap_or(u64::MAX).max(1);
        let config = self.config;
        let mut worker: Worker<G> = Worker::new(
            &mut self.tt,
            &mut self.history,
            config,
            timer,
            stop,
            node_limit,
            me,
        );
        worker.stats = spent;
        worker.excluded = excluded;
        // Until an iteration completes: the first move in search order.
        let out = Outcome {
            best: Some(fallback(pos, first, &worker)),
            score: now,
            depth: 0,
            exact: false,
            pv: Vec::new(),
            stats: Stats::default(),
        };
        deepen(&mut worker, pos, max_depth, out, on_iteration)
    }
}

/// The score difference of `pos` now, side to move minus opponent.
fn score_now<G: Game>(pos: &G) -> i32 {
    let [a, b] = pos.scores();
    if pos.side_to_move().index() == 0 {
        a as i32 - b as i32
    } else {
        b as i32 - a as i32
    }
}

/// Iterative deepening from `out` (the fallback move, the score now) to
/// `max_depth`: each completed depth goes into `out` and to `on_iteration`;
/// it ends at a proven value, the soft deadline, `stop`, or a cut-short
/// iteration (whose proven better root move it keeps).
fn deepen<G: Evaluate>(
    worker: &mut Worker<G>,
    pos: &G,
    max_depth: u32,
    mut out: Outcome<G::Move>,
    on_iteration: &mut dyn FnMut(&Iteration),
) -> Outcome<G::Move> {
    let now = out.score;
    let mut prev = 0;
    for depth in 1..=max_depth {
        worker.seldepth = 0;
        worker.horizon = false;
        worker.root_improved = false;
        let value = aspiration(worker, pos, depth as i32, prev);
        if worker.stopped {
            keep_cut_short(worker, pos, depth, &mut out);
            break;
        }
        prev = value;
        let exact = !worker.horizon;
        complete_iteration(worker, pos, depth, now + value, &mut out);
        on_iteration(&Iteration {
            depth,
            seldepth: worker.seldepth as u32,
            score: out.score,
            exact,
            nodes: worker.stats.nodes,
            time_ms: worker.timer.elapsed_ms(),
            hashfull: worker.tt.hashfull(),
            pv: out.pv.iter().map(|m| m.to_string()).collect(),
        });
        if exact || worker.timer.soft_expired() || worker.stop.load(AtomicOrdering::Relaxed) {
            break;
        }
    }
    out.stats = worker.stats.clone();
    out.stats.time_ms = worker.timer.elapsed_ms();
    out
}

/// A cut-short iteration still tells the best root move among those it
/// finished (the previous best is searched first): taken into `out` when
/// it proved a better one.
fn keep_cut_short<G: Evaluate>(
    worker: &Worker<G>,
    pos: &G,
    depth: u32,
    out: &mut Outcome<G::Move>,
) {
    if worker.root_improved && depth > 1 {
        let mut pv: Vec<G::Move> = worker.pv().collect();
        extend_pv(pos, &mut pv, worker.tt, depth as usize);
        if let Some(&best) = pv.first() {
            out.best = Some(best);
            out.pv = pv;
        }
    }
}

/// A completed iteration of `depth` worth `score` into `out`: its PV
/// (lengthened from the table), best move, score and exactness.
fn complete_iteration<G: Evaluate>(
    worker: &Worker<G>,
    pos: &G,
    depth: u32,
    score: i32,
    out: &mut Outcome<G::Move>,
) {
    let mut pv: Vec<G::Move> = worker.pv().collect();
    extend_pv(pos, &mut pv, worker.tt, depth as usize);
    out.best = pv.first().copied().or(out.best);
    out.score = score;
    out.depth = depth;
    out.exact = !worker.horizon;
    out.pv = pv;
}

/// Depth of the search that replaces an exact solve cut short.
const QUICK_DEPTH: u32 = 6;
/// Time (ms) of the search that replaces an exact solve cut short.
const QUICK_MS: u64 = 10;

/// What [`Searcher::solve_exactly`] did.
enum Exact<M> {
    /// No exact solver for this position, or the limits do not let it finish.
    NotUsed,
    /// Proven.
    Solved(Outcome<M>),
    /// Gave up at its share of the time or nodes (what it spent); the search
    /// goes on with the rest.
    OutOfBudget(Stats),
    /// Ended by `stop` or the hard deadline (what it spent).
    Stopped(Stats),
}

/// The share of the nodes and of the time the exact solver may use
/// (numerator, denominator); the alpha-beta search gets the rest.
const EXACT_SHARE: (u32, u32) = (7, 8);

/// The one rule for a game's exact solver: the nodes it may use under
/// `limits` for `job`, or `None` when it is not used.
///
/// It is used when every limit set lets it reach the end of the game: a
/// depth limit of at least the plies left (otherwise the shallower search
/// asked for runs), a node limit of at least its expected cost (its nodes
/// are the positions it visits, as for the alpha-beta search), and a hard
/// time limit of at least that cost in time (at the solver's nodes per
/// millisecond). With no limit (`go infinite`) it is always used. It gets
/// [`EXACT_SHARE`] of the nodes and of the time; if it does not finish, the
/// alpha-beta search goes on with the rest.
fn exact_budget<G: Game>(limits: &Limits, timer: &Timer, job: &exact::Exact<G>) -> Option<u64> {
    let cost = job.expected_nodes;
    let deep_enough = limits.depth.is_none_or(|d| d as usize >= job.plies_left);
    let nodes_enough = limits.nodes.is_none_or(|n| n >= cost);
    let time_enough = timer
        .hard_ms()
        .is_none_or(|ms| ms >= cost / job.nodes_per_ms.max(1));
    let (num, den) = EXACT_SHARE;
    let share = |n: u64| (u128::from(n) * u128::from(num) / u128::from(den)) as u64;
    (deep_enough && nodes_enough && time_enough).then(|| limits.nodes.map_or(u64::MAX, share))
}

impl Searcher {
    /// The game's exact solver ([`Evaluate::exact`]), when there is one for
    /// `pos`, [`exact_budget`] lets it finish and
    /// [`SearchConfig::exact_solver`] is on.
    fn solve_exactly<G: Evaluate>(
        &mut self,
        pos: &G,
        limits: &Limits,
        stop: &AtomicBool,
        timer: &Timer,
        now: i32,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Exact<G::Move> {
        if !self.config.exact_solver {
            return Exact::NotUsed;
        }
        let Some(job) = pos.exact() else {
            return Exact::NotUsed;
        };
        let Some(max_nodes) = exact_budget(limits, timer, &job) else {
            return Exact::NotUsed;
        };
        let stopped = || stop.load(AtomicOrdering::Relaxed) || timer.expired();
        let (num, den) = EXACT_SHARE;
        let mut keep_going = || !stopped() && !timer.past_fraction(num, den);
        let Some(run) = (job.solve)(pos, &mut self.exact, max_nodes, &mut keep_going) else {
            return Exact::NotUsed;
        };
        let stats = Stats {
            time_ms: timer.elapsed_ms(),
            ..run.stats
        };
        let Ok((value, pv)) = run.result else {
            return if stopped() {
                Exact::Stopped(stats)
            } else {
                Exact::OutOfBudget(stats)
            };
        };
        let Some(&best) = pv.first() else {
            return Exact::NotUsed;
        };
        on_iteration(&Iteration {
            depth: pv.len() as u32,
            seldepth: pv.len() as u32,
            score: now + value,
            exact: true,
            nodes: stats.nodes,
            time_ms: stats.time_ms,
            hashfull: self.tt.hashfull(),
            pv: pv.iter().map(|m| m.to_string()).collect(),
        });
        Exact::Solved(Outcome {
            best: Some(best),
            score: now + value,
            depth: pv.len() as u32,
            exact: true,
            pv,
            stats,
        })
    }
}

/// The move to play when no iteration completed: the TT move if the table
/// knows the position, else the first move in game-knowledge order (never
/// the worker's excluded move).
fn fallback<G: Evaluate>(pos: &G, first: G::Move, worker: &Worker<G>) -> G::Move {
    let moves = pos.legal_moves();
    let allowed = |mv: &G::Move| Some(*mv) != worker.excluded;
    if let Some(hit) = worker.tt.probe(pos.hash()) {
        if let Some(&mv) = moves.get(hit.mv as usize).filter(|m| allowed(m)) {
            return mv;
        }
    }
    moves
        .iter()
        .copied()
        .filter(allowed)
        .max_by_key(|&mv| {
            (
                eval::order_hint(pos, mv),
                std::cmp::Reverse(eval::move_key::<G>(mv)),
            )
        })
        .unwrap_or(first)
}

/// The root search of one depth, inside an aspiration window around the
/// previous value when configured (widened until the value falls inside).
fn aspiration<G: Evaluate>(worker: &mut Worker<G>, pos: &G, depth: i32, prev: i32) -> i32 {
    let width = worker.cfg.aspiration;
    if width <= 0 || depth < 4 {
        return worker.negamax(pos, depth, 0, -INFINITY, INFINITY);
    }
    let mut delta = width;
    let (mut alpha, mut beta) = (prev - delta, prev + delta);
    loop {
        worker.horizon = false;
        let v = worker.negamax(pos, depth, 0, alpha, beta);
        if worker.stopped {
            return v;
        }
        if v <= alpha {
            alpha = (alpha - delta).max(-INFINITY);
        } else if v >= beta {
            beta = (beta + delta).min(INFINITY);
        } else {
            return v;
        }
        delta *= 2;
        if delta > 4 * width * width {
            alpha = -INFINITY;
            beta = INFINITY;
        }
    }
}

/// Lengthens a PV cut short by transposition-table hits, following the
/// table's best moves (checked legal) up to `depth` moves.
fn extend_pv<G: Evaluate>(root: &G, pv: &mut Vec<G::Move>, tt: &Tt, depth: usize) {
    let mut pos = *root;
    for &mv in pv.iter() {
        pos.play_unchecked(mv);
    }
    while pv.len() < depth {
        let Some(hit) = tt.probe(pos.hash()) else {
            break;
        };
        let moves = pos.legal_moves();
        let Some(&mv) = moves.get(hit.mv as usize) else {
            break;
        };
        pos.play_unchecked(mv);
        pv.push(mv);
    }
}
