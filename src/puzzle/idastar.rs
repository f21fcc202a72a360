//! IDA*: depth-first iterations bounded by f = g + h, the bound rising to the
//! least f that exceeded it. Goal test on **expansion** (when a node within
//! the bound is visited). Optimal with an admissible heuristic. Counts add up
//! over the iterations. Children are visited in order of h (ties: operator
//! order), or, when the heuristic is expensive, in order of the score they
//! reach, h being computed only for the children actually visited.
//!
//! Duplicate detection uses a fixed-size transposition table (allocated
//! once): within one iteration, a position already visited in no more moves
//! with at least the same score is skipped — its subtree was searched with
//! at least as much of the bound left.

use super::context::{DepthBuffers, Found, Search};
use super::heuristic::Puzzle;

/// Words per slot: position hash, iteration << 32 | moves, score.
const SLOT_WORDS: usize = 3;

/// Largest transposition table (bytes), also bounded by the memory limit.
const TT_BYTES: u64 = 64 << 20;

struct Run<'s, 'a, G: Puzzle> {
    s: &'s mut Search<'a, G>,
    /// `SLOT_WORDS` words per slot; zeroed by the allocator (pages touched lazily).
    table: Vec<u64>,
    slots: usize,
    iteration: u32,
    bound: f64,
    next_bound: f64,
    path: Vec<G::Move>,
    /// Expensive heuristic: order children by score, evaluate h lazily.
    lazy: bool,
    /// Children of the node at each depth, reused (no allocation once warm).
    buffers: DepthBuffers<(f64, G::Move)>,
}

enum Step {
    Found,
    Continue,
    Stop,
}

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    let h = match s.open_root() {
        Ok(h) => h,
        Err(end) => return end,
    };
    let slot_bytes = (SLOT_WORDS * 8) as u64;
    let slots = (TT_BYTES.min(s.limits.memory / 2) / slot_bytes)
        .max(2)
        .next_power_of_two()
        / 2;
    let slots = slots as usize;
    let table = vec![0u64; slots * SLOT_WORDS];
    let bytes = slots as u64 * slot_bytes;
    let lazy = s.heuristic_info().is_some_and(|h| h.expensive);
    let mut run = Run {
        s,
        table,
        slots,
        iteration: 0,
        bound: h,
        next_bound: f64::INFINITY,
        path: Vec::new(),
        lazy,
        buffers: DepthBuffers::default(),
    };
    if !run.s.account(bytes, 1) {
        return Found::Limit;
    }
    loop {
        run.iteration += 1;
        run.next_bound = f64::INFINITY;
        run.s.info(&format!(
            "string idastar iteration {} bound {:.3} generated {}",
            run.iteration, run.bound, run.s.stats.generated
        ));
        match run.visit(&root, 0, h) {
            Step::Found => return Found::Path(std::mem::take(&mut run.path)),
            Step::Stop => return Found::Limit,
            Step::Continue => {}
        }
        if !run.s.account(bytes, run.path.capacity() as u64 + 1) {
            return Found::Limit;
        }
        if run.next_bound.is_infinite() {
            return run.s.exhausted_or_limit();
        }
        run.bound = run.next_bound;
    }
}

impl<G: Puzzle> Run<'_, '_, G> {
    /// Skips positions already visited this iteration in no more moves with
    /// at least this score; records the visit otherwise.
    fn dominated(&mut self, pos: &G, g: u32) -> bool {
        let key = pos.hash();
        let at = (key as usize & (self.slots - 1)) * SLOT_WORDS;
        let slot = &mut self.table[at..at + SLOT_WORDS];
        let stamp = (self.iteration as u64) << 32;
        if slot[0] == key
            && slot[1] >> 32 == stamp >> 32
            && slot[1] as u32 <= g
            && slot[2] >= pos.score() as u64
        {
            return true;
        }
        slot[0] = key;
        slot[1] = stamp | g as u64;
        slot[2] = pos.score() as u64;
        false
    }

    fn visit(&mut self, pos: &G, g: u32, h: f64) -> Step {
        let f = g as f64 + h;
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return Step::Continue;
        }
        if self.s.is_goal(pos) {
            return Step::Found;
        }
        if self.dominated(pos, g) {
            return Step::Continue;
        }
        if self.s.too_deep(g + 1) {
            return Step::Continue;
        }
        if self.s.must_stop() {
            return Step::Stop;
        }
        self.s.expand();
        // Children ordered by h (stable: operator order on ties), so the
        // last iteration meets a goal early; with an expensive heuristic,
        // by the score they reach, h being computed only when visited.
        let mut children = self.buffers.take(g);
        let mut result = Step::Continue;
        for mv in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(mv);
            if !self.s.generate(&child) {
                result = Step::Stop;
                break;
            }
            let key = if self.lazy {
                -(child.score() as f64)
            } else {
                self.s.h(&child)
            };
            if key.is_finite() {
                children.push((key, mv));
            }
        }
        if matches!(result, Step::Continue) {
            children.sort_by(|a, b| a.0.total_cmp(&b.0));
            for &(key, mv) in &children {
                let mut child = *pos;
                child.play_unchecked(mv);
                let h = if self.lazy { self.s.h(&child) } else { key };
                if h.is_infinite() {
                    continue;
                }
                self.path.push(mv);
                match self.visit(&child, g + 1, h) {
                    Step::Continue => {
                        self.path.pop();
                    }
                    other => {
                        result = other;
                        break;
                    }
                }
            }
        }
        self.buffers.put(g, children);
        result
    }
}
