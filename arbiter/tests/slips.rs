//! A teacher's slips lose nothing, through the real `arbiter`: an output
//! path that is an input (or another output, or inside the download) is
//! refused before anything is written; `report`, `merge` and `analyse`
//! replay every journal line as resume does and set a bad one aside by
//! key instead of taking it or refusing the file; a device or a FIFO given
//! as an input is refused at once; an analysis file with a garbled line is
//! repaired like a torn one. (No outside program needed.)

use serde_json::Value;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod support;
use support::{Tmp, ARBITER};

/// Runs `arbiter <args…>` in `dir`: (exit code, stdout, stderr). The
/// arbiter may use at most 2 GiB of memory and 30 s (a device read
/// without end, a FIFO waited on for ever: killed, exit -1).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(ARBITER);
    cmd.args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: 2 << 30,
                rlim_max: 2 << 30,
            };
            libc::setrlimit(libc::RLIMIT_AS, &lim);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("arbiter runs");
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A short tournament of the built-in players into `tmp/r.jsonl`; its
/// lines.
fn journal(tmp: &Tmp) -> Vec<String> {
    let (code, _, err) = run_in(
        &tmp.0,
        &[
            "tournament",
            "builtin:random",
            "builtin:greedy",
            "builtin:tabula:depth=1",
            "--boards",
            "1",
            "--quiet",
            "--results",
            "r.jsonl",
        ],
    );
    assert_eq!(code, 0, "{err}");
    std::fs::read_to_string(tmp.path("r.jsonl"))
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: mkfifo of a path in a test folder.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

#[test]
fn an_output_that_is_an_input_or_another_output_is_refused_before_anything_is_written() {
    let tmp = Tmp::new("same-file");
    journal(&tmp);
    let before = std::fs::read(tmp.path("r.jsonl")).unwrap();
    std::fs::hard_link(tmp.path("r.jsonl"), tmp.path("same.jsonl")).unwrap();
    let play = [
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "builtin:tabula:depth=1",
        "--boards",
        "1",
        "--quiet",
        "--results",
        "r.jsonl",
    ];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            [&play[..], &["--summary", "r.jsonl"]].concat(),
            "--summary 'r.jsonl' is also --results",
        ),
        (
            [&play[..], &["--html", "./r.jsonl"]].concat(),
            "--html './r.jsonl' is also --results",
        ),
        (
            [&play[..], &["--records", "same.jsonl"]].concat(),
            "--records 'same.jsonl' is also --results",
        ),
        (
            [&play[..], &["--summary", "s.csv", "--html", "s.csv"]].concat(),
            "--summary and --html are the same file",
        ),
        (
            vec!["report", "r.jsonl", "--out", "r.jsonl"],
            "--out 'r.jsonl' is also a results file",
        ),
        (
            vec![
                "merge",
                "r.jsonl",
                "--results",
                "m.jsonl",
                "--summary",
                "r.jsonl",
            ],
            "--summary 'r.jsonl' is also a journal to merge",
        ),
        (
            vec!["analyse", "r.jsonl", "--out", "same.jsonl"],
            "--out 'same.jsonl' is also a results file",
        ),
    ];
    for (args, told) in cases {
        let (code, out, err) = run_in(&tmp.0, &args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(told), "{args:?}: {err}");
        assert_eq!(
            std::fs::read(tmp.path("r.jsonl")).unwrap(),
            before,
            "{args:?}: the journal was changed"
        );
        assert!(!tmp.path("s.csv").exists() && !tmp.path("m.jsonl").exists());
    }
}

/// `grade --out` the download itself, or a folder inside it: refused
/// before anything is written (a rerun would grade the season's own files
/// as submissions).
#[test]
fn grade_refuses_a_season_folder_inside_the_download() {
    let tmp = Tmp::new("grade-out");
    let download = tmp.path("download");
    let sub = download.join("Ana Sousa_1001_assignsubmission_file_");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("jogo.lisp"), "(defun jogar (e tm) e)").unwrap();
    for (out, told) in [
        ("download", "--out 'download' is also the download"),
        (
            "download/season",
            "--out 'download/season' lies inside the download",
        ),
    ] {
        let (code, _, err) = run_in(
            &tmp.0,
            &[
                "grade", "download", "--game", "knight", "--out", out, "--quiet",
            ],
        );
        assert_eq!(code, 2, "{out}: {err}");
        assert!(err.contains(told), "{out}: {err}");
        let listed: Vec<String> = std::fs::read_dir(&download)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(listed, ["Ana Sousa_1001_assignsubmission_file_"], "{out}");
    }
}

/// A journal with a game whose winner contradicts its moves, a line with a
/// byte that is not UTF-8, and a line cut short.
fn tampered(tmp: &Tmp) -> (Vec<String>, String, String) {
    let lines = journal(tmp);
    let parsed: Vec<Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let won = (0..lines.len())
        .find(|&i| parsed[i]["reason"] == "normal" && parsed[i]["winner"] != "draw")
        .expect("a decisive game");
    let mut flipped = parsed[won].clone();
    flipped["winner"] = Value::from(if flipped["winner"] == "p1" {
        "p2"
    } else {
        "p1"
    });
    let bad = (0..lines.len()).find(|&i| i != won).unwrap();
    let mut bytes: Vec<u8> = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if i == won {
            bytes.extend(flipped.to_string().as_bytes());
        } else if i == bad {
            // An engine name with a byte that is not UTF-8.
            bytes.extend(l.replacen("builtin:", "built\u{e9}in:", 1).as_bytes());
            let at = bytes.iter().rposition(|&b| b == 0xc3).unwrap();
            bytes.remove(at);
        } else {
            bytes.extend(l.as_bytes());
        }
        bytes.push(b'\n');
    }
    bytes.extend(b"{\"tournament\":\"cut short");
    std::fs::write(tmp.path("r.jsonl"), bytes).unwrap();
    let key = |i: usize| parsed[i]["key"].as_str().unwrap().to_string();
    (lines, key(won), key(bad))
}

#[test]
fn report_merge_and_analyse_replay_every_line_and_set_bad_ones_aside() {
    let tmp = Tmp::new("verify");
    let (lines, won, bad) = tampered(&tmp);
    let good = lines.len() - 2;
    let told = |err: &str, what: &str| {
        assert!(
            err.lines()
                .any(|l| l.contains(&format!("game {won}:")) && l.contains("winner")),
            "{what}: the flipped winner: {err}"
        );
        assert!(
            err.lines()
                .any(|l| l.contains(&format!("game {bad}:")) && l.contains("not UTF-8 text")),
            "{what}: the byte that is not UTF-8: {err}"
        );
        assert!(err.contains("cut short, or edited"), "{what}: {err}");
    };
    // report: the page of the trusted games.
    let (code, out, err) = run_in(&tmp.0, &["report", "r.jsonl", "--out", "page.html"]);
    assert_eq!(code, 0, "{out}{err}");
    told(&err, "report");
    assert!(
        out.contains(&format!("wrote page.html ({good} games")),
        "{out}"
    );
    // merge: the trusted games merged, the others set aside.
    let (code, out, err) = run_in(&tmp.0, &["merge", "r.jsonl", "--results", "m.jsonl"]);
    assert!(code == 0 || code == 1, "{out}{err}");
    told(&err, "merge");
    let merged = support::results(&tmp.path("m.jsonl"));
    assert_eq!(merged.len(), good, "{out}{err}");
    assert!(merged
        .iter()
        .all(|r| r["key"] != won.as_str() && r["key"] != bad.as_str()));
    let aside =
        String::from_utf8_lossy(&std::fs::read(tmp.path("m.jsonl.rejected")).unwrap()).into_owned();
    assert_eq!(
        aside.lines().filter(|l| l.starts_with('#')).count(),
        3,
        "{aside}"
    );
    // analyse: the trusted games analysed.
    let (code, out, err) = run_in(&tmp.0, &["analyse", "r.jsonl", "--nodes", "200", "--quiet"]);
    assert_eq!(code, 0, "{out}{err}");
    told(&err, "analyse");
    let analysed = std::fs::read_to_string(tmp.path("r.analysis.jsonl")).unwrap();
    assert_eq!(
        analysed.matches("\"type\":\"game\"").count(),
        good,
        "{analysed}"
    );
    assert!(!analysed.contains(&format!("\"key\":\"{won}\"")));
}

/// A garbled line in the middle of an analysis file: the rerun repairs it
/// (the line set aside, its game analysed again) instead of stopping.
#[test]
fn a_bad_line_in_the_analysis_file_is_repaired_on_the_rerun() {
    let tmp = Tmp::new("analysis-bad-line");
    let args = [
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "--boards",
        "2",
        "--quiet",
        "--results",
        "r.jsonl",
        "--analyse",
        "--analysis-nodes",
        "200",
    ];
    let (code, out, err) = run_in(&tmp.0, &args);
    assert_eq!(code, 0, "{out}{err}");
    let path = tmp.path("r.analysis.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let games = text.matches("\"type\":\"game\"").count();
    assert_eq!(games, 4, "{text}");
    // The second line (a move of the first game) garbled.
    let mut lines: Vec<&str> = text.lines().collect();
    lines[1] = "{\"type\":\"move\",\"garbled";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let (code, out, err) = run_in(&tmp.0, &args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("line 2: not an analysis line"), "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("garbled"), "{text}");
    let aside = std::fs::read_to_string(tmp.path("r.analysis.jsonl.rejected")).unwrap();
    assert!(aside.contains("garbled"), "{aside}");
    // Every game analysed (the first one again), each complete.
    let (code, out, err) = run_in(&tmp.0, &["report", "r.jsonl", "--out", "p.html"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("analysis: 4 games of 4 shown"), "{out}");
}

/// A device or a FIFO given as an input file is refused at once (exit 2,
/// saying what it is), never read without end nor waited on.
#[test]
fn devices_and_fifos_are_refused_as_inputs() {
    let tmp = Tmp::new("special");
    journal(&tmp);
    let fifo = tmp.path("fifo");
    mkfifo(&fifo);
    let fifo_zip = tmp.path("download.zip");
    mkfifo(&fifo_zip);
    let two = ["tournament", "builtin:random", "builtin:greedy", "--quiet"];
    let cases: Vec<(Vec<&str>, &str)> = vec![
        ([&two[..], &["--results", "fifo"]].concat(), "a FIFO"),
        (
            [&two[..], &["--boards-file", "/dev/zero"]].concat(),
            "a character device",
        ),
        ([&two[..], &["--boards-file", "fifo"]].concat(), "a FIFO"),
        (vec!["tournament", "--engines", "fifo"], "a FIFO"),
        (
            vec!["tournament", "--engines", "/dev/zero"],
            "a character device",
        ),
        (
            vec!["report", "/dev/zero", "--out", "p.html"],
            "a character device",
        ),
        (vec!["report", "fifo", "--out", "p.html"], "a FIFO"),
        (
            vec!["report", "r.jsonl", "--analysis", "fifo", "--out", "p.html"],
            "a FIFO",
        ),
        (vec!["merge", "fifo", "--results", "m.jsonl"], "a FIFO"),
        (
            vec!["analyse", "/dev/zero", "--out", "a.jsonl"],
            "a character device",
        ),
        (
            vec![
                "grade",
                "download.zip",
                "--game",
                "knight",
                "--out",
                "season",
            ],
            "a FIFO",
        ),
        (
            vec![
                "grade",
                "r.jsonl",
                "--game",
                "knight",
                "--out",
                "season",
                "--rubric",
                "/dev/zero",
            ],
            "a character device",
        ),
    ];
    for (args, what) in cases {
        let t0 = Instant::now();
        let (code, out, err) = run_in(&tmp.0, &args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.contains(what), "{args:?}: {err}");
        assert!(t0.elapsed() < Duration::from_secs(10), "{args:?} is slow");
    }
}
