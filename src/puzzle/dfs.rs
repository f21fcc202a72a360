//! Depth-first search with an optional depth limit (`depth <d>`). Goal test
//! on **generation**. Ignores heuristics; returns the first solution found,
//! not necessarily the shortest. Duplicate detection: a position already
//! searched from no deeper with at least the same score is skipped (its
//! subtree was searched with at least as much depth left); the table stops
//! growing at the memory limit instead of failing.

use super::context::{keep, Found, Search, Seen, SEEN_ENTRY_BYTES};
use super::heuristic::Puzzle;

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
    if s.is_goal(&root) {
        return Found::Path(Vec::new());
    }
    let mut seen = Seen::default();
    let mut path = Vec::new();
    match visit(s, &root, 0, &mut path, &mut seen) {
        Step::Found => Found::Path(path),
        Step::Stop => Found::Limit,
        Step::Continue => s.exhausted_or_limit(),
    }
}

fn visit<G: Puzzle>(
    s: &mut Search<G>,
    pos: &G,
    g: u32,
    path: &mut Vec<G::Move>,
    seen: &mut Seen,
) -> Step {
    if s.too_deep(g + 1) {
        return Step::Continue;
    }
    s.expand();
    // Generate and test every child first (goal test on generation), then
    // descend: the children are replayed rather than stored. A child
    // dominated in the table is dropped before it is generated.
    let mut kept = G::Moves::default();
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let fits = (seen.len() as u64 + 1) * SEEN_ENTRY_BYTES <= s.limits.memory;
        if (fits || seen.contains_key(&child.hash()))
            && !keep(seen, child.hash(), g + 1, child.score())
        {
            continue;
        }
        if !s.generate(&child) {
            return Step::Stop;
        }
        if s.is_goal(&child) {
            path.push(mv);
            return Step::Found;
        }
        kept.extend([mv]);
    }
    let bytes = seen.len() as u64 * SEEN_ENTRY_BYTES;
    s.account(bytes.min(s.limits.memory), g as u64 + 1);
    for mv in kept {
        if s.must_stop() {
            return Step::Stop;
        }
        let mut child = *pos;
        child.play_unchecked(mv);
        path.push(mv);
        match visit(s, &child, g + 1, path, seen) {
            Step::Continue => {
                path.pop();
            }
            other => return other,
        }
    }
    Step::Continue
}
