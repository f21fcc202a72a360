//! `arbiter boards` through the real binary, and matches and tournaments
//! on the boards of a file (`--boards-file`) or of a named set
//! (`--board-set balanced`).

use std::process::{Command, Stdio};
use tabula::games::AnyPosition;

mod support;
use support::{repo, results, run, Tmp, ARBITER};

/// The positions of a board file, comments dropped.
fn positions(path: &std::path::Path) -> Vec<AnyPosition> {
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .map(|l| l.split_once('#').map_or(l, |(spec, _)| spec).trim())
        .filter(|l| !l.is_empty())
        .map(|l| AnyPosition::from_fen(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The start positions of a results journal, in key order (board, colour).
fn starts(path: &std::path::Path) -> Vec<(String, AnyPosition)> {
    let mut out: Vec<(String, AnyPosition)> = results(path)
        .iter()
        .map(|r| {
            let start = r["start"].as_str().expect("a start position");
            let pos = tabula::setup::parse_spec(start, None).expect("a readable start");
            (r["key"].as_str().unwrap().to_string(), pos)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

#[test]
fn boards_writes_the_same_balanced_file_twice_whatever_the_concurrency() {
    let tmp = Tmp::new("boards-twice");
    let (a, b) = (tmp.path("a.txt"), tmp.path("b.txt"));
    for (out, concurrency) in [(&a, "1"), (&b, "3")] {
        let (code, text) = run(&[
            "boards",
            "--concurrency",
            concurrency,
            "--game",
            "knight",
            "--count",
            "3",
            "--seed",
            "5",
            "--depth",
            "3",
            "--pairs",
            "2",
            "--threshold",
            "40",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("3 balanced knight boards of"), "{text}");
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 3, "{text}");
    for line in &lines {
        let (_, comment) = line.split_once("# seed ").expect("a comment per board");
        let (seed, rest) = comment.split_once(':').unwrap();
        let value: f64 = rest.split_whitespace().next().unwrap().parse().unwrap();
        assert!(value.abs() <= 40.0, "{line}");
        // The board is the seeded board of its seed.
        let seeded = tabula::setup::parse_spec(&format!("random knight {seed}"), None).unwrap();
        assert!(line.starts_with(&seeded.fen()), "{line}");
    }
    assert!(
        text.contains("--depth 3 --pairs 2 --centre 0 --threshold 40"),
        "{text}"
    );
}

#[test]
fn boards_with_a_node_reference_are_the_same_on_every_run() {
    let tmp = Tmp::new("boards-nodes");
    let (a, b) = (tmp.path("a.txt"), tmp.path("b.txt"));
    for (out, concurrency) in [(&a, "2"), (&b, "1")] {
        let (code, text) = run(&[
            "boards",
            "--count",
            "2",
            "--nodes",
            "3000",
            "--pairs",
            "1",
            "--threshold",
            "80",
            "--concurrency",
            concurrency,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{text}");
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(text, std::fs::read_to_string(&b).unwrap());
    assert!(text.contains("(3000 nodes against 1500 nodes;"), "{text}");
    assert!(text.contains("--nodes 3000 --pairs 1"), "{text}");
    assert_eq!(positions(&a).len(), 2);
    let (code, text) = run(&["boards", "--nodes", "10", "--depth", "3"]);
    assert_eq!(code, 2, "one reference at a time: {text}");
}

#[test]
fn boards_refuses_bad_requests_and_gives_up_after_the_cap() {
    let (code, text) = run(&["boards", "--game", "knight-solo", "--count", "1"]);
    assert_eq!(code, 2);
    assert!(text.contains("puzzle"), "{text}");
    let (code, text) = run(&["boards", "--game", "chess"]);
    assert_eq!(code, 2);
    assert!(text.contains("--game"), "{text}");
    // At the cap: an error, and the boards found so far still written.
    let tmp = Tmp::new("boards-cap");
    let file = tmp.path("few.txt");
    let (code, text) = run(&[
        "boards",
        "--count",
        "4",
        "--depth",
        "2",
        "--threshold",
        "40",
        "--max-tries",
        "3",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("in 3 tries (seeds 1..=3)"), "{text}");
    let found = positions(&file);
    assert!(
        text.contains(&format!(
            "(the {} found are in {})",
            found.len(),
            file.display()
        )),
        "{text}"
    );
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .contains("tried (seeds 1..=3)"),
        "the header says how many were tried"
    );
}

#[test]
fn ctrl_c_stops_boards_and_writes_the_boards_found() {
    let tmp = Tmp::new("boards-ctrl-c");
    let file = tmp.path("cut.txt");
    let child = Command::new(ARBITER)
        .args([
            "boards", "--count", "500", "--nodes", "20000", "--pairs", "1",
        ])
        .args(["--threshold", "0", "--concurrency", "2", "--quiet", "--out"])
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("arbiter runs");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let signalled = std::time::Instant::now();
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(signalled.elapsed().as_secs() < 5, "{text}");
    assert_eq!(out.status.code(), Some(130), "{text}");
    let (_, tail) = text
        .split_once("after ")
        .unwrap_or_else(|| panic!("{text}"));
    let tries: u64 = tail.split_whitespace().next().unwrap().parse().unwrap();
    assert!(text.contains("arbiter: interrupted with "), "{text}");
    assert!(
        text.contains(&format!("the next seed to try is {}", tries + 1)),
        "{text}"
    );
    let written = std::fs::read_to_string(&file).expect("the file is written");
    assert!(
        written.contains(&format!("tried (seeds 1..={tries})")),
        "{written}"
    );
}

#[test]
fn a_match_plays_the_boards_of_a_file_in_turn() {
    let tmp = Tmp::new("boards-match");
    let file = tmp.path("boards.txt");
    let (code, text) = run(&[
        "boards",
        "--game",
        "bishop",
        "--count",
        "2",
        "--depth",
        "2",
        "--threshold",
        "60",
        "--quiet",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    let boards = positions(&file);
    assert_eq!(boards.len(), 2);
    let res = tmp.path("r.jsonl");
    let (code, text) = run(&[
        "match",
        "builtin:random",
        "builtin:greedy",
        "--game",
        "bishop",
        "--games",
        "6",
        "--boards-file",
        file.to_str().unwrap(),
        "--results",
        res.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let played = starts(&res);
    assert_eq!(played.len(), 6);
    for (i, (key, start)) in played.iter().enumerate() {
        // Board 3 of a two-board file is its first board again.
        assert_eq!(*start, boards[i / 2 % 2], "{key}");
    }
}

#[test]
fn a_tournament_plays_the_named_balanced_set() {
    let tmp = Tmp::new("boards-set");
    let res = tmp.path("r.jsonl");
    let (code, text) = run(&[
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "--game",
        "quatro",
        "--boards",
        "2",
        "--board-set",
        "balanced",
        "--results",
        res.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let set = positions(&repo().join("data/boards/quatro.txt"));
    let played = starts(&res);
    assert_eq!(played.len(), 4);
    for (i, (key, start)) in played.iter().enumerate() {
        assert_eq!(*start, set[i / 2], "{key}");
    }
    // The default stays the seeded boards.
    let seeded = tmp.path("s.jsonl");
    let (code, text) = run(&[
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "--game",
        "quatro",
        "--boards",
        "1",
        "--seed",
        "9",
        "--results",
        seeded.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let random9 = tabula::setup::parse_spec("random quatro 9", None).unwrap();
    assert!(starts(&seeded).iter().all(|(_, s)| *s == random9));
}

#[test]
fn a_missing_set_or_two_sources_are_refused() {
    let out = Command::new(ARBITER)
        .args([
            "match",
            "builtin:random",
            "builtin:greedy",
            "--board-set",
            "balanced",
        ])
        .env("TABULA_DATA_DIR", "/nonexistent/tabula-data")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains(
            "no balanced knight board set at '/nonexistent/tabula-data/boards/knight.txt'"
        ),
        "{text}"
    );
    let (code, text) = run(&[
        "match",
        "builtin:random",
        "builtin:greedy",
        "--board-set",
        "balanced",
        "--boards-file",
        "data/boards/knight.txt",
    ]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("cannot be used with"), "{text}");
}
