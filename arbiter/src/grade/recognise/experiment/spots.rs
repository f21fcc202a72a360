//! The positions a submission is tried on: the start, the start with the
//! second player to move, a middle game and a late one for each side, and
//! a position right after a player moved twice (the other passed, or a
//! box closed), where a program that guesses the side from the moves
//! played goes wrong. Drawn from one seeded random game (the same every
//! run), only positions where the mover has a choice.

use rand::Rng;
use tabula::game::Player;
use tabula::games::{AnyPosition, GameSetup};

/// One position tried.
#[derive(Clone, Debug)]
pub(in crate::grade::recognise) struct Spot {
    pub(in crate::grade::recognise) fen: String,
    pub(in crate::grade::recognise) pos: AnyPosition,
    /// What it is (`the start`, `a middle game, player 2 to move`).
    pub(in crate::grade::recognise) what: String,
}

impl Spot {
    pub(in crate::grade::recognise) fn side(&self) -> u32 {
        match self.pos.side_to_move() {
            Player::One => 1,
            Player::Two => 2,
        }
    }
}

/// Positions of one seeded random game from `start`: each with whether
/// the mover also made the move before it.
fn game_of(start: AnyPosition, seed: u64) -> Vec<(AnyPosition, bool)> {
    let mut rng = tabula::random::rng(seed);
    let mut pos = start;
    let mut out = Vec::new();
    let mut last_mover: Option<Player> = None;
    for _ in 0..400 {
        if pos.is_over() {
            break;
        }
        let moves = pos.legal_moves();
        let mover = pos.side_to_move();
        let choice: Vec<_> = moves.iter().filter(|m| !m.is_pass()).copied().collect();
        if choice.len() >= 2 {
            out.push((pos, last_mover == Some(mover)));
        }
        let Some(&mv) = moves.get(rng.gen_range(0..moves.len().max(1))) else {
            break;
        };
        last_mover = Some(mover);
        if pos.play(mv).is_err() {
            break;
        }
    }
    out
}

/// The positions to try for `setup` (a game and the year's parameters), at
/// most eight.
pub(in crate::grade::recognise) fn spots(setup: GameSetup) -> Vec<Spot> {
    let Some(start) = setup.startpos().or_else(|| setup.random(1)) else {
        return Vec::new();
    };
    // The longest of a few seeded games: its middle and its end are
    // further apart.
    let positions = (1..=4)
        .map(|seed| game_of(start, seed))
        .max_by_key(Vec::len)
        .unwrap_or_default();
    let mut chosen: Vec<(usize, &str)> = Vec::new();
    let side = |i: usize| positions[i].0.side_to_move();
    let pick = |from: usize, want: Player, what: &'static str, chosen: &mut Vec<(usize, &str)>| {
        if let Some(i) =
            (from..positions.len()).find(|&i| side(i) == want && !chosen.iter().any(|c| c.0 == i))
        {
            chosen.push((i, what));
        }
    };
    let n = positions.len();
    for (at, what1, what2) in [
        (0, "the start", "the start, player 2 to move"),
        (
            n / 3,
            "a middle game, player 1 to move",
            "a middle game, player 2 to move",
        ),
        (
            2 * n / 3,
            "a late game, player 1 to move",
            "a late game, player 2 to move",
        ),
    ] {
        pick(at, Player::One, what1, &mut chosen);
        pick(at, Player::Two, what2, &mut chosen);
    }
    if let Some(i) = (0..n).find(|&i| positions[i].1 && !chosen.iter().any(|c| c.0 == i)) {
        chosen.push((i, "after a player moved twice in a row"));
    }
    chosen.truncate(8);
    chosen
        .into_iter()
        .map(|(i, what)| Spot {
            fen: positions[i].0.fen(),
            pos: positions[i].0,
            what: what.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grade::recognise::{kit_dir, Course};
    use tabula::games::GameId;

    /// The year's statement's positions: Blokus 2017's carry its variant
    /// (the cross), 2021's the default.
    #[test]
    fn a_year_of_parameters_is_tried_on_its_own_positions() {
        let course = Course::load(&kit_dir()).unwrap();
        let blokus = *GameId::ALL.iter().find(|g| g.as_str() == "blokus").unwrap();
        let of = |year| spots(course.setup(blokus, Some(year)).unwrap());
        let v2017 = of(2017);
        assert!(v2017.len() >= 4);
        for s in &v2017 {
            assert!(s.fen.ends_with(" variant 2017"), "{}", s.fen);
        }
        for s in of(2021) {
            assert!(!s.fen.contains("variant"), "{}", s.fen);
        }
    }

    #[test]
    fn every_game_has_positions_for_both_sides() {
        for game in GameId::ALL.iter().filter(|g| !g.is_puzzle()) {
            let s = spots(GameSetup::new(*game));
            assert!(s.len() >= 4, "{game:?}: {}", s.len());
            assert_eq!(s[0].side(), 1, "{game:?}");
            assert!(s.iter().any(|x| x.side() == 2), "{game:?}");
            // The same every run.
            let again: Vec<String> = spots(GameSetup::new(*game))
                .into_iter()
                .map(|x| x.fen)
                .collect();
            assert_eq!(again, s.iter().map(|x| x.fen.clone()).collect::<Vec<_>>());
        }
    }
}
