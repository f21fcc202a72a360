//! What every solver shares: the problem (root, target, heuristic), the
//! limits, the stop flag, the statistics. One signature for all solvers:
//! `fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move>`.

use super::heuristic::Puzzle;
use super::stats::Stats;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Which limit ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    Nodes,
    Depth,
    Memory,
    Time,
    Stop,
}

impl LimitKind {
    /// The option that set the limit (`stop` for the stop flag), as the
    /// report and the `info string limit` line name it.
    pub fn as_str(self) -> &'static str {
        match self {
            LimitKind::Nodes => "nodes",
            LimitKind::Depth => "depth",
            LimitKind::Memory => "memory",
            LimitKind::Time => "movetime",
            LimitKind::Stop => "stop",
        }
    }
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a solver ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found<M> {
    /// The moves from the root to a goal.
    Path(Vec<M>),
    /// The whole space was searched: the target cannot be reached.
    Exhausted,
    /// A limit stopped the search (see [`Search::limit`]).
    Limit,
}

/// Resource limits of a run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Nodes generated.
    pub nodes: Option<u64>,
    /// Deepest node generated (moves from the root).
    pub depth: Option<u32>,
    /// Bytes of the solver's structures.
    pub memory: u64,
    /// Wall time.
    pub time: Option<Duration>,
    /// Nodes SMA* may keep (derived from `memory` when not given).
    pub stored_nodes: Option<u64>,
}

/// A run of a solver on one problem.
pub struct Search<'a, G: Puzzle> {
    pub root: G,
    pub target: u32,
    /// Index into `G::HEURISTICS`; `None` for the blind solvers (h = 0, no pruning).
    pub heuristic: Option<usize>,
    pub limits: Limits,
    pub stats: Stats,
    /// Best score seen on a generated node.
    pub best_score: u32,
    /// The limit that stopped the run, if one did.
    pub limit: Option<LimitKind>,
    stop: &'a AtomicBool,
    start: Instant,
    next_check: u64,
    next_report: Instant,
    info: &'a mut dyn FnMut(&str),
}

/// Nodes between two checks of the clock and the stop flag.
const CHECK_EVERY: u64 = 64;

impl<'a, G: Puzzle> Search<'a, G> {
    pub fn new(
        root: G,
        target: u32,
        heuristic: Option<usize>,
        limits: Limits,
        stop: &'a AtomicBool,
        info: &'a mut dyn FnMut(&str),
    ) -> Search<'a, G> {
        let start = Instant::now();
        Search {
            root,
            target,
            heuristic,
            limits,
            stats: Stats::default(),
            best_score: root.score(),
            limit: None,
            stop,
            start,
            next_check: CHECK_EVERY,
            next_report: start + Duration::from_secs(1),
            info,
        }
    }

    /// The heuristic estimate of `pos` (0 for the blind solvers).
    #[inline]
    pub fn h(&self, pos: &G) -> f64 {
        match self.heuristic {
            Some(i) => pos.estimate(i, self.target),
            None => 0.0,
        }
    }

    /// Generates the root for an informed solver and returns its estimate,
    /// or how the run ends right there: `Limit` when the root may not be
    /// generated, `Exhausted` (or `Limit`) when its h is infinite, a proven
    /// dead end.
    pub fn open_root(&mut self) -> Result<f64, Found<G::Move>> {
        let root = self.root;
        if !self.generate(&root) {
            return Err(Found::Limit);
        }
        let h = self.h(&root);
        if h.is_infinite() {
            return Err(self.exhausted_or_limit());
        }
        Ok(h)
    }

    /// The heuristic's description (`None` for the blind solvers).
    pub fn heuristic_info(&self) -> Option<super::heuristic::HeuristicInfo> {
        self.heuristic.map(|i| G::HEURISTICS[i])
    }

    #[inline]
    pub fn is_goal(&self, pos: &G) -> bool {
        pos.score() >= self.target
    }

    /// Counts a generated node; false when the node limit forbids it.
    #[inline]
    pub fn generate(&mut self, pos: &G) -> bool {
        // The stop flag on every node (a relaxed load), the clock every
        // CHECK_EVERY nodes: slow heuristics still stop promptly.
        if self.stop.load(Ordering::Relaxed) {
            self.hit(LimitKind::Stop);
            return false;
        }
        if self.stats.generated >= self.next_check && self.must_stop() {
            return false;
        }
        if let Some(max) = self.limits.nodes {
            if self.stats.generated >= max {
                self.hit(LimitKind::Nodes);
                return false;
            }
        }
        self.stats.generated += 1;
        self.best_score = self.best_score.max(pos.score());
        true
    }

    /// True when a child at `depth` is beyond the depth limit (and notes the cut).
    #[inline]
    pub fn too_deep(&mut self, depth: u32) -> bool {
        match self.limits.depth {
            Some(d) if depth > d => {
                if self.limit.is_none() {
                    self.limit = Some(LimitKind::Depth);
                }
                true
            }
            _ => false,
        }
    }

    /// Counts an expansion.
    #[inline]
    pub fn expand(&mut self) {
        self.stats.expanded += 1;
    }

    /// Records the solver's current memory and frontier; false when over the
    /// memory limit.
    #[inline]
    pub fn account(&mut self, bytes: u64, frontier: u64) -> bool {
        self.stats.peak_memory = self.stats.peak_memory.max(bytes);
        self.stats.peak_frontier = self.stats.peak_frontier.max(frontier);
        if bytes > self.limits.memory {
            self.hit(LimitKind::Memory);
            return false;
        }
        true
    }

    /// Notes a hard limit (nodes, memory, time, stop); the run must end.
    pub fn hit(&mut self, kind: LimitKind) {
        if !matches!(self.limit, Some(k) if k != LimitKind::Depth) {
            self.limit = Some(kind);
        }
    }

    /// True when the run must end now: a hard limit was hit, the stop flag is
    /// set or the time is over (checked every `CHECK_EVERY` nodes).
    #[inline]
    pub fn must_stop(&mut self) -> bool {
        if matches!(self.limit, Some(k) if k != LimitKind::Depth) {
            return true;
        }
        if self.stats.generated < self.next_check {
            return false;
        }
        self.next_check = self.stats.generated + CHECK_EVERY;
        if self.stop.load(Ordering::Relaxed) {
            self.hit(LimitKind::Stop);
            return true;
        }
        let now = Instant::now();
        if let Some(t) = self.limits.time {
            if now.duration_since(self.start) >= t {
                self.hit(LimitKind::Time);
                return true;
            }
        }
        if now >= self.next_report {
            self.next_report = now + Duration::from_secs(1);
            let ms = now.duration_since(self.start).as_millis().max(1) as u64;
            let line = format!(
                "nodes {} nps {} time {} string expanded {} best {}",
                self.stats.generated,
                self.stats.generated * 1000 / ms,
                ms,
                self.stats.expanded,
                self.best_score
            );
            (self.info)(&line);
        }
        false
    }

    /// True when a hard limit (not a depth cut) ended the run.
    pub fn stopped(&self) -> bool {
        matches!(self.limit, Some(k) if k != LimitKind::Depth)
    }

    /// `Exhausted` unless a limit (a depth cut included) pruned the search.
    pub fn exhausted_or_limit(&self) -> Found<G::Move> {
        if self.limit.is_some() {
            Found::Limit
        } else {
            Found::Exhausted
        }
    }

    /// Stops the clock.
    pub fn finish(&mut self) {
        self.stats.time = self.start.elapsed();
    }

    /// Sends an info line.
    pub fn info(&mut self, line: &str) {
        (self.info)(line);
    }
}

/// One reusable buffer per depth for the children of the recursive
/// solvers: a call takes its depth's buffer and gives it back, so nothing is
/// allocated once the buffers are warm.
pub struct DepthBuffers<T>(Vec<Vec<T>>);

impl<T> Default for DepthBuffers<T> {
    fn default() -> DepthBuffers<T> {
        DepthBuffers(Vec::new())
    }
}

impl<T> DepthBuffers<T> {
    /// The buffer of the node at depth `g`, empty; give it back with
    /// [`DepthBuffers::put`].
    pub fn take(&mut self, g: u32) -> Vec<T> {
        let depth = g as usize;
        if self.0.len() <= depth {
            self.0.resize_with(depth + 1, Vec::new);
        }
        let mut buffer = std::mem::take(&mut self.0[depth]);
        buffer.clear();
        buffer
    }

    /// Gives back the buffer taken for depth `g`.
    pub fn put(&mut self, g: u32, buffer: Vec<T>) {
        self.0[g as usize] = buffer;
    }
}

/// A hasher for keys that are already Zobrist hashes.
#[derive(Default, Clone, Copy)]
pub struct ZobristHasher(u64);

impl Hasher for ZobristHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Position hash → best (moves, score) seen: the duplicate-detection table.
pub type Seen = HashMap<u64, (u32, u32), BuildHasherDefault<ZobristHasher>>;

/// Bytes per entry of [`Seen`] (key, value, control byte, load slack).
pub const SEEN_ENTRY_BYTES: u64 = 32;

/// Duplicate detection keyed on the position hash, which excludes the
/// score: a node is dominated by a stored one reached in no more moves with
/// at least its score. Returns true when the node should be kept (and
/// records it).
#[inline]
pub fn keep(seen: &mut Seen, hash: u64, g: u32, score: u32) -> bool {
    match seen.get_mut(&hash) {
        Some(&mut (g0, s0)) if g0 <= g && s0 >= score => false,
        Some(entry) => {
            // Better or incomparable: remember the newest (never prunes wrongly).
            *entry = (g, score);
            true
        }
        None => {
            seen.insert(hash, (g, score));
            true
        }
    }
}

/// The moves from the root to node `idx` of an arena of `(parent, move)`.
pub fn path_to<M: Copy>(idx: usize, link: impl Fn(usize) -> Option<(usize, M)>) -> Vec<M> {
    let mut moves = Vec::new();
    let mut at = idx;
    while let Some((parent, mv)) = link(at) {
        moves.push(mv);
        at = parent;
    }
    moves.reverse();
    moves
}
