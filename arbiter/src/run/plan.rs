//! The schedule of a tournament: who plays whom ([`Format`]), on which
//! boards, in which colours ([`Plan`]), and the pairings of a Swiss round.
//!
//! Every game has a key `r<round>-p<pairing>-b<board>-c<colour>`; the whole
//! schedule, its boards and its entrants are hashed into a fingerprint kept in
//! every results line, so a journal knows which tournament each line is of.
//! Built-in players are seeded from the key ([`player_seed`]), so a game
//! played again is the same game.

use crate::engines::config::Entrant;
use crate::out::plural;
use crate::play::clock::TimeControl;
use crate::play::game::GameSpec;
use crate::results::record::{GameKey, GameRecord};
use crate::results::result::Side;
use crate::results::stats;
use crate::run::boards::Boards;
use crate::run::pairing;
use crate::run::shard::Shard;
use anyhow::{bail, Result};
use std::fmt::Write as _;
use tabula::games::{AnyPosition, GameId};

/// Who plays whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Every entrant against every other.
    RoundRobin,
    /// Every entrant against the first one (the reference).
    Gauntlet,
    /// `--rounds` rounds, each pairing entrants of similar score who have not
    /// met yet.
    Swiss,
    /// `--rounds` rounds, each pairing entrants of similar rating (a
    /// Bradley–Terry fit of every game so far) who have not met yet: ranks
    /// the whole field, each entrant playing `--rounds` opponents.
    SwissRating,
}

impl Format {
    /// Played round by round, each round paired on the results so far.
    pub fn is_swiss(self) -> bool {
        matches!(self, Format::Swiss | Format::SwissRating)
    }
}

/// One game of a plan.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PlannedGame {
    pub(crate) key: GameKey,
    /// Player 1 and player 2 (indices of the entrants).
    pub(crate) p1: usize,
    pub(crate) p2: usize,
    pub(crate) start: AnyPosition,
}

/// The share of a plan that a shard plays (see `run::shard`).
#[derive(Clone, Debug)]
pub(crate) struct ShardShare {
    pub(crate) shard: Shard,
    /// Every key of the whole plan (every shard's), in schedule order.
    pub(crate) keys: Vec<GameKey>,
    /// The shard (1-based) that plays each of `keys`.
    pub(crate) owners: Vec<u32>,
}

/// A tournament to play.
#[derive(Clone, Debug)]
pub struct Plan {
    pub(crate) game: GameId,
    pub(crate) entrants: Vec<Entrant>,
    pub(crate) pairings: Vec<(usize, usize)>,
    /// Every game of the schedule, in schedule order.
    pub(crate) games: Vec<PlannedGame>,
    pub(crate) tc: TimeControl,
    pub(crate) seed: u64,
    pub(crate) fingerprint: String,
    /// `Some` when only a shard of the plan is kept in `games`.
    pub(crate) shard: Option<ShardShare>,
    /// Every game of the tournament is planned (false for a Swiss round:
    /// the journal may hold the games of other rounds).
    pub(crate) whole: bool,
}

impl Plan {
    /// Builds the schedule. `games_per_pairing`: `None` for both colours on
    /// each of `boards` boards per round; `Some(n)` for a match of n games
    /// (n/2 boards, the last board played once when n is odd).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        game: GameId,
        entrants: Vec<Entrant>,
        format: Format,
        rounds: u32,
        boards_per_round: u32,
        games_per_pairing: Option<u32>,
        boards: &Boards,
        tc: TimeControl,
        seed: u64,
    ) -> Result<Plan> {
        if game.is_puzzle() {
            bail!(
                "{game} is a single-player puzzle: tournaments are for {}",
                GameId::listed(false, "or")
            );
        }
        if entrants.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        // The size first: nothing is allocated for a plan too large.
        let n = entrants.len() as u64;
        let npairings = match format {
            Format::RoundRobin => n * (n - 1) / 2,
            _ => n - 1,
        };
        let per_pairing = match games_per_pairing {
            Some(g) => g as u64,
            None => 2 * boards_per_round as u64,
        };
        let size = npairings
            .saturating_mul(per_pairing)
            .saturating_mul(rounds as u64);
        crate::limits::check_plan(entrants.len(), size)?;
        let pairings: Vec<(usize, usize)> = match format {
            Format::RoundRobin => (0..entrants.len())
                .flat_map(|a| (a + 1..entrants.len()).map(move |b| (a, b)))
                .collect(),
            Format::Gauntlet => (1..entrants.len()).map(|b| (0, b)).collect(),
            Format::Swiss | Format::SwissRating => {
                bail!("a Swiss tournament is planned round by round (Plan::round)")
            }
        };
        let (nboards, last_once) = match games_per_pairing {
            Some(n) => (n.div_ceil(2), n % 2 == 1),
            None => (boards_per_round, false),
        };
        let mut games = Vec::new();
        for round in 0..rounds {
            schedule_round(&mut games, &pairings, round, nboards, last_once, boards)?;
        }
        Ok(Plan::finish(
            game, entrants, pairings, games, tc, seed, true,
        ))
    }

    /// Round `round` of the given pairings, each `(a, b, boards)` on its
    /// own number of boards, both colours on each, from board `first_board`
    /// of `boards` on (a season's design: see `grade::championship`). The
    /// games go board by board: every pairing's first board, then every
    /// second one, …
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_pairings(
        game: GameId,
        entrants: Vec<Entrant>,
        pairings: &[(usize, usize, u32)],
        round: u32,
        first_board: u64,
        boards: &Boards,
        tc: TimeControl,
        seed: u64,
    ) -> Result<Plan> {
        if entrants.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        let size = pairings
            .iter()
            .fold(0u64, |n, p| n.saturating_add(2 * u64::from(p.2)));
        crate::limits::check_plan(entrants.len(), size)?;
        let most = pairings.iter().map(|p| p.2).max().unwrap_or(0);
        let mut games = Vec::new();
        for b in 0..most {
            let start = boards.board(first_board + u64::from(b))?;
            for (p, &(x, y, n)) in pairings.iter().enumerate() {
                if b >= n {
                    continue;
                }
                for colour in 0..2 {
                    let key = GameKey {
                        round,
                        pairing: p as u32,
                        board: b,
                        colour,
                    };
                    let (p1, p2) = if colour == 0 { (x, y) } else { (y, x) };
                    games.push(PlannedGame { key, p1, p2, start });
                }
            }
        }
        let pairs = pairings.iter().map(|&(a, b, _)| (a, b)).collect();
        Ok(Plan::finish(game, entrants, pairs, games, tc, seed, true))
    }

    /// One round with the given pairings (Swiss), `boards_per_round` boards
    /// each, both colours.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn round(
        game: GameId,
        entrants: Vec<Entrant>,
        pairings: Vec<(usize, usize)>,
        round: u32,
        boards_per_round: u32,
        boards: &Boards,
        tc: TimeControl,
        seed: u64,
    ) -> Result<Plan> {
        let mut games = Vec::new();
        schedule_round(
            &mut games,
            &pairings,
            round,
            boards_per_round,
            false,
            boards,
        )?;
        Ok(Plan::finish(
            game, entrants, pairings, games, tc, seed, false,
        ))
    }

    fn finish(
        game: GameId,
        entrants: Vec<Entrant>,
        pairings: Vec<(usize, usize)>,
        games: Vec<PlannedGame>,
        tc: TimeControl,
        seed: u64,
        whole: bool,
    ) -> Plan {
        let mut plan = Plan {
            game,
            entrants,
            pairings,
            games,
            tc,
            seed,
            fingerprint: String::new(),
            shard: None,
            whole,
        };
        plan.fingerprint = plan.compute_fingerprint();
        plan
    }

    fn compute_fingerprint(&self) -> String {
        let mut h = Fnv::new();
        h.write(self.game.as_str());
        h.write(&self.seed.to_string());
        for e in &self.entrants {
            h.write(&e.name);
            h.write(&e.describe());
            h.write(&self.control_of(e).to_string());
        }
        for g in &self.games {
            h.write(&format!("{} {} {} {}", g.key, g.p1, g.p2, g.start.fen()));
        }
        format!("{:016x}", h.0)
    }

    /// The time control of an entrant (its own override, else the plan's).
    pub(crate) fn control_of(&self, e: &Entrant) -> TimeControl {
        if let Some(ms) = e.time.movetime {
            TimeControl::Movetime(ms)
        } else if let Some(n) = e.time.nodes {
            TimeControl::Nodes(n)
        } else if let Some(d) = e.time.depth {
            TimeControl::Depth(d)
        } else {
            self.tc
        }
    }

    /// Keeps only the games of `shard` (whole boards, dealt in schedule
    /// order: see [`Plan::owners`]); the fingerprint stays that of the
    /// whole plan, so the shards' journals merge.
    pub(crate) fn keep_shard(&mut self, shard: Shard) {
        let owners = self.owners(shard.n);
        let keys: Vec<GameKey> = self.games.iter().map(|g| g.key).collect();
        let mut own = owners.iter();
        self.games.retain(|_| own.next() == Some(&shard.k));
        self.shard = Some(ShardShare {
            shard,
            keys,
            owners,
        });
    }

    /// The shard (1-based) of each game among `n`: whole boards (both
    /// colours of a board of a pairing), dealt in schedule order, each to
    /// the shard where its two entrants have played least so far (then the
    /// shard with the fewest games, then the lowest number), so each shard
    /// gets about the same number of games per entrant and in all. The same
    /// plan always gets the same deal.
    pub(crate) fn owners(&self, n: u32) -> Vec<u32> {
        deal(&self.games, n)
    }

    /// The board number (in schedule order) of each game: games of the
    /// same round, pairing and board share one.
    pub(crate) fn board_numbers(&self) -> Vec<usize> {
        board_numbers(self.games.iter().map(|g| g.key))
    }

    /// The games of a plan, one line each (`arbiter plan`): key, players, the
    /// start board, and with `shards` the shard that plays it.
    pub fn listing(&self, shards: Option<u32>) -> String {
        let names = self.names();
        let owners = self.owners(shards.unwrap_or(1));
        let mut out = format!(
            "# tournament {}: {}, {} entrants, {}, {}\n",
            self.fingerprint,
            self.game,
            names.len(),
            plural(self.games.len(), "game"),
            self.tc
        );
        out.push_str("# key round pairing board colour p1 p2");
        if shards.is_some() {
            out.push_str(" shard");
        }
        out.push_str(" start\n");
        for (g, owner) in self.games.iter().zip(owners) {
            let key = g.key;
            let _ = write!(
                out,
                "{key} {} {} {} {} {} {}",
                key.round, key.pairing, key.board, key.colour, names[g.p1], names[g.p2]
            );
            if let Some(n) = shards {
                let _ = write!(out, " {owner}/{n}");
            }
            let _ = writeln!(out, " {}", g.start.fen());
        }
        out
    }

    /// The entrants' names.
    pub(crate) fn names(&self) -> Vec<String> {
        self.entrants.iter().map(|e| e.name.clone()).collect()
    }

    pub(crate) fn spec(&self, i: usize) -> GameSpec {
        let PlannedGame { key, p1, p2, start } = self.games[i];
        GameSpec {
            tournament: self.fingerprint.clone(),
            key,
            start,
            names: [
                self.entrants[p1].name.clone(),
                self.entrants[p2].name.clone(),
            ],
            tc: [
                self.control_of(&self.entrants[p1]),
                self.control_of(&self.entrants[p2]),
            ],
        }
    }
}

/// Appends the games of one round: for each board, each pairing, both
/// colours (one when `last_once` and on the last board).
fn schedule_round(
    games: &mut Vec<PlannedGame>,
    pairings: &[(usize, usize)],
    round: u32,
    nboards: u32,
    last_once: bool,
    boards: &Boards,
) -> Result<()> {
    for b in 0..nboards {
        let start = boards.board(round as u64 * nboards as u64 + b as u64)?;
        for (p, &(x, y)) in pairings.iter().enumerate() {
            let colours = if last_once && b + 1 == nboards { 1 } else { 2 };
            for colour in 0..colours {
                let key = GameKey {
                    round,
                    pairing: p as u32,
                    board: b,
                    colour,
                };
                let (p1, p2) = if colour == 0 { (x, y) } else { (y, x) };
                games.push(PlannedGame { key, p1, p2, start });
            }
        }
    }
    Ok(())
}

/// The shard (1-based) of each of `games` (in schedule order) among `n`:
/// see [`Plan::owners`].
fn deal(games: &[PlannedGame], n: u32) -> Vec<u32> {
    let n = n.max(1) as usize;
    let boards = board_numbers(games.iter().map(|g| g.key));
    let entrants = games.iter().map(|g| g.p1.max(g.p2) + 1).max().unwrap_or(0);
    let mut load = vec![vec![0u32; entrants]; n];
    let mut total = vec![0u32; n];
    let mut out = Vec::with_capacity(games.len());
    let mut i = 0;
    while i < games.len() {
        let board = boards[i];
        let end = (i..games.len())
            .find(|&j| boards[j] != board)
            .unwrap_or(games.len());
        let (a, b) = (games[i].p1, games[i].p2);
        let shard = (0..n)
            .min_by_key(|&s| {
                let (la, lb) = (load[s][a], load[s][b]);
                (la.max(lb), la + lb, total[s], s)
            })
            .unwrap_or(0);
        let count = (end - i) as u32;
        load[shard][a] += count;
        load[shard][b] += count;
        total[shard] += count;
        out.extend(std::iter::repeat_n(shard as u32 + 1, end - i));
        i = end;
    }
    out
}

/// The board number (in schedule order) of each of `keys`: games of the
/// same round, pairing and board share one.
pub(crate) fn board_numbers(keys: impl IntoIterator<Item = GameKey>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut last = None;
    let mut j = 0;
    for k in keys {
        let board = k.pair();
        if last.is_some() && last != Some(board) {
            j += 1;
        }
        last = Some(board);
        out.push(j);
    }
    out
}

/// Swiss pairings for the next round: entrants ranked by points (game
/// points, or with `Scoring::Points` pair points then margins, then game
/// points; then by their order in the list), paired down without a rematch
/// while one can be avoided ([`pairing::pair_down`]); with an odd number,
/// the lowest-ranked entrant that can sits the round out (no points).
pub(crate) fn swiss_pairings(
    names: &[String],
    records: &[GameRecord],
    scoring: stats::Scoring,
) -> Vec<(usize, usize)> {
    let pairs = stats::pairs(records);
    let pair_points = |i: usize| -> (f64, i64) {
        let mut total = (0.0, 0);
        for (result, margin) in pairs.iter().filter_map(|p| p.of(&names[i])) {
            total = (total.0 + result, total.1 + margin);
        }
        match scoring {
            stats::Scoring::Games => (0.0, 0),
            stats::Scoring::Points => total,
        }
    };
    let points = |i: usize| -> f64 {
        records
            .iter()
            .map(|r| {
                let side = if r.p1 == names[i] {
                    Side::P1
                } else if r.p2 == names[i] {
                    Side::P2
                } else {
                    return 0.0;
                };
                r.winner.points(side)
            })
            .sum()
    };
    let index = |name: &str| names.iter().position(|n| n == name);
    let met: std::collections::HashSet<(usize, usize)> = records
        .iter()
        .filter_map(|r| Some((index(&r.p1)?, index(&r.p2)?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let met = |a: usize, b: usize| met.contains(&(a.min(b), a.max(b)));
    let mut ranking: Vec<usize> = (0..names.len()).collect();
    let pts: Vec<f64> = (0..names.len()).map(points).collect();
    let by_pairs: Vec<(f64, i64)> = (0..names.len()).map(pair_points).collect();
    ranking.sort_by(|&a, &b| {
        by_pairs[b]
            .0
            .total_cmp(&by_pairs[a].0)
            .then(by_pairs[b].1.cmp(&by_pairs[a].1))
            .then(pts[b].total_cmp(&pts[a]))
            .then(a.cmp(&b))
    });
    pairing::pair_down(&ranking, met)
}

/// 64-bit FNV-1a of `text` in hexadecimal: a fingerprint stable everywhere.
pub(crate) fn fnv_hex(text: &str) -> String {
    let mut h = Fnv::new();
    h.write(text);
    format!("{:016x}", h.0)
}

/// 64-bit FNV-1a, for fingerprints and per-game seeds (stable everywhere).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn write(&mut self, s: &str) {
        for b in s.bytes().chain([0xff]) {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The seed of a built-in player in one game.
pub(crate) fn player_seed(seed: u64, key: &GameKey, side: usize) -> u64 {
    let mut h = Fnv::new();
    h.write(&format!("{seed} {key} {side}"));
    h.0
}

/// A whole tournament, as the command line gives it.
pub struct Setup {
    pub game: GameId,
    pub entrants: Vec<Entrant>,
    pub format: Format,
    /// Rounds (Swiss: each paired on the results so far).
    pub rounds: u32,
    /// Boards per round and pairing (both colours on each).
    pub boards: u32,
    /// `Some(n)`: a match of n games, instead of `boards` (see [`Plan::new`]).
    pub match_games: Option<u32>,
    pub board_source: Boards,
    pub tc: TimeControl,
    pub seed: u64,
    /// How a Swiss ranks before pairing.
    pub scoring: stats::Scoring,
    /// Play only this share of the plan (see `run::shard`).
    pub shard: Option<Shard>,
}

/// The plan a tournament starts with, whole (not sharded): every game of
/// a round robin or gauntlet; the first round of a Swiss (the next ones are
/// paired on the results).
pub fn first_plan(setup: &Setup) -> Result<Plan> {
    if setup.format.is_swiss() {
        if setup.entrants.len() < 2 {
            bail!("a tournament needs at least two engines");
        }
        check_swiss_size(setup)?;
        return swiss_round(setup, 0, &[]);
    }
    Plan::new(
        setup.game,
        setup.entrants.clone(),
        setup.format,
        setup.rounds,
        setup.boards,
        setup.match_games,
        &setup.board_source,
        setup.tc,
        setup.seed,
    )
}

/// Refuses a Swiss too large (see [`crate::limits::check_plan`]).
pub(crate) fn check_swiss_size(setup: &Setup) -> Result<()> {
    let size = (setup.entrants.len() as u64 / 2)
        .saturating_mul(2 * setup.boards as u64)
        .saturating_mul(setup.rounds as u64);
    crate::limits::check_plan(setup.entrants.len(), size)
}

/// Round `round` of a Swiss, paired on the results so far: by points, or
/// by rating ([`Format::SwissRating`], whose fingerprint says so: its
/// first round is the same as a Swiss's, its journal is not).
pub(crate) fn swiss_round(setup: &Setup, round: u32, records: &[GameRecord]) -> Result<Plan> {
    let names: Vec<String> = setup.entrants.iter().map(|e| e.name.clone()).collect();
    let pairings = match setup.format {
        Format::SwissRating => rating_pairings(&names, records),
        _ => swiss_pairings(&names, records, setup.scoring),
    };
    let mut plan = Plan::round(
        setup.game,
        setup.entrants.clone(),
        pairings,
        round,
        setup.boards,
        &setup.board_source,
        setup.tc,
        setup.seed,
    )?;
    if setup.format == Format::SwissRating {
        let mut h = Fnv::new();
        h.write(&plan.fingerprint);
        h.write("paired by rating");
        plan.fingerprint = format!("{:016x}", h.0);
    }
    Ok(plan)
}

/// The next round of a Swiss by rating ([`pairing::by_rating`]): every
/// entrant, ranked by its rating over `records` (the games between
/// entrants of the list).
fn rating_pairings(names: &[String], records: &[GameRecord]) -> Vec<(usize, usize)> {
    let games = pairing::games_of(names, records);
    let everyone: Vec<usize> = (0..names.len()).collect();
    pairing::by_rating(names.len(), &everyone, &games)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    fn entrants(n: usize) -> Vec<Entrant> {
        (0..n)
            .map(|i| {
                let mut e = Entrant::from_cli("builtin:random").unwrap();
                e.name = format!("e{i}");
                e
            })
            .collect()
    }

    pub(crate) fn plan(n: usize, format: Format, games: Option<u32>, seed: u64) -> Plan {
        let boards = Boards::Seeded {
            seed,
            setup: GameId::Knight.into(),
        };
        Plan::new(
            GameId::Knight,
            entrants(n),
            format,
            2,
            3,
            games,
            &boards,
            TimeControl::Movetime(100),
            seed,
        )
        .unwrap()
    }

    #[test]
    fn schedules_have_the_right_size_and_unique_keys() {
        let rr = plan(4, Format::RoundRobin, None, 1);
        assert_eq!(rr.pairings.len(), 6);
        assert_eq!(rr.games.len(), 6 * 2 * 3 * 2);
        let g = plan(4, Format::Gauntlet, None, 1);
        assert_eq!(g.pairings, vec![(0, 1), (0, 2), (0, 3)]);
        let m = plan(2, Format::RoundRobin, Some(5), 1);
        assert_eq!(m.games.len(), 2 * 5, "5 games per round, 2 rounds");
        let keys: std::collections::HashSet<GameKey> = rr.games.iter().map(|g| g.key).collect();
        assert_eq!(keys.len(), rr.games.len());
        // Both colours of a board share the start and swap the players.
        let (g0, g1) = (rr.games[0], rr.games[1]);
        assert_eq!((g0.key.colour, g1.key.colour), (0, 1));
        assert_eq!((g0.p1, g0.p2), (g1.p2, g1.p1));
        assert_eq!(g0.start, g1.start);
    }

    #[test]
    fn fingerprint_follows_the_configuration() {
        let a = plan(3, Format::RoundRobin, None, 1);
        assert_eq!(
            a.fingerprint,
            plan(3, Format::RoundRobin, None, 1).fingerprint
        );
        assert_ne!(
            a.fingerprint,
            plan(3, Format::RoundRobin, None, 2).fingerprint
        );
        assert_ne!(
            a.fingerprint,
            plan(3, Format::Gauntlet, None, 1).fingerprint
        );
        assert_ne!(
            player_seed(1, &a.games[0].key, 0),
            player_seed(1, &a.games[0].key, 1)
        );
    }

    #[test]
    fn puzzles_and_lone_entrants_are_refused() {
        let boards = Boards::Seeded {
            seed: 1,
            setup: GameId::Knight.into(),
        };
        let tc = TimeControl::Movetime(1);
        let f = Format::RoundRobin;
        assert!(Plan::new(
            GameId::Knight,
            entrants(4),
            Format::Swiss,
            1,
            1,
            None,
            &boards,
            tc,
            1
        )
        .is_err());
        assert!(Plan::new(
            GameId::KnightSolo,
            entrants(2),
            f,
            1,
            1,
            None,
            &boards,
            tc,
            1
        )
        .is_err());
        assert!(Plan::new(GameId::Knight, entrants(1), f, 1, 1, None, &boards, tc, 1).is_err());
    }

    #[test]
    fn boards_are_numbered_in_order() {
        let keys: Vec<GameKey> = ["r0-p0-b0-c0", "r0-p0-b0-c1", "r0-p1-b0-c0", "r0-p0-b1-c0"]
            .iter()
            .map(|k| k.parse().unwrap())
            .collect();
        assert_eq!(board_numbers(keys), [0, 0, 1, 2]);
    }

    #[test]
    fn a_deal_keeps_boards_whole_and_balances_every_entrant() {
        // A round robin of 5 entrants, 4 boards, both colours: board-major.
        let pairings: Vec<(usize, usize)> = (0..5)
            .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
            .collect();
        let start = Boards::Seeded {
            seed: 1,
            setup: GameId::Knight.into(),
        }
        .board(0)
        .unwrap();
        let mut games = Vec::new();
        for board in 0..4 {
            for (p, &(a, b)) in pairings.iter().enumerate() {
                for colour in 0..2 {
                    let key = GameKey {
                        round: 0,
                        pairing: p as u32,
                        board,
                        colour,
                    };
                    let (p1, p2) = if colour == 0 { (a, b) } else { (b, a) };
                    games.push(PlannedGame { key, p1, p2, start });
                }
            }
        }
        for n in [1, 2, 3, 4, 7] {
            let owners = deal(&games, n);
            assert_eq!(owners, deal(&games, n), "deterministic");
            for pair in owners.chunks(2) {
                assert_eq!(pair[0], pair[1], "a board stays whole");
            }
            // 16 games per entrant: each shard within one board (2 games)
            // of the even share, and every shard used when it can be.
            for e in 0..5 {
                for s in 1..=n {
                    let mine = games
                        .iter()
                        .zip(&owners)
                        .filter(|(g, &o)| o == s && (g.p1 == e || g.p2 == e))
                        .count() as f64;
                    let fair = 32.0 / f64::from(n);
                    assert!(
                        (mine - fair).abs() <= 2.0 + 1e-9,
                        "n {n} entrant {e} shard {s}: {mine}"
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod swiss_tests {
    use super::*;

    fn rec(p1: &str, p2: &str, winner: &str) -> GameRecord {
        crate::results::stats::tests::rec(p1, p2, winner, 0)
    }

    #[test]
    fn a_swiss_under_duplicate_scoring_ranks_by_pairs() {
        let names: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
        let game = |p1: &str, p2: &str, s1: u32, s2: u32, pairing: u32, colour: u32| {
            let mut r = rec(p1, p2, if s1 > s2 { "p1" } else { "p2" });
            (r.score1, r.score2, r.key.pairing, r.key.colour) = (s1, s2, pairing, colour);
            r
        };
        // a and b win a game each, b by far more; c wins both against d.
        let rs = vec![
            game("a", "b", 11, 10, 0, 0),
            game("b", "a", 50, 10, 0, 1),
            game("c", "d", 40, 10, 1, 0),
            game("d", "c", 10, 40, 1, 1),
        ];
        // Games: c 2, a 1, b 1, d 0 (a before b by the list) → c-a, b-d.
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Games),
            vec![(2, 0), (1, 3)]
        );
        // Pairs: c 1, b 1 (margin +39), a 0, d 0 → c-b, a-d.
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Points),
            vec![(2, 1), (0, 3)]
        );
    }

    #[test]
    fn swiss_pairs_by_score_and_avoids_rematches() {
        let names: Vec<String> = ["a", "b", "c", "d", "e"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // Round 1 in list order; e sits out.
        assert_eq!(
            swiss_pairings(&names, &[], stats::Scoring::Games),
            vec![(0, 1), (2, 3)]
        );
        // b and d won: b, d first (b before d by list order); a met b already.
        let rs = vec![rec("a", "b", "p2"), rec("c", "d", "p2")];
        assert_eq!(
            swiss_pairings(&names, &rs, stats::Scoring::Games),
            vec![(1, 3), (0, 2)]
        );
    }
}
