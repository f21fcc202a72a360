//! The games' parameters on the arbiter's command line (`--param
//! NAME=VALUE` and the `--dots-size` alias), end to end: the seeded boards
//! follow them, the results say so through their start position, and a
//! parameter a game does not have is a usage error that plays nothing.

use std::process::{Command, Output, Stdio};

mod support;
use support::{replay, results, Tmp, ARBITER};

fn arbiter(args: &[&str]) -> Output {
    Command::new(ARBITER)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs")
}

/// A two-game match of the random players; the start of each game.
fn starts(tmp: &Tmp, game: &str, extra: &[&str]) -> Vec<String> {
    let res = tmp.path(&format!("{game}{}.jsonl", extra.join("")));
    let res_s = res.display().to_string();
    let mut args = vec!["match", "builtin:random", "builtin:random", "--game", game];
    args.extend([
        "--games",
        "2",
        "--seed",
        "5",
        "--quiet",
        "--results",
        &res_s,
    ]);
    args.extend(extra);
    let out = arbiter(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = results(&res);
    assert_eq!(lines.len(), 2);
    for line in &lines {
        replay(line);
    }
    lines
        .iter()
        .map(|l| l["start"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn seeded_boards_follow_the_parameters_given() {
    let tmp = Tmp::new("params-boards");
    let blokus = starts(&tmp, "blokus", &["--param", "variant=2017"]);
    assert!(
        blokus.iter().all(|s| s.ends_with(" variant 2017")),
        "{blokus:?}"
    );
    let plain = starts(&tmp, "blokus", &[]);
    assert!(plain.iter().all(|s| !s.contains("variant")), "{plain:?}");

    let dots = starts(&tmp, "dots", &["--param", "Size=3x4"]);
    assert!(dots.iter().all(|s| s.starts_with("dots 3x4 ")), "{dots:?}");
    let alias = starts(&tmp, "dots", &["--dots-size", "3x4"]);
    assert_eq!(alias, dots, "--dots-size is --param size");

    let solitario = starts(&tmp, "solitario", &["--param", "nomove=pass"]);
    assert!(
        solitario.iter().all(|s| s.ends_with(" pass")),
        "{solitario:?}"
    );
}

#[test]
fn a_parameter_the_game_lacks_or_a_bad_value_is_a_usage_error() {
    let tmp = Tmp::new("params-errors");
    let res = tmp.path("r.jsonl");
    let res_s = res.display().to_string();
    for (game, param, needle) in [
        ("knight", "size=3x3", "knight has no parameters"),
        (
            "dots",
            "variant=2017",
            "dots has no parameter 'variant' (its parameters: Size)",
        ),
        (
            "dots",
            "size=11x2",
            "expected <rows>x<cols>, each 1..10, found '11x2'",
        ),
        ("blokus", "variant", "expected NAME=VALUE"),
    ] {
        let out = arbiter(&[
            "match",
            "builtin:random",
            "builtin:random",
            "--game",
            game,
            "--param",
            param,
            "--results",
            &res_s,
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{game} {param}: {err}");
        assert!(err.contains(needle), "{game} {param}: {err}");
        assert!(!res.exists(), "nothing is played");
    }
}

#[test]
fn the_help_lists_every_parameter_from_the_declarations() {
    let out = arbiter(&["match", "--help"]);
    let help = String::from_utf8_lossy(&out.stdout);
    for param in tabula::games::Setups::declared() {
        let name = param.name.to_ascii_lowercase();
        assert!(help.contains(&format!("{name}=")), "{name} in:\n{help}");
    }
}
