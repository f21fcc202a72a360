//! `arbiter similarity` end to end: the source run on test projects of our
//! own (`tests/data/similarity/`: an original Lisp project for Galo 3D, a
//! disguised copy of it, unrelated projects of the same game in Lisp and
//! Python, the course's base code that every Lisp project includes, and a
//! past year with two identical projects), the behaviour run on real
//! engine processes (the `tabula` binary and the mock engine), and the
//! page in headless Chromium.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod support;

use support::{Tmp, ARBITER};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/similarity")
}

/// One line of `pairs.csv`, by column name.
type Line = HashMap<String, String>;

fn read_csv(path: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<String> = lines.next().unwrap().split(',').map(String::from).collect();
    for col in ["a", "b", "score", "flagged"] {
        assert!(
            header.contains(&col.to_string()),
            "column {col} in {header:?}"
        );
    }
    lines
        .map(|l| {
            header
                .iter()
                .cloned()
                .zip(l.split(',').map(String::from))
                .collect()
        })
        .collect()
}

fn score(l: &Line) -> f64 {
    l["score"].parse().unwrap()
}

fn arbiter(args: &[&str]) -> (i32, String) {
    let out = Command::new(ARBITER)
        .args(args)
        .current_dir(data())
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

const CLASS: [&str; 5] = [
    "g01-original",
    "g07-disguised",
    "g02-lisp",
    "g03-lisp",
    "g04-python",
];

/// The source run over the class, the base and the past year.
fn source_run(tmp: &Tmp, extra: &[&str]) -> Vec<Line> {
    let out = tmp.path("pairs.csv");
    let mut args = vec!["similarity", "--source"];
    args.extend(CLASS);
    args.extend(["--base", "base", "--past", "past/2021", "--out"]);
    args.push(out.to_str().unwrap());
    args.extend(extra);
    let (code, text) = arbiter(&args);
    assert_eq!(code, 0, "{text}");
    read_csv(&out)
}

#[test]
fn the_disguised_copy_is_the_top_pair_and_nothing_else_is_flagged() {
    let tmp = Tmp::new("source");
    let pairs = source_run(&tmp, &[]);
    // 5 this year: 10 pairs; 2 past × 5: 10 more; the past pair is never compared.
    assert_eq!(pairs.len(), 20);
    let top = &pairs[0];
    assert_eq!(
        (top["a"].as_str(), top["b"].as_str()),
        ("g01-original", "g07-disguised")
    );
    assert_eq!(top["flagged"], "true");
    assert!(score(top) > 0.7, "{top:?}");
    for p in &pairs[1..] {
        assert_eq!(p["flagged"], "false", "{p:?}");
        assert!(score(p) < 0.2, "independent work scores low: {p:?}");
    }
    // Most similar first.
    assert!(pairs.windows(2).all(|w| score(&w[0]) >= score(&w[1])));
    assert!(!pairs
        .iter()
        .any(|p| p["a"].starts_with("2021/") && p["b"].starts_with("2021/")));
    // The past projects are compared with this year's.
    assert!(pairs
        .iter()
        .any(|p| p["b"] == "2021/g11-python" && p["a"] == "g04-python"));
}

#[test]
fn the_base_code_never_counts() {
    let tmp = Tmp::new("base");
    // Two submissions that are the base code and nothing else …
    for g in ["only-base-1", "only-base-2"] {
        std::fs::create_dir_all(tmp.path(g)).unwrap();
        std::fs::copy(
            data().join("base/protocolo.lisp"),
            tmp.path(g).join("protocolo.lisp"),
        )
        .unwrap();
    }
    let out = tmp.path("pairs.csv");
    let (a, b) = (tmp.path("only-base-1"), tmp.path("only-base-2"));
    let args = |base: bool| {
        let mut v = vec![
            "similarity",
            "--source",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ];
        if base {
            v.extend(["--base", "base"]);
        }
        v.extend(["--out", out.to_str().unwrap()]);
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |base: bool| {
        let a = args(base);
        let (code, text) = arbiter(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code, 0, "{text}");
        read_csv(&out)
    };
    // … are identical without --base, and share nothing with it.
    assert_eq!(run(false)[0]["source_score"], "1.0000");
    let with_base = run(true);
    assert_eq!(with_base[0]["source_shared"], "0");
    assert_eq!(with_base[0]["flagged"], "false");
    // And without --base the whole class looks alike through it.
    let pairs = {
        let out = tmp.path("nobase.csv");
        let mut args = vec!["similarity", "--source"];
        args.extend(CLASS);
        args.extend(["--out", out.to_str().unwrap()]);
        let (code, text) = arbiter(&args);
        assert_eq!(code, 0, "{text}");
        read_csv(&out)
    };
    let lisp = |p: &Line| !p["a"].contains("python") && !p["b"].contains("python");
    assert!(pairs.iter().filter(|p| lisp(p)).all(|p| score(p) > 0.2));
}

#[test]
fn usage_errors_exit_2() {
    let tmp = Tmp::new("usage");
    let out = tmp.path("x.csv");
    let out = out.to_str().unwrap();
    for args in [
        vec!["similarity", "--out", out],
        vec!["similarity", "--source", "g01-original"],
        vec![
            "similarity",
            "--source",
            "no-such-folder",
            "g01-original",
            "--out",
            out,
        ],
        vec![
            "similarity",
            "--game",
            "no-such-game",
            "builtin:random",
            "builtin:greedy",
            "--out",
            out,
        ],
    ] {
        let (code, text) = arbiter(&args);
        assert_eq!(code, 2, "{args:?}: {text}");
    }
}
