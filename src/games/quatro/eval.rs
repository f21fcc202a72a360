//! The evaluation of Quatro ([`Evaluate`] for [`QuatroBoard`]).
//!
//! In the course's Quatro the mover chooses the piece as well as the square
//! (rules §4.2), so a **threat** — a line of 3 pieces sharing a value whose
//! 4th completing piece is still in reserve — is a win for whoever moves
//! next. The static value, relative to the side to move:
//!
//! - a threat on the board: the mover wins next move, `WIN_POINTS - 10`;
//! - no threat and no *safe* placement (every placement leaves a threat to
//!   the opponent): the mover loses, `-(WIN_POINTS - 10)`;
//! - otherwise 0, plus the parity of the safe squares (a small term, ±2):
//!   an odd number of empty squares on which some piece is safe favours
//!   the mover (the last safe placement tends to be its).
//!
//! Move ordering: a winning placement first, a placement that hands the
//! opponent a threat last.
//!
//! Measured (release, `tabula selfplay --board quatro --games 40 --movetime
//! 100`, against the plain alpha-beta): with this evaluation 28/3/9, 73.8 %
//! (boards 11/9/0); with none (`--a tabula:material`) 24/2/14, 62.5 %
//! (boards 6/14/0). Against `builtin:greedy` (`arbiter match
//! builtin:tabula:movetime=100 builtin:greedy --game quatro --games 40`):
//! 39/1/0, 98.8 %.

use super::{Place, QuatroBoard, LINES, LINES_OF, WIN_POINTS};
use crate::game::Game;
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

/// The pieces with each value: bit `b` set (`0..4`), bit `b` clear (`4..8`).
const HAVE: [u16; 8] = have();

const fn have() -> [u16; 8] {
    let mut out = [0u16; 8];
    let mut p = 0;
    while p < 16 {
        let mut b = 0;
        while b < 4 {
            if p >> b & 1 == 1 {
                out[b] |= 1 << p;
            } else {
                out[4 + b] |= 1 << p;
            }
            b += 1;
        }
        p += 1;
    }
    out
}

/// The pieces that share a value of `and` (bits set in every piece) or of
/// `nand` (bits clear in every piece).
#[inline]
fn completing(and: u64, nand: u64) -> u16 {
    let mut m = 0;
    for b in 0..4 {
        if and >> b & 1 == 1 {
            m |= HAVE[b];
        }
        if nand >> b & 1 == 1 {
            m |= HAVE[4 + b];
        }
    }
    m
}

impl<const SOLO: bool> QuatroBoard<SOLO> {
    /// The (and, nand) of the pieces of line `mask` and how many there are.
    #[inline]
    fn line_values(&self, mask: u16) -> (u64, u64, u32) {
        let (mut and, mut nand) = (0xFu64, 0xFu64);
        let mut m = mask & self.occupied();
        let n = m.count_ones();
        while m != 0 {
            let s = m.trailing_zeros();
            m &= m - 1;
            let p = self.cells >> (4 * s) & 0xF;
            and &= p;
            nand &= !p & 0xF;
        }
        (and, nand, n)
    }

    /// Is there a threat: a line of 3 pieces sharing a value and a piece of
    /// `reserve` (a mask) that completes it?
    pub fn has_threat_with(&self, reserve: u16) -> bool {
        LINES.iter().any(|&l| {
            let (and, nand, n) = self.line_values(l);
            n == 3 && reserve & completing(and, nand) != 0
        })
    }

    /// Does placing `p` on the empty square `s` hand the opponent a threat?
    #[inline]
    pub fn gives_threat(&self, p: u8, s: u8) -> bool {
        let mut child = *self;
        child.cells |= (p as u64) << (4 * s);
        child.occ |= 1 << s;
        let mut rest = self.reserve_mask();
        if self.count(p) == 1 {
            rest &= !(1 << p);
        }
        let mut ls = LINES_OF[s as usize];
        while ls != 0 {
            let i = ls.trailing_zeros();
            ls &= ls - 1;
            let (and, nand, n) = child.line_values(LINES[i as usize]);
            if n == 3 && rest & completing(and, nand) != 0 {
                return true;
            }
        }
        false
    }

    /// The empty squares on which at least one reserve piece is safe (hands
    /// the opponent no threat).
    fn safe_squares(&self) -> u32 {
        let mut safe = 0;
        let mut free = !self.occupied();
        let pieces = self.reserve_mask();
        while free != 0 {
            let s = free.trailing_zeros() as u8;
            free &= free - 1;
            let mut m = pieces;
            while m != 0 {
                let p = m.trailing_zeros() as u8;
                m &= m - 1;
                if !self.gives_threat(p, s) {
                    safe += 1;
                    break;
                }
            }
        }
        safe
    }
}

/// Near a won game: large, below [`WIN_POINTS`].
const NEAR_WIN: i32 = WIN_POINTS as i32 - 10;

impl<const SOLO: bool> Evaluate for QuatroBoard<SOLO> {
    const HAS_NOISY: bool = false;

    /// No term to switch: the threats are the evaluation.
    type Terms = ();

    fn evaluate(&self, _: &()) -> i32 {
        if self.is_over() {
            return 0;
        }
        if self.has_threat_with(self.reserve_mask()) {
            return NEAR_WIN;
        }
        match self.safe_squares() {
            0 => -NEAR_WIN,
            n if n % 2 == 1 => 2,
            _ => -2,
        }
    }

    #[inline]
    fn order_hint(&self, mv: Place) -> i32 {
        if self.completes(mv.piece, mv.square) {
            1000
        } else if self.gives_threat(mv.piece, mv.square) {
            -1000
        } else {
            0
        }
    }

    #[inline]
    fn move_key(mv: Place) -> usize {
        16 * mv.piece as usize + mv.square as usize
    }

    #[inline]
    fn is_noisy(&self, _: Place) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<Place> {
        None
    }

    /// Half the empty squares (at least 1); the puzzles a fixed 10 moves, as
    /// the other puzzles.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        ((!self.occupied()).count_ones() as u64 / 2).max(1)
    }
}

/// No bench positions: the signature measures the search on other games.
impl<const SOLO: bool> Bench for QuatroBoard<SOLO> {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Quatro;

    #[test]
    fn a_threat_is_a_win_for_the_mover() {
        // Three round pieces on row 1, a round piece in reserve.
        let pos = Quatro::from_fen("quatro brao,prao,brbo,-/-,-,-,-/-,-,-,-/-,-,-,- 2").unwrap();
        assert_eq!(pos.evaluate(&()), NEAR_WIN);
        let win = pos.parse_move("prbo@d1").unwrap();
        assert_eq!(pos.order_hint(win), 1000);
        let pos = Quatro::from_fen("quatro brao,prao,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1").unwrap();
        assert_eq!(pos.order_hint(pos.parse_move("brbo@c1").unwrap()), -1000);
        assert_eq!(pos.order_hint(pos.parse_move("brbo@c2").unwrap()), 0);
    }
}
