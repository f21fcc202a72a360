//! The worked examples and stated facts of `rules/quatro.md`, one test each
//! (a game's rules examples live in its folder).

use super::{parse_piece, piece_str, LINES};
use crate::game::{Game, LispInterchange, Outcome, Player};
use crate::games::{AnyPosition, GameId, Quatro, QuatroSolo};
use crate::lisp;
use crate::setup::parse_spec;

const EMPTY: &str = "-,-,-,-/-,-,-,-/-,-,-,-/-,-,-,-";

#[test]
fn pieces_letters_and_canonical_order() {
    // §1.3: brao = branca redonda alta oca, pqbc = preta quadrada baixa cheia.
    let brao = parse_piece("brao").unwrap();
    assert_eq!(
        crate::games::quatro::lisp::piece_to_lisp(brao),
        "(branca redonda alta oca)"
    );
    assert_eq!(
        crate::games::quatro::lisp::piece_to_lisp(parse_piece("pqbc").unwrap()),
        "(preta quadrada baixa cheia)"
    );
    // §1.4: the canonical order is the duel's reserve and move order.
    let order = "brao prao brbo prbo bqao pqao bqbo pqbo brac prac brbc prbc bqac pqac bqbc pqbc";
    let names: Vec<String> = (0..16).map(piece_str).collect();
    assert_eq!(names.join(" "), order);
    let start = Quatro::startpos_for_tests();
    let pieces: Vec<String> = start.reserve().iter().map(|&p| piece_str(p)).collect();
    assert_eq!(pieces.join(" "), order);
    // §1.1: each value is carried by 8 pieces.
    for bit in 0..4 {
        assert_eq!((0..16u8).filter(|p| p >> bit & 1 == 1).count(), 8);
    }
}

#[test]
fn squares_lines_and_the_operator_example() {
    // §2.2: a1 top-left, B3 second column of the third row; §5.2:
    // (3 2 (preta quadrada baixa cheia) estado) places on C2, second row,
    // third cell.
    let mut pos = Quatro::startpos_for_tests();
    pos.play(pos.parse_move("pqbc@C2").unwrap()).unwrap();
    assert_eq!(pos.fen(), "quatro -,-,-,-/-,-,pqbc,-/-,-,-,-/-,-,-,- 2");
    assert!(pos
        .to_lisp()
        .starts_with("(((0 0 0 0) (0 0 (preta quadrada baixa cheia) 0)"));
    // §2.3: 10 lines, the two diagonals a1 b2 c3 d4 and a4 b3 c2 d1.
    assert_eq!(LINES.len(), 10);
    assert!(LINES.iter().all(|l| l.count_ones() == 4));
}

#[test]
fn a_line_wins_when_its_four_pieces_share_a_value() {
    // §2.4: four dark pieces on the diagonal a4 b3 c2 d1 (nothing else in
    // common: round/square, tall/short, hollow/solid mixed).
    let pos = Quatro::from_fen("quatro -,-,-,pqac/-,-,prbc,-/-,pqbo,-,-/prao,-,-,- 1").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Two)));
    // No common value: no win, though the line is full.
    let pos = Quatro::from_fen("quatro brao,pqbc,brbc,pqao/-,-,-,-/-,-,-,-/-,-,-,- 1").unwrap();
    assert!(!pos.is_over());
    // A line with an empty square never counts.
    let pos = Quatro::from_fen("quatro brao,prao,brbo,-/-,-,-,-/-,-,-,-/-,-,-,- 2").unwrap();
    assert!(!pos.is_over());
}

#[test]
fn the_duel_ends_at_once_or_in_a_draw() {
    // §4.3: the mover completing a line wins at once, even with pieces left.
    let mut pos = Quatro::from_fen("quatro brao,prao,brbo,-/-,-,-,-/-,-,-,-/-,-,-,- 2").unwrap();
    pos.play(pos.parse_legal("prbo@d1").unwrap()).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Two)));
    assert!(pos.legal_moves().is_empty());
    // §4.4: a full board without a winning line is a draw.
    let mut pos = Quatro::from_fen(
        "quatro prbc,bqbo,pqbo,pqao/brac,pqbc,brbo,bqbc/prbo,prac,pqac,bqao/bqac,prao,brbc,- 1",
    )
    .unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    pos.play(pos.parse_legal("brao@d4").unwrap()).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    // §4.2: any reserve piece on any empty square: 16 x 16 at the start.
    assert_eq!(Quatro::startpos_for_tests().legal_moves().len(), 256);
}

#[test]
fn the_puzzle_reserve_order_and_repeats() {
    // §3.4: pieces in reserve order, a repeated piece tried once, then
    // squares a1 b1 c1 d1 a2 …; §3.6: repeats are accepted.
    let pos = QuatroSolo::from_fen(&format!("quatro-solo {EMPTY} pqbc,brao,pqbc")).unwrap();
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves.len(), 32);
    assert_eq!(
        &moves[..5],
        ["pqbc@a1", "pqbc@b1", "pqbc@c1", "pqbc@d1", "pqbc@a2"]
    );
    assert_eq!(moves[16], "brao@a1");
    // The goal is a winning line: score 1, target 1.
    assert_eq!(pos.target(), Some(1));
}

#[test]
fn the_course_problems_load_with_problem_d_as_given() {
    let set = crate::problems::builtin(GameId::QuatroSolo);
    assert_eq!(set.len(), 6);
    let (_, _, d) = set.find("D").unwrap();
    let AnyPosition::QuatroSolo(d) = d else {
        panic!("not quatro-solo")
    };
    // Row 1 holds bqbc brac prac pqbo; the reserve keeps bqbo (not bqbc).
    assert_eq!(
        d.fen().split(' ').nth(1).unwrap(),
        "bqbc,brac,prac,pqbo/-,-,-,-/-,-,-,-/-,-,-,-"
    );
    assert!(d.reserve().contains(&parse_piece("bqbo").unwrap()));
    // A file with a problem G inserted loads any number of problems.
    let text = format!(
        "{}\n(((0 0 0 0) (0 0 0 0) (0 0 0 0) (0 0 0 0)) ((branca redonda alta oca)))\n",
        crate::problems::builtin_of::<QuatroSolo>()
            .iter()
            .map(|p| p.position.to_lisp())
            .collect::<Vec<_>>()
            .join("\n")
    );
    let set = crate::problems::parse(&text, None).unwrap();
    assert_eq!(set.game(), GameId::QuatroSolo);
    assert_eq!(set.len(), 7);
    // The Lisp state round-trips.
    let state = lisp::read_one(&d.to_lisp()).unwrap();
    assert_eq!(QuatroSolo::from_lisp(&state).unwrap(), d);
}

#[test]
fn startpos_is_the_empty_board_player_one_to_move() {
    let pos = parse_spec("startpos", Some(GameId::Quatro)).unwrap();
    assert_eq!(pos.fen(), format!("quatro {EMPTY} 1"));
    assert!(parse_spec("startpos", Some(GameId::QuatroSolo)).is_err());
}

trait Start {
    fn startpos_for_tests() -> Quatro;
}

impl Start for Quatro {
    fn startpos_for_tests() -> Quatro {
        Quatro::from_fen(&format!("quatro {EMPTY} 1")).unwrap()
    }
}
