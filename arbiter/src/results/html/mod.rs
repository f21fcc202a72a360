//! The tournament as one web page: standings (as the terminal prints them,
//! for both scorings), the cross-table, an Elo chart, each entrant's faults,
//! depth, speed and time per move, and a viewer that replays every game.
//!
//! The page is one self-contained file (no network, no build step): the
//! tables and charts are written here in Rust; the games travel as JSON in
//! the page, and a small game-agnostic script ([`SCRIPT`]) lists and replays
//! them. Each game draws its own boards ([`tabula::game::svg::Draw`]): the
//! page holds a game's first drawing whole and then only the keyed parts
//! that change from move to move, every distinct key and part written once
//! for the whole page, so thousands of games stay small.
//!
//! What the page exposes for tests and scripts: `#board[data-ply]`,
//! `[data-plies]`, `[data-fen]` (the position string at the start and at the
//! end of the game), the standings tables `#standings-games` and
//! `#standings-points` (`data-scoring`, one `tr[data-name]` per entrant).

mod charts;

use crate::out::plural;
use crate::results::record::{GameKey, GameRecord};
use crate::results::report;
use crate::results::stats::{self, Scoring, Standing};
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::game::svg::{self, Part};
use tabula::game::AnyPosition;

/// The page's style sheet.
const STYLE: &str = include_str!("page.css");
/// The page's script: lists the games and replays them (knows no game).
pub(crate) const SCRIPT: &str = include_str!("page.js");

/// What the page is about.
#[derive(Clone, Debug)]
pub struct PageInfo {
    /// The heading (`knight round robin, 6 engines`).
    pub title: String,
    /// The entrants, in the tournament's order (names of the records).
    pub names: Vec<String>,
    /// How the standings rank (both tables are on the page; this one first).
    pub scoring: Scoring,
    /// The folder the page is written to (for links to traffic logs).
    pub folder: Option<PathBuf>,
}

impl PageInfo {
    /// The page of `records`, its entrants in the order they first appear.
    pub(crate) fn of_records(title: &str, records: &[GameRecord], scoring: Scoring) -> PageInfo {
        let mut names: Vec<String> = Vec::new();
        for r in records {
            for n in [&r.p1, &r.p2] {
                if !names.contains(n) {
                    names.push(n.clone());
                }
            }
        }
        PageInfo {
            title: title.to_string(),
            names,
            scoring,
            folder: None,
        }
    }
}

/// `arbiter report` options.
#[derive(clap::Args, Clone, Debug)]
pub struct ReportArgs {
    /// Results journals (JSONL, as written by --results); every game of
    /// every tournament in them.
    #[arg(required = true, value_name = "RESULTS")]
    pub(crate) results: Vec<PathBuf>,
    /// The page to write.
    #[arg(long, default_value = "report.html")]
    pub(crate) out: PathBuf,
    /// Which standings come first (both are on the page).
    #[arg(long, value_enum, default_value_t = Scoring::Games)]
    pub(crate) scoring: Scoring,
    /// The page's heading (default: the game and the entrants).
    #[arg(long)]
    pub(crate) title: Option<String>,
}

/// `arbiter report`: prints the standings as a tournament does and writes
/// the page.
pub fn run(args: ReportArgs) -> Result<std::process::ExitCode> {
    let records = load_journals(&args.results)?;
    if records.is_empty() {
        anyhow::bail!(
            "no game in {}",
            args.results
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut info = PageInfo::of_records("", &records, args.scoring);
    info.title = args.title.clone().unwrap_or_else(|| {
        let games: Vec<&str> = records.iter().map(|r| r.game.as_str()).collect();
        let mut distinct = games.clone();
        distinct.sort_unstable();
        distinct.dedup();
        title_of(&distinct.join(", "), &info.names, None)
    });
    let pairings: Vec<(usize, usize)> = (0..info.names.len())
        .flat_map(|a| (a + 1..info.names.len()).map(move |b| (a, b)))
        .collect();
    crate::out!(
        "{}",
        report::full_report(&info.names, &pairings, &records, args.scoring)
    );
    write(&args.out, &info, &records)?;
    crate::outln!(
        "wrote {} ({}, {} KiB)",
        args.out.display(),
        plural(records.len(), "game"),
        std::fs::metadata(&args.out).map_or(0, |m| m.len() / 1024)
    );
    Ok(std::process::ExitCode::SUCCESS)
}

/// The heading of a tournament's page: the game, the entrants and the time
/// control.
pub fn title(game: tabula::game::GameId, names: &[String], tc: &str) -> String {
    title_of(game.as_str(), names, Some(tc))
}

fn title_of(game: &str, names: &[String], tc: Option<&str>) -> String {
    let who = if names.len() <= 6 {
        names.join(", ")
    } else {
        format!("{} engines", names.len())
    };
    match tc {
        Some(tc) => format!("{game}: {who} ({tc})"),
        None => format!("{game}: {who}"),
    }
}

/// Reads the games of one or more results journals (JSONL), every
/// tournament in them, in order (a key repeated within a tournament: the
/// last line wins, as on resume). Lines that are not results are skipped
/// with a warning.
pub fn load_journals(paths: &[PathBuf]) -> Result<Vec<GameRecord>> {
    let mut records: Vec<GameRecord> = Vec::new();
    let mut seen: HashMap<(String, GameKey), usize> = HashMap::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read results '{}'", path.display()))?;
        let mut bad = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            match serde_json::from_str::<GameRecord>(line) {
                Ok(r) => match seen.get(&(r.tournament.clone(), r.key)) {
                    Some(&i) => records[i] = r,
                    None => {
                        seen.insert((r.tournament.clone(), r.key), records.len());
                        records.push(r);
                    }
                },
                Err(_) => bad += 1,
            }
        }
        if bad > 0 {
            log::warn!(
                "{}: {} skipped (not a results line)",
                path.display(),
                plural(bad, "line")
            );
        }
    }
    Ok(records)
}

/// Writes the page of `records` to `path` (a temporary file, then renamed:
/// a browser never sees half a page).
pub fn write(path: &Path, info: &PageInfo, records: &[GameRecord]) -> Result<()> {
    let mut info = info.clone();
    if info.folder.is_none() {
        info.folder = path
            .parent()
            .map(|d| {
                if d.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    d
                }
            })
            .map(Path::to_path_buf);
    }
    let page = render(&info, records);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, page)
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot write the page '{}'", path.display()))
}

/// A page rewritten while a tournament runs (`--html-live`): after a
/// finished game, unless the last rewrite was recent — at most once a
/// second, and never taking more than a fifth of the time, so a long
/// tournament is not slowed by its page.
#[derive(Clone, Debug)]
pub struct Live {
    pub(crate) path: PathBuf,
    pub(crate) info: PageInfo,
    /// Games of earlier rounds (a Swiss), shown with the round under way.
    pub(crate) earlier: Vec<GameRecord>,
    next: Option<Instant>,
}

impl Live {
    /// A live page at `path`.
    pub fn new(path: PathBuf, info: PageInfo) -> Live {
        Live {
            path,
            info,
            earlier: Vec::new(),
            next: None,
        }
    }

    /// Called after each finished game with the games so far.
    pub(crate) fn game_finished(&mut self, records: &[GameRecord]) {
        if self.next.is_some_and(|t| Instant::now() < t) {
            return;
        }
        let started = Instant::now();
        let all: Vec<GameRecord> = self.earlier.iter().chain(records).cloned().collect();
        if let Err(e) = write(&self.path, &self.info, &all) {
            log::warn!("{e:#}");
        }
        let took = started.elapsed();
        self.next = Some(Instant::now() + (4 * took).max(Duration::from_secs(1)));
    }
}

/// Escapes text for HTML.
pub(crate) fn escape(text: &str) -> String {
    svg::escape(text)
}

/// The whole page.
pub(crate) fn render(info: &PageInfo, records: &[GameRecord]) -> String {
    let mut body = String::new();
    let games_word = plural(records.len(), "game");
    let _ = write!(
        body,
        "<header><h1>{}</h1><p class=\"sub\">{games_word}; game ends: {}</p>\
         <nav><a href=\"#standings\">standings</a> <a href=\"#cross\">cross-table</a> \
         <a href=\"#elo\">Elo</a> <a href=\"#entrants\">entrants</a> \
         <a href=\"#games\">games</a> <a href=\"#viewer\">viewer</a></nav></header>",
        escape(&info.title),
        escape(&report::reasons(records)),
    );
    let order = [info.scoring, other(info.scoring)];
    let tables: Vec<(Scoring, Vec<Standing>)> = order
        .iter()
        .map(|&s| (s, stats::standings(&info.names, records, s)))
        .collect();
    body.push_str("<section id=\"standings\"><h2>Standings</h2><div class=\"tabs\">");
    for (k, (s, _)) in tables.iter().enumerate() {
        let _ = write!(
            body,
            "<button class=\"tab{}\" data-show=\"standings-{}\">ranked by {}</button>",
            if k == 0 { " on" } else { "" },
            s.as_str(),
            match s {
                Scoring::Games => "game points",
                Scoring::Points => "pair points (duplicate)",
            }
        );
    }
    body.push_str("</div>");
    for (k, (s, table)) in tables.iter().enumerate() {
        standings_html(&mut body, table, *s, k == 0);
    }
    body.push_str("</section>");
    let (scoring, table) = (&tables[0].0, &tables[0].1);
    cross_html(&mut body, table, records, *scoring);
    body.push_str("<section id=\"elo\"><h2>Elo against the field</h2>");
    body.push_str(&charts::elo_chart(table, *scoring));
    body.push_str("</section>");
    body.push_str("<section id=\"entrants\"><h2>Entrants</h2><div class=\"cards\">");
    let moves = movers(records);
    for s in table {
        charts::entrant_card(&mut body, s, records, &moves, info.folder.as_deref());
    }
    body.push_str("</div></section>");
    body.push_str(
        "<section id=\"games\"><h2>Games</h2><p id=\"games-filter\"></p>\
         <div class=\"scroll\"><table id=\"game-list\"><thead><tr><th>game</th><th>player 1</th>\
         <th>player 2</th><th>score</th><th>result</th><th>end</th><th>plies</th></tr></thead>\
         <tbody></tbody></table></div><p id=\"games-more\"></p></section>\
         <section id=\"viewer\"><h2>Game viewer</h2><p id=\"viewer-title\">Choose a game above \
         (or a cell of the cross-table).</p><div class=\"viewer\"><div class=\"boardcol\">\
         <div id=\"board\" data-ply=\"0\" data-plies=\"0\" data-fen=\"\"></div>\
         <div class=\"controls\"><button id=\"first\" title=\"first (Home)\">«</button>\
         <button id=\"prev\" title=\"back (←)\">‹</button><span id=\"plyno\">-</span>\
         <button id=\"next\" title=\"forward (→)\">›</button><button id=\"last\" title=\"last (End)\">»</button></div>\
         <svg id=\"scoregraph\" viewBox=\"0 0 400 120\" preserveAspectRatio=\"none\"></svg>\
         <p class=\"note\">The score graph: each move's reported score, from player 1's side \
         (blue above the line: player 1 better).</p></div>\
         <div class=\"movecol\"><div class=\"scroll moves\"><table id=\"moves\"><thead><tr><th>#</th>\
         <th>side</th><th>move</th><th>ms</th><th>depth</th><th>score</th><th>nodes</th></tr>\
         </thead><tbody></tbody></table></div><p id=\"game-end\"></p></div></div></section>",
    );
    let data = page_data(info, records, &moves);
    let json = serde_json::to_string(&data)
        .unwrap_or_else(|_| "{}".into())
        // Inside <script>: no `</` (would end it), no `<!--` (would start
        // the double-escaped state); both stay the same JSON strings.
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--");
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}{}</style></head><body>{body}\
         <script type=\"application/json\" id=\"tabula-data\">{json}</script>\
         <script>{SCRIPT}</script></body></html>\n",
        escape(&info.title),
        svg::SVG_STYLE,
    )
}

fn other(s: Scoring) -> Scoring {
    match s {
        Scoring::Games => Scoring::Points,
        Scoring::Points => Scoring::Games,
    }
}

/// One standings table, with its method as the terminal states it.
fn standings_html(out: &mut String, table: &[Standing], scoring: Scoring, shown: bool) {
    let (heads, rows, legend) = report::standings_cells(table);
    let _ = write!(
        out,
        "<div class=\"standings\" id=\"standings-{0}\" data-scoring=\"{0}\"{1}>\
         <pre class=\"method\">{2}</pre><div class=\"scroll\"><table><thead>\
         <tr><th colspan=\"2\"></th><th colspan=\"9\">games</th><th colspan=\"9\">pairs</th><th></th></tr><tr>",
        scoring.as_str(),
        if shown { "" } else { " hidden" },
        escape(report::standings_header(table, scoring).trim_end()),
    );
    for (k, h) in heads.iter().enumerate() {
        let _ = write!(out, "<th class=\"c{k}\">{}</th>", escape(h));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &rows {
        let _ = write!(out, "<tr data-name=\"{}\">", escape(&row[1]));
        for (k, cell) in row.iter().enumerate() {
            let _ = write!(out, "<td class=\"c{k}\">{}</td>", escape(cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    if legend {
        let _ = write!(
            out,
            "<p class=\"note\">{}</p>",
            escape(report::INTERVAL_LEGEND)
        );
    }
    out.push_str("</div>");
}

/// The cross-table in ranking order; each cell lists that pairing's games.
fn cross_html(out: &mut String, table: &[Standing], records: &[GameRecord], scoring: Scoring) {
    let pairs = stats::pairs(records);
    let _ = write!(
        out,
        "<section id=\"cross\"><h2>Cross-table</h2><p class=\"note\">{}; click a cell for \
         the games of the pairing.</p><div class=\"scroll\"><table class=\"cross\"><thead><tr>\
         <th>rank</th><th>name</th>",
        match scoring {
            Scoring::Games => "the row's points against the column / games",
            Scoring::Points => "the row's pair points against the column / pairs",
        }
    );
    for i in 0..table.len() {
        let _ = write!(out, "<th>#{}</th>", i + 1);
    }
    out.push_str("</tr></thead><tbody>");
    for (i, a) in table.iter().enumerate() {
        let _ = write!(out, "<tr><td>#{}</td><td>{}</td>", i + 1, escape(&a.name));
        for (j, b) in table.iter().enumerate() {
            if i == j {
                out.push_str("<td class=\"self\">-</td>");
                continue;
            }
            let (pts, n) = match scoring {
                Scoring::Games => stats::head_to_head(&a.name, &b.name, records),
                Scoring::Points => stats::pair_head_to_head(&a.name, &b.name, &pairs),
            };
            if n == 0 {
                out.push_str("<td>.</td>");
            } else {
                let _ = write!(
                    out,
                    "<td><button class=\"pairing\" data-a=\"{}\" data-b=\"{}\">{pts}/{n}</button></td>",
                    escape(&a.name),
                    escape(&b.name)
                );
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div></section>");
}

/// The mover of each ply of each game (player 1 or 2), from a replay.
pub(crate) fn movers(records: &[GameRecord]) -> Vec<Vec<u8>> {
    records
        .iter()
        .map(|r| {
            let Ok(mut pos) = AnyPosition::from_fen(&r.start) else {
                return Vec::new();
            };
            let mut who = Vec::with_capacity(r.moves.len());
            for m in &r.moves {
                who.push(pos.side_to_move().index() as u8 + 1);
                if pos.play_text(m).is_err() {
                    break;
                }
            }
            who
        })
        .collect()
}

/// The JSON of the page: the names, the parts' tables and the games.
#[derive(Serialize)]
struct Data<'a> {
    names: &'a [String],
    /// Every distinct part key.
    keys: Vec<String>,
    /// Every distinct part markup.
    parts: Vec<String>,
    games: Vec<GameData<'a>>,
}

/// One game of the page (short field names: thousands of games).
#[derive(Serialize)]
struct GameData<'a> {
    key: &'a GameKey,
    game: &'a str,
    p1: &'a str,
    p2: &'a str,
    winner: crate::results::result::Winner,
    reason: crate::results::result::Reason,
    #[serde(skip_serializing_if = "Option::is_none")]
    offender: Option<crate::results::result::Offender>,
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<&'a str>,
    scores: [u32; 2],
    /// The moves, space-separated.
    moves: String,
    /// The mover of each ply, `1` or `2`.
    who: String,
    times: &'a [u64],
    depth: Vec<Option<u64>>,
    score: Vec<Option<i64>>,
    nodes: Vec<Option<u64>>,
    /// The drawing's size.
    size: (u32, u32),
    /// The start's parts: key index, part index, … .
    first: Vec<u32>,
    /// Per move: the changed parts (key index, part index), a removed
    /// part's index being -1.
    changes: Vec<Vec<i64>>,
    start: &'a str,
    end: String,
}

/// Interns strings: each distinct one once, by index.
#[derive(Default)]
struct Table {
    index: HashMap<String, u32>,
    list: Vec<String>,
}

impl Table {
    fn id(&mut self, s: &str) -> u32 {
        if let Some(&i) = self.index.get(s) {
            return i;
        }
        let i = self.list.len() as u32;
        self.index.insert(s.to_string(), i);
        self.list.push(s.to_string());
        i
    }
}

/// A game's drawings, reduced to what the page stores: the first
/// position's parts and each move's changed parts (`None`: removed).
struct Encoded {
    size: (u32, u32),
    first: Vec<Part>,
    changes: Vec<Vec<(String, Option<String>)>>,
    end: String,
}

fn encode(r: &GameRecord) -> Option<Encoded> {
    let replay = AnyPosition::from_fen(&r.start).ok()?.svg_frames(&r.moves);
    let changes = replay
        .frames
        .windows(2)
        .map(|w| diff(&w[0], &w[1]))
        .collect();
    let mut frames = replay.frames;
    Some(Encoded {
        size: replay.size,
        first: std::mem::take(&mut frames[0]),
        changes,
        end: replay.end,
    })
}

/// [`encode`] on every game, on every core (the drawing of every position
/// is most of the time a page takes).
fn encode_all(records: &[GameRecord]) -> Vec<Option<Encoded>> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = records.len().div_ceil(workers).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(encode).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn page_data<'a>(info: &'a PageInfo, records: &'a [GameRecord], who: &[Vec<u8>]) -> Data<'a> {
    let (mut keys, mut parts) = (Table::default(), Table::default());
    let mut games = Vec::with_capacity(records.len());
    for ((r, who), enc) in records.iter().zip(who).zip(encode_all(records)) {
        let (size, first, changes, end) = match enc {
            Some(e) => {
                let mut first = Vec::new();
                for p in &e.first {
                    first.push(keys.id(&p.key));
                    first.push(parts.id(&p.svg));
                }
                let changes = e
                    .changes
                    .iter()
                    .map(|c| {
                        c.iter()
                            .flat_map(|(k, v)| {
                                let v = v.as_ref().map_or(-1, |v| i64::from(parts.id(v)));
                                [i64::from(keys.id(k)), v]
                            })
                            .collect()
                    })
                    .collect();
                (e.size, first, changes, e.end)
            }
            None => ((0, 0), Vec::new(), Vec::new(), String::new()),
        };
        games.push(GameData {
            key: &r.key,
            game: &r.game,
            p1: &r.p1,
            p2: &r.p2,
            winner: r.winner,
            reason: r.reason,
            offender: r.offender,
            detail: r.detail.as_deref(),
            scores: [r.score1, r.score2],
            moves: r.moves.join(" "),
            who: who.iter().map(|w| char::from(b'0' + w)).collect(),
            times: &r.times_ms,
            depth: r.info.iter().map(|i| i.depth).collect(),
            score: r.info.iter().map(|i| i.score).collect(),
            nodes: r.info.iter().map(|i| i.nodes).collect(),
            size,
            first,
            changes,
            start: &r.start,
            end,
        });
    }
    Data {
        names: &info.names,
        keys: keys.list,
        parts: parts.list,
        games,
    }
}

/// The parts of `b` that differ from `a`'s (`Some`), and `a`'s parts that
/// are gone (`None`).
fn diff(a: &[Part], b: &[Part]) -> Vec<(String, Option<String>)> {
    // The usual case: the same keys in the same order.
    if a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.key == y.key) {
        return a
            .iter()
            .zip(b)
            .filter(|(x, y)| x.svg != y.svg)
            .map(|(_, y)| (y.key.clone(), Some(y.svg.clone())))
            .collect();
    }
    let before: HashMap<&str, &str> = a.iter().map(|p| (p.key.as_str(), p.svg.as_str())).collect();
    let mut out = Vec::new();
    for p in b {
        if before.get(p.key.as_str()) != Some(&p.svg.as_str()) {
            out.push((p.key.clone(), Some(p.svg.clone())));
        }
    }
    let after: std::collections::HashSet<&str> = b.iter().map(|p| p.key.as_str()).collect();
    for p in a {
        if !after.contains(p.key.as_str()) {
            out.push((p.key.clone(), None));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = include_str!("../../../tests/data/journal.jsonl");

    fn records() -> Vec<GameRecord> {
        OLD.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    /// The JSON inside the page, as the script reads it.
    fn data_of(page: &str) -> serde_json::Value {
        let open = "<script type=\"application/json\" id=\"tabula-data\">";
        let start = page.find(open).unwrap() + open.len();
        let end = start + page[start..].find("</script>").unwrap();
        serde_json::from_str(&page[start..end]).unwrap()
    }

    #[test]
    fn engine_text_cannot_break_out_of_the_page() {
        let mut rs = records();
        rs[0].detail = Some("</script><!--<script>alert(1)</script>".into());
        rs[0].p1 = "<b>&\"x\"".into();
        let info = PageInfo::of_records("t", &rs, Scoring::Games);
        let page = render(&info, &rs);
        let html = &page[..page.find("<script").unwrap()];
        assert!(!html.contains("<b>&"), "names are escaped in the HTML");
        assert!(html.contains("&lt;b&gt;&amp;&quot;x&quot;"));
        let data = data_of(&page);
        assert_eq!(data["games"][0]["detail"], rs[0].detail.clone().unwrap());
        assert_eq!(data["games"][0]["p1"], "<b>&\"x\"");
        assert_eq!(data["games"].as_array().unwrap().len(), rs.len());
        assert_eq!(
            page.matches("</script>").count(),
            2,
            "only the page's own scripts end"
        );
        assert!(!page.contains("<!--"));
    }

    #[test]
    fn each_move_stores_what_changed() {
        let part = |k: &str, v: &str| Part::new(k, v);
        let a = [part("0", "bg"), part("1", "x"), part("2", "y")];
        let same_keys = [part("0", "bg"), part("1", "x2"), part("2", "y")];
        assert_eq!(diff(&a, &same_keys), vec![("1".into(), Some("x2".into()))]);
        let other = [part("0", "bg"), part("2", "y"), part("3", "z")];
        assert_eq!(
            diff(&a, &other),
            vec![("3".into(), Some("z".into())), ("1".into(), None)]
        );
        // A whole game: replaying the changes gives every position's parts.
        let rs = records();
        let r = rs.iter().max_by_key(|r| r.moves.len()).unwrap();
        let e = encode(r).unwrap();
        let frames = AnyPosition::from_fen(&r.start)
            .unwrap()
            .svg_frames(&r.moves)
            .frames;
        let mut at: HashMap<String, String> = e
            .first
            .iter()
            .map(|p| (p.key.clone(), p.svg.clone()))
            .collect();
        for (change, frame) in e.changes.iter().zip(&frames[1..]) {
            for (k, v) in change {
                match v {
                    Some(v) => at.insert(k.clone(), v.clone()),
                    None => at.remove(k),
                };
            }
            let want: HashMap<String, String> = frame
                .iter()
                .map(|p| (p.key.clone(), p.svg.clone()))
                .collect();
            assert_eq!(at, want);
        }
    }

    #[test]
    fn a_live_page_is_rewritten_at_most_once_a_second() {
        let dir = std::env::temp_dir().join(format!("html-live-{}", std::process::id()));
        let path = dir.join("live.html");
        let rs = records();
        let mut live = Live::new(path.clone(), PageInfo::of_records("t", &rs, Scoring::Games));
        live.earlier = rs[..2].to_vec();
        live.game_finished(&rs[2..3]);
        let first = std::fs::read_to_string(&path).unwrap();
        assert_eq!(data_of(&first)["games"].as_array().unwrap().len(), 3);
        std::fs::remove_file(&path).unwrap();
        live.game_finished(&rs[2..4]);
        assert!(!path.exists(), "not again within the second");
        live.next = Some(Instant::now());
        live.game_finished(&rs[2..4]);
        let again = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(data_of(&again)["games"].as_array().unwrap().len(), 4);
    }
}
