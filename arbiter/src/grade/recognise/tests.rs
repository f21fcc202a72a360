//! Recognition on downloads made of the kit's test projects and of
//! submissions of every kind, through the intake.

use std::fs;
use std::path::Path;

use tabula::games::GameId;

use super::*;
use crate::grade::intake::{read, Limits};
use crate::grade::testing::{kit_project, repo, zip, zip_dir, Entry, Tmp};

fn game(id: &str) -> GameId {
    *GameId::ALL.iter().find(|g| g.as_str() == id).unwrap()
}

/// A kit test project: (folder, the files of the project, its hand
/// description, game, year).
type KitProject = (
    &'static str,
    &'static [&'static str],
    &'static str,
    &'static str,
    Option<u32>,
);

const KIT: &[KitProject] = &[
    (
        "adji-raw",
        &["projeto.lisp"],
        "adji.tabula",
        "adjiboto",
        Some(2024),
    ),
    (
        "adjiboto-2024",
        &["projeto.lisp"],
        "adji.tabula",
        "adjiboto",
        Some(2024),
    ),
    (
        "blokus-stocks",
        &["blokus.lisp"],
        "blokus.tabula",
        "blokus",
        Some(2021),
    ),
    (
        "clock-cpu",
        &["jogo.lisp"],
        "jogo.tabula",
        "knight",
        Some(2023),
    ),
    (
        "clock-ms",
        &["jogo.lisp"],
        "jogo.tabula",
        "knight",
        Some(2019),
    ),
    (
        "clock-raw",
        &["projeto.lisp", "regras.lisp"],
        "projeto.tabula",
        "knight",
        Some(2023),
    ),
    (
        "dots-moves",
        &["pontos.lisp"],
        "pontos.tabula",
        "dots",
        Some(2022),
    ),
    (
        "faults",
        &["codificacao.lisp"],
        "codificacao.tabula",
        "knight",
        Some(2023),
    ),
    ("faults", &["forma.lisp"], "", "knight", Some(2023)),
    (
        "faults",
        &["indefinida.lisp"],
        "indefinida.tabula",
        "knight",
        Some(2023),
    ),
    (
        "logical-host",
        &["bispo.lisp"],
        "bispo.tabula",
        "knight",
        Some(2023),
    ),
    (
        "menu-global",
        &["jogo.lisp"],
        "jogo.tabula",
        "knight",
        Some(2023),
    ),
    (
        "no-move",
        &["jogo.lisp"],
        "jogo.tabula",
        "knight",
        Some(2023),
    ),
    (
        "node-global",
        &["cavalo.lisp"],
        "cavalo.tabula",
        "knight",
        None,
    ),
    (
        "overrun",
        &["jogo.lisp"],
        "jogo.tabula",
        "knight",
        Some(2023),
    ),
    (
        "side-guess",
        &["adivinha.lisp"],
        "adivinha.tabula",
        "knight",
        Some(2023),
    ),
    (
        "soli-side-guess",
        &["adivinha.lisp"],
        "adivinha.tabula",
        "solitario",
        Some(2025),
    ),
    ("symbol-2015", &["galo.lisp"], "galo.tabula", "knight", None),
    (
        "windows-lispworks",
        &["projeto.lisp", "algoritmo.lisp", "jogo.LISP", "jogo.LISP~"],
        "",
        "knight",
        Some(2019),
    ),
];

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

/// A `:files` value by file name only (the hand descriptions sit beside
/// the files, ours beside `files/`).
fn by_file_name(key: &str, value: &str) -> String {
    if key != ":files" {
        return value.to_string();
    }
    value
        .split('"')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                part.rsplit('/').next().unwrap()
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join("\"")
}

/// Per kit test project: the keys recognised (beyond :preset, :files and
/// :entry), and the hand description's keys that still need a teacher's
/// line.
const EXPECTED: &[(&str, &[&str], &[&str])] = &[
    ("adji-raw", &[], &[":depth-global \"*avaliadas*\""]),
    ("adjiboto-2024", &[], &[]),
    ("blokus-stocks", &[], &[]),
    ("clock-cpu", &[], &[]),
    ("clock-ms", &[":depth-global \"*profundidade*\""], &[]),
    ("clock-raw", &[":depth-global \"*profundidade*\""], &[]),
    ("dots-moves", &[], &[]),
    ("codificacao.lisp", &[], &[]),
    ("forma.lisp", &[], &[]),
    (
        "indefinida.lisp",
        &[":aliases ((avaliar-jogadas avaliar))"],
        &[],
    ),
    ("logical-host", &[], &[]),
    (
        "menu-global",
        &[":globals ((*pasta* :scratch))"],
        &[":globals ((*pasta* :scratch) (*nivel* 3))"],
    ),
    ("no-move", &[], &[]),
    (
        "node-global",
        &[":args (:estado 3 :side)", ":answer (:global \"*jogada*\")"],
        &[":estado (:board nil :score1 :score2)", ":base 1"],
    ),
    ("overrun", &[], &[":clock :ms"]),
    ("side-guess", &[":estado :board", ":view :mover-first"], &[]),
    ("soli-side-guess", &[], &[":view :mover-first"]),
    (
        "symbol-2015",
        &[
            ":args (:estado :symbol :tempo)",
            ":symbols (:branco :preto)",
        ],
        &[":estado (:board :score1 :score2)"],
    ),
    ("windows-lispworks", &[], &[]),
];

#[test]
fn the_kit_projects_are_recognised() {
    let mut report = String::new();
    for (project, files, hand, g, year) in KIT {
        let label = if *project == "faults" {
            files[0]
        } else {
            project
        };
        let (_, want, teacher) = EXPECTED.iter().find(|e| e.0 == label).unwrap();
        let tmp = Tmp::new("kit");
        let sub = take_kit(&tmp, project, files);
        let r = recognise(&sub, game(g), *year, desc_dir(&sub));
        let Engine::Lisp { description, lines } = &r.engine else {
            panic!("{label}: {:?}", r.engine);
        };
        assert_eq!(*description, desc_dir(&sub).join(DESCRIPTION));
        let got = keys(&sub);
        // What the file says is what the lines say.
        let from_lines: Vec<(String, String)> = lines
            .iter()
            .map(|l| (l.key.clone(), l.value.clone()))
            .collect();
        assert_eq!(got, from_lines, "{label}");
        // :preset, :files, :entry, then what was recognised.
        let extra: Vec<String> = got[3..].iter().map(|(k, v)| format!("{k} {v}")).collect();
        assert_eq!(extra, *want, "{label}: {r:#?}");
        assert_eq!(got[0].0, ":preset");
        assert_eq!(got[1].0, ":files");
        assert_eq!(got[2].0, ":entry");
        // Against the hand description: what a teacher still writes.
        let mut missing = Vec::new();
        if !hand.is_empty() {
            let text = fs::read_to_string(kit_project(project).join(hand)).unwrap();
            for (k, v) in read_description(&text).unwrap() {
                let ours = got.iter().find(|(gk, _)| *gk == k);
                if ours.is_none_or(|(_, gv)| by_file_name(&k, gv) != v) {
                    missing.push(format!("{k} {v}"));
                }
            }
        }
        assert_eq!(missing, *teacher, "{label}");
        report.push_str(&format!(
            "{label}: recognised {}; a teacher's line: {}\n",
            got.iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>()
                .join(" "),
            if missing.is_empty() {
                "none".into()
            } else {
                missing.join(", ")
            }
        ));
    }
    println!("{report}");
}

/// The kit itself reads each description written and plays a move with the
/// project's own entry (no fallback), where the description is complete.
#[test]
fn the_kit_runs_the_descriptions() {
    if std::process::Command::new("sbcl")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no sbcl");
        return;
    }
    let knight = "position fen knight 01,02,03,04,05,06,07,08,09,10/11,12,13,14,15,16,17,18,19,20/21,22,23,24,25,26,27,28,29,30/31,32,33,34,35,36,37,38,39,40/41,42,43,44,45,46,47,48,49,50/51,52,53,54,55,56,57,58,59,60/61,62,63,64,65,66,67,68,69,70/71,72,73,74,75,76,77,78,79,80/81,82,83,84,85,86,87,88,89,90/91,92,93,94,95,96,97,98,99,00 w 0 0";
    // The projects a teacher need not touch (the deliberate faults and
    // the incomplete ones left out).
    let complete = [
        "adji-raw",
        "adjiboto-2024",
        "blokus-stocks",
        "clock-ms",
        "clock-raw",
        "dots-moves",
        "indefinida.lisp",
        "logical-host",
        "no-move",
        "side-guess",
        "symbol-2015",
        "windows-lispworks",
    ];
    for (project, files, _, g, year) in KIT {
        let label = if *project == "faults" {
            files[0]
        } else {
            project
        };
        if !complete.contains(&label) {
            continue;
        }
        let tmp = Tmp::new("kit-run");
        let sub = take_kit(&tmp, project, files);
        recognise(&sub, game(g), *year, desc_dir(&sub));
        let position = if *g == "knight" {
            knight.to_string()
        } else {
            format!("setoption name Game value {g}\nposition startpos")
        };
        let mut child = std::process::Command::new("sbcl")
            .arg("--script")
            .arg(repo().join("adapters/lisp/run.lisp"))
            .arg(desc_dir(&sub).join(DESCRIPTION))
            .env("TABULA_SCRATCH", tmp.path().join("scratch"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(format!("ugi\n{position}\ngo movetime 300\nquit\n").as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stdout.contains("\nbestmove "),
            "{label}:\n{stdout}\n{stderr}"
        );
        assert!(!stdout.contains("fallback"), "{label}:\n{stdout}\n{stderr}");
        if label == "windows-lispworks" {
            assert!(stdout.contains("bestmove i3"), "{stdout}");
        }
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
    let r = recognise(&subs[0], game("knight"), Some(2023), desc_dir(&subs[0]));
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
            (":entry", "\"jogar\"", Sureness::Certain),
        ]
    );
    assert_eq!(lines[1].how, "jogo.lisp loads algoritmo.lisp");
    let text = fs::read_to_string(desc_dir(&subs[0]).join(DESCRIPTION)).unwrap();
    assert!(text.contains(" :files (\"files/projeto/projeto/jogo.lisp\") ; jogo.lisp loads algoritmo.lisp (certain)\n"), "{text}");
    assert!(text.contains(";; :clock is left to the kit"), "{text}");
    // Without --year: the game's latest contract, likely.
    let r = recognise(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Lisp { lines, .. } = r.engine else {
        panic!()
    };
    assert_eq!(
        (lines[0].value.as_str(), lines[0].sure),
        ("\"2023-knight\"", Sureness::Likely)
    );
    // A year of another game: a warning, the game's latest preset.
    let r = recognise(&subs[0], game("knight"), Some(2022), desc_dir(&subs[0]));
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
    let r = recognise(&subs[0], game("knight"), Some(2023), desc_dir(&subs[0]));
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

#[test]
fn another_games_project_is_nothing() {
    for (project, file, other) in [
        ("dots-moves", "pontos.lisp", "dots"),
        ("blokus-stocks", "blokus.lisp", "blokus"),
    ] {
        let tmp = Tmp::new("other");
        let sub = take_kit(&tmp, project, &[file]);
        let r = recognise(&sub, game("knight"), Some(2023), desc_dir(&sub));
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
        recognise(&sub, game("dots"), None, desc_dir(&sub)).engine,
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
    let r = recognise(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    assert_eq!(
        r.engine,
        Engine::Program {
            command: "python3 'motor/motor principal.py'".into(),
            how: "a Python protocol loop (7 of the protocol's words) in motor/motor principal.py; the handshake is confirmed by the check (likely)".into(),
        }
    );
    assert!(!desc_dir(&subs[0]).join(DESCRIPTION).exists());
    let r = recognise(&subs[1], game("knight"), None, desc_dir(&subs[1]));
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
    let r = recognise(&subs[2], game("knight"), None, desc_dir(&subs[2]));
    assert_eq!(
        r.engine,
        Engine::Nothing {
            reason: "no Lisp source, no Python program, no executable (relatorio.pdf)".into(),
            fix: "hand in the project's source files (.lisp) or a program that speaks the protocol"
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
        let r = recognise(sub, game("knight"), None, desc_dir(sub));
        let Engine::Nothing { reason, .. } = &r.engine else {
            panic!("{r:?}")
        };
        assert!(reason.starts_with("refused at intake: "), "{reason}");
    }
    assert!(
        matches!(&recognise(&subs[0], game("knight"), None, desc_dir(&subs[0])).engine,
        Engine::Nothing { reason, .. } if reason.contains("mau.zip: ../fora.lisp: a path that leaves the folder"))
    );
}

#[test]
fn no_entry_writes_a_description_for_the_teacher() {
    let tmp = Tmp::new("noentry");
    let dir = tmp.path().join("in/grupo");
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("jogo.lisp"), "(defun melhor-jogada (tab) tab)\n").unwrap();
    let subs = read(
        &tmp.path().join("in"),
        &tmp.path().join("out"),
        &Limits::default(),
    )
    .unwrap();
    let r = recognise(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Nothing { reason, fix } = &r.engine else {
        panic!("{r:?}")
    };
    assert_eq!(
        reason,
        "no function jogar in the Lisp files, nor another entry the kit runs"
    );
    assert!(fix.contains(":entry"), "{fix}");
    let keys = keys(&subs[0]);
    assert_eq!(
        keys.iter().map(|k| k.0.as_str()).collect::<Vec<_>>(),
        [":preset", ":files"]
    );
    // The teacher names the entry: the rerun takes it as given.
    let desc = desc_dir(&subs[0]).join(DESCRIPTION);
    let text = fs::read_to_string(&desc).unwrap().replace(
        " :files",
        " :entry \"melhor-jogada\" :args (:estado)\n :files",
    );
    fs::write(&desc, text).unwrap();
    let r = recognise(&subs[0], game("knight"), None, desc_dir(&subs[0]));
    let Engine::Lisp { lines, .. } = &r.engine else {
        panic!("{r:?}")
    };
    assert!(lines.iter().all(|l| l.sure == Sureness::Given));
    assert!(lines
        .iter()
        .any(|l| l.key == ":entry" && l.value == "\"melhor-jogada\""));
}

#[test]
fn the_teachers_edits_are_kept() {
    let tmp = Tmp::new("edits");
    let sub = take_kit(&tmp, "faults", &["indefinida.lisp"]);
    let dir = desc_dir(&sub).to_path_buf();
    let first = recognise(&sub, game("knight"), Some(2023), &dir);
    let desc = dir.join(DESCRIPTION);
    let written = fs::read_to_string(&desc).unwrap();
    // A rerun of what was generated writes it again, the same.
    assert_eq!(recognise(&sub, game("knight"), Some(2023), &dir), first);
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
    let r = recognise(&subs[0], game("knight"), Some(2023), &dir);
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
    // A description that does not read is named.
    fs::write(&desc, "(:preset \"2023-knight\"").unwrap();
    let r = recognise(&subs[0], game("knight"), Some(2023), &dir);
    assert!(
        matches!(&r.engine, Engine::Nothing { reason, .. } if reason.contains("does not read")),
        "{r:?}"
    );
}
