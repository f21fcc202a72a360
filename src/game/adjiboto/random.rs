//! The seeded random starts of Adji-boto ([`Starts`]): `position startpos`
//! is 8 seeds in every pit, player 1 to move (the duel; the puzzle has no
//! fixed start).
//!
//! With the generator of [`crate::random`]:
//!
//! - `position random adjiboto <seed>`: 48 seeds dealt one at a time into
//!   the top row, each into pit `rng.next_u64() % 6` (column, left to
//!   right); the bottom row is the top row turned 180° (`row1[5 - c] =
//!   row0[c]`), so each player faces the same pits in sowing order; player
//!   1 to move, no seed captured.
//! - `position random adjiboto-solo <seed>`: `n = 8 + rng.next_u64() % 17`
//!   seeds (8..=24), each into pit `rng.next_u64() % 12` (`6 * row +
//!   column`); any-row capture.

use super::{AdjiBoard, PITS};
use crate::game::{Balance, Player, Starts};
use crate::random::rng;
use rand::RngCore;

impl<const SOLO: bool> Starts for AdjiBoard<SOLO> {
    const BALANCE: Balance = Balance::by_depth(7, 4);

    const RANDOM_SIZED: bool = false;

    fn startpos() -> Option<Self> {
        (!SOLO).then(AdjiBoard::start)
    }

    fn random(seed: u64, _size: Option<(usize, usize)>) -> Option<Self> {
        let mut rng = rng(seed);
        let mut rows = [[0u8; 6]; 2];
        if SOLO {
            let n = 8 + rng.next_u64() % 17;
            for _ in 0..n {
                let p = (rng.next_u64() % PITS as u64) as usize;
                rows[p / 6][p % 6] += 1;
            }
        } else {
            for _ in 0..48 {
                rows[0][(rng.next_u64() % 6) as usize] += 1;
            }
            for c in 0..6 {
                rows[1][5 - c] = rows[0][c];
            }
        }
        AdjiBoard::new(rows, [0, 0], Player::One, 0, false).ok()
    }
}
