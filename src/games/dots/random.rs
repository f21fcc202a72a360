//! The seeded random start of Dots and Boxes (two arcs drawn, see
//! [`crate::random`]) and [`Starts`]: the empty board of the `Size`
//! parameter (5 × 6 by default) is the fixed start; the puzzle has neither.

use super::params::DotsParams;
use super::{Dots, DotsBoard, DotsSolo};
use crate::game::{Balance, Game, Starts};
use crate::random::rng;
use rand::RngCore;

impl Starts for Dots {
    type Params = DotsParams;

    const BALANCE: Balance = Balance::by_depth(5, 2);

    fn startpos(params: &DotsParams) -> Option<Self> {
        Some(DotsBoard::empty(params.size.0, params.size.1))
    }

    fn random(seed: u64, params: &DotsParams) -> Option<Self> {
        Some(board(params.size.0, params.size.1, seed))
    }
}

impl Starts for DotsSolo {
    type Params = ();

    const BALANCE: Balance = Balance::by_depth(5, 2);

    fn startpos(_: &()) -> Option<Self> {
        None
    }

    fn random(_seed: u64, _: &()) -> Option<Self> {
        None
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
