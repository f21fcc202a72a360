//! The sandbox (`--sandbox on`) against hostile engines, through the real
//! `arbiter` and real matches: each attack of the mock engine's hostile
//! modes fails or is stopped, the match completes with the right results,
//! nothing the engine started is left running, and no secret shows in any
//! output. The same attack under `--sandbox off` succeeds, which shows that
//! the sandbox does the work. (Not run with `off`: allocating 8 GiB, on a
//! machine shared with other jobs.)
//!
//! Needs `bwrap` (and SBCL and Python for the student kit): skipped without
//! it, except under `TABULA_REQUIRE_TOOLS=1` (`.ci/run`).

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::{repo, Tmp, ARBITER, MOCK};

/// What a match left: exit status, stdout + stderr, the journal's text and
/// its games, and the engine traffic logs.
struct Outcome {
    status: std::process::ExitStatus,
    text: String,
    journal: String,
    games: Vec<Value>,
    logs: String,
}

impl Outcome {
    /// Everything the arbiter wrote anywhere.
    fn everything(&self) -> String {
        format!("{}{}{}", self.text, self.journal, self.logs)
    }

    /// Exit 0 and `n` games, each lost (or not) as expected.
    fn completed(&self, n: usize) {
        assert_eq!(self.status.code(), Some(0), "{}", self.text);
        assert_eq!(self.games.len(), n, "{}", self.journal);
    }
}

/// A tag no other test uses, to find the engine's processes in `/proc`.
fn tag(name: &str) -> String {
    format!("sandbox-test-{}-{name}", std::process::id())
}

/// `arbiter match` of a mock engine in `mode` (first engine) against a good
/// mock engine, with `--debug` and a journal in `tmp`.
fn hostile_match(
    tmp: &Tmp,
    mode: &str,
    sandbox: &[&str],
    env: &[(&str, &str)],
    games: u32,
) -> Outcome {
    hostile_match_holding(tmp, mode, sandbox, env, games, None)
}

/// [`hostile_match`], with the arbiter started holding `held` open as its
/// descriptor 5 (as a script that opened a file before running it would).
fn hostile_match_holding(
    tmp: &Tmp,
    mode: &str,
    sandbox: &[&str],
    env: &[(&str, &str)],
    games: u32,
    held: Option<&Path>,
) -> Outcome {
    let results = tmp.path("results.jsonl");
    let tag = tag(mode);
    // The target goes on the command line: the sandbox passes no variable
    // of the arbiter's (an engine given `MOCK_TARGET` would see it only
    // with the sandbox off).
    let target = env
        .iter()
        .find(|(k, _)| *k == "MOCK_TARGET")
        .map_or(String::new(), |(_, v)| format!(" --target={v}"));
    let hostile = format!("{MOCK} --mode {mode} --tag {tag}{target}");
    // The opponent thinks long enough for pondering to show.
    let think = if mode == "ponder" { 100 } else { 20 };
    let good = format!("{MOCK} --mode good --think {think} --tag {tag}");
    let games = games.to_string();
    let mut args = vec![
        "match",
        &hostile,
        &good,
        "--games",
        &games,
        "--movetime",
        "1000",
        "--results",
        results.to_str().unwrap(),
        "--debug",
        "--quiet",
        "--concurrency",
        "1",
    ];
    args.extend(sandbox);
    let mut cmd = Command::new(ARBITER);
    cmd.args(&args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .env("RUST_LOG", "info");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let file = held.map(|p| {
        std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .open(p)
            .unwrap()
    });
    if let Some(f) = &file {
        use std::os::fd::AsRawFd;
        use std::os::unix::process::CommandExt;
        let fd = f.as_raw_fd();
        // SAFETY: dup2 between fork and exec (it leaves the copy open
        // across exec, as a shell's `5<>file` does).
        unsafe {
            cmd.pre_exec(move || {
                if libc::dup2(fd, 5) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let out = cmd.output().expect("arbiter runs");
    drop(file);
    let journal = std::fs::read_to_string(&results).unwrap_or_default();
    let games = journal
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v.get("key").is_some())
        .collect();
    let mut logs = String::new();
    if let Ok(dir) = std::fs::read_dir(tmp.path("results.jsonl.logs")) {
        for f in dir.flatten() {
            logs.push_str(&std::fs::read_to_string(f.path()).unwrap_or_default());
        }
    }
    Outcome {
        status: out.status,
        text: format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
        journal,
        games,
        logs,
    }
}

/// The processes (pids) whose command line holds `tag`, after a moment.
fn left_running(tag: &str) -> Vec<i32> {
    std::thread::sleep(Duration::from_millis(200));
    let mut pids = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse().ok()) else {
            continue;
        };
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let state = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let zombie = state
            .rsplit_once(") ")
            .is_some_and(|(_, r)| r.starts_with('Z'));
        if !zombie && String::from_utf8_lossy(&cmdline).contains(tag) {
            pids.push(pid);
        }
    }
    pids
}

fn kill_all(pids: &[i32]) {
    for &p in pids {
        let _ = Command::new("kill").args(["-9", &p.to_string()]).status();
    }
}

/// Every game ended normally (the attack did not change the results).
fn all_normal(o: &Outcome) {
    for g in &o.games {
        assert_eq!(g["reason"], "normal", "{g}");
        assert!(support::replay(g).is_over(), "{g}");
    }
}

const ON: &[&str] = &["--sandbox", "on"];
const OFF: &[&str] = &["--sandbox", "off"];

#[test]
fn the_header_says_what_is_enforced() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("header");
    let o = hostile_match(&tmp, "good", ON, &[], 2);
    o.completed(2);
    all_normal(&o);
    assert!(
        o.text.contains("sandbox on: bubblewrap (read-only system")
            && o.text.contains("no network, own PID namespace")
            && o.text.contains("cgroup v")
            && o.text.contains("256 processes, 2048 MiB memory"),
        "{}",
        o.text
    );
    // CPU time of every move in the journal.
    for g in &o.games {
        let cpu = g["cpu_ms"].as_array().expect("cpu_ms");
        assert_eq!(cpu.len(), g["moves"].as_array().unwrap().len(), "{g}");
    }
    assert!(left_running(&tag("good")).is_empty());
}

#[test]
fn on_refuses_without_bubblewrap_and_auto_says_so() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("nobwrap");
    let empty = tmp.path("bin");
    std::fs::create_dir_all(&empty).unwrap();
    let path = [("PATH", empty.to_str().unwrap())];
    let o = hostile_match(&tmp, "good", ON, &path, 2);
    assert_eq!(o.status.code(), Some(2), "{}", o.text);
    assert!(
        o.text.contains("--sandbox on cannot be enforced") && o.text.contains("bwrap not found"),
        "{}",
        o.text
    );
    assert!(o.games.is_empty());
    let o = hostile_match(&tmp, "good", &["--sandbox", "auto"], &path, 2);
    o.completed(2);
    assert!(o.text.contains("sandbox auto: NO bubblewrap"), "{}", o.text);
}

#[test]
fn a_secret_outside_the_engine_folder_stays_secret() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("secret");
    let secret = tmp.path("secret.txt");
    let word = "the-answers-are-42-and-7";
    std::fs::write(&secret, word).unwrap();
    let env = [("MOCK_TARGET", secret.to_str().unwrap())];
    let o = hostile_match(&tmp, "read-secret", ON, &env, 2);
    o.completed(2);
    all_normal(&o);
    assert!(o.logs.contains("hostile read-secret: failed"), "{}", o.logs);
    assert!(!o.everything().contains(word), "{}", o.everything());
    assert!(left_running(&tag("read-secret")).is_empty());

    let tmp = Tmp::new("secret-off");
    std::fs::write(&secret, word).unwrap();
    let o = hostile_match(&tmp, "read-secret", OFF, &env, 2);
    o.completed(2);
    assert!(o.logs.contains(word), "{}", o.logs);
}

#[test]
fn the_journal_cannot_be_forged() {
    needs!(tools::BWRAP);
    for (sandbox, forged) in [(ON, false), (OFF, true)] {
        let tmp = Tmp::new(&format!("forge-{forged}"));
        let results = tmp.path("results.jsonl");
        std::fs::write(&results, "").unwrap();
        let env = [("MOCK_TARGET", results.to_str().unwrap())];
        let o = hostile_match(&tmp, "write-journal", sandbox, &env, 2);
        o.completed(2);
        all_normal(&o);
        assert_eq!(o.journal.contains("forged"), forged, "{}", o.journal);
        assert_eq!(
            o.logs.contains("hostile write-journal: failed"),
            !forged,
            "{}",
            o.logs
        );
    }
    assert!(left_running(&tag("write-journal")).is_empty());
}

#[test]
fn no_network_not_even_loopback() {
    needs!(tools::BWRAP);
    for (sandbox, reached) in [(ON, false), (OFF, true)] {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port().to_string();
        let tmp = Tmp::new(&format!("net-{reached}"));
        let o = hostile_match(&tmp, "connect", sandbox, &[("MOCK_TARGET", &port)], 2);
        o.completed(2);
        all_normal(&o);
        assert_eq!(listener.accept().is_ok(), reached, "{}", o.logs);
    }
}

#[test]
fn a_fork_bomb_hits_the_process_limit() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("fork");
    let limit = ["--sandbox", "on", "--sandbox-pids", "64"];
    let o = hostile_match(&tmp, "fork", &limit, &[], 2);
    o.completed(2);
    all_normal(&o);
    assert!(o.logs.contains("of 500 processes, then"), "{}", o.logs);
    assert!(left_running(&tag("fork")).is_empty());
    // Without the sandbox all 500 start (and are killed with the group).
    let tmp = Tmp::new("fork-off");
    let o = hostile_match(&tmp, "fork", OFF, &[], 2);
    o.completed(2);
    assert!(o.logs.contains("all 500 processes"), "{}", o.logs);
    kill_all(&left_running(&tag("fork")));
}

#[test]
fn eight_gib_is_refused_and_the_hog_loses() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("memory");
    let limit = ["--sandbox", "on", "--sandbox-memory", "256"];
    let o = hostile_match(&tmp, "memory", &limit, &[], 2);
    o.completed(2);
    for g in &o.games {
        // The hog is killed by the memory limit: a crash, lost.
        assert_eq!(g["reason"], "crash", "{g}");
        let hog_is_p1 = g["p1"].as_str().unwrap().contains("--mode memory");
        assert_eq!(g["winner"], if hog_is_p1 { "p2" } else { "p1" }, "{g}");
    }
    assert!(!o.logs.contains("MiB touched"), "{}", o.logs);
    assert!(left_running(&tag("memory")).is_empty());
}

#[test]
fn a_setsid_daemon_dies_with_the_engine() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("daemon");
    let o = hostile_match(&tmp, "daemon", ON, &[], 2);
    o.completed(2);
    all_normal(&o);
    assert!(o.logs.contains("hostile daemon: succeeded"), "{}", o.logs);
    assert!(left_running(&tag("daemon")).is_empty());
    // Without the sandbox the daemon escapes the kill of the group.
    let tmp = Tmp::new("daemon-off");
    let o = hostile_match(&tmp, "daemon", OFF, &[], 2);
    o.completed(2);
    let left = left_running(&tag("daemon"));
    kill_all(&left);
    assert!(
        !left.is_empty(),
        "the daemon should have escaped without the sandbox"
    );
}

#[test]
fn the_arbiter_and_other_processes_cannot_be_signalled() {
    needs!(tools::BWRAP);
    for sandbox in [ON, OFF] {
        let mut victim = Command::new("sleep").arg("300").spawn().unwrap();
        let pid = victim.id().to_string();
        let tmp = Tmp::new(&format!("kill-{}", sandbox[1]));
        let o = hostile_match(&tmp, "kill-parent", sandbox, &[("MOCK_TARGET", &pid)], 2);
        // (A killed victim may take a moment to show as exited.)
        let mut alive = true;
        for _ in 0..50 {
            alive = victim.try_wait().unwrap().is_none();
            if !alive {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = victim.kill();
        let _ = victim.wait();
        if sandbox == ON {
            o.completed(2);
            all_normal(&o);
            assert!(alive, "the victim was killed through the sandbox");
            assert!(o.logs.contains("hostile kill-parent: failed"), "{}", o.logs);
        } else {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(o.status.signal(), Some(9), "{}", o.text);
            assert!(!alive, "without the sandbox the victim dies");
        }
    }
    assert!(left_running(&tag("kill-parent")).is_empty());
}

#[test]
fn check_tells_the_student_what_the_sandbox_refused() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("check");
    let secret = tmp.path("secret.txt");
    std::fs::write(&secret, "not-for-students").unwrap();
    let out = Command::new(ARBITER)
        .args([
            "check",
            &format!("{MOCK} --mode read-secret --target={}", secret.display()),
            "--sandbox",
            "on",
        ])
        .args(["--positions", "3", "--solve-time", "200"])
        .current_dir(repo())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("warn  sandbox: the engine was refused something")
            && text.contains("secret.txt: No such file or directory")
            && text.contains("its own folder (read-only"),
        "{text}"
    );
    assert!(!text.contains("not-for-students"), "{text}");
}

/// `--sandbox-cpus 0.2`: a burner gets at most a fifth of a core, however
/// long its opponent thinks.
#[test]
fn a_cpu_share_caps_a_burner() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("cpus");
    let limit = ["--sandbox", "on", "--sandbox-cpus", "0.2"];
    let o = hostile_match(&tmp, "ponder", &limit, &[], 2);
    o.completed(2);
    all_normal(&o);
    assert!(o.text.contains("0.2 CPU cores"), "{}", o.text);
    // The opponent's thinking time, during which the burner burns.
    let mut opponent_ms = 0;
    let mut moves = 0;
    for g in &o.games {
        let theirs = usize::from(g["p1"].as_str().unwrap().contains("--mode ponder"));
        let times = g["times_ms"].as_array().unwrap();
        opponent_ms += times
            .iter()
            .skip(theirs)
            .step_by(2)
            .filter_map(Value::as_u64)
            .sum::<u64>();
        moves += times.len() as u64;
    }
    let burnt = ponder_cpu(&o);
    assert!(opponent_ms > 1000, "{opponent_ms}");
    assert!(
        burnt > 0 && burnt < opponent_ms * 3 / 10 + 5 * moves,
        "{burnt} ms in {opponent_ms} ms"
    );
}

/// A config file: `alice` may write in her folder, `bob` may not, `ref`
/// is not confined (`sandbox = "off"`); the header says so.
#[test]
fn per_engine_settings_of_the_config_file() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("config");
    let tag = tag("config");
    for name in ["alice", "bob"] {
        std::fs::create_dir_all(tmp.path(name)).unwrap();
        std::fs::write(tmp.path(name).join("notes.txt"), "").unwrap();
    }
    // Run as root, the arbiter starts engines as nobody: a writable folder
    // is nobody's.
    let root =
        std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0);
    if root {
        for p in [tmp.path("alice"), tmp.path("alice/notes.txt")] {
            std::os::unix::fs::chown(p, Some(65534), Some(65534)).unwrap();
        }
    }
    let hostile = format!("{MOCK} --mode write-journal --tag {tag}");
    let config = tmp.path("class.toml");
    std::fs::write(
        &config,
        format!(
            "[[engine]]\nname = \"alice\"\ncommand = \"{hostile}\"\ndir = \"alice\"\n\
             writable = true\nenv = {{ MOCK_TARGET = \"notes.txt\" }}\n\
             [[engine]]\nname = \"bob\"\ncommand = \"{hostile}\"\ndir = \"bob\"\n\
             env = {{ MOCK_TARGET = \"notes.txt\" }}\n\
             [[engine]]\nname = \"ref\"\ncommand = \"{MOCK} --mode good\"\nsandbox = \"off\"\n"
        ),
    )
    .unwrap();
    let results = tmp.path("r.jsonl");
    let (code, text) = support::run(&[
        "tournament",
        "--engines",
        config.to_str().unwrap(),
        "--boards",
        "1",
        "--sandbox",
        "on",
        "--quiet",
        "--results",
        results.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.contains("own folder read-only")
            && text.contains("; own folder writable: alice; NOT confined: ref"),
        "{text}"
    );
    let games = support::results(&results);
    assert_eq!(games.len(), 6, "{text}");
    for g in &games {
        assert_eq!(g["reason"], "normal", "{g}");
    }
    let notes = |who: &str| std::fs::read_to_string(tmp.path(who).join("notes.txt")).unwrap();
    assert!(notes("alice").contains("forged"), "{text}");
    assert_eq!(notes("bob"), "", "{text}");
    assert!(left_running(&tag).is_empty());
}

/// The zombies among the children of `pid`.
fn zombie_children(pid: u32) -> usize {
    let mut n = 0;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let Some((_, rest)) = stat.rsplit_once(") ") else {
            continue;
        };
        let f: Vec<&str> = rest.split_whitespace().collect();
        if f.len() > 1 && f[0] == "Z" && f[1] == pid.to_string() {
            n += 1;
        }
    }
    n
}

#[test]
fn engines_restarted_many_times_leave_no_zombies() {
    needs!(tools::BWRAP);
    // An engine that crashes at its fourth move is restarted every game.
    let mut arbiter = Command::new(ARBITER)
        .args(["match", &format!("{MOCK} --mode crash --after 3"), MOCK])
        .args([
            "--games",
            "1000",
            "--sandbox",
            "on",
            "--quiet",
            "--concurrency",
            "1",
        ])
        .current_dir(repo())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_secs(3));
    let zombies = zombie_children(arbiter.id());
    let running = arbiter.try_wait().unwrap().is_none();
    let _ = arbiter.kill();
    let _ = arbiter.wait();
    assert!(running, "the match should still be running");
    assert!(zombies <= 2, "{zombies} zombies");
}

/// The CPU time (ms) the `ponder` engine used on its own moves, summed.
fn ponder_cpu(o: &Outcome) -> u64 {
    let mut total = 0;
    for g in &o.games {
        let mine = usize::from(!g["p1"].as_str().unwrap().contains("--mode ponder"));
        let cpu = g["cpu_ms"].as_array().expect("cpu_ms");
        total += cpu
            .iter()
            .skip(mine)
            .step_by(2)
            .filter_map(Value::as_u64)
            .sum::<u64>();
    }
    total
}

#[test]
fn freeze_idle_stops_pondering() {
    needs!(tools::BWRAP);
    let tmp = Tmp::new("ponder");
    let free = hostile_match(&tmp, "ponder", ON, &[], 2);
    free.completed(2);
    all_normal(&free);
    let tmp = Tmp::new("ponder-frozen");
    let frozen = hostile_match(
        &tmp,
        "ponder",
        &["--sandbox", "on", "--freeze-idle"],
        &[],
        2,
    );
    frozen.completed(2);
    all_normal(&frozen);
    assert!(
        frozen.text.contains("frozen while the opponent thinks"),
        "{}",
        frozen.text
    );
    let (free, frozen) = (ponder_cpu(&free), ponder_cpu(&frozen));
    // The opponent thinks 100 ms a move: pondering burns up to that much
    // CPU per move; frozen, only its own (instant) moves count.
    assert!(free > 300, "pondering was not measured: {free} ms");
    assert!(frozen * 4 < free, "frozen {frozen} ms, free {free} ms");
    assert!(left_running(&tag("ponder")).is_empty());
}

/// The student kit in the sandbox: `check` and a match.
fn student_kit(name: &str, engine: &str, config: Option<&Path>) {
    let tmp = Tmp::new(&format!("kit-{name}"));
    let results = tmp.path("r.jsonl");
    let mut args = vec!["--sandbox", "on", "--quiet", "--results"];
    args.push(results.to_str().unwrap());
    let (code, text) = match config {
        Some(file) => {
            let mut a = vec!["tournament", "--engines", file.to_str().unwrap()];
            a.extend(["builtin:greedy", "--boards", "1", "--movetime", "1000"]);
            a.extend(&args);
            support::run(&a)
        }
        None => {
            let mut a = vec!["match", engine, "builtin:greedy", "--movetime", "1000"];
            a.extend(&args);
            support::run(&a)
        }
    };
    assert_eq!(code, 0, "{text}");
    let games = support::results(&results);
    assert_eq!(games.len(), 2, "{text}");
    for g in &games {
        assert_eq!(g["reason"], "normal", "{g}\n{text}");
    }
    if config.is_none() {
        let (code, text) = support::run(&["check", engine, "--sandbox", "on", "--positions", "5"]);
        assert_eq!(code, 0, "{text}");
        assert!(text.contains("sandbox on: bubblewrap"), "{text}");
    }
}

#[test]
fn the_python_example_plays_in_the_sandbox() {
    needs!(tools::BWRAP, tools::PYTHON);
    let py = repo().join("adapters/python/example_engine.py");
    student_kit("python", &format!("python3 {}", py.display()), None);
}

#[test]
fn the_python_example_plays_every_later_game_in_the_sandbox() {
    needs!(tools::BWRAP, tools::PYTHON);
    let py = repo().join("adapters/python/example_engine.py");
    let engine = format!("python3 {}", py.display());
    for game in [
        "quatro",
        "adjiboto",
        "solitario",
        "torre",
        "galo3d",
        "blokus",
    ] {
        let tmp = Tmp::new(&format!("sandbox-{game}"));
        let results = tmp.path("r.jsonl");
        let (code, text) = support::run(&[
            "match",
            &engine,
            "builtin:greedy",
            "--game",
            game,
            "--movetime",
            "1000",
            "--sandbox",
            "on",
            "--quiet",
            "--results",
            results.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{game}: {text}");
        let games = support::results(&results);
        assert_eq!(games.len(), 2, "{game}: {text}");
        for g in &games {
            assert_eq!(g["reason"], "normal", "{game}: {g}\n{text}");
            assert_eq!(g["game"], game, "{g}");
        }
    }
}

#[test]
fn a_compiled_engine_plays_in_the_sandbox() {
    needs!(tools::BWRAP);
    student_kit("compiled", &format!("{MOCK} --mode good"), None);
}

#[test]
fn the_lisp_student_plays_in_the_sandbox() {
    needs!(tools::BWRAP, tools::SBCL);
    let lisp = repo().join("adapters/lisp");
    student_kit(
        "lisp",
        &format!(
            "sbcl --script {} {}",
            lisp.join("run.lisp").display(),
            lisp.join("example-student.lisp").display()
        ),
        None,
    );
}

/// A student's folder with a Lisp image (SBCL core) and a shell script that
/// starts it with `--dynamic-space-size`, run from a config file.
#[test]
fn a_script_starting_a_lisp_image_plays_in_the_sandbox() {
    needs!(tools::BWRAP, tools::SBCL);
    let tmp = Tmp::new("image");
    let student = tmp.path("alice");
    std::fs::create_dir_all(&student).unwrap();
    for f in [
        "run.lisp",
        "tabula.lisp",
        "project.lisp",
        "example-student.lisp",
    ] {
        std::fs::copy(repo().join("adapters/lisp").join(f), student.join(f)).unwrap();
    }
    let made = Command::new("sbcl")
        .args([
            "--non-interactive",
            "--no-userinit",
            "--eval",
            "(save-lisp-and-die \"alice.core\")",
        ])
        .current_dir(&student)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    std::fs::write(
        student.join("engine.sh"),
        "#!/bin/sh\nexec sbcl --core alice.core --dynamic-space-size 1024 \
         --script run.lisp example-student.lisp\n",
    )
    .unwrap();
    let config = tmp.path("engines.toml");
    std::fs::write(
        &config,
        "[[engine]]\nname = \"alice\"\ncommand = \"sh engine.sh\"\ndir = \"alice\"\n",
    )
    .unwrap();
    student_kit("image", "", Some(&config));
}

/// The skipping itself, run on any machine: with a PATH that hides bwrap a
/// sandbox test passes with one line naming it, bwrap and its package;
/// under `TABULA_REQUIRE_TOOLS=1` it fails.
#[test]
fn sandbox_tests_skip_visibly_without_bwrap_unless_required() {
    tools::assert_skips_visibly("the_header_says_what_is_enforced", &tools::BWRAP);
}

/// A file the arbiter's caller left open (a lock, a log, a grading key) is
/// neither readable nor writable by an engine, sandbox on or off: the
/// engine starts with stdin, stdout and stderr only.
#[test]
fn descriptors_the_arbiter_inherited_do_not_reach_the_engine() {
    needs!(tools::BWRAP);
    for (name, sandbox) in [("fd-on", ON), ("fd-off", OFF)] {
        let tmp = Tmp::new(name);
        let key = tmp.path("grading-key.txt");
        let word = "key-of-the-exam-31337";
        std::fs::write(&key, format!("{word}\n")).unwrap();
        let o = hostile_match_holding(&tmp, "inherited-fd", sandbox, &[], 2, Some(&key));
        o.completed(2);
        all_normal(&o);
        assert!(
            o.logs
                .contains("hostile inherited-fd: failed: no descriptor open from 3 up"),
            "{}",
            o.logs
        );
        assert!(!o.everything().contains(word), "{}", o.everything());
        assert_eq!(
            std::fs::read_to_string(&key).unwrap(),
            format!("{word}\n"),
            "nothing appended"
        );
        assert!(left_running(&tag("inherited-fd")).is_empty());
    }
    // The attack itself works on a descriptor it is given (the test can
    // fail): the mock engine run directly with the same file as its fd 5.
    let tmp = Tmp::new("fd-direct");
    let key = tmp.path("key.txt");
    std::fs::write(&key, "direct\n").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "printf 'ugi\\nposition startpos knight\\ngo movetime 50\\nquit\\n' | \
             {MOCK} --mode inherited-fd 5<>{}",
            key.display()
        ))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("hostile inherited-fd: succeeded: fd 5: read 'direct'"),
        "{err}"
    );
}

/// The arbiter's environment (a token, the teacher's variables) does not
/// reach a sandboxed engine, so it cannot publish it through `info`.
#[test]
fn the_arbiter_environment_stays_out_of_the_sandbox() {
    needs!(tools::BWRAP);
    let canary = "canary-token-8d1f2a";
    let env = [("GRADING_TOKEN", canary)];
    let tmp = Tmp::new("env-on");
    let o = hostile_match(&tmp, "env-canary", ON, &env, 2);
    o.completed(2);
    all_normal(&o);
    assert!(
        o.logs.contains("hostile env-canary: failed: no canary"),
        "{}",
        o.logs
    );
    assert!(!o.everything().contains(canary), "{}", o.everything());
    assert!(left_running(&tag("env-canary")).is_empty());
    assert!(
        o.text.contains("environment: PATH, HOME, TMPDIR"),
        "the header says what is passed: {}",
        o.text
    );
    // Off (a student's own machine), the environment passes as it is.
    let tmp = Tmp::new("env-off");
    let o = hostile_match(&tmp, "env-canary", OFF, &env, 2);
    o.completed(2);
    assert!(o.everything().contains(canary), "{}", o.logs);
}

/// A server listening on a socket file the engine can see (in its own
/// folder, writable by anyone) is out of reach: seccomp refuses the socket.
#[test]
fn a_unix_socket_in_view_is_unreachable() {
    needs!(tools::BWRAP);
    use std::os::unix::fs::PermissionsExt;
    // In the folder the engine is given (the current one: the workspace).
    let dir = repo().join("target");
    let path = dir.join(format!("sandbox-test-{}.sock", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o777)).unwrap();
    listener.set_nonblocking(true).unwrap();
    let target = [("MOCK_TARGET", path.to_str().unwrap())];
    let tmp = Tmp::new("unix-on");
    let o = hostile_match(&tmp, "unix-socket", ON, &target, 2);
    o.completed(2);
    all_normal(&o);
    assert!(o.logs.contains("hostile unix-socket: failed"), "{}", o.logs);
    assert!(listener.accept().is_err(), "nobody connected");
    assert!(left_running(&tag("unix-socket")).is_empty());
    assert!(
        o.text.contains("seccomp (no Unix-domain sockets"),
        "{}",
        o.text
    );
    let tmp = Tmp::new("unix-off");
    let o = hostile_match(&tmp, "unix-socket", OFF, &target, 2);
    o.completed(2);
    assert!(
        o.logs.contains("hostile unix-socket: succeeded"),
        "{}",
        o.logs
    );
    let _ = std::fs::remove_file(&path);
}

/// Whether the tests run as root (the sandbox then drops to `nobody`).
fn root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Run as root, an engine whose folder lies under a private one (every
/// folder under /root is) plays; one whose own folder nobody may read, or
/// whose program is in a place the sandbox does not show, is refused
/// before the first game, by `match` and by `check`, with the fix.
#[test]
fn private_folders_play_or_are_refused_before_the_first_game() {
    needs!(tools::BWRAP);
    use std::os::unix::fs::PermissionsExt;
    if !root() {
        eprintln!("skipped: the sandbox runs engines as nobody only when the arbiter is root");
        return;
    }
    let mode =
        |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    let tmp = Tmp::new("private");
    let private = tmp.path("private");
    let eng = private.join("alice");
    std::fs::create_dir_all(&eng).unwrap();
    std::fs::copy(MOCK, eng.join("engine")).unwrap();
    mode(&private, 0o700);
    mode(&eng, 0o755);
    let config = tmp.path("class.toml");
    std::fs::write(
        &config,
        format!(
            "[[engine]]\nname = \"alice\"\ncommand = \"./engine --mode good\"\ndir = \"{}\"\n\
             [[engine]]\nname = \"ref\"\ncommand = \"{MOCK} --mode good\"\n",
            eng.display()
        ),
    )
    .unwrap();
    // The journal in a folder of its own: the engine `ref`, without a
    // `dir`, sees the current folder (tmp), where the arbiter may not write.
    let results = tmp.path("out/r.jsonl");
    let out = Command::new(ARBITER)
        .args(["tournament", "--engines"])
        .arg(&config)
        .args([
            "--game",
            "knight",
            "--boards",
            "1",
            "--movetime",
            "200",
            "--quiet",
        ])
        .arg("--results")
        .arg(&results)
        .args(ON)
        .current_dir(&tmp.0)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let games = support::results(&results);
    assert_eq!(games.len(), 2, "{text}");
    for g in &games {
        assert_eq!(g["reason"], "normal", "{g}");
    }
    // Its own folder private: refused, naming the folder and the fix.
    mode(&eng, 0o700);
    for command in ["tournament", "check"] {
        let mut cmd = Command::new(ARBITER);
        if command == "check" {
            cmd.args(["check", "./engine --mode good", "--positions", "2"])
                .current_dir(&eng);
        } else {
            cmd.args(["tournament", "--engines"])
                .arg(&config)
                .args(["--game", "knight", "--boards", "1"])
                .current_dir(&tmp.0);
        }
        let out = cmd.args(ON).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {text}");
        assert!(
            text.contains("cannot read its folder")
                && text.contains(&eng.display().to_string())
                && text.contains("chmod -R o+rX"),
            "{command}: {text}"
        );
    }
    mode(&eng, 0o755);
    // A program found on the PATH in a folder the sandbox does not show.
    let bin = tmp.path("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let name = format!("tabula-mock-{}", std::process::id());
    std::fs::copy(MOCK, bin.join(&name)).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = Command::new(ARBITER)
        .args(["check", &format!("{name} --mode good"), "--positions", "2"])
        .args(ON)
        .env("PATH", &path)
        .current_dir(&eng)
        .output()
        .unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains(&format!("its program `{name}`"))
            && text.contains(&bin.display().to_string())
            && text.contains("does not show"),
        "{text}"
    );
}

/// The kit as the README documents it, with the project's folder as the
/// engine's own: `sbcl --script <kit>/run.lisp <file>` under `--sandbox on`
/// finds the kit beside `run.lisp` (its folder is shown read-only) and the
/// project in its folder, and plays.
#[test]
fn the_kit_runs_from_its_own_folder_on_a_project_elsewhere() {
    needs!(tools::BWRAP, tools::SBCL);
    let tmp = Tmp::new("kit-elsewhere");
    let project = tmp.path("group-7");
    std::fs::create_dir_all(&project).unwrap();
    let kit = repo().join("adapters/lisp").canonicalize().unwrap();
    std::fs::copy(kit.join("example-student.lisp"), project.join("jogo.lisp")).unwrap();
    let config = tmp.path("class.toml");
    std::fs::write(
        &config,
        format!(
            "[[engine]]\nname = \"group-7\"\ncommand = \"sbcl --script {} jogo.lisp\"\ndir = \"{}\"\n",
            kit.join("run.lisp").display(),
            project.display()
        ),
    )
    .unwrap();
    student_kit("kit-elsewhere", "", Some(&config));
}
