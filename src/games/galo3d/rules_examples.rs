//! The worked examples and stated facts of `rules/galo3d.md`, one test each.

use super::{cell_name, parse_cell, Galo3d, Galo3dSolo, LINES, LINES_OF};
use crate::game::{perft, Game, LispInterchange, Outcome, Player};
use crate::lisp::read_one;

#[test]
fn cell_names_column_row_level() {
    // b23 = column b, row 2, level 3: index (3 − 1)·9 + (2 − 1)·3 + 1.
    assert_eq!(parse_cell("b23"), Some(22));
    assert_eq!(parse_cell("B23"), Some(22));
    assert_eq!(cell_name(22), "b23");
    // The students' (x y z) is (row, column, level): (2 1 3) is a23.
    assert_eq!(parse_cell("a23"), Some(2 * 9 + 3));
    assert_eq!(parse_cell("d11"), None);
    assert_eq!(parse_cell("a40"), None);
}

#[test]
fn forty_nine_lines_27_straight_18_plane_4_space() {
    assert_eq!(LINES.len(), 49);
    let mut distinct = LINES.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 49);
    assert!(LINES.iter().all(|l| l.count_ones() == 3));
    // The centre b22 lies on 13 lines (9 + 4 space diagonals… and planes).
    let centre = parse_cell("b22").unwrap() as usize;
    assert_eq!(LINES_OF[centre].count_ones(), 13);
    // Lines through b22 that are space diagonals: the 4 lines whose cells
    // change all three coordinates.
    let space = LINES
        .iter()
        .filter(|&&l| {
            let cells: Vec<usize> = (0..27).filter(|c| l >> c & 1 == 1).collect();
            let (a, b) = (cells[0], cells[2]);
            a % 3 != b % 3 && a / 3 % 3 != b / 3 % 3 && a / 9 != b / 9
        })
        .count();
    assert_eq!(space, 4);
}

#[test]
fn the_start_and_its_perft() {
    let start = Galo3d::from_fen("galo3d ---,---,---/---,---,---/---,---,--- x").unwrap();
    assert_eq!(start, Galo3d::empty());
    assert_eq!(
        start.to_string(),
        "galo3d ---,---,---/---,---,---/---,---,--- x"
    );
    let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [27, 702, 17550, 421200]);
    // Move order: the reading order of the string (level 3 first).
    let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves[..4], ["a13", "b13", "c13", "a23"]);
    assert_eq!(moves[26], "c31");
}

#[test]
fn no_game_ends_before_ply_5_and_162288_end_at_ply_5() {
    fn ended_at(pos: &Galo3d, depth: u32) -> u64 {
        if pos.is_over() {
            return u64::from(depth == 0);
        }
        if depth == 0 {
            return 0;
        }
        pos.legal_moves()
            .iter()
            .map(|&m| {
                let mut c = *pos;
                c.play_unchecked(m);
                ended_at(&c, depth - 1)
            })
            .sum()
    }
    let start = Galo3d::empty();
    for d in 1..=4 {
        assert_eq!(ended_at(&start, d), 0, "ply {d}");
    }
    assert_eq!(ended_at(&start, 5), 162_288);
}

#[test]
fn a_line_wins_at_once_for_the_mover() {
    let mut pos = Galo3d::empty();
    for m in ["a11", "a12", "b11", "b12", "c11"] {
        pos.play(pos.parse_move(m).unwrap()).unwrap();
    }
    assert!(pos.is_over());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::One)));
    assert_eq!(pos.scores(), [super::WIN_POINTS, 0]);
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn the_students_test_board_in_lisp_and_as_a_string() {
    // Serrano & Mealha: a nought and two crosses on level 2, row 2.
    let text =
        "(((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)) ((NIL NIL NIL) (0 X X) (NIL NIL NIL)) \
                ((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)))";
    let pos = Galo3d::from_lisp(&read_one(text).unwrap()).unwrap();
    // Two X and one O: O would be to move by the counts; the rules' string
    // gives X the move.
    let given = Galo3d::from_fen("galo3d ---,---,---/---,oxx,---/---,---,--- x").unwrap();
    assert_eq!(
        pos.cells_of(super::Symbol::X),
        given.cells_of(super::Symbol::X)
    );
    assert_eq!(
        pos.cells_of(super::Symbol::O),
        given.cells_of(super::Symbol::O)
    );
    assert_eq!(
        given.to_lisp(),
        "(((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)) ((NIL NIL NIL) (O X X) (NIL NIL NIL)) \
         ((NIL NIL NIL) (NIL NIL NIL) (NIL NIL NIL)))"
    );
    // The reader accepts O, o and 0 for the nought, any case for x.
    let any = Galo3d::from_fen("galo3d ---,---,---/---,0Xx,---/---,---,--- X").unwrap();
    assert_eq!(any, given);
}

#[test]
fn the_puzzle_puts_either_symbol_and_a_line_ends_it() {
    let pos = Galo3dSolo::from_fen("galo3d-solo ---,---,---/---,oxx,---/---,---,---").unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 2 * 24);
    assert_eq!(moves[0].to_string(), "x@a13");
    assert_eq!(moves[1].to_string(), "o@a13");
    let mut p = pos;
    for m in ["o@b21", "o@b23"] {
        p.play(p.parse_move(m).unwrap()).unwrap();
    }
    // The pillar b21 b22 b23 is blocked by the x on b22: no line yet.
    assert!(!p.is_over());
    let mut p = pos;
    for m in ["x@b21", "x@b23"] {
        p.play(p.parse_move(m).unwrap()).unwrap();
    }
    assert_eq!(p.scores(), [1, 0]);
    assert!(p.legal_moves().is_empty());
}
