//! What resume trusts of a results journal: nothing it cannot check.
//!
//! Every line of the tournament is checked against the plan and replayed by
//! the rules before it counts:
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

use crate::results::record::{GameKey, GameRecord};
use crate::results::result::{Offender, Reason, Side, Winner};
use crate::run::plan::{Plan, PlannedGame};
use std::collections::{HashMap, HashSet};
use tabula::game::Outcome;
use tabula::games::AnyPosition;

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

/// Replays `r` from `start` by the rules: legal moves, the recorded
/// scores, a result that follows from its reason (see the module's text).
pub(crate) fn replay(r: &GameRecord, start: AnyPosition) -> Result<(), String> {
    if r.numbers != r.key {
        return Err(format!("its fields say game {}", r.numbers));
    }
    if r.game != start.game().to_string() {
        return Err(format!("game '{}', the plan's is {}", r.game, start.game()));
    }
    let mut pos = start;
    for (i, m) in r.moves.iter().enumerate() {
        pos.play_text(m)
            .map_err(|e| format!("move {} '{m}' is not legal: {e}", i + 1))?;
    }
    let scores = pos.scores();
    if scores != [r.score1, r.score2] {
        return Err(format!(
            "scores {}-{} recorded, {}-{} on the final board",
            r.score1, r.score2, scores[0], scores[1]
        ));
    }
    for (side, count) in [(Side::P1, r.replaced1), (Side::P2, r.replaced2)] {
        let listed = r.replaced.iter().filter(|m| m.side == side).count() as u32;
        if count.is_some_and(|n| n != listed) {
            return Err(format!(
                "{} replaced moves of {side} counted, {listed} listed",
                count.unwrap_or(0)
            ));
        }
    }
    if let Some(m) = r
        .replaced
        .iter()
        .find(|m| m.ply > r.moves.len() || (m.ply == r.moves.len() && r.reason != Reason::Replaced))
    {
        return Err(format!(
            "a replaced move at ply {} of {}",
            m.ply,
            r.moves.len()
        ));
    }
    let outcome = pos.outcome();
    let mover = Side::from(pos.side_to_move());
    let expected: Winner = match r.reason {
        Reason::Normal => match outcome {
            None => return Err("'normal' end, but the game is not over".into()),
            Some(Outcome::Win(p)) => Winner::Side(p.into()),
            Some(Outcome::Draw) => Winner::Draw,
        },
        // A person's resignation (`arbiter play`, never in a tournament):
        // whoever resigned, one side won.
        Reason::Resign => match r.winner {
            Winner::Side(s) => Winner::Side(s),
            Winner::Draw => return Err("a resignation recorded as a draw".into()),
        },
        _ if outcome.is_some() => {
            return Err(format!(
                "'{}' end, but the game was over by the rules",
                r.reason
            ))
        }
        Reason::MaxLength => match scores[0].cmp(&scores[1]) {
            std::cmp::Ordering::Greater => Winner::Side(Side::P1),
            std::cmp::Ordering::Less => Winner::Side(Side::P2),
            std::cmp::Ordering::Equal => Winner::Draw,
        },
        Reason::Startup => match r.offender {
            _ if !r.moves.is_empty() => return Err("'startup' fault after a move".into()),
            Some(Offender::Both) => Winner::Draw,
            Some(Offender::Side(s)) => Winner::Side(s.other()),
            None => return Err("'startup' fault without an offender".into()),
        },
        Reason::Illegal
        | Reason::Malformed
        | Reason::Timeout
        | Reason::Stall
        | Reason::Crash
        | Reason::Replaced => match r.offender {
            Some(Offender::Side(s)) if r.moves.is_empty() || s == mover => Winner::Side(s.other()),
            Some(Offender::Side(s)) => {
                return Err(format!(
                    "'{}' fault of {s}, but {mover} was to move",
                    r.reason
                ))
            }
            _ => return Err(format!("'{}' fault without one offender", r.reason)),
        },
    };
    let faulty = matches!(
        r.reason,
        Reason::Illegal
            | Reason::Malformed
            | Reason::Timeout
            | Reason::Stall
            | Reason::Crash
            | Reason::Startup
            | Reason::Replaced
    );
    if !faulty && r.offender.is_some() {
        return Err(format!("an offender for a '{}' end", r.reason));
    }
    if r.winner != expected {
        return Err(format!(
            "winner {} recorded, the {} end gives {expected}",
            r.winner, r.reason
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The old journal of `journal.rs`'s tests: every reason, as the
    /// arbiter wrote it. Each line must pass.
    const OLD: &str = include_str!("../../tests/data/journal.jsonl");

    #[test]
    fn every_record_of_an_old_journal_replays() {
        for line in OLD.lines() {
            let r: GameRecord = serde_json::from_str(line).unwrap();
            let start = AnyPosition::from_fen(&r.start).unwrap();
            assert_eq!(replay(&r, start), Ok(()), "{line}");
        }
    }

    #[test]
    fn tampered_records_are_refused() {
        let normal = OLD
            .lines()
            .map(|l| serde_json::from_str::<GameRecord>(l).unwrap())
            .find(|r| r.reason == Reason::Normal && r.winner != Winner::Draw)
            .unwrap();
        let start = AnyPosition::from_fen(&normal.start).unwrap();
        let mut flipped = normal.clone();
        flipped.winner = match normal.winner {
            Winner::Side(s) => Winner::Side(s.other()),
            Winner::Draw => Winner::Draw,
        };
        assert!(replay(&flipped, start).unwrap_err().contains("winner"));
        let mut cut = normal.clone();
        cut.moves.pop();
        assert!(replay(&cut, start).is_err());
        let mut bad = normal.clone();
        bad.moves[0] = "z9".into();
        assert!(replay(&bad, start).unwrap_err().contains("move 1"));
    }
}
