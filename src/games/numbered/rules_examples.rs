//! The worked examples and stated facts of `rules/torre.md` (the rook game),
//! one test each. The knight's and bishop's are in `tests/rules_examples.rs`.

use super::{parse_square, square_name, Piece, RookPiece, Torre, TorreSolo};
use crate::game::{perft, Game, Outcome, Player};
use crate::problems::builtin_of;

fn names(squares: &[u8]) -> Vec<String> {
    squares.iter().map(|&s| square_name(s)).collect()
}

fn sq(name: &str) -> u8 {
    parse_square(name, 7).unwrap()
}

#[test]
fn a_full_board_holds_the_49_numbers_without_0_8_9() {
    let set = RookPiece::full_set();
    assert_eq!(set.len(), 49);
    assert_eq!((set[0], set[48]), (11, 77));
    assert!(set
        .iter()
        .all(|n| !format!("{n}").contains(['0', '8', '9'])));
}

#[test]
fn operator_order_down_right_up_left_nearer_first() {
    // (+1,0), (0,+1), (−1,0), (0,−1), rows growing downwards: 12 squares.
    assert_eq!(
        names(RookPiece::targets(sq("d4"))),
        ["d5", "d6", "d7", "e4", "f4", "g4", "d3", "d2", "d1", "c4", "b4", "a4"]
    );
    assert_eq!(names(RookPiece::targets(sq("a1"))).len(), 12);
    assert_eq!(parse_square("h1", 7), None);
    assert_eq!(parse_square("a8", 7), None);
}

#[test]
fn nothing_blocks_the_slide_and_empty_squares_are_no_stop() {
    // Problem C: the rook on d1, d2 and the rest of row 1 empty.
    let c = builtin_of::<TorreSolo>()[2].position;
    let moves: Vec<String> = c.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["d3", "d4", "d5"]);
    assert!(c
        .why_illegal(c.parse_move("d2").unwrap())
        .contains("no number"));
    assert!(c
        .why_illegal(c.parse_move("e3").unwrap())
        .contains("row or the column"));
}

#[test]
fn the_rook_on_the_board_scores_nothing_and_the_placement_does() {
    let problems = builtin_of::<TorreSolo>();
    let a = problems[0].position;
    assert_eq!((a.piece(Player::One), a.scores()[0]), (Some(sq("d1")), 0));
    // F has no rook: one placement per numbered square of row 1, scoring.
    let f = problems[5].position;
    assert_eq!(f.piece(Player::One), None);
    let moves: Vec<String> = f.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
    let mut f = f;
    f.play(f.parse_move("b1").unwrap()).unwrap();
    assert_eq!(f.scores()[0], 73);
    // 73 removes 37 (c4).
    assert_eq!(f.number(sq("c4")), None);
}

#[test]
fn landing_on_one_66_removes_the_other_when_77_is_gone() {
    // Problem E: 66 on c5 and on a7, 77 on g1.
    let mut e = builtin_of::<TorreSolo>()[4].position;
    for m in ["g1", "g7"] {
        e.play(e.parse_move(m).unwrap()).unwrap();
    }
    // g1 (77): the largest double left is 66, and both copies go.
    assert_eq!((e.number(sq("c5")), e.number(sq("a7"))), (None, None));
    let mut e = builtin_of::<TorreSolo>()[4].position;
    for m in ["a1", "a7"] {
        e.play(e.parse_move(m).unwrap()).unwrap();
    }
    // a1 (55) removes 77, the largest double; landing on the 66 of a7 then
    // removes the other 66 (c5).
    assert_eq!(e.number(sq("g1")), None);
    assert_eq!(e.number(sq("c5")), None);
    assert_eq!(e.scores()[0], 55 + 66);
}

#[test]
fn the_attack_rule_forbids_the_opponents_row_and_column() {
    let pos = Torre::from_fen(
        "torre W,-,-,-,-,-,61/-,-,-,-,-,-,-/-,-,34,-,-,-,-/-,-,-,-,-,-,25/\
         -,-,-,-,-,-,-/-,-,-,-,-,-,-/17,-,-,-,-,-,B w 0 0",
    )
    .unwrap();
    // a7 is on black's row, g1 on black's column: white must pass.
    assert_eq!(pos.legal_moves().as_slice(), &[super::JumpMove::PASS]);
    assert!(pos
        .why_illegal(pos.parse_move("g1").unwrap())
        .contains("attacked"));
    let mut pos = pos;
    pos.play(super::JumpMove::PASS).unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["g4"]);
}

#[test]
fn automatic_placement_of_problem_fs_board_and_its_perft() {
    let f = builtin_of::<TorreSolo>()[5].position;
    let board = f.to_string();
    let rows = board.split_whitespace().nth(1).unwrap();
    let start = Torre::from_fen(&format!("torre {rows} w 0 0")).unwrap();
    assert_eq!(
        start.to_string(),
        "torre 32,W,51,63,36,64,25/34,71,13,54,53,21,75/61,17,43,14,42,72,45/\
         76,52,-,33,11,27,-/26,57,16,55,35,41,31/74,24,15,67,12,65,46/\
         62,47,22,44,56,23,B w 73 77"
    );
    let counts: Vec<u64> = (1..=5).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [10, 87, 707, 5673, 41745]);
}

#[test]
fn the_game_ends_when_neither_rook_can_move_and_the_higher_score_wins() {
    let mut pos = Torre::from_fen(
        "torre W,-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-,25/\
         -,-,-,-,-,-,-/-,-,-,-,-,-,-/-,-,-,-,-,-,B w 30 10",
    )
    .unwrap();
    // White has nothing; black takes g4 (25): 35 against 30.
    pos.play(super::JumpMove::PASS).unwrap();
    pos.play(pos.parse_move("g4").unwrap()).unwrap();
    assert!(pos.is_over());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Two)));
}

#[test]
fn problem_perft_matches_the_rules_table() {
    // rules/torre.md: perft 1–4 of A–F.
    let expected: [[u64; 4]; 6] = [
        [2, 3, 3, 3],
        [3, 7, 11, 11],
        [3, 9, 16, 28],
        [3, 13, 50, 181],
        [5, 15, 41, 105],
        [7, 81, 840, 8200],
    ];
    for (p, want) in builtin_of::<TorreSolo>().iter().zip(expected) {
        let got: Vec<u64> = (1..=4).map(|d| perft(&p.position, d)).collect();
        assert_eq!(got, want, "{}", p.name);
    }
}
