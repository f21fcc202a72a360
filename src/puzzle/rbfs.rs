//! Recursive best-first search (Korf): best-first order in linear memory.
//! Each call keeps its children with their backed-up f values, descends
//! into the best one with the bound min(own bound, second-best f), and on
//! return stores the child's new backed-up f. Goal test on **expansion**.
//! Optimal with an admissible heuristic. Regenerated nodes count again in T.
//! No duplicate detection (the puzzles have no cycles: every move removes a
//! number or draws an arc).

use super::context::{Found, Search};
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

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    if !s.generate(&root) {
        return Found::Limit;
    }
    let h = s.h(&root);
    if h.is_infinite() {
        return s.exhausted_or_limit();
    }
    let mut path = Vec::new();
    match visit(s, &root, 0, h, f64::INFINITY, &mut path) {
        Step::Found => Found::Path(path),
        Step::Stop => Found::Limit,
        Step::Exceeded(_) => s.exhausted_or_limit(),
    }
}

fn visit<G: Puzzle>(
    s: &mut Search<G>,
    pos: &G,
    g: u32,
    f: f64,
    bound: f64,
    path: &mut Vec<G::Move>,
) -> Step {
    if s.is_goal(pos) {
        return Step::Found;
    }
    if s.too_deep(g + 1) {
        return Step::Exceeded(f64::INFINITY);
    }
    if s.must_stop() {
        return Step::Stop;
    }
    s.expand();
    let mut children: Vec<Child<G>> = Vec::new();
    for mv in pos.legal_moves() {
        let mut state = *pos;
        state.play_unchecked(mv);
        if !s.generate(&state) {
            return Step::Stop;
        }
        let h = s.h(&state);
        if h.is_infinite() {
            continue;
        }
        // Path-max: a child's f is at least its parent's backed-up f.
        let cf = ((g + 1) as f64 + h).max(f);
        children.push(Child { mv, state, f: cf });
    }
    let bytes = (children.len() * std::mem::size_of::<Child<G>>()) as u64 * (g as u64 + 1);
    if !s.account(bytes, children.len() as u64) {
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
        path.push(children[best].mv);
        match visit(s, &child, g + 1, best_f, bound.min(alternative), path) {
            Step::Exceeded(backed) => {
                path.pop();
                children[best].f = backed;
            }
            other => return other,
        }
    }
}
