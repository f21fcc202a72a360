//! The starts of Solitário ([`Starts`]): `position startpos` is the duel's
//! start (rules §3.1); the puzzle has no fixed start (its boards are the
//! course's problems, F the full one) and no random boards.
//!
//! `position random solitario <seed>`, with the generator of
//! [`crate::random`]: from the start, `k = 2 + 2 × (rng.next_u64() % 4)`
//! plies (2, 4, 6 or 8: each player moves as often, player 1 is to move
//! again), each the `rng.next_u64() % m`-th of the `m` legal moves (move
//! order) after which the game is not over and the player then to move
//! cannot win at once (no move onto the opponent's start holes). When no
//! such move is left the board stops where it is.

use super::{SoliBoard, BOTTOM, TOP};
use crate::game::{Balance, Game, Player, Starts};
use crate::random::rng;
use rand::RngCore;

impl<const SOLO: bool> SoliBoard<SOLO> {
    /// Can the side to move step or jump onto the opponent's start holes?
    pub fn wins_in_one(&self) -> bool {
        let goal = if self.side_to_move() == Player::One {
            BOTTOM
        } else {
            TOP
        };
        self.legal_moves().iter().any(|m| !m.is_pass() && goal >> m.to & 1 == 1)
    }
}

impl<const SOLO: bool> Starts for SoliBoard<SOLO> {
    /// The reference games at depth 6; a start is kept when its mean margin
    /// stays within a third of a win.
    const BALANCE: Balance = Balance::by_depth(6, 33);

    const RANDOM_SIZED: bool = false;

    fn startpos() -> Option<Self> {
        (!SOLO).then(SoliBoard::start)
    }

    fn random(seed: u64, _size: Option<(usize, usize)>) -> Option<Self> {
        if SOLO {
            return None;
        }
        let mut rng = rng(seed);
        let mut pos = SoliBoard::start();
        let k = 2 + 2 * (rng.next_u64() % 4);
        for _ in 0..k {
            let quiet: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|&mv| {
                    let mut after = pos;
                    after.play_unchecked(mv);
                    !after.is_over() && !after.wins_in_one()
                })
                .collect();
            if quiet.is_empty() {
                break;
            }
            let i = (rng.next_u64() % quiet.len() as u64) as usize;
            pos.play_unchecked(quiet[i]);
        }
        Some(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solitario;

    #[test]
    fn random_starts_are_unfinished_not_lost_in_one_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let pos = Solitario::random(seed, None).unwrap();
            assert!(!pos.is_over(), "seed {seed}: {pos}");
            assert!(!pos.wins_in_one(), "seed {seed}: {pos}");
            assert_eq!(pos.side_to_move(), Player::One, "seed {seed}");
            assert!(matches!(pos.ply(), 2 | 4 | 6 | 8), "seed {seed}: {pos}");
            seen.insert(pos.to_string());
        }
        assert!(seen.len() > 150, "{} distinct boards", seen.len());
    }
}
