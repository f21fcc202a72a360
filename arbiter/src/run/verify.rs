//! What resume trusts of a results journal: nothing it cannot check.
//!
//! Every line of the tournament is checked against the plan and replayed by
//! the rules ([`replay`], which `report`, `merge` and `analyse` apply too)
//! before it counts:
//!
//! - its key must be a game of the plan (a whole plan: a Swiss is planned
//!   round by round, so a key of a later round is left for that round), with
//!   the plan's players, game and start board;
//! - every move must be legal from that board, and the scores on the final
//!   board must be the recorded ones;
//! - the result must follow from its reason: `normal` — the final board is
//!   over and its outcome is the recorded winner; `maxlength` — the board is
//!   not over and the higher score won; a fault (`illegal`, `malformed`,
//!   `timeout`, `stall`, `crash`) — the board is not over, the offender is
//!   one side, the side to move once a move was played (faults happen on the
//!   mover's turn), and its opponent won; `startup` — no move, and the
//!   opponent of the offender won (a draw when both failed); `resign` (a
//!   person in `arbiter play`) — one side won.
//!
//! Of several good records of one key, the first is kept when they all
//! record the same game (moves, result; times may differ); when they
//! disagree none is trusted and the game is played again. A rejected line
//! is reported by key, left out of the standings, and the game is played
//! again as if it were missing (see [`crate::results::journal::quarantine`]).

use crate::results::journal::replay;
use crate::results::record::{GameKey, GameRecord};
use crate::run::plan::{Plan, PlannedGame};
use std::collections::{HashMap, HashSet};

/// A journal line that does not count, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rejected {
    pub(crate) key: GameKey,
    /// 0-based line of the journal.
    pub(crate) line: usize,
    pub(crate) why: String,
}

/// The journal's records of one plan, checked.
#[derive(Debug, Default)]
pub(crate) struct Verified {
    /// The trusted records of the plan's games, one per key, in file order.
    pub(crate) good: Vec<GameRecord>,
    pub(crate) rejected: Vec<Rejected>,
}

/// Checks `records` (the tournament's journal lines, in file order, at
/// `lines`) against `plan`. `whole`: the plan holds every game of the
/// tournament (not a Swiss round), so a key outside it is rejected.
pub(crate) fn verify(
    plan: &Plan,
    records: Vec<GameRecord>,
    lines: &[usize],
    whole: bool,
) -> Verified {
    let planned: HashMap<GameKey, &PlannedGame> = plan.games.iter().map(|g| (g.key, g)).collect();
    let all_keys: Option<HashSet<GameKey>> = plan
        .shard
        .as_ref()
        .map(|share| share.keys.iter().copied().collect());
    let mut out = Verified::default();
    let mut by_key: Vec<(GameKey, Vec<(usize, GameRecord)>)> = Vec::new();
    let mut slot: HashMap<GameKey, usize> = HashMap::new();
    for (r, &line) in records.into_iter().zip(lines) {
        let reject = |why: String| Rejected {
            key: r.key,
            line,
            why,
        };
        let Some(&&PlannedGame { p1, p2, start, .. }) = planned.get(&r.key) else {
            let elsewhere = all_keys.as_ref().is_some_and(|k| k.contains(&r.key));
            if whole && !elsewhere {
                out.rejected
                    .push(reject("not a game of this tournament".into()));
            }
            continue;
        };
        let names = [&plan.entrants[p1].name, &plan.entrants[p2].name];
        let checked = if [&r.p1, &r.p2] != names {
            Err(format!(
                "players {} and {}, the plan says {} and {}",
                r.p1, r.p2, names[0], names[1]
            ))
        } else if r.start != start.fen() {
            Err(format!("start board '{}' is not the plan's", r.start))
        } else {
            replay(&r, start)
        };
        match checked {
            Err(why) => out.rejected.push(reject(why)),
            Ok(()) => match slot.get(&r.key) {
                Some(&i) => by_key[i].1.push((line, r)),
                None => {
                    slot.insert(r.key, by_key.len());
                    by_key.push((r.key, vec![(line, r)]));
                }
            },
        }
    }
    for (key, mut versions) in by_key {
        let agree = versions.iter().all(|(_, r)| r.same_game(&versions[0].1));
        if versions.len() == 1 || agree {
            let (_, first) = versions.remove(0);
            for (line, _) in versions {
                out.rejected.push(Rejected {
                    key,
                    line,
                    why: "a second record of the same game (the first is kept)".into(),
                });
            }
            out.good.push(first);
        } else {
            let n = versions.len();
            let results: Vec<String> = versions
                .iter()
                .map(|(_, r)| format!("{} {}", r.winner, r.reason))
                .collect();
            for (line, _) in versions {
                out.rejected.push(Rejected {
                    key,
                    line,
                    why: format!(
                        "{n} records of this game disagree ({}): none is trusted",
                        results.join(" / ")
                    ),
                });
            }
        }
    }
    out.rejected.sort_by_key(|r| r.line);
    out
}
