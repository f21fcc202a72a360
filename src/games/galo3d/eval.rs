//! The evaluation of 3-D noughts and crosses ([`Evaluate`] for [`Galo`]),
//! relative to the side to move:
//!
//! - the mover has a line of two with the third cell empty: it wins next
//!   move, [`NEAR_WIN`];
//! - otherwise, the opponent has two such threats on different cells: the
//!   mover can block only one, `-NEAR_WIN`;
//! - otherwise the open lines (the `reach` term of [`GaloTerms`]): each
//!   line holding only the mover's symbols counts 1 per symbol, squared,
//!   the opponent's the same with a minus sign.
//!
//! Move ordering: a move that completes a line first, then one that blocks
//! the opponent's, then the cells with the most lines (the centre `b22`
//! lies on 13, a corner on 7).

use super::{Galo, Mark, Symbol, LINES, LINES_OF, WIN_POINTS};
use crate::game::Game;
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of 3-D noughts and crosses' evaluation.
    pub struct GaloTerms {
        /// The open lines: each line holding only the mover's symbols counts
        /// 1 per symbol, squared, the opponent's the same with a minus sign
        /// (the threats are counted whatever the terms).
        reach: true,
    }
}

/// Near a won game: large, below [`WIN_POINTS`].
pub const NEAR_WIN: i32 = WIN_POINTS as i32 - 10;

impl<const SOLO: bool> Galo<SOLO> {
    /// The empty cells that would complete a line of `s`.
    pub fn threats(&self, s: Symbol) -> u32 {
        let mine = self.cells_of(s);
        let free = super::FULL & !self.occupied();
        let mut out = 0;
        for &l in &LINES {
            let third = l & !mine;
            if (l & mine).count_ones() == 2 && third & free == third {
                out |= third;
            }
        }
        out
    }
}

impl<const SOLO: bool> Galo<SOLO> {
    /// Can `s` make two threats (on different cells) with one move?
    pub fn can_fork(&self, s: Symbol) -> bool {
        let mut free = super::FULL & !self.occupied();
        while free != 0 {
            let c = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut child = *self;
            child.bits[s as usize] |= 1 << c;
            if child.threats(s).count_ones() >= 2 {
                return true;
            }
        }
        false
    }
}

impl<const SOLO: bool> Evaluate for Galo<SOLO> {
    const HAS_NOISY: bool = false;

    type Terms = GaloTerms;

    fn evaluate(&self, cfg: &GaloTerms) -> i32 {
        if self.is_over() {
            return 0;
        }
        let me = self.symbol_to_move();
        let them = if me == Symbol::X {
            Symbol::O
        } else {
            Symbol::X
        };
        if self.threats(me) != 0 {
            return NEAR_WIN;
        }
        if self.threats(them).count_ones() >= 2 {
            return -NEAR_WIN;
        }
        if !cfg.reach {
            return 0;
        }
        let (a, b) = (self.cells_of(me), self.cells_of(them));
        let mut v = 0;
        for &l in &LINES {
            let (m, t) = ((l & a).count_ones() as i32, (l & b).count_ones() as i32);
            if t == 0 {
                v += m * m;
            } else if m == 0 {
                v -= t * t;
            }
        }
        v.clamp(-NEAR_WIN / 2, NEAR_WIN / 2)
    }

    #[inline]
    fn order_hint(&self, mv: Mark) -> i32 {
        let me = mv.symbol.unwrap_or(self.symbol_to_move());
        let them = if me == Symbol::X {
            Symbol::O
        } else {
            Symbol::X
        };
        if self.completes(me, mv.cell) {
            1000
        } else if self.completes(them, mv.cell) {
            500
        } else {
            LINES_OF[mv.cell as usize].count_ones() as i32
        }
    }

    #[inline]
    fn move_key(mv: Mark) -> usize {
        mv.cell as usize + if mv.symbol == Some(Symbol::O) { 27 } else { 0 }
    }

    #[inline]
    fn is_noisy(&self, _: Mark) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<Mark> {
        None
    }

    /// Half the empty cells (at least 1); the puzzle a fixed 10 moves, as
    /// the other puzzles.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        ((super::FULL & !self.occupied()).count_ones() as u64 / 2).max(1)
    }
}

/// No bench positions: the signature measures the search on other games.
impl<const SOLO: bool> Bench for Galo<SOLO> {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}
