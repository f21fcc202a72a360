//! The evaluation of Blokus ([`Evaluate`] for [`BlokusBoard`]).
//!
//! Values are relative to the node: squares the side to move will still
//! place minus the opponent's. The static value:
//!
//! - **mobility** (`EvalConfig::mobility`): the free corner squares each
//!   player may still grow from (diagonal neighbours of its squares that
//!   are empty and not edge-adjacent to its own squares), the side to
//!   move's minus the opponent's, times 2; a player who can no longer
//!   place counts none.
//! - **reach** (`EvalConfig::reach`): the empty squares within two steps
//!   of a player's corners that the opponent's corners do not reach
//!   (territory), the side to move's minus the opponent's, / 2.
//!
//! Move ordering: larger pieces first, then pieces nearer the board's
//! centre (away from the mover's start corner).

use super::{BlokusBoard, Frame, Placement, Player, SIZE};
use crate::game::traits::Evaluate;
use crate::game::Game;
use crate::search::EvalConfig;

/// Bits of a full row.
const ROW: u16 = (1 << SIZE) - 1;

/// `rows` grown by one step in the eight directions.
fn spread(rows: &[u16; SIZE]) -> [u16; SIZE] {
    let mut out = [0u16; SIZE];
    for r in 0..SIZE {
        let mut m = rows[r] | rows[r] << 1 | rows[r] >> 1;
        if r > 0 {
            m |= rows[r - 1] | rows[r - 1] << 1 | rows[r - 1] >> 1;
        }
        if r + 1 < SIZE {
            m |= rows[r + 1] | rows[r + 1] << 1 | rows[r + 1] >> 1;
        }
        out[r] = m & ROW;
    }
    out
}

impl Frame {
    /// The corner squares, row masks.
    pub fn corners(&self) -> [u16; SIZE] {
        self.corner
    }
}

impl<const SOLO: bool> BlokusBoard<SOLO> {
    /// The empty squares near the corners of player `p` (two steps).
    fn zone(&self, corners: &[u16; SIZE]) -> [u16; SIZE] {
        let mut z = spread(&spread(corners));
        for (r, row) in z.iter_mut().enumerate() {
            *row &= !(self.cells[0][r] | self.cells[1][r]);
        }
        z
    }
}

impl<const SOLO: bool> Evaluate for BlokusBoard<SOLO> {
    const HAS_NOISY: bool = false;

    fn evaluate(&self, cfg: &EvalConfig) -> i32 {
        let me = self.side_to_move();
        let corners = |p: Player| {
            let f = self.frame(p);
            let stock = self.stock(p);
            if stock.iter().all(|&n| n == 0) {
                [0u16; SIZE]
            } else {
                f.corners()
            }
        };
        let (mine, theirs) = (corners(me), corners(me.other()));
        let count = |rows: &[u16; SIZE]| rows.iter().map(|r| r.count_ones() as i32).sum::<i32>();
        let mut v = 0;
        if cfg.mobility {
            v += 2 * (count(&mine) - count(&theirs));
        }
        if cfg.reach {
            let (zm, zt) = (self.zone(&mine), self.zone(&theirs));
            let mut own = 0;
            let mut other = 0;
            for r in 0..SIZE {
                own += (zm[r] & !zt[r]).count_ones() as i32;
                other += (zt[r] & !zm[r]).count_ones() as i32;
            }
            v += (own - other) / 2;
        }
        v
    }

    #[inline]
    fn order_hint(&self, mv: Placement) -> i32 {
        let Some(piece) = mv.piece() else {
            return 0;
        };
        let (r, c) = mv.row_col();
        // Distance from the mover's start corner: further is better early.
        let (r, c) = if self.side_to_move() == Player::One {
            (r, c)
        } else {
            (SIZE - 1 - r, SIZE - 1 - c)
        };
        piece.shape().squares as i32 * 100 + (r + c) as i32
    }

    #[inline]
    fn move_key(mv: Placement) -> usize {
        if mv.is_pass() {
            0
        } else {
            // Up to 4 pieces × 196 squares folded below the table's size
            // (`x` shares `c1`'s slot: they never meet in one variant).
            let slot = (mv.piece as usize).min(2 + usize::from(mv.piece == 3));
            1 + (slot * super::SQUARES + mv.square as usize) % (crate::search::eval::MOVE_KEYS - 1)
        }
    }

    #[inline]
    fn is_noisy(&self, _: Placement) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<Placement> {
        None
    }

    /// The pieces the side to move still has, at least 1; the puzzle a
    /// fixed 10 moves, as the others.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        let s = self.stock(self.side_to_move());
        (s.iter().map(|&n| n as u64).sum::<u64>() / 2).max(1)
    }
}
