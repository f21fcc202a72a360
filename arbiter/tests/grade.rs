//! `arbiter grade` from end to end through the real binary, on downloads
//! of our own making in Moodle's layout (spec/interface.md "Grading a
//! class"):
//!
//! - a class of every kind of submission (kit-style Lisp projects, loose
//!   Windows files, a project fixed by a proposed alias, a group following
//!   its year's contract to the letter, the Python example, an empty
//!   submission, a zip bomb, a zip whose entry leaves its folder, another
//!   game's project): `grades.csv` with the interface's and Moodle's
//!   columns, the pages (the students' in Portuguese with no English left
//!   in them), the teacher's page (also in headless Chromium, on a desktop
//!   and a phone), the copy check; a rerun changes nothing;
//! - a class of known strengths (the `tabula` engine itself, a greedy
//!   player, a random player, a random player with one illegal move a game,
//!   a zip bomb) graded by the default rubric: strong at least 19, strong
//!   above greedy above random, random at most 8, the illegal one graded,
//!   the bomb excluded; a teacher's override changes one verdict, and
//!   lifting it plays only the games the class lacks (resume by pairing);
//! - ten identical copies of one engine get grades within 0.5;
//! - a linear season (`--design linear`): the gates, then a Swiss by
//!   rating among the submissions, the games of each as designed, the
//!   grades in the order of the strengths; stopped in a round, it resumes
//!   playing only the missing games, its rounds paired again the same.
//!
//! Needs bubblewrap (grade runs everything sandboxed), SBCL and Python:
//! skipped with a line saying so when missing, except under
//! TABULA_REQUIRE_TOOLS=1.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
#[path = "support/webdriver.rs"]
mod webdriver;

use serde_json::json;
use support::{english_in, repo, run, Tmp, ARBITER};
use webdriver::Browser;

/// A 2023/24 knight project that follows the statement exactly: `jogar`
/// receives the estado and the time and returns the new estado; it plays
/// the first of its legal moves (the knight's jumps onto a numbered square
/// the other knight does not attack): a real, if weak, project.
const CONTRACT: &str = r#"
;;; Projeto 2 -- jogo do cavalo (contrato de 2023/24)
(defun linha (tab i) (nth i tab))
(defun celula (tab i j) (nth j (linha tab i)))
(defun posicao (tab peca)
  (loop for i from 0 below 10
        do (loop for j from 0 below 10
                 when (eql (celula tab i j) peca) do (return-from posicao (list i j)))))
(defun saltos () '((2 1) (2 -1) (-2 1) (-2 -1) (1 2) (1 -2) (-1 2) (-1 -2)))
(defun livre-p (tab i j)
  (and (<= 0 i 9) (<= 0 j 9) (numberp (celula tab i j))))
(defun atacada-p (tab i j outra)
  (let ((o (posicao tab outra)))
    (and o (loop for (di dj) in (saltos)
                 thereis (and (= i (+ (first o) di)) (= j (+ (second o) dj)))))))
(defun jogadas (tab peca)
  (let ((p (posicao tab peca))
        (outra (if (= peca -1) -2 -1)))
    (loop for (di dj) in (saltos)
          for i = (+ (first p) di) for j = (+ (second p) dj)
          when (and (livre-p tab i j) (not (atacada-p tab i j outra)))
            collect (list i j))))
(defun jogar (estado tempo)
  (declare (ignore tempo))
  (destructuring-bind (tab jogador p1 p2) estado
    (declare (ignore p1 p2))
    (let* ((peca (if (= jogador 1) -1 -2))
           (opcoes (jogadas tab peca)))
      (if (null opcoes)
          estado
          (let* ((alvo (first opcoes))
                 (de (posicao tab peca))
                 (novo (mapcar #'copy-list tab)))
            (setf (nth (second de) (nth (first de) novo)) nil)
            (setf (nth (second alvo) (nth (first alvo) novo)) peca)
            (list novo (if (= jogador 1) 2 1) 0 0))))))
"#;

/// The teacher's page in headless Chromium, on a desktop window and on a
/// phone's (390 px): one row for each of the `submissions`, nothing wider
/// than the window, no word broken across lines on the phone, not a blank
/// render. With `TABULA_UPDATE_DOCS=1` the screenshots are saved as
/// `docs/teacher*.png`. Skipped with a line saying so without Chromium.
fn teacher_page_in_a_browser(page: &Path, submissions: usize) {
    if !tools::available(&[tools::CHROMIUM, tools::CHROMEDRIVER]) {
        return;
    }
    let b = Browser::start(1280, 900);
    b.goto(&format!(
        "file://{}",
        page.canonicalize().unwrap().display()
    ));
    let rows = b.eval(
        "return document.querySelectorAll('#class tr[data-submission]').length;",
        json!([]),
    );
    assert_eq!(rows, json!(submissions), "a row for each submission");
    b.assert_fits("teacher.html, desktop");
    let png = b.screenshot_base64();
    b.assert_not_blank(&png, "teacher.html", 9);
    webdriver::save_for_docs("teacher", &png);
    b.resize(390, 844);
    b.assert_fits("teacher.html, phone");
    b.assert_no_word_broken("teacher.html, phone");
    webdriver::save_for_docs("teacher-phone", &b.screenshot_base64());
}

/// A zip at `path` of `files` (name, content).
fn zip(path: &Path, files: &[(&str, &[u8])]) {
    let f = std::fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, data) in files {
        z.start_file(*name, opts).unwrap();
        z.write_all(data).unwrap();
    }
    z.finish().unwrap();
}

/// Moodle's folder of a participant.
fn folder(download: &Path, who: &str, id: u32) -> std::path::PathBuf {
    let dir = download.join(format!("{who}_{id}_assignsubmission_file_"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The rows of a CSV file by its header (RFC 4180, as the csv crate reads).
fn rows(path: &Path) -> Vec<BTreeMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|row| {
            let row = row.unwrap();
            header
                .iter()
                .cloned()
                .zip(row.iter().map(String::from))
                .collect()
        })
        .collect()
}

#[test]
fn a_download_becomes_grades_a_championship_and_feedback() {
    needs!(tools::BWRAP, tools::SBCL);
    let tmp = Tmp::new("season");
    let dl = tmp.path("download");
    let kit = repo().join("tests/data/lisp-projects");
    let read = |p: &str| std::fs::read(kit.join(p)).unwrap();
    // A kit-style project, zipped.
    zip(
        &folder(&dl, "Ana Silva", 100001).join("projeto.zip"),
        &[("projeto/jogo.lisp", &read("clock-ms/jogo.lisp"))],
    );
    // Loose files from Windows and LispWorks (an editor backup among them).
    let bruno = folder(&dl, "Bruno Costa", 100002);
    for f in ["algoritmo.lisp", "jogo.LISP", "jogo.LISP~", "projeto.lisp"] {
        std::fs::copy(kit.join("windows-lispworks").join(f), bruno.join(f)).unwrap();
    }
    // A function called but never defined: the alias is proposed.
    let carla = folder(&dl, "Carla Dias", 100003);
    std::fs::write(
        carla.join("indefinida.lisp"),
        read("faults/indefinida.lisp"),
    )
    .unwrap();
    // The contract to the letter.
    zip(
        &folder(&dl, "Duarte Reis", 100004).join("p2.zip"),
        &[("jogo.lisp", CONTRACT.as_bytes())],
    );
    // The Python example engine.
    std::fs::copy(
        repo().join("adapters/python/example_engine.py"),
        folder(&dl, "Eva Lopes", 100005).join("motor.py"),
    )
    .unwrap();
    // Nothing handed in.
    folder(&dl, "Filipe Neves", 100006);
    // A zip bomb: 300 MiB of zeros in a small file.
    let bomb = folder(&dl, "Gil Mota", 100007).join("projeto.zip");
    {
        let f = std::fs::File::create(&bomb).unwrap();
        let mut z = zip::ZipWriter::new(f);
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .large_file(true);
        z.start_file("jogo.lisp", opts).unwrap();
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..300 {
            z.write_all(&zeros).unwrap();
        }
        z.finish().unwrap();
    }
    // An entry that leaves its folder.
    zip(
        &folder(&dl, "Helena Paz", 100008).join("projeto.zip"),
        &[("../../fora.lisp", b"(defun jogar (e tempo) e)")],
    );
    // Another game's project (Dots and Boxes) for the knight.
    let ines = folder(&dl, "Ines Sa", 100009);
    std::fs::write(ines.join("pontos.lisp"), read("dots-moves/pontos.lisp")).unwrap();
    // Three that cannot play, each for a reason of its own, on the pages
    // too: a function jogar calls does not compile; jogar answers NIL
    // everywhere; jogar reads the person's move from the keyboard.
    for (who, id, project) in [
        ("Joana Lima", 100010, "does-not-compile"),
        ("Luis Melo", 100011, "answers-nil"),
        ("Marta Nunes", 100012, "asks-human"),
    ] {
        std::fs::write(
            folder(&dl, who, id).join("jogo.lisp"),
            read(&format!("{project}/jogo.lisp")),
        )
        .unwrap();
    }

    let out = tmp.path("out");
    let args = [
        "grade",
        dl.to_str().unwrap(),
        "--game",
        "knight",
        "--boards",
        "1",
        "--movetime",
        "200",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("every submission runs in the sandbox"),
        "{text}"
    );

    let grades = rows(&out.join("grades.csv"));
    assert_eq!(grades.len(), 12, "one row per submission: {grades:?}");
    let by = |who: &str| {
        grades
            .iter()
            .find(|r| r["submission"].starts_with(who))
            .unwrap_or_else(|| panic!("{who} in {grades:?}"))
    };
    for r in &grades {
        // The interface's columns, and Moodle's worksheet.
        for c in [
            "submission",
            "status",
            "grade",
            "reason",
            "Identifier",
            "Grade",
        ] {
            assert!(r.contains_key(c), "{c} in {r:?}");
        }
        let id = r["submission"].split('_').nth(1).unwrap();
        assert_eq!(r["Identifier"], format!("Participant {id}"));
        match r["status"].as_str() {
            "admitted" => {
                let g: f64 = r["grade"].parse().unwrap_or_else(|_| panic!("{r:?}"));
                assert!((0.0..=20.0).contains(&g), "{r:?}");
                assert_eq!(r["grade"], r["Grade"]);
            }
            "excluded" => {
                assert_eq!(r["grade"], "", "{r:?}");
                assert!(!r["reason"].is_empty(), "an exclusion says why: {r:?}");
            }
            other => panic!("status {other}"),
        }
    }
    for who in [
        "Ana Silva",
        "Bruno Costa",
        "Carla Dias",
        "Duarte Reis",
        "Eva Lopes",
    ] {
        assert_eq!(
            by(who)["status"],
            "admitted",
            "{who}: {:?}\n{text}",
            by(who)
        );
    }
    for who in [
        "Filipe Neves",
        "Gil Mota",
        "Helena Paz",
        "Ines Sa",
        "Joana Lima",
        "Luis Melo",
        "Marta Nunes",
    ] {
        assert_eq!(by(who)["status"], "excluded", "{who}: {:?}", by(who));
    }
    // Each named by its own reason, in the CSV and, in Portuguese, on the
    // student's page and the teacher's.
    for (who, csv, pt) in [
        ("Joana Lima", "do not compile", "não compilam"),
        ("Luis Melo", "without a move", "sem jogada"),
        ("Marta Nunes", "read the keyboard", "leu o teclado"),
    ] {
        assert!(by(who)["reason"].contains(csv), "{who}: {:?}", by(who));
        let page = out
            .join("feedback")
            .join(format!("{}.html", by(who)["submission"]));
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains(pt), "{who}'s page: {pt}");
        let teacher = std::fs::read_to_string(out.join("teacher.html")).unwrap();
        assert!(teacher.contains(pt), "the teacher's page: {pt}");
    }
    assert!(
        by("Gil Mota")["reason"].contains("jogo.lisp"),
        "the bomb's entry named"
    );
    assert!(
        by("Helena Paz")["reason"].contains("fora.lisp"),
        "the traversal named"
    );
    assert!(
        !tmp.path("fora.lisp").exists() && !out.join("fora.lisp").exists(),
        "nothing written outside"
    );
    // The alias was proposed, and the project then plays.
    let carla_desc = std::fs::read_to_string(
        out.join("submissions")
            .join("Carla Dias_100003_assignsubmission_file_")
            .join("projeto.tabula"),
    )
    .unwrap();
    assert!(carla_desc.contains("avaliar-jogadas"), "{carla_desc}");
    // The contract needs no line from the teacher: every line is certain
    // or the year's preset.
    let duarte_desc = std::fs::read_to_string(
        out.join("submissions")
            .join("Duarte Reis_100004_assignsubmission_file_")
            .join("projeto.tabula"),
    )
    .unwrap();
    assert!(!duarte_desc.contains("(guess)"), "{duarte_desc}");

    // The pages: each student's in Portuguese, titled by the student's
    // name, no English left, no machine path; the teacher's page.
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("builtin:greedy") && report.contains("Ana Silva"));
    assert!(
        report.contains("<html lang=\"pt\">"),
        "the championship page in Portuguese"
    );
    let english = english_in(&report);
    assert!(
        english.is_empty(),
        "English left in report.html: {english:?}"
    );
    for r in &grades {
        let page = out
            .join("feedback")
            .join(format!("{}.html", r["submission"]));
        let html = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{page:?}: {e}"));
        assert!(html.contains("lang=\"pt\""), "Portuguese by default");
        assert!(
            html.contains(&format!("<title>{}</title>", r["Full name"])),
            "the student's name as the title: {page:?}"
        );
        let english = english_in(&html);
        assert!(english.is_empty(), "{page:?}: English left: {english:?}");
        for machine in ["/tmp/", out.to_str().unwrap(), "arbiter-check-"] {
            assert!(
                !html.contains(machine),
                "{page:?}: a machine path {machine}"
            );
        }
        assert!(!html.contains("<script"), "{page:?}");
    }
    let teacher = std::fs::read_to_string(out.join("teacher.html")).unwrap();
    for r in &grades {
        assert!(
            teacher.contains(&format!("data-submission=\"{}\"", r["submission"])),
            "{} on the teacher's page",
            r["submission"]
        );
    }
    teacher_page_in_a_browser(&out.join("teacher.html"), grades.len());
    assert!(out.join("copies.csv").is_file(), "the copy check ran");
    assert!(
        out.join("overrides.toml").is_file(),
        "the overrides' template"
    );
    // The evidence of every admitted submission, against each gate.
    let evidence = rows(&out.join("evidence.csv"));
    assert_eq!(evidence.len(), 12);
    for e in evidence.iter().filter(|e| e["status"] == "admitted") {
        let (moves, own): (u32, u32) =
            (e["moves"].parse().unwrap(), e["own_moves"].parse().unwrap());
        assert!(own <= moves, "{e:?}");
        assert!(
            !e["rating"].is_empty() && !e["builtin:random expected"].is_empty(),
            "{e:?}"
        );
    }

    // Run again: nothing is played or checked again, the grades stay.
    let journal = std::fs::read(out.join("results.jsonl")).unwrap();
    let before = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    assert!(
        std::fs::read(out.join("results.jsonl")).unwrap() == journal,
        "the championship resumed whole: no game played again"
    );
    let after = rows(&out.join("grades.csv"));
    let grades_of = |rs: &[BTreeMap<String, String>]| -> Vec<(String, String)> {
        rs.iter()
            .map(|r| (r["submission"].clone(), r["grade"].clone()))
            .collect()
    };
    assert_eq!(grades_of(&after), grades_of(&grades), "{before}");
}

#[test]
fn grade_refuses_bad_arguments_before_anything_runs() {
    let tmp = Tmp::new("usage");
    let out = tmp.path("out");
    let rubric = tmp.path("rubric.toml");
    std::fs::write(
        &rubric,
        "[[gate]]\nname = \"builtin:tabula\"\npoints = 17\nnone = 0.5\nfull = 0.9\n",
    )
    .unwrap();
    for (args, says) in [
        (
            vec!["grade", "no-such-folder", "--game", "knight"],
            "no download",
        ),
        (vec!["grade", ".", "--game", "knight-solo"], "puzzle"),
        (
            vec!["grade", ".", "--game", "knight", "--lang", "fr"],
            "pt, en",
        ),
        (
            vec![
                "grade",
                ".",
                "--game",
                "knight",
                "--rubric",
                rubric.to_str().unwrap(),
            ],
            "not one of the championship's gates",
        ),
    ] {
        let mut args = args;
        args.extend(["--out", out.to_str().unwrap()]);
        let (code, text) = run(&args);
        assert_eq!(code, 2, "{args:?}: {text}");
        assert!(text.contains(says), "{args:?}: {text}");
    }
    assert!(!out.join("grades.csv").exists());
}

/// The root crate's `tabula` binary, stripped of its debugging information
/// (a compiled engine handed in under the intake's size limit), at `path`.
fn stripped_tabula(path: &Path) {
    let dir = Path::new(ARBITER).parent().expect("the arbiter's folder");
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = std::process::Command::new(cargo);
    cmd.args(["build", "--quiet", "-p", "tabula", "--bin", "tabula"])
        .current_dir(repo());
    if dir.ends_with("release") {
        cmd.arg("--release");
    }
    assert!(
        cmd.status().expect("cargo runs").success(),
        "cargo build --bin tabula"
    );
    std::fs::copy(dir.join("tabula"), path).unwrap();
    let st = std::process::Command::new("strip")
        .arg(path)
        .status()
        .expect("strip runs");
    assert!(st.success(), "strip {}", path.display());
}

/// The Python example engine, changed by `edits` (each `(from, to)`, every
/// `from` present).
fn example_engine(edits: &[(&str, &str)]) -> String {
    let mut text =
        std::fs::read_to_string(repo().join("adapters/python/example_engine.py")).unwrap();
    for (from, to) in edits {
        assert!(text.contains(from), "the example engine has '{from}'");
        text = text.replace(from, to);
    }
    text
}

/// The example engine playing a random legal move.
const RANDOM: (&str, &str) = ("self.strategy = \"greedy\"", "self.strategy = \"random\"");

/// … and a move the rules refuse (`pass` where it has moves) at its third
/// move of every game.
const ILLEGAL: [(&str, &str); 2] = [
    (
        "            self.position = None\n        elif command == \"setoption\":",
        "            self.position = None\n            self.asked = 0\n        elif command == \"setoption\":",
    ),
    (
        "            move, fallback = self.own_or_fallback(pos, time_ms)",
        "            self.asked = getattr(self, \"asked\", 0) + 1\n            if self.asked == 3 and PASS not in pos.legal_moves():\n                say(\"bestmove pass\")\n                return\n            move, fallback = self.own_or_fallback(pos, time_ms)",
    ),
];

/// A zip of 300 MiB of zeros in one entry, `jogo.lisp`.
fn zip_bomb(path: &Path) {
    let f = std::fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(true);
    z.start_file("jogo.lisp", opts).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..300 {
        z.write_all(&zeros).unwrap();
    }
    z.finish().unwrap();
}

/// `grade` of `dl` into `out` with `more` arguments; the output.
fn grade(dl: &Path, out: &Path, more: &[&str]) -> String {
    let mut args = vec![
        "grade",
        dl.to_str().unwrap(),
        "--game",
        "knight",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ];
    args.extend(more);
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    text
}

/// Each submission's row of `grades.csv`, by the start of its name.
fn grade_of<'a>(rows: &'a [BTreeMap<String, String>], who: &str) -> &'a BTreeMap<String, String> {
    rows.iter()
        .find(|r| r["submission"].starts_with(who))
        .unwrap_or_else(|| panic!("{who} in {rows:?}"))
}

/// The games of a journal between two of `names`, as (players, start,
/// moves): what must be kept when the admitted set changes around them.
fn games_among(journal: &Path, names: &[&str]) -> Vec<String> {
    let mut games: Vec<String> = support::results(journal)
        .iter()
        .filter(|g| {
            let is =
                |p: &serde_json::Value| names.iter().any(|n| p.as_str().unwrap().starts_with(n));
            is(&g["p1"]) && is(&g["p2"])
        })
        .map(|g| format!("{} {} {} {}", g["p1"], g["p2"], g["start"], g["moves"]))
        .collect();
    games.sort();
    games
}

#[test]
fn known_strengths_get_the_grades_their_strength_earns() {
    needs!(tools::BWRAP, tools::PYTHON, tools::STRIP);
    let tmp = Tmp::new("strengths");
    let dl = tmp.path("download");
    stripped_tabula(&folder(&dl, "Ana Forte", 200001).join("tabula"));
    std::fs::write(
        folder(&dl, "Bruno Guloso", 200002).join("motor.py"),
        example_engine(&[]),
    )
    .unwrap();
    std::fs::write(
        folder(&dl, "Carla Acaso", 200003).join("motor.py"),
        example_engine(&[RANDOM]),
    )
    .unwrap();
    let mut illegal = vec![RANDOM];
    illegal.extend(ILLEGAL);
    std::fs::write(
        folder(&dl, "Duarte Ilegal", 200004).join("motor.py"),
        example_engine(&illegal),
    )
    .unwrap();
    zip_bomb(&folder(&dl, "Eva Bomba", 200005).join("projeto.zip"));
    let out = tmp.path("season");
    // The strengths are what is measured, not the speed: a margin wide
    // enough that five tests sharing two cores lose no move to scheduling
    // (a fault would weaken the strong engine by chance).
    let movetime = ["--movetime", "200", "--margin", "1500"];

    // First the teacher excludes the greedy group (a reason of theirs).
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(
        out.join("overrides.toml"),
        "[[override]]\nsubmission = \"Bruno Guloso_200002_assignsubmission_file_\"\n\
         verdict = \"exclude\"\nreason = \"entregou fora de prazo\"\n",
    )
    .unwrap();
    grade(&dl, &out, &movetime);
    let first = rows(&out.join("grades.csv"));
    let bruno = grade_of(&first, "Bruno");
    assert_eq!(
        bruno["status"], "excluded",
        "the override decides: {bruno:?}"
    );
    assert!(
        bruno["reason"].contains("entregou fora de prazo"),
        "{bruno:?}"
    );
    let page = std::fs::read_to_string(
        out.join("feedback/Bruno Guloso_200002_assignsubmission_file_.html"),
    )
    .unwrap();
    assert!(
        page.contains("Excluída pelo docente: entregou fora de prazo"),
        "{page}"
    );
    let journal = out.join("results.jsonl");
    let unchanged = ["Ana", "Carla", "Duarte", "builtin:"];
    let kept = games_among(&journal, &unchanged);
    assert!(!kept.is_empty());

    // The override lifted: only the greedy group's games are played.
    std::fs::write(out.join("overrides.toml"), "").unwrap();
    let before = support::results(&journal).len();
    let text = grade(&dl, &out, &movetime);
    let after = support::results(&journal);
    let bruno_games = after
        .iter()
        .filter(|g| {
            [&g["p1"], &g["p2"]]
                .iter()
                .any(|p| p.as_str().unwrap().starts_with("Bruno"))
        })
        .count();
    // Against 3 classmates on 2 boards and 3 gates on 4, both colours.
    assert_eq!(bruno_games, 3 * 2 * 2 + 3 * 4 * 2, "{text}");
    assert_eq!(
        after.len(),
        before + bruno_games,
        "nothing else played again: {text}"
    );
    assert_eq!(
        games_among(&journal, &unchanged),
        kept,
        "every game among the unchanged kept"
    );

    // A small class: the round robin, chosen.
    let teacher = std::fs::read_to_string(out.join("teacher.html")).unwrap();
    assert!(
        teacher.contains("id=\"design\" data-design=\"round-robin\""),
        "{text}"
    );
    let grades = rows(&out.join("grades.csv"));
    let g = |who: &str| -> Option<f64> { grade_of(&grades, who)["grade"].parse().ok() };
    let evidence = rows(&out.join("evidence.csv"));
    for r in &evidence {
        eprintln!("{}: {} {}", r["student"], r["status"], r["grade"]);
        for (k, v) in r
            .iter()
            .filter(|(k, _)| k.ends_with(" points") || k.ends_with(" why"))
        {
            eprintln!("    {k}: {v}");
        }
    }
    let (strong, greedy, random, illegal) = (
        g("Ana").expect("strong graded"),
        g("Bruno").expect("greedy graded"),
        g("Carla").expect("random graded"),
        g("Duarte"),
    );
    assert!(strong >= 19.0, "strong {strong}");
    assert!(
        strong > greedy && greedy > random,
        "{strong} > {greedy} > {random}"
    );
    assert!(random <= 8.0, "random {random}");
    assert!(
        illegal.is_some(),
        "the illegal one is graded: {:?}",
        grade_of(&grades, "Duarte")
    );
    assert_eq!(grade_of(&grades, "Duarte")["status"], "admitted");
    let eva = grade_of(&grades, "Eva");
    assert_eq!(eva["status"], "excluded");
    assert!(
        eva["reason"].contains("jogo.lisp"),
        "the bomb named: {eva:?}"
    );
    // The illegal moves are faults, and they cost what the rubric says.
    let duarte = evidence
        .iter()
        .find(|r| r["student"] == "Duarte Ilegal")
        .unwrap();
    assert_eq!(duarte["faults points"], "-3", "{duarte:?}");
    // The pages of this season are Portuguese through and through.
    for r in &grades {
        let html = std::fs::read_to_string(out.join(format!("feedback/{}.html", r["submission"])))
            .unwrap();
        assert!(
            english_in(&html).is_empty(),
            "{}: {:?}",
            r["submission"],
            english_in(&html)
        );
    }
}

/// The round of a results line (its key's `r<round>-…`).
fn round_of(g: &serde_json::Value) -> u32 {
    let key = g["key"].as_str().expect("a key");
    key[1..key.find('-').expect("r<round>-")].parse().unwrap()
}

/// The pairs of `round` in a journal's lines, each once, sorted.
fn pairs_of(games: &[serde_json::Value], round: u32) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = games
        .iter()
        .filter(|g| round_of(g) == round)
        .map(|g| {
            let (a, b) = (g["p1"].to_string(), g["p2"].to_string());
            (a.clone().min(b.clone()), a.max(b))
        })
        .collect();
    pairs.sort();
    pairs.dedup();
    pairs
}

#[test]
fn a_linear_season_plays_the_gates_then_a_swiss_and_resumes() {
    needs!(tools::BWRAP, tools::PYTHON, tools::STRIP);
    let tmp = Tmp::new("linear");
    let dl = tmp.path("download");
    stripped_tabula(&folder(&dl, "Ana Forte", 400001).join("tabula"));
    std::fs::write(
        folder(&dl, "Bruno Guloso", 400002).join("motor.py"),
        example_engine(&[]),
    )
    .unwrap();
    for (who, id) in [("Carla Acaso", 400003), ("Dora Acaso", 400004)] {
        std::fs::write(
            folder(&dl, who, id).join("motor.py"),
            example_engine(&[RANDOM]),
        )
        .unwrap();
    }
    let out = tmp.path("season");
    let rounds = 3;
    let args = [
        "--design",
        "linear",
        "--rounds",
        "3",
        "--movetime",
        "200",
        "--margin",
        "1500",
        "--no-analysis",
    ];
    let text = grade(&dl, &out, &args);
    assert!(text.contains("championship: the linear design"), "{text}");
    // Each round is a plan of its own in the one journal: the earlier
    // rounds' games are the season's, never told as another tournament's.
    assert!(!text.contains("another tournament"), "{text}");
    let journal = out.join("results.jsonl");
    let games = support::results(&journal);
    // Round 0: each of 4 submissions against each of 3 gates, and the
    // gates among themselves, on 2 boards; then 3 rounds of 2 pairings on
    // 1 board; both colours.
    assert_eq!(games.len(), (4 * 3 + 3) * 2 * 2 + rounds * 2 * 2, "{text}");
    for who in ["Ana", "Bruno", "Carla", "Dora"] {
        let own: Vec<&serde_json::Value> = games
            .iter()
            .filter(|g| {
                [&g["p1"], &g["p2"]]
                    .iter()
                    .any(|p| p.as_str().unwrap().starts_with(who))
            })
            .collect();
        assert_eq!(own.len(), 2 * (3 * 2 + 3), "{who}: the designed games");
        let gated = own
            .iter()
            .filter(|g| {
                [&g["p1"], &g["p2"]]
                    .iter()
                    .any(|p| p.as_str().unwrap().starts_with("builtin:"))
            })
            .count();
        assert_eq!(
            gated,
            3 * 2 * 2,
            "{who}: every gate on 2 boards, in round 0"
        );
    }
    for round in 1..=rounds as u32 {
        let pairs = pairs_of(&games, round);
        assert_eq!(pairs.len(), 2, "round {round}: {pairs:?}");
        assert!(
            pairs
                .iter()
                .all(|(a, b)| !a.contains("builtin:") && !b.contains("builtin:")),
            "the Swiss is among the submissions: {pairs:?}"
        );
    }
    // Round 1 is paired by the rating of the gates' games: the strong
    // and the greedy meet.
    let first = pairs_of(&games, 1);
    assert!(
        first
            .iter()
            .any(|(a, b)| a.contains("Ana") && b.contains("Bruno")),
        "{first:?}"
    );
    // The one rating over every game orders the known strengths; the
    // grades follow it (the greedy and the random ones may share a tier
    // on these few games, and with it their marks).
    let order = |out: &Path| {
        let evidence = rows(&out.join("evidence.csv"));
        let of = |who: &str, col: &str| -> f64 {
            let r = evidence
                .iter()
                .find(|r| r["student"].starts_with(who))
                .unwrap_or_else(|| panic!("{who} in {evidence:?}"));
            r[col].parse().unwrap_or_else(|_| panic!("{col} of {r:?}"))
        };
        let (strong, greedy, random) = (
            of("Ana", "rating"),
            of("Bruno", "rating"),
            of("Carla", "rating").max(of("Dora", "rating")),
        );
        assert!(
            strong > greedy && greedy > random,
            "ratings {strong} > {greedy} > {random}"
        );
        let (strong, greedy, random) = (
            of("Ana", "grade"),
            of("Bruno", "grade"),
            of("Carla", "grade").max(of("Dora", "grade")),
        );
        assert!(
            strong > greedy && greedy >= random,
            "grades {strong} > {greedy} >= {random}"
        );
    };
    order(&out);
    let teacher = std::fs::read_to_string(out.join("teacher.html")).unwrap();
    assert!(
        teacher.contains("id=\"design\" data-design=\"linear\""),
        "{teacher}"
    );
    // The round robin would cost 2 × (6 pairs × 2 boards + 15 with a gate
    // × 4): each submission 2 × (3 × 2 + 3 × 4).
    assert!(
        teacher.contains("data-design=\"round-robin\" data-games=\"144\" data-each=\"36\""),
        "{teacher}"
    );
    assert!(teacher.contains("data-design=\"linear\" data-games=\"72\" data-each=\"18\""));

    // Stopped in round 2 (its second pairing and round 3 not played):
    // the rerun derives rounds 1 and 2 again from the journal and plays
    // only what is missing.
    let lines: Vec<String> = std::fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let kept: Vec<String> = lines
        .iter()
        .filter(|l| {
            let g: serde_json::Value = serde_json::from_str(l).unwrap();
            let key = g["key"].as_str().unwrap();
            round_of(&g) < 2 || (round_of(&g) == 2 && key.contains("-p0-"))
        })
        .cloned()
        .collect();
    assert_eq!(kept.len(), games.len() - 2 - 4);
    std::fs::write(&journal, kept.join("\n") + "\n").unwrap();
    let text = grade(&dl, &out, &args);
    let again = support::results(&journal);
    assert_eq!(again.len(), games.len(), "only the 6 missing games: {text}");
    assert!(!text.contains("another tournament"), "{text}");
    let now: Vec<String> = std::fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        now[..kept.len()],
        kept[..],
        "the games played are kept as they were"
    );
    assert_eq!(
        pairs_of(&again, 2),
        pairs_of(&games, 2),
        "round 2 paired again the same"
    );
    order(&out);
}

#[test]
fn ten_identical_copies_get_grades_within_half_a_point() {
    needs!(tools::BWRAP, tools::PYTHON);
    let tmp = Tmp::new("copies");
    let dl = tmp.path("download");
    let engine = example_engine(&[]);
    for k in 0..10 {
        std::fs::write(
            folder(&dl, &format!("Cópia {k}"), 300_000 + k).join("motor.py"),
            &engine,
        )
        .unwrap();
    }
    let out = tmp.path("season");
    // The default clock (the example engine answers at once: a second a
    // move costs nothing, and a loaded machine makes no timeouts).
    grade(&dl, &out, &["--no-analysis"]);
    let grades = rows(&out.join("grades.csv"));
    let g: Vec<f64> = grades.iter().map(|r| r["grade"].parse().unwrap()).collect();
    let (lo, hi) = g
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(*x), b.max(*x)));
    let evidence = rows(&out.join("evidence.csv"));
    let why: Vec<String> = evidence
        .iter()
        .map(|e| {
            format!(
                "{} {} tier {} faults {}",
                e["student"], e["grade"], e["rating_tier"], e["faults"]
            )
        })
        .collect();
    assert!(hi - lo <= 0.5, "grades {g:?}: {why:#?}");
    // The names come through as written (UTF-8), in the CSV and as titles.
    assert!(
        grades.iter().all(|r| r["Full name"].starts_with("Cópia ")),
        "{grades:?}"
    );
    // The copy check flags them, on the teacher's page only.
    let teacher = std::fs::read_to_string(out.join("teacher.html")).unwrap();
    assert!(
        teacher.contains("class=\"pair\""),
        "flagged pairs with their fragments"
    );
    let page =
        std::fs::read_to_string(out.join(format!("feedback/{}.html", grades[0]["submission"])))
            .unwrap();
    assert!(
        !page.contains("class=\"pair\"") && !page.contains("copies"),
        "never on a student's page"
    );
}

#[test]
fn the_grade_test_skips_visibly_without_bwrap() {
    tools::assert_skips_visibly(
        "a_download_becomes_grades_a_championship_and_feedback",
        &tools::BWRAP,
    );
}
