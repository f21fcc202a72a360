//! Negamax alpha-beta with principal variation search, the transposition
//! table, and a quiescence search over captures (Dots and Boxes).
//!
//! **Values.** A node's value is relative: the points its side to move will
//! still win minus the points the opponent will still win (see
//! [`super::eval`]). A move that scores `gain` for the mover and hands
//! the turn over gives `gain - value(child)`; a move after which the **same**
//! side moves again (a closed box in Dots and Boxes, every move of a puzzle)
//! gives `gain + value(child)` — the sign is flipped only when the side to move
//! changed. A finished game is worth 0 (nothing left to win): exact.
//!
//! **Exactness.** A node is *solved* when its value does not depend on any
//! depth-limited leaf (static evaluation, or a transposition entry that was
//! itself depth-limited). The search tracks this with one flag
//! (`horizon`), solved values are stored with depth [`SOLVED`] and reused at
//! any depth, and a root found solved ends iterative deepening with an exact
//! score.

use super::eval::{self, EvalConfig, Evaluate};
use super::ordering::{self, History, MAX_MOVES};
use super::time::{Timer, CHECK_EVERY};
use super::tt::{Bound, Tt, NO_MOVE, SOLVED};
use super::Stats;
use crate::game::Player;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply searched (Dots and Boxes on 10 × 10 has 220 arcs).
pub const MAX_PLY: usize = 250;
/// Larger than any value of any game.
pub const INFINITY: i32 = 1 << 20;

/// Options of the search algorithm (switchable for measurements).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// The evaluation terms ([`EvalConfig`]; each game declares its own).
    pub eval: EvalConfig,
    /// Aspiration window half-width at the root from depth 4 (0: off). Off
    /// by default: it did not pay on the knight bench (3 432 691 nodes with
    /// a width of 30 against 3 421 873 without); the values of the number
    /// games swing by a whole number between odd and even depths.
    pub aspiration: i32,
    /// Order quiet moves with game knowledge.
    pub hints: bool,
    /// Use the game's exact solver ([`crate::search::Evaluate::exact`]: small
    /// Dots and Boxes boards) when the limits let it finish (off: the
    /// alpha-beta search only, as in the bench, whose signature measures it).
    pub exact_solver: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            eval: EvalConfig::default(),
            aspiration: 0,
            hints: true,
            exact_solver: true,
        }
    }
}

/// The state of one search: borrowed table and history, counters, PV.
pub struct Worker<'a, G: Evaluate> {
    pub tt: &'a mut Tt,
    pub history: &'a mut History,
    pub cfg: SearchConfig,
    /// The game's evaluation terms under `cfg.eval` (`None`: the course's
    /// evaluation), made once for the search.
    pub terms: Option<G::Terms>,
    pub timer: Timer,
    pub stop: &'a AtomicBool,
    pub node_limit: u64,
    pub stopped: bool,
    pub stats: Stats,
    pub seldepth: usize,
    /// Set when the value of the current subtree used a depth-limited leaf.
    pub horizon: bool,
    /// Set when a root move completed with a new best value in the current
    /// iteration (its PV is then usable even if the iteration is cut short).
    pub root_improved: bool,
    pub root_side: Player,
    /// A root move left out of the search (`None`: every move), as
    /// Stockfish's excluded move: the root's value is then that of the best
    /// other move, and the root's value is not stored in the table.
    pub excluded: Option<G::Move>,
    killers: Vec<[Option<G::Move>; 2]>,
    pv: Vec<[Option<G::Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY + 1],
    /// Move-ordering keys of each ply.
    keys: Vec<[i64; MAX_MOVES]>,
}

/// Score difference of `pos` from `player`'s view.
#[inline]
fn diff<G: Evaluate>(pos: &G, player: Player) -> i32 {
    let s = pos.scores();
    let me = player.index();
    s[me] as i32 - s[1 - me] as i32
}

impl<'a, G: Evaluate> Worker<'a, G> {
    pub fn new(
        tt: &'a mut Tt,
        history: &'a mut History,
        cfg: SearchConfig,
        timer: Timer,
        stop: &'a AtomicBool,
        node_limit: u64,
        root_side: Player,
    ) -> Worker<'a, G> {
        Worker {
            tt,
            history,
            terms: cfg.eval.terms(),
            cfg,
            timer,
            stop,
            node_limit,
            stopped: false,
            stats: Stats::default(),
            seldepth: 0,
            horizon: false,
            root_improved: false,
            root_side,
            excluded: None,
            killers: vec![[None; 2]; MAX_PLY + 1],
            pv: vec![[None; MAX_PLY]; MAX_PLY + 1],
            pv_len: [0; MAX_PLY + 1],
            keys: vec![[0; MAX_MOVES]; MAX_PLY + 1],
        }
    }

    /// The principal variation of the last search from the root.
    pub fn pv(&self) -> impl Iterator<Item = G::Move> + '_ {
        self.pv[0][..self.pv_len[0]].iter().map_while(|m| *m)
    }

    /// Counts a node; false when the search must stop.
    #[inline]
    fn visit(&mut self, ply: usize) -> bool {
        self.stats.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if self.stats.nodes >= self.node_limit
            || (self.stats.nodes & (CHECK_EVERY - 1) == 0
                && (self.stop.load(Ordering::Relaxed) || self.timer.expired()))
        {
            self.stopped = true;
        }
        !self.stopped
    }

    /// Value of `child` (reached from `pos` by the side `me`) seen from `me`,
    /// searched with the window `(alpha, beta)` of `me`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child_value(
        &mut self,
        pos: &G,
        child: &G,
        me: Player,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        let gain = diff(child, me) - diff(pos, me);
        if child.side_to_move() == me {
            gain + self.negamax(child, depth, ply + 1, alpha - gain, beta - gain)
        } else {
            gain - self.negamax(child, depth, ply + 1, gain - beta, gain - alpha)
        }
    }

    /// Copies the child's PV after `mv` into this ply's PV.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        self.root_improved |= ply == 0;
        self.pv[ply][ply] = Some(mv);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

    /// Negamax alpha-beta; `depth` in plies (captures are not extended, the
    /// quiescence search resolves them at the horizon). The steps: count
    /// the node, resolve the horizon, probe the table, search the moves in
    /// order, store the result. The steps are `#[inline(always)]`: this is
    /// the inner loop, and left to itself the compiler kept `search_move`
    /// and `cut_off` out of line (8 % more instructions in `tabula bench`).
    pub fn negamax(&mut self, pos: &G, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.pv_len[ply] = ply;
        if !self.visit(ply) {
            return 0;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            if pos.is_over() {
                return 0;
            }
            return self.quiesce(pos, ply, alpha, beta);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return 0;
        }
        let hash = pos.hash();
        let tt_move = match self.probe(hash, moves.len(), depth, ply, alpha, beta) {
            ControlFlow::Break(value) => return value,
            ControlFlow::Continue(tt_move) => tt_move,
        };
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        ordering::score_moves(
            pos,
            &moves,
            tt_move,
            &self.killers[ply],
            self.history,
            self.cfg.hints,
            &mut self.keys[ply],
        );
        let searched = self.search_moves(pos, &moves, depth, ply, alpha, beta);
        let solved = !self.horizon;
        self.horizon |= outer_horizon;
        let Some((best, best_index)) = searched else {
            return 0;
        };
        if ply == 0 && self.excluded.is_some() {
            // Not the position's value: the table must not keep it.
            return best;
        }
        self.store(hash, depth, solved, (alpha, beta), best, best_index);
        best
    }

    /// The table's word on a node with `n` moves: `Break` with the value
    /// when its entry (deep enough, or solved) decides the node for the
    /// window `(alpha, beta)` (never at the root), otherwise `Continue` with
    /// its move (an index into the moves) to try first.
    #[inline(always)]
    fn probe(
        &mut self,
        hash: u64,
        n: usize,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> ControlFlow<i32, Option<usize>> {
        let Some(hit) = self.tt.probe(hash) else {
            return ControlFlow::Continue(None);
        };
        self.stats.tt_hits += 1;
        let tt_move = ((hit.mv as usize) < n).then_some(hit.mv as usize);
        if ply > 0 && (hit.depth == SOLVED || hit.depth as i32 >= depth) {
            let cut = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => hit.value >= beta,
                Bound::Upper => hit.value <= alpha,
                Bound::None => false,
            };
            if cut {
                if hit.depth != SOLVED {
                    self.horizon = true;
                }
                return ControlFlow::Break(hit.value);
            }
        }
        ControlFlow::Continue(tt_move)
    }

    /// The moves of a node, in the order of its keys (the root's excluded
    /// move left out), each searched by [`Worker::search_move`] until one
    /// reaches `beta`: the best value and the index of its move, or `None`
    /// when the search was stopped.
    #[inline(always)]
    fn search_moves(
        &mut self,
        pos: &G,
        moves: &[G::Move],
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        let me = pos.side_to_move();
        let mut best = -INFINITY;
        let mut best_index = NO_MOVE;
        let n = moves.len();
        let mut searched = 0;
        for next in 0..n {
            let index = ordering::pick(&mut self.keys[ply], next, n);
            let mv = moves[index];
            if ply == 0 && self.excluded == Some(mv) {
                continue;
            }
            let first = searched == 0;
            searched += 1;
            let v = self.search_move(pos, mv, me, depth, ply, (alpha, beta), first);
            if self.stopped {
                return None;
            }
            if v > best {
                best = v;
                best_index = index as u8;
                if v > alpha {
                    alpha = v;
                    self.update_pv(ply, mv);
                    if v >= beta {
                        self.cut_off(pos, mv, me, depth, ply);
                        break;
                    }
                }
            }
        }
        Some((best, best_index))
    }

    /// The value of `mv` from `pos` for its side to move `me`, by principal
    /// variation search: the first move with the whole window, the others
    /// with a null window first, searched again with the whole one when
    /// they fall inside it.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        pos: &G,
        mv: G::Move,
        me: Player,
        depth: i32,
        ply: usize,
        (alpha, beta): (i32, i32),
        first: bool,
    ) -> i32 {
        let mut child = *pos;
        child.play_unchecked(mv);
        if depth > 1 {
            self.tt.prefetch(child.hash());
        }
        if first {
            return self.child_value(pos, &child, me, depth - 1, ply, alpha, beta);
        }
        let v = self.child_value(pos, &child, me, depth - 1, ply, alpha, alpha + 1);
        if v > alpha && v < beta && !self.stopped {
            self.child_value(pos, &child, me, depth - 1, ply, alpha, beta)
        } else {
            v
        }
    }

    /// A fail-high of `mv`: counted as an alpha or a beta cut (whose side
    /// is to move), and remembered as a killer and in the history when it
    /// is quiet.
    #[inline(always)]
    fn cut_off(&mut self, pos: &G, mv: G::Move, me: Player, depth: i32, ply: usize) {
        if me == self.root_side {
            self.stats.beta_cuts += 1;
        } else {
            self.stats.alpha_cuts += 1;
        }
        if !eval::is_noisy(pos, mv) {
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
            self.history
                .reward(me.index(), eval::move_key::<G>(mv), depth);
        }
    }

    /// Stores a node's result: its bound against the window it was searched
    /// with, its depth ([`SOLVED`] when no depth-limited leaf decided it),
    /// and its best move unless every move failed low.
    #[inline(always)]
    fn store(
        &mut self,
        hash: u64,
        depth: i32,
        solved: bool,
        (alpha, beta): (i32, i32),
        best: i32,
        best_index: u8,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_depth = if solved {
            SOLVED
        } else {
            depth.min(SOLVED as i32 - 1) as u8
        };
        let stored_move = if bound == Bound::Upper {
            NO_MOVE
        } else {
            best_index
        };
        self.tt.store(hash, best, stored_depth, bound, stored_move);
    }

    /// The horizon: the static value, improved by captures where the game
    /// has them (a capture keeps the turn, so its value is `gain + child`).
    fn quiesce(&mut self, pos: &G, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.horizon = true;
        let stand = eval::evaluate(pos, self.terms.as_ref());
        if !eval::has_noisy::<G>() || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        // One capture is enough to look at: boxes can be taken in any order,
        // and declining every capture is the stand-pat value.
        let Some(mv) = eval::capture(pos) else {
            return stand;
        };
        let me = pos.side_to_move();
        alpha = alpha.max(stand);
        let mut child = *pos;
        child.play_unchecked(mv);
        if !self.visit(ply + 1) {
            return 0;
        }
        let gain = diff(&child, me) - diff(pos, me);
        let v = if child.is_over() {
            gain
        } else if child.side_to_move() == me {
            gain + self.quiesce(&child, ply + 1, alpha - gain, beta - gain)
        } else {
            gain - self.quiesce(&child, ply + 1, gain - beta, gain - alpha)
        };
        if self.stopped {
            return 0;
        }
        stand.max(v)
    }
}
