//! `arbiter check`, layer by layer, on real processes: the real `tabula`
//! engine passes every layer of every game, the Python example passes with
//! its allowed warn and skips, and each fault of the mock engine gives its
//! own FAIL line and exit code 1.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

const ARBITER: &str = env!("CARGO_BIN_EXE_arbiter");
const MOCK: &str = env!("CARGO_BIN_EXE_mock-engine");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The root crate's `tabula` binary next to the arbiter's, built (or brought
/// up to date) once by cargo.
fn tabula() -> &'static str {
    static BIN: OnceLock<String> = OnceLock::new();
    BIN.get_or_init(|| {
        let dir = Path::new(ARBITER).parent().expect("the arbiter's folder");
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut cmd = Command::new(cargo);
        cmd.args(["build", "--quiet", "-p", "tabula", "--bin", "tabula"])
            .current_dir(repo());
        if dir.ends_with("release") {
            cmd.arg("--release");
        }
        let st = cmd.status().expect("cargo runs");
        assert!(st.success(), "cargo build --bin tabula failed");
        let bin = dir.join("tabula");
        assert!(bin.exists(), "{} not built", bin.display());
        bin.display().to_string()
    })
}

/// Runs `arbiter check <engine> <args…>`; (exit code, stdout + stderr).
fn check(engine: &str, args: &[&str]) -> (i32, String) {
    let out = Command::new(ARBITER)
        .arg("check")
        .arg(engine)
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

fn mock(mode: &str) -> String {
    format!("{MOCK} --mode {mode}")
}

/// The `(ok, warn, FAIL, skip)` counts of the summary line, checked against
/// the lines printed.
fn summary(text: &str) -> [usize; 4] {
    let line = text
        .lines()
        .find(|l| l.starts_with("summary: "))
        .unwrap_or_else(|| panic!("no summary in\n{text}"));
    let n: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect();
    let counted = ["  ok    ", "  warn  ", "  FAIL  ", "  skip  "]
        .map(|p| text.lines().filter(|l| l.starts_with(p)).count());
    assert_eq!(
        n,
        counted.to_vec(),
        "summary disagrees with the lines:\n{text}"
    );
    counted
}

/// The number before `word` in the line starting with `prefix`.
fn number_before(text: &str, prefix: &str, word: &str) -> usize {
    let line = text
        .lines()
        .find(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in\n{text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words
        .iter()
        .position(|w| w.trim_matches(|c| c == '(' || c == ',') == word)
        .unwrap_or_else(|| panic!("no '{word}' in '{line}'"));
    words[i - 1].trim_start_matches('(').parse().unwrap()
}

/// Extra allowance for a loaded test machine (the default is 100 ms).
const MARGIN: &[&str] = &["--margin", "250"];

#[test]
fn tabula_passes_every_layer_of_each_game() {
    for (game, puzzle) in [
        ("knight", "knight-solo"),
        ("bishop", "bishop-solo"),
        ("dots", "dots-solo"),
    ] {
        let (code, text) = check(tabula(), &[&["--game", game][..], MARGIN].concat());
        assert_eq!(code, 0, "{text}");
        let [ok, warn, fail, skip] = summary(&text);
        assert_eq!((warn, fail, skip), (0, 0, 0), "{text}");
        assert!(ok >= 19, "{text}");
        for layer in [
            "handshake",
            "isready 7041: 'readyok 7041'",
            "first move",
            "quit",
            "game 1 as p1",
            "game 2 as p2",
            "go infinite + stop: bestmove",
            "go movetime 300",
            "malformed input: 10 bad lines",
            "move after malformed input",
            "legal moves",
            "perft",
            "query",
        ] {
            assert!(
                text.contains(&format!("  ok    {layer}")),
                "{layer}:\n{text}"
            );
        }
        for p in ["A", "B", "C", "D"] {
            assert!(
                text.contains(&format!("  ok    solve {puzzle} {p}: ")),
                "{puzzle} {p}:\n{text}"
            );
        }
        // The positions include the rules' special cases.
        let special = if game == "dots" {
            number_before(&text, "  ok    legal moves", "extra")
        } else {
            number_before(&text, "  ok    legal moves", "forced")
        };
        assert!(special > 0, "{text}");
        assert!(
            number_before(&text, "  ok    perft", "counts") >= 12,
            "{text}"
        );
        assert!(text.contains("all checks passed"), "{text}");
    }
}

#[test]
fn tabula_solves_the_course_problems_optimally() {
    for puzzle in ["knight-solo", "dots-solo"] {
        let (code, text) = check(tabula(), &["--game", puzzle]);
        assert_eq!(code, 0, "{text}");
        assert_eq!(summary(&text)[1..], [0, 0, 0], "{text}");
        for p in ["A", "B", "C", "D"] {
            let line = text
                .lines()
                .find(|l| l.starts_with(&format!("  ok    solve {puzzle} {p}: ")))
                .unwrap_or_else(|| panic!("{p}:\n{text}"));
            // "N moves to S (optimal: N)": the engine's length is the optimum.
            let n = line.split(": ").nth(1).unwrap().split(' ').next().unwrap();
            assert!(line.ends_with(&format!("(optimal: {n})")), "{line}");
        }
        // A puzzle check plays no games.
        assert!(!text.contains("game 1 as p1"), "{text}");
    }
}

#[test]
fn python_example_passes_with_a_warn_and_skips() {
    needs!(tools::PYTHON);
    let engine = format!(
        "python3 {}",
        repo().join("adapters/python/example_engine.py").display()
    );
    let (code, text) = check(&engine, &["--game", "knight"]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(summary(&text)[2], 0, "{text}");
    assert!(
        text.contains("  warn  go infinite + stop: answered `go infinite` at once"),
        "{text}"
    );
    for s in ["perft", "query", "solve (knight-solo)"] {
        assert!(text.contains(&format!("  skip  {s}: ")), "{s}:\n{text}");
    }
    assert!(text.contains("  ok    legal moves: 27 positions"), "{text}");
    assert!(text.contains("  ok    malformed input"), "{text}");

    // It does not play the puzzle: with --game knight-solo, solve is required.
    let (code, text) = check(&engine, &["--game", "knight-solo"]);
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains("  FAIL  solve knight-solo A: `position fen` + `solve` refused"),
        "{text}"
    );
}

/// Each fault of the mock engine: exit code 1 and its own FAIL line (and
/// hint).
#[test]
fn each_fault_gets_its_fail_line() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            "no-flush",
            &["--startup-timeout", "500"],
            &[
                "  FAIL  handshake: no ugiok within 500 ms",
                "no output until end of input: flush after every line",
            ],
        ),
        (
            "die-on-junk",
            &[],
            &[
                "  FAIL  malformed input: after an unknown command ('hello world')",
                "never a crash",
            ],
        ),
        (
            "deaf-stop",
            &[],
            &["  FAIL  go infinite + stop: no bestmove within 2000 ms of `stop`"],
        ),
        (
            "no-pass",
            &[],
            &[
                "  FAIL  legal moves: ",
                "[pass] → 'a1' is illegal",
                "legal: pass",
            ],
        ),
        (
            "bad-perft",
            &[],
            &["  FAIL  perft: position fen ", "/ perft 2: "],
        ),
        (
            "garbage",
            &[],
            &["  FAIL  first move: 'zz99' is not a move", "notation"],
        ),
        (
            "illegal",
            &[],
            &["  FAIL  first move: ", "is illegal", "legal: "],
        ),
        (
            "bad-solve",
            &["--game", "knight-solo"],
            &[
                "  FAIL  solve knight-solo A: the 1 move reach",
                "short of the target 70",
            ],
        ),
    ];
    for (mode, args, wanted) in cases {
        let (code, text) = check(&mock(mode), args);
        assert_eq!(code, 1, "{mode}:\n{text}");
        assert!(summary(&text)[2] >= 1, "{mode}:\n{text}");
        for w in *wanted {
            assert!(text.contains(w), "{mode}: no '{w}' in\n{text}");
        }
        assert!(text.contains("check(s) failed"), "{mode}:\n{text}");
    }
}

#[test]
fn a_good_mock_passes_and_a_bare_readyok_is_a_warn() {
    let (code, text) = check(&mock("good"), &[]);
    assert_eq!(code, 0, "{text}");
    let [_, warn, fail, skip] = summary(&text);
    assert_eq!((warn, fail, skip), (0, 0, 1), "{text}");
    assert!(
        text.contains("  ok    go infinite + stop: bestmove"),
        "{text}"
    );
    assert!(
        text.contains("  skip  solve (knight-solo): no answer"),
        "{text}"
    );

    let (code, text) = check(&mock("bare-readyok"), &[]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("  warn  isready 7041: answered a bare `readyok`"),
        "{text}"
    );
    assert_eq!(summary(&text)[1..3], [1, 0], "{text}");
}

#[test]
fn usage_errors_exit_2() {
    let (code, text) = check(&mock("good"), &["--game", "chess"]);
    assert_eq!(code, 2, "{text}");
    let (code, text) = check("builtin:random", &[]);
    assert_eq!(code, 2, "{text}");
}
