//! Names that come from students — a folder called `=cmd|…`, `@SUM(…)` or
//! with a U+202E, an engine named like a formula — are shown escaped on
//! the terminal and written defused in every CSV the arbiter writes
//! (`arbiter similarity`'s pairs, a tournament's `--summary`): a
//! spreadsheet opening the file runs no formula, a terminal reverses no
//! text. (No outside program needed.)

mod support;
use support::{run, Tmp};

/// The same little Lisp project in each of `names`' folders under `dir`.
fn copies(dir: &std::path::Path, names: &[&str]) -> Vec<String> {
    // A real project (the kit's test project), long enough to be flagged
    // as copied.
    let code =
        std::fs::read(support::repo().join("tests/data/lisp-projects/clock-ms/jogo.lisp")).unwrap();
    names
        .iter()
        .map(|n| {
            let d = dir.join(n);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("jogo.lisp"), &code).unwrap();
            d.to_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn similarity_defuses_and_escapes_folder_names() {
    let tmp = Tmp::new("pairs");
    let dirs = copies(
        &tmp.0,
        &["=cmd|' -C calc'!A0", "@SUM(1+1)", "Eva\u{202e}lisp.exe"],
    );
    let out = tmp.path("pairs.csv");
    let mut args = vec!["similarity", "--source"];
    args.extend(dirs.iter().map(String::as_str));
    args.extend(["--out", out.to_str().unwrap()]);
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    assert!(
        !text.contains('\u{202e}'),
        "a raw U+202E on the terminal: {text}"
    );
    assert!(text.contains("Eva\\u{202e}lisp.exe"), "{text}");
    let csv = std::fs::read_to_string(&out).unwrap();
    assert!(!csv.contains('\u{202e}'), "{csv}");
    for line in csv.lines().skip(1) {
        for cell in line.split(',').take(2) {
            let cell = cell.trim_start_matches('"');
            assert!(
                !cell.starts_with(['=', '@', '+', '-']),
                "a formula in {line}"
            );
        }
    }
    assert!(csv.contains("'=cmd|' -C calc'!A0"), "{csv}");
    assert!(csv.contains("'@SUM(1+1)"), "{csv}");
}

#[test]
fn a_tournament_summary_defuses_engine_names() {
    let tmp = Tmp::new("summary");
    let config = tmp.path("class.toml");
    std::fs::write(
        &config,
        "[[engine]]\nname = \"=HYPERLINK(\\\"http://x\\\")\"\ncommand = \"builtin:random\"\n\
         [[engine]]\nname = \"@SUM(1)\"\ncommand = \"builtin:greedy\"\n\
         [[engine]]\nname = \"-2+3\"\ncommand = \"builtin:random\"\n",
    )
    .unwrap();
    let summary = tmp.path("s.csv");
    let (code, text) = run(&[
        "tournament",
        "--engines",
        config.to_str().unwrap(),
        "--boards",
        "1",
        "--quiet",
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    let csv = std::fs::read_to_string(&summary).unwrap();
    let names: Vec<&str> = csv
        .lines()
        .skip(1)
        .map(|l| {
            // The name is the second cell (quoted when it holds a quote).
            let rest = l.split_once(',').unwrap().1;
            if let Some(q) = rest.strip_prefix('"') {
                q.split("\",").next().unwrap()
            } else {
                rest.split(',').next().unwrap()
            }
        })
        .collect();
    assert_eq!(names.len(), 3, "{csv}");
    for n in names {
        assert!(n.starts_with('\''), "{n} in {csv}");
    }
}
