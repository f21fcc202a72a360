//! The evaluation of Adji-boto ([`Evaluate`] for [`AdjiBoard`]).
//!
//! Values are relative to the node (seeds the side to move will still
//! capture minus the opponent's). The static value:
//!
//! - **reach** ([`AdjiTerms`]): the most seeds the side to move
//!   captures with one move now, minus half the most the opponent could
//!   capture if it were to move (a one-ply look past the horizon, as the
//!   knight's reach);
//!
//! Move ordering: the capturing moves first, the larger capture first.
//!
//! Measured (release, `tabula selfplay --board adjiboto --games 20
//! --movetime 20`, against the plain alpha-beta, colours swapped): no
//! evaluation (`--a tabula:material`) 15/0/5, 75 %; reach 18/1/1, 92.5 %
//! (seed 101: 16/0/4, 80 %); reach plus a mobility term (seeds on the
//! opponent's row minus one's own, / 8) 11/4/25 of 40, 32.5 %, and with
//! the sign turned 9/1/10, 47.5 %: dropped. The figures of the default
//! against the baseline and `builtin:greedy` are in `docs/adding-a-game.md`.

use super::{AdjiBoard, Sow, PITS};
use crate::game::{Game, Player};
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of Adji-boto's evaluation.
    pub struct AdjiTerms {
        /// The most seeds the side to move captures with one move now,
        /// minus half the most the opponent could capture if it were to
        /// move (a one-ply look past the horizon, as the knight's reach).
        reach: true,
    }
}

impl<const SOLO: bool> AdjiBoard<SOLO> {
    /// The most seeds `side` captures with one move from this board.
    pub fn best_capture(&self, side: Player) -> u32 {
        let range = if SOLO {
            0..PITS as u8
        } else if side == Player::One {
            0..6
        } else {
            6..12
        };
        range
            .filter(|&p| self.pit(p) != 0)
            .map(|p| self.capture_of(Sow(p)))
            .max()
            .unwrap_or(0)
    }
}

impl<const SOLO: bool> Evaluate for AdjiBoard<SOLO> {
    const HAS_NOISY: bool = false;

    type Terms = AdjiTerms;

    fn evaluate(&self, cfg: &AdjiTerms) -> i32 {
        if self.is_over() {
            return 0;
        }
        let me = self.side_to_move();
        let mut v = 0;
        if cfg.reach {
            v += self.best_capture(me) as i32 - self.best_capture(me.other()) as i32 / 2;
        }
        v
    }

    #[inline]
    fn order_hint(&self, mv: Sow) -> i32 {
        self.capture_of(mv) as i32 * 10
    }

    #[inline]
    fn move_key(mv: Sow) -> usize {
        mv.0 as usize
    }

    #[inline]
    fn is_noisy(&self, _: Sow) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<Sow> {
        None
    }

    /// A capture takes 3 seeds on average: the seeds left over 6 plies
    /// per side (at least 1); the puzzle a fixed 10 moves, as the others.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        (self.seeds() as u64 / 6).max(1)
    }
}

/// No bench positions: the signature measures the search on other games.
impl<const SOLO: bool> Bench for AdjiBoard<SOLO> {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Adjiboto;
    use crate::search::eval::Terms;

    #[test]
    fn captures_are_seen_and_ordered_first() {
        // Player 1: t1 (1 seed) goes to b1 holding 0 -> 1, captured.
        let pos = Adjiboto::from_fen("adjiboto 1,0,0,0,0,2 0,0,0,0,0,0 1 0 0").unwrap();
        assert_eq!(pos.best_capture(Player::One), 1);
        assert_eq!(pos.order_hint(Sow(0)), 10);
        assert_eq!(pos.order_hint(Sow(5)), 0);
        assert!(pos.evaluate(&AdjiTerms::defaults()) > 0);
    }
}
