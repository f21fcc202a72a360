//! The course's plain alpha-beta: the sparring partner of self-play.
//!
//! What a good student project submits: negamax alpha-beta with iterative
//! deepening under a movetime, moves in operator order, no transposition
//! table, evaluation = the score difference only. It keeps the turn rule of
//! Dots and Boxes right (no sign flip when the same side moves again), so
//! that it plays every game.

use super::Limits;
use crate::game::{Game, Player};
use std::time::{Duration, Instant};

/// Larger than any value.
const INF: i32 = 1 << 20;

struct Plain {
    deadline: Option<Instant>,
    nodes: u64,
    /// Stop once this many nodes are searched.
    node_limit: u64,
    stopped: bool,
}

fn diff<G: Game>(pos: &G, player: Player) -> i32 {
    let s = pos.scores();
    s[player.index()] as i32 - s[1 - player.index()] as i32
}

impl Plain {
    /// Score difference from the side to move's view at the horizon.
    fn negamax<G: Game>(&mut self, pos: &G, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(1024)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        let me = pos.side_to_move();
        let moves = pos.legal_moves();
        if self.stopped || depth == 0 || moves.is_empty() {
            return diff(pos, me);
        }
        let mut best = -INF;
        for mv in moves {
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = if child.side_to_move() == me {
                self.negamax(&child, depth - 1, alpha, beta)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The best move found within `limits` — its movetime (5 ms kept in hand),
/// its node count and its depth, each when set — the best move of the last
/// completed depth (the first legal move if none completed); `None` when
/// the game is over. On a node count or a depth the move is the same on
/// every machine.
pub fn best_move<G: Game>(pos: &G, limits: &Limits) -> Option<G::Move> {
    let moves = pos.legal_moves();
    let mut best = *moves.first()?;
    let mut plain = Plain {
        deadline: limits
            .movetime
            .map(|ms| Instant::now() + Duration::from_millis(ms.saturating_sub(5).max(1))),
        nodes: 0,
        node_limit: limits.nodes.map_or(u64::MAX, |n| n.max(1)),
        stopped: false,
    };
    let me = pos.side_to_move();
    for depth in 1..=limits.depth.unwrap_or(199).max(1) {
        let mut alpha = -INF;
        let mut depth_best = best;
        for &mv in moves.iter() {
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = if child.side_to_move() == me {
                plain.negamax(&child, depth - 1, alpha, INF)
            } else {
                -plain.negamax(&child, depth - 1, -INF, -alpha)
            };
            if plain.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                depth_best = mv;
            }
        }
        if plain.stopped {
            break;
        }
        best = depth_best;
    }
    Some(best)
}
