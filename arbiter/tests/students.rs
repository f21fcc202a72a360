//! The student kit end to end: the tiny Lisp "student" loaded through the
//! Lisp adapter, and the Python example engine, each play a full match under
//! the real `arbiter` and pass `arbiter check`.
//!
//! Needs `sbcl` and `python3`: without one, its test is skipped with a line
//! saying so, except under `TABULA_REQUIRE_TOOLS=1` (`.ci/run`), where it fails.

use serde_json::Value;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{repo, run as arbiter};

fn lisp_student() -> String {
    let root = repo();
    format!(
        "sbcl --script {} {}",
        root.join("adapters/lisp/run.lisp").display(),
        root.join("adapters/lisp/example-student.lisp").display()
    )
}

fn python_example() -> String {
    format!(
        "python3 {}",
        repo().join("adapters/python/example_engine.py").display()
    )
}

/// Plays a 2-game match of `engine` against `builtin:greedy` and checks every
/// game ended normally with legal moves that replay to the recorded scores.
fn full_match(engine: &str, game: &str, name: &str) {
    let results =
        std::env::temp_dir().join(format!("students-{}-{name}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&results);
    let (code, text) = arbiter(&[
        "match",
        engine,
        "builtin:greedy",
        "--game",
        game,
        "--games",
        "2",
        "--movetime",
        "1000",
        "--seed",
        "3",
        "--results",
        results.to_str().unwrap(),
        "--concurrency",
        "1",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let lines = std::fs::read_to_string(&results).expect("results file");
    let _ = std::fs::remove_file(&results);
    let games: Vec<Value> = lines
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(games.len(), 2, "{lines}");
    for g in &games {
        assert_eq!(g["reason"], "normal", "{g}");
        assert!(!g["moves"].as_array().unwrap().is_empty());
        let pos = support::replay(g);
        assert!(pos.is_over(), "{g}");
    }
}

#[test]
fn lisp_student_plays_a_match_and_passes_check() {
    needs!(tools::SBCL);
    let engine = lisp_student();
    full_match(&engine, "knight", "lisp-knight");
    full_match(&engine, "dots", "lisp-dots");
    let (code, text) = arbiter(&["check", &engine, "--game", "knight"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("all checks passed"), "{text}");
    // The adapter holds `go infinite` until `stop` and answers `query`.
    for layer in [
        "go infinite + stop",
        "malformed input",
        "legal moves",
        "query",
    ] {
        assert!(
            text.contains(&format!("  ok    {layer}")),
            "{layer}:\n{text}"
        );
    }
}

#[test]
fn lisp_student_plays_quatro_and_passes_check() {
    needs!(tools::SBCL);
    let engine = lisp_student();
    full_match(&engine, "quatro", "lisp-quatro");
    let (code, text) = arbiter(&["check", &engine, "--game", "quatro"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("all checks passed"), "{text}");
    for layer in ["legal moves", "query"] {
        assert!(
            text.contains(&format!("  ok    {layer}")),
            "{layer}:\n{text}"
        );
    }
}

#[test]
fn python_example_plays_a_match_and_passes_check() {
    needs!(tools::PYTHON);
    let engine = python_example();
    full_match(&engine, "knight", "py-knight");
    let (code, text) = arbiter(&["check", &engine, "--game", "knight"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("all checks passed"), "{text}");
    for layer in ["malformed input", "legal moves"] {
        assert!(
            text.contains(&format!("  ok    {layer}")),
            "{layer}:\n{text}"
        );
    }
}
