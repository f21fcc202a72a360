//! `arbiter similarity` end to end: the source run on test projects of our
//! own (`tests/data/similarity/`: an original Lisp project for Galo 3D, a
//! disguised copy of it, unrelated projects of the same game in Lisp and
//! Python, the course's base code that every Lisp project includes, and a
//! past year with two identical projects), the behaviour run on real
//! engine processes (the mock engine, the built-in players), the page in
//! headless Chromium, and `arbiter bench-similarity` (the measured
//! false-alarm rate and the changed copies' detection).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod support;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;
#[path = "support/webdriver.rs"]
mod webdriver;

use serde_json::json;
use support::{Tmp, ARBITER, MOCK};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/similarity")
}

/// One line of `pairs.csv`, by column name.
type Line = HashMap<String, String>;

fn read_csv(path: &Path) -> Vec<Line> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    for col in ["a", "b", "score", "flagged", "cluster"] {
        assert!(
            header.contains(&col.to_string()),
            "column {col} in {header:?}"
        );
    }
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(String::from))
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

/// The source run over the class (and, first in `extra`, more folders),
/// the base and the past year.
fn source_run(tmp: &Tmp, extra: &[&str]) -> Vec<Line> {
    let out = tmp.path("pairs.csv");
    let mut args = vec!["similarity", "--source"];
    args.extend(CLASS);
    let more = extra.iter().take_while(|a| !a.starts_with("--")).count();
    args.extend(&extra[..more]);
    let extra = &extra[more..];
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

/// Three copies of one project (the original, the disguised copy, and a
/// third made from the original: names changed again, functions split,
/// forms reordered, dead code added, `first`/`car`-style synonyms and
/// `(1+ x)`/`(+ x 1)` rewrites) are one group of copiers: one cluster with
/// its three members, in the CSV, the terminal and the page.
#[test]
fn three_copiers_are_one_group() {
    let tmp = Tmp::new("groups");
    let page = tmp.path("groups.html");
    let pairs = source_run(
        &tmp,
        &["groups/g08-split", "--html", page.to_str().unwrap()],
    );
    let in_group: Vec<&Line> = pairs.iter().filter(|p| !p["cluster"].is_empty()).collect();
    let names = |p: &Line| {
        let mut v = [p["a"].clone(), p["b"].clone()];
        v.sort();
        v
    };
    assert!(in_group.len() >= 2, "{pairs:?}");
    for p in &in_group {
        assert_eq!(p["cluster"], "1", "{p:?}");
        assert_eq!(p["flagged"], "true", "{p:?}");
        let [a, b] = names(p);
        assert!(
            ["g01-original", "g07-disguised", "g08-split"].contains(&a.as_str())
                && ["g01-original", "g07-disguised", "g08-split"].contains(&b.as_str()),
            "{p:?}"
        );
    }
    // The copies of the same original are the top three pairs; nothing else
    // is flagged.
    assert!(
        pairs[3..].iter().all(|p| p["flagged"] == "false"),
        "{pairs:?}"
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let section = html
        .split("<section class=\"group pair\" id=\"group-1\">")
        .nth(1)
        .expect("a group section")
        .split("</section>")
        .next()
        .unwrap();
    assert!(section.contains("Group 1: 3 submissions"), "{section}");
    let members: Vec<&str> = section
        .split("<li>")
        .skip(1)
        .map(|l| l.split("</li>").next().unwrap())
        .collect();
    assert_eq!(
        &members[..3],
        ["g01-original", "g07-disguised", "g08-split"]
    );
    assert!(
        section.contains("group-region"),
        "shared code shown: {section}"
    );
    assert_eq!(html.matches("id=\"group-").count(), 1, "one group");
}

/// Code that every submission of a class has — here the course's handout,
/// forgotten as `--base` — is ignored once more than `--max-share` of the
/// submissions (and more than ten) have it: twelve independent projects
/// that include it are flagged with `--max-share 1` and not by default,
/// while the copied pair still is.
#[test]
fn code_common_to_the_class_is_ignored() {
    let tmp = Tmp::new("common");
    let mut dirs = vec![data().join("g01-original"), data().join("g07-disguised")];
    for g in 0..12 {
        let dir = tmp.path(&format!("p{g:02}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(
            data().join("base/protocolo.lisp"),
            dir.join("protocolo.lisp"),
        )
        .unwrap();
        std::fs::write(dir.join("jogo.lisp"), own_code(g as u64 + 1)).unwrap();
        dirs.push(dir);
    }
    let run = |extra: &[&str]| {
        let out = tmp.path("common.csv");
        let mut args = vec!["similarity".to_string(), "--source".into()];
        args.extend(dirs.iter().map(|d| d.display().to_string()));
        args.extend(["--out".into(), out.display().to_string()]);
        args.extend(extra.iter().map(|s| s.to_string()));
        let (code, text) = arbiter(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(code, 0, "{text}");
        (read_csv(&out), text)
    };
    let copy = |p: &Line| p["a"] == "g01-original" && p["b"] == "g07-disguised";
    let (all, _) = run(&["--max-share", "1"]);
    let independent_flagged = all
        .iter()
        .filter(|p| !copy(p) && p["flagged"] == "true")
        .count();
    assert!(
        independent_flagged > 20,
        "the handout makes the class alike: {all:?}"
    );
    let (pairs, text) = run(&[]);
    assert!(
        text.contains("common to more than 20 % of the submissions ignored"),
        "{text}"
    );
    assert!(
        pairs.iter().any(|p| copy(p) && p["flagged"] == "true"),
        "{pairs:?}"
    );
    assert!(
        pairs.iter().all(|p| copy(p) || p["flagged"] == "false"),
        "{pairs:?}"
    );
}

/// About 25 lines of Lisp of its own for each `seed`: functions of random
/// shapes, so that two seeds share no fragment.
fn own_code(seed: u64) -> String {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let ops = [
        "+", "-", "*", "max", "min", "list", "cons", "aref", "nth", "mod",
    ];
    let forms = ["if", "when", "let", "cond", "loop"];
    let mut text = String::new();
    for f in 0..4 {
        let mut body = format!("(x{} y{})", next(9), next(9));
        for _ in 0..4 {
            let op = ops[next(ops.len() as u64) as usize];
            body = match forms[next(forms.len() as u64) as usize] {
                "if" => format!("(if (> x {}) ({op} {body} {}) y)", next(50), next(50)),
                "when" => format!("(when (< y {}) ({op} x {body}))", next(50)),
                "let" => format!("(let ((z ({op} x {}))) {body})", next(50)),
                "cond" => format!("(cond ((= x {}) {body}) (t ({op} y z)))", next(50)),
                _ => format!("(loop for i below {} collect ({op} i {body}))", next(50)),
            };
        }
        text.push_str(&format!("(defun f{seed}-{f} (x y z)\n  {body})\n\n"));
    }
    text
}

/// Copies a folder (its files, recursively).
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), target).unwrap();
        }
    }
}

#[test]
fn a_season_s_layout_is_read_by_submission() {
    // `arbiter grade` keeps each submission's files in
    // `<season>/submissions/<name>/files`: the pairs are named by
    // submission, not all "files".
    let tmp = Tmp::new("season-layout");
    let mut folders = Vec::new();
    for name in CLASS {
        let files = tmp.path(&format!("season/submissions/{name}/files"));
        copy_dir(&data().join(name), &files);
        folders.push(files.display().to_string());
    }
    let out = tmp.path("pairs.csv");
    let mut args = vec!["similarity", "--source"];
    args.extend(folders.iter().map(String::as_str));
    args.extend(["--out", out.to_str().unwrap()]);
    let (code, text) = arbiter(&args);
    assert_eq!(code, 0, "{text}");
    let pairs = read_csv(&out);
    assert_eq!(pairs.len(), 10, "{text}");
    let top = &pairs[0];
    assert_eq!(
        (
            top["a"].as_str(),
            top["b"].as_str(),
            top["flagged"].as_str()
        ),
        ("g01-original", "g07-disguised", "true")
    );
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

/// The class as engines, named as the submissions' folders: the original
/// is the mock engine (a move of its own, chosen by a hash of the position
/// and its seed), its copy the same program run more slowly (another time
/// per move, which does not change its play); the others are independent
/// players: greedy, the mock engine with another seed, random. (Two copies
/// of the built-in search would not do: a reference player is that search,
/// and explains their agreement.)
fn class_file(tmp: &Tmp) -> PathBuf {
    let path = tmp.path("class.toml");
    let text = format!(
        "[[engine]]\nname = \"g01-original\"\ncommand = \"{MOCK} --mode good --seed 5\"\n\n\
         [[engine]]\nname = \"g07-disguised\"\ncommand = \"{MOCK} --mode good --seed 5 --delay 5\"\n\n\
         [[engine]]\nname = \"g02-lisp\"\ncommand = \"builtin:greedy\"\n\n\
         [[engine]]\nname = \"g03-lisp\"\ncommand = \"{MOCK} --mode good --seed 9\"\n\n\
         [[engine]]\nname = \"g04-python\"\ncommand = \"builtin:random\"\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// The behaviour run on `game` (and the source run too when `source`).
fn both_runs(tmp: &Tmp, game: &str, source: bool) -> (Vec<Line>, String) {
    let class = class_file(tmp);
    let out = tmp.path("both.csv");
    let page = tmp.path("page.html");
    let mut args = vec![
        "similarity",
        "--game",
        game,
        class.to_str().unwrap(),
        "--positions",
        "40",
        "--movetime",
        "100",
        "--out",
        out.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ];
    if source {
        args.extend(["--base", "base", "--past", "past/2021", "--source"]);
        args.extend(CLASS);
    }
    let (code, text) = arbiter(&args);
    assert_eq!(code, 0, "{text}");
    (read_csv(&out), text)
}

/// The threshold, the independent pairs and the false-alarm bound of
/// `game` in the shipped table (`data/similarity.tsv`), as the CSV and the
/// terminal print them.
fn shipped(game: &str) -> (String, String, String) {
    let table = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/similarity.tsv");
    let text = std::fs::read_to_string(table).unwrap();
    let line = text
        .lines()
        .find(|l| l.split('\t').next() == Some(game))
        .expect("the game's line");
    let f: Vec<&str> = line.split('\t').collect();
    (f[3].to_string(), f[4].to_string(), f[6].to_string())
}

#[test]
fn the_copied_engine_is_the_top_pair_on_behaviour_and_a_rerun_resumes() {
    let tmp = Tmp::new("behaviour");
    let (pairs, text) = both_runs(&tmp, "quatro", false);
    assert_eq!(pairs.len(), 10, "{text}");
    let top = &pairs[0];
    assert_eq!(
        (top["a"].as_str(), top["b"].as_str()),
        ("g01-original", "g07-disguised"),
        "{text}"
    );
    assert_eq!(top["behaviour_flagged"], "true", "{top:?}");
    assert_eq!(top["agreement"], "1.0000");
    assert!(top["z"].parse::<f64>().unwrap() > 8.0, "{top:?}");
    for p in &pairs[1..] {
        assert_eq!(p["flagged"], "false", "{p:?}\n{text}");
    }
    // The independent reference pairs stay below the threshold, and the
    // flag is printed with the game's measured false-alarm rate, whose
    // bound is in the CSV.
    let (threshold, measured, bound) = shipped("quatro");
    assert!(
        text.contains(&format!(
            "threshold z {threshold}; 0 of 33 independent reference pairs above it"
        )),
        "{text}"
    );
    assert!(
        text.contains("false alarms: z ≥ ") && text.contains("independent pairs of quatro"),
        "{text}"
    );
    assert_eq!(top["false_alarm_bound"], bound, "{top:?}");
    // The pair's own chance under the null: no independent pair of the
    // benchmark reached its z.
    assert_eq!(top["null_pairs"], measured, "{top:?}");
    assert_eq!(top["null_pairs_reached"], "0", "{top:?}");
    assert!(
        text.contains(&format!("reached by 0 of {measured} independent pairs")),
        "{text}"
    );
    assert!(top["explained_by"].is_empty(), "{top:?}");
    // The positions were recorded and every answer journaled: a rerun asks
    // nothing and says the same.
    let positions = std::fs::read_to_string(tmp.path("both.csv.positions.txt")).unwrap();
    assert_eq!(
        positions.lines().filter(|l| !l.starts_with('#')).count(),
        40
    );
    let journal = std::fs::read_to_string(tmp.path("both.csv.answers.jsonl")).unwrap();
    // Five engines and ten reference players.
    assert_eq!(journal.lines().count(), 40 * (5 + 10));
    let (again, text) = both_runs(&tmp, "quatro", false);
    assert!(
        !text.contains("similarity: g01-original:"),
        "nothing asked again: {text}"
    );
    assert_eq!(
        std::fs::read_to_string(tmp.path("both.csv.answers.jsonl")).unwrap(),
        journal
    );
    assert_eq!(again, pairs);
}

/// The standalone page of a run of both kinds, in headless Chromium: the
/// copy is the first pair with both kinds of evidence, its fragments are
/// shown side by side with highlighted lines, and the page is not blank.
#[test]
fn the_page_shows_both_kinds_of_evidence_and_the_fragments() {
    needs!(tools::CHROMIUM, tools::CHROMEDRIVER);
    let tmp = Tmp::new("page");
    let (pairs, text) = both_runs(&tmp, "dots", true);
    let top = &pairs[0];
    assert_eq!(
        (top["a"].as_str(), top["b"].as_str()),
        ("g01-original", "g07-disguised"),
        "{text}"
    );
    assert_eq!(
        (
            top["source_flagged"].as_str(),
            top["behaviour_flagged"].as_str()
        ),
        ("true", "true")
    );
    assert!(
        pairs[1..].iter().all(|p| p["flagged"] == "false"),
        "{pairs:?}"
    );
    let page = tmp.path("page.html");
    // The flagged pair says how many of the benchmark's independent pairs
    // of dots reached its z.
    let (_, measured, _) = shipped("dots");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        html.contains(&format!(
            "reached by 0 of {measured} independent pairs in the benchmark"
        )),
        "{html}"
    );
    let b = webdriver::Browser::start(1280, 900);
    b.goto(&format!(
        "file://{}",
        page.canonicalize().unwrap().display()
    ));
    let first = b.eval(
        "var tr = document.querySelector('#pairs-table tbody tr');\
         return [tr.dataset.a, tr.dataset.b, tr.className, tr.cells.length,\
                 Array.from(tr.cells).map(function (c) { return c.textContent; })];",
        json!([]),
    );
    assert_eq!(first[0], "g01-original");
    assert_eq!(first[1], "g07-disguised");
    assert_eq!(first[2], "flagged");
    let cells: Vec<String> = serde_json::from_value(first[4].clone()).unwrap();
    assert!(
        cells[5].ends_with('%') && cells[7] == "100 %",
        "both kinds shown: {cells:?}"
    );
    let regions = b.eval(
        "var s = document.querySelector('section.pair');\
         return [s.querySelectorAll('.region').length, s.querySelectorAll('.region pre span.hit').length,\
                 Array.from(s.querySelectorAll('.file')).slice(0, 2).map(function (f) { return f.textContent; }),\
                 document.querySelectorAll('section.pair').length];",
        json!([]),
    );
    assert!(regions[0].as_u64().unwrap() >= 3, "{regions}");
    assert!(regions[1].as_u64().unwrap() >= 40, "{regions}");
    let files = regions[2].as_array().unwrap();
    assert!(
        files[0]
            .as_str()
            .unwrap()
            .starts_with("g01-original / jogo.lisp lines "),
        "{regions}"
    );
    assert!(
        files[1]
            .as_str()
            .unwrap()
            .starts_with("g07-disguised / motor.lisp lines "),
        "{regions}"
    );
    assert_eq!(regions[3], 1, "one flagged pair, one section");
    // Side by side: the two files' columns start at the same height.
    let tops = b.eval(
        "var r = document.querySelectorAll('.region')[0].children;\
         return [r[0].getBoundingClientRect().top, r[1].getBoundingClientRect().top,\
                 r[0].getBoundingClientRect().left < r[1].getBoundingClientRect().left];",
        json!([]),
    );
    assert_eq!(tops[0], tops[1]);
    assert_eq!(tops[2], true);
    // The base code's lines are never highlighted.
    let base = b.eval(
        "return Array.from(document.querySelectorAll('.file')).filter(function (f) {\
           return f.textContent.indexOf('protocolo.lisp') >= 0; }).length;",
        json!([]),
    );
    assert_eq!(base, 0);
    let png = b.screenshot_base64();
    let (colours, dominant) = b.picture_stats(&png);
    assert!(
        colours >= 8 && dominant < 0.95,
        "a blank page: {colours} colours, {dominant}"
    );
}

#[test]
fn the_championship_page_has_a_copied_work_section() {
    let tmp = Tmp::new("page-section");
    source_run(&tmp, &[]);
    let results = tmp.path("r.jsonl");
    let (code, text) = arbiter(&[
        "match",
        "builtin:greedy",
        "builtin:random",
        "--game",
        "galo3d",
        "--results",
        results.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{text}");
    let page = tmp.path("champ.html");
    let pairs = tmp.path("pairs.csv");
    let (code, text) = arbiter(&[
        "report",
        results.to_str().unwrap(),
        "--similarity",
        pairs.to_str().unwrap(),
        "--similarity-page",
        "similarity.html",
        "--out",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    let html = std::fs::read_to_string(&page).unwrap();
    let section = html
        .split("<section id=\"similarity\">")
        .nth(1)
        .and_then(|s| s.split("</section>").next())
        .expect("a copied-work section");
    assert!(
        section.contains("20 pairs compared, <b>1 flagged</b>"),
        "{section}"
    );
    let flagged: Vec<&str> = section.split("data-flagged=\"true\"").skip(1).collect();
    assert_eq!(flagged.len(), 1, "{section}");
    assert!(flagged[0].contains("g01-original") && flagged[0].contains("g07-disguised"));
    assert!(section.contains("href=\"similarity.html\""));
    assert!(html.contains("<a href=\"#similarity\">copied work</a>"));
    // Not the CSV of a similarity run: exit 2, said why.
    let (code, text) = arbiter(&[
        "report",
        results.to_str().unwrap(),
        "--similarity",
        results.to_str().unwrap(),
        "--out",
        page.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("a, b, score, flagged"), "{text}");
}

/// Moves an adapter chose in a program's place (`info string fallback`)
/// are not the program's: two engines that only ever fall back (the kit's
/// first legal move, the same for every broken project) agree on nothing
/// counted, and are not flagged.
#[test]
fn fallback_moves_are_not_counted_as_agreement() {
    let tmp = Tmp::new("fallback");
    let out = tmp.path("fb.csv");
    let broken = format!("{MOCK} --mode fallback --after 0");
    let (code, text) = arbiter(&[
        "similarity",
        "--game",
        "quatro",
        &broken,
        &format!("{broken} --seed 1"),
        "builtin:greedy",
        "--positions",
        "20",
        "--movetime",
        "50",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    let pairs = read_csv(&out);
    let both_broken = pairs
        .iter()
        .find(|p| p["a"].contains("fallback") && p["b"].contains("fallback"))
        .expect("the pair of broken engines");
    assert_eq!(both_broken["flagged"], "false", "{both_broken:?}\n{text}");
    assert_eq!(both_broken["positions"], "0", "{both_broken:?}");
}

/// `arbiter bench-similarity` on a small zoo: the measured line is written
/// into the table (the other games' lines kept), its bound is the exact
/// Clopper–Pearson bound of what it counted, every kind of changed copy is
/// reported, and a rerun asks nothing again and measures the same.
#[test]
fn the_benchmark_measures_the_false_alarm_rate_and_resumes() {
    let tmp = Tmp::new("bench");
    let out = tmp.path("bench");
    let table = tmp.path("similarity.tsv");
    std::fs::write(
        &table,
        "# kept\nknight\t200\t0.1\t4.0\t1000\t0\t0.003682\t2.50,3.10\n",
    )
    .unwrap();
    let args = [
        "bench-similarity",
        "--games",
        "dots",
        "--positions",
        "40",
        "--students",
        "12",
        "--copies",
        "2",
        "--concurrency",
        "2",
        "--out",
        out.to_str().unwrap(),
        "--table",
        table.to_str().unwrap(),
    ];
    let (code, text) = arbiter(&args);
    assert_eq!(code, 0, "{text}");
    let lines = std::fs::read_to_string(&table).unwrap();
    assert!(
        lines.contains("knight\t200\t0.1000\t4.0\t1000\t0\t0.003682\t2.50,3.10\n"),
        "{lines}"
    );
    let dots: Vec<&str> = lines
        .lines()
        .find(|l| l.starts_with("dots\t"))
        .expect("the measured line")
        .split('\t')
        .collect();
    assert_eq!(dots[1], "40", "{lines}");
    let (pairs, above): (usize, usize) = (dots[4].parse().unwrap(), dots[5].parse().unwrap());
    let bound: f64 = dots[6].parse().unwrap();
    // 12 students (6 measuring), 10 reference players in 4 families: the
    // measuring half's pairs of two families.
    assert!(pairs >= 40, "{lines}");
    if above == 0 {
        let exact = 1.0 - 0.025f64.powf(1.0 / pairs as f64);
        assert!((bound - exact).abs() < 1e-5, "{bound} {exact}");
    } else {
        assert!(bound > above as f64 / pairs as f64, "{lines}");
    }
    // The tail: the measuring half's z from 2 on, those from the threshold
    // on being the counted false alarms.
    let threshold: f64 = dots[3].parse().unwrap();
    let tail: Vec<f64> = dots[7]
        .split(',')
        .filter(|z| *z != "-")
        .map(|z| z.parse().unwrap())
        .collect();
    assert!(tail.iter().all(|&z| z >= 2.0), "{lines}");
    assert_eq!(tail.iter().filter(|&&z| z >= threshold).count(), above);
    for change in [
        "another depth",
        "another time per move",
        "one evaluation weight",
        "random tie-break",
        "another first move",
    ] {
        assert!(
            text.contains(&format!("copies, {change}: ")),
            "{change}: {text}"
        );
    }
    assert!(
        text.contains(&format!("of {pairs} independent pairs of dots")),
        "{text}"
    );
    let dump = std::fs::read_to_string(out.join("dots.bench.json")).unwrap();
    let dump: serde_json::Value = serde_json::from_str(&dump).unwrap();
    assert_eq!(dump["members"].as_array().unwrap().len(), 10 + 12 + 2 * 5);
    let journal = std::fs::read_to_string(out.join("dots.answers.jsonl")).unwrap();
    let (code, again) = arbiter(&args);
    assert_eq!(code, 0, "{again}");
    assert!(
        !again.contains(": 40 positions"),
        "nothing asked again: {again}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("dots.answers.jsonl")).unwrap(),
        journal
    );
    assert_eq!(std::fs::read_to_string(&table).unwrap(), lines);
}
