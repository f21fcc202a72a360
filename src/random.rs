//! Seeded random start boards, identical on every platform.
//!
//! The generator is fully specified so that any program can rebuild the same
//! board from the same seed (protocol.md gives it in pseudo-code):
//!
//! 1. `rng = xoshiro256++` seeded with `seed` through SplitMix64 (the
//!    `seed_from_u64` of `rand_xoshiro`: the four state words are four
//!    successive SplitMix64 outputs starting from `seed`).
//! 2. Start from the game's numbers in ascending order (knight: 0..=99; bishop:
//!    the 64 numbers 11..=88 whose digits are both 1..8).
//! 3. Fisher–Yates from the end: for `i` from `n - 1` down to `1`,
//!    `j = rng.next_u64() % (i + 1)`, swap items `i` and `j`.
//! 4. Fill the board row by row (`a1`, `b1`, …, then row 2, …), then apply the
//!    automatic placement of the rules.
//!
//! Dots and Boxes has no numbers: its random start is the empty board of the
//! requested size on which two arcs are drawn, one by each player (player 1
//! first), each the `rng.next_u64() % k`-th of the `k` arcs (in move order)
//! that do not give any box a third side; player 1 is then to move.

use crate::game::numbered::{Jump, Piece};
use crate::game::{Dots, Game};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator of every random board.
pub fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// `items` shuffled by steps 1–3 of the module documentation.
pub fn shuffle<T>(items: &mut [T], rng: &mut Xoshiro256PlusPlus) {
    for i in (1..items.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// The board of numbers, before placement, for `seed`.
pub fn numbers<P: Piece>(seed: u64) -> Vec<Option<u8>> {
    let mut nums = P::full_set();
    shuffle(&mut nums, &mut rng(seed));
    nums.into_iter().map(Some).collect()
}

/// The start position of a knight or bishop duel (after the automatic
/// placement) for `seed`.
pub fn duel<P: Piece>(seed: u64) -> Jump<P, false> {
    let mut pos = Jump::from_numbers(&numbers::<P>(seed));
    pos.place_automatically();
    pos
}

/// A full random board for the puzzle (no piece placed, no target).
pub fn solo<P: Piece>(seed: u64) -> Jump<P, true> {
    Jump::from_numbers(&numbers::<P>(seed))
}

/// The random start of Dots and Boxes on `rows × cols` boxes for `seed`.
pub fn dots(rows: usize, cols: usize, seed: u64) -> Dots {
    let mut rng = rng(seed);
    let mut pos = Dots::empty(rows, cols);
    for _ in 0..2 {
        let safe: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|&arc| {
                pos.boxes_of(arc)
                    .into_iter()
                    .flatten()
                    .all(|(i, j)| pos.sides(i, j) < 2)
            })
            .collect();
        if safe.is_empty() {
            break;
        }
        let k = (rng.next_u64() % safe.len() as u64) as usize;
        pos.play_unchecked(safe[k]);
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::numbered::KnightPiece;

    #[test]
    fn same_seed_same_board_and_a_permutation() {
        let a = numbers::<KnightPiece>(7);
        assert_eq!(a, numbers::<KnightPiece>(7));
        assert_ne!(a, numbers::<KnightPiece>(8));
        let mut sorted: Vec<u8> = a.iter().map(|n| n.unwrap()).collect();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<u8>>());
    }

    #[test]
    fn boards_match_an_independent_implementation() {
        // First twelve cells for seed 1, computed by a separate Python
        // implementation of the documented generator (SplitMix64 seeding,
        // xoshiro256++, `next % (i + 1)` Fisher–Yates) — the reference values
        // protocol.md gives to students.
        let knight: Vec<u8> = numbers::<KnightPiece>(1)
            .iter()
            .take(12)
            .map(|n| n.unwrap())
            .collect();
        assert_eq!(knight, [92, 96, 71, 52, 37, 73, 66, 80, 70, 78, 56, 55]);
        let bishop: Vec<u8> = numbers::<crate::game::numbered::BishopPiece>(1)
            .iter()
            .take(12)
            .map(|n| n.unwrap())
            .collect();
        assert_eq!(bishop, [42, 86, 21, 15, 45, 87, 33, 12, 63, 62, 47, 61]);
    }
}
