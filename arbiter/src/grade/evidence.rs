//! The evidence of each admitted submission, from the championship's
//! records (and its analysis): what the rubric weighs.
//!
//! - **Gates**: against each reference gate, the colour-swapped pairs won,
//!   drawn and lost under duplicate scoring (`results::stats::pairs`: a
//!   pair lost by a fault is lost whatever the points), the pair score and
//!   the likelihood of superiority (LOS) from the pairs won and lost.
//! - **Rank** among the admitted submissions (the gates left out) by the
//!   championship's standings under pair scoring.
//! - **Own moves**: the moves its program chose and those an adapter
//!   played in its place (`GameRecord::answered_by`).
//! - **Faults**: its games lost by a fault, by reason.
//! - **Analysis**: its accuracy and blunders, when the games were analysed.

use super::{Evidence, GateResult};
use crate::results::analysis::{self, Analyses};
use crate::results::record::GameRecord;
use crate::results::result::Side;
use crate::results::stats::{self, Scoring, Standing};

/// The evidence of each of `submissions` (names of the championship's
/// entrants), in their order; `gates` are the reference entrants' names.
pub(crate) fn gather(
    submissions: &[String],
    gates: &[String],
    records: &[GameRecord],
    analyses: Option<&Analyses>,
) -> Vec<Evidence> {
    let all: Vec<String> = submissions.iter().chain(gates).cloned().collect();
    let table = stats::standings(&all, records, Scoring::Points);
    let ranked: Vec<&Standing> = table
        .iter()
        .filter(|s| submissions.contains(&s.name))
        .collect();
    // Equal results, equal rank (1, 1, 3): the standings' last tie-break,
    // the name, decides no grade.
    let key = |s: &Standing| (s.pair.points, s.margin, s.score.points);
    let rank_of = |name: &str| {
        let me = ranked.iter().find(|s| s.name == name)?;
        Some(1 + ranked.iter().filter(|s| key(s) > key(me)).count())
    };
    let pairs = stats::pairs(records);
    let accuracy = analyses.map(|a| analysis::by_entrant(submissions, records, a));
    submissions
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut ev = Evidence {
                name: name.clone(),
                rank: rank_of(name).unwrap_or(0),
                ranked: ranked.len(),
                ..Evidence::default()
            };
            for r in records {
                for (side, player) in [(Side::P1, &r.p1), (Side::P2, &r.p2)] {
                    if player != name {
                        continue;
                    }
                    ev.games += 1;
                    ev.points += r.winner.points(side);
                    let (answered, replaced) = r.answered_by(side);
                    ev.own_moves += answered.saturating_sub(replaced);
                    ev.replaced_moves += replaced;
                    if r.offender.is_some_and(|o| o.includes(side)) {
                        *ev.faults.entry(r.reason.as_str().to_string()).or_default() += 1;
                    }
                }
            }
            for gate in gates {
                let [lost, drawn, won] = stats::pair_results(name, gate, &pairs);
                let n = won + drawn + lost;
                ev.gates.push(GateResult {
                    gate: gate.clone(),
                    pairs_won: won,
                    pairs_drawn: drawn,
                    pairs_lost: lost,
                    pair_score: if n == 0 {
                        0.0
                    } else {
                        (f64::from(won) + f64::from(drawn) / 2.0) / f64::from(n)
                    },
                    los: (n > 0).then(|| stats::los(won, lost)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::stats::tests::rec;

    #[test]
    fn gates_rank_and_faults_come_from_the_pairs() {
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
        let ev = gather(&names, &["gate".into()], &records, None);
        let alice = &ev[0];
        assert_eq!((alice.games, alice.points), (6, 4.0));
        assert_eq!(alice.gates[0].pairs_won, 2, "{alice:?}");
        assert_eq!(alice.gates[0].pair_score, 1.0);
        assert!(alice.gates[0].los.unwrap() > 0.9);
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
        // bob won his pair against alice, but alice has more pair points.
        assert_eq!((alice.rank, bob.rank, alice.ranked), (1, 2, 2));
        assert!(alice.faults.is_empty());
        // Two submissions with the same results share a rank.
        let same = gather(&["bob".into(), "carol".into()], &[], &[], None);
        assert_eq!((same[0].rank, same[1].rank), (1, 1));
    }
}
