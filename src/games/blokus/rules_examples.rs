//! The worked examples and stated facts of `rules/blokus.md`, one test each.

use super::*;
use crate::game::{perft, CourseProblems, LispInterchange, Outcome};
use crate::lisp::read_all;
use crate::problems::builtin_of;

fn names(moves: &[Placement]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn play(pos: &mut impl Game<Move = Placement>, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = pos.parse_move(m).unwrap();
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn problems(variant: &str) -> Vec<crate::problems::Problem<BlokusSolo>> {
    let text = BlokusSolo::builtin_file(&Variant::parse(variant).unwrap());
    let exprs = read_all(text).unwrap();
    exprs
        .iter()
        .filter(|e| e.as_list().is_some_and(|l| !l.is_empty()))
        .map(|e| {
            let (target, position) = BlokusSolo::read_problem(e.as_list().unwrap()).unwrap();
            crate::problems::Problem {
                name: String::new(),
                target,
                position,
            }
        })
        .collect()
}

#[test]
fn s2_6_first_moves_from_the_empty_board() {
    let pos = Blokus::start(Variant::V2021);
    assert_eq!(names(&pos.legal_moves()), ["a@a1", "b@a1", "c2@a1"]);
    // The cross never covers a corner: 2017 starts with a and b only.
    let pos = Blokus::start(Variant::V2017);
    assert_eq!(names(&pos.legal_moves()), ["a@a1", "b@a1"]);
}

#[test]
fn s3_2_no_edge_contact_with_own_squares_but_with_others() {
    let mut pos = Blokus::start(Variant::V2021);
    play(&mut pos, "a@a1 a@n14");
    // b1 shares an edge with a1: refused; b2 touches by a corner.
    assert!(pos.parse_legal("a@b1").is_err());
    assert!(pos.parse_legal("a@b2").is_ok());
    let e = pos.play(pos.parse_move("a@b1").unwrap()).unwrap_err();
    assert!(e.to_string().contains("edge"), "{e}");
}

#[test]
fn s5_7_perft_from_the_start() {
    let counts21 = [3, 9, 54, 324, 4464];
    let counts17 = [2, 4, 16, 64, 720];
    for (d, (&a, &b)) in counts21.iter().zip(&counts17).enumerate() {
        assert_eq!(perft(&Blokus::start(Variant::V2021), d as u32 + 1), a);
        assert_eq!(perft(&Blokus::start(Variant::V2017), d as u32 + 1), b);
    }
}

#[test]
fn s5_7_worked_position_and_the_interface_string() {
    let mut pos = Blokus::start(Variant::V2021);
    play(&mut pos, "b@a1 c2@m12 c1@c3");
    assert_eq!(
        pos.to_string(),
        "blokus 11000000000000/11011000000000/00110000000000/00000000000000/00000000000000/\
         00000000000000/00000000000000/00000000000000/00000000000000/00000000000000/\
         00000000000000/00000000000020/00000000000022/00000000000002 2 10,9,14 10,10,14"
    );
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 8);
    assert_eq!(
        names(&moves[..5]),
        ["a@l11", "a@n11", "a@l14", "b@k10", "c1@k11"]
    );
}

#[test]
fn s5_3_a_forced_pass_and_s5_4_the_end() {
    let mut start = Blokus::start(Variant::V2021);
    // Squares must match the pieces placed.
    play(&mut start, "a@a1 a@n14");
    let fen = start
        .to_string()
        .replace(" 1 9,10,15 9,10,15", " 1 0,0,0 9,10,15");
    assert!(Blokus::from_fen(&fen).is_err());
    assert!(
        start.play(Placement::PASS).is_err(),
        "pass only when forced"
    );
    // Player 1's only corner b2 is taken by player 2: player 1 must pass.
    let walled = "10000000000000/02000000000000/".to_string()
        + &"00000000000000/".repeat(11)
        + "00000000000002";
    let pos = Blokus::from_fen(&format!("blokus {walled} 1 9,10,15 8,10,15")).unwrap();
    assert_eq!(names(&pos.legal_moves()), ["pass"]);
    assert_eq!(pos.count_moves(), 1);
    let mut after = pos;
    after.play(Placement::PASS).unwrap();
    assert_eq!(after.side_to_move(), Player::Two);
    assert!(!after.is_over());
    assert!(after.play(Placement::PASS).is_err());
    // Neither can place (player 2's stock emptied by hand): the end.
    let mut end = pos;
    end.stock[1] = [0; 3];
    end.hash = end.hash_from_scratch();
    assert!(end.is_over());
    assert_eq!(end.legal_moves().len(), 0);
    // Squares left: player 1 109, player 2 0: player 2 wins.
    assert_eq!(end.outcome(), Some(Outcome::Win(Player::Two)));
    assert_eq!(end.scores(), [1, 2]);
}

#[test]
fn s4_4_the_2017_stocks_and_s4_6_optima_by_the_example_solutions() {
    let p17 = problems("2017");
    let stocks: Vec<[u8; 3]> = p17.iter().map(|p| p.position.stock(Player::One)).collect();
    assert_eq!(
        stocks,
        [
            [1, 10, 15],
            [1, 10, 15],
            [1, 10, 15],
            [0, 10, 15],
            [10, 10, 15],
            [10, 10, 15]
        ]
    );
    assert!(p17
        .iter()
        .all(|p| p.position.variant() == Variant::V2017 && p.target == 1));
    // 2017 C: a@c10 b@a8 b@c6 ends in a dead end.
    let mut c = p17[2].position;
    assert_eq!(c.scores()[0], 0);
    play(&mut c, "a@c10 b@a8 b@c6");
    assert!(c.dead_end());
    assert_eq!(c.scores()[0], 1);
    // 2017 F: 2×2s along the edges, 8 placements.
    let mut f = p17[5].position;
    play(&mut f, "b@a1 b@c3 b@e1 b@g3 b@i1 b@a5 b@c7 b@a9");
    assert!(f.dead_end());
    // 2017 E: a 1×1 in a walled corner ends it at once (§4.7).
    let e = p17[4].position;
    let ends: Vec<String> = e
        .legal_moves()
        .into_iter()
        .filter(|&m| {
            let mut x = e;
            x.play_unchecked(m);
            x.dead_end()
        })
        .map(|m| m.to_string())
        .collect();
    assert!(ends.contains(&"a@a1".to_string()), "{ends:?}");
}

#[test]
fn s4_5_the_2021_goals_and_example_solution_a() {
    let p21 = builtin_of::<BlokusSolo>();
    let goals: Vec<u32> = p21.iter().map(|p| p.target).collect();
    assert_eq!(goals, [8, 20, 28, 36, 44, 72]);
    let mut a = p21[0].position;
    play(&mut a, "b@a1 b@c3");
    assert!(a.scores()[0] >= a.target().unwrap());
    // 2021 E: both neighbours of a1 are blocked, so the first piece is a@a1.
    assert_eq!(names(&p21[4].position.legal_moves()), ["a@a1"]);
}

#[test]
fn s3_3_the_2017_puzzle_starts_in_any_corner() {
    let empty = vec!["00000000000000"; 14].join("/");
    let pos = BlokusSolo::from_fen(&format!("blokus-solo {empty} 10,10,15 variant 2017")).unwrap();
    assert_eq!(
        names(&pos.legal_moves()),
        ["a@a1", "a@n1", "a@a14", "a@n14", "b@a1", "b@m1", "b@a13", "b@m13"]
    );
    let pos = BlokusSolo::from_fen(&format!("blokus-solo {empty} 10,10,15 8")).unwrap();
    assert_eq!(names(&pos.legal_moves()), ["a@a1", "b@a1", "c2@a1"]);
}

#[test]
fn s7_3_moves_as_the_students_encode_them() {
    let mv = lisp::move_from_lisp(&read_all("(peca-c-1 4 3)").unwrap()[0]).unwrap();
    assert_eq!(mv.to_string(), "c1@d5");
    let mv = lisp::move_from_lisp(&read_all("(cruz 7 0)").unwrap()[0]).unwrap();
    assert_eq!(mv.to_string(), "x@a8");
    assert_eq!(lisp::move_to_lisp(mv, Variant::V2017), "(cruz 7 0)");
    let b = lisp::move_from_lisp(&read_all("(media 0 0)").unwrap()[0]).unwrap();
    assert_eq!(lisp::move_to_lisp(b, Variant::V2017), "(media 0 0)");
    assert_eq!(lisp::move_to_lisp(b, Variant::V2021), "(peca-b 0 0)");
    assert!(lisp::move_from_lisp(&read_all("nil").unwrap()[0])
        .unwrap()
        .is_pass());
}

#[test]
fn s7_5_the_move_is_read_by_comparing_the_boards() {
    let mut pos = Blokus::start(Variant::V2021);
    play(&mut pos, "b@a1 c2@m12");
    let mut after = pos;
    play(&mut after, "c1@c3");
    assert_eq!(
        lisp::move_between(&pos, &after.board()).map(|m| m.to_string()),
        Some("c1@d3".replace("d3", "c3"))
    );
    assert_eq!(lisp::move_between(&pos, &pos.board()), None);
    // The Lisp state round-trips.
    let text = after.to_lisp();
    let back = Blokus::from_lisp(&read_all(&text).unwrap()[0]).unwrap();
    assert_eq!(back, after);
}

#[test]
fn s5_5_squares_left_count_the_variants_pieces() {
    let pos = Blokus::start(Variant::V2021);
    assert_eq!(pos.squares_left(Player::One), 110);
    let pos = Blokus::start(Variant::V2017);
    assert_eq!(pos.squares_left(Player::Two), 125);
}
