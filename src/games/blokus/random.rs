//! The starts of Blokus ([`Starts`]): `position startpos` is the empty
//! board, both stocks full, player 1 to move (the duel; the puzzle has no
//! fixed start: its boards are the course's problems).
//!
//! Seeded openings, with the generator of [`crate::random`]:
//!
//! - `position random blokus <seed>`: from the start, `k = 2 + 2 *
//!   (rng.next_u64() % 3)` plies (2, 4 or 6: the same number for each
//!   player), each the `rng.next_u64() % m`-th of the `m` legal moves (in
//!   move order); player 1 to move.
//! - `position random blokus-solo <seed>`: a 2021 puzzle: each square is
//!   blocked (`2`) when `rng.next_u64() % 4 == 0`, `a1` is kept empty, the
//!   stock is full and the goal `12 + rng.next_u64() % 25` squares (12..=36).
//!
//! Both are of the 2021 variant unless the `Variant` parameter says `2017`
//! (the same draws: the opening with the 2017 pieces, the puzzle board
//! with the 2017 goal, a dead end).

use super::{Blokus, BlokusBoard, Variant, FULL_STOCK, SIZE};
use crate::game::{Balance, Game, Player, Starts};
use crate::random::rng;
use rand::RngCore;

impl<const SOLO: bool> Starts for BlokusBoard<SOLO> {
    const BALANCE: Balance = Balance::by_depth(2, 8);

    type Params = Variant;

    fn startpos(variant: &Variant) -> Option<Self> {
        (!SOLO).then(|| BlokusBoard::start(*variant))
    }

    fn random(seed: u64, variant: &Variant) -> Option<Self> {
        let variant = *variant;
        if !SOLO {
            let pos = opening(seed, variant);
            return BlokusBoard::new(
                &pos.board(),
                [pos.stock(Player::One), pos.stock(Player::Two)],
                pos.side_to_move(),
                pos.variant(),
                0,
            )
            .ok();
        }
        let mut rng = rng(seed);
        let mut board = [[0u8; SIZE]; SIZE];
        for (s, cell) in board.iter_mut().flatten().enumerate() {
            if rng.next_u64().is_multiple_of(4) && s != 0 {
                *cell = 2;
            }
        }
        let goal = 12 + (rng.next_u64() % 25) as u32;
        BlokusBoard::new(&board, [FULL_STOCK, [0; 3]], Player::One, variant, goal).ok()
    }
}

/// The seeded opening of the duel in `variant` (see the module doc).
pub fn opening(seed: u64, variant: Variant) -> Blokus {
    let mut rng = rng(seed);
    let mut pos = Blokus::start(variant);
    let k = 2 + 2 * (rng.next_u64() % 3);
    for _ in 0..k {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let i = (rng.next_u64() % moves.len() as u64) as usize;
        pos.play_unchecked(moves[i]);
    }
    pos
}
