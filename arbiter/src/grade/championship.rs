//! The season's championship: the admitted submissions and the reference
//! gates, sandboxed, pair scoring on the game's balanced boards (seeded
//! boards for a game without them), both colours on each board, at the
//! season's clock (`--movetime` and the one `--margin` its check used);
//! every move an adapter made in a program's place counted, every fault
//! recorded; analysed as the games end unless `--no-analysis`.
//!
//! Who plays whom, and on how many boards, is a [`Design`]: today the
//! [`RoundRobin`] (every submission against every other on `--boards`
//! boards, against every gate and the gates among themselves on
//! `--gate-boards`, enough to place each submission and each gate on one
//! rating). Another design (a Swiss, pairings by the rating's uncertainty)
//! only has to give its pairings.
//!
//! It resumes by pairing ([`crate::run::resume::adopt`]): when the admitted
//! set changes, the games between entrants that did not change are kept
//! and only the missing ones are played.

use crate::engines::client::Timeouts;
use crate::engines::config::Entrant;
use crate::play::clock::TimeControl;
use crate::play::game::Settings;
use crate::results::analysis::Analyses;
use crate::results::html;
use crate::results::record::GameRecord;
use crate::results::result::OnReplaced;
use crate::run::analyse::AnalyseOptions;
use crate::run::boards::{self, BoardSet};
use crate::run::plan::Plan;
use crate::run::resume;
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

/// Who plays whom in a season.
pub(crate) trait Design {
    /// The pairings of `submissions` submissions and `gates` gates.
    fn pairings(&self, submissions: usize, gates: usize) -> Vec<Pairing>;
}

/// Every entrant against every other: submissions among themselves on
/// `boards` boards; against the gates, and the gates among themselves, on
/// `gate_boards`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RoundRobin {
    pub(crate) boards: u32,
    pub(crate) gate_boards: u32,
}

impl Design for RoundRobin {
    fn pairings(&self, submissions: usize, gates: usize) -> Vec<Pairing> {
        let n = submissions + gates;
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let boards = if b < submissions {
                    self.boards
                } else {
                    self.gate_boards
                };
                out.push(Pairing { a, b, boards });
            }
        }
        out
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
    pub(crate) clock: Clock,
    pub(crate) design: &'a dyn Design,
    /// The journal (`results.jsonl`); its analysis beside it.
    pub(crate) results: PathBuf,
    pub(crate) analyse: bool,
    pub(crate) threads: usize,
    pub(crate) progress: bool,
    pub(crate) command: Vec<String>,
}

/// What was played.
pub(crate) struct Played {
    pub(crate) records: Vec<GameRecord>,
    pub(crate) analyses: Option<Analyses>,
    /// Games of the plan, and those adopted from earlier plans.
    pub(crate) games: usize,
    pub(crate) adopted: usize,
}

/// Plays the championship of `submissions` (each with its identity: what
/// it is, the same text while it is unchanged) and `gates`.
pub(crate) fn play(
    submissions: Vec<(Entrant, String)>,
    gates: &[&str],
    o: &Options<'_>,
) -> Result<Played> {
    let n = submissions.len();
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
    let pairings: Vec<(usize, usize, u32)> = o
        .design
        .pairings(n, gates.len())
        .iter()
        .map(|p| (p.a, p.b, p.boards))
        .collect();
    let setup = GameSetup::new(o.game);
    let set = if boards::balanced_set_path(o.game).is_ok() {
        BoardSet::Balanced
    } else {
        BoardSet::Seeded
    };
    let board_source = boards::source(setup, set, None, 1)?;
    let plan = Plan::from_pairings(o.game, entrants, &pairings, &board_source, tc, 1)?;
    let analysis = html::analysis_beside(&o.results);
    let adopted = resume::adopt(
        &plan,
        &identities,
        &o.results,
        o.analyse.then_some(analysis.as_path()),
    )?;
    tournament::preflight(&plan, &o.clock.timeouts())?;
    let result = tournament::run(&plan, &run_options(o, &analysis))?;
    Ok(Played {
        records: result.records,
        analyses: result.analyses,
        games: plan.games.len(),
        adopted,
    })
}

/// How the plan runs: replaced moves counted (the rubric weighs the share
/// of its own moves), every game's traffic kept beside the journal when it
/// has a fault.
fn run_options(o: &Options<'_>, analysis: &Path) -> RunOptions {
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_robin_plays_everyone_and_the_gates_on_their_boards() {
        let p = RoundRobin {
            boards: 2,
            gate_boards: 4,
        }
        .pairings(3, 2);
        assert_eq!(p.len(), 10, "5 entrants: 10 pairings");
        let boards = |a, b| p.iter().find(|x| (x.a, x.b) == (a, b)).unwrap().boards;
        assert_eq!(boards(0, 1), 2, "two submissions");
        assert_eq!(boards(0, 3), 4, "a submission and a gate");
        assert_eq!(boards(3, 4), 4, "two gates");
    }
}
