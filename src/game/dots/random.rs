//! The seeded random start of Dots and Boxes (two arcs drawn, see
//! [`crate::random`]) and [`Starts`]: the empty 5 × 6 board is the fixed
//! start; the puzzle has neither.

use super::{Dots, DotsBoard};
use crate::game::{Balance, Game, Starts};
use crate::random::rng;
use rand::RngCore;

/// The board of `position startpos` and of `position random dots <seed>`
/// without a size.
pub const DEFAULT_SIZE: (usize, usize) = (5, 6);

impl<const SOLO: bool> Starts for DotsBoard<SOLO> {
    const BALANCE: Balance = Balance::by_depth(5, 2);

    const RANDOM_SIZED: bool = !SOLO;

    fn startpos() -> Option<Self> {
        (!SOLO).then(|| DotsBoard::empty(DEFAULT_SIZE.0, DEFAULT_SIZE.1))
    }

    fn random(seed: u64, size: Option<(usize, usize)>) -> Option<Self> {
        let (rows, cols) = size.unwrap_or(DEFAULT_SIZE);
        (!SOLO).then(|| board(rows, cols, seed))
    }
}

/// The random start of Dots and Boxes on `rows × cols` boxes for `seed`.
pub fn dots(rows: usize, cols: usize, seed: u64) -> Dots {
    board(rows, cols, seed)
}

/// [`dots`] for either board type (only the two-player game uses it).
fn board<const SOLO: bool>(rows: usize, cols: usize, seed: u64) -> DotsBoard<SOLO> {
    let mut rng = rng(seed);
    let mut pos = DotsBoard::<SOLO>::empty(rows, cols);
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
