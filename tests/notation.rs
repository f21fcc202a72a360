//! Notation: malformed position strings are refused with an error naming the
//! field at fault; no input of any kind makes a parser panic; the course's
//! Lisp boards round-trip.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::game::Game;
use tabula::games::any::PositionError;
use tabula::games::{AnyPosition, Bishop, BishopSolo, Dots, DotsSolo, GameId, Knight, KnightSolo};
use tabula::setup::parse_spec;
use tabula::{lisp, problems};

/// A board of `side` rows of `side` cells, every cell `fill`, with overrides.
fn rows(side: usize, fill: &str, set: &[(usize, usize, &str)]) -> String {
    let mut b = vec![vec![fill.to_string(); side]; side];
    for &(r, c, cell) in set {
        b[r][c] = cell.to_string();
    }
    b.iter().map(|r| r.join(",")).collect::<Vec<_>>().join("/")
}

fn knight_board() -> String {
    rows(10, "-", &[(0, 0, "W"), (9, 9, "B"), (4, 4, "12")])
}

fn bishop_board() -> String {
    rows(8, "-", &[(0, 0, "W"), (7, 7, "B"), (4, 4, "12")])
}

/// Asserts that `text` is refused and the error names `field`.
fn refused(text: &str, field: &str) {
    match AnyPosition::from_fen(text) {
        Ok(pos) => panic!("accepted {text:?} as {pos}"),
        Err(PositionError::Fen(_, e)) => {
            assert_eq!(e.field, field, "{text:?}: {e}");
            // The message names the field too.
            assert!(e.to_string().starts_with(field), "{e}");
        }
        Err(e) => panic!("{text:?}: expected a field error, got {e}"),
    }
}

#[test]
fn the_fixtures_themselves_are_valid() {
    for text in [
        format!("knight {} w 0 0", knight_board()),
        format!("knight-solo {} 0", rows(10, "-", &[(0, 0, "W")])),
        format!("bishop {} b 1 2", bishop_board()),
        format!("bishop-solo {} 3 100", rows(8, "-", &[(2, 2, "11")])),
        "dots 2x2 00/00/00 00/00/00 1 0 0".to_string(),
        "dots-solo 2x2 00/00/00 00/00/00 3".to_string(),
    ] {
        let pos = AnyPosition::from_fen(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(pos.fen(), text);
    }
}

#[test]
fn malformed_knight_and_bishop_strings_name_the_field() {
    let kb = knight_board();
    let bb = bishop_board();
    let cases: Vec<(String, &str)> = vec![
        ("knight".into(), "field 2"),
        (format!("knight {kb}"), "field 3"),
        (format!("knight {kb} w 0"), "field 5"),
        (format!("knight {kb} w 0 0 7"), "field 6"),
        (format!("knight {kb} x 0 0"), "side to move"),
        (format!("knight {kb} white 0 0"), "side to move"),
        (format!("knight {kb} w -1 0"), "score1"),
        (format!("knight {kb} w 1.5 0"), "score1"),
        (format!("knight {kb} w 99999999999999 0"), "score1"),
        (format!("knight {kb} w 0 x"), "score2"),
        (format!("knight {kb} w 0 +3"), "score2"),
        (
            format!("knight {} w 0 0", ["-,-,-,-,-,-,-,-,-,-"; 9].join("/")),
            "board",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[]) + "/"),
            "board",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[]).replacen("-,", "", 1)),
            "row 1",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[(2, 6, "x")])),
            "row 3, cell 7",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[(0, 0, "100")])),
            "row 1, cell 1",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[(9, 9, "-1")])),
            "row 10, cell 10",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[(4, 4, "")])),
            "row 5, cell 5",
        ),
        (
            format!("knight {} w 0 0", rows(10, "-", &[(4, 4, "1 2")])),
            "field 6",
        ),
        (
            format!(
                "knight {} w 0 0",
                rows(10, "-", &[(0, 0, "W"), (5, 5, "W")])
            ),
            "row 6, cell 6",
        ),
        (
            format!(
                "knight {} w 0 0",
                rows(10, "-", &[(0, 0, "B"), (5, 5, "B")])
            ),
            "row 6, cell 6",
        ),
        (
            format!("knight {} w 0 0", rows(10, "7", &[(0, 0, "W")])),
            "board",
        ),
        (
            format!("knight {} w 0 0", rows(10, "7", &[(0, 0, "B")])),
            "board",
        ),
        ("knight-solo".into(), "field 2"),
        (format!("knight-solo {} x", rows(10, "-", &[])), "score"),
        (format!("knight-solo {} 0 -5", rows(10, "-", &[])), "target"),
        (
            format!("knight-solo {} 0 5 6", rows(10, "-", &[])),
            "field 5",
        ),
        (
            format!("knight-solo {} 0", rows(10, "-", &[(3, 3, "B")])),
            "row 4, cell 4",
        ),
        (
            format!(
                "knight-solo {} 0",
                rows(10, "-", &[(3, 3, "W"), (3, 4, "W")])
            ),
            "row 4, cell 5",
        ),
        (format!("bishop {kb} w 0 0"), "board"),
        (format!("bishop {bb} w 0 0 0"), "field 6"),
        (format!("bishop {bb} 1 0 0"), "side to move"),
        (
            format!("bishop {} w 0 0", rows(8, "-", &[(7, 0, "888")])),
            "row 8, cell 1",
        ),
        (
            format!("bishop {} w 0 0", rows(8, "-", &[]).replacen("/", ",-/", 1)),
            "row 1",
        ),
        (format!("bishop-solo {} 0", rows(10, "-", &[])), "board"),
        (
            format!("bishop-solo {} 0", rows(8, "-", &[(7, 7, "B")])),
            "row 8, cell 8",
        ),
        (format!("bishop-solo {} y", rows(8, "-", &[])), "score"),
        (format!("bishop-solo {} 1 z", rows(8, "-", &[])), "target"),
    ];
    for (text, field) in &cases {
        refused(text, field);
    }
    // The game id is checked by each game's own parser.
    assert_eq!(
        Knight::from_fen(&format!("bishop {bb} w 0 0"))
            .unwrap_err()
            .field,
        "game id"
    );
    assert_eq!(Bishop::from_fen("").unwrap_err().field, "game id");
    assert_eq!(
        KnightSolo::from_fen(&format!("knight {kb} w 0 0"))
            .unwrap_err()
            .field,
        "game id"
    );
    assert_eq!(BishopSolo::from_fen("dots").unwrap_err().field, "game id");
}

#[test]
fn malformed_dots_strings_name_the_field() {
    for (text, field) in [
        ("dots", "field 2"),
        ("dots 2x2 00/00/00 00/00/00 1 0", "field 7"),
        ("dots 2x2 00/00/00 00/00/00 1 0 0 0", "field 8"),
        ("dots 0x2 00 000/000 1 0 0", "size"),
        ("dots 2x11 00/00/00 00/00/00 1 0 0", "size"),
        ("dots 2by2 00/00/00 00/00/00 1 0 0", "size"),
        ("dots x2 00/00/00 00/00/00 1 0 0", "size"),
        ("dots -2x2 00/00/00 00/00/00 1 0 0", "size"),
        ("dots 2x2 00/00 00/00/00 1 0 0", "H"),
        ("dots 2x2 00/00/00/00 00/00/00 1 0 0", "H"),
        ("dots 2x2 000/00/00 00/00/00 1 0 0", "H group 1"),
        ("dots 2x2 00/0/00 00/00/00 1 0 0", "H group 2"),
        ("dots 2x2 00/00/03 00/00/00 1 0 0", "H group 3, character 2"),
        ("dots 2x2 00/00/00 00/00 1 0 0", "V"),
        ("dots 2x2 00/00/00 00/00/0 1 0 0", "V group 3"),
        ("dots 2x2 00/00/00 00/0x/00 1 0 0", "V group 2, character 2"),
        ("dots 2x2 00/00/00 00/00/00 0 0 0", "side to move"),
        ("dots 2x2 00/00/00 00/00/00 w 0 0", "side to move"),
        ("dots 2x2 00/00/00 00/00/00 1 5 0", "score1"),
        ("dots 2x2 00/00/00 00/00/00 1 0 -1", "score2"),
        ("dots 2x2 00/00/00 00/00/00 1 3 3", "score2"),
        ("dots-solo", "field 2"),
        ("dots-solo 2x2 00/00/00", "field 4"),
        ("dots-solo 2x2 00/00/00 00/00/00 1 2", "field 6"),
        ("dots-solo 2x2 00/00/00 00/00/00 5", "target"),
        ("dots-solo 2x2 00/00/00 00/00/00 t", "target"),
        ("dots-solo 2x2 00/00/00 00/00/03", "V group 3, character 2"),
        ("dots-solo 1x1 0/0 0/0/0", "V"),
    ] {
        refused(text, field);
    }
    assert_eq!(
        Dots::from_fen("dots-solo 1x1 0/0 0/0").unwrap_err().field,
        "game id"
    );
    assert_eq!(
        DotsSolo::from_fen("dots 1x1 0/0 0/0 1 0 0")
            .unwrap_err()
            .field,
        "game id"
    );
    assert!(matches!(
        AnyPosition::from_fen("chess 8/8 w"),
        Err(PositionError::UnknownGame(_))
    ));
    assert!(matches!(
        AnyPosition::from_fen(""),
        Err(PositionError::UnknownGame(_))
    ));
}

#[test]
fn malformed_moves_are_syntax_errors_and_wrong_ones_illegal() {
    let knight = Knight::from_fen(&format!("knight {} w 0 0", knight_board())).unwrap();
    for bad in [
        "", "a", "a0", "a11", "k1", "a01", "1a", "é1", "a1 ", "pas", "passs", "a-1",
    ] {
        let e = knight.parse_move(bad).unwrap_err();
        assert!(!e.is_illegal(), "{bad:?}: {e}");
    }
    assert!(knight.parse_legal("j10").unwrap_err().is_illegal());
    let bishop = Bishop::from_fen(&format!("bishop {} w 0 0", bishop_board())).unwrap();
    for bad in ["i1", "a9", "j10", "é"] {
        assert!(!bishop.parse_move(bad).unwrap_err().is_illegal(), "{bad}");
    }
    let dots = Dots::empty(2, 3);
    for bad in [
        "", "h", "h1", "h1.", "h.1", "h0.1", "h1.0", "h4.1", "h1.4", "v3.1", "v1.5", "x1.1",
        "h1.1.1", "h+1.1", "h001.1", "v1,1", "hé.1", "h1.é",
    ] {
        assert!(!dots.parse_move(bad).unwrap_err().is_illegal(), "{bad:?}");
    }
}

/// Random inputs: raw bytes, words of the notations, and mutations of valid
/// strings. Nothing may panic; whatever is accepted must write back to a
/// string that reads back to the same position.
#[test]
fn no_parser_panics_on_random_input() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let valid: Vec<String> = vec![
        format!("knight {} w 0 0", knight_board()),
        format!("knight-solo {} 0 70", rows(10, "-", &[(0, 1, "02")])),
        format!("bishop {} b 1 2", bishop_board()),
        format!("bishop-solo {} 3 100", rows(8, "-", &[(2, 2, "11")])),
        "dots 2x2 00/00/00 00/00/00 1 0 0".to_string(),
        "dots-solo 2x3 120/000/001 01/00/20/00 3".to_string(),
        "problem knight-solo A moves b1 c3".to_string(),
        "random dots 5 3x3 moves h1.1".to_string(),
        problems::KNIGHT_DAT
            .lines()
            .take(30)
            .collect::<Vec<_>>()
            .join("\n"),
        problems::DOTS_DAT.to_string(),
        "(((0 1) (0 0) (1 1)) ((0 1) (2 0) (0 0)))".to_string(),
    ];
    let words = [
        "knight",
        "knight-solo",
        "bishop",
        "bishop-solo",
        "dots",
        "dots-solo",
        "fen",
        "startpos",
        "random",
        "problem",
        "moves",
        "w",
        "b",
        "W",
        "B",
        "-",
        "/",
        ",",
        "0",
        "1",
        "2",
        "99",
        "100",
        "-1",
        "-2",
        "18446744073709551616",
        "4294967296",
        "65536",
        "x",
        "10x10",
        "11x1",
        "0x0",
        "3x3",
        "A",
        "G",
        "Z",
        "27",
        "0",
        "pass",
        "a1",
        "j10",
        "h1.1",
        "v9.9",
        "(",
        ")",
        "'",
        ";",
        "#|",
        "|#",
        "NIL",
        "T",
        "nil",
        "é",
        "💥",
        "\u{0}",
        "\t",
        "\n",
    ];
    let positions: Vec<AnyPosition> = [
        "random knight 1",
        "random knight-solo 1",
        "random bishop 1",
        "problem bishop-solo D",
        "startpos",
        "problem dots-solo A",
    ]
    .iter()
    .map(|s| parse_spec(s, Some(GameId::Dots)).unwrap())
    .collect();
    for i in 0..4000 {
        let text = match i % 3 {
            0 => {
                let len = rng.gen_range(0..40);
                let bytes: Vec<u8> = (0..len).map(|_| rng.gen()).collect();
                String::from_utf8_lossy(&bytes).into_owned()
            }
            1 => {
                let n = rng.gen_range(0..12);
                let sep = [" ", "", "/", ","][rng.gen_range(0..4)];
                (0..n)
                    .map(|_| words[rng.gen_range(0..words.len())])
                    .collect::<Vec<_>>()
                    .join(sep)
            }
            _ => {
                let mut chars: Vec<char> = valid[rng.gen_range(0..valid.len())].chars().collect();
                for _ in 0..rng.gen_range(1..4) {
                    let at = rng.gen_range(0..=chars.len());
                    match rng.gen_range(0..3) {
                        0 if at < chars.len() => {
                            chars.remove(at);
                        }
                        1 if at < chars.len() => {
                            chars[at] = "0129-/,xWB() é".chars().nth(rng.gen_range(0..14)).unwrap()
                        }
                        _ => chars.insert(
                            at,
                            "0129-/,xWB() é".chars().nth(rng.gen_range(0..14)).unwrap(),
                        ),
                    }
                }
                chars.into_iter().collect()
            }
        };
        exercise(&text, &positions);
    }
    // Deep nesting and long inputs.
    exercise(&"(".repeat(100_000), &positions);
    exercise(&"(1 ".repeat(50_000), &positions);
    exercise(&"'".repeat(100_000), &positions);
    exercise(&"'(".repeat(50_000), &positions);
    // Deep nesting is refused with a located error.
    let err = lisp::read_all(&"(".repeat(100_000)).unwrap_err();
    assert!(err.message.contains("nested"), "{err}");
    assert!(lisp::read_all(&format!("{}{}", "(".repeat(20), ")".repeat(20))).is_ok());
    exercise(&"9".repeat(10_000), &positions);
    exercise(&format!("dots {}", "0/".repeat(10_000)), &positions);
}

fn exercise(text: &str, positions: &[AnyPosition]) {
    if let Ok(pos) = AnyPosition::from_fen(text) {
        let again = AnyPosition::from_fen(&pos.fen())
            .unwrap_or_else(|e| panic!("{text:?} read as {pos}, which does not read back: {e}"));
        assert_eq!(again, pos, "{text:?}");
    }
    for current in [None, Some(GameId::Dots), Some(GameId::Knight)] {
        if let Ok(pos) = parse_spec(text, current) {
            assert_eq!(
                AnyPosition::from_fen(&pos.fen()).as_ref(),
                Ok(&pos),
                "{text:?}"
            );
        }
    }
    for pos in positions {
        let _ = pos.parse_move(text);
        let _ = pos.parse_legal(text);
        for word in text.split_whitespace().take(4) {
            let _ = pos.parse_legal(word);
        }
    }
    let _ = lisp::read_all(text);
    let _ = lisp::read_one(text);
    let _ = problems::parse(text, None);
    for g in GameId::ALL {
        let _ = problems::parse(text, Some(g));
    }
}

#[test]
fn lisp_knight_boards_round_trip() {
    // The course's puzzle board: numbers, NIL, T for the knight.
    let mut rows = vec!["(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)".to_string(); 10];
    rows[0] = "(2 20 T NIL NIL NIL NIL NIL NIL 99)".into();
    rows[4] = "(NIL NIL NIL 22 NIL NIL NIL NIL NIL 0)".into();
    let text = format!("({})", rows.join(" "));
    let pos: KnightSolo =
        tabula::games::numbered::lisp::jump_from_lisp(&lisp::read_one(&text).unwrap()).unwrap();
    assert_eq!(pos.piece(tabula::game::Player::One), Some(2));
    assert_eq!(pos.number(0), Some(2));
    assert_eq!(pos.number(49), Some(0));
    let same = |a: &str, b: &str| lisp::read_one(a).unwrap() == lisp::read_one(b).unwrap();
    assert!(same(
        &tabula::games::numbered::lisp::jump_to_lisp(&pos),
        &text
    ));
    // The duel: -1 and -2 for the knights.
    let mut rows = vec!["(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)".to_string(); 10];
    rows[0] = "(-1 20 44 NIL NIL NIL NIL NIL NIL 7)".into();
    rows[9] = "(NIL NIL NIL NIL NIL -2 NIL NIL NIL 70)".into();
    let text = format!("({})", rows.join(" "));
    let pos: Knight =
        tabula::games::numbered::lisp::jump_from_lisp(&lisp::read_one(&text).unwrap()).unwrap();
    assert_eq!(pos.piece(tabula::game::Player::Two), Some(95));
    assert!(same(
        &tabula::games::numbered::lisp::jump_to_lisp(&pos),
        &text
    ));
    // Every full random board round-trips through Lisp.
    for seed in 0..20 {
        let pos: Knight = tabula::games::numbered::random::duel(seed);
        let back: Knight = tabula::games::numbered::lisp::jump_from_lisp(
            &lisp::read_one(&tabula::games::numbered::lisp::jump_to_lisp(&pos)).unwrap(),
        )
        .unwrap();
        assert_eq!(back.fen().split(' ').nth(1), pos.fen().split(' ').nth(1));
        let pos: BishopSolo = tabula::games::numbered::random::solo(seed);
        let back: BishopSolo = tabula::games::numbered::lisp::jump_from_lisp(
            &lisp::read_one(&tabula::games::numbered::lisp::jump_to_lisp(&pos)).unwrap(),
        )
        .unwrap();
        assert_eq!(back, pos);
    }
    // The puzzle refuses the duel's pieces and vice versa.
    let duel_text = text;
    assert!(tabula::games::numbered::lisp::jump_from_lisp::<_, true>(
        &lisp::read_one(&duel_text).unwrap()
    )
    .map(|p: KnightSolo| p)
    .is_err());
}

#[test]
fn lisp_dots_states_round_trip() {
    let text = "(((1 2 0) (0 0 0) (0 0 1)) ((0 1) (0 0) (2 0) (0 0)))";
    let pos: Dots =
        tabula::games::dots::lisp::dots_from_lisp(&lisp::read_one(text).unwrap()).unwrap();
    assert_eq!((pos.rows(), pos.cols()), (2, 3));
    assert_eq!(tabula::games::dots::lisp::dots_to_lisp(&pos), text);
    assert_eq!(pos.fen(), "dots 2x3 120/000/001 01/00/20/00 1 0 0");
    // The puzzle writes every arc as 1.
    let solo: DotsSolo =
        tabula::games::dots::lisp::dots_from_lisp(&lisp::read_one(text).unwrap()).unwrap();
    assert_eq!(
        tabula::games::dots::lisp::dots_to_lisp(&solo),
        "(((1 1 0) (0 0 0) (0 0 1)) ((0 1) (0 0) (1 0) (0 0)))"
    );
    // Along random games every state round-trips.
    for seed in 0..10 {
        let mut pos =
            tabula::games::dots::random::dots(1 + seed as usize % 5, 2 + seed as usize % 4, seed);
        while !pos.is_over() {
            let back: Dots = tabula::games::dots::lisp::dots_from_lisp(
                &lisp::read_one(&tabula::games::dots::lisp::dots_to_lisp(&pos)).unwrap(),
            )
            .unwrap();
            assert_eq!(
                tabula::games::dots::lisp::dots_to_lisp(&back),
                tabula::games::dots::lisp::dots_to_lisp(&pos)
            );
            let moves = pos.legal_moves();
            pos.play(moves[(pos.hash() % moves.len() as u64) as usize])
                .unwrap();
        }
    }
    // Malformed states are located.
    for bad in [
        "((0 1) (0 0))",
        "(((0 3)) ((0) (0) (0)))",
        "(((0 0) (0 0)) ((0) (0)))",
        "((((0))) ((0) (0)))",
        "()",
        "7",
    ] {
        assert!(
            tabula::games::dots::lisp::dots_from_lisp::<false>(&lisp::read_one(bad).unwrap())
                .is_err(),
            "{bad}"
        );
    }
}

#[test]
fn bad_problem_files_are_located() {
    let empty_row = "(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)";
    let good = format!(
        "(70 (2 20 44 NIL NIL NIL NIL NIL NIL NIL) {})",
        [empty_row; 9].join(" ")
    );
    // Problem B has a bad cell on its row 2, cell 4.
    let bad_row = "(NIL NIL NIL X NIL NIL NIL NIL NIL NIL)";
    let bad = format!("(60 {empty_row} {bad_row} {})", [empty_row; 8].join(" "));
    let err = problems::parse(&format!("{good}\n{bad}"), None).unwrap_err();
    assert_eq!(err.at, "problem 2 (B)");
    assert!(err.message.contains("row 2, cell 4"), "{err}");
    // Nine rows only.
    let short = format!("(60 {})", [empty_row; 9].join(" "));
    let err = problems::parse(&format!("{good} {short}"), Some(GameId::KnightSolo)).unwrap_err();
    assert_eq!(err.at, "problem 2 (B)");
    // A negative or missing target.
    for text in [
        format!("(-5 {})", [empty_row; 10].join(" ")),
        format!("({})", [empty_row; 10].join(" ")),
    ] {
        let err = problems::parse(&text, Some(GameId::KnightSolo)).unwrap_err();
        assert_eq!(err.at, "problem 1 (A)", "{text}");
    }
    // An unclosed list is a file error with its line.
    let err = problems::parse(&format!("{good}\n\n(70 (1 2)"), None).unwrap_err();
    assert_eq!(err.at, "file");
    assert!(err.message.contains("line 3"), "{err}");
    // An unrecognisable first problem.
    assert_eq!(problems::parse("(1 2 3)", None).unwrap_err().at, "file");
    assert_eq!(problems::parse("", None).unwrap_err().at, "file");
    // The dots format: a bad arc value.
    let err = problems::parse("(3 (((0 0)(0 0)) ((0)(5)(0))))", None).unwrap_err();
    assert_eq!(err.at, "problem 1 (A)");
    // A bishop problem with a knight-sized board.
    let err = problems::parse(&good, Some(GameId::Bishop)).unwrap_err();
    assert_eq!(err.at, "problem 1 (A)");
}

#[test]
fn the_course_problems_round_trip_through_lisp() {
    for p in problems::builtin_knight() {
        let text = tabula::games::numbered::lisp::jump_to_lisp(&p.position);
        let mut back: KnightSolo =
            tabula::games::numbered::lisp::jump_from_lisp(&lisp::read_one(&text).unwrap()).unwrap();
        back.set_target(Some(p.target));
        assert_eq!(back, p.position, "knight {}", p.name);
    }
    for p in problems::builtin_bishop() {
        let text = tabula::games::numbered::lisp::jump_to_lisp(&p.position);
        let mut back: BishopSolo =
            tabula::games::numbered::lisp::jump_from_lisp(&lisp::read_one(&text).unwrap()).unwrap();
        back.set_target(Some(p.target));
        assert_eq!(back, p.position, "bishop {}", p.name);
    }
    for p in problems::builtin_dots() {
        let text = tabula::games::dots::lisp::dots_to_lisp(&p.position);
        let mut back: DotsSolo =
            tabula::games::dots::lisp::dots_from_lisp(&lisp::read_one(&text).unwrap()).unwrap();
        back.set_target(Some(p.target));
        assert_eq!(back, p.position, "dots {}", p.name);
    }
}
