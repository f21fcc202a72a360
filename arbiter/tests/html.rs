//! The tournament page (`--html`, `arbiter report`) in a real browser:
//! headless Chromium driven over WebDriver (`support/webdriver.rs`) loads
//! the page of a real 6-entrant tournament with faults, and the test checks
//! the standings against the results journal and the terminal, opens games,
//! steps to their end with the buttons and the arrow keys, compares the
//! board shown with the rules library's final position, and takes
//! screenshots that must not be blank (desktop and phone sizes).
//!
//! With `TABULA_UPDATE_DOCS=1` the screenshots are saved as
//! `docs/report-*.png` (the README shows them).

use arbiter::{standings, GameRecord, Scoring};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[path = "../../tests/util/tools.rs"]
#[macro_use]
mod tools;
mod support;
#[path = "support/webdriver.rs"]
mod webdriver;

use support::{Tmp, ARBITER, MOCK};
use webdriver::Browser;

/// The entrants: a good mock engine, the built-in players, and mock engines
/// that play an illegal move, a line that is not a move, or crash.
fn engines_file(tmp: &Tmp) -> PathBuf {
    let path = tmp.path("engines.toml");
    let mock = |name: &str, args: &str| {
        format!("[[engine]]\nname = \"{name}\"\ncommand = \"{MOCK} {args}\"\n\n")
    };
    let text = [
        mock("steady", "--mode good --seed 3"),
        mock("crashy", "--mode crash --after 8"),
        "[[engine]]\nname = \"greedy\"\ncommand = \"builtin:greedy\"\n\n".to_string(),
        "[[engine]]\nname = \"random\"\ncommand = \"builtin:random\"\n\n".to_string(),
        mock("cheater", "--mode illegal --after 4"),
        mock("sloppy", "--mode garbage --after 6"),
    ]
    .concat();
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs the tournament with `--html` (and `--html-live`); returns its
/// standard output, the records and the page.
fn tournament(tmp: &Tmp, game: &str) -> (String, Vec<GameRecord>, PathBuf) {
    let results = tmp.path("results.jsonl");
    let page = tmp.path("page/report.html");
    let engines = engines_file(tmp);
    let out = Command::new(ARBITER)
        .args(["tournament", "--engines"])
        .arg(&engines)
        .args(["--game", game, "--boards", "1", "--seed", "11"])
        .args([
            "--movetime",
            "400",
            "--margin",
            "200",
            "--startup-timeout",
            "3000",
        ])
        .args([
            "--ping-timeout",
            "1000",
            "--grace",
            "100",
            "--quiet",
            "--concurrency",
            "2",
        ])
        .arg("--results")
        .arg(&results)
        .arg("--html")
        .arg(&page)
        .arg("--html-live")
        // Every column on the terminal, to compare with the page's.
        .arg("--wide")
        .stdin(Stdio::null())
        .output()
        .expect("arbiter runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = arbiter::load_journals(&[results]).unwrap();
    assert_eq!(
        records.len(),
        30,
        "15 pairings, one board each, both colours"
    );
    (stdout, records, page)
}

fn url(page: &Path) -> String {
    format!("file://{}", page.canonicalize().unwrap().display())
}

/// The cells of the page's standings table for `scoring`.
fn dom_standings(b: &Browser, scoring: &str) -> Vec<Vec<String>> {
    let v = b.eval(
        "return Array.from(document.querySelectorAll('#standings-' + arguments[0] + ' tbody tr'))\
           .map(function (tr) { return Array.from(tr.cells).map(function (td) { return td.textContent; }); });",
        json!([scoring]),
    );
    serde_json::from_value(v).unwrap()
}

/// The screenshot is a picture, not a blank or broken page; saved for the
/// README when asked.
fn assert_not_blank(b: &Browser, png: &str, what: &str, colours: u64) {
    b.assert_not_blank(png, what, colours);
    webdriver::save_for_docs(&format!("report-{what}"), png);
}

/// Opens the game of `record` from the games list (a click on its row),
/// steps to the end with the arrow key and the buttons, and checks the
/// board shown against the rules library's replay of the journal's moves.
fn view_to_the_end(b: &Browser, record: &GameRecord) {
    let i = b
        .eval(
            "var k = arguments[0]; return window.tabula.data.games.findIndex(function (g) { return g.key === k; });",
            json!([record.key]),
        )
        .as_i64()
        .unwrap();
    assert!(i >= 0, "{} is on the page", record.key);
    b.eval(
        "document.querySelector('#games-filter').click();",
        json!([]),
    );
    b.eval(
        "var i = arguments[0]; while (!document.querySelector('#game-list tr[data-game=\"' + i + '\"]')) \
           document.querySelector('#games-more button').click();",
        json!([i]),
    );
    b.click(&format!("#game-list tr[data-game=\"{i}\"]"));
    let at = |b: &Browser| -> (u64, u64, String) {
        let v = b.eval(
            "var d = document.getElementById('board').dataset; return [+d.ply, +d.plies, d.fen, +d.game];",
            json!([]),
        );
        assert_eq!(v[3].as_u64(), Some(i as u64), "the game opened");
        (
            v[0].as_u64().unwrap(),
            v[1].as_u64().unwrap(),
            v[2].as_str().unwrap().to_string(),
        )
    };
    let (ply, plies, fen) = at(b);
    assert_eq!(
        (ply, plies as usize),
        (0, record.moves.len()),
        "{}",
        record.key
    );
    assert_eq!(fen, record.start);
    // Two steps by the keyboard, one back, then the buttons to the end.
    b.press(webdriver::ARROW_RIGHT);
    b.press(webdriver::ARROW_RIGHT);
    b.press(webdriver::ARROW_LEFT);
    assert_eq!(at(b).0, 1.min(plies));
    for _ in 0..3 {
        b.click("#next");
    }
    assert_eq!(at(b).0, 4.min(plies));
    b.click("#last");
    b.press(webdriver::ARROW_RIGHT); // past the end: stays there
    let (ply, _, fen) = at(b);
    assert_eq!(ply, plies);
    // The rules library's final position.
    let value: Value = serde_json::to_value(record).unwrap();
    let end = support::replay(&value);
    assert_eq!(fen, end.fen(), "the position string shown at the end");
    // The board drawn is the library's drawing of that position, part for
    // part (both parsed by the browser, so compared as it serialises them).
    let replay = tabula::games::AnyPosition::from_fen(&record.start)
        .unwrap()
        .svg_frames(&record.moves);
    let expected = tabula::game::svg::document(replay.size, replay.frames.last().unwrap());
    let same = b.eval(
        "var t = document.createElement('div'); t.innerHTML = arguments[0];\
         var want = Array.from(t.querySelector('svg').children).filter(function (e) { return e.tagName !== 'style'; });\
         var got = Array.from(document.querySelector('#board svg').children);\
         if (want.length !== got.length) return 'parts: ' + got.length + ' shown, ' + want.length + ' expected';\
         for (var k = 0; k < want.length; k++) if (want[k].outerHTML !== got[k].outerHTML)\
           return 'part ' + k + ': ' + got[k].outerHTML + ' shown, ' + want[k].outerHTML + ' expected';\
         return 'same';",
        json!([expected]),
    );
    assert_eq!(same, "same", "the board at the end of {}", record.key);
}

#[test]
fn the_page_of_a_tournament_with_faults_in_a_browser() {
    needs!(tools::CHROMIUM, tools::CHROMEDRIVER);
    let tmp = Tmp::new("page");
    let (stdout, records, page) = tournament(&tmp, "knight");
    let faults: Vec<&str> = records
        .iter()
        .filter(|r| r.offender.is_some())
        .map(|r| r.reason.as_str())
        .collect();
    for reason in ["illegal", "malformed", "crash"] {
        assert!(
            faults.contains(&reason),
            "a game lost by {reason}: {faults:?}"
        );
    }
    let b = Browser::start(1280, 1000);
    b.goto(&url(&page));
    assert_eq!(
        b.eval("return window.tabula.data.games.length;", json!([])),
        json!(30)
    );

    // The standings: the journal's, by both scorings, and the terminal's
    // table cell for cell.
    let mut names: Vec<String> = records
        .iter()
        .flat_map(|r| [r.p1.clone(), r.p2.clone()])
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 6);
    for scoring in [Scoring::Games, Scoring::Points] {
        let table = standings(&names, &records, scoring);
        let dom = dom_standings(&b, scoring.as_str());
        assert_eq!(dom.len(), 6);
        for (row, s) in dom.iter().zip(&table) {
            assert_eq!(row[1], s.name);
            assert_eq!(row[2], s.games.to_string());
            let wdl = [&row[3], &row[4], &row[5]].map(|c| c.parse::<u32>().unwrap());
            assert_eq!(
                wdl,
                [s.score.wins, s.score.draws, s.score.losses],
                "{}",
                s.name
            );
            assert_eq!(row[6], format!("{:.1}", s.score.points));
            let pairs = [&row[12], &row[13], &row[14]].map(|c| c.parse::<u32>().unwrap());
            assert_eq!(
                pairs,
                [s.pair.wins, s.pair.draws, s.pair.losses],
                "{}",
                s.name
            );
            assert_eq!(row[15], format!("{:+}", s.margin));
            assert_eq!(row[20], s.faults.to_string());
        }
    }
    let terminal: Vec<Vec<String>> = stdout
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("rank  name"))
        .skip(1)
        .take(6)
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    assert_eq!(terminal, dom_standings(&b, "games"), "{stdout}");
    let method = b.eval(
        "return document.querySelector('#standings-games .method').textContent;",
        json!([]),
    );
    assert!(
        method
            .as_str()
            .unwrap()
            .starts_with("ranked by game points"),
        "{method}"
    );

    // The cross-table opens the games of a pairing.
    b.click("button.pairing");
    let listed = b.eval(
        "return document.querySelectorAll('#game-list tbody tr').length;",
        json!([]),
    );
    assert_eq!(listed, json!(2), "one board, both colours");

    // Every entrant's card; the faults told with their line.
    let cards = b.eval(
        "return document.querySelectorAll('.card').length;",
        json!([]),
    );
    assert_eq!(cards, json!(6));
    let cheater = b.eval(
        "return document.querySelector('.card[data-name=\"cheater\"]').textContent;",
        json!([]),
    );
    assert!(
        cheater.as_str().unwrap().contains("lost by illegal"),
        "{cheater}"
    );

    // A full game and a game lost by a fault, replayed to the end.
    let full = records
        .iter()
        .position(|r| r.reason.as_str() == "normal")
        .expect("a game played to its end");
    let faulted = records
        .iter()
        .position(|r| r.reason.as_str() == "illegal")
        .unwrap();
    view_to_the_end(&b, &records[full]);
    let shot = b.element_screenshot_base64("#board");
    assert_not_blank(&b, &shot, "board", 6);
    b.eval(
        "document.getElementById('viewer').scrollIntoView();",
        json!([]),
    );
    let shot = b.screenshot_base64();
    assert_not_blank(&b, &shot, "viewer", 12);
    view_to_the_end(&b, &records[faulted]);
    b.eval("window.scrollTo(0, 0);", json!([]));
    let shot = b.screenshot_base64();
    assert_not_blank(&b, &shot, "standings", 12);

    // A phone: nothing wider than the screen but the scrolling tables.
    b.resize(390, 844);
    b.goto("about:blank");
    b.goto(&format!("{}#game=0", url(&page)));
    let opened = b.eval(
        "return document.getElementById('board').dataset.game;",
        json!([]),
    );
    assert_eq!(opened, json!("0"), "the address opens a game");
    let overflow = b.eval(
        "return [document.documentElement.scrollWidth, window.innerWidth,\
                 document.querySelector('#board svg').getBoundingClientRect().width];",
        json!([]),
    );
    let [scroll, inner, board] = [0, 1, 2].map(|k| overflow[k].as_f64().unwrap());
    assert!(
        scroll <= inner + 1.0,
        "the page is wider than a phone: {overflow}"
    );
    assert!(
        board > 200.0 && board <= inner,
        "the board on a phone: {overflow}"
    );
    let shot = b.screenshot_base64();
    assert_not_blank(&b, &shot, "phone", 12);
}

#[test]
fn boards_of_every_other_game_replay_in_the_browser() {
    needs!(tools::CHROMIUM, tools::CHROMEDRIVER);
    for game in ["dots", "quatro", "solitario", "torre", "galo3d", "blokus"] {
        let tmp = Tmp::new(game);
        let results = tmp.path("r.jsonl");
        let out = Command::new(ARBITER)
            .args(["match", "builtin:greedy", "builtin:random", "--games", "2"])
            .args(["--game", game, "--dots-size", "3x3", "--quiet", "--results"])
            .arg(&results)
            .arg("--html")
            .arg(tmp.path("match.html"))
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let page = tmp.path("r.html");
        let status = Command::new(ARBITER)
            .arg("report")
            .arg(&results)
            .arg("--out")
            .arg(&page)
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
        let of_match = std::fs::read_to_string(tmp.path("match.html")).unwrap();
        assert!(
            of_match.contains("id=\"tabula-data\"")
                && of_match.contains(&format!("\"game\":\"{game}\""))
        );
        let records = arbiter::load_journals(&[results]).unwrap();
        let b = Browser::start(1000, 900);
        b.goto(&url(&page));
        for r in &records {
            view_to_the_end(&b, r);
        }
        let shot = b.element_screenshot_base64("#board");
        assert_not_blank(&b, &shot, &format!("{game}-board"), 4);
    }
}

#[test]
fn report_refuses_what_is_not_a_journal() {
    let tmp = Tmp::new("bad");
    let (code, text) = support::run(&["report", "/nonexistent/results.jsonl"]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("cannot read results"), "{text}");
    let junk = tmp.path("junk.jsonl");
    std::fs::write(&junk, "not json\n").unwrap();
    let (code, text) = support::run(&["report", junk.to_str().unwrap()]);
    assert_eq!(code, 2, "{text}");
    assert!(text.contains("no game in"), "{text}");
}

#[test]
fn play_writes_its_page_too() {
    let tmp = Tmp::new("play");
    let page = tmp.path("play.html");
    let mut child = Command::new(ARBITER)
        .args([
            "play",
            "--game",
            "dots",
            "--dots-size",
            "2x2",
            "--seed",
            "4",
        ])
        .args(["--engine", "builtin:random", "--no-color", "--results"])
        .arg(tmp.path("p.jsonl"))
        .arg("--records")
        .arg(tmp.path("p.txt"))
        .arg("--html")
        .arg(&page)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"h1.1\nresign\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains("id=\"tabula-data\"") && html.contains("\"reason\":\"resign\""));
    assert!(
        html.contains("<td class=\"c1\">human</td>"),
        "the person in the standings"
    );
}

#[test]
fn the_browser_tests_skip_visibly_without_chromium() {
    tools::assert_skips_visibly(
        "the_page_of_a_tournament_with_faults_in_a_browser",
        &tools::CHROMIUM,
    );
}

/// One decimal, as the analysis file writes its percentages.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// Analyses every game of `results` with the reference (a node budget, so
/// the same every run) and writes the analysis file `out` line for line as
/// `arbiter analyse` does (`results/analysis.rs`: a header, then each game's
/// move lines and its summary). Returns each game's analysis, in order.
fn write_analysis(results: &Path, out: &Path) -> Vec<tabula::analysis::GameAnalysis> {
    use tabula::analysis::{Analyser, Budget, Settings};
    use tabula::game::Player;
    let settings = Settings {
        budget: Budget::Nodes(2000),
        ..Settings::default()
    };
    let mut analyser = Analyser::new(settings);
    let mut lines = vec![json!({
        "type": "header", "format": 1, "reference": "tabula test",
        "settings": settings.to_string(), "nodes": 2000, "movetime": null,
        "deterministic": true,
    })];
    let mut all = Vec::new();
    for r in support::results(results) {
        let start = tabula::games::AnyPosition::from_fen(r["start"].as_str().unwrap()).unwrap();
        let moves: Vec<String> = serde_json::from_value(r["moves"].clone()).unwrap();
        let game = analyser.analyse_text(&start, &moves).unwrap();
        let side = |p: Player| if p == Player::One { "p1" } else { "p2" };
        for m in &game.moves {
            lines.push(json!({
                "type": "move", "tournament": r["tournament"], "key": r["key"],
                "ply": m.ply, "side": side(m.side), "move": m.played.to_string(),
                "best": m.best.to_string(), "win_before": tenth(m.win_before),
                "win_after": tenth(m.win_after), "accuracy": tenth(m.accuracy),
                "class": m.class.as_str(), "missed_win": m.missed_win,
                "only_move": m.only_move, "score_before": m.score_before,
                "score_after": m.score_after, "exact_before": m.exact_before,
                "exact_after": m.exact_after, "points_lost": m.points_lost,
                "depth": m.depth, "nodes": m.nodes,
            }));
        }
        let sides: Vec<Value> = [Player::One, Player::Two]
            .into_iter()
            .map(|p| {
                let s = game.summary(p, |_| true);
                json!({
                    "moves": s.moves, "replaced": 0, "accuracy": s.accuracy.map(tenth),
                    "best": s.best, "good": s.good, "inaccuracies": s.inaccuracies,
                    "mistakes": s.mistakes, "blunders": s.blunders,
                    "missed_wins": s.missed_wins, "only_moves": s.only_moves,
                    "points_lost": s.points_lost,
                })
            })
            .collect();
        lines.push(json!({
            "type": "game", "tournament": r["tournament"], "key": r["key"],
            "game": r["game"], "p1": r["p1"], "p2": r["p2"], "plies": game.moves.len(),
            "turning_point": game.turning_point, "sides": sides, "nodes": game.nodes,
        }));
        all.push(game);
    }
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(out, text).unwrap();
    all
}

/// `arbiter report` on `results` with `extra` arguments; the page's text.
fn report(results: &Path, page: &Path, extra: &[&str]) -> String {
    let out = Command::new(ARBITER)
        .arg("report")
        .arg(results)
        .arg("--out")
        .arg(page)
        .args(extra)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(page).unwrap()
}

#[test]
fn the_reference_s_analysis_on_the_page_in_a_browser() {
    needs!(tools::CHROMIUM, tools::CHROMEDRIVER);
    use tabula::analysis::MoveClass;
    let tmp = Tmp::new("analysis");
    let results = tmp.path("r.jsonl");
    let out = Command::new(ARBITER)
        .args(["match", "builtin:random", "builtin:greedy", "--games", "2"])
        .args(["--game", "knight", "--seed", "5", "--quiet", "--results"])
        .arg(&results)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let records = arbiter::load_journals(std::slice::from_ref(&results)).unwrap();
    let analysis = tmp.path("a.jsonl");
    let games = write_analysis(&results, &analysis);
    assert_eq!(games.len(), records.len());

    // The file beside the results is found; --no-analysis and a page
    // without one show none; --analysis names one.
    let plain = report(&results, &tmp.path("plain.html"), &[]);
    assert!(!plain.contains("\"win\":") && !plain.contains("class=\"acc\""));
    std::fs::copy(&analysis, tmp.path("r.analysis.jsonl")).unwrap();
    let beside = report(&results, &tmp.path("beside.html"), &[]);
    assert!(beside.contains("\"win\":") && beside.contains("class=\"acc\""));
    let none = report(&results, &tmp.path("none.html"), &["--no-analysis"]);
    assert!(!none.contains("\"win\":"));
    std::fs::remove_file(tmp.path("r.analysis.jsonl")).unwrap();
    let page = tmp.path("page.html");
    report(&results, &page, &["--analysis", analysis.to_str().unwrap()]);

    // A game with a marked move of random's; its worst.
    let (gi, game) = games
        .iter()
        .enumerate()
        .find(|(_, g)| g.moves.iter().any(|m| m.class >= MoveClass::Mistake))
        .expect("random makes a mistake");
    let marked: Vec<usize> = game
        .moves
        .iter()
        .filter(|m| m.class >= MoveClass::Inaccuracy)
        .map(|m| m.ply)
        .collect();
    let worst = game
        .moves
        .iter()
        .filter(|m| m.class >= MoveClass::Inaccuracy)
        .max_by(|a, b| a.drop().total_cmp(&b.drop()))
        .unwrap();

    let b = Browser::start(1280, 1000);
    b.goto(&format!("{}#game={gi}&ply={}", url(&page), worst.ply));
    let board = |b: &Browser| -> Value {
        b.eval(
            "var d = document.getElementById('board').dataset;\
             return [+d.game, +d.ply, d.best, document.querySelectorAll('#board svg g.bestmove > *').length,\
                     document.getElementById('best-caption').textContent];",
            json!([]),
        )
    };
    // The address opens the position before the move; the best move drawn.
    let at = board(&b);
    assert_eq!(at[0], json!(gi), "{at}");
    assert_eq!(at[1], json!(worst.ply), "{at}");
    assert_eq!(at[2], json!(worst.best.to_string()), "{at}");
    assert!(at[3].as_u64().unwrap() > 0, "the best move's parts: {at}");
    assert!(
        at[4]
            .as_str()
            .unwrap()
            .starts_with(&format!("best: {}", worst.best)),
        "{at}"
    );
    // One step on: no marked move next (or another best move).
    b.press(webdriver::ARROW_RIGHT);
    let next = board(&b);
    assert_eq!(next[1], json!(worst.ply + 1));
    let marked_next = marked.contains(&(worst.ply + 1));
    assert_eq!(next[2].as_str().unwrap().is_empty(), !marked_next, "{next}");
    assert_eq!(next[3].as_u64().unwrap() == 0, !marked_next, "{next}");

    // The graph: the winning chances, a mark at each marked move, the
    // turning point; the engines' scores a line that can be hidden.
    let graph = b.eval(
        "var s = document.getElementById('scoregraph');\
         return [!!s.querySelector('path[data-line=\"win\"]'),\
                 Array.from(s.querySelectorAll('[data-mark-ply]')).map(function (e) { return +e.dataset.markPly; }),\
                 Array.from(s.querySelectorAll('[data-tp-ply]')).map(function (e) { return +e.dataset.tpPly; }),\
                 !!s.querySelector('path[data-line=\"scores\"]'),\
                 document.getElementById('graph-note').textContent];",
        json!([]),
    );
    assert_eq!(graph[0], json!(true), "{graph}");
    assert_eq!(graph[1], json!(marked), "{graph}");
    assert_eq!(
        graph[2],
        json!(game.turning_point.into_iter().collect::<Vec<_>>())
    );
    assert_eq!(graph[3], json!(true), "the engines' scores shown");
    assert!(graph[4].as_str().unwrap().contains("winning chances"));
    b.click("#show-scores");
    let hidden = b.eval(
        "return !!document.querySelector('#scoregraph path[data-line=\"scores\"]');",
        json!([]),
    );
    assert_eq!(hidden, json!(false));
    // A click on a mark: the position before that move.
    let last = *marked.last().unwrap();
    b.click(&format!("#scoregraph [data-mark-ply=\"{last}\"]"));
    assert_eq!(board(&b)[1], json!(last));
    b.click("#show-scores");
    b.eval(
        "document.getElementById('viewer').scrollIntoView();",
        json!([]),
    );
    let shot = b.screenshot_base64();
    assert_not_blank(&b, &shot, "analysis-viewer", 12);

    // The move list: each move's class, the badges, the best move.
    let list = b.eval(
        "return Array.from(document.querySelectorAll('#moves tbody tr')).map(function (tr) {\
           var badge = tr.querySelector('.badge'), ref = tr.querySelector('td.ref');\
           return [tr.dataset.cls, badge ? badge.textContent : '', ref.textContent]; });",
        json!([]),
    );
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), game.moves.len());
    for (row, m) in list.iter().zip(&game.moves) {
        let (code, badge) = match m.class {
            MoveClass::Best => ("b", ""),
            MoveClass::Good => ("g", ""),
            MoveClass::Inaccuracy => ("i", "?!"),
            MoveClass::Mistake => ("m", "?"),
            MoveClass::Blunder => ("B", "??"),
        };
        assert_eq!(
            (row[0].as_str(), row[1].as_str()),
            (Some(code), Some(badge)),
            "ply {}",
            m.ply
        );
        let ref_text = row[2].as_str().unwrap();
        if m.class >= MoveClass::Inaccuracy {
            assert!(
                ref_text.contains(&format!("best {}", m.best)),
                "ply {}: {row}",
                m.ply
            );
        }
        assert_eq!(
            ref_text.contains("missed a win"),
            m.missed_win,
            "ply {}",
            m.ply
        );
    }

    // The standings: an accuracy column, each entrant's mean accuracy.
    let names: Vec<String> = vec![records[0].p1.clone(), records[0].p2.clone()];
    let acc = b.eval(
        "return Array.from(document.querySelectorAll('#standings-games tbody tr')).map(function (tr) {\
           return [tr.dataset.name, tr.querySelector('td.acc').textContent]; });",
        json!([]),
    );
    for row in acc.as_array().unwrap() {
        let name = row[0].as_str().unwrap();
        assert!(names.iter().any(|n| n == name));
        let mut mine = Vec::new();
        for (r, g) in records.iter().zip(&games) {
            for (k, p) in [&r.p1, &r.p2].into_iter().enumerate() {
                if p == name {
                    mine.extend(g.sides[k].accuracy.map(tenth));
                }
            }
        }
        let mean = mine.iter().sum::<f64>() / mine.len() as f64;
        assert_eq!(row[1], json!(format!("{mean:.1}")), "{name}");
    }
    let cells = b.eval(
        "return document.querySelector('#game-list tbody tr').cells.length;",
        json!([]),
    );
    assert_eq!(cells, json!(9), "the game list's accuracies");

    // Random's turning points: a link to the position before each.
    let link = b.eval(
        "var a = document.querySelector('.card[data-name=\"builtin:random\"] ol.turning a');\
         return a ? [+a.dataset.game, +a.dataset.ply] : null;",
        json!([]),
    );
    assert!(link.is_array(), "random's turning points");
    b.goto("about:blank");
    b.goto(&format!("{}#game=0", url(&page)));
    assert_eq!(board(&b)[1], json!(0), "#game=N alone: the start");
    b.click(".card[data-name=\"builtin:random\"] ol.turning a");
    let at = board(&b);
    assert_eq!((&at[0], &at[1]), (&link[0], &link[1]), "{at}");
    let g = &games[link[0].as_u64().unwrap() as usize];
    let m = &g.moves[link[1].as_u64().unwrap() as usize];
    assert_eq!(at[2], json!(m.best.to_string()));
}
