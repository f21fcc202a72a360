//! The evaluation of the number-board games ([`Evaluate`] for [`Jump`]):
//! the terms of [`JumpTerms`] (reach, mobility, parity, territory), the
//! number on the destination square as the move-ordering hint, and the time
//! budget.
//!
//! The terms were measured with `tabula selfplay --movetime 20 --seed 1000
//! --games 40` (knight, 20 boards, colours swapped; "boards" counts the
//! boards on which A scored more than B over both colours, since most
//! random boards are won by the same colour whoever plays it):
//!
//! | A (vs baseline) | boards W/D/L | points A–B |
//! |---|---|---|
//! | score difference only (`tabula:material`) | 11/0/9 | 47673–47341 |
//! | reach + mobility (6) + parity | 18/0/2 | 49180–45035 |
//! | … without reach | 10/1/9 | 47239–47160 |
//! | … without mobility | 13/1/6 | 49748–45871 |
//! | … without parity | 19/0/1 | 51194–44575 |
//! | reach + mobility (12), the default | 18/0/2 | 52117–44869 |
//! | … plus territory | 15/0/5 | 48184–45431 (with parity, mobility 6) |

use super::random::duel;
use super::{
    Bishop, BishopSolo, ColourRule, Jump, JumpMove, Knight, KnightSolo, Piece, Torre, TorreSolo,
};
use crate::game::GameMove;
use crate::game::{Game, Player};
use crate::search::bench::{Bench, BenchPosition};
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of the number-board games' evaluation (measured in the
    /// module's table).
    pub struct JumpTerms {
        /// The best number the side to move can take next, minus half the
        /// best one the opponent could take (a one-ply greedy look past the
        /// horizon; subtracting the whole of it measured worse, 16/1/3).
        reach: true,
        /// Legal destinations of the side to move minus the opponent's
        /// (attack rule applied): a knight with few exits gets stuck and
        /// passes while the other collects.
        mobility: true,
        /// Off, measured as a loss. Knights always change square colour, so
        /// the attack rule only ever restricts the side whose knight stands
        /// on the same colour as the opponent's; that side is the one to move
        /// for the rest of the game (until a pass): a small penalty for
        /// being the restricted side (the knight only).
        parity: false,
        /// Off, measured as a loss: a Voronoi split of the numbers by the
        /// piece's distance.
        territory: false,
    }
}

impl<P: Piece, const SOLO: bool> Evaluate for Jump<P, SOLO> {
    const HAS_NOISY: bool = false;

    type Terms = JumpTerms;

    #[inline]
    fn evaluate(&self, terms: &JumpTerms) -> i32 {
        jump(self, terms, !SOLO && P::COLOUR == ColourRule::Alternates)
    }

    #[inline]
    fn order_hint(&self, mv: JumpMove) -> i32 {
        if mv.is_pass() {
            return 0;
        }
        self.number(mv.0).unwrap_or(0) as i32
    }

    #[inline]
    fn move_key(mv: JumpMove) -> usize {
        mv.0 as usize
    }

    #[inline]
    fn is_noisy(&self, _: JumpMove) -> bool {
        false
    }

    #[inline]
    fn capture(&self) -> Option<JumpMove> {
        None
    }

    /// A quarter of the numbers left, within 4..=25; the puzzles count as 40
    /// numbers (10 moves), as before the registry.
    fn moves_left(&self) -> u64 {
        let occ = if SOLO {
            40
        } else {
            self.occupancy().count_ones()
        };
        (occ as u64 / 4).clamp(4, 25)
    }
}

/// Value of the best number on the squares of `bits`, and how many there are.
#[inline]
fn best_and_count<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, bits: u128) -> (i32, i32) {
    let mut best = 0;
    let mut b = bits;
    while b != 0 {
        let sq = b.trailing_zeros() as u8;
        b &= b - 1;
        best = best.max(pos.number(sq).unwrap_or(0) as i32);
    }
    (best, bits.count_ones() as i32)
}

/// Squares `player` may jump to (attack rule applied), from the public view.
#[inline]
fn reach<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, player: Player) -> u128 {
    let Some(me) = pos.piece(player) else {
        return 0;
    };
    let forbidden = match pos.piece(player.other()) {
        Some(them) if !SOLO => P::attacks(them) | 1u128 << them,
        _ => 0,
    };
    P::attacks(me) & pos.occupancy() & !forbidden
}

const MOBILITY: i32 = 12;
/// Weight of the territory term, in sixteenths.
const TERRITORY: i32 = 4;
/// Moves looked ahead by the territory term.
const TERRITORY_DEPTH: usize = 6;

/// Squares one move away from any square of `from` (on an empty board).
#[inline]
fn expand<P: Piece>(from: u128) -> u128 {
    let mut out = 0;
    let mut b = from;
    while b != 0 {
        out |= P::attacks(b.trailing_zeros() as u8);
        b &= b - 1;
    }
    out
}

/// Territory (a Voronoi split of the board): every numbered square goes to
/// the side that can reach it in fewer moves (the side to move on ties, it
/// moves first); the value is the sum of my squares' numbers minus the
/// opponent's, each square weighted down with its distance.
fn territory<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, me: Player) -> i32 {
    let (Some(a), Some(b)) = (pos.piece(me), pos.piece(me.other())) else {
        return 0;
    };
    let occ = pos.occupancy();
    let (mut my_front, mut their_front) = (1u128 << a, 1u128 << b);
    let mut claimed = my_front | their_front;
    let mut v = 0;
    for step in 0..TERRITORY_DEPTH {
        let mine = expand::<P>(my_front) & occ & !claimed;
        claimed |= mine;
        let theirs = expand::<P>(their_front) & occ & !claimed;
        claimed |= theirs;
        if mine | theirs == 0 {
            break;
        }
        let sum = |bits: u128| {
            let mut total = 0;
            let mut b = bits;
            while b != 0 {
                total += pos.number(b.trailing_zeros() as u8).unwrap_or(0) as i32;
                b &= b - 1;
            }
            total
        };
        v += (sum(mine) - sum(theirs)) / (step as i32 + 1);
        my_front = mine;
        their_front = theirs;
    }
    v
}
const PARITY: i32 = 8;

fn jump<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, cfg: &JumpTerms, parity: bool) -> i32 {
    let me = pos.side_to_move();
    let (my_best, my_n) = best_and_count(pos, reach(pos, me));
    if SOLO {
        return if cfg.reach { my_best } else { 0 };
    }
    let (their_best, their_n) = best_and_count(pos, reach(pos, me.other()));
    let mut v = 0;
    if cfg.reach {
        v += my_best - their_best / 2;
    }
    if cfg.mobility {
        v += MOBILITY * (my_n - their_n);
    }
    if cfg.territory {
        v += territory(pos, me) * TERRITORY / 16;
    }
    if cfg.parity && parity {
        if let (Some(a), Some(b)) = (pos.piece(me), pos.piece(me.other())) {
            let colour = |sq: u8| (sq / 10 + sq % 10) & 1;
            if colour(a) == colour(b) {
                v -= PARITY;
            }
        }
    }
    v
}

/// The knight's bench: four random boards to depth 16, with a subtotal.
impl Bench for Knight {
    const BENCH_SUBTOTAL: bool = true;

    fn bench_positions() -> Vec<BenchPosition<Self>> {
        (1..=4)
            .map(|seed| BenchPosition::depth(format!("random {seed}"), duel(seed), 16))
            .collect()
    }
}

/// The bishop's bench: two random boards to depth 9.
impl Bench for Bishop {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        (1..=2)
            .map(|seed| BenchPosition::depth(format!("random {seed}"), duel(seed), 9))
            .collect()
    }
}

/// The knight puzzle's bench: the course's problem F to depth 7 (searched
/// as a game, by the alpha-beta search).
impl Bench for KnightSolo {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        crate::game::problems::builtin_of::<KnightSolo>()
            .into_iter()
            .filter(|p| p.name == "F")
            .map(|p| BenchPosition::depth("problem F", p.position, 7))
            .collect()
    }
}

/// No bench positions for the other number-board games.
impl Bench for BishopSolo {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}

/// No bench positions.
impl Bench for Torre {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}

/// No bench positions.
impl Bench for TorreSolo {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}
