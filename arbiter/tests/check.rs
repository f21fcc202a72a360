//! `arbiter check`, layer by layer, on real processes: the real `tabula`
//! engine passes every layer of every game, the Python example passes with
//! its allowed warn and skips, and each fault of the mock engine gives its
//! own FAIL line and exit code 1.

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use tabula::games::GameId;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{repo, run as arbiter, ARBITER, MOCK};

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
    arbiter(&[&["check", engine][..], args].concat())
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

/// Extra allowance for a loaded test machine (the default is 100 ms), and
/// time for the slower course problems (Adji-boto's D: 1.7 s in a release
/// build, past the default 3 s on a loaded machine).
const MARGIN: &[&str] = &["--margin", "250", "--solve-time", "15000"];

/// The puzzle's id as a [`GameId`].
fn g_puzzle(id: &str) -> GameId {
    id.parse().expect("a game id")
}

#[test]
fn tabula_passes_every_layer_of_each_game() {
    // Every two-player game of the registry, with its puzzle.
    let duels = GameId::ALL.iter().filter(|g| !g.is_puzzle());
    for (game, puzzle) in duels.map(|g| (g.as_str(), g.sibling().as_str())) {
        let (code, text) = check(tabula(), &[&["--game", game][..], MARGIN].concat());
        assert_eq!(code, 0, "{text}");
        let [ok, warn, fail, skip] = summary(&text);
        assert_eq!((fail, skip), (0, 0), "{text}");
        // The one warning a loaded machine may cause: the first move a few
        // ms over its time (the engine stops ~10 ms early; a starved core
        // can still make it late). Any other warning is a failure.
        let warns: Vec<&str> = text.lines().filter(|l| l.starts_with("  warn")).collect();
        assert_eq!(warns.len(), warn, "{text}");
        assert!(
            warns.iter().all(|w| w.starts_with("  warn  time: ")),
            "{text}"
        );
        // A puzzle without built-in problems (galo3d-solo) has no solve layers.
        let problems = tabula::problems::builtin(g_puzzle(puzzle)).len();
        let solves = problems.min(4);
        assert!(ok + warn >= 16 + solves, "{text}");
        for layer in [
            "handshake",
            "isready 7041: 'readyok 7041'",
            "first move",
            "quit",
            "game 1 as p1",
            "game 2 as p2",
            "go infinite + stop: bestmove",
            "go movetime 200",
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
        for p in ["A", "B", "C", "D"].into_iter().take(solves) {
            assert!(
                text.contains(&format!("  ok    solve {puzzle} {p}: ")),
                "{puzzle} {p}:\n{text}"
            );
        }
        if solves == 0 {
            assert!(!text.contains(" solve "), "{text}");
        }
        // The positions include the rules' special cases (Quatro, 3-D
        // noughts and crosses and Solitário without NoMove = pass have none:
        // no pass, no extra turn).
        let special = match game {
            "dots" => number_before(&text, "  ok    legal moves", "extra"),
            "quatro" | "galo3d" | "solitario" => 1,
            _ => number_before(&text, "  ok    legal moves", "forced"),
        };
        assert!(special > 0, "{text}");
        assert!(text.contains("  ok    stdout: "), "{text}");
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
    // It counts perft and answers query (checked against the library), and
    // does not solve puzzles.
    for s in ["perft", "query"] {
        assert!(text.contains(&format!("  ok    {s}: ")), "{s}:\n{text}");
    }
    assert!(text.contains("  skip  solve (knight-solo): "), "{text}");
    assert!(text.contains("  ok    legal moves: 30 positions"), "{text}");
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
            &[
                "  FAIL  first move: ",
                "is illegal",
                "legal: ",
                "  FAIL  game 2 as p2: illegal after 1 move: ",
            ],
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
        let failed = summary(&text)[2];
        assert!(failed >= 1, "{mode}:\n{text}");
        for w in *wanted {
            assert!(text.contains(w), "{mode}: no '{w}' in\n{text}");
        }
        let last = match failed {
            1 => "1 check failed".to_string(),
            n => format!("{n} checks failed"),
        };
        assert!(text.contains(&format!("\n{last}\n")), "{mode}:\n{text}");
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

/// The line of `text` that starts with `prefix`, and the hint line after it
/// (empty when there is none).
fn finding<'a>(text: &'a str, prefix: &str) -> (&'a str, &'a str) {
    let lines: Vec<&str> = text.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with(prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' in\n{text}"));
    let hint = lines
        .get(i + 1)
        .filter(|l| l.trim_start().starts_with('→'))
        .copied()
        .unwrap_or("");
    (lines[i], hint)
}

#[test]
fn the_hint_follows_the_fault() {
    // No readyok after the handshake: told about `isready`, not `ugi`.
    let (code, text) = check(&mock("stall"), &["--startup-timeout", "2000"]);
    assert_eq!(code, 1, "{text}");
    let (line, hint) = finding(&text, "  FAIL  isready: ");
    assert!(line.contains("no readyok within 2000 ms"), "{text}");
    assert!(hint.contains("answer `isready`"), "{text}");
    assert!(!text.contains("`ugiok`"), "{text}");

    // The program exits after reading `ugi`: told to run it (its stderr is
    // quoted when the arbiter read it before the exit was seen).
    let (code, text) = check(
        "sh -c \"read line; echo 'no module named numpy' >&2; exit 3\"",
        &[],
    );
    assert_eq!(code, 1, "{text}");
    let (line, hint) = finding(&text, "  FAIL  handshake: ");
    assert!(
        line.contains("exited during the handshake (exit code 3)"),
        "{text}"
    );
    assert!(hint.contains("run the command in a terminal"), "{text}");
    assert!(!text.contains("answer `ugi`"), "{text}");
}

/// The error line the mock engine sends for a `go` it refuses.
const REFUSED: &str = "'info string error go: refused on purpose (mock-engine)'";

#[test]
fn a_refused_go_quotes_the_engines_error_line() {
    let (code, text) = check(&mock("refuse-go"), &["--positions", "3"]);
    assert_eq!(code, 1, "{text}");
    for layer in [
        "  FAIL  first move: ",
        "  FAIL  game 1 as p1: ",
        "  FAIL  go movetime 200: ",
        "  FAIL  legal moves: ",
    ] {
        let (line, hint) = finding(&text, layer);
        assert!(line.contains(REFUSED), "{layer}:\n{text}");
        assert!(hint.contains("refused the `go`"), "{layer}:\n{text}");
        assert!(!hint.contains("keep a reserve"), "{layer}:\n{text}");
    }

    // Refusing `go infinite` (which a tournament never sends) is a warn.
    let (code, text) = check(&mock("refuse-infinite"), &[]);
    assert_eq!(code, 0, "{text}");
    let (line, _) = finding(&text, "  warn  go infinite + stop: ");
    assert!(
        line.contains(&format!("refused `go infinite`: {REFUSED}")),
        "{text}"
    );
    assert_eq!(summary(&text)[1..3], [1, 0], "{text}");
}

#[test]
fn debug_prints_on_stdout_get_a_warn() {
    let (code, text) = check(&mock("debug-prints"), &[]);
    assert_eq!(code, 0, "{text}");
    let (line, hint) = finding(&text, "  warn  stdout: ");
    assert!(
        line.contains("not protocol replies")
            && line.contains("the first: 'DEBUG my moves: ")
            && line.contains("after `go movetime 200`"),
        "{text}"
    );
    assert!(hint.contains("stderr"), "{text}");
    assert_eq!(summary(&text)[1..3], [1, 0], "{text}");

    // Only protocol lines (`info …` included): ok.
    let (code, text) = check(&mock("good"), &[]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("  ok    stdout: "), "{text}");
}

#[test]
fn positions_n_tests_n_positions() {
    for (n, shown) in [("1", "1 position ("), ("12", "12 positions (")] {
        let (code, text) = check(&mock("good"), &["--positions", n]);
        assert_eq!(code, 0, "{text}");
        assert!(
            text.contains(&format!("  ok    legal moves: {shown}")),
            "{text}"
        );
    }
    let (code, text) = check(&mock("good"), &["--positions", "0"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("--positions"), "{text}");
}

#[test]
fn a_perft_that_is_only_slow_is_a_warn() {
    let (code, text) = check(&mock("slow-perft"), &[]);
    assert_eq!(code, 0, "{text}");
    let (line, _) = finding(&text, "  warn  perft: ");
    assert!(line.contains("no answer within 5000 ms"), "{text}");
    assert!(!line.contains("expected"), "{text}");
}

#[test]
fn a_silent_solver_is_asked_to_stop_before_it_is_skipped() {
    // Silent until `stop`, then `nosolution reason limit`: it solves (badly).
    // Problem A is stopped after 1.5 s of silence and asked again.
    for time in ["300", "1600"] {
        let (code, text) = check(&mock("solve-on-stop"), &["--solve-time", time]);
        assert_eq!(code, 0, "{text}");
        for p in ["A", "B", "C", "D"] {
            let (line, _) = finding(&text, &format!("  warn  solve knight-solo {p}: "));
            assert!(
                line.contains(&format!("no solution within {time} ms")),
                "{text}"
            );
        }
        assert!(!text.contains("  skip  solve"), "{text}");
    }
}

#[test]
fn a_seed_near_the_largest_does_not_overflow() {
    let (code, text) = check(&mock("good"), &["--seed", "18446744073709551615"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("  ok    game 2 as p2"), "{text}");
}

#[test]
fn ctrl_c_stops_the_check() {
    use std::io::{BufRead, BufReader, Read};
    let mut child = Command::new(ARBITER)
        .args(["check", &format!("{} --think 100", mock("good"))])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    // Interrupt as soon as the games start being reported.
    while !text.contains("  ok    game 1 as p1") {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{text}");
        text.push_str(&line);
    }
    let signalled = std::time::Instant::now();
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    out.read_to_string(&mut text).unwrap();
    let status = child.wait().unwrap();
    assert!(signalled.elapsed().as_secs() < 5, "{text}");
    assert_eq!(status.code(), Some(130), "{text}");
    assert!(text.contains("interrupted: the check stopped"), "{text}");
    assert_eq!(summary(&text)[2], 0, "{text}");
    assert!(!text.contains("game 2 as p2"), "{text}");
}

/// The entries of one section (`Options:`, `Arguments:`) of a `--help`
/// text: (the option or argument, its help text).
fn help_entries(help: &str, section: &str) -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    for line in help.lines() {
        if !line.starts_with(' ') && !line.is_empty() {
            inside = line == section;
            continue;
        }
        if !inside || line.trim().is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        let is_entry = indent <= 6 && trimmed.starts_with(['-', '<', '[']);
        if is_entry {
            let (spec, rest) = trimmed.split_once("  ").unwrap_or((trimmed, ""));
            entries.push((spec.to_string(), rest.trim().to_string()));
        } else if let Some(last) = entries.last_mut() {
            last.1.push(' ');
            last.1.push_str(trimmed);
        }
    }
    entries
}

/// An entry's own help text, without clap's `[default: …]`, `[possible
/// values: …]` and lists of values.
fn own_help(text: &str) -> String {
    let mut t = text.to_string();
    while let Some(i) = t.find(" [").or_else(|| t.starts_with('[').then_some(0)) {
        let Some(j) = t[i..].find(']') else { break };
        t.replace_range(i..i + j + 1, "");
    }
    match t.find("Possible values:") {
        Some(i) => t[..i].trim().to_string(),
        None => t.trim().to_string(),
    }
}

#[test]
fn every_option_of_every_subcommand_has_help_text() {
    let (code, top) = arbiter(&["--help"]);
    assert_eq!(code, 0, "{top}");
    let subcommands: Vec<String> = top
        .lines()
        .skip_while(|l| *l != "Commands:")
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|w| *w != "help")
        .map(str::to_string)
        .collect();
    for sub in ["match", "tournament", "check", "bench", "demo", "play"] {
        assert!(subcommands.iter().any(|s| s == sub), "{sub}:\n{top}");
    }
    for sub in &subcommands {
        let (code, help) = arbiter(&[sub, "--help"]);
        assert_eq!(code, 0, "{help}");
        let options = help_entries(&help, "Options:");
        assert!(options.iter().any(|(o, _)| o.contains("--help")), "{help}");
        for (option, text) in options.iter().chain(&help_entries(&help, "Arguments:")) {
            assert!(
                !own_help(text).is_empty(),
                "arbiter {sub}: {option} has no help text:\n{help}"
            );
            // Every value of `check` shows its default.
            if sub == "check" && option.starts_with("--") && option.contains('<') {
                assert!(
                    text.contains("default"),
                    "arbiter check: {option} shows no default:\n{help}"
                );
            }
        }
    }
}

/// Rust `Debug` shapes that must never reach a person.
const DEBUG_SHAPES: &[&str] = &[
    "Startup(",
    "Stall(",
    "Crash(",
    "Timeout {",
    "Malformed(",
    "Illegal(",
    "Interrupted",
    "Some(",
    "None",
    "Ok(",
    "Err(",
    "Os {",
    "kind: ",
    "\\\"",
    "Out closed",
    "Err closed",
];

fn assert_no_debug(what: &str, text: &str) {
    for shape in DEBUG_SHAPES {
        assert!(!text.contains(shape), "{what}: '{shape}' in\n{text}");
    }
}

#[test]
fn no_debug_formatting_reaches_a_person() {
    let dir = std::env::temp_dir().join(format!("arbiter-check-debug-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let exits = format!("{MOCK} --bogus");
    let stalls = mock("stall");
    let crashes = mock("crash");
    let engines = [
        ("not found", "nothere-prog"),
        ("exits during the handshake", exits.as_str()),
        ("no readyok", stalls.as_str()),
        ("crashes", crashes.as_str()),
    ];
    for (case, engine) in engines {
        let (_, text) = check(engine, &["--startup-timeout", "500"]);
        assert_no_debug(&format!("check, {case}"), &text);

        let (_, text) = arbiter(&[
            "play",
            "--engine",
            engine,
            "--startup-timeout",
            "500",
            "--results",
            dir.join("play.jsonl").to_str().unwrap(),
            "--records",
            dir.join("play.txt").to_str().unwrap(),
        ]);
        assert_no_debug(&format!("play, {case}"), &text);

        let results = dir.join(format!("{}.jsonl", case.replace(' ', "-")));
        let records = dir.join(format!("{}.txt", case.replace(' ', "-")));
        let (_, text) = arbiter(&[
            "match",
            engine,
            engine,
            "--games",
            "2",
            "--movetime",
            "200",
            "--startup-timeout",
            "500",
            "--quiet",
            "--results",
            results.to_str().unwrap(),
            "--records",
            records.to_str().unwrap(),
        ]);
        assert_no_debug(&format!("match, {case}"), &text);
        let records = std::fs::read_to_string(&records).unwrap_or_default();
        assert_no_debug(&format!("match records, {case}"), &records);
    }
    // The traffic logs of faulted games.
    for log in std::fs::read_dir(&dir).unwrap().flatten() {
        if log.path().is_dir() {
            for f in std::fs::read_dir(log.path()).unwrap().flatten() {
                let text = std::fs::read_to_string(f.path()).unwrap();
                assert_no_debug(&f.path().display().to_string(), &text);
            }
        }
    }
    // The preflight of an engine with options (a warning on stderr).
    let cfg = dir.join("engines.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[engine]]\nname = \"m\"\ncommand = \"{MOCK}\"\nargs = [\"--bogus\"]\noptions = {{ Hash = \"16\" }}\n\n[[engine]]\ncommand = \"builtin:random\"\n"
        ),
    )
    .unwrap();
    let (_, text) = arbiter(&[
        "tournament",
        "--engines",
        cfg.to_str().unwrap(),
        "--quiet",
        "--results",
        dir.join("t.jsonl").to_str().unwrap(),
    ]);
    assert!(text.contains("preflight"), "{text}");
    assert_no_debug("tournament preflight", &text);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A move the adapter answered for the program (`info string fallback …`)
/// in any layer is a FAIL that quotes its reason, the position and the legal
/// moves there; a game's FAIL says how many of its moves were the program's
/// own and where its traffic log was kept; never "ready".
#[test]
fn a_replaced_move_is_never_ready() {
    let (code, text) = check(
        &format!("{MOCK} --mode fallback --after 3"),
        &["--positions", "4"],
    );
    assert_eq!(code, 1, "{text}");
    assert!(!text.contains("ready for a tournament"), "{text}");
    let (line, hint) = finding(&text, "  FAIL  game 2 as p2: ");
    assert!(
        line.contains("the program chose 0 of the")
            && line.contains("(error the program failed on go"),
        "{text}"
    );
    assert!(line.contains("(legal moves: "), "{line}");
    assert!(hint.contains("signalled an error"), "{hint}");
    let log = line.rsplit("traffic log: ").next().unwrap().trim();
    assert!(std::path::Path::new(log).is_file(), "kept: {log}");
    let kept = std::fs::read_to_string(log).unwrap();
    assert!(kept.contains("< info string fallback error"), "{kept}");
    let (line, _) = finding(&text, "  FAIL  own moves: ");
    assert!(
        line.contains("the adapter answered for the program (error the program failed on go 3")
            && line.contains("at `position fen ")
            && line.contains("(legal moves: "),
        "{text}"
    );
    // The games' replaced moves are told by the games' lines only.
    assert!(
        !text.contains("go 23 (mock-engine)) at `position"),
        "{text}"
    );
    summary(&text);
    let _ = std::fs::remove_dir_all(std::path::Path::new(log).parent().unwrap());
    // The same engine without fallbacks passes the same layer.
    let (code, text) = check(&mock("good"), &["--positions", "4"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("  ok    own moves: "), "{text}");
}

/// A program that hangs gets one FAIL that says so, with the position;
/// the layers that ask for moves after it skip instead of failing again.
#[test]
fn a_hang_is_one_fail_with_its_position() {
    let (code, text) = check(&mock("hang --after 1"), &["--positions", "4"]);
    assert_eq!(code, 1, "{text}");
    assert_eq!(summary(&text)[2], 1, "one FAIL:\n{text}");
    let (line, hint) = finding(&text, "  FAIL  game 1 as p1: the program hung: ");
    assert!(line.contains("at `knight "), "{line}");
    assert!(hint.contains("even after `stop`"), "{hint}");
    assert!(!text.contains("keep a reserve"), "{text}");
    for skipped in ["game 2", "go infinite + stop", "legal moves"] {
        assert!(
            text.contains(&format!("  skip  {skipped}: the program hung earlier")),
            "{skipped}:\n{text}"
        );
    }
    assert!(
        text.contains("  ok    perft: "),
        "perft still runs:\n{text}"
    );
}
