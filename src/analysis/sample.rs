//! Seeded sample games of simple players, the same on every machine: the
//! games the analysis benchmark analyses, and those of the tests (the
//! reference against greedy and random players).
//!
//! ```
//! use tabula::analysis::sample::{play, Player};
//! use tabula::games::{GameId, GameSetup};
//!
//! let start = GameSetup::new(GameId::Knight).random(3).unwrap();
//! let players = [Player::Greedy, Player::Random];
//! let moves = play(&start, &players, 7);
//! assert_eq!(moves, play(&start, &players, 7));
//! ```

use crate::game::Game;
use crate::games::any::IntoAnyMove;
use crate::games::{AnyMove, AnyPosition};
use crate::search::{Evaluate, Limits, Searcher};
use crate::with_game;
use rand::RngCore;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::sync::atomic::AtomicBool;

/// A player of the sample games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// The reference search within these limits (give a depth or a node
    /// count for games that are the same on every machine).
    Reference(Limits),
    /// The move that scores most at once (the arbiter's `builtin:greedy`),
    /// ties broken at random.
    Greedy,
    /// A random legal move.
    Random,
}

/// Transposition table of a reference player (MiB).
const HASH_MIB: usize = 16;

/// Plays the game from `start` until it is over, `players[0]` for player 1
/// and `players[1]` for player 2; `seed` seeds the random choices. Returns
/// the moves.
pub fn play(start: &AnyPosition, players: &[Player; 2], seed: u64) -> Vec<AnyMove> {
    with_game!(start, pos => play_game(pos, players, seed)
        .into_iter()
        .map(IntoAnyMove::into_any)
        .collect())
}

/// [`play`] for a game known at compile time.
pub fn play_game<G: Evaluate>(start: &G, players: &[Player; 2], seed: u64) -> Vec<G::Move> {
    let mut rng = crate::random::rng(seed);
    let mut searchers: [Option<Searcher>; 2] = [None, None];
    let stop = AtomicBool::new(false);
    let mut pos = *start;
    let mut moves = Vec::new();
    while !pos.is_over() {
        let side = pos.side_to_move().index();
        let legal = pos.legal_moves();
        let mv = match &players[side] {
            Player::Reference(limits) => {
                let searcher = searchers[side].get_or_insert_with(|| Searcher::new(HASH_MIB));
                searcher.search(&pos, limits, &stop, &mut |_| {}).best
            }
            Player::Greedy => greedy(&pos, &legal, &mut rng),
            Player::Random => pick(&legal, &mut rng),
        };
        let Some(mv) = mv.filter(|m| legal.contains(m)) else {
            break;
        };
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    moves
}

/// The move of `legal` that scores most for the mover at once, ties broken
/// at random.
fn greedy<G: Game>(pos: &G, legal: &[G::Move], rng: &mut Xoshiro256PlusPlus) -> Option<G::Move> {
    let me = pos.side_to_move().index();
    let gain = |mv: G::Move| {
        let mut child = *pos;
        child.play_unchecked(mv);
        child.scores()[me].saturating_sub(pos.scores()[me])
    };
    let best = legal.iter().map(|&m| gain(m)).max()?;
    let top: Vec<G::Move> = legal.iter().copied().filter(|&m| gain(m) == best).collect();
    pick(&top, rng)
}

/// A random move of `moves`.
fn pick<M: Copy>(moves: &[M], rng: &mut Xoshiro256PlusPlus) -> Option<M> {
    if moves.is_empty() {
        return None;
    }
    moves
        .get((rng.next_u64() % moves.len() as u64) as usize)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameId, GameSetup};

    #[test]
    fn games_end_and_repeat() {
        for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
            let start = GameSetup::new(game).random(1).unwrap();
            let players = [Player::Greedy, Player::Random];
            let moves = play(&start, &players, 5);
            let mut pos = start;
            for &m in &moves {
                pos.play(m).unwrap();
            }
            assert!(pos.is_over(), "{game}");
            assert_eq!(moves, play(&start, &players, 5), "{game}");
        }
    }

    #[test]
    fn greedy_takes_the_largest_number() {
        let start = GameSetup::new(GameId::Knight).random(11).unwrap();
        let moves = play(&start, &[Player::Greedy, Player::Greedy], 1);
        let mut pos = start;
        for &m in moves.iter().take(6) {
            let before = pos.scores()[pos.side_to_move().index()];
            let me = pos.side_to_move().index();
            let best = pos
                .legal_moves()
                .into_iter()
                .map(|o| {
                    let mut c = pos;
                    c.play(o).unwrap();
                    c.scores()[me] - before
                })
                .max()
                .unwrap();
            pos.play(m).unwrap();
            assert_eq!(pos.scores()[me] - before, best);
        }
    }
}
