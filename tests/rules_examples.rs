//! The worked examples and stated facts of `rules/knight.md`, `rules/bishop.md`,
//! `rules/dots.md` and `spec/interface.md`, one test each, and the facts of
//! the interface that hold for every game of the registry. (Quatro's
//! examples, like any new game's, live in its folder:
//! `src/game/quatro/rules_examples.rs`.)

use tabula::game::GameMove;
use tabula::game::{Game, Player};
use tabula::games::numbered::parse_square;
use tabula::games::{AnyPosition, Bishop, BishopSolo, Dots, DotsSolo, GameId, Knight, KnightSolo};
use tabula::lisp;
use tabula::problems;
use tabula::setup::parse_spec;

/// A board string of `side` × `side` cells with the given cells set.
fn board(side: usize, cells: &[(&str, &str)]) -> String {
    let mut rows = vec![vec!["-".to_string(); side]; side];
    for (name, cell) in cells {
        let sq = parse_square(name, side).expect("square") as usize;
        rows[sq / 10][sq % 10] = cell.to_string();
    }
    rows.iter()
        .map(|r| r.join(","))
        .collect::<Vec<_>>()
        .join("/")
}

fn knight_solo(cells: &[(&str, &str)]) -> KnightSolo {
    KnightSolo::from_fen(&format!("knight-solo {} 0", board(10, cells))).unwrap()
}

fn knight(cells: &[(&str, &str)], side: &str) -> Knight {
    Knight::from_fen(&format!("knight {} {side} 0 0", board(10, cells))).unwrap()
}

fn sq(name: &str) -> u8 {
    parse_square(name, 10).unwrap()
}

fn play<G: Game>(pos: &mut G, moves: &[&str]) {
    for m in moves {
        let mv = pos.parse_legal(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap();
    }
}

fn names<G: Game>(pos: &G) -> Vec<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

/// The best score reachable from `pos` within `plies` moves, and the fewest
/// moves reaching at least `target` (exhaustive search).
fn best<G: Game>(pos: &G, plies: u32, target: u32, depth: u32, fewest: &mut Option<u32>) -> u32 {
    let score = pos.scores()[0];
    if score >= target && fewest.is_none_or(|f| depth < f) {
        *fewest = Some(depth);
    }
    if plies == 0 {
        return score;
    }
    let mut top = score;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        top = top.max(best(&child, plies - 1, target, depth + 1, fewest));
    }
    top
}

#[test]
fn problem_a_path_scores_72_in_three_states() {
    let pos = parse_spec("problem knight-solo A moves b1 c3 d5", None).unwrap();
    assert_eq!(pos.scores()[0], 72);
    let root = problems::builtin_knight()[0].position;
    assert_eq!(root.target(), Some(70));
    let mut fewest = None;
    let top = best(&root, 20, 70, 0, &mut fewest);
    assert_eq!(fewest, Some(3), "the optimum has 3 states after the root");
    assert_eq!(top, 72);
}

#[test]
fn problem_e_tops_out_at_250() {
    let root = problems::builtin_knight()[4].position;
    assert_eq!(root.target(), Some(300));
    let mut fewest = None;
    assert_eq!(best(&root, 100, 300, 0, &mut fewest), 250);
    assert_eq!(fewest, None);
}

#[test]
fn bishop_problem_c_is_unreachable() {
    let root = problems::builtin_bishop()[2].position;
    assert_eq!(root.target(), Some(300));
    let mut fewest = None;
    assert!(best(&root, 100, 300, 0, &mut fewest) < 300);
    assert_eq!(fewest, None);
}

#[test]
fn landing_on_77_removes_99_the_largest_other_double() {
    let mut pos = knight_solo(&[("a1", "77"), ("e5", "99"), ("f5", "88"), ("g5", "00")]);
    play(&mut pos, &["a1"]);
    assert_eq!(pos.scores()[0], 77);
    assert_eq!(pos.number(sq("e5")), None);
    assert_eq!(pos.number(sq("f5")), Some(88));
    assert_eq!(pos.number(sq("g5")), Some(0));
}

#[test]
fn symmetric_rule_57_05_10() {
    for (land, mirror) in [("57", "75"), ("05", "50"), ("10", "01"), ("5", "50")] {
        let mut pos = knight_solo(&[("c1", land), ("h8", mirror), ("h9", "13")]);
        play(&mut pos, &["c1"]);
        assert_eq!(pos.number(sq("h8")), None, "{land} removes {mirror}");
        assert_eq!(
            pos.number(sq("h9")),
            Some(13),
            "{land} removes nothing else"
        );
        assert_eq!(pos.scores()[0], land.parse::<u32>().unwrap());
    }
    // Nothing to remove: nothing happens.
    let mut pos = knight_solo(&[("c1", "57"), ("h9", "13")]);
    play(&mut pos, &["c1"]);
    assert_eq!(pos.number(sq("h9")), Some(13));
}

#[test]
fn zero_zero_is_a_double() {
    // Landing on 00 removes the largest other double.
    let mut pos = knight_solo(&[("a1", "00"), ("e5", "22"), ("f5", "11"), ("g5", "21")]);
    play(&mut pos, &["a1"]);
    assert_eq!(pos.number(sq("e5")), None);
    assert_eq!(
        (pos.number(sq("f5")), pos.number(sq("g5"))),
        (Some(11), Some(21))
    );
    // Landing on 11 with only 00 left removes 00.
    let mut pos = knight_solo(&[("a1", "11"), ("e5", "00"), ("f5", "10")]);
    play(&mut pos, &["a1"]);
    assert_eq!(pos.number(sq("e5")), None);
    assert_eq!(pos.number(sq("f5")), Some(10));
}

#[test]
fn removal_acts_on_numbers_every_copy() {
    // Two 75s: landing on 57 removes both.
    let mut pos = knight_solo(&[("a1", "57"), ("e5", "75"), ("f6", "75"), ("g7", "76")]);
    play(&mut pos, &["a1"]);
    assert_eq!((pos.number(sq("e5")), pos.number(sq("f6"))), (None, None));
    assert_eq!(pos.number(sq("g7")), Some(76));
    // Two 66s, a 44: landing on 44 removes both 66s.
    let mut pos = knight_solo(&[("a1", "44"), ("e5", "66"), ("f6", "66"), ("g7", "55")]);
    play(&mut pos, &["a1"]);
    assert_eq!((pos.number(sq("e5")), pos.number(sq("f6"))), (None, None));
    assert_eq!(pos.number(sq("g7")), Some(55));
    // A second copy of the landed double is the largest other double.
    let mut pos = knight_solo(&[("a1", "33"), ("e5", "33"), ("f6", "22")]);
    play(&mut pos, &["a1"]);
    assert_eq!(pos.number(sq("e5")), None);
    assert_eq!(pos.number(sq("f6")), Some(22));
}

#[test]
fn attack_rule() {
    // White on e5, black on g5 (same colour): f7 and f3 are attacked by black.
    let mut cells = vec![("e5", "W"), ("g5", "B")];
    for s in ["d7", "f7", "g6", "g4", "f3", "d3", "c4", "c6"] {
        cells.push((s, "12"));
    }
    let pos = knight(&cells, "w");
    assert_eq!(names(&pos), ["d7", "g6", "g4", "d3", "c4", "c6"]);
    let err = pos.parse_legal("f7").unwrap_err();
    assert!(
        err.is_illegal() && err.to_string().contains("attacked"),
        "{err}"
    );
    // Nor on the opponent's square.
    assert!(pos.parse_legal("g5").is_err());
    // Bishop: not on the opponent's diagonals, wherever the numbers are.
    let b = Bishop::from_fen(&format!(
        "bishop {} w 0 0",
        board(
            8,
            &[
                ("c1", "W"),
                ("g5", "B"),
                ("e3", "34"),
                ("d2", "12"),
                ("a3", "43")
            ]
        )
    ))
    .unwrap();
    // e3 and d2 lie on g5's diagonal (g5-f4-e3-d2-c1); only a3 is allowed.
    assert_eq!(names(&b), ["a3"]);
}

#[test]
fn pass_is_legal_only_when_forced() {
    // White has a move: no pass.
    let pos = knight(
        &[("a1", "W"), ("b3", "10"), ("j10", "B"), ("i8", "20")],
        "w",
    );
    assert_eq!(names(&pos), ["b3"]);
    assert!(pos.parse_legal("pass").unwrap_err().is_illegal());
    // White is stuck, black is not: the pass is the only move.
    let mut pos = knight(&[("a1", "W"), ("j10", "B"), ("i8", "20")], "w");
    assert_eq!(names(&pos), ["pass"]);
    assert!(pos.parse_legal("b3").is_err());
    play(&mut pos, &["pass"]);
    assert_eq!(pos.side_to_move(), Player::Two);
    assert!(pos.parse_legal("pass").is_err());
    play(&mut pos, &["i8"]);
    // Neither can move: the game is over, no pass.
    assert!(pos.is_over());
    assert!(names(&pos).is_empty());
    assert!(pos.parse_legal("pass").is_err());
    assert_eq!(pos.outcome(), Some(tabula::game::Outcome::Win(Player::Two)));
    // The puzzle never passes.
    let solo = knight_solo(&[("a1", "W")]);
    assert!(solo.is_over());
    assert!(solo.parse_move("pass").is_err());
}

#[test]
fn a_knight_always_changes_colour_so_only_the_same_colour_side_is_restricted() {
    let colour = |s: u8| (s / 10 + s % 10) % 2;
    let mut restricted = 0;
    for seed in 0..40u64 {
        let mut pos: Knight = tabula::games::numbered::random::duel(seed);
        while !pos.is_over() {
            let me = pos.side_to_move();
            let moves = pos.legal_moves();
            if let (Some(a), Some(b)) = (pos.piece(me), pos.piece(me.other())) {
                // Every jump lands on the other colour.
                for mv in moves.iter().filter(|m| !m.is_pass()) {
                    assert_ne!(colour(mv.to()), colour(a));
                }
                // Jumps onto numbered squares that were refused.
                let all = reachable_numbers(&pos, a);
                let refused = all.iter().filter(|s| !moves.iter().any(|m| m.to() == **s));
                if colour(a) != colour(b) {
                    assert_eq!(refused.count(), 0, "seed {seed}: {pos}");
                } else {
                    restricted += refused.count();
                }
            }
            let mv = moves[(pos.hash() % moves.len() as u64) as usize];
            pos.play(mv).unwrap();
        }
    }
    assert!(restricted > 0, "the attack rule never restricted anybody");
}

/// Squares one knight jump from `from` that still hold a number.
fn reachable_numbers(pos: &Knight, from: u8) -> Vec<u8> {
    let (r, c) = ((from / 10) as i32, (from % 10) as i32);
    let mut out = Vec::new();
    for (dr, dc) in [
        (2, -1),
        (2, 1),
        (1, 2),
        (-1, 2),
        (-2, 1),
        (-2, -1),
        (-1, -2),
        (1, -2),
    ] {
        let (nr, nc) = (r + dr, c + dc);
        if (0..10).contains(&nr) && (0..10).contains(&nc) {
            let s = (nr * 10 + nc) as u8;
            if pos.number(s).is_some() {
                out.push(s);
            }
        }
    }
    out
}

#[test]
fn bishop_is_not_blocked_by_empty_squares() {
    // From a1 over the empty b2, c3 to d4; and on to f6 and h8 past the
    // numbers too: nothing blocks a slide, which is what makes the attack rule
    // "simply not on the same diagonal as the opponent" (rules/bishop.md).
    let pos = BishopSolo::from_fen(&format!(
        "bishop-solo {} 0",
        board(8, &[("a1", "W"), ("d4", "44"), ("f6", "66"), ("h8", "88")])
    ))
    .unwrap();
    assert_eq!(names(&pos), ["d4", "f6", "h8"]);
    // Operator order: (+1,+1), (+1,-1), (-1,-1), (-1,+1), nearer first.
    let pos = BishopSolo::from_fen(&format!(
        "bishop-solo {} 0",
        board(
            8,
            &[
                ("d4", "W"),
                ("f6", "11"),
                ("e5", "12"),
                ("b6", "13"),
                ("c5", "14"),
                ("b2", "15"),
                ("f2", "16"),
                ("g1", "17"),
            ]
        )
    ))
    .unwrap();
    assert_eq!(names(&pos), ["e5", "f6", "c5", "b6", "b2", "f2", "g1"]);
}

#[test]
fn bishop_problems_are_loaded_last_line_as_row_1() {
    let a = parse_spec("problem bishop-solo A", None).unwrap();
    // The last line of A is (NIL 23 NIL NIL 45 NIL NIL NIL).
    assert_eq!(a.legal_moves().len(), 2);
    let AnyPosition::BishopSolo(p) = a else {
        panic!("bishop-solo")
    };
    assert_eq!(p.number(sq("b1")), Some(23));
    assert_eq!(p.number(sq("e1")), Some(45));
    // Its first line, (NIL … NIL), is row 8; (34 NIL …) is the fourth line, row 5.
    assert_eq!(p.number(sq("a5")), Some(34));
    assert_eq!(p.target(), Some(100));
}

#[test]
fn dots_an_arc_closing_two_boxes_scores_two_and_keeps_the_turn() {
    let mut pos = Dots::from_fen("dots 1x2 11/11 1/0/1 2 0 0").unwrap();
    play(&mut pos, &["v1.2"]);
    assert_eq!(pos.scores(), [0, 2]);
    assert_eq!(pos.side_to_move(), Player::Two);
    assert!(pos.is_over());
    // One box closed: one point, the turn kept; nothing closed: the turn passes.
    let mut pos = Dots::from_fen("dots 1x2 11/11 1/0/0 1 0 0").unwrap();
    play(&mut pos, &["v1.2"]);
    assert_eq!((pos.scores(), pos.side_to_move()), ([1, 0], Player::One));
    let mut pos = Dots::empty(2, 2);
    play(&mut pos, &["h1.1"]);
    assert_eq!(pos.side_to_move(), Player::Two);
    // The puzzle counts boxes the same way.
    let mut solo = DotsSolo::from_fen("dots-solo 1x2 11/11 1/0/1 2").unwrap();
    play(&mut solo, &["v1.2"]);
    assert_eq!(solo.scores(), [2, 0]);
}

#[test]
fn course_arco_vertical_a_b_is_v_b_dot_a() {
    // (arco-vertical a b): a = dot column, b = box row. A 2 × 3 board whose
    // only arc is in V list a = 3 (third dot column), element b = 2.
    let state = "(((0 0 0) (0 0 0) (0 0 0)) ((0 0) (0 0) (0 1) (0 0)))";
    let pos: Dots =
        tabula::games::dots::lisp::dots_from_lisp(&lisp::read_one(state).unwrap()).unwrap();
    let arc = pos.parse_move("v2.3").unwrap();
    assert!(pos.is_drawn(arc));
    assert_eq!(pos.drawn_count(), 1);
    assert!(pos.parse_legal("v2.3").unwrap_err().is_illegal());
    // (arco-horizontal i j) is h<i>.<j>.
    let state = "(((0 0 0) (0 0 1) (0 0 0)) ((0 0) (0 0) (0 0) (0 0)))";
    let pos: Dots =
        tabula::games::dots::lisp::dots_from_lisp(&lisp::read_one(state).unwrap()).unwrap();
    assert!(pos.is_drawn(pos.parse_move("h2.3").unwrap()));
}

#[test]
fn interface_examples() {
    let text = "dots 2x2 00/00/00 00/00/00 1 0 0";
    let pos = Dots::from_fen(text).unwrap();
    assert_eq!(pos.fen(), text);
    assert_eq!(pos.legal_moves().len(), 12);
    assert_eq!(pos, Dots::empty(2, 2));
    let start = parse_spec("startpos", Some(GameId::Dots)).unwrap();
    assert_eq!(start.legal_moves().len(), 71);
    assert_eq!(
        start.fen(),
        "dots 5x6 000000/000000/000000/000000/000000/000000 \
         00000/00000/00000/00000/00000/00000/00000 1 0 0"
    );
    let AnyPosition::Dots(d) = start else {
        panic!("dots")
    };
    assert_eq!((d.rows(), d.cols(), d.box_count()), (5, 6, 30));
    // A knight-solo string without W is the puzzle's root; output uses two digits.
    let root =
        KnightSolo::from_fen(&format!("knight-solo {} 0 70", board(10, &[("b1", "2")]))).unwrap();
    assert_eq!(names(&root), ["b1"]);
    assert!(root.fen().starts_with("knight-solo -,02,-"));
    assert!(root.fen().ends_with(" 0 70"));
    // Input is case-insensitive, output lowercase.
    assert_eq!(root.parse_legal("B1").unwrap().to_string(), "b1");
}

#[test]
fn duel_string_without_pieces_gets_the_automatic_placement() {
    // White on the highest number of row 1 (45, removing 54), then black on
    // the highest remaining number of row 10 (88, removing the other double 22).
    let pos = knight(
        &[
            ("a1", "12"),
            ("d1", "45"),
            ("j1", "30"),
            ("e5", "54"),
            ("b10", "88"),
            ("c10", "61"),
            ("f5", "22"),
        ],
        "w",
    );
    assert_eq!(pos.piece(Player::One), Some(sq("d1")));
    assert_eq!(pos.piece(Player::Two), Some(sq("b10")));
    assert_eq!(pos.scores(), [45, 88]);
    assert_eq!(pos.number(sq("e5")), None);
    assert_eq!(pos.number(sq("f5")), None);
    assert_eq!(pos.number(sq("c10")), Some(61));
    // The bishop duel alike, on rows 1 and 8.
    let b = Bishop::from_fen(&format!(
        "bishop {} w 0 0",
        board(8, &[("a1", "12"), ("c1", "21"), ("h8", "33"), ("a8", "44")])
    ))
    .unwrap();
    assert_eq!(b.piece(Player::One), Some(sq("c1")));
    assert_eq!(b.piece(Player::Two), Some(sq("a8")));
    assert_eq!(b.number(sq("h8")), None);
    assert_eq!(b.number(sq("a1")), None);
}

#[test]
fn a_user_problems_file_with_problem_g_loads() {
    let g = "\n;; G: a new problem at the exam\n(\n90\n".to_string()
        + "(NIL 45 NIL NIL NIL NIL NIL NIL NIL NIL)\n"
        + "(NIL NIL NIL 54 NIL NIL NIL NIL NIL NIL)\n"
        + "(NIL NIL 45 NIL NIL NIL NIL NIL NIL NIL)\n"
        + &"(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)\n".repeat(7)
        + ")\n";
    let set = problems::parse(&(problems::KNIGHT_DAT.to_string() + &g), None).unwrap();
    assert_eq!(set.game(), GameId::KnightSolo);
    assert_eq!(set.len(), 7);
    let (name, target, pos) = set.find("G").unwrap();
    assert_eq!((name.as_str(), target), ("G", 90));
    // b1 (45) removes 54 on d2, not the second 45 on c3, which then reaches 90.
    let mut pos = pos;
    pos.play_text("b1").unwrap();
    assert_eq!(pos.legal_moves().len(), 1);
    pos.play_text("c3").unwrap();
    assert_eq!(pos.scores()[0], 90);
    assert_eq!(pos.target(), Some(90));
}

#[test]
fn a_side_with_an_empty_home_row_is_never_placed_and_passes() {
    // Row 10 is empty: black cannot be placed. The position string then shows
    // only the W, and must read back as the same position.
    let pos = knight(
        &[("c1", "45"), ("b3", "21"), ("d2", "13"), ("c4", "66")],
        "w",
    );
    assert_eq!(pos.piece(Player::One), Some(sq("c1")));
    assert_eq!(pos.piece(Player::Two), None);
    let back = Knight::from_fen(&pos.fen()).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.fen(), pos.fen());
    let mut pos = pos;
    play(&mut pos, &["b3"]);
    assert_eq!(names(&pos), ["pass"]);
    play(&mut pos, &["pass", "d2", "pass", "c4"]);
    assert!(pos.is_over());
    assert_eq!(pos.scores(), [45 + 21 + 13 + 66, 0]);
    // A missing piece whose home row holds numbers is still an error.
    let bad = format!("knight {} w 0 0", board(10, &[("c1", "W"), ("c10", "45")]));
    assert_eq!(Knight::from_fen(&bad).unwrap_err().field, "board");
}

#[test]
fn knight_moves_come_in_operator_order() {
    // op1 (+2,-1) … op8 (+1,-2), rows growing downwards, from e5.
    let mut cells = vec![("e5", "W")];
    for s in ["c6", "c4", "d3", "f3", "g4", "g6", "f7", "d7"] {
        cells.push((s, "12"));
    }
    let pos = knight_solo(&cells);
    assert_eq!(
        names(&pos),
        ["d7", "f7", "g6", "g4", "f3", "d3", "c4", "c6"]
    );
    // Placement: the numbered squares of row 1, left to right.
    let pos = knight_solo(&[("j1", "1"), ("a1", "2"), ("e1", "3"), ("e2", "4")]);
    assert_eq!(names(&pos), ["a1", "e1", "j1"]);
}

#[test]
fn the_attack_rule_binds_black_too() {
    // Black on e5 to move, white on g5: f7 and f3 are attacked by white.
    let mut cells = vec![("e5", "B"), ("g5", "W")];
    for s in ["d7", "f7", "g6", "g4", "f3", "d3", "c4", "c6"] {
        cells.push((s, "12"));
    }
    let pos = knight(&cells, "b");
    assert_eq!(pos.side_to_move(), Player::Two);
    assert_eq!(names(&pos), ["d7", "g6", "g4", "d3", "c4", "c6"]);
}

// ---------------------------------------------------------------------------
// spec/interface.md, for every game of the registry

/// The starts a game offers: seeded random boards, the start position, the
/// course's problems.
fn starts_of(game: GameId) -> Vec<AnyPosition> {
    let setup = tabula::games::GameSetup::new(game);
    let mut out: Vec<AnyPosition> = (0..3).filter_map(|seed| setup.random(seed)).collect();
    out.extend(setup.startpos());
    if game.is_puzzle() {
        out.extend(
            problems::builtin(game)
                .entries()
                .into_iter()
                .map(|(_, _, p)| p),
        );
    }
    out
}

/// Position strings start with the game id and round-trip; moves are
/// written in lowercase and read in any case (interface §§ position
/// strings and notation), along a playout of every start of every game.
#[test]
fn every_game_writes_lowercase_reads_any_case_and_round_trips_its_strings() {
    for game in GameId::ALL {
        let starts = starts_of(game);
        assert!(!starts.is_empty(), "{game}: no start to check");
        for start in starts {
            let mut pos = start;
            let mut plies = 0;
            loop {
                let fen = pos.fen();
                assert_eq!(fen.split(' ').next(), Some(game.as_str()), "{fen}");
                assert_eq!(AnyPosition::from_fen(&fen).unwrap(), pos, "{fen}");
                let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
                for m in &moves {
                    assert_eq!(*m, m.to_lowercase(), "{game}: {m}");
                    let mut upper = pos;
                    upper.play_text(&m.to_uppercase()).unwrap_or_else(|e| {
                        panic!("{game}: {} not read in capitals: {e}", m.to_uppercase())
                    });
                    let mut lower = pos;
                    lower.play_text(m).unwrap();
                    assert_eq!(upper, lower, "{fen} {m}");
                }
                if moves.is_empty() || plies == 12 {
                    break;
                }
                pos.play_text(&moves[plies * 7 % moves.len()]).unwrap();
                plies += 1;
            }
        }
    }
}
