//! Moves an engine's adapter says its program did not choose (`info string
//! fallback <reason>`, protocol.md) are counted in every results line
//! (`replaced1`, `replaced2`, each with its reason), cost what
//! `--on-replaced` says, and show in the standings and the summary as the
//! share of an entrant's own moves — through the real `arbiter` and the mock
//! engine's `fallback` mode.

use serde_json::Value;
use std::process::{Command, Stdio};
use tabula::game::Player;
use tabula::games::AnyPosition;

mod support;
use support::{repo, Tmp, ARBITER, MOCK};

/// A match of an engine that replaces its moves from its `after`-th `go`
/// on, against a good one; (exit code, output, games, summary CSV).
fn play(tmp: &Tmp, after: u32, policy: Option<&str>) -> (i32, String, Vec<Value>, String) {
    let results = tmp.path("r.jsonl");
    let summary = tmp.path("s.csv");
    let faker = format!("{MOCK} --mode fallback --after {after}");
    let good = format!("{MOCK} --mode good");
    let mut cmd = Command::new(ARBITER);
    cmd.args(["match", &faker, &good, "--games", "2", "--movetime", "200"])
        .arg("--results")
        .arg(&results)
        .arg("--summary")
        .arg(&summary)
        .current_dir(repo())
        .stdin(Stdio::null());
    if let Some(p) = policy {
        cmd.args(["--on-replaced", p]);
    }
    let out = cmd.output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    (
        out.status.code().unwrap_or(-1),
        text,
        support::results_if_any(&results),
        std::fs::read_to_string(&summary).unwrap_or_default(),
    )
}

/// The faker's side in a game, and its (replaced, moves played) counts.
fn faker(g: &Value) -> (&'static str, u64, u64) {
    let side = if g["p1"].as_str().unwrap().contains("fallback") {
        "p1"
    } else {
        "p2"
    };
    let replaced = g[format!("replaced{}", &side[1..])].as_u64().unwrap();
    // Its plies: the mover alternates in knight (a pass is a move too).
    let n = g["moves"].as_array().unwrap().len() as u64;
    let played = if side == "p1" { n.div_ceil(2) } else { n / 2 };
    (side, replaced, played)
}

/// The faker's moves where it had a choice (more than one legal move),
/// and how many of them its program chose (not in the `replaced` list, and
/// not the move a fault ended the game on): the summary's `moves` and
/// `own`, recomputed from the record.
fn own_of(g: &Value) -> (u64, u64) {
    let (side, _, _) = faker(g);
    let player = if side == "p1" {
        Player::One
    } else {
        Player::Two
    };
    let replaced: Vec<u64> = g["replaced"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter(|r| r["side"] == side)
                .map(|r| r["ply"].as_u64().unwrap())
                .collect()
        })
        .unwrap_or_default();
    let mut pos = AnyPosition::from_fen(g["start"].as_str().unwrap()).unwrap();
    let (mut asked, mut own) = (0, 0);
    let choice = |p: &AnyPosition| p.side_to_move() == player && p.legal_moves().len() > 1;
    for (ply, m) in g["moves"].as_array().unwrap().iter().enumerate() {
        if choice(&pos) {
            asked += 1;
            own += u64::from(!replaced.contains(&(ply as u64)));
        }
        pos.play_text(m.as_str().unwrap()).unwrap();
    }
    let faulted = g["offender"] == side && g["reason"] != "normal" && g["reason"] != "maxlength";
    if faulted && choice(&pos) {
        asked += 1;
    }
    (own, asked)
}

/// The `own_pct` cell of the summary's row of `name`.
fn own_pct(csv: &str, name_part: &str) -> f64 {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = head.iter().position(|h| *h == "own_pct").unwrap();
    let row = lines.find(|l| l.contains(name_part)).unwrap();
    row.split(',').nth(col).unwrap().parse().unwrap()
}

#[test]
fn by_default_the_first_replaced_move_loses() {
    let tmp = Tmp::new("lose");
    let (code, text, games, csv) = play(&tmp, 2, None);
    assert_eq!(code, 0, "{text}");
    assert_eq!(games.len(), 2);
    for g in &games {
        let (side, replaced, played) = faker(g);
        assert_eq!(g["reason"], "replaced", "{g}");
        assert_eq!(g["offender"], side, "{g}");
        assert_ne!(g["winner"], side, "{g}");
        assert_eq!(replaced, 1, "{g}");
        assert_eq!(played, 2, "its third move was not played: {g}");
        let detail = g["detail"].as_str().unwrap();
        assert!(
            detail.contains("not chosen by its program (error the program failed on go 2"),
            "{detail}"
        );
        let other = if side == "p1" {
            "replaced2"
        } else {
            "replaced1"
        };
        assert_eq!(g[other], 0, "always written: {g}");
    }
    // 2 of its 3 moves asked in each game were its own (the third, not
    // played, lost the game): 66.7 % (the opening's moves all had a choice).
    let (own, asked) = games
        .iter()
        .map(own_of)
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert_eq!((own, asked), (4, 6), "{games:?}");
    assert!(
        (own_pct(&csv, "fallback") - 100.0 * 4.0 / 6.0).abs() < 0.06,
        "{csv}"
    );
    assert_eq!(own_pct(&csv, "mode good"), 100.0, "{csv}");
    assert!(text.contains("own"), "the standings show the share: {text}");
    // The same command again: the journal's replaced losses verify.
    let (code, text, games, _) = play(&tmp, 2, None);
    assert_eq!(code, 0, "{text}");
    assert_eq!(games.len(), 2, "nothing played again: {text}");
    assert!(!text.contains("not trusted"), "{text}");
}

#[test]
fn count_records_every_replaced_move_and_the_game_goes_on() {
    let tmp = Tmp::new("count");
    let (code, text, games, csv) = play(&tmp, 3, Some("count"));
    assert_eq!(code, 0, "{text}");
    let (mut replaced_all, mut played_all) = (0, 0);
    for g in &games {
        assert_eq!(g["reason"], "normal", "{g}");
        let (side, replaced, played) = faker(g);
        let list = g["replaced"].as_array().unwrap();
        assert_eq!(list.len() as u64, replaced);
        assert!(list
            .iter()
            .all(|r| r["side"] == side && r["reason"].as_str().unwrap().starts_with("error ")));
        assert!(
            g["detail"]
                .as_str()
                .unwrap()
                .starts_with("replaced moves: "),
            "{g}"
        );
        replaced_all += replaced;
        played_all += played;
    }
    // One engine process plays both games: every move from its 4th `go`.
    assert_eq!(replaced_all, played_all - 3, "{games:?}");
    // Its share over the moves where it had a choice (no forced pass).
    let (own, asked) = games
        .iter()
        .map(own_of)
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(
        own <= 3 && asked <= played_all,
        "{own}/{asked} of {played_all}"
    );
    let expected = 100.0 * own as f64 / asked as f64;
    assert!((own_pct(&csv, "fallback") - expected).abs() < 0.06, "{csv}");
    // The same command again: the journal verifies, nothing is replayed.
    let (code, text, games, _) = play(&tmp, 3, Some("count"));
    assert_eq!(code, 0, "{text}");
    assert_eq!(games.len(), 2, "{text}");
    assert!(!text.contains("not trusted"), "{text}");
}

#[test]
fn strikes_lose_at_the_nth() {
    let tmp = Tmp::new("strikes");
    let (code, text, games, _) = play(&tmp, 1, Some("strikes=3"));
    assert_eq!(code, 0, "{text}");
    for g in &games {
        let (_, replaced, played) = faker(g);
        assert_eq!(g["reason"], "replaced", "{g}");
        assert_eq!(replaced, 3, "{g}");
        assert_eq!(played, 3, "one own move, two replaced ones played: {g}");
        assert!(
            g["detail"].as_str().unwrap().contains("strike 3 of 3"),
            "{g}"
        );
    }
    for bad in ["strikes=0", "strikes", "never"] {
        let (code, text, _, _) = play(&Tmp::new("bad-policy"), 1, Some(bad));
        assert_eq!(code, 2, "{bad}: {text}");
        assert!(text.contains("expected lose, count or strikes=N"), "{text}");
    }
}
