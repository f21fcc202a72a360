//! Move ordering: the transposition-table move first, then the killer moves of
//! the ply, then the rest by history score plus game knowledge
//! ([`eval::order_hint`]: the number on the destination square in the
//! number games; captures, then safe arcs, then arcs that give a box in Dots
//! and Boxes).
//!
//! Moves are scored once per node into a per-ply array and picked by
//! selection (the best remaining first), so a cut-off on an early move costs
//! no full sort and no allocation.

use super::eval::{self, Evaluate, MOVE_KEYS};

/// Score of the transposition-table move.
const TT_SCORE: i32 = 1 << 30;
/// Score of the first and second killer.
const KILLER_SCORE: [i32; 2] = [1 << 29, (1 << 29) - 1];
/// History scores are kept below this.
const HISTORY_MAX: i32 = 1 << 20;
/// Weight of the game knowledge against history.
const HINT_WEIGHT: i32 = 1 << 10;

/// History heuristic: per side and move key, how often the move cut off,
/// weighted by depth².
pub struct History {
    table: Vec<i32>,
}

impl History {
    pub fn new() -> History {
        History {
            table: vec![0; 2 * MOVE_KEYS],
        }
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }

    #[inline]
    pub fn get(&self, side: usize, key: usize) -> i32 {
        self.table[side * MOVE_KEYS + key]
    }

    /// Rewards a move that cut off at `depth`.
    #[inline]
    pub fn reward(&mut self, side: usize, key: usize, depth: i32) {
        let slot = &mut self.table[side * MOVE_KEYS + key];
        *slot += depth * depth;
        if *slot >= HISTORY_MAX {
            for v in self.table.iter_mut() {
                *v /= 2;
            }
        }
    }
}

impl Default for History {
    fn default() -> History {
        History::new()
    }
}

/// Most moves in any position of any game (Dots and Boxes 10 × 10: 220).
pub const MAX_MOVES: usize = 256;

/// Scores the moves of one node into `keys` (one per move, in the order of
/// `moves`): the ordering score in the high bits, `255 - index` in the low
/// byte, so that the largest key is the best move and ties keep the
/// operator order. The keys live in a per-ply array of the worker: nothing is
/// allocated or moved per node.
#[inline]
pub fn score_moves<G: Evaluate>(
    pos: &G,
    moves: &[G::Move],
    tt_move: Option<usize>,
    killers: &[Option<G::Move>; 2],
    history: &History,
    hints: bool,
    keys: &mut [i64; MAX_MOVES],
) {
    let side = pos.side_to_move().index();
    for (i, &mv) in moves.iter().enumerate() {
        let score = if tt_move == Some(i) {
            TT_SCORE
        } else if killers[0] == Some(mv) {
            KILLER_SCORE[0]
        } else if killers[1] == Some(mv) {
            KILLER_SCORE[1]
        } else {
            let hint = if hints {
                eval::order_hint(pos, mv) * HINT_WEIGHT
            } else {
                0
            };
            history.get(side, eval::move_key::<G>(mv)) + hint
        };
        keys[i] = (score as i64) << 8 | (255 - i as i64);
    }
}

/// Moves the best of `keys[next..n]` to `next` and returns its index in the
/// move list (selection: a cut-off on an early move costs no full sort).
#[inline]
pub fn pick(keys: &mut [i64; MAX_MOVES], next: usize, n: usize) -> usize {
    let mut best = next;
    for i in next + 1..n {
        if keys[i] > keys[best] {
            best = i;
        }
    }
    keys.swap(next, best);
    255 - (keys[next] & 255) as usize
}
