//! Course projects as they are handed in, through the Lisp kit
//! (`adapters/lisp/run.lisp` + `project.lisp`): the small test projects of
//! `tests/data/lisp-projects/`, one per style seen in real submissions, each
//! loaded unmodified and played through `arbiter check` and a short match;
//! the deliberate faults named by `check`; the clock probe; every course
//! year's preset built on a stub board (Lisp level, also for the games the
//! kit does not play yet).
//!
//! Needs `sbcl` (skipped with a line saying so, except under
//! `TABULA_REQUIRE_TOOLS=1`).

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use std::process::{Command, Stdio};
use support::{repo, run as arbiter, Tmp};

/// The kit's command line on the project arguments `args` (paths relative
/// to tests/data/lisp-projects/, or options).
fn kit(args: &[&str]) -> String {
    let root = repo();
    let projects = root.join("tests/data/lisp-projects");
    let mut line = format!(
        "sbcl --script {}",
        root.join("adapters/lisp/run.lisp").display()
    );
    for a in args {
        if a.starts_with("--") || a.starts_with('/') || !a.contains('/') {
            line.push_str(&format!(" {a}"));
        } else {
            line.push_str(&format!(" {}", projects.join(a).display()));
        }
    }
    line
}

/// Runs the kit on `args` with `input` on standard input, its scratch
/// folder `scratch`: (stdout, stderr).
fn talk(args: &[&str], input: &str, scratch: &Tmp) -> (String, String) {
    let line = kit(args);
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut child = Command::new(words[0])
        .args(&words[1..])
        .env("TABULA_SCRATCH", &scratch.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sbcl runs");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const KNIGHT_START: &str = "position fen knight 01,02,03,04,05,06,07,08,09,10/11,12,13,14,15,16,17,18,19,20/21,22,23,24,25,26,27,28,29,30/31,32,33,34,35,36,37,38,39,40/41,42,43,44,45,46,47,48,49,50/51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70/71,72,73,74,75,76,77,78,79,80/81,82,83,84,85,86,87,88,89,90/91,92,93,94,95,96,97,98,99,00 w 0 0";

/// `arbiter check` passes, and a 2-game match against `builtin:greedy`
/// ends normally with every move legal (the arbiter judges each).
fn passes_check_and_plays(engine: &str, game: &str, name: &str) {
    // The project's own output files go to a scratch folder of the test.
    let tmp = Tmp::new(name);
    let engine = format!("env TABULA_SCRATCH={} {engine}", tmp.0.display());
    let engine = engine.as_str();
    // A project that times itself in CPU time runs late in wall time when
    // the machine is busy (its warning is the point, checked below): it gets
    // the margin a teacher would give it.
    let margin = if name == "clock-cpu" { "5000" } else { "100" };
    let (code, text) = arbiter(&["check", engine, "--game", game, "--margin", margin]);
    assert_eq!(code, 0, "{name}: {text}");
    assert!(text.contains("all checks passed"), "{name}: {text}");
    let results = tmp.path("r.jsonl");
    let (code, text) = arbiter(&[
        "match",
        engine,
        "builtin:greedy",
        "--game",
        game,
        "--games",
        "2",
        "--movetime",
        "300",
        "--seed",
        "5",
        "--results",
        results.to_str().unwrap(),
        "--concurrency",
        "1",
        "--margin",
        margin,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{name}: {text}");
    let games = support::results(&results);
    assert_eq!(games.len(), 2, "{name}");
    for g in &games {
        assert_eq!(g["reason"], "normal", "{name}: {g}");
        assert!(support::replay(g).is_over(), "{name}: {g}");
        // Every move of the project was its own (none replaced by the kit).
        assert_eq!(
            (g["replaced1"].as_u64(), g["replaced2"].as_u64()),
            (Some(0), Some(0)),
            "{name}: {g}"
        );
    }
}

/// The patterns of issue 27, each a project of the tests: a log on a logical
/// host, a global a menu would set, a CPU-time clock (named by `check`), a
/// 60-ms overrun of the student's own time, a side guesser that plays
/// player 2 through `:view :mover-first` (Solitário), a Blokus player that
/// reads its stocks, an Adji-boto project comparing raw internal units:
/// `check` passes and every move of a match is the project's own.
#[test]
fn the_patterns_of_handed_in_projects_play_their_own_moves() {
    needs!(tools::SBCL);
    let cases: &[(&str, &str, &str)] = &[
        ("logical-host/bispo.tabula", "knight", "logical-host"),
        ("menu-global/jogo.tabula", "knight", "menu-global"),
        ("clock-cpu/jogo.tabula", "knight", "clock-cpu"),
        ("overrun/jogo.tabula", "knight", "overrun"),
        (
            "soli-side-guess/adivinha.tabula",
            "solitario",
            "soli-side-guess",
        ),
        ("blokus-stocks/blokus.tabula", "blokus", "blokus-stocks"),
        ("adji-raw/adji.tabula", "adjiboto", "adji-raw"),
    ];
    for (file, game, name) in cases {
        passes_check_and_plays(&kit(&[file]), game, name);
    }
    let (_, text) = arbiter(&[
        "check",
        &kit(&["clock-cpu/jogo.tabula"]),
        "--game",
        "knight",
    ]);
    assert!(
        text.contains("  warn  clock: the program measures CPU time"),
        "a CPU-time project is named: {text}"
    );
}

/// A project that finds no move in some positions: `check` is not ready and
/// says where; in a match under `--on-replaced count` each game's count is
/// exactly the kit's `info string fallback` lines in its traffic, and by
/// default the first one loses the game.
#[test]
fn a_project_without_a_move_is_counted_exactly() {
    needs!(tools::SBCL);
    let engine = kit(&["no-move/jogo.tabula"]);
    let (code, text) = arbiter(&["check", &engine, "--game", "knight"]);
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("ready for a tournament"), "{text}");
    assert!(
        text.contains("the adapter answered the others")
            || text.contains("  FAIL  own moves: the adapter answered for the program (nomove"),
        "{text}"
    );
    for (policy, reason) in [("count", "normal"), ("lose", "replaced")] {
        let tmp = Tmp::new(&format!("no-move-{policy}"));
        let results = tmp.path("r.jsonl");
        let (code, text) = arbiter(&[
            "match",
            &engine,
            "builtin:greedy",
            "--game",
            "knight",
            "--games",
            "2",
            "--movetime",
            "300",
            "--seed",
            "5",
            "--results",
            results.to_str().unwrap(),
            "--concurrency",
            "1",
            "--quiet",
            "--debug",
            "--on-replaced",
            policy,
        ]);
        assert_eq!(code, 0, "{text}");
        let games = support::results(&results);
        assert_eq!(games.len(), 2, "{text}");
        let mut any = 0;
        for g in &games {
            let side = if g["p1"].as_str().unwrap().contains("sbcl") {
                "p1"
            } else {
                "p2"
            };
            let counted = g[format!("replaced{}", &side[1..])].as_u64().unwrap();
            let log = std::fs::read_to_string(g["log"].as_str().unwrap()).unwrap();
            let announced = log.matches("< info string fallback nomove ").count() as u64;
            assert_eq!(counted, announced, "{g}");
            any += counted;
            if counted > 0 {
                assert_eq!(g["reason"], reason, "{policy}: {g}");
            }
        }
        assert!(any > 0, "{policy}: the project misses moves in these games");
    }
}

#[test]
fn each_style_is_loaded_unmodified_and_plays() {
    needs!(tools::SBCL);
    let cases: &[(&[&str], &str, &str)] = &[
        // Raw internal time compared with tempo (probe scales it).
        (&["clock-raw/projeto.tabula"], "knight", "clock-raw"),
        // Converts to ms itself (must not be scaled again).
        (&["clock-ms/jogo.tabula"], "knight", "clock-ms"),
        // (jogar estado simbolo tempo), (jogada novo-estado).
        (&["symbol-2015/galo.tabula"], "knight", "symbol-2015"),
        // No jogar: a computer-move function, a node, the move in a global.
        (&["node-global/cavalo.tabula"], "knight", "node-global"),
        // Windows paths, fasls, hcl:, an undefined package, Latin-1, CRLF,
        // a log file, a menu at load time, an editor backup.
        (
            &["--preset", "2019-knight", "windows-lispworks/projeto.lisp"],
            "knight",
            "windows",
        ),
        // An engine that guesses its side (always white), bare board.
        (&["side-guess/adivinha.tabula"], "knight", "side-guess"),
        // Dots, the move alone as (arco-vertical a b).
        (&["dots-moves/pontos.tabula"], "dots", "dots-moves"),
        // The undefined name fixed by an alias in the description.
        (&["faults/indefinida.tabula"], "knight", "alias"),
        // Adji-boto 2024/25: row 0 always its own, ((linha coluna) estado).
        (&["adjiboto-2024/adji.tabula"], "adjiboto", "adjiboto-2024"),
        // Projeto 1 listed before phase 2, both with a puzzle.lisp: each
        // (load "puzzle.lisp") finds its own folder's.
        (&["both-phases/both.tabula"], "knight", "both-phases"),
    ];
    for (args, game, name) in cases {
        passes_check_and_plays(&kit(args), game, name);
    }
}

#[test]
fn the_presets_of_the_played_games_play() {
    needs!(tools::SBCL);
    // The kit's own example student follows the statements of these years.
    let example = repo().join("adapters/lisp/example-student.lisp");
    let example = example.to_str().unwrap();
    let cases: &[(&[&str], &str, &str)] = &[
        (
            &["--preset", "2019-bishop", example],
            "bishop",
            "bishop-2019",
        ),
        (
            &["--preset", "2020-quatro", example],
            "quatro",
            "quatro-2020",
        ),
        (&["--preset", "2016-dots", example], "dots", "dots-2016"),
        (
            &["--preset", "2018-adjiboto", example],
            "adjiboto",
            "adjiboto-2018",
        ),
    ];
    for (args, game, name) in cases {
        passes_check_and_plays(&kit(args), game, name);
    }
}

#[test]
fn the_loader_says_what_it_neutralised() {
    needs!(tools::SBCL);
    let scratch = Tmp::new("scratch");
    let (out, err) = talk(
        &["--preset", "2019-knight", "windows-lispworks/projeto.lisp"],
        &format!("ugi\n{KNIGHT_START}\ngo movetime 300\nquit\n"),
        &scratch,
    );
    assert!(out.contains("bestmove i3"), "{out}\n{err}");
    for line in [
        "tabula: load: projeto.lisp: not UTF-8, read as Latin-1",
        "projeto.lisp: CR / CRLF line ends read as LF",
        "(in-package P1-2): no file defines it: ignored, the forms stay in COMMON-LISP-USER (as in LispWorks)",
        "HCL:CHANGE-DIRECTORY: a LispWorks function, stubbed",
        "(compile-file \"C:/Users/aluno/Desktop/projeto/algoritmo.lisp\"): source loaded instead",
        "algoritmo.64ofasl\"): algoritmo.lisp already loaded",
        "jogo.LISP\"): loaded ",
        "top-level (INICIAR) failed, skipped: end of file",
        "(open \"C:/Users/aluno/Desktop/projeto/log.dat\" :direction :output): written to ",
    ] {
        // One line per thing neutralised (each file's in-package its own).
        if !line.starts_with("(in-package") {
            assert_eq!(err.matches(line).count(), 1, "{line}:\n{err}");
        }
        assert!(err.contains(line), "{line}:\n{err}");
    }
    // The backup (which would not even read) was never loaded.
    assert!(!err.contains("old version"), "{err}");
    // The project's log went to the scratch folder.
    let log =
        std::fs::read_to_string(scratch.path("log.dat")).expect("log.dat in the scratch folder");
    assert!(log.contains("jogada (2 8)"), "{log}");
}

#[test]
fn a_bad_preset_or_description_is_refused_with_the_reason() {
    needs!(tools::SBCL);
    let tmp = Tmp::new("bad-description");
    let (out, err) = talk(
        &["--preset", "1999-xadrez", "clock-ms/jogo.lisp"],
        "ugi\n",
        &tmp,
    );
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("unknown preset '1999-xadrez' (the presets: 2015-galo3d 2016-dots"),
        "{err}"
    );
    let bad = tmp.path("bad.tabula");
    std::fs::write(&bad, "(:preset \"2023-knight\" :files)").unwrap();
    let (out, err) = talk(&[bad.to_str().unwrap()], "ugi\n", &tmp);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("project description"), "{err}");
    assert!(err.contains("expected one list (:key value ...)"), "{err}");
}

#[test]
fn deliberate_faults_are_named_with_the_lisp_condition() {
    needs!(tools::SBCL);
    let cases: &[(&str, &str)] = &[
        (
            "faults/indefinida.lisp",
            "UNDEFINED-FUNCTION: The function COMMON-LISP-USER::AVALIAR-JOGADAS is undefined.",
        ),
        ("faults/forma.lisp", "jogar returned no knight board: ("),
        // The error starts in a function jogar calls: that one is named.
        (
            "faults/aridade.lisp",
            "jogar, in avaliar, signalled SIMPLE-PROGRAM-ERROR: invalid number of arguments: 3",
        ),
        ("faults/codificacao.tabula", "is not legal here (legal: "),
    ];
    for (file, said) in cases {
        let (code, text) = arbiter(&["check", &kit(&[file]), "--game", "knight"]);
        assert_ne!(code, 0, "{file}: {text}");
        let line = text
            .lines()
            .find(|l| l.starts_with("  FAIL  first move: "))
            .unwrap_or_else(|| panic!("{file}: no FAIL on the first move:\n{text}"));
        assert!(line.contains(said), "{file}: {line}");
        // In a tournament with `--on-failure lose`, the game is lost and its
        // result says why, the Lisp condition quoted.
        let tmp = Tmp::new("fault-match");
        let results = tmp.path("r.jsonl");
        let (_, text) = arbiter(&[
            "match",
            &kit(&["--on-failure", "lose", file]),
            "builtin:greedy",
            "--game",
            "knight",
            "--games",
            "2",
            "--movetime",
            "300",
            "--seed",
            "5",
            "--results",
            results.to_str().unwrap(),
            "--concurrency",
            "1",
            "--quiet",
        ]);
        let games = support::results(&results);
        assert_eq!(games.len(), 2, "{file}: {text}");
        for g in &games {
            assert_eq!(g["reason"], "crash", "{file}: {g}");
            let detail = g["detail"].as_str().unwrap();
            assert!(detail.contains(said), "{file}: {detail}");
        }
    }
}

#[test]
fn clock_units_are_probed_and_can_be_set() {
    needs!(tools::SBCL);
    let input = format!("ugi\n{KNIGHT_START}\ngo movetime 1000\ngo movetime 1000\nquit\n");
    let scratch = Tmp::new("clock");
    let (out, err) = talk(&["clock-raw/projeto.tabula"], &input, &scratch);
    assert!(out.contains("info string clock internal: "), "{out}\n{err}");
    let (out, err) = talk(&["clock-ms/jogo.tabula"], &input, &scratch);
    assert!(out.contains("info string clock ms: "), "{out}\n{err}");
    // Set by hand, wrongly: the raw-clock project answers at once (within
    // a twentieth of a generous budget, even on a loaded machine), and
    // `arbiter check` says why.
    let (_, text) = arbiter(&[
        "check",
        &kit(&["--clock", "ms", "clock-raw/projeto.tabula"]),
        "--game",
        "knight",
        "--movetime",
        "3000",
    ]);
    let warn = text
        .lines()
        .find(|l| l.starts_with("  warn  first move: answered in "))
        .unwrap_or_else(|| panic!("no warn:\n{text}"));
    assert!(warn.contains("of the 3000 ms given, at depth"), "{warn}");
    assert!(text.contains("get-internal-real-time"), "{text}");
    // Set right by hand, the same project searches deeper with the same time.
    let (out, err) = talk(
        &["--clock", "internal", "clock-raw/projeto.tabula"],
        &input,
        &scratch,
    );
    let depths: Vec<u64> = out
        .lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(depths.len(), 2, "{out}\n{err}");
    assert!(depths.iter().all(|&d| d >= 5), "{out}\n{err}");
    assert!(!out.contains("info string clock"), "{out}");
}

#[test]
fn every_course_year_has_a_preset() {
    needs!(tools::SBCL);
    let root = repo();
    let out = Command::new("sbcl")
        .args(["--noinform", "--non-interactive", "--load"])
        .arg(root.join("adapters/lisp/tabula.lisp"))
        .arg("--load")
        .arg(root.join("adapters/lisp/project.lisp"))
        .arg("--load")
        .arg(root.join("tests/data/lisp-projects/presets.lisp"))
        .output()
        .expect("sbcl runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("preset ") || l.starts_with("answer "))
        .collect();
    // Player 2 to move on a stub board, scores (3 4), tempo 1000.
    let expected = [
        "preset 2015-galo3d ((((nil nil nil) (nil x nil) (nil nil nil)) ((nil nil nil) (nil nil nil) (nil nil nil)) ((nil nil nil) (nil nil nil) (nil nil nil))) \"O\" 1000)",
        "preset 2016-dots (((((0 1) (0 0) (0 0)) ((0 0) (0 0) (0 0))) 2 3 4) 1000)",
        "preset 2017-blokus ((((0 0) (0 0)) 2 (a b) (c)) 1000)",
        "preset 2018-adjiboto ((((12 11 10 9 8 7) (6 5 4 3 2 1)) (4 3)) 1000)",
        "preset 2019-bishop ((((-1 10) (20 -2)) 2 3 4) 1000)",
        "preset 2019-knight ((((-1 10) (20 -2)) 2 3 4) 1000)",
        "preset 2019-torre ((((-1 10) (20 -2)) 2 3 4) 1000)",
        "preset 2020-quatro ((((0 0) (0 0)) ((branca redonda alta oca))) 1000)",
        "preset 2021-blokus ((((0 0) (0 0)) 2 (a b) (c)) 1000)",
        "preset 2022-dots (((((0 1) (0 0) (0 0)) ((0 0) (0 0) (0 0))) 2 3 4) 1000)",
        "preset 2023-knight ((((-1 10) (20 -2)) 2 3 4) 1000)",
        "preset 2024-adjiboto ((((12 11 10 9 8 7) (6 5 4 3 2 1)) (4 3)) 1000)",
        "preset 2025-solitario (((nil 1 1) (1 0 1)) 1000)",
        "answer knight \"e4\"",
        "answer knight1 \"e4\"",
        "answer dots \"v1.2\"",
        "answer dots-h \"h3.2\"",
        "answer pass \"pass\"",
        "answer adjiboto (1 5)",
        "answer swap ((-2 5) (NIL -1))",
    ];
    assert_eq!(lines, expected, "{}", String::from_utf8_lossy(&out.stderr));
    // Every academic year of the course table has its preset.
    let table = std::fs::read_to_string(root.join("adapters/README.md")).unwrap();
    for year in 2015..=2025 {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("preset {year}-"))),
            "{year}"
        );
        assert!(
            table.contains(&format!("`{year}-")),
            "README table lacks {year}"
        );
    }
}

/// What students wrote, read as it is (issue 36's kit): a quote in a `;`
/// comment; a form that does not read, named by file, line and column (the
/// rest loads); a description that does not read, by line and column; an
/// entry in a package (`:package`, `pkg::name`); an answer that is a move
/// in the course's notation (`:answer :move`); a clock in whole seconds.
#[test]
fn the_kit_reads_what_students_wrote() {
    needs!(tools::SBCL);
    let tmp = Tmp::new("students-wrote");
    let knight = format!("ugi\n{KNIGHT_START}\ngo movetime 1500\nquit\n");
    // The two lines of issue 36: a jogar, and a quote in a comment.
    let quote = tmp.path("aspa.lisp");
    std::fs::write(
        &quote,
        "(defun jogar (estado tempo) estado)\n; uma aspa \" aqui\n",
    )
    .unwrap();
    let (out, err) = talk(&[quote.to_str().unwrap()], "ugi\nquit\n", &tmp);
    assert!(out.contains("ugiok"), "{out}\n{err}");
    // A form that does not read: file, line and column; the rest loads.
    let broken = tmp.path("partido.lisp");
    std::fs::write(
        &broken,
        "(defun ajuda (x) x)\n(defun jogar (estado tempo)\n  (list (ajuda estado) tempo)))\n(defun outra () #<nada>)\n",
    )
    .unwrap();
    let (out, err) = talk(&[broken.to_str().unwrap()], "ugi\nquit\n", &tmp);
    assert!(out.contains("ugiok"), "{out}\n{err}");
    assert!(
        err.contains("tabula: load: partido.lisp:3:31: unmatched close parenthesis: skipped"),
        "{err}"
    );
    assert!(
        err.contains("partido.lisp:4:18: illegal sharp macro character"),
        "{err}"
    );
    // A description that does not read: its line and column.
    let desc = tmp.path("mau.tabula");
    std::fs::write(&desc, "(:preset \"2023-knight\"\n :files (\"a.lisp\"\n").unwrap();
    let (out, err) = talk(&[desc.to_str().unwrap()], "ugi\n", &tmp);
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("mau.tabula:2:9: this ( is never closed"),
        "{err}"
    );
    // The entry in its package, named either way.
    let project = repo().join("tests/data/lisp-projects/package-entry/jogo.lisp");
    for (name, entry) in [("a", "(:entry \"p55::jogar\""), ("b", "(:package \"p55\"")] {
        let d = tmp.path(&format!("pacote-{name}.tabula"));
        std::fs::write(
            &d,
            format!(
                "{entry} :preset \"2023-knight\" :files ({:?}))",
                project.display().to_string()
            ),
        )
        .unwrap();
        let (out, err) = talk(&[d.to_str().unwrap()], &knight, &tmp);
        assert!(out.contains("bestmove "), "{out}\n{err}");
        assert!(!out.contains("fallback"), "{out}\n{err}");
    }
    // A move, not a board: Quatro's (peca (x y)).
    let quatro = repo().join("tests/data/lisp-projects/quatro-move/algoritmo.lisp");
    let d = tmp.path("quatro.tabula");
    std::fs::write(
        &d,
        format!(
            "(:preset \"2020-quatro\" :files ({:?}) :entry \"nega-memo\" :args (:estado :tempo 3) :answer :move :base 0)",
            quatro.display().to_string()
        ),
    )
    .unwrap();
    let (out, err) = talk(
        &[d.to_str().unwrap()],
        "ugi\nsetoption name Game value quatro\nposition startpos\ngo movetime 500\nquit\n",
        &tmp,
    );
    assert!(out.contains("bestmove brao@a1"), "{out}\n{err}");
    // get-universal-time compared with tempo: seconds.
    let (out, err) = talk(
        &["--preset", "2023-knight", "seconds-clock/jogo.lisp"],
        &knight,
        &tmp,
    );
    assert!(out.contains("info string clock seconds: "), "{out}\n{err}");
    assert!(out.contains("bestmove "), "{out}\n{err}");
}

/// The clock decided once: a project whose source cannot tell its units is
/// probed one call a move, never twice inside one move (its memo would
/// break, as a real one's did); the decision, recorded, holds for every
/// later move.
#[test]
fn the_clock_probe_is_a_move_of_its_own() {
    needs!(tools::SBCL);
    let tmp = Tmp::new("memo-clock");
    let dir = tmp.path("memo");
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["jogo.lisp", "jogo.tabula"] {
        std::fs::copy(
            repo().join("tests/data/lisp-projects/memo-clock").join(f),
            dir.join(f),
        )
        .unwrap();
    }
    // Four positions of one game (each a different board).
    let start = KNIGHT_START.strip_prefix("position fen ").unwrap();
    let mut pos = tabula::games::AnyPosition::from_fen(start).unwrap();
    let mut played: Vec<String> = Vec::new();
    let mut moves = String::new();
    for _ in 0..4 {
        moves.push_str(&format!(
            "{KNIGHT_START}{}{}\ngo movetime 400\n",
            if played.is_empty() { "" } else { " moves " },
            played.join(" ")
        ));
        let mv = pos.legal_moves()[0];
        played.push(mv.to_string());
        pos.play(mv).unwrap();
    }
    let (out, err) = talk(
        &[dir.join("jogo.tabula").to_str().unwrap()],
        &format!("ugi\n{moves}quit\n"),
        &tmp,
    );
    assert_eq!(out.matches("bestmove ").count(), 4, "{out}\n{err}");
    assert!(!out.contains("fallback"), "{out}\n{err}");
    assert!(!err.contains("memo is spent"), "{err}");
    assert!(
        out.contains("info string clock ms: probed at 1 move"),
        "{out}\n{err}"
    );
    let record = std::fs::read_to_string(dir.join("jogo.tabula-clock")).unwrap();
    assert!(record.contains("(:CLOCK :MS"), "{record}");
}
