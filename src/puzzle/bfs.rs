//! Breadth-first search. Goal test on **generation** (a child is tested as
//! soon as it is created, so the first goal found is at the least depth).
//! Ignores heuristics. Duplicate detection: a position already generated in
//! no more moves with at least the same score is dropped.

use super::context::{keep, path_to, Found, Search, Seen, SEEN_ENTRY_BYTES};
use super::heuristic::Puzzle;
use std::collections::VecDeque;

struct Node<G: Puzzle> {
    state: G,
    parent: u32,
    mv: Option<G::Move>,
    g: u32,
}

pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let root = s.root;
    if !s.generate(&root) {
        return Found::Limit;
    }
    if s.is_goal(&root) {
        return Found::Path(Vec::new());
    }
    let mut nodes: Vec<Node<G>> = vec![Node {
        state: root,
        parent: 0,
        mv: None,
        g: 0,
    }];
    let mut queue: VecDeque<u32> = VecDeque::from([0]);
    let mut seen = Seen::default();
    keep(&mut seen, root.hash(), 0, root.score());
    let node_bytes = (std::mem::size_of::<Node<G>>() + 4) as u64;
    while let Some(idx) = queue.pop_front() {
        if s.must_stop() {
            return Found::Limit;
        }
        let (state, g) = (nodes[idx as usize].state, nodes[idx as usize].g);
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
                g: g + 1,
            });
            let at = nodes.len() - 1;
            if s.is_goal(&child) {
                return Found::Path(path_to(at, |i| {
                    nodes[i].mv.map(|m| (nodes[i].parent as usize, m))
                }));
            }
            queue.push_back(at as u32);
        }
        let bytes = nodes.len() as u64 * node_bytes + seen.len() as u64 * SEEN_ENTRY_BYTES;
        if !s.account(bytes, queue.len() as u64) {
            return Found::Limit;
        }
    }
    s.exhausted_or_limit()
}
