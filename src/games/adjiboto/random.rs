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
//!   column`); the capture row of the `Capture` parameter (`any` by
//!   default).

use super::{AdjiBoard, Adjiboto, AdjibotoSolo, PITS};
use crate::game::{Balance, Param, Params, Player, Starts, Values};
use crate::random::rng;
use rand::RngCore;

impl Starts for Adjiboto {
    type Params = ();

    const BALANCE: Balance = Balance::by_depth(7, 4);

    fn startpos(_: &()) -> Option<Self> {
        Some(AdjiBoard::start())
    }

    fn random(seed: u64, _: &()) -> Option<Self> {
        dealt(seed)
    }
}

impl Starts for AdjibotoSolo {
    type Params = PuzzleParams;

    const BALANCE: Balance = Balance::by_depth(7, 4);

    fn startpos(_: &PuzzleParams) -> Option<Self> {
        None
    }

    fn random(seed: u64, _: &PuzzleParams) -> Option<Self> {
        dealt(seed)
    }

    fn apply(&mut self, params: &PuzzleParams) {
        self.set_opposite(params.opposite);
    }
}

/// The random deal of either game (see the module doc).
fn dealt<const SOLO: bool>(seed: u64) -> Option<AdjiBoard<SOLO>> {
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

/// The puzzle's parameter: the capture row (`Capture`, rules §3.3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleParams {
    /// `opposite`: only seeds in the opposite row are captured; `any`
    /// (false, the default): any row.
    pub opposite: bool,
}

impl Params for PuzzleParams {
    const DECLARED: &'static [Param] = &[Param {
        name: "Capture",
        values: Values::Choice(&["any", "opposite"]),
        default: "any",
        help: "the puzzle's capture row of problems and random boards (rules 3.3)",
        in_random: false,
        samples: &[],
    }];

    fn set(&mut self, _index: usize, value: &str) -> Result<(), String> {
        self.opposite = Self::DECLARED[0].choice(value)? == 1;
        Ok(())
    }

    fn get(&self, _index: usize) -> String {
        if self.opposite { "opposite" } else { "any" }.to_string()
    }
}
