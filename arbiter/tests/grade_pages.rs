//! The feedback page of `arbiter grade` in a real browser, in both
//! languages: a real match against a mock engine that plays an illegal
//! move in every game gives the games; one of its faults gets a long,
//! hostile line (markup, a 600-character word), as an engine could print;
//! `arbiter::write_sample_feedback` writes the page of that engine as a
//! made-up submission; headless Chromium (`support/webdriver.rs`) loads
//! it and the test checks the language, the headings, each fault's board,
//! legal moves and line, the marks against the grade, and that nothing is
//! wider than the window (desktop and phone).
//!
//! With `TABULA_UPDATE_DOCS=1` the screenshots are saved as
//! `docs/feedback-*.png`.

use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tabula::games::AnyPosition;

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;
mod support;
#[path = "support/webdriver.rs"]
mod webdriver;

use support::{Tmp, ARBITER, MOCK};
use webdriver::Browser;

/// The hostile line given to the first fault.
fn hostile_line() -> String {
    format!(
        "bestmove <b>z9</b> & \"{}\" </pre><script>alert(1)</script>",
        "W".repeat(600)
    )
}

/// Plays `builtin:random` against the mock engine that plays an illegal
/// move from its fourth move on, eight games; gives the first fault of the
/// mock the hostile line. Returns the results file and the faulted games.
fn faulty_match(tmp: &Tmp) -> (PathBuf, Vec<Value>) {
    let results = tmp.path("results.jsonl");
    let out = Command::new(ARBITER)
        .args(["match", "builtin:random"])
        .arg(format!("{MOCK} --mode illegal --after 3"))
        .args(["--games", "8", "--seed", "5", "--movetime", "300"])
        .arg("--results")
        .arg(&results)
        .arg("--quiet")
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines: Vec<Value> = support::results(&results);
    let faulted: Vec<usize> = (0..lines.len())
        .filter(|&k| lines[k]["reason"] == "illegal")
        .collect();
    assert!(
        faulted.len() > 3,
        "more faults than the page shows in full: {}",
        faulted.len()
    );
    lines[faulted[0]]["detail"] = hostile_line().into();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&results, text).unwrap();
    let faults = faulted.iter().map(|&k| lines[k].clone()).collect();
    (results, faults)
}

fn url(page: &Path) -> String {
    format!("file://{}", page.canonicalize().unwrap().display())
}

/// The legal moves after the game's moves, by the rules library.
fn legal_after(record: &Value) -> BTreeSet<String> {
    let pos = support::replay(record);
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

#[test]
fn feedback_pages_in_a_browser_in_both_languages() {
    needs!(tools::CHROMIUM, tools::CHROMEDRIVER);
    let tmp = Tmp::new("feedback");
    let (results, faults) = faulty_match(&tmp);
    let b = Browser::start(1100, 900);
    let headings = [
        (
            "pt",
            [
                "A admissão",
                "O que corrigir",
                "Faltas no campeonato",
                "A força",
                "Nota",
            ],
        ),
        (
            "en",
            [
                "Admission",
                "What to fix",
                "Faults in the championship",
                "Strength",
                "Grade",
            ],
        ),
    ];
    for (lang, want) in headings {
        let dir = tmp.path(lang);
        let page = arbiter::write_sample_feedback(&dir, &results, lang).unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(
            !html.contains("href=\"http") && !html.contains("src="),
            "{lang}: nothing from the network"
        );
        assert!(!html.contains("<script"), "no script, and none let in");
        if lang == "pt" {
            let english = support::english_in(&html);
            assert!(
                english.is_empty(),
                "English left in the pt page: {english:?}"
            );
        }
        // No dead link: every `#…` names an element of the page.
        for anchor in html.split("href=\"#").skip(1) {
            let id = anchor.split('"').next().unwrap();
            assert!(
                html.contains(&format!("id=\"{id}\"")),
                "{lang}: a dead link #{id}"
            );
        }
        b.resize(1100, 900);
        b.goto(&url(&page));
        let v = b.eval(
            "return [document.documentElement.lang, Array.from(document.querySelectorAll('h2')).map(function (h) { return h.textContent; })];",
            json!([]),
        );
        assert_eq!(v[0], lang);
        let h2: Vec<String> = serde_json::from_value(v[1].clone()).unwrap();
        assert_eq!(h2, want, "{lang}");

        // The faults: the first three in full, the rest counted.
        let shown = b.eval(
            "return Array.from(document.querySelectorAll('.fault')).map(function (f) {\
               var svg = f.querySelector('.board svg'), r = svg ? svg.getBoundingClientRect() : null;\
               return { game: f.dataset.game, parts: svg ? svg.querySelectorAll('*').length : 0,\
                        width: r ? r.width : 0, height: r ? r.height : 0,\
                        legal: Array.from(f.querySelectorAll('ul.legal li code')).map(function (c) { return c.textContent; }),\
                        line: f.querySelector('pre.line').textContent,\
                        markup: f.querySelector('pre.line').children.length };\
             });",
            json!([]),
        );
        let shown = shown.as_array().unwrap();
        assert_eq!(shown.len(), 3, "{lang}: three faults in full");
        for (f, record) in shown.iter().zip(&faults) {
            assert!(
                f["parts"].as_u64().unwrap() > 5
                    && f["width"].as_f64().unwrap() > 100.0
                    && f["height"].as_f64().unwrap() > 100.0,
                "{lang}: a board is drawn: {f}"
            );
            let legal: BTreeSet<String> = serde_json::from_value(f["legal"].clone()).unwrap();
            assert!(!legal.is_empty());
            assert_eq!(legal, legal_after(record), "{lang}: the legal moves there");
            assert_eq!(f["line"], record["detail"], "{lang}: the line as answered");
            assert_eq!(f["markup"], 0, "{lang}: the line's markup is text");
        }
        assert_eq!(shown[0]["line"], hostile_line());
        let rest = b.eval(
            "return Array.from(document.querySelectorAll('#fault-rest details')).map(function (d) { return [d.dataset.reason, +d.dataset.count, d.querySelectorAll('a').length]; });",
            json!([]),
        );
        assert_eq!(
            rest,
            json!([["illegal", faults.len() - 3, faults.len() - 3]]),
            "{lang}"
        );

        // The marks add up to the grade shown.
        let v = b.eval(
            "var sum = 0; document.querySelectorAll('#marks tbody tr').forEach(function (tr) { sum += +tr.dataset.points; });\
             return [sum, +document.querySelector('#marks [data-total]').dataset.total, +document.getElementById('grade').dataset.grade,\
                     document.querySelectorAll('#marks tbody tr').length];",
            json!([]),
        );
        let (sum, total, grade) = (
            v[0].as_f64().unwrap(),
            v[1].as_f64().unwrap(),
            v[2].as_f64().unwrap(),
        );
        assert_eq!(total, grade);
        assert!(
            (sum.clamp(0.0, 20.0) - total).abs() <= 0.05 + 1e-9,
            "{lang}: the marks add up to {sum}, the grade is {total}"
        );
        assert!(v[3].as_u64().unwrap() >= 5, "{lang}: {v}");
        // The gate against the random player: its pairs, expected score
        // and points.
        let gate = b.eval(
            "var tr = document.querySelector('#strength tr[data-gate=\"builtin:random\"]'); return tr ? tr.cells.length : 0;",
            json!([]),
        );
        assert_eq!(gate, 4, "{lang}");

        b.assert_fits(&format!("{lang}, desktop"));
        let png = b.screenshot_base64();
        b.assert_not_blank(&png, lang, 9);
        webdriver::save_for_docs(&format!("feedback-{lang}"), &png);
        if webdriver::updating_docs() {
            b.eval(
                "document.querySelector('#faults').scrollIntoView();",
                json!([]),
            );
            webdriver::save_for_docs(&format!("feedback-{lang}-faults"), &b.screenshot_base64());
            b.eval(
                "document.querySelector('#strength').scrollIntoView();",
                json!([]),
            );
            webdriver::save_for_docs(&format!("feedback-{lang}-grade"), &b.screenshot_base64());
        }
        b.resize(390, 844);
        b.assert_fits(&format!("{lang}, phone"));
        b.assert_no_word_broken(&format!("{lang}, phone"));
        webdriver::save_for_docs(&format!("feedback-{lang}-phone"), &b.screenshot_base64());
    }
}

#[test]
fn the_feedback_browser_test_skips_visibly_without_chromium() {
    tools::assert_skips_visibly(
        "feedback_pages_in_a_browser_in_both_languages",
        &tools::CHROMIUM,
    );
}

#[test]
fn a_feedback_page_without_a_browser_is_whole_and_escaped() {
    let tmp = Tmp::new("feedback-plain");
    let (results, faults) = faulty_match(&tmp);
    for lang in ["pt", "en"] {
        let page = arbiter::write_sample_feedback(&tmp.path(lang), &results, lang).unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.starts_with(&format!("<!DOCTYPE html><html lang=\"{lang}\">")));
        assert!(html.contains("&lt;b&gt;z9&lt;/b&gt; &amp; &quot;"));
        assert!(!html.contains("<b>z9</b>") && !html.contains("alert(1)</script>"));
        assert_eq!(html.matches("class=\"fault\"").count(), 3);
        let rec = &faults[0];
        let start = AnyPosition::from_fen(rec["start"].as_str().unwrap()).unwrap();
        assert!(html.contains(&format!(
            "viewBox=\"0 0 {} {}\"",
            start.svg_frames(&[]).size.0,
            start.svg_frames(&[]).size.1
        )));
    }
    assert!(
        arbiter::write_sample_feedback(&tmp.path("fr"), &results, "fr")
            .unwrap_err()
            .to_string()
            .contains("known: pt, en")
    );
}
