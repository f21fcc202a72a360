//! What an engine writes cannot hurt the arbiter or mislead the teacher,
//! through the real `arbiter` and mock engines that lie and flood:
//! terminal escape sequences are shown escaped, never interpreted; a
//! `readyok` or a `bestmove` written ahead is not taken as an answer; an
//! `option` flood ends the handshake; a stderr flood leaves the arbiter's
//! memory flat and its traffic logs bounded, with a marker where they were
//! cut. (No outside program needed: these run with the sandbox off.)

use serde_json::Value;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;
use support::{repo, Tmp, ARBITER, MOCK};

/// A match of `p1` against a good mock engine; (exit code, stdout +
/// stderr, games, traffic logs).
fn play(tmp: &Tmp, p1: &str, extra: &[&str]) -> (i32, String, Vec<Value>, String) {
    let results = tmp.path("r.jsonl");
    let good = format!("{MOCK} --mode good");
    let out = Command::new(ARBITER)
        .args(["match", p1, &good, "--games", "2", "--movetime", "300"])
        .arg("--results")
        .arg(&results)
        .args(["--concurrency", "1"])
        .args(extra)
        .current_dir(repo())
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let mut logs = String::new();
    if let Ok(dir) = std::fs::read_dir(tmp.path("r.jsonl.logs")) {
        for f in dir.flatten() {
            logs.push_str(&std::fs::read_to_string(f.path()).unwrap_or_default());
        }
    }
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (
        out.status.code().unwrap_or(-1),
        text,
        support::results_if_any(&results),
        logs,
    )
}

/// The reason of each game the engine `needle` (part of its command) lost.
fn losses(games: &[Value], needle: &str) -> Vec<String> {
    games
        .iter()
        .filter(|g| {
            let loser = match g["winner"].as_str() {
                Some("p1") => "p2",
                Some("p2") => "p1",
                _ => return false,
            };
            g[loser].as_str().is_some_and(|n| n.contains(needle))
        })
        .map(|g| g["reason"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// ESC, BEL and CR from an engine's stderr and its offending bestmove line
/// reach the terminal, the journal and the traffic log as visible text.
#[test]
fn escape_sequences_are_shown_not_interpreted() {
    let tmp = Tmp::new("escapes");
    let (code, text, games, logs) = play(&tmp, &format!("{MOCK} --mode escapes --after 1"), &[]);
    assert_eq!(code, 0, "{text}");
    assert_eq!(losses(&games, "--mode escapes"), ["malformed", "malformed"]);
    let journal = std::fs::read_to_string(tmp.path("r.jsonl")).unwrap();
    for (what, s) in [("output", &text), ("journal", &journal), ("logs", &logs)] {
        assert!(
            !s.contains(['\x1b', '\x07', '\r']),
            "{what} holds a raw control character: {s:?}"
        );
    }
    assert!(
        text.contains(r"\x1b[2J\rgame r0: the OTHER engine"),
        "the offending line, escaped: {text}"
    );
    // (Its stdout copy: stderr may come in after the game has ended.)
    assert!(
        logs.contains(r"< info string \x1b[2J\x1b]0;pwned\x07\rverdict"),
        "escaped in the log: {logs}"
    );
}

/// `readyok` lines written before the `isready` they would answer do not
/// count (the tokens are random, and early lines are not answers): the
/// engine that then ignores `isready` loses by `stall`.
#[test]
fn a_readyok_sent_ahead_is_not_an_answer() {
    let tmp = Tmp::new("stale-readyok");
    let (code, text, games, logs) = play(
        &tmp,
        &format!("{MOCK} --mode stale-readyok --after 1"),
        &["--ping-timeout", "500"],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        losses(&games, "stale-readyok"),
        ["stall", "stall"],
        "{text}"
    );
    // The tokens the arbiter sent are not 1, 2, 3…
    let tokens: Vec<&str> = logs
        .lines()
        .filter_map(|l| l.split_once("> isready ").map(|(_, t)| t.trim()))
        .collect();
    assert!(tokens.len() >= 4, "{logs}");
    assert!(
        tokens
            .iter()
            .all(|t| t.parse::<u64>().is_ok_and(|n| n > 1000)),
        "{tokens:?}"
    );
}

/// A `bestmove` written right after the last move is not taken as the
/// answer to the next `go`: the engine that then stays silent loses on
/// time, not by an illegal move.
#[test]
fn a_bestmove_sent_ahead_is_not_an_answer() {
    let tmp = Tmp::new("early-bestmove");
    let (code, text, games, _) = play(
        &tmp,
        &format!("{MOCK} --mode early-bestmove --after 1"),
        &[],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        losses(&games, "early-bestmove"),
        ["timeout", "timeout"],
        "{text}"
    );
}

/// A hundred thousand `option` lines end the handshake with a clear fault.
#[test]
fn an_option_flood_fails_the_handshake() {
    let tmp = Tmp::new("option-flood");
    let (code, text, games, _) = play(
        &tmp,
        &format!("{MOCK} --mode option-flood --flood 100000"),
        &[],
    );
    assert_eq!(code, 0, "{text}");
    assert_eq!(
        losses(&games, "option-flood"),
        ["startup", "startup"],
        "{text}"
    );
    assert!(
        games.iter().all(|g| g["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("more than 256 `option` lines")),
        "{games:?}"
    );
}

/// The peak memory (`VmHWM`, KiB) of a running process, 0 once it is gone.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// Four games at once between engines that each write 1,000 lines of
/// 16 KiB on stderr before every move (16 MiB a move): the arbiter's memory
/// stays under 100 MiB and each game's traffic log under 1 MiB, with the
/// marker where it was cut.
#[test]
fn a_stderr_flood_keeps_the_arbiter_small() {
    let tmp = Tmp::new("stderr-flood");
    let flooder = format!("{MOCK} --mode stderr-flood --flood 1000");
    let results = tmp.path("r.jsonl");
    let mut child = Command::new(ARBITER)
        .args([
            "match",
            &flooder,
            &flooder,
            "--games",
            "4",
            "--movetime",
            "2000",
        ])
        .args([
            "--concurrency",
            "4",
            "--quiet",
            "--debug",
            "--max-plies",
            "12",
        ])
        .arg("--results")
        .arg(&results)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (mut peak, start) = (0, Instant::now());
    let status = loop {
        peak = peak.max(peak_kib(child.id()));
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the match hangs"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
    assert_eq!(support::results(&results).len(), 4);
    assert!(peak > 0, "the arbiter's memory was read");
    assert!(peak < 100 * 1024, "peak {peak} KiB");
    let mut cut = 0;
    for f in std::fs::read_dir(tmp.path("r.jsonl.logs"))
        .unwrap()
        .flatten()
    {
        let len = f.metadata().unwrap().len();
        assert!(len < 1 << 20, "{}: {len} bytes", f.path().display());
        let text = std::fs::read_to_string(f.path()).unwrap();
        cut += text.matches("cut here: the log keeps the first").count();
    }
    assert!(cut >= 4, "every game's log says where it was cut ({cut})");
}
