//! Nothing is shared between sandboxes, or with the teacher: through the
//! real `arbiter` and hostile mock engines, each attack of the second red
//! team (issue 38) across the sandbox — the teacher's session keyring and
//! another engine's keys, a lock on a file every sandbox sees, a page or an
//! analysis file the arbiter writes after the engine started, the folder of
//! an opponent given on the command line. Each attack works with
//! `--sandbox off` (the test can fail) and fails with `--sandbox on`.
//!
//! Needs `bwrap` (and `keyctl` for the keyring): skipped without them,
//! except under `TABULA_REQUIRE_TOOLS=1` (`.ci/run`).

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{Tmp, ARBITER, MOCK};

/// What one run of the arbiter left.
struct Run {
    code: i32,
    /// stdout + stderr.
    text: String,
    games: Vec<Value>,
    /// The engine traffic logs (every game's: `--debug`).
    logs: String,
    /// The session keyring after the run (`keyctl show @s`), when it ran in
    /// one.
    keys: String,
}

impl Run {
    fn completed(&self, n: usize) {
        assert_eq!(self.code, 0, "{}", self.text);
        assert_eq!(self.games.len(), n, "{}", self.text);
        for g in &self.games {
            assert_eq!(g["reason"], "normal", "{g}");
        }
    }

    /// Everything the arbiter wrote (terminal, journal, logs).
    fn everything(&self) -> String {
        format!(
            "{}{}{}",
            self.text,
            self.logs,
            serde_json::json!(self.games)
        )
    }
}

/// The teacher's secret and its key's description, as a login session's
/// keyring (pam_keyinit) would hold it.
const SECRET: &str = "exam-key-5f3a91c2";
const SECRET_KEY: &str = "tabula-teacher-secret";

/// `arbiter match p1 p2 --games N` in `cwd` with `--debug`, the journal at
/// `results`, and `extra`. With `keyring`, the arbiter runs in a new session
/// keyring holding [`SECRET`] (`keyctl session`), listed after the run.
fn arbiter_match(
    cwd: &Path,
    results: &Path,
    engines: [&str; 2],
    games: u32,
    extra: &[&str],
    keyring: bool,
) -> Run {
    let games_text = games.to_string();
    let mut args: Vec<&str> = vec!["match", engines[0], engines[1], "--games", &games_text];
    args.extend(["--results", results.to_str().unwrap()]);
    args.extend(["--debug", "--quiet", "--concurrency", "1"]);
    args.extend(extra);
    let mut cmd = if keyring {
        let mut cmd = Command::new("keyctl");
        cmd.args(["session", "-", "sh", "-c"]).arg(format!(
            "keyctl add user {SECRET_KEY} {SECRET} @s >/dev/null || exit 99; \"$@\"; \
             code=$?; echo '@@keys@@'; keyctl show @s; exit $code"
        ));
        cmd.arg("sh").arg(ARBITER).args(&args);
        cmd
    } else {
        let mut cmd = Command::new(ARBITER);
        cmd.args(&args);
        cmd
    };
    let out = cmd
        .current_dir(cwd)
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let (stdout, keys) = match stdout.split_once("@@keys@@") {
        Some((before, keys)) => (before.to_string(), keys.to_string()),
        None => (stdout, String::new()),
    };
    let mut logs = String::new();
    let mut dir = results.as_os_str().to_owned();
    dir.push(".logs");
    if let Ok(read) = std::fs::read_dir(Path::new(&dir)) {
        for f in read.flatten() {
            logs.push_str(&std::fs::read_to_string(f.path()).unwrap_or_default());
        }
    }
    Run {
        code: out.status.code().unwrap_or(-1),
        text: stdout + &String::from_utf8_lossy(&out.stderr),
        games: support::results_if_any(results),
        logs,
        keys,
    }
}

const ON: &[&str] = &["--sandbox", "on"];
const OFF: &[&str] = &["--sandbox", "off"];

/// Two engines that read the teacher's session key, look for each other's
/// keys and add their own; then one that clears the keyring. Off, they
/// succeed; on, each has a fresh empty keyring and no keyring call.
#[test]
fn the_teachers_keyring_and_each_others_keys_are_out_of_reach() {
    needs!(tools::BWRAP, tools::KEYCTL);
    let spy = format!("{MOCK} --mode keyring --target={SECRET_KEY}");
    for (sandbox, reached) in [(OFF, true), (ON, false)] {
        let tmp = Tmp::new(&format!("keyring-{reached}"));
        let run = arbiter_match(
            &tmp.0,
            &tmp.path("out/r.jsonl"),
            [&spy, &spy],
            2,
            sandbox,
            true,
        );
        run.completed(2);
        assert!(run.keys.contains(SECRET_KEY), "{}", run.keys);
        if reached {
            assert!(
                run.logs
                    .contains(&format!("read the teacher's key {SECRET_KEY}: {SECRET}"))
                    && run.logs.contains("read another engine's key: from engine")
                    && run.keys.contains("tabula-engine-key"),
                "{}\n{}",
                run.logs,
                run.keys
            );
        } else {
            assert!(run.logs.contains("hostile keyring: failed"), "{}", run.logs);
            assert!(
                run.logs
                    .contains(&format!("/proc/keys does not name {SECRET_KEY}")),
                "{}",
                run.logs
            );
            assert!(!run.everything().contains(SECRET), "{}", run.everything());
            assert!(!run.keys.contains("tabula-engine-key"), "{}", run.keys);
            assert!(
                run.text.contains("no kernel keyring") && run.text.contains("no file locks"),
                "the header says what is isolated: {}",
                run.text
            );
        }
    }
    let wiper = format!("{MOCK} --mode keyring-clear");
    let good = format!("{MOCK} --mode good");
    for (sandbox, cleared) in [(OFF, true), (ON, false)] {
        let tmp = Tmp::new(&format!("keyring-clear-{cleared}"));
        let run = arbiter_match(
            &tmp.0,
            &tmp.path("out/r.jsonl"),
            [&wiper, &good],
            2,
            sandbox,
            true,
        );
        run.completed(2);
        assert_eq!(!run.keys.contains(SECRET_KEY), cleared, "{}", run.keys);
    }
}

/// Two engines that lock `/etc/passwd` (bound read-only into every
/// sandbox): off, the second sees the first's locks, a bit received; on,
/// no lock is taken.
#[test]
fn a_lock_on_a_file_every_sandbox_sees_carries_no_bit() {
    needs!(tools::BWRAP);
    let locker = format!("{MOCK} --mode lock --target=/etc/passwd");
    for (sandbox, reached) in [(OFF, true), (ON, false)] {
        let tmp = Tmp::new(&format!("lock-{reached}"));
        let run = arbiter_match(
            &tmp.0,
            &tmp.path("out/r.jsonl"),
            [&locker, &locker],
            2,
            sandbox,
            false,
        );
        run.completed(2);
        assert_eq!(
            run.logs
                .contains("received a bit: the opponent holds an flock")
                && run
                    .logs
                    .contains("received a bit: the opponent holds an fcntl lock"),
            reached,
            "{}",
            run.logs
        );
        if !reached {
            assert_eq!(
                run.logs.matches("hostile lock: failed").count(),
                2,
                "{}",
                run.logs
            );
            assert!(run.logs.contains("No locks available"), "{}", run.logs);
        }
    }
}

/// The engines are given on the command line, so their folder is the
/// current one (`cwd`); the arbiter's files go to `out/`, a folder inside
/// it. An engine watching a file there at every move: off, it reads it once
/// the arbiter has written it; on, the folder is masked from the start.
fn watched(name: &str, file: &str, extra: &[&str], sandbox: &[&str]) -> Run {
    let tmp = Tmp::new(name);
    let watcher = format!("{MOCK} --mode watch-secret --target={file}");
    let good = format!("{MOCK} --mode good --think 20");
    let mut args: Vec<&str> = vec!["--movetime", "200"];
    args.extend(extra);
    args.extend(sandbox);
    let run = arbiter_match(
        &tmp.0,
        &tmp.path("out/r.jsonl"),
        [&watcher, &good],
        6,
        &args,
        false,
    );
    assert!(tmp.path(file).exists(), "{file} was written: {}", run.text);
    run
}

#[test]
fn a_live_page_written_after_the_engines_started_stays_hidden() {
    needs!(tools::BWRAP);
    let page = ["--html", "out/page.html", "--html-live"];
    let run = watched("live-off", "out/page.html", &page, OFF);
    run.completed(6);
    assert!(
        run.logs.contains("hostile watch-secret: succeeded") && run.logs.contains("<!DOCTYPE"),
        "{}",
        run.logs
    );
    let run = watched("live-on", "out/page.html", &page, ON);
    run.completed(6);
    assert!(
        run.logs.contains("hostile watch-secret: failed at go 0")
            && !run.logs.contains("hostile watch-secret: succeeded"),
        "{}",
        run.logs
    );
}

#[test]
fn the_analysis_file_stays_hidden() {
    needs!(tools::BWRAP);
    let analysis = [
        "--analyse",
        "--analysis",
        "analysis/a.jsonl",
        "--analysis-nodes",
        "200",
    ];
    let run = watched("analysis-off", "analysis/a.jsonl", &analysis, OFF);
    run.completed(6);
    assert!(
        run.logs.contains("hostile watch-secret: succeeded"),
        "{}",
        run.logs
    );
    let run = watched("analysis-on", "analysis/a.jsonl", &analysis, ON);
    run.completed(6);
    assert!(
        run.logs.contains("hostile watch-secret: failed at go 0")
            && !run.logs.contains("hostile watch-secret: succeeded"),
        "{}",
        run.logs
    );
}

/// A file the arbiter writes directly in the folder a sandboxed engine
/// sees as its own cannot be masked (the folder is the engine's): refused
/// before anything is written, with the fix; off, it runs.
#[test]
fn an_output_in_an_engines_own_folder_is_refused() {
    needs!(tools::BWRAP);
    let good = format!("{MOCK} --mode good");
    for (what, file, extra) in [
        ("page", "page.html", vec!["--html", "page.html"]),
        ("journal", "r.jsonl", vec![]),
        ("summary", "s.csv", vec!["--summary", "s.csv"]),
    ] {
        let tmp = Tmp::new(&format!("own-folder-{what}"));
        // The journal in the engines' folder (the current one) itself, or
        // beside the other file given.
        let results = if what == "journal" {
            tmp.path("r.jsonl")
        } else {
            tmp.path("out/r.jsonl")
        };
        let mut args = extra.clone();
        args.extend(ON);
        let run = arbiter_match(&tmp.0, &results, [&good, &good], 2, &args, false);
        assert_eq!(run.code, 2, "{what}: {}", run.text);
        assert!(
            run.text.contains(&format!(
                "would see {}, which the arbiter writes during the run",
                tmp.path(file).display()
            )) && run
                .text
                .contains("an engine given on the command line sees as its own")
                && run.text.contains("Write it in another folder"),
            "{what}: {}",
            run.text
        );
        assert!(!tmp.path(file).exists(), "{what}: nothing written");
        assert!(run.games.is_empty());
        let mut args = extra.clone();
        args.extend(OFF);
        let run = arbiter_match(&tmp.0, &results, [&good, &good], 2, &args, false);
        run.completed(2);
    }
}

/// Two engines given on the command line, run from the class folder: the
/// opponent's program lies in `bob/` under the current one. Off, the spy
/// reads bob's source; on, bob's folder is masked for it (and bob still
/// plays from it).
#[test]
fn an_opponents_folder_under_the_current_one_is_hidden() {
    needs!(tools::BWRAP);
    for (sandbox, reached) in [(OFF, true), (ON, false)] {
        let tmp = Tmp::new(&format!("opponent-{reached}"));
        let bob = tmp.path("bob");
        std::fs::create_dir_all(&bob).unwrap();
        std::fs::copy(MOCK, bob.join("engine")).unwrap();
        std::fs::write(bob.join("source.txt"), "bob's own evaluation").unwrap();
        std::fs::create_dir_all(tmp.path("out")).unwrap();
        let spy = format!("{MOCK} --mode read-secret --target=bob/source.txt");
        let run = arbiter_match(
            &tmp.0,
            &tmp.path("out/r.jsonl"),
            [&spy, "bob/engine --mode good"],
            2,
            sandbox,
            false,
        );
        run.completed(2);
        assert_eq!(
            run.logs.contains("bob's own evaluation"),
            reached,
            "{}",
            run.logs
        );
        if !reached {
            assert!(
                run.logs.contains("hostile read-secret: failed"),
                "{}",
                run.logs
            );
        }
    }
}
