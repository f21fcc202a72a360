//! The worked examples and stated facts of `rules/adjiboto.md`, one test
//! each (a game's rules examples live in its folder).

use super::{Sow, NEXT};
use crate::game::{Game, LispInterchange, Outcome, Player};
use crate::games::{Adjiboto, AdjibotoSolo, AnyPosition, GameId};
use crate::lisp::read_one;
use crate::setup::parse_spec;

/// A duel from a Lisp board, player 1 to move, no seed captured.
fn duel(board: &str) -> Adjiboto {
    Adjiboto::from_lisp(&read_one(&format!("({board} (0 0))")).unwrap()).unwrap()
}

fn solo(board: &str) -> AdjibotoSolo {
    AdjibotoSolo::from_lisp(&read_one(board).unwrap()).unwrap()
}

#[test]
fn geometry_and_notation() {
    // §1.3, §1.4: (0,0) = f = t1, (0,5) = a = t6, (1,0) = A = b1, (1,5) = F = b6.
    let pos = Adjiboto::start();
    assert_eq!(pos.parse_move("t1").unwrap(), Sow(0));
    assert_eq!(pos.parse_move("T6").unwrap(), Sow(5));
    assert_eq!(pos.parse_move("b1").unwrap(), Sow(6));
    assert_eq!(pos.parse_move("B6").unwrap(), Sow(11));
    assert!(pos.parse_move("t7").is_err() && pos.parse_move("c1").is_err());
    // §2.1: A B C D E F, then a b c d e f, then A again.
    let mut p = 6u8;
    let mut order = Vec::new();
    for _ in 0..12 {
        order.push(Sow(p).to_string());
        p = NEXT[p as usize];
    }
    assert_eq!(order.join(" "), "b1 b2 b3 b4 b5 b6 t6 t5 t4 t3 t2 t1");
}

#[test]
fn example_move_e_captures_a_in_the_puzzle_only() {
    // §2.5: ((4 6 0 8 8 4) (4 3 8 5 8 4)), E = b5.
    let board = "((4 6 0 8 8 4) (4 3 8 5 8 4))";
    let mut puzzle = solo(board);
    puzzle.play(puzzle.parse_legal("b5").unwrap()).unwrap();
    assert_eq!(puzzle.to_lisp(), "((5 7 1 9 9 5) (0 3 8 5 0 5))");
    // The duel: player 2 moves b5; A is on its own row, no capture.
    let mut pos = Adjiboto::from_fen("adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 2 0 0").unwrap();
    pos.play(pos.parse_legal("b5").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "(((5 7 1 9 9 5) (5 3 8 5 0 5)) (0 0))");
    // Under the puzzle's opposite reading A is not captured either.
    let mut opposite = solo(board);
    opposite.set_opposite(true);
    opposite.play(opposite.parse_legal("b5").unwrap()).unwrap();
    assert_eq!(opposite.to_lisp(), "((5 7 1 9 9 5) (5 3 8 5 0 5))");
}

#[test]
fn example_move_f_captures_d_on_the_opposite_row() {
    // §2.5: same board, F = b6 (4 seeds into a b c d): d reaches 1.
    let mut pos = Adjiboto::from_fen("adjiboto 4,6,0,8,8,4 4,3,8,5,8,4 2 0 0").unwrap();
    pos.play(pos.parse_legal("b6").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "(((4 6 0 9 9 5) (4 3 8 5 8 0)) (0 1))");
    assert_eq!(pos.scores(), [0, 1]);
}

#[test]
fn the_championship_example_from_the_start() {
    // §2.5, §5.3: (0 0) = t1 from the start.
    let mut pos = duel("((8 8 8 8 8 8) (8 8 8 8 8 8))");
    assert_eq!(pos, Adjiboto::start());
    pos.play(pos.parse_legal("t1").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "(((0 8 8 8 9 9) (9 9 9 9 9 9)) (0 0))");
    assert_eq!(pos.side_to_move(), Player::Two);
}

#[test]
fn only_the_last_pit_is_captured_and_only_with_1_3_or_5() {
    // §2.3: t2 (2 seeds) sows t1 then b1; t1 reaches 1 but is not the last
    // pit; b1 reaches 2: no capture.
    let mut pos = duel("((0 2 0 0 0 0) (1 0 0 0 0 0))");
    pos.play(pos.parse_legal("t2").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "(((1 0 0 0 0 0) (2 0 0 0 0 0)) (0 0))");
    // b1 reaching 3 is captured.
    let mut pos = duel("((0 2 0 0 0 0) (2 0 0 0 0 0))");
    pos.play(pos.parse_legal("t2").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "(((1 0 0 0 0 0) (0 0 0 0 0 0)) (3 0))");
    // 5 is captured, 7 is not.
    for (before, taken) in [(4, 5), (6, 0)] {
        let mut pos = duel(&format!("((1 0 0 0 0 0) ({before} 0 0 0 0 0))"));
        pos.play(pos.parse_legal("t1").unwrap()).unwrap();
        assert_eq!(pos.scores()[0], taken, "{before} + 1");
    }
}

#[test]
fn the_origin_pit_is_skipped() {
    // §2.2: 12 seeds from t1: each of the 11 other pits gets one, the 12th
    // goes on to b1 (the pit after t1), t1 stays empty.
    let mut pos = solo("((12 0 0 0 0 0) (0 0 0 0 0 0))");
    pos.play(pos.parse_legal("t1").unwrap()).unwrap();
    assert_eq!(pos.to_lisp(), "((0 1 1 1 1 1) (2 1 1 1 1 1))");
}

#[test]
fn the_duel_moves_its_own_row_passes_and_ends_empty() {
    // §4.2: player 1 empties a pit of the top row only.
    let pos = Adjiboto::start();
    assert!(pos.parse_legal("b1").is_err());
    // §4.3: a player with no seed on their row passes.
    let mut pos = Adjiboto::from_fen("adjiboto 0,0,0,0,0,0 0,0,0,0,0,1 1 47 47").unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["pass"]);
    pos.play(Sow::PASS).unwrap();
    // b6 (1 seed) into t6 (a): 1 on the opposite row, captured: 47-48.
    pos.play(pos.parse_legal("b6").unwrap()).unwrap();
    assert!(pos.is_over());
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Two)));
    // §4.4: 48-48 is a draw.
    let pos = Adjiboto::from_fen("adjiboto 0,0,0,0,0,0 0,0,0,0,0,0 1 48 48").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
}

#[test]
fn one_hundred_quiet_plies_end_the_duel() {
    // §4.5: the seeds left count for nobody.
    // t3 (2 seeds) ends in t1, on the mover's own row: no capture.
    let pos = Adjiboto::from_fen("adjiboto 0,0,2,0,0,0 0,0,0,0,0,2 1 40 30 99").unwrap();
    assert!(!pos.is_over());
    let mut after = pos;
    after.play(after.parse_legal("t3").unwrap()).unwrap();
    assert_eq!(after.quiet(), 100);
    assert!(after.is_over());
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::One)));
}

#[test]
fn the_puzzle_moves_either_row_and_aims_at_the_empty_board() {
    // §3.1, §3.4: any non-empty pit, t1 … t6 b1 … b6.
    let pos = solo("((0 0 0 0 0 2) (0 0 0 0 4 0))");
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["t6", "b5"]);
    assert_eq!(pos.target(), Some(1));
    assert_eq!(pos.scores(), [0, 0]);
    let empty = solo("((0 0 0 0 0 0) (0 0 0 0 0 0))");
    assert!(empty.is_over());
    assert_eq!(empty.scores(), [1, 0]);
}

#[test]
fn the_course_problems_load_and_an_extra_one_too() {
    // §3.5: seven problems a)–g), named A–G.
    let set = crate::problems::builtin(GameId::AdjibotoSolo);
    assert_eq!(set.len(), 7);
    let (_, _, a) = set.find("A").unwrap();
    assert_eq!(a.fen(), "adjiboto-solo 0,0,0,0,0,2 0,0,0,0,4,0");
    let (_, _, g) = set.find("G").unwrap();
    assert_eq!(g.fen(), "adjiboto-solo 8,8,8,8,8,8 8,8,8,8,8,8");
    // A file with a problem h loads.
    let text = format!(
        "{}\n((1 0 0 0 0 0) (0 0 0 0 0 0))\n",
        crate::problems::builtin_of::<AdjibotoSolo>()
            .iter()
            .map(|p| p.position.to_lisp())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let set = crate::problems::parse(&text, None).unwrap();
    assert_eq!(set.game(), GameId::AdjibotoSolo);
    assert_eq!(set.len(), 8);
    let (_, _, h) = set.find("H").unwrap();
    let AnyPosition::AdjibotoSolo(h) = h else {
        panic!("not adjiboto-solo")
    };
    assert_eq!(h.seeds(), 1);
}

#[test]
fn known_optimum_of_problem_a_is_4_moves() {
    // §3.6: a) takes 4 moves (any row) and 9 (opposite row); iterative
    // deepening over plain moves.
    fn fewest(pos: &AdjibotoSolo, depth: u32) -> bool {
        if pos.empty() {
            return true;
        }
        depth > 0
            && pos.legal_moves().into_iter().any(|m| {
                let mut c = *pos;
                c.play_unchecked(m);
                fewest(&c, depth - 1)
            })
    }
    let a = solo("((0 0 0 0 0 2) (0 0 0 0 4 0))");
    let optimum = (0..12).find(|&d| fewest(&a, d));
    assert_eq!(optimum, Some(4));
    let mut opposite = a;
    opposite.set_opposite(true);
    assert_eq!((0..12).find(|&d| fewest(&opposite, d)), Some(9));
}

#[test]
fn startpos_is_eight_seeds_everywhere_player_one_to_move() {
    let pos = parse_spec("startpos", Some(GameId::Adjiboto)).unwrap();
    assert_eq!(pos.fen(), "adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0");
    assert!(parse_spec("startpos", Some(GameId::AdjibotoSolo)).is_err());
    // The opposite reading is a field of the puzzle's string.
    let pos = parse_spec("fen adjiboto-solo 0,0,0,0,0,2 0,0,0,0,4,0 OPPOSITE", None).unwrap();
    assert_eq!(pos.fen(), "adjiboto-solo 0,0,0,0,0,2 0,0,0,0,4,0 opposite");
}
