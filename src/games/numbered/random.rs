//! Seeded random boards of the number-board games (the generator of
//! [`crate::random`]: the numbers shuffled, the board filled row by row, then
//! the automatic placement), and [`Starts`] for them: no fixed start position.

use super::{Jump, Piece};
use crate::game::{Balance, Starts};
use crate::random::{rng, shuffle};

impl<P: Piece, const SOLO: bool> Starts for Jump<P, SOLO> {
    const BALANCE: Balance = P::BALANCE;

    type Params = ();

    fn startpos(_: &()) -> Option<Self> {
        None
    }

    /// The duel after the automatic placement; the puzzle with no piece
    /// placed and no target.
    fn random(seed: u64, _: &()) -> Option<Self> {
        let mut pos = Jump::from_numbers(&numbers::<P>(seed));
        if !SOLO {
            pos.place_automatically();
        }
        Some(pos)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::numbered::KnightPiece;

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
        let bishop: Vec<u8> = numbers::<crate::games::numbered::BishopPiece>(1)
            .iter()
            .take(12)
            .map(|n| n.unwrap())
            .collect();
        assert_eq!(bishop, [42, 86, 21, 15, 45, 87, 33, 12, 63, 62, 47, 61]);
    }
}
