//! `arbiter grade` from end to end through the real binary, on a download
//! of our own making in Moodle's layout (spec/interface.md "Grading a
//! class"):
//!
//! - a kit-style Lisp project zipped (`clock-ms`), a Windows/LispWorks
//!   project as loose files (`windows-lispworks`), a project with an
//!   undefined function fixed by a proposed alias (`faults/indefinida`), a
//!   group following its year's contract to the letter (a knight project
//!   of 2023/24 written here), the Python example engine, an empty
//!   submission, a zip bomb, a zip whose entry leaves its folder, and a
//!   Dots project handed in for the knight;
//! - `grades.csv` has the interface's columns and Moodle's worksheet
//!   columns, one row per submission, a grade exactly for the admitted; the
//!   bomb and the traversal are refused by name; the championship page and
//!   one feedback page per submission are written;
//! - a rerun changes nothing: the checks are reused and the championship
//!   resumes from its journal.
//!
//! Needs bubblewrap (grade runs everything sandboxed) and SBCL: skipped
//! with a line saying so when missing, except under TABULA_REQUIRE_TOOLS=1.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{repo, run, Tmp};

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
    assert_eq!(grades.len(), 9, "one row per submission: {grades:?}");
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
    for who in ["Filipe Neves", "Gil Mota", "Helena Paz", "Ines Sa"] {
        assert_eq!(by(who)["status"], "excluded", "{who}: {:?}", by(who));
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

    // The pages.
    let report = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(report.contains("builtin:greedy") && report.contains("Ana Silva"));
    for r in &grades {
        let page = out
            .join("feedback")
            .join(format!("{}.html", r["submission"]));
        let html = std::fs::read_to_string(&page).unwrap_or_else(|e| panic!("{page:?}: {e}"));
        assert!(html.contains("lang=\"pt\""), "Portuguese by default");
    }
    // The evidence of every admitted submission, against each gate.
    let evidence = rows(&out.join("evidence.csv"));
    assert_eq!(evidence.len(), 9);

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
        "[[gate]]\nname = \"builtin:tabula\"\npoints = 12\npair_score = 0.5\nlos = 0.9\n",
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

#[test]
fn the_grade_test_skips_visibly_without_bwrap() {
    tools::assert_skips_visibly(
        "a_download_becomes_grades_a_championship_and_feedback",
        &tools::BWRAP,
    );
}
