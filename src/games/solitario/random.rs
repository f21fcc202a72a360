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

use super::{LimitResult, NoMove, SoliBoard, Solitario, SolitarioSolo, Variant, BOTTOM, TOP};
use crate::game::GameMove;
use crate::game::{Balance, Game, Param, Params, Player, Starts, Values};
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
        self.legal_moves()
            .iter()
            .any(|m| !m.is_pass() && goal >> m.to & 1 == 1)
    }
}

impl Starts for Solitario {
    type Params = Variant;

    /// The reference games at depth 6; a start is kept when its mean margin
    /// stays within a third of a win.
    const BALANCE: Balance = Balance::by_depth(6, 33);

    fn startpos(_: &Variant) -> Option<Self> {
        Some(SoliBoard::start())
    }

    /// The opening is drawn under the default readings; [`Starts::apply`]
    /// then sets the parameters' ones.
    fn random(seed: u64, _: &Variant) -> Option<Self> {
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

    fn apply(&mut self, variant: &Variant) {
        self.set_variant(*variant);
    }
}

impl Starts for SolitarioSolo {
    type Params = ();

    const BALANCE: Balance = Balance::by_depth(6, 33);

    fn startpos(_: &()) -> Option<Self> {
        None
    }

    fn random(_seed: u64, _: &()) -> Option<Self> {
        None
    }
}

/// The duel's two readings (rules §3.5–3.6), `NoMove` and `LimitResult`.
impl Params for Variant {
    const DECLARED: &'static [Param] = &[
        Param {
            name: "NoMove",
            values: Values::Choice(&["lose", "pass"]),
            default: "lose",
            help: "a duel player without a move loses, or passes (rules 3.5)",
            in_random: false,
            samples: &[],
        },
        Param {
            name: "LimitResult",
            values: Values::Choice(&["draw", "material"]),
            default: "draw",
            help: "the duel at the ply limit is a draw, or won by more pegs (rules 3.6)",
            in_random: false,
            samples: &[],
        },
    ];

    fn set(&mut self, index: usize, value: &str) -> Result<(), String> {
        let param = Self::DECLARED.get(index).ok_or("no such parameter")?;
        let pick = param.choice(value)?;
        match index {
            0 => self.no_move = [NoMove::Lose, NoMove::Pass][pick],
            _ => self.limit = [LimitResult::Draw, LimitResult::Material][pick],
        }
        Ok(())
    }

    fn get(&self, index: usize) -> String {
        let word = match index {
            0 => ["lose", "pass"][(self.no_move == NoMove::Pass) as usize],
            _ => ["draw", "material"][(self.limit == LimitResult::Material) as usize],
        };
        word.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Solitario;

    #[test]
    fn random_starts_are_unfinished_not_lost_in_one_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let pos = Solitario::random(seed, &Default::default()).unwrap();
            assert!(!pos.is_over(), "seed {seed}: {pos}");
            assert!(!pos.wins_in_one(), "seed {seed}: {pos}");
            assert_eq!(pos.side_to_move(), Player::One, "seed {seed}");
            assert!(matches!(pos.ply(), 2 | 4 | 6 | 8), "seed {seed}: {pos}");
            seen.insert(pos.to_string());
        }
        assert!(seen.len() > 150, "{} distinct boards", seen.len());
    }
}
