//! The season's championship: the admitted submissions and the reference
//! gates, sandboxed, pair scoring on the game's balanced boards (seeded
//! boards for a game without them), both colours on each board, at the
//! season's clock (`--movetime` and the one `--margin` its check used);
//! every move an adapter made in a program's place counted, every fault
//! recorded; analysed as the games end unless `--no-analysis`.
//!
//! Who plays whom, and on how many boards, is a [`Design`], round by
//! round, each round paired on the games of the rounds before:
//!
//! - the [`RoundRobin`] (one round: every submission against every other
//!   on `--boards` boards, against every gate and the gates among
//!   themselves on `--gate-boards`): its games grow with the square of the
//!   class;
//! - the [`Linear`] season (issue 39): first every submission against
//!   every gate, and the gates among themselves, on `--gate-boards` boards
//!   (the absolute evidence, independent of the classmates), then
//!   `--rounds` rounds of a Swiss among the submissions paired by rating
//!   ([`crate::run::pairing::by_rating`]: the rating over every game so
//!   far, the gates' included), `--boards` fresh boards a round: the same
//!   number of games for each submission whatever the class's size.
//!
//! [`choose`] plays the round robin while it costs no more games than the
//! linear season, the linear season above. Each round is a plan of its own
//! (keys `r<round>-…`), on boards no other round uses; its pairings depend
//! only on the games of the rounds before, so a stopped season is derived
//! again from its journal round by round and plays only what it lacks.
//!
//! It resumes by pairing ([`crate::run::resume::adopt`]): when the admitted
//! set changes, the games between entrants that did not change are kept
//! and only the missing ones are played.

use crate::engines::client::Timeouts;
use crate::engines::config::Entrant;
use crate::grade::shards::{self, Share};
use crate::play::clock::TimeControl;
use crate::play::game::Settings;
use crate::results::analysis::Analyses;
use crate::results::html;
use crate::results::record::GameRecord;
use crate::results::result::OnReplaced;
use crate::run::analyse::AnalyseOptions;
use crate::run::boards::{self, BoardSet};
use crate::run::pairing::{self, Game};
use crate::run::plan::Plan;
use crate::run::resume;
use crate::run::shard::Shard;
use crate::run::tournament::{self, RunOptions};
use anyhow::Result;
use std::path::{Path, PathBuf};
use tabula::games::{GameId, GameSetup};

/// One pairing of a design: entrants `a` and `b` (indices: the submissions
/// first, then the gates) on `boards` boards, both colours on each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pairing {
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) boards: u32,
}

/// Who plays whom in a season, round by round.
pub(crate) trait Design {
    /// Its name, as `--design` spells it.
    fn kind(&self) -> DesignKind;
    /// Rounds of the season.
    fn rounds(&self) -> u32;
    /// Round `round`'s pairings of `submissions` submissions and `gates`
    /// gates, given `earlier`: the games of the rounds before (indices as
    /// in [`Pairing`]).
    fn pairings(
        &self,
        round: u32,
        submissions: usize,
        gates: usize,
        earlier: &[Game],
    ) -> Vec<Pairing>;
    /// The first board (of the game's boards) of round `round`: each round
    /// on boards of its own.
    fn first_board(&self, round: u32) -> u64;
    /// The games of the whole season.
    fn games(&self, submissions: usize, gates: usize) -> u64;
    /// The most games one submission plays.
    fn per_submission(&self, submissions: usize, gates: usize) -> u64;
}

/// The designs `--design` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum DesignKind {
    /// Every entrant against every other ([`RoundRobin`]).
    RoundRobin,
    /// The gates, then a Swiss by rating ([`Linear`]).
    Linear,
}

impl DesignKind {
    /// As `--design` spells it.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            DesignKind::RoundRobin => "round-robin",
            DesignKind::Linear => "linear",
        }
    }
}

/// Pairings among `n` entrants: `(a, b)`, `a < b`, every `b` from `from`.
fn all_pairs(n: usize, from: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n).flat_map(move |a| (a + 1..n).filter(move |&b| b >= from).map(move |b| (a, b)))
}

/// `n` choose 2.
fn pairs(n: usize) -> u64 {
    (n as u64) * (n as u64).saturating_sub(1) / 2
}

/// Every entrant against every other: submissions among themselves on
/// `boards` boards; against the gates, and the gates among themselves, on
/// `gate_boards`. One round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoundRobin {
    pub(crate) boards: u32,
    pub(crate) gate_boards: u32,
}

impl Design for RoundRobin {
    fn kind(&self) -> DesignKind {
        DesignKind::RoundRobin
    }

    fn rounds(&self) -> u32 {
        1
    }

    fn pairings(&self, _: u32, submissions: usize, gates: usize, _: &[Game]) -> Vec<Pairing> {
        all_pairs(submissions + gates, 0)
            .map(|(a, b)| Pairing {
                a,
                b,
                boards: if b < submissions {
                    self.boards
                } else {
                    self.gate_boards
                },
            })
            .collect()
    }

    fn first_board(&self, _: u32) -> u64 {
        0
    }

    fn games(&self, submissions: usize, gates: usize) -> u64 {
        let n = submissions + gates;
        let among = pairs(submissions);
        let gated = pairs(n) - among;
        2 * (among * u64::from(self.boards) + gated * u64::from(self.gate_boards))
    }

    fn per_submission(&self, submissions: usize, gates: usize) -> u64 {
        let others = submissions.saturating_sub(1) as u64;
        2 * (others * u64::from(self.boards) + gates as u64 * u64::from(self.gate_boards))
    }
}

/// The linear season: round 0, every submission against every gate and
/// the gates among themselves on `gate_boards` boards; then `rounds`
/// rounds of a Swiss among the submissions paired by the rating over
/// every game so far ([`pairing::by_rating`]), `boards` boards a round.
/// Each submission plays `2 × (gates × gate_boards + rounds × boards)`
/// games (fewer in a round it sits out).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Linear {
    pub(crate) rounds: u32,
    pub(crate) boards: u32,
    pub(crate) gate_boards: u32,
}

impl Design for Linear {
    fn kind(&self) -> DesignKind {
        DesignKind::Linear
    }

    fn rounds(&self) -> u32 {
        1 + self.rounds
    }

    fn pairings(
        &self,
        round: u32,
        submissions: usize,
        gates: usize,
        earlier: &[Game],
    ) -> Vec<Pairing> {
        if round == 0 {
            return all_pairs(submissions + gates, submissions)
                .map(|(a, b)| Pairing {
                    a,
                    b,
                    boards: self.gate_boards,
                })
                .collect();
        }
        let pool: Vec<usize> = (0..submissions).collect();
        pairing::by_rating(submissions + gates, &pool, earlier)
            .into_iter()
            .map(|(a, b)| Pairing {
                a,
                b,
                boards: self.boards,
            })
            .collect()
    }

    fn first_board(&self, round: u32) -> u64 {
        match round {
            0 => 0,
            r => u64::from(self.gate_boards) + u64::from(r - 1) * u64::from(self.boards),
        }
    }

    fn games(&self, submissions: usize, gates: usize) -> u64 {
        let gated = pairs(submissions + gates) - pairs(submissions);
        let swiss = u64::from(self.rounds) * (submissions as u64 / 2);
        2 * (gated * u64::from(self.gate_boards) + swiss * u64::from(self.boards))
    }

    fn per_submission(&self, _: usize, gates: usize) -> u64 {
        // Every round played: one sat out, or a class of one, plays fewer.
        2 * (gates as u64 * u64::from(self.gate_boards)
            + u64::from(self.rounds) * u64::from(self.boards))
    }
}

/// What `grade` asks of the championship: a design (none: chosen by
/// [`choose`]), the Swiss's rounds, and each design's boards (none: the
/// design's default).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Asked {
    pub(crate) design: Option<DesignKind>,
    pub(crate) rounds: u32,
    pub(crate) boards: Option<u32>,
    pub(crate) gate_boards: Option<u32>,
}

/// The round robin's boards by default: 2 among submissions, 4 with a gate.
pub(crate) const ROUND_ROBIN_BOARDS: (u32, u32) = (2, 4);
/// The linear season's by default: 1 a Swiss round, 2 with each gate; with
/// [`LINEAR_ROUNDS`], 40 games a submission (`benches/season.py`: ρ 0.977
/// for a class of 60).
pub(crate) const LINEAR_BOARDS: (u32, u32) = (1, 2);
/// The linear season's Swiss rounds by default.
pub(crate) const LINEAR_ROUNDS: u32 = 14;

impl Asked {
    /// The round robin as asked.
    pub(crate) fn round_robin(&self) -> RoundRobin {
        RoundRobin {
            boards: self.boards.unwrap_or(ROUND_ROBIN_BOARDS.0),
            gate_boards: self.gate_boards.unwrap_or(ROUND_ROBIN_BOARDS.1),
        }
    }

    /// The linear season as asked.
    pub(crate) fn linear(&self) -> Linear {
        Linear {
            rounds: self.rounds,
            boards: self.boards.unwrap_or(LINEAR_BOARDS.0),
            gate_boards: self.gate_boards.unwrap_or(LINEAR_BOARDS.1),
        }
    }
}

/// The design to play for `submissions` and `gates`: the one asked, else
/// the round robin while a submission plays no more games in it than in
/// the linear season (with the defaults, up to 5 submissions: 40 games
/// each either way), the linear season above.
pub(crate) fn choose(asked: &Asked, submissions: usize, gates: usize) -> Box<dyn Design> {
    let (rr, linear) = (asked.round_robin(), asked.linear());
    let kind = asked.design.unwrap_or(
        if rr.per_submission(submissions, gates) <= linear.per_submission(submissions, gates) {
            DesignKind::RoundRobin
        } else {
            DesignKind::Linear
        },
    );
    match kind {
        DesignKind::RoundRobin => Box::new(rr),
        DesignKind::Linear => Box::new(linear),
    }
}

/// How the season plays.
pub(crate) struct Clock {
    pub(crate) movetime: u64,
    /// Allowed beyond a move's time (ms): the check's, the same.
    pub(crate) margin: u64,
}

impl Clock {
    /// The waits of the season's engines: its margin, 20 s to start (a
    /// Lisp image loading a project).
    pub(crate) fn timeouts(&self) -> Timeouts {
        Timeouts {
            startup_ms: 20_000,
            margin_ms: self.margin,
            ..Timeouts::default()
        }
    }
}

/// What the championship needs besides its entrants.
pub(crate) struct Options<'a> {
    pub(crate) game: GameId,
    /// The game's parameters (the year's statement: Blokus's variant).
    pub(crate) setup: GameSetup,
    pub(crate) clock: Clock,
    pub(crate) design: &'a dyn Design,
    /// The journal (`results.jsonl`); its analysis beside it.
    pub(crate) results: PathBuf,
    pub(crate) analyse: bool,
    pub(crate) threads: usize,
    pub(crate) progress: bool,
    pub(crate) command: Vec<String>,
    /// Only this shard's share of the first round not yet complete, into
    /// `results` (the shard's journal), reading the season's journals
    /// (`season`) for the rounds before ([`crate::grade::shards`]).
    pub(crate) shard: Option<(Shard, Vec<PathBuf>)>,
}

/// What was played.
pub(crate) struct Played {
    pub(crate) records: Vec<GameRecord>,
    pub(crate) analyses: Option<Analyses>,
    /// Games of the plans (the rounds derived so far), and those adopted
    /// from earlier plans.
    pub(crate) games: usize,
    pub(crate) adopted: usize,
    /// What the season played and what each design costs.
    pub(crate) costs: Costs,
    /// A shard's run: the share it played.
    pub(crate) share: Option<Share>,
}

/// The design played, and the games each design costs this class.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Costs {
    /// `None`: no championship.
    pub(crate) played: Option<DesignKind>,
    /// The games of the season, and the most of one submission: the round
    /// robin's, the linear season's.
    pub(crate) round_robin: (u64, u64),
    pub(crate) linear: (u64, u64),
}

impl Costs {
    /// The costs of both designs for `submissions` and `gates` as asked.
    pub(crate) fn of(asked: &Asked, submissions: usize, gates: usize) -> Costs {
        let (rr, linear) = (asked.round_robin(), asked.linear());
        Costs {
            played: None,
            round_robin: (
                rr.games(submissions, gates),
                rr.per_submission(submissions, gates),
            ),
            linear: (
                linear.games(submissions, gates),
                linear.per_submission(submissions, gates),
            ),
        }
    }
}

/// The season's entrants: the submissions (each with its identity: what it
/// is, the same text while it is unchanged), then the gates; their
/// identities.
fn entrants(
    submissions: Vec<(Entrant, String)>,
    gates: &[&str],
    o: &Options<'_>,
) -> Result<(Vec<Entrant>, Vec<String>)> {
    let tc = TimeControl::Movetime(o.clock.movetime);
    let mut entrants = Vec::new();
    let mut identities = Vec::new();
    for (e, id) in submissions {
        identities.push(format!(
            "{id}\n{}\n{tc}\nmargin {}",
            e.describe(),
            o.clock.margin
        ));
        entrants.push(e);
    }
    for g in gates {
        let e = Entrant::from_cli(g)?;
        identities.push(format!("{g}\n{}\n{tc}", e.describe()));
        entrants.push(e);
    }
    Ok((entrants, identities))
}

/// Plays the championship of `submissions` (each with its identity: what
/// it is, the same text while it is unchanged) and `gates`, round by round
/// (each round's pairings from the games of the rounds before; a round
/// already in the journal is read back, not played). Stops after a round
/// that did not end (interrupted).
pub(crate) fn play(
    submissions: Vec<(Entrant, String)>,
    gates: &[&str],
    o: &Options<'_>,
) -> Result<Played> {
    let n = submissions.len();
    let tc = TimeControl::Movetime(o.clock.movetime);
    let (entrants, identities) = entrants(submissions, gates, o)?;
    let names: Vec<String> = entrants.iter().map(|e| e.name.clone()).collect();
    let setup = o.setup;
    // The balanced boards are the game's defaults' (Blokus 2021).
    let set = if setup.changed().is_empty() && boards::balanced_set_path(o.game).is_ok() {
        BoardSet::Balanced
    } else {
        BoardSet::Seeded
    };
    let board_source = boards::source(setup, set, None, 1)?;
    let analysis = html::analysis_beside(&o.results);
    let mut played = Played {
        records: Vec::new(),
        analyses: None,
        games: 0,
        adopted: 0,
        costs: Costs::default(),
        share: None,
    };
    let mut rounds: Vec<String> = Vec::new();
    for round in 0..o.design.rounds() {
        let earlier = pairing::games_of(&names, &played.records);
        let pairings: Vec<(usize, usize, u32)> = o
            .design
            .pairings(round, n, gates.len(), &earlier)
            .iter()
            .map(|p| (p.a, p.b, p.boards))
            .collect();
        if pairings.is_empty() {
            continue;
        }
        let first = o.design.first_board(round);
        let plan = Plan::from_pairings(
            o.game,
            entrants.clone(),
            &pairings,
            round,
            first,
            &board_source,
            tc,
            1,
        )?;
        if let Some((shard, season)) = &o.shard {
            let known = shards::known(&plan, season)?;
            if known.len() < plan.games.len() {
                played.share = Some(play_share(
                    plan, round, *shard, &known, o, &analysis, &rounds,
                )?);
                return Ok(played);
            }
            rounds.push(plan.fingerprint.clone());
            played.games += plan.games.len();
            played.records.extend(known);
            continue;
        }
        played.adopted += resume::adopt(
            &plan,
            &identities,
            &o.results,
            o.analyse.then_some(analysis.as_path()),
            &rounds,
        )?;
        if rounds.is_empty() {
            tournament::preflight(&plan, &o.clock.timeouts())?;
        }
        let result = tournament::run(&plan, &run_options(o, &analysis, &rounds))?;
        rounds.push(plan.fingerprint.clone());
        played.games += plan.games.len();
        let ended = result.records.len() == plan.games.len() && !result.interrupted;
        played.records.extend(result.records);
        if let Some(a) = result.analyses {
            played
                .analyses
                .get_or_insert_with(Default::default)
                .extend(a);
        }
        if !ended {
            break;
        }
    }
    if o.shard.is_some() {
        played.share = Some(Share {
            round: None,
            played: 0,
            of: 0,
            interrupted: false,
        });
    }
    Ok(played)
}

/// A shard's share of `plan` (round `round`, not complete in the season's
/// journals): its games not `known` anywhere, every engine started first
/// (the shard may run on a machine that lacks what one of them needs: then
/// nothing is played, rather than games lost at startup).
fn play_share(
    mut plan: Plan,
    round: u32,
    shard: Shard,
    known: &[GameRecord],
    o: &Options<'_>,
    analysis: &Path,
    siblings: &[String],
) -> Result<Share> {
    tournament::preflight(&plan, &o.clock.timeouts())?;
    plan.keep_shard(shard);
    let share = plan.games.len();
    let known: std::collections::HashSet<_> = known.iter().map(|r| r.key).collect();
    plan.games.retain(|g| !known.contains(&g.key));
    let already = share - plan.games.len();
    let result = tournament::run(&plan, &run_options(o, analysis, siblings))?;
    Ok(Share {
        round: Some(round),
        played: already + result.records.len(),
        of: share,
        interrupted: result.interrupted,
    })
}

/// How the plan runs: replaced moves counted (the rubric weighs the share
/// of its own moves), every game's traffic kept beside the journal when it
/// has a fault; the games of the season's earlier `rounds` in the journal
/// are its own.
fn run_options(o: &Options<'_>, analysis: &Path, rounds: &[String]) -> RunOptions {
    let mut log_dir = o.results.as_os_str().to_owned();
    log_dir.push(".logs");
    RunOptions {
        concurrency: o.threads,
        results: Some(o.results.clone()),
        settings: Settings {
            timeouts: o.clock.timeouts(),
            max_plies: 10_000,
            debug: false,
            log_dir: Some(PathBuf::from(log_dir)),
            on_replaced: OnReplaced::Count,
        },
        progress: o.progress,
        sprt: None,
        command: o.command.clone(),
        live: None,
        analyse: o.analyse.then(|| AnalyseOptions {
            settings: Default::default(),
            file: Some(analysis.to_path_buf()),
            threads: o.threads,
        }),
        siblings: rounds.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_robin_plays_everyone_and_the_gates_on_their_boards() {
        let rr = RoundRobin {
            boards: 2,
            gate_boards: 4,
        };
        let p = rr.pairings(0, 3, 2, &[]);
        assert_eq!(p.len(), 10, "5 entrants: 10 pairings");
        let boards = |a, b| p.iter().find(|x| (x.a, x.b) == (a, b)).unwrap().boards;
        assert_eq!(boards(0, 1), 2, "two submissions");
        assert_eq!(boards(0, 3), 4, "a submission and a gate");
        assert_eq!(boards(3, 4), 4, "two gates");
        let games: u64 = p.iter().map(|p| 2 * u64::from(p.boards)).sum();
        assert_eq!(rr.games(3, 2), games);
        assert_eq!(rr.per_submission(3, 2), 2 * (2 * 2 + 2 * 4));
    }

    #[test]
    fn a_linear_season_plays_the_gates_then_pairs_by_rating() {
        let linear = Linear {
            rounds: 3,
            boards: 1,
            gate_boards: 2,
        };
        assert_eq!(linear.rounds(), 4);
        // Round 0: every submission against every gate, the gates among
        // themselves; never two submissions.
        let p = linear.pairings(0, 4, 2, &[]);
        assert_eq!(p.len(), 4 * 2 + 1);
        assert!(p.iter().all(|p| p.b >= 4 && p.boards == 2), "{p:?}");
        // Then the submissions only, by rating: 0 and 1 beat the gate 4,
        // 2 and 3 lost to it; the winners meet, and the losers.
        let earlier: Vec<Game> = (0..4)
            .map(|i| Game {
                a: i,
                b: 4,
                points: f64::from(u8::from(i < 2)),
            })
            .collect();
        let p = linear.pairings(1, 4, 2, &earlier);
        let mut pairs: Vec<(usize, usize)> =
            p.iter().map(|p| (p.a.min(p.b), p.a.max(p.b))).collect();
        pairs.sort_unstable();
        assert_eq!(pairs, vec![(0, 1), (2, 3)]);
        assert!(p.iter().all(|p| p.boards == 1));
        // Fresh boards each round.
        let firsts: Vec<u64> = (0..4).map(|r| linear.first_board(r)).collect();
        assert_eq!(firsts, vec![0, 2, 3, 4]);
        // 2 × (2 gates × 2 boards + 3 rounds × 1 board) a submission.
        assert_eq!(linear.per_submission(4, 2), 14);
        assert_eq!(linear.games(4, 2), 2 * (9 * 2 + 3 * 2));
    }

    #[test]
    fn the_round_robin_while_it_costs_no_more_a_submission() {
        let asked = Asked {
            design: None,
            rounds: LINEAR_ROUNDS,
            boards: None,
            gate_boards: None,
        };
        // The defaults: 40 games a submission in the linear season; in the
        // round robin 4 (n − 1) + 24.
        assert_eq!(asked.linear().per_submission(60, 3), 40);
        for (n, kind) in [
            (1, DesignKind::RoundRobin),
            (5, DesignKind::RoundRobin),
            (6, DesignKind::Linear),
            (60, DesignKind::Linear),
        ] {
            assert_eq!(choose(&asked, n, 3).kind(), kind, "{n} submissions");
        }
        let forced = Asked {
            design: Some(DesignKind::Linear),
            ..asked
        };
        assert_eq!(choose(&forced, 3, 3).kind(), DesignKind::Linear);
        let costs = Costs::of(&asked, 60, 3);
        assert_eq!(
            costs.round_robin,
            (2 * (1770 * 2 + 183 * 4), 2 * (59 * 2 + 3 * 4))
        );
        assert_eq!(costs.linear, (2 * (183 * 2 + 14 * 30), 40));
    }
}
