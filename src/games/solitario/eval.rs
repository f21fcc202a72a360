//! The evaluation of the duel ([`Evaluate`] for [`SoliBoard`]).
//!
//! Values are relative to the side to move, in the duel's points (a win is
//! [`WIN_POINTS`], so the static value stays within ±[`CAP`]):
//!
//! - **material** (always): 8 × (own pegs − enemy pegs); a peg lost is a
//!   runner less and a capture threat less;
//! - **advance** (the `mobility` term of [`SoliTerms`]): the rows all one's
//!   pegs have come forward minus the enemy's, / 2.
//!
//! Measured (release, `tabula selfplay --board solitario --games 40
//! --movetime 20` against the plain alpha-beta, colours swapped): with a
//! **race** term as well (4 × the difference of the shortest ways home,
//! obstacles ignored, half a step to the mover) 34/6/0, 92.5 %; without it
//! (`--a tabula:no-reach`) 36/4/0, 95 %; without the advance
//! (`tabula:no-mobility`, race kept) 24/16/0, 80 %; no evaluation at all
//! (`tabula:material`) 38/2/0, 97.5 %. The race term is dropped; the
//! figures of the default are in `docs/adding-a-game.md`.
//!
//! Move ordering: a move onto the opponent's start holes first (it wins),
//! then captures, then steps forward.

use super::{SoliBoard, BOTTOM, HOLES, TOP, WIN_POINTS};
use crate::game::GameMove;
use crate::game::{Game, Player};
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of the Solitário duel's evaluation (the material is
    /// always counted).
    pub struct SoliTerms {
        /// The advance: the rows all one's pegs have come forward minus the
        /// enemy's, / 2 (named `mobility`, the term it was measured as).
        mobility: true,
    }
}

/// The largest |static value|.
pub const CAP: i32 = WIN_POINTS as i32 - 20;

/// Steps from a hole `7 r + c` to player 1's goal (rows 6–7, columns c–e).
const fn goal_distance(i: usize, side: usize) -> i32 {
    let (r, c) = ((i / 7) as i32, (i % 7) as i32);
    let rows = if side == 0 {
        if r >= 5 {
            0
        } else {
            5 - r
        }
    } else if r <= 1 {
        0
    } else {
        r - 1
    };
    let cols = if c < 2 {
        2 - c
    } else if c > 4 {
        c - 4
    } else {
        0
    };
    rows + cols
}

/// `DIST[side][i]`: steps from hole `i` to the holes `side` wins on.
const DIST: [[i32; 49]; 2] = {
    let mut out = [[0; 49]; 2];
    let mut i = 0;
    while i < 49 {
        out[0][i] = goal_distance(i, 0);
        out[1][i] = goal_distance(i, 1);
        i += 1;
    }
    out
};

impl<const SOLO: bool> SoliBoard<SOLO> {
    /// The fewest steps from a peg of `side` to the holes it wins on (99
    /// without pegs).
    pub fn way_home(&self, side: Player) -> i32 {
        let mut m = self.pegs()[side.index()] & HOLES;
        let mut best = 99;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            best = best.min(DIST[side.index()][i]);
        }
        best
    }

    /// Rows the pegs of `side` have come forward, summed.
    fn advance(&self, side: Player) -> i32 {
        let mut m = self.pegs()[side.index()];
        let mut total = 0;
        while m != 0 {
            let r = (m.trailing_zeros() / 7) as i32;
            m &= m - 1;
            total += if side == Player::One { r } else { 6 - r };
        }
        total
    }
}

impl<const SOLO: bool> Evaluate for SoliBoard<SOLO> {
    const HAS_NOISY: bool = false;

    type Terms = SoliTerms;

    fn evaluate(&self, cfg: &SoliTerms) -> i32 {
        if SOLO || self.is_over() {
            return 0;
        }
        let me = self.side_to_move();
        let them = me.other();
        let [a, b] = self.pegs();
        let (mine, theirs) = if me == Player::One { (a, b) } else { (b, a) };
        let mut v = 8 * (mine.count_ones() as i32 - theirs.count_ones() as i32);
        if cfg.mobility {
            v += (self.advance(me) - self.advance(them)) / 2;
        }
        v.clamp(-CAP, CAP)
    }

    #[inline]
    fn order_hint(&self, mv: super::Hop) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        let goal = if self.side_to_move() == Player::One {
            BOTTOM
        } else {
            TOP
        };
        let mut v = 0;
        if goal >> mv.to & 1 == 1 {
            v += 1000;
        }
        if mv.is_jump() {
            v += 100;
        }
        let side = self.side_to_move().index();
        v + 10 * (DIST[side][mv.from as usize] - DIST[side][mv.to as usize])
    }

    #[inline]
    fn move_key(mv: super::Hop) -> usize {
        if mv.is_pass() {
            return 0;
        }
        // The origin and the direction: 49 × 8 < 512.
        8 * mv.from as usize + mv.dir() + if mv.is_jump() { 4 } else { 0 }
    }

    #[inline]
    fn is_noisy(&self, _: super::Hop) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<super::Hop> {
        None
    }

    /// The duel: the plies left to the limit, halved (the mover's share),
    /// at most 30; the puzzle a fixed 10 moves, as the others.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        (super::PLY_LIMIT.saturating_sub(self.ply()) as u64 / 2).clamp(1, 30)
    }
}

/// No bench positions: the signature measures the search on other games.
impl<const SOLO: bool> Bench for SoliBoard<SOLO> {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Solitario;
    use crate::search::eval::Terms;

    #[test]
    fn the_start_is_even_and_a_runner_ahead_counts() {
        let start = Solitario::start();
        assert_eq!(start.way_home(Player::One), 4);
        assert_eq!(start.way_home(Player::Two), 4);
        let v = start.evaluate(&SoliTerms::defaults());
        assert!(v.abs() <= 4, "{v}");
        // Player 1's runner on d5 is one step from home; player 2's are far.
        let pos = Solitario::from_fen(
            "solitario xx011xx/xx111xx/0000000/0000000/0001000/xx000xx/xx222xx 1 10",
        )
        .unwrap();
        assert!(pos.evaluate(&SoliTerms::defaults()) > 10);
        let win = pos.parse_move("d5-d6").unwrap();
        assert!(pos.order_hint(win) >= 1000);
    }
}
