//! Recognition on downloads made of the kit's test projects and of
//! submissions of every kind, through the intake: from the source only
//! (the static reading), and by experiment (the candidates tried in SBCL,
//! here without the sandbox, which `arbiter grade` always has: the tests of
//! `arbiter/tests/recognition.rs` run it).

use std::fs;
use std::path::Path;
use std::time::Duration;

use tabula::games::GameId;

use super::*;
use crate::engines::sandbox::SandboxArgs;
use crate::grade::intake::{read, Limits};
use crate::grade::testing::{kit_project, repo, zip, zip_dir, Entry, Tmp};

/// Recognition from the source only (no experiment).
fn rec(sub: &Submission, game: GameId, year: Option<u32>, dir: &Path) -> Recognition {
    let course = Course::load(&kit_dir()).unwrap();
    recognise(sub, game, year, dir, &course, None)
}

/// Recognition by experiment, SBCL without the sandbox.
fn tried(sub: &Submission, game: GameId, year: Option<u32>) -> Recognition {
    let course = Course::load(&kit_dir()).unwrap();
    let lab = Lab {
        sandbox: SandboxArgs::off(),
        protected: Vec::new(),
        kit: kit_dir(),
        movetime: 500,
        budget: Duration::from_secs(60),
    };
    recognise(sub, game, year, desc_dir(sub), &course, Some(&lab))
}

fn has_sbcl() -> bool {
    let found = std::process::Command::new("sbcl")
        .arg("--version")
        .output()
        .is_ok();
    if !found {
        eprintln!("skipped: no sbcl");
    }
    found
}

fn game(id: &str) -> GameId {
    *GameId::ALL.iter().find(|g| g.as_str() == id).unwrap()
}

/// One submission made of `files` of a kit project, through the intake.
fn take_kit(tmp: &Tmp, project: &str, files: &[&str]) -> Submission {
    let input = tmp.path().join("in");
    let folder = format!(
        "Grupo {project}_{}_assignsubmission_file_",
        100 + files.len()
    );
    let keep = |p: &Path| files.iter().any(|f| p == Path::new(f));
    zip_dir(
        &input.join(&folder).join("projeto.zip"),
        &kit_project(project),
        "",
        &keep,
    );
    let mut subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
    assert_eq!(subs.len(), 1);
    subs.remove(0)
}

fn desc_dir(sub: &Submission) -> &Path {
    sub.files.parent().unwrap()
}

/// The description's keys and values, as Lisp reads them.
fn keys(sub: &Submission) -> Vec<(String, String)> {
    read_description(&fs::read_to_string(desc_dir(sub).join(DESCRIPTION)).unwrap()).unwrap()
}

fn value(sub: &Submission, key: &str) -> Option<String> {
    keys(sub)
        .into_iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v)
}

/// A kit test project that plays: (folder, files, game, year, the entry
/// recognised, a key and value the description must hold).
type Plays = (
    &'static str,
    &'static [&'static str],
    &'static str,
    Option<u32>,
    &'static str,
    Option<(&'static str, &'static str)>,
);

/// Every move of the probe a legal move of its own, the description
/// certain, its evidence written.
fn plays_every_position(cases: &[Plays]) {
    if !has_sbcl() {
        return;
    }
    for (project, files, g, year, entry, key) in cases {
        let tmp = Tmp::new("plays");
        let sub = take_kit(&tmp, project, files);
        let r = tried(&sub, game(g), *year);
        let label = format!("{project}/{}", files[0]);
        let Engine::Lisp { lines, .. } = &r.engine else {
            panic!("{label}: {r:#?}");
        };
        let e = r.experiment.as_ref().expect("an experiment");
        assert!(e.positions >= 4, "{label}: {e:?}");
        assert_eq!(e.legal, e.positions, "{label}: {e:#?}");
        let entry_line = lines.iter().find(|l| l.key == ":entry").unwrap();
        assert_eq!(entry_line.value, format!("\"{entry}\""), "{label}");
        assert_eq!(entry_line.sure, Sureness::Certain, "{label}");
        if let Some((k, v)) = key {
            assert_eq!(value(&sub, k).as_deref(), Some(*v), "{label}: {lines:#?}");
        }
        let text = fs::read_to_string(desc_dir(&sub).join(DESCRIPTION)).unwrap();
        assert!(
            text.contains(&format!(
                "legal moves of its own in {} of {} probe positions",
                e.legal, e.positions
            )),
            "{label}: {text}"
        );
        assert!(
            value(&sub, ":clock").is_some(),
            "{label}: the clock is decided: {text}"
        );
    }
}

#[test]
fn the_kit_projects_play_their_contract() {
    plays_every_position(&[
        (
            "adjiboto-2024",
            &["projeto.lisp"],
            "adjiboto",
            Some(2024),
            "jogar",
            None,
        ),
        (
            "blokus-stocks",
            &["blokus.lisp"],
            "blokus",
            Some(2021),
            "jogar",
            None,
        ),
        (
            "clock-ms",
            &["jogo.lisp"],
            "knight",
            Some(2019),
            "jogar",
            Some((":clock", ":ms")),
        ),
        (
            "clock-raw",
            &["projeto.lisp", "regras.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":clock", ":internal")),
        ),
        (
            "dots-moves",
            &["pontos.lisp"],
            "dots",
            Some(2022),
            "jogar",
            None,
        ),
        (
            "logical-host",
            &["bispo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            None,
        ),
        (
            "windows-lispworks",
            &["projeto.lisp", "algoritmo.lisp", "jogo.LISP", "jogo.LISP~"],
            "knight",
            Some(2019),
            "jogar",
            None,
        ),
        (
            "quote-comment",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            None,
        ),
    ]);
}

#[test]
fn the_kit_projects_that_differ_from_their_contract_play() {
    plays_every_position(&[
        (
            "side-guess",
            &["adivinha.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":view", ":mover-first")),
        ),
        (
            "soli-side-guess",
            &["adivinha.lisp"],
            "solitario",
            Some(2025),
            "jogar",
            Some((":view", ":mover-first")),
        ),
        (
            "node-global",
            &["cavalo.lisp"],
            "knight",
            None,
            "jogada-computador",
            Some((":answer", "(:global \"*jogada*\")")),
        ),
        (
            "faults",
            &["indefinida.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":aliases", "((avaliar-jogadas avaliar))")),
        ),
        (
            "menu-global",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":globals", "((*nivel* 3) (*pasta* :scratch))")),
        ),
    ]);
}

#[test]
fn the_real_patterns_play() {
    plays_every_position(&[
        (
            "menu-computer",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogada-computador",
            Some((":args", "(:estado 3 :piece)")),
        ),
        (
            "package-entry",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":package", "\"p55\"")),
        ),
        (
            "alias-negamax",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":aliases", "((negamax negamax-alfa-beta))")),
        ),
        (
            "seconds-clock",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":clock", ":seconds")),
        ),
        (
            "clock-after-search",
            &["jogo.lisp", "regras.lisp"],
            "knight",
            Some(2023),
            "jogar",
            Some((":clock", ":internal")),
        ),
        (
            "split-package",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            None,
        ),
        (
            "no-use",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "jogar",
            None,
        ),
        (
            "current-pathname",
            &["jogo.lisp", "regras.lisp"],
            "knight",
            Some(2023),
            "jogar",
            None,
        ),
        (
            "quatro-move",
            &["algoritmo.lisp"],
            "quatro",
            Some(2020),
            "nega-memo",
            Some((":base", "0")),
        ),
        // jogar calls its search too deep for the move time; the search at
        // a depth of its own plays in time.
        (
            "late-default-depth",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "procura-jogada",
            None,
        ),
        // The reserve keeps a 0 where the piece played was: one move.
        (
            "quatro-reserve-zero",
            &["jogo.lisp"],
            "quatro",
            Some(2020),
            "jogar",
            None,
        ),
        (
            "adji-pit",
            &["jogo.lisp"],
            "adjiboto",
            Some(2024),
            "jogar",
            Some((":base", "1")),
        ),
        (
            "dots-nil",
            &["pontos.lisp"],
            "dots",
            Some(2016),
            "jogar",
            None,
        ),
        // The computer-move function the group wrote (a bare board, its
        // move in a global) beside the search it calls, which also plays:
        // the likelier entry is kept, though the search filled the
        // shortlist first.
        (
            "computer-beside-search",
            &["jogo.lisp"],
            "knight",
            Some(2023),
            "computer-moves",
            Some((":answer", "(:global \"*jogada*\")")),
        ),
        // A node ((tabuleiro pecas-1 pecas-2) jogada), and a folder a
        // menu's defparameter gives (no value when the project loads).
        (
            "blokus-node",
            &["jogo.lisp"],
            "blokus",
            Some(2021),
            "jogada-computador",
            Some((":globals", "((*path* :scratch))")),
        ),
        // Its answer is the leaf of its principal variation: a move only
        // at depth 1 (its default, 12, answers a board 12 moves on).
        (
            "leaf-answer",
            &["algoritmo.lisp"],
            "knight",
            Some(2023),
            "negamax",
            Some((":args", "(:estado :tempo :piece 1)")),
        ),
        // Its player 1 sows the statement's player 2's row: the opponent's
        // number is the side it needs.
        (
            "adji-opponent",
            &["procura.lisp"],
            "adjiboto",
            Some(2024),
            "minimax",
            Some((":args", "(:estado 3 -1000000 1000000 nil :opponent)")),
        ),
    ]);
}

/// A search that takes the project's functions (its operators, its
/// utility) as arguments and leaves its move in a global it sets.
#[test]
fn the_searches_given_functions_play() {
    plays_every_position(&[
        // A search given a depth, the operators (a function's list) and
        // the utility function, its move left in a global by a helper of
        // it that outranked it; a root is a max node by the constructor's
        // default; a depth's limit is not a time.
        (
            "search-operators",
            &["jogo.lisp"],
            "dots",
            Some(2022),
            "alfabeta",
            Some((":answer", "(:global \"*melhor-jogada*\")")),
        ),
        // A search given the utility function's name, its move in a
        // global; its start time's default the clock now (never passed);
        // NIL for an arc not drawn; beside a game loop named for the
        // computer's move.
        (
            "search-global-nil",
            &["alfabeta.lsp"],
            "dots",
            Some(2016),
            "alfa-beta",
            Some((":answer", "(:global \"*jogada-pc*\")")),
        ),
    ]);
}

/// A search on a node ((tabuleiro (pecas-1 pecas-2)) profundidade pai),
/// its shape told only by the start the project builds (a bare Blokus
/// board, the stocks a list beside it), its answer (no valor segundos …):
/// the new board three lists deep; given whose turn it is (`maxTurn`: t),
/// the players maximising and minimising (`maxPlayer`, `minPlayer`: the
/// side and its opponent) and a function by its name (`no-pai`).
#[test]
fn a_blokus_node_the_start_builds_plays() {
    plays_every_position(&[(
        "blokus-deep-node",
        &["jogo.lisp"],
        "blokus",
        Some(2021),
        "procura-jogada",
        Some((
            ":args",
            "(:estado 3 -1000000 1000000 t :side :opponent :tempo sucessores heuristica no-pai)",
        )),
    )]);
}

/// What cannot play is told precisely, each its own reason.
#[test]
fn what_cannot_play_says_why() {
    if !has_sbcl() {
        return;
    }
    let cases: &[(&str, &[&str], &str, &str)] = &[
        ("menu-only", &["interact.lisp"], "knight", "unplayable-menu"),
        (
            "whole-game",
            &["jogo.lisp"],
            "knight",
            "unplayable-whole-game",
        ),
        (
            "p1-only",
            &["procura.lisp", "puzzle.lisp", "projeto.lisp"],
            "knight",
            "unplayable-project-one",
        ),
        (
            "unfinished",
            &["algoritmo.lisp"],
            "knight",
            "unplayable-unfinished",
        ),
        (
            "dots-moves",
            &["pontos.lisp"],
            "knight",
            "unplayable-another-game",
        ),
        (
            "broken",
            &["jogo.lisp"],
            "knight",
            "unplayable-nothing-plays",
        ),
        // Every call fails (an undefined function), and the search it
        // would run has an empty function: unfinished, not "nothing plays".
        (
            "unfinished-calls",
            &["algoritmo.lisp"],
            "knight",
            "unplayable-unfinished",
        ),
        // A search with no second player anywhere: phase 2 read as a
        // puzzle.
        (
            "one-player",
            &["algoritmo.lisp"],
            "knight",
            "unplayable-one-player",
        ),
        // `jogar` with the course's parameters that returns NIL in every
        // position: no move, said so.
        (
            "answers-nil",
            &["jogo.lisp"],
            "knight",
            "unplayable-no-move",
        ),
        // The function jogar calls does not compile (a malformed LET*):
        // named with SBCL's words, not "nothing plays".
        (
            "does-not-compile",
            &["jogo.lisp"],
            "knight",
            "unplayable-does-not-compile",
        ),
        // `jogar` reads the move from the keyboard in every call.
        (
            "asks-human",
            &["jogo.lisp"],
            "knight",
            "unplayable-asks-human",
        ),
        // `regras::melhor` with only an `(in-package :regras)`: no file
        // defines the package.
        (
            "package-unmade",
            &["jogo.lisp", "regras.lisp"],
            "knight",
            "unplayable-missing-package",
        ),
    ];
    let t = crate::i18n::Texts::new("pt").unwrap();
    for (project, files, g, id) in cases {
        let tmp = Tmp::new("why");
        let sub = take_kit(&tmp, project, files);
        let r = tried(&sub, game(g), Some(2023));
        let u = r
            .unplayable
            .as_ref()
            .unwrap_or_else(|| panic!("{project}: {r:#?}"));
        assert_eq!(u.id(), *id, "{project}: {r:#?}");
        let Engine::Nothing { reason, fix } = &r.engine else {
            panic!("{project}: {r:?}")
        };
        assert_eq!((reason.clone(), fix.clone()), u.english(), "{project}");
        if *project == "does-not-compile" {
            // The one function that fails, where its form starts, SBCL's words.
            assert!(
                reason.contains("avaliar (jogo.lisp:13)") && reason.contains("LET* binding spec"),
                "{reason}"
            );
        }
        // In Portuguese for the student.
        assert!(!u.reason(&t).is_empty() && !u.fix(&t).is_empty());
    }
}

/// A small knight project of our own that follows 2023/24's contract
/// exactly: the preset, the file, the entry, nothing else, no warning.
#[test]
fn a_group_following_its_contract() {
    let tmp = Tmp::new("contract");
    let dir = tmp.path().join("in/Rita Sá_2001_assignsubmission_file_");
    fs::create_dir_all(&dir).unwrap();
    zip(
        &dir.join("projeto.zip"),
        &[
            Entry::File(
                "projeto/algoritmo.lisp",
                b";;; negamax\n(defun negamax (no d) (if (zerop d) 0 (- (negamax no (1- d)))))\n",
            ),
            Entry::File(
                "projeto/jogo.lisp",
                b"(load \"algoritmo.lisp\")\n(defun jogar (estado tempo)\n  (declare (ignore tempo))\n  (negamax estado 2)\n  (list estado))\n",
            ),
        ],
    );
    let subs = read(
        &tmp.path().join("in"),
        &tmp.path().join("out"),
        &Limits::default(),
    )
    .unwrap();
    let r = rec(&subs[0], game("knight"), Some(2023), desc_dir(&subs[0]));
    assert!(r.warnings.is_empty(), "{r:#?}");
    let Engine::Lisp { lines, .. } = r.engine else {
        panic!("{r:?}")
    };
    let got: Vec<(&str, &str, Sureness)> = lines
        .iter()
        .map(|l| (l.key.as_str(), l.value.as_str(), l.sure))
        .collect();
    assert_eq!(
        got,
        [
            (":preset", "\"2023-knight\"", Sureness::Certain),
            (
                ":files",
                "(\"files/projeto/projeto/jogo.lisp\")",
                Sureness::Certain
            ),
            (":entry", "\"jogar\"", Sureness::Likely),
        ]
    );
    assert_eq!(lines[1].how, "jogo.lisp loads algoritmo.lisp");
    let text = fs::read_to_string(desc_dir(&subs[0]).join(DESCRIPTION)).unwrap();
    assert!(text.contains(" :files (\"files/projeto/projeto/jogo.lisp\") ; jogo.lisp loads algoritmo.lisp (certain)\n"), "{text}");
    assert!(
        text.contains(";; Not tried (read from the source only). The clock:"),
        "{text}"
    );
    // Without --year: the game's latest contract, likely.
    let r = rec(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Lisp { lines, .. } = r.engine else {
        panic!()
    };
    assert_eq!(
        (lines[0].value.as_str(), lines[0].sure),
        ("\"2023-knight\"", Sureness::Likely)
    );
    // A year of another game: a warning, the game's latest preset.
    let r = rec(&subs[0], game("knight"), Some(2022), desc_dir(&subs[0]));
    assert!(
        r.warnings[0].contains("2022/23 played dots, not knight"),
        "{r:#?}"
    );
}

#[test]
fn files_in_the_order_their_definitions_are_used_and_a_projeto_1_left_out() {
    let tmp = Tmp::new("order");
    let dir = tmp.path().join("in/grupo");
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("a-jogo.lisp"),
        "(defun jogar (estado tempo) (melhor (sucessores estado)))\n",
    )
    .unwrap();
    fs::write(
        dir.join("b-algoritmo.lisp"),
        "(in-package :g7)\n(defun melhor (l) (first (ordenar l)))\n",
    )
    .unwrap();
    fs::write(
        dir.join("c-regras.lisp"),
        "(defpackage :g7 (:use :cl))\n(in-package :g7)\n(defmacro ordenar (l) `(sort ,l #'>))\n(defun sucessores (e) (list e))\n",
    )
    .unwrap();
    fs::write(
        dir.join("puzzle.lisp"),
        "(defun bfs (no) (list no))\n(defun ler-problemas () (with-open-file (f \"C:/problemas.dat\") (read f)))\n(ler-problemas)\n",
    )
    .unwrap();
    fs::write(dir.join("grupo.tabula"), "(:preset \"2023-knight\")").unwrap();
    let subs = read(
        &tmp.path().join("in"),
        &tmp.path().join("out"),
        &Limits::default(),
    )
    .unwrap();
    let r = rec(&subs[0], game("knight"), Some(2023), desc_dir(&subs[0]));
    let Engine::Lisp { lines, .. } = &r.engine else {
        panic!("{r:?}")
    };
    assert_eq!(
        lines[1].value,
        "(\"files/c-regras.lisp\" \"files/b-algoritmo.lisp\" \"files/a-jogo.lisp\")"
    );
    assert_eq!(lines[1].sure, Sureness::Likely);
    assert!(
        r.warnings.iter().any(|w| w
            == "the submission carries its own description (grupo.tabula): compare it with projeto.tabula"),
        "{r:#?}"
    );
    assert!(
        r.warnings.iter().any(|w| w.starts_with(
            "files/puzzle.lisp is not loaded: nothing the entry in a-jogo.lisp reaches"
        )),
        "{r:#?}"
    );
}

/// A Projeto 1 handed in beside phase 2, its loader bringing rules of the
/// same names: it brings nothing phase 2's files lack, so it is left out.
#[test]
fn a_projeto_1_beside_phase_2_is_left_out_though_it_defines_the_same_names() {
    let tmp = Tmp::new("both-phases");
    let sub = take_kit(
        &tmp,
        "both-phases",
        &[
            "Projeto 1/projeto.lisp",
            "Projeto 1/puzzle.lisp",
            "Projeto 2/interact.lisp",
            "Projeto 2/puzzle.lisp",
        ],
    );
    let r = rec(&sub, game("knight"), Some(2023), desc_dir(&sub));
    assert_eq!(
        value(&sub, ":files").as_deref(),
        Some("(\"files/projeto/Projeto 2/interact.lisp\")"),
        "{r:#?}"
    );
    assert!(
        r.warnings.iter().any(|w| w.starts_with(
            "files/projeto/Projeto 1/projeto.lisp is not loaded: nothing the entry in interact.lisp reaches"
        )),
        "{r:#?}"
    );
}

/// The same, when Projeto 1's own versions of the shared names call
/// helpers only it defines, and its searches take a time limit as phase
/// 2's entry does (a real group's pattern): neither makes Projeto 1
/// loaded.
#[test]
fn a_projeto_1_whose_own_helpers_and_searches_phase_2_never_calls_is_left_out() {
    let tmp = Tmp::new("both-phases-helpers");
    let sub = take_kit(
        &tmp,
        "both-phases-helpers",
        &[
            "Projeto 1/projeto.lisp",
            "Projeto 1/puzzle.lisp",
            "Projeto 2/interact.lisp",
            "Projeto 2/puzzle.lisp",
        ],
    );
    let r = rec(&sub, game("knight"), Some(2023), desc_dir(&sub));
    assert_eq!(
        value(&sub, ":files").as_deref(),
        Some("(\"files/projeto/Projeto 2/interact.lisp\")"),
        "{r:#?}"
    );
}

#[test]
fn another_games_project_is_nothing() {
    for (project, file, other) in [
        ("dots-moves", "pontos.lisp", "dots"),
        ("blokus-stocks", "blokus.lisp", "blokus"),
    ] {
        let tmp = Tmp::new("other");
        let sub = take_kit(&tmp, project, &[file]);
        let r = rec(&sub, game("knight"), Some(2023), desc_dir(&sub));
        let Engine::Nothing { reason, .. } = &r.engine else {
            panic!("{project}: {r:?}")
        };
        assert!(
            reason.starts_with(&format!("a project of another game: {other} (its words: ")),
            "{reason}"
        );
        assert!(!desc_dir(&sub).join(DESCRIPTION).exists());
    }
    // The same files under their own game are projects.
    let tmp = Tmp::new("own");
    let sub = take_kit(&tmp, "dots-moves", &["pontos.lisp"]);
    assert!(matches!(
        rec(&sub, game("dots"), None, desc_dir(&sub)).engine,
        Engine::Lisp { .. }
    ));
}

#[test]
fn a_python_engine_and_a_compiled_program() {
    let tmp = Tmp::new("programs");
    let input = tmp.path().join("in");
    let py = input.join("Inês_3001_assignsubmission_file_");
    fs::create_dir_all(py.join("motor")).unwrap();
    fs::copy(
        repo().join("adapters/python/example_engine.py"),
        py.join("motor/motor principal.py"),
    )
    .unwrap();
    fs::write(py.join("motor/util.py"), "def f():\n    return 1\n").unwrap();
    fs::write(py.join("LEIAME.txt"), "o motor").unwrap();
    let elf = input.join("Rui_3002_assignsubmission_file_");
    fs::create_dir_all(&elf).unwrap();
    let mut bytes = b"\x7fELF\x02\x01\x01".to_vec();
    bytes.resize(64, 0);
    fs::write(elf.join("motor"), bytes).unwrap();
    let docs = input.join("Zé_3003_assignsubmission_file_");
    fs::create_dir_all(&docs).unwrap();
    fs::write(docs.join("relatorio.pdf"), "%PDF").unwrap();
    let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
    let r = rec(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    assert_eq!(
        r.engine,
        Engine::Program {
            command: "python3 'motor/motor principal.py'".into(),
            how: "a Python protocol loop (7 of the protocol's words) in motor/motor principal.py; the handshake is confirmed by the check (likely)".into(),
        }
    );
    assert!(!desc_dir(&subs[0]).join(DESCRIPTION).exists());
    let r = rec(&subs[1], game("knight"), None, desc_dir(&subs[1]));
    assert!(
        matches!(&r.engine, Engine::Program { command, .. } if command == "./motor"),
        "{r:?}"
    );
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(subs[1].files.join("motor"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o111, 0o111, "the copy can be run: {mode:o}");
    }
    let r = rec(&subs[2], game("knight"), None, desc_dir(&subs[2]));
    assert_eq!(
        r.engine,
        Engine::Nothing {
            reason: "no Lisp source, no Python program, no executable (relatorio.pdf)".into(),
            fix:
                "hand in the project's source files (.lisp), or a program that speaks the protocol"
                    .into(),
        }
    );
}

#[test]
fn refused_and_empty_submissions_are_nothing() {
    let tmp = Tmp::new("refused");
    let input = tmp.path().join("in");
    fs::create_dir_all(input.join("vazio")).unwrap();
    zip(&input.join("mau.zip"), &[Entry::File("../fora.lisp", b"x")]);
    let subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
    for sub in &subs {
        let r = rec(sub, game("knight"), None, desc_dir(sub));
        let Engine::Nothing { reason, .. } = &r.engine else {
            panic!("{r:?}")
        };
        assert!(reason.starts_with("refused at intake: "), "{reason}");
    }
    assert!(
        matches!(&rec(&subs[0], game("knight"), None, desc_dir(&subs[0])).engine,
        Engine::Nothing { reason, .. } if reason.contains("mau.zip: ../fora.lisp: a path that leaves the folder"))
    );
}

#[test]
fn no_entry_writes_a_description_for_the_teacher() {
    let tmp = Tmp::new("noentry");
    let dir = tmp.path().join("in/grupo");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("jogo.lisp"), "(defun avaliar (tab) tab)\n").unwrap();
    let subs = read(
        &tmp.path().join("in"),
        &tmp.path().join("out"),
        &Limits::default(),
    )
    .unwrap();
    let r = rec(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Nothing { reason, fix } = &r.engine else {
        panic!("{r:?}")
    };
    assert_eq!(
        reason,
        "no function makes one computer move: neither jogar nor another that takes the position"
    );
    assert!(fix.contains("(jogar estado tempo)"), "{fix}");
    assert_eq!(
        r.unplayable.as_ref().map(Unplayable::id),
        Some("unplayable-no-entry")
    );
    let keys = keys(&subs[0]);
    assert_eq!(
        keys.iter().map(|k| k.0.as_str()).collect::<Vec<_>>(),
        [":preset", ":files"]
    );
    // The teacher names the entry: the rerun takes it as given.
    let desc = desc_dir(&subs[0]).join(DESCRIPTION);
    let text = fs::read_to_string(&desc)
        .unwrap()
        .replace(" :files", " :entry \"avaliar\" :args (:estado)\n :files");
    fs::write(&desc, text).unwrap();
    let r = rec(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Lisp { lines, .. } = &r.engine else {
        panic!("{r:?}")
    };
    assert!(lines.iter().all(|l| l.sure == Sureness::Given));
    assert!(lines
        .iter()
        .any(|l| l.key == ":entry" && l.value == "\"avaliar\""));
}

#[test]
fn the_teachers_edits_are_kept() {
    let tmp = Tmp::new("edits");
    let sub = take_kit(&tmp, "faults", &["indefinida.lisp"]);
    let dir = desc_dir(&sub).to_path_buf();
    let first = rec(&sub, game("knight"), Some(2023), &dir);
    let desc = dir.join(DESCRIPTION);
    let written = fs::read_to_string(&desc).unwrap();
    // A rerun of what was generated writes it again, the same.
    let again = rec(&sub, game("knight"), Some(2023), &dir);
    assert_eq!(
        (again.engine, again.warnings),
        (first.engine, first.warnings)
    );
    assert_eq!(fs::read_to_string(&desc).unwrap(), written);
    // The teacher drops the alias and adds a line: kept, given.
    let edited = written
        .lines()
        .filter(|l| !l.starts_with(" :aliases"))
        .collect::<Vec<_>>()
        .join("\n")
        .replace(" :entry", " :on-failure :lose ; mine\n :entry");
    fs::write(&desc, &edited).unwrap();
    // The intake again (the input is the truth for files/), then recognition.
    let subs = read(
        &tmp.path().join("in"),
        &tmp.path().join("out"),
        &Limits::default(),
    )
    .unwrap();
    let r = rec(&subs[0], game("knight"), Some(2023), &dir);
    assert_eq!(fs::read_to_string(&desc).unwrap(), edited);
    let Engine::Lisp { lines, .. } = &r.engine else {
        panic!("{r:?}")
    };
    let got: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l.key.as_str(), l.value.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (":preset", "\"2023-knight\""),
            (":files", "(\"files/projeto/indefinida.lisp\")"),
            (":on-failure", ":lose"),
            (":entry", "\"jogar\""),
        ]
    );
    assert!(lines.iter().all(|l| l.sure == Sureness::Given));
    assert!(
        r.warnings[0].starts_with("projeto.tabula was edited by hand: kept"),
        "{r:#?}"
    );
    assert!(
        r.warnings[1]
            .starts_with("a fresh reading also finds :aliases ((avaliar-jogadas avaliar)) (guess"),
        "{r:#?}"
    );
    // A description that does not read is named, with where.
    fs::write(&desc, "(:preset \"2023-knight\"\n :entry (\"jogar\")").unwrap();
    let r = rec(&subs[0], game("knight"), Some(2023), &dir);
    assert!(
        matches!(&r.engine, Engine::Nothing { reason, .. }
            if reason == "projeto.tabula (edited by hand) does not read: projeto.tabula:1:1: this ( is never closed"),
        "{r:?}"
    );
}

/// Copies the folder `from` into `to`, files and subfolders.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A new course year is one entry of its game's `.course` file: a kit whose
/// knight file gains a made-up 2031/32 contract (another entry name, the
/// arguments the other way round), and nothing else changed, recognises a
/// project written to that contract under `--year 2031`, names the year's
/// preset and plays it; the kit as shipped, which has no such year, falls
/// back to the latest knight contract and says so.
#[test]
fn a_made_up_course_year_is_one_data_entry() {
    if !has_sbcl() {
        return;
    }
    let tmp = Tmp::new("made-up-year");
    let kit = tmp.path().join("kit");
    copy_tree(&kit_dir(), &kit);
    let course_file = kit.join("games/knight.course");
    let text = fs::read_to_string(&course_file).unwrap();
    let year = "(:year 2031 :entry \"lance\" :args (:tempo :estado)\n   \
                :estado (:board :side :score1 :score2) :base 0 :clock :probe)\n  ";
    let edited = text.replacen(":years\n ((", &format!(":years\n ({year}("), 1);
    assert_ne!(edited, text, "the knight file lists its years");
    fs::write(&course_file, edited).unwrap();
    let kit = kit.canonicalize().unwrap();

    // A project of that year: the kit's example student, its entry renamed
    // and its arguments swapped (the only `jogar` gone).
    let example = fs::read_to_string(repo().join("adapters/lisp/example-student.lisp")).unwrap();
    let project = example
        .replace("(defun jogar (estado tempo", "(defun lance (tempo estado")
        .replace("(return-from jogar ", "(return-from lance ")
        .replace("(return-from jogar\n", "(return-from lance\n");
    assert!(!project.contains("(defun jogar "), "the entry is renamed");
    let source = tmp.path().join("source");
    fs::create_dir_all(&source).unwrap();
    fs::write(source.join("lance.lisp"), project).unwrap();
    let input = tmp.path().join("in");
    zip_dir(
        &input
            .join("Grupo 2031_555_assignsubmission_file_")
            .join("projeto.zip"),
        &source,
        "",
        &|_| true,
    );
    let mut subs = read(&input, &tmp.path().join("out"), &Limits::default()).unwrap();
    let sub = subs.remove(0);

    let course = Course::load(&kit).unwrap();
    let lab = Lab {
        sandbox: SandboxArgs::off(),
        protected: Vec::new(),
        kit: kit.clone(),
        movetime: 500,
        budget: Duration::from_secs(60),
    };
    let r = recognise(
        &sub,
        GameId::Knight,
        Some(2031),
        desc_dir(&sub),
        &course,
        Some(&lab),
    );
    assert!(r.warnings.is_empty(), "{r:#?}");
    let e = r.experiment.as_ref().expect("an experiment");
    assert!(e.positions >= 4, "{e:?}");
    assert_eq!(e.legal, e.positions, "{e:#?}");
    assert_eq!(value(&sub, ":preset").as_deref(), Some("\"2031-knight\""));
    assert_eq!(value(&sub, ":entry").as_deref(), Some("\"lance\""));

    // The kit as shipped has no 2031: the latest knight contract, told.
    let shipped = Course::load(&kit_dir()).unwrap();
    let (preset, _, warning) = shipped.choose("knight", Some(2031));
    assert_eq!(preset.map(|p| p.name.as_str()), Some("2023-knight"));
    assert!(
        warning.is_some_and(|w| w.contains("no preset for 2031")),
        "the fallback is told"
    );
}

/// The kit's note of a form SBCL could not compile, read back.
#[test]
fn a_note_of_a_form_that_does_not_compile_is_read() {
    use super::experiment::Uncompiled;
    let u = Uncompiled::read(
        "jogo.lisp:11: (defun avaliar) does not compile: The LET* binding spec (LIVRES (CASAS-LIVRES TABULEIRO) 0) is malformed.",
    )
    .unwrap();
    assert_eq!((u.file.as_str(), u.line), ("jogo.lisp", 11));
    assert_eq!(u.names, ["avaliar"]);
    assert!(u.why.starts_with("The LET* binding spec"), "{u:?}");
    let closure =
        Uncompiled::read("a b.lisp:3: (let ... defining negamax alfa-beta) does not compile: x")
            .unwrap();
    assert_eq!(closure.file, "a b.lisp");
    assert_eq!(closure.names, ["negamax", "alfa-beta"]);
    let form = Uncompiled::read("c.lisp:9: (progn ...) does not compile: x").unwrap();
    assert!(form.names.is_empty());
    assert_eq!(
        Uncompiled::read("jogo.lisp:2: (in-package x): ignored"),
        None
    );
}
