//! The seeded random starts of Quatro ([`Starts`]): `position startpos` is
//! the empty board with all 16 pieces in reserve, player 1 to move (the
//! duel; the puzzle has no fixed start, its empty board is problem F).
//!
//! `position random quatro <seed>` (and `quatro-solo`, the same board with
//! the pieces not on it as the reserve, canonical order): with the
//! generator of [`crate::random`], `k = 2 + rng.next_u64() % 3` placements
//! (2, 3 or 4), each the `rng.next_u64() % m`-th of the `m` legal moves (in
//! move order) that neither complete a winning line nor hand the next
//! player one (no line of 3 sharing a value with a completing piece in
//! reserve): the board is never finished and the side to move cannot win at
//! once. Then the side whose turn it is moves (player 2 after 3 placements).

use super::{Quatro, QuatroBoard};
use crate::game::{Balance, Game, Starts};
use crate::random::rng;
use rand::RngCore;

impl<const SOLO: bool> Starts for QuatroBoard<SOLO> {
    const BALANCE: Balance = Balance::by_depth(4, 20);

    type Params = ();

    fn startpos(_: &()) -> Option<Self> {
        (!SOLO).then(QuatroBoard::empty)
    }

    fn random(seed: u64, _: &()) -> Option<Self> {
        let duel = quatro(seed);
        let mut pos = QuatroBoard::<SOLO>::from_parts(duel.board(), duel.reserve(), Player::One);
        if !SOLO {
            pos = QuatroBoard::from_parts(duel.board(), &[], duel.side_to_move());
        }
        Some(pos)
    }
}

use crate::game::Player;

/// The random start of the duel for `seed`.
pub fn quatro(seed: u64) -> Quatro {
    let mut rng = rng(seed);
    let mut pos = Quatro::empty();
    let k = 2 + rng.next_u64() % 3;
    for _ in 0..k {
        let quiet: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| !pos.completes(m.piece, m.square) && !pos.gives_threat(m.piece, m.square))
            .collect();
        if quiet.is_empty() {
            break;
        }
        let i = (rng.next_u64() % quiet.len() as u64) as usize;
        pos.play_unchecked(quiet[i]);
    }
    pos
}
