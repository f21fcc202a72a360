//! A championship over several shards through the real binaries: `arbiter
//! plan`, `tournament --shard K/N`, `arbiter merge`, a missing shard and a
//! killed one, a Swiss round by round, and the GNU parallel recipe. The
//! merged journal must equal the unsharded run game for game.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::sshd::Sshd;
use support::{repo, run, Tmp, ARBITER, MOCK};

/// The tournament of these tests: three built-in players and one external
/// engine (the mock engine, deterministic), 3 boards per pairing.
fn flags(seed: u32) -> Vec<String> {
    [
        "builtin:random",
        "builtin:greedy",
        "builtin:tabula:depth=2",
        MOCK,
        "--boards",
        "3",
        "--movetime",
        "2000",
        "--quiet",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(["--seed".to_string(), seed.to_string()])
    .collect()
}

fn tournament(extra: &[String]) -> (i32, String) {
    let mut args = vec!["tournament".to_string()];
    args.extend(flags(5));
    args.extend(extra.iter().cloned());
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn shard_args(k: u32, n: u32, journal: &Path) -> Vec<String> {
    vec![
        "--shard".into(),
        format!("{k}/{n}"),
        "--results".into(),
        journal.display().to_string(),
    ]
}

/// The games of a journal by key, without what differs between two runs of
/// the same game (times, logs, the engines' reported search figures).
fn games(path: &Path) -> BTreeMap<String, Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let mut v: Value = serde_json::from_str(line).unwrap();
        if v.get("plan").is_some() {
            continue;
        }
        let o = v.as_object_mut().unwrap();
        for volatile in [
            "times_ms",
            "cpu_ms",
            "duration_ms",
            "log",
            "info",
            "late",
            "overrun_ms",
        ] {
            o.remove(volatile);
        }
        let key = o["key"].as_str().unwrap().to_string();
        assert!(out.insert(key.clone(), v).is_none(), "{key} twice");
    }
    out
}

fn merge(tmp: &Tmp, inputs: &[&Path], out: &str) -> (i32, String) {
    let mut args = vec!["merge".to_string()];
    args.extend(inputs.iter().map(|p| p.display().to_string()));
    args.extend(["--results".to_string(), tmp.path(out).display().to_string()]);
    run(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn the_plan_is_deterministic_and_shards_split_it_evenly() {
    let mut args = vec!["plan".to_string()];
    args.extend(flags(5));
    args.extend(["--shards".to_string(), "4".to_string()]);
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, first) = run(&argv);
    assert_eq!(code, 0, "{first}");
    assert_eq!(run(&argv).1, first, "the same plan every time");
    let lines: Vec<&str> = first.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(lines.len(), 6 * 3 * 2, "6 pairings x 3 boards x 2 colours");
    // Games per entrant and shard: each shard has about a quarter.
    let mut per: BTreeMap<(String, String), u32> = BTreeMap::new();
    for l in &lines {
        let cells: Vec<&str> = l.split_whitespace().collect();
        let (p1, p2, shard) = (cells[5], cells[6], cells[7]);
        for p in [p1, p2] {
            *per.entry((p.to_string(), shard.to_string())).or_default() += 1;
        }
    }
    for ((who, shard), n) in &per {
        // 18 games per entrant / 4 shards = 4.5: 2 to 8 (whole boards of 2).
        assert!((2..=8).contains(n), "{who} in shard {shard}: {n}");
    }
    // The fingerprint is the one the journal will carry.
    let fingerprint = first
        .split_whitespace()
        .nth(2)
        .unwrap()
        .trim_end_matches(':');
    let tmp = Tmp::new("shard-plan");
    let j = tmp.path("s.jsonl");
    let (code, out) = tournament(&shard_args(2, 4, &j));
    assert_eq!(code, 0, "{out}");
    let g = games(&j);
    assert!(!g.is_empty());
    let shard2: Vec<&str> = lines
        .iter()
        .filter(|l| l.split_whitespace().nth(7) == Some("2/4"))
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        g.keys().map(String::as_str).collect::<Vec<_>>().len(),
        shard2.len()
    );
    for (key, v) in &g {
        assert!(shard2.contains(&key.as_str()), "{key} is not shard 2's");
        assert_eq!(v["tournament"], fingerprint);
    }
}

#[test]
fn four_shards_merge_into_the_unsharded_tournament_and_a_missing_one_is_named() {
    let tmp = Tmp::new("shard-merge");
    let whole = tmp.path("whole.jsonl");
    let (code, out) = tournament(&["--results".into(), whole.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    let journals: Vec<_> = (1..=4).map(|k| tmp.path(&format!("s{k}.jsonl"))).collect();
    for k in [1, 2, 4] {
        let (code, out) = tournament(&shard_args(k, 4, &journals[k as usize - 1]));
        assert_eq!(code, 0, "{out}");
        assert!(out.contains(&format!("shard {k}/4")), "{out}");
    }
    // Shard 3 never ran: the merge says which games and how to play them.
    let given: Vec<&Path> = [0, 1, 3].iter().map(|&i| journals[i].as_path()).collect();
    let (code, out) = merge(&tmp, &given, "partial.jsonl");
    assert_eq!(code, 1, "{out}");
    let expected_missing = games(&whole).len() - games(&tmp.path("partial.jsonl")).len();
    assert!(
        out.contains(&format!("{expected_missing} games missing")),
        "{out}"
    );
    let command = out
        .lines()
        .skip_while(|l| !l.contains("shard 3/4"))
        .nth(1)
        .unwrap_or_else(|| panic!("no command line: {out}"))
        .trim()
        .to_string();
    assert!(command.contains("--shard 3/4"), "{command}");
    assert!(command.contains("s3.jsonl"), "{command}");
    // That command, run as printed, plays the missing shard.
    let status = Command::new("sh")
        .args(["-c", &command])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{command}");
    let all: Vec<&Path> = journals.iter().map(|p| p.as_path()).collect();
    let (code, out) = merge(&tmp, &all, "all.jsonl");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("(0 duplicate(s) dropped)"), "{out}");
    assert_eq!(games(&tmp.path("all.jsonl")), games(&whole));
    // A shard given twice: its games count once.
    let twice: Vec<&Path> = all.iter().copied().chain([all[0]]).collect();
    let (code, out) = merge(&tmp, &twice, "twice.jsonl");
    assert_eq!(code, 0, "{out}");
    assert_eq!(games(&tmp.path("twice.jsonl")), games(&whole));
    // The standings of the merge are those of the whole run.
    let standings = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("rank  name"))
            .take_while(|l| !l.is_empty())
            .map(str::to_string)
            .collect()
    };
    assert!(!standings(&out).is_empty(), "{out}");
    let (_, whole_again) = tournament(&["--results".into(), whole.display().to_string()]);
    assert_eq!(standings(&out), standings(&whole_again));
}

#[test]
fn journals_of_other_tournaments_are_refused() {
    let tmp = Tmp::new("shard-other");
    let (a, b) = (tmp.path("a.jsonl"), tmp.path("b.jsonl"));
    assert_eq!(tournament(&shard_args(1, 2, &a)).0, 0);
    let mut other = vec!["tournament".to_string()];
    other.extend(flags(6));
    other.extend(shard_args(2, 2, &b));
    assert_eq!(
        run(&other.iter().map(String::as_str).collect::<Vec<_>>()).0,
        0
    );
    let (code, out) = merge(&tmp, &[&a, &b], "m.jsonl");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("different tournaments"), "{out}");
    assert!(out.contains("a.jsonl") && out.contains("b.jsonl"), "{out}");
    assert!(!tmp.path("m.jsonl").exists(), "nothing written");
    // A shard without a journal is refused before any game.
    let (code, out) = tournament(&["--shard".into(), "1/2".into()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("--shard needs --results"), "{out}");
}

#[test]
fn a_shard_killed_midway_resumes() {
    let tmp = Tmp::new("shard-kill");
    let j = tmp.path("s1.jsonl");
    // Slower games, so that the kill lands mid-shard.
    let mut args = vec!["tournament".to_string()];
    args.extend(flags(5));
    args.extend([
        "builtin:tabula:movetime=30".to_string(),
        "--concurrency".into(),
        "1".into(),
    ]);
    args.extend(shard_args(1, 2, &j));
    let mut child = Command::new(ARBITER)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while games_in(&j) < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = games_in(&j);
    assert!(before >= 3, "games before the kill: {before}");
    let (code, out) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(&format!("({before} resumed from")), "{out}");
    // The plan line is written once, whatever the reruns.
    let text = std::fs::read_to_string(&j).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("{\"plan\"")).count(),
        1
    );
}

/// Complete game lines in a journal so far.
fn games_in(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| {
            t.lines()
                .filter(|l| l.ends_with('}') && l.contains("\"key\""))
                .count()
        })
        .unwrap_or(0)
}

#[test]
fn a_swiss_is_sharded_round_by_round() {
    let tmp = Tmp::new("shard-swiss");
    let swiss = |extra: &[String]| {
        let mut args = vec!["tournament".to_string()];
        args.extend(flags(5));
        args.extend(
            ["--format", "swiss", "--rounds", "2", "--boards", "2"]
                .iter()
                .map(|s| s.to_string()),
        );
        args.extend(extra.iter().cloned());
        run(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let whole = tmp.path("whole.jsonl");
    assert_eq!(
        swiss(&["--results".into(), whole.display().to_string()]).0,
        0
    );
    let shards: Vec<_> = (1..=2).map(|k| tmp.path(&format!("s{k}.jsonl"))).collect();
    for round in 1..=2 {
        for (k, j) in shards.iter().enumerate() {
            let (code, out) = swiss(&shard_args(k as u32 + 1, 2, j));
            assert_eq!(code, 0, "{out}");
            assert!(
                out.contains(&format!("Swiss round {round} played")),
                "{out}"
            );
        }
        let inputs: Vec<&Path> = shards.iter().map(|p| p.as_path()).collect();
        let (code, out) = merge(&tmp, &inputs, "all.jsonl");
        assert_eq!(code, 0, "round {round}: {out}");
        for j in &shards {
            std::fs::copy(tmp.path("all.jsonl"), j).unwrap();
        }
    }
    assert_eq!(games(&tmp.path("all.jsonl")), games(&whole));
}

#[test]
fn gnu_parallel_plays_the_shards_of_the_recipe() {
    needs!(tools::PARALLEL);
    let tmp = Tmp::new("shard-parallel");
    let whole = tmp.path("whole.jsonl");
    assert_eq!(
        tournament(&["--results".into(), whole.display().to_string()]).0,
        0
    );
    // The README's recipe: one shard per job, {} is the shard number.
    let mut cmd = Command::new("parallel");
    cmd.args([
        "--will-cite",
        "--halt",
        "now,fail=1",
        "-j",
        "4",
        ARBITER,
        "tournament",
    ])
    .args(flags(5))
    .args(["--shard", "{}/4", "--results"])
    .arg(tmp.path("s{}.jsonl"))
    .args([":::", "1", "2", "3", "4"])
    .stdout(Stdio::null());
    let status = cmd.status().expect("parallel runs");
    assert!(status.success());
    let journals: Vec<_> = (1..=4).map(|k| tmp.path(&format!("s{k}.jsonl"))).collect();
    let inputs: Vec<&Path> = journals.iter().map(|p| p.as_path()).collect();
    let (code, out) = merge(&tmp, &inputs, "all.jsonl");
    assert_eq!(code, 0, "{out}");
    assert_eq!(games(&tmp.path("all.jsonl")), games(&whole));
}

#[test]
fn a_slurm_job_array_plays_the_shards_of_the_recipe() {
    needs!(tools::SBATCH);
    // A one-machine cluster, started once and left running; it needs root.
    let Some(conf) =
        support::slurm::start_or_skip("a_slurm_job_array_plays_the_shards_of_the_recipe")
    else {
        return;
    };
    let tmp = Tmp::new("shard-slurm");
    let whole = tmp.path("whole.jsonl");
    assert_eq!(
        tournament(&["--results".into(), whole.display().to_string()]).0,
        0
    );
    let out = Command::new("sbatch")
        .env("SLURM_CONF", &conf)
        .current_dir(&tmp.0)
        .args(["--wait", "--array=0-3"])
        .arg(repo().join("scripts/slurm/championship.sbatch"))
        .args(["4", ARBITER])
        .args(flags(5))
        .output()
        .expect("sbatch runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let journals: Vec<_> = (1..=4)
        .map(|k| tmp.path(&format!("shard-{k}.jsonl")))
        .collect();
    let inputs: Vec<&Path> = journals.iter().map(|p| p.as_path()).collect();
    let (code, text) = merge(&tmp, &inputs, "all.jsonl");
    assert_eq!(code, 0, "{text}");
    assert_eq!(games(&tmp.path("all.jsonl")), games(&whole));
}

#[test]
fn gnu_parallel_over_ssh_plays_the_shards_and_returns_the_journals() {
    needs!(tools::PARALLEL, tools::SSHD, tools::RSYNC);
    let tmp = Tmp::new("shard-ssh");
    let sshd = Sshd::start(&tmp);
    let whole = tmp.path("whole.jsonl");
    assert_eq!(
        tournament(&["--results".into(), whole.display().to_string()]).0,
        0
    );
    // The "remote" working folder is another folder: the journals come
    // back to the local one by --return (rsync over the SSH connection).
    let local = tmp.path("local");
    let remote = tmp.path("remote");
    std::fs::create_dir_all(&local).unwrap();
    std::fs::create_dir_all(&remote).unwrap();
    let user = std::env::var("USER").unwrap_or_else(|_| "root".into());
    let status = Command::new("parallel")
        .current_dir(&local)
        .args(["--will-cite", "--halt", "now,fail=1", "--ssh", &sshd.ssh()])
        .args(["--sshlogin", &format!("2/{user}@127.0.0.1")])
        .arg("--workdir")
        .arg(&remote)
        .args(["--return", "shard-{}.jsonl", ARBITER, "tournament"])
        .args(flags(5))
        .args(["--shard", "{}/4", "--results", "shard-{}.jsonl"])
        .args([":::", "1", "2", "3", "4"])
        .stdout(Stdio::null())
        .status()
        .expect("parallel runs");
    assert!(status.success(), "parallel over ssh");
    let journals: Vec<_> = (1..=4)
        .map(|k| local.join(format!("shard-{k}.jsonl")))
        .collect();
    for j in &journals {
        assert!(j.exists(), "{} returned", j.display());
    }
    let inputs: Vec<&Path> = journals.iter().map(|p| p.as_path()).collect();
    let (code, text) = merge(&tmp, &inputs, "all.jsonl");
    assert_eq!(code, 0, "{text}");
    assert_eq!(games(&tmp.path("all.jsonl")), games(&whole));
}
