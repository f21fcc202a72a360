//! A*: best-first on f = g + h with a binary-heap frontier. Goal test on
//! **expansion** (a node is tested when it leaves the frontier), so with an
//! admissible heuristic the solution has the fewest moves. Ties on f go to
//! the deeper node, then to the older one. f uses path-max (a child's f is at
//! least its parent's), which also allows **deferred evaluation**: a child
//! enters the frontier with its parent's f, and its heuristic is computed
//! only when it comes out (then it goes back with its own f if that is
//! larger). Expensive heuristics are thus computed only for the children
//! that could be expanded. Duplicate detection: a generated
//! position already reached in no more moves with at least the same score is
//! dropped; a better path to a known position reopens it. Nodes whose
//! heuristic is infinite (proven dead ends) are not kept.

use super::context::{keep, path_to, Found, Search, Seen, SEEN_ENTRY_BYTES};
use super::heuristic::Puzzle;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

struct Node<G: Puzzle> {
    state: G,
    parent: u32,
    mv: Option<G::Move>,
}

/// A frontier entry; the heap's maximum is the entry to expand next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    /// f = g + h with path-max; for a lazy entry, its parent's f (a lower
    /// bound of its own).
    pub f: f64,
    pub g: u32,
    pub idx: u32,
    /// h not computed yet.
    pub lazy: bool,
}

impl PartialEq for Open {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Open {
    /// Lower f first, then deeper, then older (lower index).
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .f
            .total_cmp(&self.f)
            .then(self.g.cmp(&other.g))
            .then(other.idx.cmp(&self.idx))
    }
}

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    let h = match s.open_root() {
        Ok(h) => h,
        Err(end) => return end,
    };
    let mut nodes: Vec<Node<G>> = vec![Node {
        state: root,
        parent: 0,
        mv: None,
    }];
    let mut open = BinaryHeap::from([Open {
        f: h,
        g: 0,
        idx: 0,
        lazy: false,
    }]);
    let mut seen = Seen::default();
    keep(&mut seen, root.hash(), 0, root.score());
    let node_bytes = std::mem::size_of::<Node<G>>() as u64;
    let open_bytes = std::mem::size_of::<Open>() as u64;
    while let Some(Open { idx, g, f, lazy }) = open.pop() {
        if s.must_stop() {
            return Found::Limit;
        }
        let state = nodes[idx as usize].state;
        // Stale entry: a better path to the position was found since.
        if matches!(seen.get(&state.hash()), Some(&(g0, s0)) if g0 < g && s0 >= state.score()) {
            continue;
        }
        let f = if lazy {
            // Deferred evaluation: the entry waited with its parent's f.
            let h = s.h(&state);
            if h.is_infinite() {
                continue;
            }
            let own = (g as f64 + h).max(f);
            if own > f {
                open.push(Open {
                    f: own,
                    g,
                    idx,
                    lazy: false,
                });
                continue;
            }
            own
        } else {
            f
        };
        if s.is_goal(&state) {
            return Found::Path(path_to(idx as usize, |i| {
                nodes[i].mv.map(|m| (nodes[i].parent as usize, m))
            }));
        }
        if s.too_deep(g + 1) {
            continue;
        }
        s.expand();
        for mv in state.legal_moves() {
            let mut child = state;
            child.play_unchecked(mv);
            if !keep(&mut seen, child.hash(), g + 1, child.score()) {
                continue;
            }
            if !s.generate(&child) {
                return Found::Limit;
            }
            nodes.push(Node {
                state: child,
                parent: idx,
                mv: Some(mv),
            });
            open.push(Open {
                f,
                g: g + 1,
                idx: (nodes.len() - 1) as u32,
                lazy: true,
            });
        }
        let bytes = nodes.len() as u64 * node_bytes
            + open.len() as u64 * open_bytes
            + seen.len() as u64 * SEEN_ENTRY_BYTES;
        if !s.account(bytes, open.len() as u64) {
            return Found::Limit;
        }
    }
    s.exhausted_or_limit()
}
