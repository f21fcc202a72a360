//! IDA*: depth-first iterations bounded by f = g + h, the bound rising to the
//! least f that exceeded it. Goal test on **expansion** (when a node within
//! the bound is visited). Optimal with an admissible heuristic. Counts add up
//! over the iterations.
//!
//! Duplicate detection uses a fixed-size transposition table (allocated
//! once): within one iteration, a position already visited in no more moves
//! with at least the same score is skipped — its subtree was searched with
//! at least as much of the bound left.

use super::context::{Found, Search};
use super::heuristic::Puzzle;

/// One slot: position hash, iteration, moves and score of the last visit.
#[derive(Clone, Copy, Default)]
struct Slot {
    key: u64,
    iteration: u32,
    g: u32,
    score: u32,
}

/// Largest transposition table (bytes), also bounded by the memory limit.
const TT_BYTES: u64 = 64 << 20;

struct Run<'s, 'a, G: Puzzle> {
    s: &'s mut Search<'a, G>,
    table: Vec<Slot>,
    iteration: u32,
    bound: f64,
    next_bound: f64,
    path: Vec<G::Move>,
}

enum Step {
    Found,
    Continue,
    Stop,
}

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    if !s.generate(&root) {
        return Found::Limit;
    }
    let h = s.h(&root);
    if h.is_infinite() {
        return s.exhausted_or_limit();
    }
    let slots = (TT_BYTES.min(s.limits.memory / 2) / std::mem::size_of::<Slot>() as u64)
        .max(1)
        .next_power_of_two()
        / 2;
    let slots = slots.max(1) as usize;
    let table = vec![Slot::default(); slots];
    let bytes = (slots * std::mem::size_of::<Slot>()) as u64;
    let mut run = Run {
        s,
        table,
        iteration: 0,
        bound: h,
        next_bound: f64::INFINITY,
        path: Vec::new(),
    };
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
        if !run.s.account(bytes, run.path.capacity() as u64) {
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
        let mask = self.table.len() - 1;
        let slot = &mut self.table[key as usize & mask];
        if slot.key == key
            && slot.iteration == self.iteration
            && slot.g <= g
            && slot.score >= pos.score()
        {
            return true;
        }
        *slot = Slot {
            key,
            iteration: self.iteration,
            g,
            score: pos.score(),
        };
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
        for mv in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(mv);
            if !self.s.generate(&child) {
                return Step::Stop;
            }
            let h = self.s.h(&child);
            if h.is_infinite() {
                continue;
            }
            self.path.push(mv);
            match self.visit(&child, g + 1, h) {
                Step::Continue => {
                    self.path.pop();
                }
                other => return other,
            }
        }
        Step::Continue
    }
}
