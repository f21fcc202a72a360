//! The evaluation of the number-board games ([`Evaluate`] for [`Jump`]):
//! reach, mobility, parity and territory (the terms and their measurements
//! are in [`crate::search::eval`]), the number on the destination square as
//! the move-ordering hint, and the time budget.

use super::random::duel;
use super::{
    Bishop, BishopSolo, ColourRule, Jump, JumpMove, Knight, KnightSolo, Piece, Torre, TorreSolo,
};
use crate::game::GameMove;
use crate::game::{Game, Player};
use crate::search::bench::{Bench, BenchPosition};
use crate::search::{EvalConfig, Evaluate};

impl<P: Piece, const SOLO: bool> Evaluate for Jump<P, SOLO> {
    const HAS_NOISY: bool = false;

    #[inline]
    fn evaluate(&self, cfg: &EvalConfig) -> i32 {
        jump(self, cfg, !SOLO && P::COLOUR == ColourRule::Alternates)
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

fn jump<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, cfg: &EvalConfig, parity: bool) -> i32 {
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
