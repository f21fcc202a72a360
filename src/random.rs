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
//!
//! This module holds the generator; each game builds its boards with it in
//! its own folder (`game/<game>/random.rs`, through
//! [`Starts`](crate::game::Starts)).

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
