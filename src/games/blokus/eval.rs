//! The evaluation of Blokus ([`Evaluate`] for [`BlokusBoard`]).
//!
//! Values are relative to the node: squares the side to move will still
//! place minus the opponent's. The static value has one term:
//!
//! - **territory** (the `reach` term of [`BlokusTerms`]): both players grow at once from
//!   their corner squares (the diagonal neighbours of their squares that
//!   they may still use, or the start corner), one step in the eight
//!   directions at a time, never onto a square edge-adjacent to their own
//!   squares; the empty squares the side to move reaches first minus those
//!   the opponent reaches first, halved. A player without pieces left has
//!   no corners.
//!
//! Measured (release, `arbiter match builtin:tabula:movetime=30
//! builtin:greedy --game blokus --games 20 --movetime 30`): the first
//! evaluation, free corner squares × 2 plus the squares within two steps
//! of one's corners only, 82.5 % (16/1/3); territory / 2 plus the corner
//! count 90 %; territory alone 90 % undivided, 100 % (20/0/0) halved,
//! kept. Against the plain alpha-beta see `docs/adding-a-game.md`.
//!
//! Move ordering: larger pieces first, then pieces further from the
//! mover's start corner.

use super::{BlokusBoard, Frame, Placement, Player, SIZE};
use crate::game::Game;
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of Blokus's evaluation.
    pub struct BlokusTerms {
        /// The territory: the empty squares the side to move reaches first
        /// from its corner squares minus those the opponent reaches first,
        /// halved (named `reach`, the term it was measured as).
        reach: true,
    }
}

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
    /// The empty squares each player reaches first growing from its corners
    /// (one step in the eight directions at a time, both at once, never
    /// onto a square edge-adjacent to its own squares): the side `me`'s
    /// count and the opponent's.
    fn territory(&self, me: Player, mine: &[u16; SIZE], theirs: &[u16; SIZE]) -> [i32; 2] {
        let empty: [u16; SIZE] =
            std::array::from_fn(|r| !(self.cells[0][r] | self.cells[1][r]) & ROW);
        let open = |p: Player| -> [u16; SIZE] {
            let own = &self.cells[p.index()];
            std::array::from_fn(|r| empty[r] & !super::grow(own, r))
        };
        let (open_me, open_them) = (open(me), open(me.other()));
        let (mut a, mut b) = (*mine, *theirs);
        let mut seen: [u16; SIZE] = std::array::from_fn(|r| a[r] | b[r]);
        let (mut na, mut nb) = (0, 0);
        loop {
            let both: [u16; SIZE] = std::array::from_fn(|r| a[r] & b[r]);
            let mut grew = false;
            for r in 0..SIZE {
                na += (a[r] & !both[r]).count_ones() as i32;
                nb += (b[r] & !both[r]).count_ones() as i32;
            }
            let (sa, sb) = (spread(&a), spread(&b));
            for r in 0..SIZE {
                a[r] = sa[r] & open_me[r] & !seen[r];
                b[r] = sb[r] & open_them[r] & !seen[r];
                seen[r] |= a[r] | b[r];
                grew |= a[r] | b[r] != 0;
            }
            if !grew {
                return [na, nb];
            }
        }
    }
}

impl<const SOLO: bool> Evaluate for BlokusBoard<SOLO> {
    const HAS_NOISY: bool = false;

    type Terms = BlokusTerms;

    fn evaluate(&self, cfg: &BlokusTerms) -> i32 {
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
        let mut v = 0;
        if cfg.reach {
            let [a, b] = self.territory(me, &mine, &theirs);
            v += (a - b) / 2;
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

/// No bench positions: the signature measures the search on other games.
impl<const SOLO: bool> Bench for BlokusBoard<SOLO> {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}
