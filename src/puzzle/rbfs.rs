//! Recursive best-first search (Korf): best-first order in linear memory.
//! Each call keeps its children with their backed-up f values, descends
//! into the best one with the bound min(own bound, second-best f), and on
//! return stores the child's new backed-up f. Goal test on **expansion**.
//! Optimal with an admissible heuristic. Regenerated nodes count again in T.
//! No duplicate detection (the puzzles have no cycles: every move removes a
//! number or draws an arc). The children of each depth live in a buffer
//! reused from call to call (no allocation once warm).

use super::context::{DepthBuffers, Found, Search};
use super::heuristic::Puzzle;

enum Step {
    Found,
    /// The subtree's backed-up f (above the bound).
    Exceeded(f64),
    Stop,
}

struct Child<G: Puzzle> {
    mv: G::Move,
    state: G,
    f: f64,
}

struct Run<'s, 'a, G: Puzzle> {
    s: &'s mut Search<'a, G>,
    path: Vec<G::Move>,
    buffers: DepthBuffers<Child<G>>,
    /// Children held at once over all depths.
    held: u64,
}

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    let h = match s.open_root() {
        Ok(h) => h,
        Err(end) => return end,
    };
    let mut run = Run {
        s,
        path: Vec::new(),
        buffers: DepthBuffers::default(),
        held: 0,
    };
    match run.visit(&root, 0, h, f64::INFINITY) {
        Step::Found => Found::Path(run.path),
        Step::Stop => Found::Limit,
        Step::Exceeded(_) => run.s.exhausted_or_limit(),
    }
}

impl<G: Puzzle> Run<'_, '_, G> {
    fn visit(&mut self, pos: &G, g: u32, f: f64, bound: f64) -> Step {
        if self.s.is_goal(pos) {
            return Step::Found;
        }
        if self.s.too_deep(g + 1) {
            return Step::Exceeded(f64::INFINITY);
        }
        if self.s.must_stop() {
            return Step::Stop;
        }
        self.s.expand();
        let mut children = self.buffers.take(g);
        let held = self.held;
        let step = self.search_children(pos, g, f, bound, &mut children);
        self.held = held;
        self.buffers.put(g, children);
        step
    }

    fn search_children(
        &mut self,
        pos: &G,
        g: u32,
        f: f64,
        bound: f64,
        children: &mut Vec<Child<G>>,
    ) -> Step {
        for mv in pos.legal_moves() {
            let mut state = *pos;
            state.play_unchecked(mv);
            if !self.s.generate(&state) {
                return Step::Stop;
            }
            let h = self.s.h(&state);
            if h.is_infinite() {
                continue;
            }
            // Path-max: a child's f is at least its parent's backed-up f.
            let cf = ((g + 1) as f64 + h).max(f);
            children.push(Child { mv, state, f: cf });
        }
        self.held += children.len() as u64;
        let bytes = self.held * std::mem::size_of::<Child<G>>() as u64;
        if !self.s.account(bytes, self.held) {
            return Step::Stop;
        }
        if children.is_empty() {
            return Step::Exceeded(f64::INFINITY);
        }
        loop {
            // Best child (first in move order on ties) and the second-best f.
            let mut best = 0;
            for i in 1..children.len() {
                if children[i].f < children[best].f {
                    best = i;
                }
            }
            let best_f = children[best].f;
            if best_f > bound || best_f.is_infinite() {
                return Step::Exceeded(best_f);
            }
            let alternative = children
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != best)
                .map(|(_, c)| c.f)
                .fold(f64::INFINITY, f64::min);
            let child = children[best].state;
            self.path.push(children[best].mv);
            match self.visit(&child, g + 1, best_f, bound.min(alternative)) {
                Step::Exceeded(backed) => {
                    self.path.pop();
                    children[best].f = backed;
                }
                other => return other,
            }
        }
    }
}
