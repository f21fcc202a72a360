//! The starts of 3-D noughts and crosses ([`Starts`]): `position startpos`
//! is the empty board, X to move (the duel; the puzzle's empty board too).
//!
//! `position random galo3d <seed>` is a seeded opening: with the generator
//! of [`crate::random`], `k = 2 + rng.next_u64() % 3` plies (2, 3 or 4),
//! each the `rng.next_u64() % m`-th of the `m` legal moves (in move order)
//! after which neither symbol has a line of two with the third cell empty,
//! and the next player has no fork (a move making two such lines at once,
//! a win in 3 plies). So the game is never finished, the side to move
//! cannot win in one, nor fork at once. `galo3d-solo` takes the same board.

use super::{Galo, Symbol};
use crate::game::{Balance, Game, Starts};
use crate::random::rng;
use rand::RngCore;

impl<const SOLO: bool> Starts for Galo<SOLO> {
    const BALANCE: Balance = Balance::by_depth(6, 20);

    type Params = ();

    fn startpos(_: &()) -> Option<Self> {
        Some(Galo::empty())
    }

    fn random(seed: u64, _: &()) -> Option<Self> {
        let duel = opening(seed);
        Some(Galo::from_bits(
            [duel.cells_of(Symbol::X), duel.cells_of(Symbol::O)],
            duel.side_to_move(),
        ))
    }
}

/// The seeded opening of the duel for `seed`.
pub fn opening(seed: u64) -> Galo<false> {
    let mut rng = rng(seed);
    let mut pos = Galo::<false>::empty();
    let k = 2 + rng.next_u64() % 3;
    for _ in 0..k {
        let quiet: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut child = pos;
                child.play_unchecked(m);
                child.threats(Symbol::X) == 0
                    && child.threats(Symbol::O) == 0
                    && !child.can_fork(child.symbol_to_move())
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let i = (rng.next_u64() % quiet.len() as u64) as usize;
        pos.play_unchecked(quiet[i]);
    }
    pos
}
