//! The arbiter against a careless or hostile setting, through the real
//! binary: absurd numbers on the command line and in config files (exit 2
//! with a message, never a panic), a stdout and stderr whose reader is gone
//! at Ctrl-C (the end-of-run files are still written), and a tampered
//! journal on resume (every bad line told by key, the games played again).

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use tabula::games::AnyPosition;

mod support;
use support::{results, run, Tmp, ARBITER};

const TWO: [&str; 3] = ["tournament", "builtin:random", "builtin:greedy"];

fn with(base: &[&str], extra: &[&str]) -> Vec<String> {
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

#[test]
fn absurd_values_are_refused_with_exit_2_and_a_message() {
    let tmp = Tmp::new("absurd");
    let config = |name: &str, body: &str| {
        let p = tmp.path(name);
        std::fs::write(&p, body).unwrap();
        p.display().to_string()
    };
    let zero_movetime = config(
        "movetime.toml",
        "[[engine]]\ncommand = \"builtin:random\"\nmovetime = 0\n\
         [[engine]]\ncommand = \"builtin:greedy\"\n",
    );
    let huge_memory = config(
        "memory.toml",
        "[[engine]]\nname = \"a\"\ncommand = \"true\"\n[engine.limits]\n\
         memory_mb = 9999999999\n[[engine]]\ncommand = \"builtin:greedy\"\n",
    );
    let crowd = config(
        "crowd.toml",
        &"[[engine]]\ncommand = \"builtin:random\"\n".repeat(3000),
    );
    const M: &str = "milliseconds";
    let cases: Vec<(Vec<String>, &[&str])> = vec![
        (
            with(&TWO, &["--concurrency", "18446744073709551615"]),
            &["--concurrency", "1 to 1024"],
        ),
        (with(&TWO, &["--concurrency", "0"]), &["--concurrency"]),
        (with(&TWO, &["--depth", "0"]), &["--depth", "plies"]),
        (with(&TWO, &["--movetime", "0"]), &["--movetime", M]),
        (with(&TWO, &["--movetime", "1s"]), &["'1s'", M]),
        (with(&TWO, &["--nodes", "0"]), &["--nodes", "nodes"]),
        (with(&TWO, &["--ping-timeout", "0"]), &["--ping-timeout", M]),
        (
            with(&TWO, &["--startup-timeout", "0"]),
            &["--startup-timeout", M],
        ),
        (
            with(&TWO, &["--max-move-time", "99999999999999"]),
            &["--max-move-time", M],
        ),
        (with(&TWO, &["--max-plies", "0"]), &["--max-plies"]),
        (
            with(&TWO, &["--sandbox-memory", "18446744073709551615"]),
            &["--sandbox-memory", "MiB"],
        ),
        (with(&TWO, &["--sandbox-pids", "0"]), &["--sandbox-pids"]),
        (with(&TWO, &["--sandbox-cpus", "inf"]), &["--sandbox-cpus"]),
        (with(&TWO, &["--tc", "1e300"]), &["--tc", "seconds"]),
        (with(&TWO, &["--rounds", "0"]), &["--rounds"]),
        (
            with(&TWO, &["--rounds", "100000"]),
            &["400000 games", "200000"],
        ),
        (
            with(&TWO, &["--boards", "4294967295"]),
            &["--boards", "boards"],
        ),
        (
            with(&["tournament", "--engines"], &[&crowd]),
            &["3000 engines", "1000"],
        ),
        (
            with(&["tournament", "--engines"], &[&zero_movetime]),
            &["movetime = 0", M],
        ),
        (
            with(&["tournament", "--engines"], &[&huge_memory]),
            &["engine 'a': limits.memory_mb", "MiB"],
        ),
        (
            with(&TWO, &["builtin:tabula:depth=0"]),
            &["builtin:tabula: depth", "plies"],
        ),
        (
            with(
                &["match", "builtin:random", "builtin:greedy"],
                &["--games", "0"],
            ),
            &["--games"],
        ),
        (
            with(
                &["match", "builtin:random", "builtin:greedy"],
                &["--games", "4000000000"],
            ),
            &["--games", "games"],
        ),
        (
            with(
                &["plan", "builtin:random", "builtin:greedy"],
                &["--shards", "0"],
            ),
            &["--shards"],
        ),
        (
            with(&TWO, &["--shard", "1/4000000000"]),
            &["--shard", "1000"],
        ),
        (
            with(&["check", "true"], &["--startup-timeout", "0"]),
            &["--startup-timeout", M],
        ),
        (
            with(&["check", "true"], &["--movetime", "5s"]),
            &["--movetime", M],
        ),
        (with(&["play"], &["--movetime", "0"]), &["--movetime", M]),
        (with(&["play"], &["--hint-time", "0"]), &["--hint-time", M]),
        (with(&["boards"], &["--count", "0"]), &["--count"]),
        (
            with(&["boards"], &["--concurrency", "100000"]),
            &["--concurrency"],
        ),
        (with(&["bench"], &["--games", "0"]), &["--games"]),
    ];
    for (args, needles) in cases {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let t0 = Instant::now();
        let (code, text) = run(&refs);
        assert_eq!(code, 2, "{args:?} must be refused with exit 2:\n{text}");
        assert!(!text.contains("panicked"), "{args:?}: {text}");
        for n in needles {
            assert!(text.contains(n), "{args:?}: no '{n}' in:\n{text}");
        }
        assert!(t0.elapsed() < Duration::from_secs(20), "{args:?} is slow");
    }
}

/// A number with a unit suffix, or not a number: the message says what the
/// flag is, its unit and an example, never the parser's "invalid digit".
#[test]
fn a_wrong_number_says_the_unit_to_write() {
    let ms = "is a whole number of milliseconds from 1 to 3600000 (e.g. 1000 for one second)";
    let cases: [(Vec<String>, &[&str]); 6] = [
        (
            with(&TWO, &["--movetime", "1s"]),
            &["'1s'", "--movetime", &format!("the move time {ms}")],
        ),
        (
            with(&["play"], &["--movetime", "500ms"]),
            &["'500ms'", &format!("the move time {ms}")],
        ),
        (
            with(&TWO, &["--nodes", "1e6"]),
            &[
                "'1e6'",
                "the node limit is a whole number of nodes from 1 to",
            ],
        ),
        (
            with(&TWO, &["--grace", "2s"]),
            &["this wait is a whole number of milliseconds from 0 to 600000 (e.g. 1000"],
        ),
        (
            with(&TWO, &["--concurrency", "99999999999999999999999"]),
            &["too large: the number of games at once is a whole number of games from 1 to 1024"],
        ),
        (
            with(&TWO, &["--tc", "1m"]),
            &[
                "'1m'",
                "a number of seconds, then optionally + and the increment in seconds (e.g. 60+0.5",
            ],
        ),
    ];
    for (args, needles) in cases {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, text) = run(&refs);
        assert_eq!(code, 2, "{args:?} must be refused with exit 2:\n{text}");
        assert!(!text.contains("invalid digit"), "{args:?}: {text}");
        for n in needles {
            assert!(text.contains(n), "{args:?}: no '{n}' in:\n{text}");
        }
    }
}

/// The first mistakes in a class file are told by their line, with what to
/// write instead: `[engine]` for `[[engine]]` (TOML) or an object for a list
/// (JSON), a misspelt key with the known keys, an entrant without `command`,
/// keys outside any engine.
#[test]
fn class_file_mistakes_say_what_to_write() {
    let tmp = Tmp::new("class-file");
    let cases: [(&str, &str, &[&str]); 7] = [
        (
            "single.toml",
            "# the class\n[engine]\nname = \"alice\"\ncommand = \"builtin:random\"\n",
            &["line 2", "`[engine]` is a single table", "write `[[engine]]`", "one per entrant"],
        ),
        (
            "single.json",
            r#"{"engine": {"name": "alice", "command": "builtin:random"}}"#,
            &["line 1", "\"engine\" is a single object", "\"engine\": [ {…}, {…} ]"],
        ),
        (
            "typo.toml",
            "[[engine]]\nname = \"alice\"\ncomand = \"builtin:random\"\n",
            &["line 3", "unknown key 'comand'", "did you mean 'command'?", "name, command, args, dir"],
        ),
        (
            "typo.json",
            "{\"engine\": [\n {\"name\": \"alice\",\n  \"commnd\": \"builtin:random\"}]}",
            &["line 3", "unknown key 'commnd'", "did you mean 'command'?"],
        ),
        (
            "limits.toml",
            "[[engine]]\ncommand = \"builtin:random\"\n[engine.limits]\nmemory = 64\n",
            &["line 4", "unknown key 'memory'", "did you mean", "memory_mb, cpu_seconds, processes"],
        ),
        (
            "nocommand.toml",
            "[[engine]]\nname = \"alice\"\n\n[[engine]]\nname = \"bob\"\ncommand = \"builtin:random\"\n",
            &["line 1", "without `command`", "command = \"python3 alice.py\""],
        ),
        (
            "bare.toml",
            "name = \"alice\"\ncommand = \"builtin:random\"\n",
            &["line 1", "unknown key 'name' outside any engine", "[[engine]] header"],
        ),
    ];
    for (file, body, needles) in cases {
        let path = tmp.path(file);
        std::fs::write(&path, body).unwrap();
        let (code, text) = run(&["tournament", "--engines", path.to_str().unwrap()]);
        assert_eq!(code, 2, "{file}: {text}");
        assert!(!text.contains("invalid type"), "{file}: {text}");
        for n in needles {
            assert!(text.contains(n), "{file}: no '{n}' in:\n{text}");
        }
    }
}

/// A tournament long enough to be interrupted, writing every end-of-run
/// file into `tmp`.
fn long_tournament(tmp: &Tmp) -> Vec<String> {
    let p = |f: &str| tmp.path(f).display().to_string();
    with(
        &[
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:tabula",
            "--boards",
            "30",
            "--movetime",
            "20",
            "--concurrency",
            "1",
        ],
        &[
            "--results",
            &p("r.jsonl"),
            "--summary",
            &p("s.csv"),
            "--records",
            &p("r.txt"),
            "--html",
            &p("page.html"),
        ],
    )
}

/// Waits for `n` journal lines (at most a minute), then sends SIGINT.
fn interrupt_after(child: &std::process::Child, journal: &Path, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        let lines = std::fs::read_to_string(journal).map_or(0, |t| t.lines().count());
        if lines >= n {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: a signal to the child we started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
}

fn assert_end_of_run_files(tmp: &Tmp) {
    let games = results(&tmp.path("r.jsonl")).len();
    assert!((2..180).contains(&games), "{games} games: not interrupted");
    let summary = std::fs::read_to_string(tmp.path("s.csv")).expect("the summary");
    assert!(summary.contains("builtin:greedy"), "{summary}");
    let records = std::fs::read_to_string(tmp.path("r.txt")).expect("the records");
    assert!(!records.is_empty());
    let page = std::fs::read_to_string(tmp.path("page.html")).expect("the page");
    assert!(page.contains("builtin:tabula"));
}

#[test]
fn ctrl_c_with_both_pipes_broken_still_writes_every_file() {
    let tmp = Tmp::new("pipes");
    let mut child = Command::new(ARBITER)
        .args(long_tournament(&tmp))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The reader dies, as `tee` does on Ctrl-C.
    drop(child.stdout.take());
    drop(child.stderr.take());
    interrupt_after(&child, &tmp.path("r.jsonl"), 2);
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{status:?} (101 is a panic)");
    assert_end_of_run_files(&tmp);
}

#[test]
fn ctrl_c_with_stdout_broken_says_how_to_resume_without_panicking() {
    let tmp = Tmp::new("stdout");
    let err = std::fs::File::create(tmp.path("stderr.txt")).unwrap();
    let mut child = Command::new(ARBITER)
        .args(long_tournament(&tmp))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(err)
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    interrupt_after(&child, &tmp.path("r.jsonl"), 2);
    let status = child.wait().unwrap();
    let stderr = std::fs::read_to_string(tmp.path("stderr.txt")).unwrap();
    assert_eq!(status.code(), Some(130), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("run the same command again"), "{stderr}");
    assert_end_of_run_files(&tmp);
}

/// Replays a journal line by the rules; `Err` at the first illegal move.
fn legal(r: &Value) -> Result<(), String> {
    let mut pos = AnyPosition::from_fen(r["start"].as_str().unwrap()).unwrap();
    for m in r["moves"].as_array().unwrap() {
        pos.play_text(m.as_str().unwrap())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Runs `arbiter <args…>`: (exit code, stdout, stderr).
fn run3(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(ARBITER)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn resume_reports_tampered_lines_by_key_and_plays_them_again() {
    let tmp = Tmp::new("tamper");
    let journal = tmp.path("r.jsonl");
    let args = with(
        &[
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:tabula:depth=2",
            "--boards",
            "2",
            "--seed",
            "5",
            "--concurrency",
            "1",
            "--quiet",
            "--results",
        ],
        &[journal.to_str().unwrap()],
    );
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, clean, err) = run3(&refs);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<String> = std::fs::read_to_string(&journal)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines.len(), 12);
    let parsed: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let key = |i: usize| parsed[i]["key"].as_str().unwrap().to_string();

    // A flipped winner, of a game won on the board.
    let won = (0..12)
        .find(|&i| parsed[i]["reason"] == "normal" && parsed[i]["winner"] != "draw")
        .expect("a decisive game");
    let mut flipped = parsed[won].clone();
    flipped["winner"] = Value::from(if flipped["winner"] == "p1" {
        "p2"
    } else {
        "p1"
    });
    // An impossible move: two moves swapped (player 1 plays player 2's).
    let swapped = (0..12)
        .find(|&i| {
            i != won && {
                let mut r = parsed[i].clone();
                let moves = r["moves"].as_array_mut().unwrap();
                moves.len() > 3 && {
                    moves.swap(1, 2);
                    legal(&r).is_err()
                }
            }
        })
        .expect("a game whose swapped moves are illegal");
    let mut illegal = parsed[swapped].clone();
    illegal["moves"].as_array_mut().unwrap().swap(1, 2);
    // A duplicate, and a game that is not in the plan.
    let dup = (0..12).find(|&i| i != won && i != swapped).unwrap();
    let mut stranger = parsed[dup].clone();
    stranger["key"] = Value::from("r7-p0-b0-c0");
    stranger["round"] = Value::from(7);

    // Two good records of one game that disagree: the game as played, and
    // the same game lost at once by a startup failure.
    let conf = (0..12)
        .find(|&i| i != won && i != swapped && i != dup)
        .unwrap();
    let mut other = parsed[conf].clone();
    let start = AnyPosition::from_fen(other["start"].as_str().unwrap()).unwrap();
    other["moves"] = Value::Array(vec![]);
    for f in ["times_ms", "cpu_ms", "info"] {
        other[f] = Value::Array(vec![]);
    }
    (other["score1"], other["score2"]) = (start.scores()[0].into(), start.scores()[1].into());
    (other["reason"], other["offender"], other["winner"]) =
        ("startup".into(), "p1".into(), "p2".into());

    let mut tampered = lines.clone();
    tampered[won] = flipped.to_string();
    tampered[swapped] = illegal.to_string();
    tampered.push(lines[dup].clone());
    tampered.push(stranger.to_string());
    tampered.push(other.to_string());
    std::fs::write(&journal, tampered.join("\n") + "\n").unwrap();

    let (code, resumed, told) = run3(&refs);
    assert_eq!(code, 0, "{told}");
    for (k, why) in [
        (key(won), "winner"),
        (key(swapped), "not legal"),
        (key(dup), "second record"),
        ("r7-p0-b0-c0".to_string(), "not a game of this tournament"),
        (key(conf), "2 records of this game disagree"),
    ] {
        assert!(
            told.lines()
                .any(|l| l.contains(&format!("game {k}:")) && l.contains(why)),
            "{k} ({why}) not reported:\n{told}"
        );
    }
    assert!(resumed.contains("6 lines not trusted"), "{resumed}");
    // The same standings as the clean run: the bad lines did not count, and
    // their games, played again, are the same games (seeded by the key).
    let standings = |out: &str| {
        let from = out.find("rank").expect("standings");
        out[from..].to_string()
    };
    assert_eq!(standings(&resumed), standings(&clean));
    // Each game once in the journal, every line good; the bad ones aside.
    let now = results(&journal);
    assert_eq!(now.len(), 12);
    let keys: std::collections::BTreeSet<&str> =
        now.iter().map(|r| r["key"].as_str().unwrap()).collect();
    assert_eq!(keys.len(), 12);
    assert_eq!(
        now.iter().find(|r| r["key"] == key(won).as_str()).unwrap()["winner"],
        parsed[won]["winner"]
    );
    let aside = std::fs::read_to_string(tmp.path("r.jsonl.rejected")).unwrap();
    assert_eq!(aside.lines().filter(|l| l.starts_with('{')).count(), 6);

    // A third run trusts everything and plays nothing.
    let (code, again, told) = run3(&refs);
    assert_eq!(code, 0, "{told}");
    assert!(again.contains("12 resumed"), "{again}");
    assert!(!again.contains("not trusted") && told.is_empty(), "{told}");
}
