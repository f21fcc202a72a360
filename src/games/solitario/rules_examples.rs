//! The worked examples and stated facts of `rules/solitario.md`, one test
//! each (section numbers of the rules file).

use super::*;
use crate::game::{perft, Game, Outcome, Player};
use crate::puzzle::{NoSolutionReason, SolveOptions, SolveOutcome};
use crate::solve::solve;
use std::sync::atomic::AtomicBool;

fn duel(fen: &str) -> Solitario {
    Solitario::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn names(pos: &impl Game) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// §1.4: the course's `(operador linha coluna)` and the notation.
#[test]
fn s1_4_lisp_moves_map_one_to_one() {
    let pos = Solitario::start();
    assert_eq!(pos.parse_move("d2-d4").unwrap().to_lisp(), "(cb 2 4)");
    assert_eq!(pos.parse_move("c2-c3").unwrap().to_lisp(), "(b 2 3)");
    assert_eq!(pos.parse_move("D2-D3").unwrap().to_string(), "d2-d3");
}

/// §2.1, §2.5: the four first moves of problem F are the four jumps into
/// the centre, in reading order of their origin, and each removes a peg.
#[test]
fn s2_1_the_first_moves_of_f() {
    let f = crate::problems::builtin(crate::games::GameId::SolitarioSolo);
    let (_, _, any) = f.find("F").expect("problem F");
    let pos: SolitarioSolo = SolitarioSolo::from_fen(&any.fen()).unwrap();
    assert_eq!(pos, SolitarioSolo::start());
    assert_eq!(names(&pos), ["d2-d4", "b4-d4", "f4-d4", "d6-d4"]);
    let mut after = pos;
    after.play(after.parse_move("d2-d4").unwrap()).unwrap();
    assert_eq!(after.peg_count(), 31);
    assert_eq!(
        after.to_string(),
        "solitario-solo xx111xx/xx101xx/1110111/1111111/1111111/xx111xx/xx111xx"
    );
}

fn solved(spec: &str, words: &[&str]) -> SolveOutcome {
    let pos = crate::setup::parse_spec(spec, None).unwrap();
    let opts = SolveOptions::parse(words).unwrap();
    solve(&pos, &opts, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

/// §2.3, §2.6: the optima of A, B and E are n − 1 moves.
#[test]
fn s2_6_optima_of_a_b_e() {
    for (name, moves) in [("A", 2), ("B", 3), ("E", 10)] {
        match solved(&format!("problem solitario-solo {name}"), &[]) {
            SolveOutcome::Solution {
                moves: m, score, ..
            } => {
                assert_eq!((m.len(), score), (moves, 1), "{name}")
            }
            other => panic!("{name}: {other}"),
        }
    }
}

/// §2.6: C and D have no solution (51 and 636 boards, all explored); with
/// target 2 the best is 2 pegs after 4 and 8 moves.
#[test]
fn s2_6_c_and_d_are_exhausted_and_target_2_finds_the_best() {
    for (name, boards, best) in [("C", 51, 4), ("D", 636, 8)] {
        let spec = format!("problem solitario-solo {name}");
        match solved(&spec, &["algorithm", "bfs"]) {
            SolveOutcome::NoSolution {
                reason, generated, ..
            } => {
                assert_eq!(reason, NoSolutionReason::Exhausted, "{name}");
                // BFS generates each board once, symmetric boards merged.
                assert!(generated <= boards, "{name}: {generated} boards");
            }
            other => panic!("{name}: {other}"),
        }
        match solved(&spec, &["target", "2"]) {
            SolveOutcome::Solution { moves, .. } => assert_eq!(moves.len(), best, "{name}"),
            other => panic!("{name} target 2: {other}"),
        }
    }
}

/// §3.1, §3.3, §3.9: the start, the opening steps, perft 1–6.
#[test]
fn s3_9_perft_from_the_start() {
    let pos = Solitario::start();
    assert_eq!(names(&pos), ["c2-c3", "d2-d3", "e2-e3"]);
    let counts: Vec<u64> = (1..=5).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [3, 9, 75, 625, 4677]);
}

/// §3.9: the statement's second example, player 2 to move at ply 3.
#[test]
fn s3_9_the_second_example() {
    let pos = duel("solitario xx111xx/xx011xx/0000000/0010000/0020000/xx022xx/xx222xx 2 3");
    assert!(names(&pos).contains(&"c5-c3".to_string()));
    let counts: Vec<u64> = (1..=4).map(|d| perft(&pos, d)).collect();
    assert_eq!(counts, [8, 58, 420, 3725]);
    let mut after = pos;
    after.play(after.parse_move("c5-c3").unwrap()).unwrap();
    assert_eq!(
        after.pegs()[0].count_ones(),
        5,
        "the captured peg is removed"
    );
}

/// §3.2: a capture jumps an enemy peg only, never one's own or a hole.
#[test]
fn s3_2_captures_jump_enemy_pegs_only() {
    let pos = duel("solitario xx000xx/xx000xx/0000000/1102000/0000000/xx000xx/xx000xx 1 10");
    let moves = names(&pos);
    assert!(moves.contains(&"b4-c4".to_string()));
    assert!(!moves.contains(&"a4-c4".to_string()), "over one's own peg");
    assert!(!moves.contains(&"b4-d4".to_string()), "over a hole");
    let pos = duel("solitario xx000xx/xx000xx/0000000/0112000/0000000/xx000xx/xx000xx 1 10");
    assert!(
        names(&pos).contains(&"c4-e4".to_string()),
        "over the enemy peg"
    );
}

/// §3.4: a step or a capture onto the opponent's start holes wins at once.
#[test]
fn s3_4_the_start_holes_of_the_opponent_win() {
    // Player 1 steps from d5 onto d6, one of player 2's start holes.
    let mut pos = duel("solitario xx000xx/xx000xx/0000000/2000000/0001000/xx000xx/xx000xx 1 20");
    assert!(!pos.is_over());
    pos.play(pos.parse_move("d5-d6").unwrap()).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(pos.scores(), [WIN_POINTS, 0]);
    assert!(pos.legal_moves().is_empty());
    // Player 2 captures c3 by jumping from c4 onto c2: a win too.
    let mut pos = duel("solitario xx000xx/xx000xx/0010000/0020000/0000000/xx000xx/xx000xx 2 20");
    pos.play(pos.parse_move("c4-c2").unwrap()).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Two)));
    assert_eq!(pos.pegs()[0], 0);
}

/// §3.5: without a move the player loses; under `NoMove = pass` passes, and
/// neither side able to move is a draw.
#[test]
fn s3_5_no_move_loses_or_passes() {
    // Player 2 has no peg: player 1 wins.
    let pos = duel("solitario xx000xx/xx000xx/0000000/0001000/0000000/xx000xx/xx000xx 2 30");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::One)));
    let mut pass = pos;
    pass.set_variant(Variant {
        no_move: NoMove::Pass,
        ..Variant::default()
    });
    assert_eq!(names(&pass), ["pass"]);
    assert_eq!(pass.outcome(), None);
    pass.play(Hop::PASS).unwrap();
    assert_eq!(pass.side_to_move(), Player::One);
    // Neither side can move: a draw.
    let stuck = duel("solitario xx000xx/xx000xx/0000000/0000000/0000000/xx000xx/xx000xx 1 30 pass");
    assert_eq!(stuck.outcome(), Some(Outcome::Draw));
}

/// §3.6: the draw at 150 plies, or more pegs wins under `LimitResult =
/// material`.
#[test]
fn s3_6_the_ply_limit() {
    let fen = "solitario xx111xx/xx000xx/0000000/0000000/0000000/xx000xx/xx022xx 1 149";
    let mut pos = duel(fen);
    pos.play(pos.parse_move("c1-c2").unwrap()).unwrap();
    assert_eq!(pos.ply(), 150);
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert!(pos.legal_moves().is_empty());
    let mut material = duel(&format!("{fen} material"));
    material
        .play(material.parse_move("c1-c2").unwrap())
        .unwrap();
    assert_eq!(material.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(material.scores(), [WIN_POINTS, 0]);
}

/// §2.6, §2.7: every algorithm with every heuristic of the puzzle finds the
/// optima of A, B and E (n − 1 moves) and proves C and D exhausted, and
/// finds the best C and D allow with `target 2`.
#[test]
fn s2_7_every_algorithm_and_heuristic_agrees() {
    use crate::puzzle::Algorithm;
    for algorithm in Algorithm::ALL {
        for h in ["pegs", "mobility", "mobility-moves", "pagoda", "zero"] {
            for (name, optimum) in [
                ("A", Some(2)),
                ("B", Some(3)),
                ("C", None),
                ("D", None),
                ("E", Some(10)),
            ] {
                let spec = format!("problem solitario-solo {name}");
                let words = ["algorithm", algorithm.as_str(), "heuristic", h];
                let at = format!("{name} {algorithm} {h}");
                match (solved(&spec, &words), optimum) {
                    (SolveOutcome::Solution { moves, .. }, Some(n)) => {
                        assert_eq!(moves.len(), n, "{at}")
                    }
                    (SolveOutcome::NoSolution { reason, .. }, None) => {
                        assert_eq!(reason, NoSolutionReason::Exhausted, "{at}")
                    }
                    (other, _) => panic!("{at}: {other}"),
                }
            }
            for (name, best) in [("C", 4), ("D", 8)] {
                let spec = format!("problem solitario-solo {name}");
                let words = [
                    "algorithm",
                    algorithm.as_str(),
                    "heuristic",
                    h,
                    "target",
                    "2",
                ];
                match solved(&spec, &words) {
                    SolveOutcome::Solution { moves, .. } => assert_eq!(moves.len(), best),
                    other => panic!("{name} {algorithm} {h} target 2: {other}"),
                }
            }
        }
    }
}
