//! SMA*, simplified memory-bounded A* (Russell 1992). The search tree kept
//! in memory has at most `stored_nodes` nodes (`memnodes <n>`, or the memory
//! limit divided by the node size).
//!
//! The frontier holds the nodes with something left to explore, ordered by
//! f (ties: deeper first): fresh leaves, and nodes whose forgotten children
//! must be regenerated. When memory is full the worst leaf (highest f,
//! shallowest) is forgotten: its f is backed up into its parent, which
//! remembers which child it was and re-enters the frontier with the least
//! forgotten f; expanding it again regenerates only the forgotten children,
//! each with an f at least that backed-up value. Goal test on
//! **expansion**. Optimal with an admissible heuristic when the optimal path
//! fits in memory; a node that cannot have a child in memory is cut, and the
//! run ends with `reason limit` as soon as the best f exceeds the deepest
//! path the memory can hold.

use super::context::{path_to, Found, LimitKind, Search};
use super::heuristic::Puzzle;
use std::cmp::Reverse;
use std::collections::BTreeSet;

struct Node<G: Puzzle> {
    state: G,
    parent: u32,
    mv: Option<G::Move>,
    /// Index of the move among the parent's legal moves.
    index: u16,
    g: u32,
    /// The node's f: its own (path-max) value, or, once it has forgotten
    /// children, the least f backed up from them.
    f: f64,
    /// Children in memory.
    children: u32,
    /// `None` until expanded; then the indices of the forgotten children
    /// still to regenerate.
    pending: Option<Vec<u16>>,
}

/// Order: f ascending, deeper first, then slot. First = best, last = worst.
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
    /// Nodes with something to explore (fresh, or with forgotten children).
    open: BTreeSet<Key>,
    /// Nodes without children in memory: the ones that may be forgotten.
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

    /// Takes node `i` out of both orders (before changing its f).
    fn unindex(&mut self, i: u32) {
        let key = self.key(i);
        self.open.remove(&key);
        self.leaves.remove(&key);
    }

    /// Puts node `i` back into the orders its state calls for.
    fn index(&mut self, i: u32) {
        let key = self.key(i);
        let n = self.node(i);
        let open = match &n.pending {
            None => true,
            Some(p) => !p.is_empty(),
        };
        let leaf = n.children == 0;
        if open {
            self.open.insert(key);
        }
        if leaf {
            self.leaves.insert(key);
        }
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
        self.index(i);
        i
    }

    /// Forgets leaf `i`, backing its f up into its parent (a dead parent —
    /// nothing left in memory nor to regenerate — is forgotten too).
    fn forget(&mut self, mut i: u32) {
        loop {
            self.unindex(i);
            let node = self.nodes[i as usize].take().expect("live node");
            self.free.push(i);
            self.stored -= 1;
            let parent = node.parent;
            if parent == NO_PARENT {
                return;
            }
            self.unindex(parent);
            let p = self.node_mut(parent);
            p.children -= 1;
            let pending = p.pending.get_or_insert_with(Vec::new);
            if node.f.is_finite() {
                if pending.is_empty() {
                    p.f = node.f;
                } else {
                    p.f = p.f.min(node.f);
                }
                pending.push(node.index);
            }
            let dead = p.children == 0 && pending.is_empty();
            if !dead {
                self.index(parent);
                return;
            }
            self.node_mut(parent).f = f64::INFINITY;
            i = parent;
        }
    }

    /// Forgets node `i` for good (a dead end or a cut): its parent will not
    /// regenerate it.
    fn kill(&mut self, i: u32) {
        self.unindex(i);
        let n = self.node_mut(i);
        n.f = f64::INFINITY;
        n.children = 0;
        self.forget(i);
    }
}

impl<G: Puzzle> Tree<G> {
    /// A tree holding only the root, of heuristic value `h`.
    fn with_root(root: G, h: f64) -> Tree<G> {
        let mut tree = Tree {
            nodes: Vec::new(),
            free: Vec::new(),
            open: BTreeSet::new(),
            leaves: BTreeSet::new(),
            stored: 0,
        };
        tree.add(Node {
            state: root,
            parent: NO_PARENT,
            mv: None,
            index: 0,
            g: 0,
            f: h,
            children: 0,
            pending: None,
        });
        tree
    }

    /// The moves from the root to node `i`.
    fn path_to(&self, i: u32) -> Vec<G::Move> {
        path_to(i as usize, |i| {
            let n = self.node(i as u32);
            n.mv.map(|m| (n.parent as usize, m))
        })
    }

    /// Expands node `idx` (of f `f`): adds its children, all of them the
    /// first time, then only the forgotten ones; a node left without
    /// children is killed. False when a limit stopped the generation.
    fn expand(&mut self, s: &mut Search<G>, idx: u32, f: f64) -> bool {
        let (state, g) = {
            let n = self.node(idx);
            (n.state, n.g)
        };
        s.expand();
        self.unindex(idx);
        let mut which = self.node_mut(idx).pending.replace(Vec::new());
        if let Some(w) = which.as_mut() {
            w.sort_unstable();
        }
        let mut added = 0;
        for (i, mv) in state.legal_moves().into_iter().enumerate() {
            if which
                .as_ref()
                .is_some_and(|w| w.binary_search(&(i as u16)).is_err())
            {
                continue;
            }
            let mut child = state;
            child.play_unchecked(mv);
            if !s.generate(&child) {
                return false;
            }
            let h = s.h(&child);
            if h.is_infinite() {
                continue;
            }
            self.add(Node {
                state: child,
                parent: idx,
                mv: Some(mv),
                index: i as u16,
                g: g + 1,
                f: ((g + 1) as f64 + h).max(f),
                children: 0,
                pending: None,
            });
            added += 1;
        }
        let n = self.node_mut(idx);
        n.children += added;
        if n.children == 0 {
            self.kill(idx);
        } else {
            self.index(idx);
        }
        true
    }

    /// Forgets the worst leaves until at most `capacity` nodes are stored.
    fn shrink_to(&mut self, capacity: u64) {
        while self.stored > capacity {
            let Some(&Key(_, _, worst)) = self.leaves.last() else {
                break;
            };
            self.forget(worst);
        }
    }
}

/// SMA* (see the module): expands the best node of the frontier, forgets
/// the worst leaves when memory is full, until a goal is expanded or the
/// frontier runs out.
pub fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move> {
    let h = match s.open_root() {
        Ok(h) => h,
        Err(end) => return end,
    };
    let node_bytes = (std::mem::size_of::<Option<Node<G>>>() + 96) as u64;
    let capacity = s
        .limits
        .stored_nodes
        .unwrap_or(s.limits.memory / node_bytes)
        .max(2);
    // A node at depth capacity - 1 cannot have a child in memory.
    let max_depth = (capacity - 1).min(u32::MAX as u64) as u32;
    let mut tree = Tree::with_root(s.root, h);
    let mut memory_cut = false;
    loop {
        if s.must_stop() {
            return Found::Limit;
        }
        let Some(&Key(OrdF(f), _, idx)) = tree.open.first() else {
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
        let n = tree.node(idx);
        let (g, fresh) = (n.g, n.pending.is_none());
        if fresh && s.is_goal(&n.state) {
            return Found::Path(tree.path_to(idx));
        }
        if s.too_deep(g + 1) || g >= max_depth {
            memory_cut |= g >= max_depth;
            tree.kill(idx);
            continue;
        }
        if !tree.expand(s, idx, f) {
            return Found::Limit;
        }
        tree.shrink_to(capacity);
        s.account(tree.stored * node_bytes, tree.open.len() as u64);
    }
    if memory_cut {
        s.hit(LimitKind::Memory);
    }
    s.exhausted_or_limit()
}
