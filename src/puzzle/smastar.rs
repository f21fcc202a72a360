//! SMA*, simplified memory-bounded A* (Russell 1992; the AIMA variant that
//! expands all successors at once). The search tree kept in memory is at
//! most `stored_nodes` nodes (`memnodes <n>`, or the memory limit divided
//! by the node size). The leaves are ordered by f (ties: deeper first); when
//! memory is full the worst leaf (highest f, shallowest) is forgotten and its
//! f backed up into its parent, which becomes a leaf again with the least
//! forgotten f once all its children are gone and is then regenerated.
//! Goal test on **expansion**. Optimal with an admissible heuristic when the
//! optimal path fits in memory; a node that cannot have a child in memory is
//! cut, and the run ends with `reason limit` as soon as the best f exceeds
//! the deepest path the memory can hold.

use super::context::{path_to, Found, LimitKind, Search};
use super::heuristic::Puzzle;
use std::cmp::Reverse;
use std::collections::BTreeSet;

struct Node<G: Puzzle> {
    state: G,
    parent: u32,
    mv: Option<G::Move>,
    g: u32,
    f: f64,
    /// Children in memory.
    children: u32,
    /// Least f of the children forgotten since the last expansion.
    forgotten: f64,
}

/// Leaf order: f ascending, deeper first, then slot. First = best, last = worst.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key(OrdF, Reverse<u32>, u32);

#[derive(Clone, Copy, PartialEq, Debug)]
struct OrdF(f64);
impl Eq for OrdF {}
impl PartialOrd for OrdF {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for OrdF {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.total_cmp(&other.0)
    }
}

const NO_PARENT: u32 = u32::MAX;

struct Tree<G: Puzzle> {
    nodes: Vec<Option<Node<G>>>,
    free: Vec<u32>,
    leaves: BTreeSet<Key>,
    stored: u64,
}

impl<G: Puzzle> Tree<G> {
    fn node(&self, i: u32) -> &Node<G> {
        self.nodes[i as usize].as_ref().expect("live node")
    }
    fn node_mut(&mut self, i: u32) -> &mut Node<G> {
        self.nodes[i as usize].as_mut().expect("live node")
    }
    fn key(&self, i: u32) -> Key {
        let n = self.node(i);
        Key(OrdF(n.f), Reverse(n.g), i)
    }
    fn add(&mut self, node: Node<G>) -> u32 {
        self.stored += 1;
        let i = match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = Some(node);
                i
            }
            None => {
                self.nodes.push(Some(node));
                (self.nodes.len() - 1) as u32
            }
        };
        self.leaves.insert(self.key(i));
        i
    }
    /// Removes leaf `i`, backing its f up into its parent; a parent left
    /// without children becomes a leaf again (or is removed too when its
    /// backed-up f is infinite).
    fn forget(&mut self, mut i: u32) {
        loop {
            let key = self.key(i);
            self.leaves.remove(&key);
            let node = self.nodes[i as usize].take().expect("live node");
            self.free.push(i);
            self.stored -= 1;
            let parent = node.parent;
            if parent == NO_PARENT {
                return;
            }
            let p = self.node_mut(parent);
            p.forgotten = p.forgotten.min(node.f);
            p.children -= 1;
            if p.children > 0 {
                return;
            }
            p.f = p.f.max(p.forgotten);
            p.forgotten = f64::INFINITY;
            if p.f.is_infinite() {
                // A dead subtree: drop the parent as well.
                self.leaves.insert(self.key(parent));
                i = parent;
                continue;
            }
            let key = self.key(parent);
            self.leaves.insert(key);
            return;
        }
    }
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
    let node_bytes = (std::mem::size_of::<Option<Node<G>>>() + 48) as u64;
    let capacity = s
        .limits
        .stored_nodes
        .unwrap_or(s.limits.memory / node_bytes)
        .max(2);
    // A node at depth capacity - 1 cannot have a child in memory.
    let max_depth = (capacity - 1).min(u32::MAX as u64) as u32;
    let mut tree = Tree {
        nodes: Vec::new(),
        free: Vec::new(),
        leaves: BTreeSet::new(),
        stored: 0,
    };
    tree.add(Node {
        state: root,
        parent: NO_PARENT,
        mv: None,
        g: 0,
        f: h,
        children: 0,
        forgotten: f64::INFINITY,
    });
    let mut memory_cut = false;
    loop {
        if s.must_stop() {
            return Found::Limit;
        }
        let Some(&Key(OrdF(f), _, idx)) = tree.leaves.first() else {
            break;
        };
        if f.is_infinite() {
            break;
        }
        if f > max_depth as f64 {
            // Every solution left costs more moves than the memory can hold.
            s.hit(LimitKind::Memory);
            return Found::Limit;
        }
        let (state, g) = {
            let n = tree.node(idx);
            (n.state, n.g)
        };
        if s.is_goal(&state) {
            return Found::Path(path_to(idx as usize, |i| {
                let n = tree.node(i as u32);
                n.mv.map(|m| (n.parent as usize, m))
            }));
        }
        if s.too_deep(g + 1) || g >= max_depth {
            if g >= max_depth {
                memory_cut = true;
            }
            set_infinite(&mut tree, idx);
            continue;
        }
        s.expand();
        tree.leaves.remove(&tree.key(idx));
        let mut added = 0;
        for mv in state.legal_moves() {
            let mut child = state;
            child.play_unchecked(mv);
            if !s.generate(&child) {
                return Found::Limit;
            }
            let h = s.h(&child);
            if h.is_infinite() {
                continue;
            }
            tree.add(Node {
                state: child,
                parent: idx,
                mv: Some(mv),
                g: g + 1,
                f: ((g + 1) as f64 + h).max(f),
                children: 0,
                forgotten: f64::INFINITY,
            });
            added += 1;
        }
        tree.node_mut(idx).children = added;
        if added == 0 {
            // A dead end: back an infinite f up.
            tree.node_mut(idx).f = f64::INFINITY;
            tree.leaves.insert(tree.key(idx));
            tree.forget(idx);
        }
        while tree.stored > capacity {
            let Some(&Key(_, _, worst)) = tree.leaves.last() else {
                break;
            };
            tree.forget(worst);
        }
        s.account(tree.stored * node_bytes, tree.leaves.len() as u64);
    }
    if memory_cut {
        s.hit(LimitKind::Memory);
    }
    s.exhausted_or_limit()
}

/// Gives a leaf an infinite f (it cannot lead to a goal within the limits).
fn set_infinite<G: Puzzle>(tree: &mut Tree<G>, idx: u32) {
    let key = tree.key(idx);
    tree.leaves.remove(&key);
    tree.node_mut(idx).f = f64::INFINITY;
    tree.leaves.insert(tree.key(idx));
    tree.forget(idx);
}
