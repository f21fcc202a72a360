//! The evidence of each admitted submission, from the championship's
//! records (and its analysis): what the rubric weighs.
//!
//! - **Rating** over every game, gates included (`results::rating`: a
//!   Bradley–Terry model of the colour-swapped pairs under duplicate
//!   scoring, a pair lost by a fault lost whatever the points; Elo over
//!   `builtin:random`, a 95 % interval), and the rating of its tier (the
//!   submissions the games cannot tell apart share it).
//! - **Gates**: against each reference gate, the pairs won, drawn and lost,
//!   the gate's rating and the expected pair score against it at the
//!   tier's rating.
//! - **Own moves**: the moves it was asked for where it had a choice, and
//!   those its own program chose (`GameRecord::own_moves`).
//! - **Faults**: its games lost by a fault, by reason.
//! - **Analysis**: its accuracy and blunders, when the games were analysed.

use super::{Evidence, GateResult, Rated};
use crate::results::analysis::{self, Analyses};
use crate::results::rating::Ratings;
use crate::results::record::GameRecord;
use crate::results::result::Side;
use crate::results::stats;

/// The evidence of each of `submissions` (names of the championship's
/// entrants), in their order; `gates` are the reference entrants' names,
/// the first the rating's anchor; `sure` ties the submissions the games
/// cannot tell apart ([`Ratings::tiers`]).
pub(crate) fn gather(
    submissions: &[String],
    gates: &[String],
    records: &[GameRecord],
    analyses: Option<&Analyses>,
    sure: f64,
) -> Vec<Evidence> {
    let all: Vec<String> = submissions.iter().chain(gates).cloned().collect();
    let pairs = stats::pairs(records);
    let anchor = gates.first().map_or("", String::as_str);
    let ratings = Ratings::fit(&all, &pairs, anchor);
    let members: Vec<usize> = (0..submissions.len()).collect();
    let tiers = ratings.tiers(&members, sure);
    let accuracy = analyses.map(|a| analysis::by_entrant(submissions, records, a));
    submissions
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut ev = Evidence {
                name: name.clone(),
                rating: Rated {
                    elo: ratings.elo[i],
                    low: ratings.low[i],
                    high: ratings.high[i],
                    tier: tiers[i],
                },
                ..Evidence::default()
            };
            games(&mut ev, records);
            for (k, gate) in gates.iter().enumerate() {
                let [lost, drawn, won] = stats::pair_results(name, gate, &pairs);
                let n = won + drawn + lost;
                if n == 0 {
                    continue;
                }
                let rating = ratings.elo[submissions.len() + k];
                ev.gates.push(GateResult {
                    gate: gate.clone(),
                    pairs_won: won,
                    pairs_drawn: drawn,
                    pairs_lost: lost,
                    pair_score: (f64::from(won) + f64::from(drawn) / 2.0) / f64::from(n),
                    rating,
                    expected: Ratings::expected_at(tiers[i], rating),
                });
            }
            if let Some(rows) = &accuracy {
                ev.accuracy = rows[i].accuracy;
                ev.blunders = rows[i].blunders;
            }
            ev
        })
        .collect()
}

/// Its games, points, own moves and faults.
fn games(ev: &mut Evidence, records: &[GameRecord]) {
    for r in records {
        for (side, player) in [(Side::P1, &r.p1), (Side::P2, &r.p2)] {
            if *player != ev.name {
                continue;
            }
            ev.games += 1;
            ev.points += r.winner.points(side);
            ev.moves.add(r.own_moves(side));
            if r.offender.is_some_and(|o| o.includes(side)) {
                *ev.faults.entry(r.reason.as_str().to_string()).or_default() += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::tests::rec;

    #[test]
    fn gates_rating_and_faults_come_from_the_pairs() {
        // alice beats the gate on two boards (both games each), loses to
        // bob on one; bob draws the gate's board.
        let mut records = vec![
            rec("alice", "gate", "p1", 0),
            rec("gate", "alice", "p2", 0),
            rec("alice", "gate", "p1", 1),
            rec("gate", "alice", "p2", 1),
            rec("bob", "alice", "p1", 2),
            rec("alice", "bob", "p2", 2),
            rec("bob", "gate", "p1", 3),
            rec("gate", "bob", "p1", 3),
        ];
        for (i, r) in records.iter_mut().enumerate() {
            r.key = format!("r0-p{}-b{}-c{}", i / 4, i / 2, i % 2)
                .parse()
                .unwrap();
            r.numbers = r.key;
            // The winner by 10 points (duplicate scoring counts points).
            (r.score1, r.score2) = match r.winner.points(Side::P1) {
                1.0 => (10, 0),
                _ => (0, 10),
            };
        }
        let names = ["alice".to_string(), "bob".to_string()];
        let ev = gather(&names, &["gate".into()], &records, None, 0.95);
        let alice = &ev[0];
        assert_eq!((alice.games, alice.points), (6, 4.0));
        assert_eq!(alice.gates[0].pairs_won, 2, "{alice:?}");
        assert_eq!(alice.gates[0].pair_score, 1.0);
        assert_eq!(alice.gates[0].rating, 0.0, "the gate is the anchor");
        assert!(alice.rating.elo > 0.0 && alice.gates[0].expected > 0.5);
        let bob = &ev[1];
        assert_eq!(
            (
                bob.gates[0].pairs_won,
                bob.gates[0].pairs_drawn,
                bob.gates[0].pairs_lost
            ),
            (0, 1, 0)
        );
        assert_eq!(bob.gates[0].pair_score, 0.5);
        // Four pairs cannot tell alice from bob: one tier, one rating.
        assert_eq!(alice.rating.tier, bob.rating.tier, "{ev:?}");
        assert!(alice.rating.elo != bob.rating.elo);
        assert!(alice.faults.is_empty());
        // No pairs: everyone at the anchor.
        let none = gather(&["bob".into(), "carol".into()], &[], &[], None, 0.95);
        assert_eq!((none[0].rating.tier, none[1].rating.tier), (0.0, 0.0));
        assert!(none[0].gates.is_empty());
    }
}
