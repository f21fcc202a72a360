//! Seeded self-play: the engine against the course's plain alpha-beta
//! ([`crate::search::baseline`]) or against another configuration of itself,
//! under the same movetime, on seeded random boards (or the positions of a
//! board file) with colours swapped on each board.
//!
//! `tabula selfplay --games 100 --movetime 30` plays 50 knight boards (seeds
//! `seed`, `seed + 1`, …) twice each and prints every game, then W/D/L and the
//! score percentage of the first player (`--a`) against the second (`--b`).

use crate::game::Player;
use crate::games::{AnyPosition, GameId, GameSetup};
use crate::search::eval::{Term, Terms};
use crate::search::{baseline, Evaluate, Limits, SearchConfig, Searcher};
use crate::{with_game, with_game_id};
use anyhow::{bail, Result};
use std::sync::atomic::AtomicBool;

/// A contestant.
#[derive(Clone, Copy, Debug)]
pub enum Contestant {
    /// Tabula's search with these options.
    Engine(SearchConfig),
    /// The plain alpha-beta with the score-difference evaluation.
    Baseline,
}

impl Contestant {
    /// `baseline`, `tabula` (the full engine), or `tabula:<option>,…`: an
    /// evaluation term a game declares ([`Evaluate::Terms`]) switched on by
    /// its name or off by `no-<name>`, `material` (every term off: the
    /// course's evaluation), `full` (each game's defaults), `asp<N>` (an
    /// aspiration window), `nohints` (no ordering knowledge).
    pub fn parse(text: &str) -> Result<Contestant> {
        if text == "baseline" {
            return Ok(Contestant::Baseline);
        }
        let mut cfg = SearchConfig::default();
        let Some(rest) = text.strip_prefix("tabula") else {
            bail!("unknown player '{text}' (expected baseline, tabula or tabula:<option>,…)");
        };
        for opt in rest.split([':', ',']).filter(|s| !s.is_empty()) {
            let (name, on) = match opt.strip_prefix("no-") {
                Some(name) => (name, false),
                None => (opt, true),
            };
            if let Some(w) = opt.strip_prefix("asp") {
                cfg.aspiration = w.parse()?;
            } else if opt == "nohints" {
                cfg.hints = false;
            } else if opt == "material" {
                cfg.eval.material_only = true;
            } else if opt == "full" {
            } else if let Some(term) = eval_terms().into_iter().find(|t| t.name == name) {
                if !cfg.eval.switch(term, on) {
                    bail!("too many terms switched in '{text}'");
                }
            } else {
                bail!(
                    "unknown engine option '{opt}' in '{text}' (the terms: {})",
                    term_names().join(", ")
                );
            }
        }
        Ok(Contestant::Engine(cfg))
    }
}

/// The evaluation terms of every game of the registry, each name once, in
/// registry order.
pub fn eval_terms() -> Vec<&'static Term> {
    let mut all: Vec<&'static Term> = Vec::new();
    for game in GameId::ALL {
        let declared = with_game_id!(game, G => <<G as Evaluate>::Terms as Terms>::DECLARED);
        for term in declared {
            if !all.iter().any(|t| t.name == term.name) {
                all.push(term);
            }
        }
    }
    all
}

fn term_names() -> Vec<&'static str> {
    eval_terms().iter().map(|t| t.name).collect()
}

/// One side of a game in progress.
struct Seat {
    who: Contestant,
    searcher: Searcher,
    limits: Limits,
}

impl Seat {
    fn new(who: Contestant, limits: Limits) -> Seat {
        let mut searcher = Searcher::new(16);
        if let Contestant::Engine(cfg) = who {
            searcher.set_config(cfg);
        }
        Seat {
            who,
            searcher,
            limits,
        }
    }

    fn choose<G: Evaluate>(&mut self, pos: &G) -> Option<G::Move> {
        match self.who {
            Contestant::Baseline => baseline::best_move(pos, &self.limits),
            Contestant::Engine(_) => {
                let stop = AtomicBool::new(false);
                self.searcher
                    .search(pos, &self.limits, &stop, &mut |_| {})
                    .best
            }
        }
    }
}

/// Plays one game from `start`; returns the final scores and the moves.
fn play<G: Evaluate>(start: &G, seats: &mut [Seat; 2]) -> ([u32; 2], usize) {
    for seat in seats.iter_mut() {
        seat.searcher.new_game();
    }
    let mut pos = *start;
    let mut plies = 0;
    while !pos.is_over() {
        let side = pos.side_to_move().index();
        let mv = seats[side]
            .choose(&pos)
            .expect("a move exists while the game is not over");
        pos.play(mv).expect("the engines only play legal moves");
        plies += 1;
    }
    (pos.scores(), plies)
}

/// The start boards of a match: the seeded random starts
/// ([`crate::games::GameSetup::random`]) of a two-player game of the
/// registry, with the value of the parameter its random starts take, if
/// any, glued on (`dots3x4`: the Dots size).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub setup: GameSetup,
}

impl Board {
    /// A two-player game id (`knight`), with a value glued on for a game
    /// whose random starts take one (`dots3x3`; without it, the game's
    /// default).
    pub fn parse(text: &str) -> Result<Board> {
        for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
            let Some(rest) = text.strip_prefix(game.as_str()) else {
                continue;
            };
            let mut setup = GameSetup::new(game);
            if rest.is_empty() {
                return Ok(Board { setup });
            }
            let Some(param) = setup.random_word() else {
                continue;
            };
            if !rest.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                continue;
            }
            if setup.set(param.name, rest).is_err() {
                bail!(
                    "board '{text}': the {game} {} must be {}",
                    param.name.to_ascii_lowercase(),
                    param.takes()
                );
            }
            return Ok(Board { setup });
        }
        bail!("unknown board '{text}' (expected {})", Board::choices())
    }

    /// The boards, for help texts and messages: `knight, bishop,
    /// dots[<size>] or quatro`, from the registry.
    pub fn choices() -> String {
        let ids: Vec<String> = GameId::ALL
            .into_iter()
            .filter(|g| !g.is_puzzle())
            .map(|g| match GameSetup::new(g).random_word() {
                Some(param) => format!("{g}[<{}>]", param.name.to_ascii_lowercase()),
                None => g.to_string(),
            })
            .collect();
        match ids.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => ids.concat(),
        }
    }

    /// This board's seeded start for `seed`.
    fn start(self, seed: u64) -> AnyPosition {
        self.setup
            .random(seed)
            .expect("a two-player game has random starts")
    }
}

/// Where the start boards come from.
#[derive(Clone, Debug)]
pub enum Starts {
    /// Seeded boards of this kind, board `i` from seed `seed + i`.
    Seeded(Board, u64),
    /// The positions of a board file, in turn (`tabula selfplay
    /// --boards-file`, e.g. a balanced set made by `arbiter boards`).
    List(Vec<AnyPosition>),
}

impl Starts {
    /// Board `i` and its label in the game lines (`seed 7`, `board 3`).
    fn board(&self, i: u64) -> (AnyPosition, String) {
        match self {
            Starts::Seeded(board, seed) => {
                let s = seed + i;
                (board.start(s), format!("seed {s}"))
            }
            Starts::List(list) => {
                let n = (i % list.len() as u64) as usize;
                (list[n], format!("board {}", n + 1))
            }
        }
    }
}

/// Wins, draws and losses of contestant A.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Points scored by A and by B over all games.
    pub points: [u64; 2],
    /// Boards (colour-swapped pairs) on which A scored more / as much as /
    /// less than B over both games: who played the board better, whatever
    /// the colour the board favours.
    pub pairs: [u32; 3],
    /// Boards on which the same colour won both games (whoever played it):
    /// boards the colour decides rather than the players.
    pub colour_decided: u32,
}

impl Tally {
    /// Score percentage of A (a draw is half a point).
    pub fn percent(&self) -> f64 {
        let n = self.wins + self.draws + self.losses;
        if n == 0 {
            return 0.0;
        }
        100.0 * (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }
}

/// Plays `games` games (pairs on the same board, colours swapped) of `a`
/// against `b` (`limits` per move for A and for B: a movetime or a node
/// count), printing each game and the total; returns A's tally.
pub fn run(
    starts: &Starts,
    a: Contestant,
    b: Contestant,
    games: u32,
    limits: [Limits; 2],
) -> Tally {
    let [la, lb] = limits;
    let mut seats = [Seat::new(a, la), Seat::new(b, lb)];
    let mut tally = Tally::default();
    let mut pair_margin = 0i64;
    let mut first_game_winner = None;
    for g in 0..games {
        let (start, label) = starts.board(u64::from(g / 2));
        let a_is_p1 = g % 2 == 0;
        if !a_is_p1 {
            seats.swap(0, 1);
        }
        let (scores, plies) = with_game!(start, p => play(&p, &mut seats));
        if !a_is_p1 {
            seats.swap(0, 1);
        }
        let a_side = if a_is_p1 { Player::One } else { Player::Two };
        let (sa, sb) = (scores[a_side.index()], scores[a_side.other().index()]);
        tally.points[0] += u64::from(sa);
        tally.points[1] += u64::from(sb);
        pair_margin += i64::from(sa) - i64::from(sb);
        let winner = scores[0].cmp(&scores[1]);
        if a_is_p1 {
            first_game_winner = Some(winner);
        } else if first_game_winner == Some(winner) && winner != std::cmp::Ordering::Equal {
            tally.colour_decided += 1;
        }
        if !a_is_p1 || g + 1 == games {
            tally.pairs[match pair_margin.cmp(&0) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 2,
            }] += 1;
            pair_margin = 0;
        }
        let result = match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => {
                tally.wins += 1;
                "A wins"
            }
            std::cmp::Ordering::Equal => {
                tally.draws += 1;
                "draw"
            }
            std::cmp::Ordering::Less => {
                tally.losses += 1;
                "B wins"
            }
        };
        println!(
            "game {} {label} A as p{}: {}-{} ({plies} plies) {result}",
            g + 1,
            a_side.index() + 1,
            scores[0],
            scores[1]
        );
    }
    println!(
        "boards W/D/L {}/{}/{} (both colours added), points A {} B {}",
        tally.pairs[0], tally.pairs[1], tally.pairs[2], tally.points[0], tally.points[1]
    );
    println!(
        "boards won by the same colour in both games: {} of {}",
        tally.colour_decided,
        games.div_ceil(2)
    );
    println!(
        "games {games} W/D/L {}/{}/{} score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.percent()
    );
    tally
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::numbered::eval::JumpTerms;
    use crate::games::Knight;
    use crate::search::eval::SWITCHES;

    #[test]
    fn terms_are_switched_by_the_names_the_games_declare() {
        let terms = eval_terms();
        assert!(terms.len() <= SWITCHES, "{} names", terms.len());
        assert!(terms.iter().all(|t| !t.help.is_empty()), "{terms:?}");
        let Contestant::Engine(cfg) = Contestant::parse("tabula:no-mobility,parity,asp30").unwrap()
        else {
            panic!("an engine")
        };
        assert_eq!(cfg.aspiration, 30);
        let knight: JumpTerms = cfg.eval.terms().unwrap();
        let want = JumpTerms {
            reach: true,
            mobility: false,
            parity: true,
            territory: false,
        };
        assert_eq!(knight, want);
        assert_eq!(
            SearchConfig::default()
                .eval
                .terms::<<Knight as Evaluate>::Terms>(),
            Some(JumpTerms::defaults())
        );
        let Contestant::Engine(cfg) = Contestant::parse("tabula:material").unwrap() else {
            panic!("an engine")
        };
        assert_eq!(cfg.eval.terms::<JumpTerms>(), None);
        let e = Contestant::parse("tabula:no-speed")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown engine option 'no-speed'") && e.contains("chains"),
            "{e}"
        );
    }

    #[test]
    fn boards_are_the_two_player_games_of_the_registry() {
        for game in GameId::ALL {
            let parsed = Board::parse(game.as_str());
            assert_eq!(parsed.is_ok(), !game.is_puzzle(), "{game}");
            assert_eq!(
                Board::choices().contains(game.as_str()),
                !game.is_puzzle(),
                "{game}"
            );
        }
        let mut dots = GameSetup::new(GameId::Dots);
        dots.set("size", "3x4").unwrap();
        assert_eq!(Board::parse("dots3x4").unwrap(), Board { setup: dots });
        let e = Board::parse("dots0x4").unwrap_err().to_string();
        assert!(e.contains("size must be"), "{e}");
        for bad in ["knight3x3", "chess", "dots-solo", ""] {
            let e = Board::parse(bad).unwrap_err().to_string();
            assert!(e.contains("unknown board"), "{bad}: {e}");
        }
    }
}
