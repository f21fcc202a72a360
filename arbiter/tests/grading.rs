//! Grading through the real `arbiter` binary: duplicate (pair) scoring
//! beside game scoring in the standings and the summaries, and the SPRT of
//! `arbiter match --sprt` (stops on a decision, resumes from its journal).

use serde_json::Value;
use std::collections::BTreeMap;

mod support;
use support::{results, run, Tmp};

/// Each entrant's (pair wins, draws, losses, margin) recomputed from the
/// journal alone: the pairs are the two colours of a board, the margin is
/// the entrant's points minus its opponent's over both games.
fn pairs_from_journal(games: &[Value]) -> BTreeMap<String, (u32, u32, u32, i64)> {
    let mut boards: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for g in games {
        let board = format!("{}-{}-{}", g["round"], g["pairing"], g["board"]);
        boards.entry(board).or_default().push(g);
    }
    let mut out: BTreeMap<String, (u32, u32, u32, i64)> = BTreeMap::new();
    for pair in boards.values().filter(|v| v.len() == 2) {
        let mut margin: BTreeMap<String, i64> = BTreeMap::new();
        for g in pair {
            let (s1, s2) = (g["score1"].as_i64().unwrap(), g["score2"].as_i64().unwrap());
            *margin.entry(g["p1"].as_str().unwrap().into()).or_default() += s1 - s2;
            *margin.entry(g["p2"].as_str().unwrap().into()).or_default() += s2 - s1;
            assert!(g["offender"].is_null(), "no faults in these games: {g}");
        }
        for (name, m) in margin {
            let e = out.entry(name).or_default();
            match m.signum() {
                1 => e.0 += 1,
                0 => e.1 += 1,
                _ => e.2 += 1,
            }
            e.3 += m;
        }
    }
    out
}

#[test]
fn pair_scoring_ranks_by_pairs_and_the_summaries_carry_both() {
    let tmp = Tmp::new("grading-pairs");
    let (res, csv, json) = (tmp.path("r.jsonl"), tmp.path("s.csv"), tmp.path("s.json"));
    let args = |summary: &std::path::Path| {
        vec![
            "tournament".to_string(),
            "builtin:greedy".into(),
            "builtin:random".into(),
            "builtin:tabula:depth=2".into(),
            "--boards".into(),
            "3".into(),
            "--seed".into(),
            "7".into(),
            "--scoring".into(),
            "points".into(),
            "--quiet".into(),
            "--results".into(),
            res.display().to_string(),
            "--summary".into(),
            summary.display().to_string(),
        ]
    };
    let a = args(&csv);
    let (code, out) = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("ranked by pair points (--scoring points, duplicate scoring"),
        "{out}"
    );
    assert!(out.contains("over 9 pairs"), "3 pairings x 3 boards: {out}");
    assert!(
        out.contains("cross-table: the row's pair points against the column / pairs"),
        "{out}"
    );

    // The CSV: both the game and the pair figures, the pair ones equal to
    // those recomputed from the journal.
    let expected = pairs_from_journal(&results(&res));
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let mut last_pair_points = f64::INFINITY;
    let mut rows = 0;
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells.len(), header.len(), "{line}");
        let name = cells[col("name")];
        let (w, d, l, m) = expected[name];
        let got = |c: &str| cells[col(c)].parse::<i64>().unwrap();
        assert_eq!(
            (
                got("pair_wins"),
                got("pair_draws"),
                got("pair_losses"),
                got("margin")
            ),
            (i64::from(w), i64::from(d), i64::from(l), m),
            "{name}: {text}"
        );
        assert_eq!(got("pairs"), i64::from(w + d + l));
        assert_eq!(got("games"), 12, "two opponents x 3 boards x 2 colours");
        assert_eq!(cells[col("scoring")], "points");
        // Ranked by pair points.
        let pp: f64 = cells[col("pair_points")].parse().unwrap();
        assert!(pp <= last_pair_points, "{text}");
        last_pair_points = pp;
        rows += 1;
    }
    assert_eq!(rows, 3);

    // The same tournament again (all resumed) with a JSON summary.
    let a = args(&json);
    let (code, out) = run(&a.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["scoring"], "points");
    assert_eq!(v["pairs"], 9);
    assert_eq!(v["games"], 18);
    let first = &v["standings"][0];
    let name = first["name"].as_str().unwrap();
    assert_eq!(first["margin"].as_i64(), Some(expected[name].3));
    assert!(
        first["pair"]["wins"].is_u64() && first["wins"].is_u64(),
        "{first}"
    );
    let row = v["pair_crosstable"][name].as_object().unwrap();
    assert_eq!(row.len(), 2, "{v}");
    let pairs_against: u64 = row.values().map(|c| c[1].as_u64().unwrap()).sum();
    assert_eq!(
        pairs_against, 6,
        "three boards against each of two opponents"
    );
}

/// The SPRT's final line of a match's output.
fn sprt_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("SPRT "))
        .unwrap_or_else(|| panic!("no SPRT line: {out}"))
}

#[test]
fn a_much_stronger_engine_passes_the_sprt_quickly() {
    let (code, out) = run(&[
        "match",
        "builtin:tabula:depth=6",
        "builtin:tabula:depth=1",
        "--sprt",
        "elo0=0",
        "elo1=10",
        "alpha=0.05",
        "beta=0.05",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{out}");
    let line = sprt_line(&out);
    assert!(line.contains(": H1 accepted: LLR "), "{line}");
    // Far fewer than the 20000-game cap.
    let games: usize = out
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("game count: {out}"));
    assert!(games < 1000, "{games} games: {out}");
}

#[test]
fn identical_engines_mostly_end_in_h0_and_a_decided_test_resumes_as_is() {
    let tmp = Tmp::new("grading-sprt");
    let mut h0 = 0;
    let mut decided_runs = Vec::new();
    for seed in 1..=6 {
        let res = tmp.path(&format!("s{seed}.jsonl"));
        let seed = seed.to_string();
        let args = [
            "match",
            "builtin:random",
            "builtin:random",
            "--sprt",
            "elo0=0",
            "elo1=20",
            "--seed",
            &seed,
            "--quiet",
            "--results",
            res.to_str().unwrap(),
        ];
        let (code, out) = run(&args);
        assert_eq!(code, 0, "{out}");
        let line = sprt_line(&out).to_string();
        assert!(!line.contains("undecided"), "{line}");
        if line.contains("H0 accepted") {
            h0 += 1;
        }
        decided_runs.push((args.map(str::to_string), res, line));
    }
    // alpha = 5 %: a false H1 is rare; 4 of 6 leaves room for bad luck.
    assert!(h0 >= 4, "H0 in {h0} of 6");

    // Run the first one again: every game comes from the journal, none is
    // played, and the decision is the same.
    let (args, res, line) = &decided_runs[0];
    let before = results(res).len();
    let (code, out) = run(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(code, 0, "{out}");
    assert_eq!(results(res).len(), before, "no game played: {out}");
    assert!(
        out.contains(&format!("({before} resumed from")),
        "{before} resumed: {out}"
    );
    let again = sprt_line(&out);
    let verdict = |l: &str| l.split(": ").nth(1).map(str::to_string);
    assert_eq!(verdict(again), verdict(line), "{again} vs {line}");
}

#[test]
fn bad_sprt_parameters_are_refused_before_any_game() {
    for bad in [
        vec!["elo0=10", "elo1=0"],
        vec!["elo1=5"],
        vec!["elo0=0", "elo1=5", "alpha=2"],
        vec!["elo0=0", "elo1=5", "x=1"],
    ] {
        let mut args = vec!["match", "builtin:random", "builtin:random", "--sprt"];
        args.extend(bad.iter());
        args.push("--quiet");
        let (code, out) = run(&args);
        assert_eq!(code, 2, "{bad:?}: {out}");
        assert!(out.contains("--sprt"), "{bad:?}: {out}");
        assert!(!out.contains("standings") && !out.contains("rank"), "{out}");
    }
}
