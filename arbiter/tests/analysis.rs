//! The analysis of played games through the real binaries: `arbiter
//! analyse` and `--analyse` (docs/analysis.md, spec/interface.md "Analysis
//! of played games").
//!
//! - a blunder planted by an engine (the mock's `planted` mode: an exact
//!   player that throws a proven win away once) is a blunder and a missed
//!   win at exactly that move, and no other move of that engine is;
//! - every line has the fields the interface fixes, one per move of each
//!   game; a node budget gives the same file whatever the threads, and a
//!   run stopped halfway goes on to the same file; other settings, and bad
//!   arguments, are exit 2 with a reason;
//! - the reference is more accurate than greedy, and greedy than random;
//! - `--analyse` on a tournament keeps its file beside the results, resumes
//!   it, and leaves a move its program did not choose out of its accuracy.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

mod support;
use support::{replay, results, run, Tmp, MOCK};

/// The lines of an analysis file.
fn lines(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// The move lines of a game, by ply.
fn moves_of<'a>(analysis: &'a [Value], key: &str) -> Vec<&'a Value> {
    let mut m: Vec<&Value> = analysis
        .iter()
        .filter(|l| l["key"] == key && l.get("ply").is_some())
        .collect();
    m.sort_by_key(|l| l["ply"].as_u64());
    m
}

#[test]
fn a_planted_blunder_is_marked_at_exactly_that_move() {
    let tmp = Tmp::new("planted");
    let report = tmp.path("planted.txt");
    let planter = format!(
        "{MOCK} --mode planted --after 1 --report {}",
        report.display()
    );
    let res = tmp.path("r.jsonl");
    let (code, out) = run(&[
        "match",
        &planter,
        "builtin:random",
        "--game",
        "dots",
        "--param",
        "size=2x3",
        "--games",
        "2",
        "--movetime",
        "2000",
        "--results",
        res.to_str().unwrap(),
        "--analyse",
        "--analysis-nodes",
        "200000",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("Analysis by the reference (2 games of 2)"),
        "{out}"
    );
    // The engine says where it planted its blunder: the move and the position.
    let said = std::fs::read_to_string(&report).expect("the engine planted a blunder");
    let planted: Vec<(&str, &str)> = said
        .lines()
        .map(|l| {
            let rest = l.strip_prefix("planted ").unwrap();
            rest.split_once(' ').unwrap()
        })
        .collect();
    assert_eq!(planted.len(), 1, "one blunder planted: {said}");
    let (bad_move, bad_fen) = planted[0];
    let games = results(&res);
    let analysis = lines(Path::new(&res.with_extension("analysis.jsonl")));
    let mut found = None;
    for g in &games {
        let key = g["key"].as_str().unwrap();
        let mover_is_planter = |side: &str| g[side].as_str().unwrap().contains("planted");
        let mut pos = tabula::games::AnyPosition::from_fen(g["start"].as_str().unwrap()).unwrap();
        let moves = moves_of(&analysis, key);
        assert_eq!(
            moves.len(),
            g["moves"].as_array().unwrap().len(),
            "a line per move of {key}"
        );
        for (ply, m) in g["moves"].as_array().unwrap().iter().enumerate() {
            let line = moves[ply];
            assert_eq!(line["move"], *m);
            let side = line["side"].as_str().unwrap();
            let here = pos.fen() == bad_fen && m == bad_move;
            if mover_is_planter(side) {
                assert_eq!(line["exact_before"], true, "a 2x3 board is solved: {line}");
                if here {
                    found = Some((key.to_string(), ply));
                    assert_eq!(line["class"], "blunder", "{line}");
                    assert_eq!(line["missed_win"], true, "{line}");
                    assert!(line["win_before"].as_f64().unwrap() > 50.0, "{line}");
                    assert_ne!(line["best"], *m, "{line}");
                } else {
                    assert_eq!(line["class"], "best", "the planter's other moves: {line}");
                    assert!(line.get("missed_win").is_none(), "{line}");
                }
            }
            pos.play_text(m.as_str().unwrap()).unwrap();
        }
    }
    let (key, ply) = found.expect("the planted move is in a game");
    // The game's summary counts it for the planter.
    let summary = analysis
        .iter()
        .find(|l| l["type"] == "game" && l["key"] == key.as_str())
        .unwrap();
    let g = games.iter().find(|g| g["key"] == key.as_str()).unwrap();
    let side = if g["p1"].as_str().unwrap().contains("planted") {
        0
    } else {
        1
    };
    assert_eq!(summary["sides"][side]["blunders"], 1, "{summary}");
    assert_eq!(summary["sides"][side]["missed_wins"], 1, "{summary}");
    assert!(
        summary["turning_point"].as_u64().is_some(),
        "{summary} (ply {ply})"
    );
}

#[test]
fn the_file_has_the_interfaces_fields_and_is_the_same_on_every_run() {
    let tmp = Tmp::new("determinism");
    let res = tmp.path("r.jsonl");
    let (code, out) = run(&[
        "tournament",
        "builtin:random",
        "builtin:greedy",
        "builtin:tabula:depth=2",
        "--game",
        "knight",
        "--boards",
        "2",
        "--results",
        res.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{out}");
    let games = results(&res);
    let analyse = |out: &Path, threads: &str| {
        run(&[
            "analyse",
            res.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--nodes",
            "3000",
            "--concurrency",
            threads,
            "--quiet",
        ])
    };
    let (a, b) = (tmp.path("a.jsonl"), tmp.path("b.jsonl"));
    let (code, out) = analyse(&a, "2");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(&format!("analysed {} games", games.len())),
        "{out}"
    );
    assert_eq!(analyse(&b, "1").0, 0);
    let text = std::fs::read(&a).unwrap();
    assert!(
        text == std::fs::read(&b).unwrap(),
        "one thread or two: the same file"
    );

    // The interface's fields.
    let all = lines(&a);
    assert_eq!(all[0]["type"], "header");
    assert!(all[0].get("ply").is_none());
    let classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
    let mut per_game: BTreeMap<String, usize> = BTreeMap::new();
    for l in &all[1..] {
        if l.get("ply").is_none() {
            assert_eq!(l["type"], "game", "a line without ply is a summary: {l}");
            continue;
        }
        for field in ["key", "side", "move", "best", "class"] {
            assert!(l[field].is_string(), "{field} in {l}");
        }
        for field in ["win_before", "win_after", "accuracy"] {
            let x = l[field].as_f64().unwrap_or(-1.0);
            assert!((0.0..=100.0).contains(&x), "{field} in {l}");
        }
        assert!(["p1", "p2"].contains(&l["side"].as_str().unwrap()));
        assert!(classes.contains(&l["class"].as_str().unwrap()), "{l}");
        *per_game
            .entry(l["key"].as_str().unwrap().into())
            .or_default() += 1;
    }
    for g in &games {
        replay(g);
        let key = g["key"].as_str().unwrap();
        assert_eq!(per_game[key], g["moves"].as_array().unwrap().len(), "{key}");
        for (ply, line) in moves_of(&all, key).iter().enumerate() {
            assert_eq!(line["ply"], ply);
            assert_eq!(line["move"], g["moves"][ply]);
        }
    }

    // Stopped halfway (a torn line): the next run goes on to the same file.
    let c = tmp.path("c.jsonl");
    std::fs::write(&c, &text[..text.len() / 2]).unwrap();
    let (code, out) = analyse(&c, "2");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("already in"), "{out}");
    assert!(
        std::fs::read(&c).unwrap() == text,
        "resumed to the same file"
    );
    // Again: nothing left to do, nothing written.
    let (code, out) = analyse(&a, "2");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("analysed 0 games"), "{out}");
    assert!(std::fs::read(&a).unwrap() == text, "nothing appended");

    // Other settings on the same file, and bad arguments: exit 2, told why.
    let (code, out) = run(&[
        "analyse",
        res.to_str().unwrap(),
        "--out",
        a.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("nodes=3000") && out.contains("nodes=default"),
        "{out}"
    );
    assert!(std::fs::read(&a).unwrap() == text, "refused before writing");
    let (code, out) = run(&["analyse", "no-such.jsonl", "--out", c.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("no-such.jsonl"), "{out}");
    let (code, _) = run(&[
        "analyse",
        res.to_str().unwrap(),
        "--nodes",
        "5",
        "--movetime",
        "5",
    ]);
    assert_eq!(code, 2);
    let (code, out) = run(&["analyse", a.to_str().unwrap(), "--out", c.to_str().unwrap()]);
    assert_eq!(code, 2, "an analysis file is not a results file: {out}");
}

#[test]
fn the_reference_is_more_accurate_than_greedy_and_greedy_than_random() {
    let tmp = Tmp::new("ranking");
    let res = tmp.path("r.jsonl");
    let (code, out) = run(&[
        "tournament",
        "builtin:tabula:depth=8",
        "builtin:greedy",
        "builtin:random",
        "--game",
        "knight",
        "--boards",
        "3",
        "--movetime",
        "5000",
        "--results",
        res.to_str().unwrap(),
        "--analyse",
        "--analysis-nodes",
        "4000",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{out}");
    let analysis = lines(Path::new(&res.with_extension("analysis.jsonl")));
    let mut acc: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for g in analysis.iter().filter(|l| l["type"] == "game") {
        for (i, name) in ["p1", "p2"].iter().enumerate() {
            if let Some(a) = g["sides"][i]["accuracy"].as_f64() {
                acc.entry(g[*name].as_str().unwrap().into())
                    .or_default()
                    .push(a);
            }
        }
    }
    let mean = |n: &str| {
        let v = &acc[n];
        assert_eq!(v.len(), 12, "{n}: every game analysed");
        v.iter().sum::<f64>() / v.len() as f64
    };
    let (t, g, r) = (
        mean("builtin:tabula:depth=8"),
        mean("builtin:greedy"),
        mean("builtin:random"),
    );
    assert!(
        t > g && g > r,
        "tabula {t:.1} > greedy {g:.1} > random {r:.1}"
    );
    // The terminal's table says the same, best first.
    let table = out.split("Analysis by the reference").nth(1).expect(&out);
    let order: Vec<usize> = ["builtin:tabula", "builtin:greedy", "builtin:random"]
        .iter()
        .map(|n| table.find(n).unwrap())
        .collect();
    assert!(order[0] < order[1] && order[1] < order[2], "{table}");
}

#[test]
fn a_tournament_analyses_as_it_goes_resumes_and_leaves_replaced_moves_out() {
    let tmp = Tmp::new("tournament");
    let res = tmp.path("r.jsonl");
    let page = tmp.path("page.html");
    let faker = format!("{MOCK} --mode fallback --after 2");
    let args = [
        "match",
        &faker,
        "builtin:random",
        "--game",
        "knight",
        "--games",
        "2",
        "--on-replaced",
        "count",
        "--results",
        res.to_str().unwrap(),
        "--analyse",
        "--analysis-nodes",
        "2000",
        "--html",
        page.to_str().unwrap(),
        "--quiet",
    ];
    let (code, out) = run(&args);
    assert_eq!(code, 0, "{out}");
    let file = Path::new(&res.with_extension("analysis.jsonl")).to_path_buf();
    // The page: every game with the reference's win chances, every
    // entrant with an accuracy.
    let html = std::fs::read_to_string(&page).unwrap();
    let data = html
        .split("<script type=\"application/json\" id=\"tabula-data\">")
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the page's data");
    let data: Value = serde_json::from_str(&data.replace("<\\/", "</")).unwrap();
    for g in data["games"].as_array().unwrap() {
        let plies = g["moves"].as_str().unwrap().split(' ').count();
        assert_eq!(
            g["win"].as_array().map(Vec::len),
            Some(plies + 1),
            "{}",
            g["key"]
        );
        assert_eq!(g["cls"].as_str().map(str::len), Some(plies), "{}", g["key"]);
    }
    let cell = "<td class=\"acc\">";
    let with_number = html
        .match_indices(cell)
        .filter(|(i, _)| html[i + cell.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(with_number, 4, "an accuracy per entrant in both standings");
    let analysis = lines(&file);
    let games = results(&res);
    assert_eq!(analysis.iter().filter(|l| l["type"] == "game").count(), 2);
    for g in &games {
        let key = g["key"].as_str().unwrap();
        let summary = analysis
            .iter()
            .find(|l| l["type"] == "game" && l["key"] == key)
            .unwrap();
        let side = if g["p1"].as_str().unwrap().contains("fallback") {
            0
        } else {
            1
        };
        let replaced: Vec<u64> = g["replaced"]
            .as_array()
            .map(|a| a.iter().map(|r| r["ply"].as_u64().unwrap()).collect())
            .unwrap_or_default();
        assert!(
            !replaced.is_empty(),
            "the faker's fallbacks are recorded: {g}"
        );
        let moves = moves_of(&analysis, key);
        for m in &moves {
            let is_replaced = replaced.contains(&m["ply"].as_u64().unwrap());
            assert_eq!(m.get("replaced").is_some(), is_replaced, "{m}");
        }
        let own = moves
            .iter()
            .filter(|m| m["side"] == ["p1", "p2"][side] && m.get("replaced").is_none())
            .count();
        assert_eq!(summary["sides"][side]["moves"], own, "{summary}");
        assert_eq!(
            summary["sides"][side]["replaced"],
            replaced.len(),
            "{summary}"
        );
    }

    // Run again: every game is in both files, nothing is analysed again.
    let before = std::fs::read(&file).unwrap();
    let (code, out) = run(&args);
    assert_eq!(code, 0, "{out}");
    assert!(
        std::fs::read(&file).unwrap() == before,
        "nothing analysed again"
    );
    // A game whose summary is missing (stopped halfway) is analysed again.
    let text = String::from_utf8(before).unwrap();
    let cut = text.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(&file, &text[..cut]).unwrap();
    let (code, out) = run(&args);
    assert_eq!(code, 0, "{out}");
    let again = lines(&file);
    assert_eq!(
        again.iter().filter(|l| l["type"] == "game").count(),
        2,
        "{out}"
    );
    assert!(
        out.contains("Analysis by the reference (2 games of 2)"),
        "{out}"
    );
}
