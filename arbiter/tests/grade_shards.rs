//! A season over several machines through the real binaries: `arbiter grade
//! --prepare`, `--shard K/N` round by round (a shard killed midway and run
//! again, a shard that never came back), and the plain command that adds
//! the shards' games and grades: the same games and the same grades as the
//! season played on one machine. Then the recipe over GNU parallel with two
//! "hosts" reached over SSH, sharing the season folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;

mod support;
use support::sshd::Sshd;
use support::{repo, run, Tmp, ARBITER};

/// The season's flags: a linear season of 2 Swiss rounds, at 1000 ms.
/// Every player answers at once; the move time is a built-in gate's
/// deadline, which at 100 ms a loaded machine (four shards on two cores)
/// reached once, and a depth-3 gate then played a shallower move than on
/// one machine.
const FLAGS: [&str; 10] = [
    "--game",
    "knight",
    "--design",
    "linear",
    "--rounds",
    "2",
    "--movetime",
    "1000",
    "--margin",
    "1500",
];

/// A download of four Python example engines, two greedy and two random,
/// each playing the same moves in the same game whoever played before
/// (its random generator seeded anew at each new game), so that the games
/// do not depend on which machine, process or order played them.
fn download(dl: &Path) {
    let engine = std::fs::read_to_string(repo().join("adapters/python/example_engine.py")).unwrap();
    let reseed = (
        "            self.position = None\n        elif command == \"setoption\":",
        "            self.position = None\n            self.rng = random.Random(1)\n        elif command == \"setoption\":",
    );
    assert!(engine.contains(reseed.0), "the example engine changed");
    let greedy = engine.replace(reseed.0, reseed.1);
    let random = greedy.replace("self.strategy = \"greedy\"", "self.strategy = \"random\"");
    for (who, id, text) in [
        ("Ana Gula", 600001, &greedy),
        ("Rui Acaso", 600002, &random),
        ("Eva Acaso", 600003, &random),
        ("Ivo Gula", 600004, &greedy),
    ] {
        let dir = dl.join(format!("{who}_{id}_assignsubmission_file_"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("motor.py"), text).unwrap();
    }
}

/// `arbiter grade <dl> <FLAGS> --out <out> <more…>`: (exit code, output).
fn grade(dl: &Path, out: &Path, more: &[&str]) -> (i32, String) {
    let mut args = vec!["grade", dl.to_str().unwrap()];
    args.extend(FLAGS);
    args.extend(["--out", out.to_str().unwrap(), "--quiet"]);
    args.extend(more);
    run(&args)
}

fn ok(dl: &Path, out: &Path, more: &[&str]) -> String {
    let (code, text) = grade(dl, out, more);
    assert_eq!(code, 0, "grade {more:?}: {text}");
    text
}

/// Every game of a journal by key: players, moves, result.
fn games(journal: &Path) -> std::collections::BTreeMap<String, String> {
    support::results(journal)
        .iter()
        .map(|g| {
            (
                g["key"].as_str().unwrap().to_string(),
                format!("{} {} {} {}", g["p1"], g["p2"], g["moves"], g["winner"]),
            )
        })
        .collect()
}

/// `grades.csv` without its time column (the grading's time).
fn grades(out: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(out.join("grades.csv")).unwrap();
    text.lines()
        .map(|l| l.rsplit_once(',').map_or(l, |(row, _)| row).to_string())
        .collect()
}

fn lines(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn a_sharded_season_gives_the_grades_of_one_machine_and_resumes() {
    needs!(tools::BWRAP, tools::PYTHON);
    let tmp = Tmp::new("sharded");
    let dl = tmp.path("download");
    download(&dl);
    let one = tmp.path("one");
    ok(&dl, &one, &[]);
    let whole = games(&one.join("results.jsonl"));
    // 4 submissions × 3 gates + 3 gate pairings, 2 boards; 2 rounds of 2
    // pairings, 1 board; both colours.
    assert_eq!(whole.len(), (4 * 3 + 3) * 2 * 2 + 2 * 2 * 2);

    let season = tmp.path("season");
    let (code, text) = grade(&dl, &season, &["--shard", "1/2"]);
    assert_ne!(code, 0, "a shard of a season never prepared: {text}");
    assert!(
        text.contains("not prepared") && text.contains("--prepare"),
        "{text}"
    );
    let text = ok(&dl, &season, &["--prepare"]);
    assert!(text.contains("68 games in 3 rounds"), "{text}");
    assert!(
        !season.join("results.jsonl").exists(),
        "--prepare plays nothing"
    );

    // A shard that would play another championship refuses, naming why:
    // other flags; the season reached by another path; another admitted
    // set (the teacher's overrides edited after the preparation).
    let (code, text) = grade(&dl, &season, &["--shard", "1/2", "--rounds", "3"]);
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains("--rounds 3 here, --rounds 2 when prepared"),
        "{text}"
    );
    let link = tmp.path("link");
    std::os::unix::fs::symlink(&season, &link).unwrap();
    let (code, text) = grade(&dl, &link, &["--shard", "1/2"]);
    assert_ne!(code, 0, "{text}");
    assert!(text.contains("the same path"), "{text}");
    let overrides = season.join("overrides.toml");
    let kept = std::fs::read_to_string(&overrides).unwrap_or_default();
    std::fs::write(
        &overrides,
        format!(
            "{kept}\n[[override]]\nsubmission = \"Eva Acaso_600003_assignsubmission_file_\"\n\
             verdict = \"exclude\"\nreason = \"a test\"\n"
        ),
    )
    .unwrap();
    let (code, text) = grade(&dl, &season, &["--shard", "1/2"]);
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains("admitted when prepared only: Eva Acaso"),
        "{text}"
    );
    std::fs::write(&overrides, &kept).unwrap();

    // Round 0: shard 1 killed once it has played some games (a machine
    // lost), then run again: it plays only what it lacks.
    let j1 = season.join("shards/1-of-2.jsonl");
    let mut args: Vec<String> = ["grade", dl.to_str().unwrap()]
        .iter()
        .map(|s| s.to_string())
        .collect();
    args.extend(FLAGS.iter().map(|s| s.to_string()));
    args.extend(
        [
            "--out",
            season.to_str().unwrap(),
            "--quiet",
            "--shard",
            "1/2",
        ]
        .map(String::from),
    );
    let mut child = Command::new(ARBITER)
        .args(&args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while lines(&j1) < 4 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    // While it runs: a second run of the same shard, and a run without
    // --shard (which would copy the files anew under its engines), refuse.
    let (code, text) = grade(&dl, &season, &["--shard", "1/2"]);
    assert_ne!(code, 0, "{text}");
    assert!(
        text.contains("shard 1/2") && text.contains("already running"),
        "{text}"
    );
    let (code, text) = grade(&dl, &season, &[]);
    assert_ne!(code, 0, "{text}");
    assert!(text.contains("is under way"), "{text}");
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        lines(&j1) >= 2,
        "the killed shard kept its plan line and games"
    );
    let text = ok(&dl, &season, &["--shard", "1/2"]);
    assert!(text.contains("round 0: 30 of its 30 games"), "{text}");
    let text = ok(&dl, &season, &["--shard", "2/2"]);
    assert!(text.contains("round 0: 30 of its 30 games"), "{text}");
    // (A shard's journal starts with its plan line, which has no key.)
    let mut keys: Vec<String> = support::results(&j1)
        .iter()
        .filter_map(|g| Some(g.get("key")?.as_str()?.to_string()))
        .collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "no game played twice by the resumed shard");
    assert_eq!(n, 30);

    // Round 1: both shards; round 2: shard 2 never comes back.
    for k in ["1/2", "2/2"] {
        let text = ok(&dl, &season, &["--shard", k]);
        assert!(text.contains("round 1:"), "{text}");
    }
    let text = ok(&dl, &season, &["--shard", "1/2"]);
    assert!(text.contains("round 2:"), "{text}");

    // The plain command adds the shards' 66 games, plays the 2 missing,
    // and grades: the games and the grades of the one-machine season.
    let text = ok(&dl, &season, &[]);
    assert!(
        text.contains("shards: 66 games added from 2 journals"),
        "{text}"
    );
    assert_eq!(games(&season.join("results.jsonl")), whole);
    assert_eq!(grades(&season), grades(&one));
    // Run again: nothing is added twice, nothing is played.
    let text = ok(&dl, &season, &[]);
    assert!(text.contains("shards: 0 games added"), "{text}");
    assert_eq!(
        support::results(&season.join("results.jsonl")).len(),
        whole.len()
    );
}

/// In `tmp`: the download, the season played on one machine, and a season
/// prepared for its shards (download, one, season).
fn prepared(tmp: &Tmp) -> (PathBuf, PathBuf, PathBuf) {
    let dl = tmp.path("download");
    download(&dl);
    let one = tmp.path("one");
    ok(&dl, &one, &[]);
    let season = tmp.path("season");
    ok(&dl, &season, &["--prepare"]);
    (dl, one, season)
}

/// The plain command, once every shard of every round has run: it adds
/// the 68 games from `journals` shards' journals and grades, as the season
/// played on one machine, `one`.
fn same_as_one_machine(dl: &Path, season: &Path, one: &Path, journals: usize) {
    let text = ok(dl, season, &[]);
    assert!(
        text.contains(&format!("shards: 68 games added from {journals} journals")),
        "{text}"
    );
    assert_eq!(
        games(&season.join("results.jsonl")),
        games(&one.join("results.jsonl"))
    );
    assert_eq!(grades(season), grades(one));
}

#[test]
fn gnu_parallel_over_ssh_plays_a_sharded_season_on_two_hosts() {
    needs!(tools::BWRAP, tools::PYTHON, tools::PARALLEL, tools::SSHD);
    let tmp = Tmp::new("sharded-ssh");
    let sshd = Sshd::start(&tmp);
    let (dl, one, season) = prepared(&tmp);
    // Two "hosts" (two logins to this machine, 2 jobs each), the season
    // folder shared at the same path: round after round, every shard.
    let user = std::env::var("USER").unwrap_or_else(|_| "root".into());
    for round in 0..3 {
        let status = Command::new("parallel")
            .args(["--will-cite", "--halt", "now,fail=1", "--ssh", &sshd.ssh()])
            .args([
                "--sshlogin",
                &format!("2/{user}@127.0.0.1,2/{user}@localhost"),
            ])
            .arg(ARBITER)
            .arg("grade")
            .arg(&dl)
            .args(FLAGS)
            .arg("--out")
            .arg(&season)
            .args(["--quiet", "--shard", "{}/4"])
            .args([":::", "1", "2", "3", "4"])
            .stdout(Stdio::null())
            .status()
            .expect("parallel runs");
        assert!(status.success(), "round {round}: parallel over ssh");
    }
    same_as_one_machine(&dl, &season, &one, 4);
}

#[test]
fn a_slurm_job_array_plays_a_sharded_season_round_by_round() {
    needs!(tools::BWRAP, tools::PYTHON, tools::SBATCH);
    let Some(conf) =
        support::slurm::start_or_skip("a_slurm_job_array_plays_a_sharded_season_round_by_round")
    else {
        return;
    };
    let tmp = Tmp::new("sharded-slurm");
    let (dl, one, season) = prepared(&tmp);
    // The recipe of scripts/slurm/grade.sbatch: one array a round.
    for round in 0..3 {
        let out = Command::new("sbatch")
            .env("SLURM_CONF", &conf)
            .current_dir(&tmp.0)
            .args(["--wait", "--array=0-2"])
            .arg(repo().join("scripts/slurm/grade.sbatch"))
            .args(["3", ARBITER])
            .arg(&dl)
            .args(FLAGS)
            .arg("--out")
            .arg(&season)
            .output()
            .expect("sbatch runs");
        assert!(
            out.status.success(),
            "round {round}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    same_as_one_machine(&dl, &season, &one, 3);
}
