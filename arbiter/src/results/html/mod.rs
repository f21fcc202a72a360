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
//! With an analysis by the reference ([`Analyses`], `arbiter report
//! --analysis`), an analysed game's score graph is player 1's winning
//! chances with its marked moves, the move list classes each move, the board
//! shows the reference's best move where a marked move was played, and the
//! standings, the game list and the entrants' cards gain the accuracy and
//! each entrant's turning points. Without one the page has none of these.
//!
//! What the page exposes for tests and scripts: `#board[data-ply]`,
//! `[data-plies]`, `[data-fen]` (the position string at the start and at the
//! end of the game), `[data-game]` (the game shown) and `[data-best]` (the
//! reference's best move drawn over the board, empty when none); the
//! standings tables `#standings-games` and `#standings-points`
//! (`data-scoring`, one `tr[data-name]` per entrant, `td.acc` and
//! `td.blunders` with an analysis); the score graph's `[data-line]` paths
//! (`win`, `scores`), `[data-mark-ply]` marks and `[data-tp-ply]` turning
//! point; `#moves tr[data-cls]` (the class's code, below). The address
//! `#game=N` opens the page's game `N` (0-based, in the order of the results
//! read, as `window.tabula.data.games`) at its start, and `#game=N&ply=K` at
//! the position after `K` moves — before move `K` (0-based, the analysis's
//! `ply`), so a marked move's best move is on the board.

mod charts;
mod similar;

pub use similar::Similarity;

use crate::i18n::{Arg, Texts};
use crate::out::plural;
use crate::results::analysis::{self, Analyses, EntrantAnalysis, Review};
use crate::results::journal;
use crate::results::record::{GameKey, GameRecord};
use crate::results::report;
use crate::results::stats::{self, Scoring, Standing};
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabula::analysis::MoveClass;
use tabula::game::svg::{self, Part};
use tabula::games::AnyPosition;

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
    /// The pairs of `arbiter similarity`, for the "Copied work" section.
    pub similarity: Option<Similarity>,
    /// The page's language (`en`; `pt` under `arbiter grade`): its words
    /// are `arbiter/locales/<lang>/report.ftl`.
    pub lang: String,
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
            similarity: None,
            lang: "en".into(),
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
    /// An analysis file to show (JSONL, written by `arbiter analyse` or
    /// --analyse); repeat the option for more. Without it, each results
    /// file's own analysis is shown when it exists: the file beside it with
    /// `.jsonl` replaced by `.analysis.jsonl` (`r.jsonl` → `r.analysis.jsonl`).
    #[arg(long, value_name = "FILE")]
    pub(crate) analysis: Vec<PathBuf>,
    /// Show no analysis, not even the files beside the results.
    #[arg(long, conflicts_with = "analysis")]
    pub(crate) no_analysis: bool,
    /// The pairs of `arbiter similarity` (its --out CSV): a "Copied work"
    /// section with the flagged pairs.
    #[arg(long, value_name = "PAIRS.CSV")]
    pub(crate) similarity: Option<PathBuf>,
    /// The link from that section to the similarity run's own page (its
    /// --html), relative to this page.
    #[arg(long, value_name = "URL", requires = "similarity")]
    pub(crate) similarity_page: Option<String>,
    /// The page's language: en or pt.
    #[arg(long, default_value = "en", value_parser = ["en", "pt"])]
    pub(crate) lang: String,
}

/// The analysis file that goes with a results file when none is named:
/// `r.jsonl` → `r.analysis.jsonl` (another name gets `.analysis.jsonl`
/// appended).
pub(crate) fn analysis_beside(results: &Path) -> PathBuf {
    let name = match results.extension() {
        Some(ext) if ext == "jsonl" => results.with_extension(""),
        _ => results.to_path_buf(),
    };
    let mut name = name.into_os_string();
    name.push(".analysis.jsonl");
    PathBuf::from(name)
}

/// `arbiter report`: prints the standings as a tournament does and writes
/// the page.
pub fn run(args: ReportArgs) -> Result<std::process::ExitCode> {
    {
        use crate::paths::Named;
        let mut inputs: Vec<Named> = args
            .results
            .iter()
            .map(|p| Named::file("a results file", p))
            .collect();
        inputs.extend(args.analysis.iter().map(|p| Named::file("--analysis", p)));
        inputs.extend(
            args.similarity
                .as_deref()
                .map(|p| Named::file("--similarity", p)),
        );
        let beside: Vec<PathBuf> = args.results.iter().map(|r| analysis_beside(r)).collect();
        inputs.extend(
            beside
                .iter()
                .filter(|_| !args.no_analysis)
                .map(|p| Named::file("an analysis file", p)),
        );
        crate::paths::check(&inputs, &[Named::file("--out", &args.out)])?;
    }
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
    info.lang = args.lang.clone();
    if let Some(csv) = &args.similarity {
        info.similarity = Some(Similarity::load(csv, args.similarity_page.clone())?);
    }
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
    let files: Vec<PathBuf> = if args.no_analysis {
        Vec::new()
    } else if args.analysis.is_empty() {
        args.results
            .iter()
            .map(|r| analysis_beside(r))
            .filter(|a| a.is_file())
            .collect()
    } else {
        args.analysis.clone()
    };
    for f in &args.analysis {
        if !f.exists() {
            anyhow::bail!("no analysis file '{}'", f.display());
        }
    }
    let analyses = Analyses::load_all(&files)?;
    crate::out!(
        "{}",
        report::full_report(&info.names, &pairings, &records, args.scoring)
    );
    crate::out!("{}", analysis::table(&info.names, &records, &analyses));
    if !files.is_empty() {
        let shown = records.iter().filter(|r| analyses.has(r)).count();
        crate::outln!(
            "analysis: {} of {} shown (from {})",
            plural(shown, "game"),
            records.len(),
            files
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    write(&args.out, &info, &records, Some(&analyses))?;
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
pub fn title(game: tabula::games::GameId, names: &[String], tc: &str) -> String {
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
/// last line wins, as on resume). Each line is replayed by the rules as
/// resume replays it: a line that is not a results line, not UTF-8, or
/// whose game does not replay is told by key on stderr and left out.
pub fn load_journals(paths: &[PathBuf]) -> Result<Vec<GameRecord>> {
    let checked = journal::read_checked(paths)?;
    journal::tell_untrusted(&checked.untrusted, "left out");
    let mut records: Vec<GameRecord> = Vec::new();
    let mut seen: HashMap<(String, GameKey), usize> = HashMap::new();
    for (r, _) in checked.records {
        match seen.get(&(r.tournament.clone(), r.key)) {
            Some(&i) => records[i] = r,
            None => {
                seen.insert((r.tournament.clone(), r.key), records.len());
                records.push(r);
            }
        }
    }
    Ok(records)
}

/// Writes the page of `records` to `path` (a temporary file, then renamed:
/// a browser never sees half a page), with the analysis of those of them
/// that `analyses` holds.
pub fn write(
    path: &Path,
    info: &PageInfo,
    records: &[GameRecord],
    analyses: Option<&Analyses>,
) -> Result<()> {
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
    let page = render(&info, records, analyses);
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
///
/// It shows the analyses it holds: those given at the start
/// ([`Live::set_analyses`], e.g. an analysis file being continued) and each
/// game's added as it is analysed (`Live::add_analysis`, by the `--analyse` sink), from the next
/// rewrite on.
#[derive(Clone, Debug)]
pub struct Live {
    pub(crate) path: PathBuf,
    pub(crate) info: PageInfo,
    /// Games of earlier rounds (a Swiss), shown with the round under way.
    pub(crate) earlier: Vec<GameRecord>,
    /// The analyses shown (of any game; a game shows its own only).
    pub(crate) analyses: Analyses,
    next: Option<Instant>,
}

impl Live {
    /// A live page at `path`.
    pub fn new(path: PathBuf, info: PageInfo) -> Live {
        Live {
            path,
            info,
            earlier: Vec::new(),
            analyses: Analyses::default(),
            next: None,
        }
    }

    /// Shows `analyses` (replacing those held).
    pub fn set_analyses(&mut self, analyses: Analyses) {
        self.analyses = analyses;
    }

    /// Adds the analysis of a game, as its lines ([`analysis::lines_of`]),
    /// shown from the next rewrite on.
    pub(crate) fn add_analysis(&mut self, lines: Vec<analysis::Line>) {
        self.analyses.insert(lines);
    }

    /// Called after each finished game with the games so far.
    pub(crate) fn game_finished(&mut self, records: &[GameRecord]) {
        if self.next.is_some_and(|t| Instant::now() < t) {
            return;
        }
        let started = Instant::now();
        let all: Vec<GameRecord> = self.earlier.iter().chain(records).cloned().collect();
        if let Err(e) = write(&self.path, &self.info, &all, Some(&self.analyses)) {
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

/// The whole page (with the analyses `analyses` holds of `records`).
pub(crate) fn render(
    info: &PageInfo,
    records: &[GameRecord],
    analyses: Option<&Analyses>,
) -> String {
    let none = Analyses::default();
    let analyses = analyses.unwrap_or(&none);
    let reviews: Vec<Option<&Review>> = records.iter().map(|r| analyses.get(r)).collect();
    let analysed = reviews.iter().any(Option::is_some);
    // Each entrant's analysed moves, in the order of `info.names`.
    let by_entrant = analysed.then(|| analysis::by_entrant(&info.names, records, analyses));
    let by_entrant = by_entrant.as_deref();
    let t = texts(&info.lang);
    let l = |id: &str| escape(&t.get(id, &[]));
    let mut body = header(info, records, &t);
    let order = [info.scoring, other(info.scoring)];
    let tables: Vec<(Scoring, Vec<Standing>)> = order
        .iter()
        .map(|&s| (s, stats::standings(&info.names, records, s)))
        .collect();
    standings_section(&mut body, &tables, by_entrant, &t);
    let (scoring, table) = (&tables[0].0, &tables[0].1);
    cross_html(&mut body, table, records, *scoring, &t);
    let _ = write!(body, "<section id=\"elo\"><h2>{}</h2>", l("report-elo"));
    body.push_str(&charts::elo_chart(table, *scoring, &t));
    body.push_str("</section>");
    let _ = write!(
        body,
        "<section id=\"entrants\"><h2>{}</h2><div class=\"cards\">",
        l("report-entrants")
    );
    let moves = movers(records);
    for s in table {
        charts::entrant_card(&mut body, s, records, &moves, info.folder.as_deref(), &t);
        if let Some(rows) = by_entrant {
            let row = rows.iter().find(|e| e.name == s.name);
            let worst = analysis::worst_moves(&s.name, records, analyses, 5);
            charts::turning_points(&mut body, row, &worst, records, &t);
        }
        body.push_str("</div>");
    }
    body.push_str("</div></section>");
    if let Some(pairs) = &info.similarity {
        similar::section(&mut body, pairs);
    }
    games_and_viewer(&mut body, analysed, &t);
    let data = page_data(info, records, &reviews, &moves, &t);
    let json = serde_json::to_string(&data)
        .unwrap_or_else(|_| "{}".into())
        // Inside <script>: no `</` (would end it), no `<!--` (would start
        // the double-escaped state); both stay the same JSON strings.
        .replace("</", "<\\/")
        .replace("<!--", "\\u003c!--");
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}{}</style></head><body>{body}\
         <script type=\"application/json\" id=\"tabula-data\">{json}</script>\
         <script>{SCRIPT}</script></body></html>\n",
        t.lang(),
        escape(&info.title),
        svg::SVG_STYLE,
    )
}

/// The page's heading: the title, how the games ended, the links.
fn header(info: &PageInfo, records: &[GameRecord], t: &Texts) -> String {
    let l = |id: &str| escape(&t.get(id, &[]));
    let mut body = String::new();
    let _ = write!(
        body,
        "<header><h1>{}</h1><p class=\"sub\">{}</p>\
         <nav><a href=\"#standings\">{}</a> <a href=\"#cross\">{}</a> \
         <a href=\"#elo\">{}</a> <a href=\"#entrants\">{}</a> \
         <a href=\"#games\">{}</a> <a href=\"#viewer\">{}</a>{}</nav></header>",
        escape(&info.title),
        escape(&t.get(
            "report-sub",
            &[
                ("n", records.len().into()),
                ("reasons", Arg::Text(reasons(records, t)))
            ]
        )),
        l("report-nav-standings"),
        l("report-nav-cross"),
        l("report-nav-elo"),
        l("report-nav-entrants"),
        l("report-nav-games"),
        l("report-nav-viewer"),
        if info.similarity.is_some() {
            format!(
                " <a href=\"#similarity\">{}</a>",
                l("report-nav-similarity")
            )
        } else {
            String::new()
        },
    );
    body
}

/// The standings, one tab per scoring.
fn standings_section(
    body: &mut String,
    tables: &[(Scoring, Vec<Standing>)],
    by_entrant: Option<&[EntrantAnalysis]>,
    t: &Texts,
) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let _ = write!(
        body,
        "<section id=\"standings\"><h2>{}</h2><div class=\"tabs\">",
        l("report-standings")
    );
    for (k, (s, _)) in tables.iter().enumerate() {
        let how = match s {
            Scoring::Games => "report-ranked-games",
            Scoring::Points => "report-ranked-points",
        };
        let _ = write!(
            body,
            "<button class=\"tab{}\" data-show=\"standings-{}\">{}</button>",
            if k == 0 { " on" } else { "" },
            s.as_str(),
            escape(&t.get("report-ranked-by", &[("how", Arg::Text(t.get(how, &[])))]))
        );
    }
    body.push_str("</div>");
    for (k, (s, table)) in tables.iter().enumerate() {
        standings_html(body, table, *s, k == 0, by_entrant, t);
    }
    body.push_str("</section>");
}

/// The texts of `lang` (English when there are none).
fn texts(lang: &str) -> Texts {
    Texts::new(lang).unwrap_or_else(|_| Texts::new("en").expect("the English texts parse"))
}

/// How the games ended, reason by reason, in words: `normal 20, timeout 2`.
fn reasons(records: &[GameRecord], t: &Texts) -> String {
    let mut by: std::collections::BTreeMap<&str, u32> = std::collections::BTreeMap::new();
    for r in records {
        *by.entry(r.reason.as_str()).or_default() += 1;
    }
    by.iter()
        .map(|(k, v)| format!("{} {v}", t.get(&format!("check-reason-{k}"), &[])))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The list of the games and the viewer (filled by the script).
fn games_and_viewer(body: &mut String, analysed: bool, t: &Texts) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let _ = write!(
        body,
        "<section id=\"games\"><h2>{}</h2><p id=\"games-filter\"></p>\
         <div class=\"scroll\"><table id=\"game-list\"><thead><tr><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th>{}</tr></thead>\
         <tbody></tbody></table></div><p id=\"games-more\"></p></section>",
        l("report-games"),
        l("report-col-game"),
        l("report-col-p1"),
        l("report-col-p2"),
        l("report-col-score"),
        l("report-col-result"),
        l("report-col-end"),
        l("report-col-plies"),
        if analysed {
            format!(
                "<th title=\"{}\">{}</th><th title=\"{}\">{}</th>",
                l("report-acc1-title"),
                l("report-col-acc1"),
                l("report-acc2-title"),
                l("report-col-acc2")
            )
        } else {
            String::new()
        }
    );
    let _ = write!(
        body,
        "<section id=\"viewer\"><h2>{}</h2><p id=\"viewer-title\">{}</p><div class=\"viewer\">\
         <div class=\"boardcol\">\
         <div id=\"board\" data-ply=\"0\" data-plies=\"0\" data-fen=\"\" data-best=\"\"></div>\
         <p id=\"best-caption\" class=\"best\"></p>\
         <div class=\"controls\"><button id=\"first\" title=\"{}\">«</button>\
         <button id=\"prev\" title=\"{}\">‹</button><span id=\"plyno\">-</span>\
         <button id=\"next\" title=\"{}\">›</button><button id=\"last\" title=\"{}\">»</button></div>\
         <svg id=\"scoregraph\" viewBox=\"0 0 400 120\" preserveAspectRatio=\"none\"></svg>\
         <label id=\"scores-toggle\" class=\"note\" hidden><input type=\"checkbox\" \
         id=\"show-scores\" checked> {}</label>\
         <p class=\"note\" id=\"graph-note\">{}</p></div>\
         <div class=\"movecol\"><div class=\"scroll moves\"><table id=\"moves\"><thead><tr><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>\
         </thead><tbody></tbody></table></div><p id=\"game-end\"></p></div></div></section>",
        l("report-viewer"),
        l("report-choose"),
        l("report-first"),
        l("report-back"),
        l("report-forward"),
        l("report-last"),
        l("report-own-scores"),
        l("report-graph-scores"),
        l("report-col-num"),
        l("report-col-side"),
        l("report-col-move"),
        l("report-col-ms"),
        l("report-col-depth"),
        l("report-col-score"),
        l("report-col-nodes"),
    );
}

fn other(s: Scoring) -> Scoring {
    match s {
        Scoring::Games => Scoring::Points,
        Scoring::Points => Scoring::Games,
    }
}

/// The message of a standings column's heading.
fn heading_id(h: &str) -> &'static str {
    match h {
        "rank" => "report-col-rank",
        "name" => "report-col-name",
        "games" => "report-col-games",
        "W" => "report-col-w",
        "D" => "report-col-d",
        "L" => "report-col-l",
        "points" => "report-col-points",
        "score" => "report-col-score",
        "elo" => "report-col-elo",
        "±95%" => "report-col-interval",
        "LOS" => "report-col-los",
        "pairs" => "report-col-pairs",
        "margin" => "report-col-margin",
        "faults" => "report-col-faults",
        _ => "report-col-own",
    }
}

/// How a standings table ranks, in words: its scoring and its columns.
fn method(table: &[Standing], scoring: Scoring, t: &Texts) -> String {
    let pairs: u32 = table.iter().map(|s| s.pairs).sum::<u32>() / 2;
    let games: u32 = table.iter().map(|s| s.games).sum::<u32>() / 2;
    let ranked = match scoring {
        Scoring::Games => t.get("report-method-games", &[("n", games.into())]),
        Scoring::Points => t.get("report-method-points", &[("n", pairs.into())]),
    };
    let columns = t.get(
        "report-method-columns",
        &[("games", games.into()), ("pairs", pairs.into())],
    );
    format!("{ranked}\n{columns}")
}

/// One standings table, with its method (and each entrant's accuracy and
/// blunders, given an analysis).
fn standings_html(
    out: &mut String,
    table: &[Standing],
    scoring: Scoring,
    shown: bool,
    analysed: Option<&[EntrantAnalysis]>,
    t: &Texts,
) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let (heads, rows, legend) = report::standings_cells(table);
    let _ = write!(
        out,
        "<div class=\"standings\" id=\"standings-{0}\" data-scoring=\"{0}\"{1}>\
         <pre class=\"method\">{2}</pre><div class=\"scroll\"><table><thead>\
         <tr><th colspan=\"2\"></th><th colspan=\"9\">{4}</th><th colspan=\"9\">{5}</th><th></th>{3}</tr><tr>",
        scoring.as_str(),
        if shown { "" } else { " hidden" },
        escape(method(table, scoring, t).trim_end()),
        if analysed.is_some() {
            format!("<th></th><th colspan=\"2\">{}</th>", l("report-group-reference"))
        } else {
            String::new()
        },
        l("report-group-games"),
        l("report-group-pairs"),
    );
    for (k, h) in heads.iter().enumerate() {
        let _ = write!(out, "<th class=\"c{k}\">{}</th>", l(heading_id(h)));
    }
    if analysed.is_some() {
        let _ = write!(
            out,
            "<th class=\"acc\" title=\"{}\">{}</th><th class=\"blunders\">{}</th>",
            l("report-acc-title"),
            l("report-accuracy"),
            l("report-blunders")
        );
    }
    out.push_str("</tr></thead><tbody>");
    for row in &rows {
        let _ = write!(out, "<tr data-name=\"{}\">", escape(&row[1]));
        for (k, cell) in row.iter().enumerate() {
            let _ = write!(out, "<td class=\"c{k}\">{}</td>", escape(cell));
        }
        if let Some(rows) = analysed {
            let e = rows
                .iter()
                .find(|e| e.name == row[1])
                .filter(|e| e.games > 0);
            let _ = write!(
                out,
                "<td class=\"acc\">{}</td><td class=\"blunders\">{}</td>",
                e.and_then(|e| e.accuracy)
                    .map_or("-".into(), |a| t.number(a, 1)),
                e.map_or("-".into(), |e| e.blunders.to_string()),
            );
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    if legend {
        let _ = write!(out, "<p class=\"note\">{}</p>", l("report-legend"));
    }
    out.push_str("</div>");
}

/// The cross-table in ranking order; each cell lists that pairing's games.
fn cross_html(
    out: &mut String,
    table: &[Standing],
    records: &[GameRecord],
    scoring: Scoring,
    t: &Texts,
) {
    let pairs = stats::pairs(records);
    let what = match scoring {
        Scoring::Games => "report-cross-games",
        Scoring::Points => "report-cross-points",
    };
    let _ = write!(
        out,
        "<section id=\"cross\"><h2>{}</h2><p class=\"note\">{}</p><div class=\"scroll\">\
         <table class=\"cross\"><thead><tr><th>{}</th><th>{}</th>",
        escape(&t.get("report-cross", &[])),
        escape(&t.get(
            "report-cross-note",
            &[("what", Arg::Text(t.get(what, &[])))]
        )),
        escape(&t.get("report-col-rank", &[])),
        escape(&t.get("report-col-name", &[])),
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
                    "<td><button class=\"pairing\" data-a=\"{}\" data-b=\"{}\">{}/{n}</button></td>",
                    escape(&a.name),
                    escape(&b.name),
                    t.number(pts, page_decimals(pts))
                );
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div></section>");
}

/// The decimals a half-point total needs (`2`, `1.5`).
fn page_decimals(x: f64) -> usize {
    usize::from(x.fract() != 0.0)
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
    /// True when a game is analysed (the game list shows the accuracies).
    #[serde(skip_serializing_if = "is_false")]
    analysed: bool,
    /// The words the script writes, in the page's language.
    t: HashMap<&'static str, String>,
}

fn is_false(b: &bool) -> bool {
    !*b
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
    /// The reference's analysis, when the game has one.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    review: Option<ReviewData>,
}

/// A game's analysis as the page draws it (the fields of [`GameData`]).
#[derive(Debug, Serialize)]
struct ReviewData {
    /// Player 1's winning chances (0–100, a tenth) at the start and after
    /// each move.
    win: Vec<f64>,
    /// Each move's class, one character each ([`class_code`]).
    cls: String,
    /// Each move's accuracy (0–100).
    acc: Vec<f64>,
    /// Player 1's and player 2's accuracy in the game (their own moves).
    sacc: [Option<f64>; 2],
    /// The turning point: the move (0-based) of the largest drop.
    #[serde(skip_serializing_if = "Option::is_none")]
    tp: Option<usize>,
    /// The marked moves (inaccuracies and worse), in order.
    best: Vec<BestData>,
    /// Moves that let a proven win go.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    mw: Vec<usize>,
    /// Moves the adapter chose, not the program (not counted).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rp: Vec<usize>,
}

/// A marked move: the reference's best move instead, and how the board
/// would look after it.
#[derive(Debug, Serialize)]
struct BestData {
    /// The move (0-based ply).
    p: usize,
    /// The reference's best move.
    m: String,
    /// The parts of the position after the best move that differ from the
    /// position before it (key index, part index, … as `first`).
    o: Vec<u32>,
}

/// One character per class: `b`est, `g`ood, `i`naccuracy, `m`istake,
/// `B`lunder.
fn class_code(class: MoveClass) -> char {
    match class {
        MoveClass::Best => 'b',
        MoveClass::Good => 'g',
        MoveClass::Inaccuracy => 'i',
        MoveClass::Mistake => 'm',
        MoveClass::Blunder => 'B',
    }
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
/// position's parts and each move's changed parts (`None`: removed), and
/// at each marked move of its review the parts the reference's best move
/// would change (by ply).
struct Encoded {
    size: (u32, u32),
    first: Vec<Part>,
    changes: Vec<Vec<(String, Option<String>)>>,
    end: String,
    best: HashMap<usize, Vec<Part>>,
}

fn encode(r: &GameRecord, review: Option<&Review>) -> Option<Encoded> {
    let marked: Vec<(usize, &str)> = review
        .iter()
        .flat_map(|rv| &rv.moves)
        .filter(|m| m.is_marked())
        .map(|m| (m.ply, m.best.as_str()))
        .collect();
    let (replay, others) = AnyPosition::from_fen(&r.start)
        .ok()?
        .svg_frames_with(&r.moves, &marked);
    let changes = replay
        .frames
        .windows(2)
        .map(|w| diff(&w[0], &w[1]))
        .collect();
    let best = marked
        .iter()
        .zip(others)
        .filter_map(|(&(ply, _), after)| {
            let before = replay.frames.get(ply)?;
            let changed = diff(before, &after?)
                .into_iter()
                .filter_map(|(key, svg)| Some(Part::new(key, svg?)))
                .collect();
            Some((ply, changed))
        })
        .collect();
    let mut frames = replay.frames;
    Some(Encoded {
        size: replay.size,
        first: std::mem::take(&mut frames[0]),
        changes,
        end: replay.end,
        best,
    })
}

/// [`encode`] on every game, on every core (the drawing of every position
/// is most of the time a page takes). A game whose drawing failed (a bug,
/// logged) is shown without its replay, as one that cannot be replayed.
fn encode_all(records: &[GameRecord], reviews: &[Option<&Review>]) -> Vec<Option<Encoded>> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    tabula::pool::run(
        records.len(),
        workers,
        || false,
        |i| encode(&records[i], reviews[i]),
    )
    .into_iter()
    .map(|outcome| outcome.and_then(Result::ok).flatten())
    .collect()
}

fn page_data<'a>(
    info: &'a PageInfo,
    records: &'a [GameRecord],
    reviews: &[Option<&Review>],
    who: &[Vec<u8>],
    t: &Texts,
) -> Data<'a> {
    let (mut keys, mut parts) = (Table::default(), Table::default());
    let mut games = Vec::with_capacity(records.len());
    let encoded = encode_all(records, reviews);
    for (((r, who), enc), review) in records.iter().zip(who).zip(encoded).zip(reviews) {
        let review = review.map(|rv| {
            let drawn = enc.as_ref().map(|e| &e.best);
            review_data(rv, drawn, &mut keys, &mut parts)
        });
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
            review,
        });
    }
    Data {
        names: &info.names,
        keys: keys.list,
        parts: parts.list,
        analysed: reviews.iter().any(Option::is_some),
        games,
        t: script_words(t),
    }
}

/// The words the script writes, in the page's language: each message with
/// its arguments as `{name}` for the script to fill in.
fn script_words(t: &Texts) -> HashMap<&'static str, String> {
    let hole = |name: &'static str| (name, Arg::Text(format!("{{{name}}}")));
    let with = |id: &str, names: &[&'static str]| {
        let args: Vec<(&str, Arg)> = names.iter().map(|n| hole(n)).collect();
        t.get(id, &args)
    };
    let mut w = HashMap::new();
    for (key, id, names) in [
        ("draw", "report-js-draw", &[][..]),
        ("won", "report-js-won", &["who"][..]),
        ("gamesOf", "report-js-games-of", &["a", "b"][..]),
        ("allGames", "report-js-all-games", &[][..]),
        ("seeAll", "report-js-see-all", &[][..]),
        ("showMore", "report-js-show-more", &["n", "of"][..]),
        (
            "best",
            "report-js-best",
            &["best", "played", "badge", "class"][..],
        ),
        (
            "title",
            "report-js-title",
            &["game", "key", "p1", "p2", "s1", "s2", "result"][..],
        ),
        ("accuracy", "report-js-accuracy", &["a1", "a2"][..]),
        ("reference", "report-js-reference", &[][..]),
        ("bestNote", "report-js-best-note", &["best"][..]),
        ("missedWin", "report-js-missed-win", &[][..]),
        ("replaced", "report-js-replaced", &[][..]),
        ("ended", "report-js-ended", &["reason"][..]),
        ("atFault", "report-js-at-fault", &["who"][..]),
        ("mark", "report-js-mark", &["n", "class"][..]),
        ("p1Full", "report-js-p1-full", &[][..]),
        ("noteScores", "report-graph-scores", &[][..]),
        ("noteWin", "report-graph-win", &[][..]),
        ("num", "report-col-num", &[][..]),
        ("side", "report-col-side", &[][..]),
        ("move", "report-col-move", &[][..]),
        ("accuracyCol", "report-accuracy", &[][..]),
        ("ms", "report-col-ms", &[][..]),
        ("depth", "report-col-depth", &[][..]),
        ("score", "report-col-score", &[][..]),
        ("nodes", "report-col-nodes", &[][..]),
    ] {
        w.insert(key, with(id, names));
    }
    for class in ["best", "good", "inaccuracy", "mistake", "blunder"] {
        let key: &'static str = match class {
            "best" => "cls-best",
            "good" => "cls-good",
            "inaccuracy" => "cls-inaccuracy",
            "mistake" => "cls-mistake",
            _ => "cls-blunder",
        };
        w.insert(key, t.get(&format!("report-class-{class}"), &[]));
    }
    for reason in crate::results::result::Reason::ALL {
        let key: &'static str = reason.as_str();
        w.insert(key, t.get(&format!("check-reason-{key}"), &[]));
    }
    w
}

/// A game's review as the page stores it; `drawn` holds the parts of each
/// marked move's best move (by ply), interned in `keys` and `parts`.
fn review_data(
    review: &Review,
    drawn: Option<&HashMap<usize, Vec<Part>>>,
    keys: &mut Table,
    parts: &mut Table,
) -> ReviewData {
    let plies = |keep: fn(&analysis::MoveLine) -> bool| {
        review
            .moves
            .iter()
            .filter(|m| keep(m))
            .map(|m| m.ply)
            .collect()
    };
    let best = review
        .moves
        .iter()
        .filter(|m| m.is_marked())
        .map(|m| BestData {
            p: m.ply,
            m: m.best.clone(),
            o: drawn
                .and_then(|d| d.get(&m.ply))
                .into_iter()
                .flatten()
                .flat_map(|p| [keys.id(&p.key), parts.id(&p.svg)])
                .collect(),
        })
        .collect();
    ReviewData {
        win: review.p1_series(),
        cls: review.moves.iter().map(|m| class_code(m.class)).collect(),
        acc: review.moves.iter().map(|m| m.accuracy).collect(),
        sacc: [review.game.sides[0].accuracy, review.game.sides[1].accuracy],
        tp: review.game.turning_point,
        best,
        mw: plies(|m| m.missed_win),
        rp: plies(|m| m.replaced),
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
    use serde_json::json;

    const OLD: &str = include_str!("../../../tests/data/journal.jsonl");

    fn records() -> Vec<GameRecord> {
        OLD.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn a_faulty_entrants_card_tells_three_faults_and_links_the_rest() {
        use crate::results::result::{Offender, Reason, Side, Winner};
        let mut rs = Vec::new();
        for i in 0..12u32 {
            let mut r = records()[0].clone();
            r.key = format!("r0-p0-b{i}-c0").parse().unwrap();
            r.numbers = r.key;
            r.winner = Winner::Side(Side::P2);
            r.reason = Reason::Illegal;
            r.offender = Some(Offender::Side(Side::P1));
            r.detail = Some(format!("bestmove z{i}"));
            rs.push(r);
        }
        let info = PageInfo::of_records("t", &rs, Scoring::Games);
        let page = render(&info, &rs, None);
        let faulty = &rs[0].p1;
        let card = page
            .split(&format!(
                "<div class=\"card\" data-name=\"{}\">",
                escape(faulty)
            ))
            .nth(1)
            .and_then(|c| c.split("<div class=\"card\"").next())
            .unwrap();
        assert_eq!(card.matches("<li>").count(), 3, "{card}");
        let more = card
            .split("<details class=\"morefaults\">")
            .nth(1)
            .expect(card);
        assert!(more.contains("<summary>9 more"), "{more}");
        assert_eq!(more.matches("href=\"#game=").count(), 9);
        assert!(more.contains("href=\"#game=11\""), "the last game linked");
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
        let page = render(&info, &rs, None);
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
    fn a_page_speaks_its_language() {
        let rs = records();
        let mut info = PageInfo::of_records("t", &rs, Scoring::Points);
        let en = render(&info, &rs, None);
        assert!(en.contains("<html lang=\"en\">") && en.contains("<h2>Standings</h2>"));
        info.lang = "pt".into();
        let pt = render(&info, &rs, None);
        assert!(pt.contains("<html lang=\"pt\">"), "{pt}");
        let html = &pt[..pt.find("<script").unwrap()];
        for word in [
            "<h2>Classificação</h2>",
            "Tabela cruzada",
            "Visualizador de jogos",
            "fins de jogo",
        ] {
            assert!(html.contains(word), "{word}");
        }
        for word in [
            "Standings",
            "Cross-table",
            "Game viewer",
            "game ends",
            "ranked by",
        ] {
            assert!(!html.contains(word), "{word} in the pt page");
        }
        let data = data_of(&pt);
        assert_eq!(data["t"]["draw"], "empate");
        assert_eq!(data["t"]["won"], "{who} ganhou", "a hole for the script");
        // An unknown language falls back to English.
        info.lang = "fr".into();
        assert!(render(&info, &rs, None).contains("<html lang=\"en\">"));
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
        let e = encode(r, None).unwrap();
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

    /// The game of index 4: knight, 40 moves, player 2 `builtin:random`.
    const ANALYSED: usize = 4;

    /// The reference's analysis of `r` (a small node budget).
    fn analyse(r: &GameRecord) -> tabula::analysis::GameAnalysis {
        use tabula::analysis::{Analyser, Budget, Settings};
        let start = AnyPosition::from_fen(&r.start).unwrap();
        let settings = Settings {
            budget: Budget::Nodes(2000),
            ..Settings::default()
        };
        Analyser::new(settings)
            .analyse_text(&start, &r.moves)
            .unwrap()
    }

    /// A store holding the analysis of `rs[ANALYSED]`.
    fn analysed(rs: &[GameRecord]) -> Analyses {
        let mut store = Analyses::default();
        store.insert(analysis::lines_of(&rs[ANALYSED], &analyse(&rs[ANALYSED])));
        store
    }

    #[test]
    fn an_analysed_game_carries_its_review_and_best_moves() {
        let rs = records();
        let store = analysed(&rs);
        let review = store.get(&rs[ANALYSED]).unwrap();
        let info = PageInfo::of_records("t", &rs, Scoring::Games);
        let data = data_of(&render(&info, &rs, Some(&store)));
        assert_eq!(data["analysed"], true);
        let g = &data["games"][ANALYSED];
        let plies = rs[ANALYSED].moves.len();
        let win: Vec<f64> = serde_json::from_value(g["win"].clone()).unwrap();
        assert_eq!(win.len(), plies + 1, "the start and after each move");
        assert!(win.iter().all(|w| (0.0..=100.0).contains(w)));
        assert_eq!(win, review.p1_series());
        let cls = g["cls"].as_str().unwrap();
        assert_eq!(cls.len(), plies);
        for (c, m) in cls.chars().zip(&review.moves) {
            assert_eq!(c, class_code(m.class), "ply {}", m.ply);
        }
        assert_eq!(g["acc"].as_array().unwrap().len(), plies);
        assert_eq!(g["tp"], json!(review.game.turning_point));
        assert_eq!(
            g["sacc"],
            json!([review.game.sides[0].accuracy, review.game.sides[1].accuracy])
        );
        for (k, other) in data["games"].as_array().unwrap().iter().enumerate() {
            if k != ANALYSED {
                assert!(other.get("win").is_none() && other.get("cls").is_none());
            }
        }

        // Each marked move: its best move and the parts it changes, which
        // drawn over the position before give the position after it.
        let marked: Vec<&analysis::MoveLine> =
            review.moves.iter().filter(|m| m.is_marked()).collect();
        assert!(!marked.is_empty(), "random's moves are marked: {cls}");
        let best = g["best"].as_array().unwrap();
        assert_eq!(best.len(), marked.len());
        let (keys, parts) = (&data["keys"], &data["parts"]);
        let r = &rs[ANALYSED];
        let start = AnyPosition::from_fen(&r.start).unwrap();
        for (b, m) in best.iter().zip(&marked) {
            assert_eq!(
                (b["p"].as_u64(), b["m"].as_str()),
                (Some(m.ply as u64), Some(m.best.as_str()))
            );
            let o: Vec<usize> = serde_json::from_value(b["o"].clone()).unwrap();
            assert!(
                !o.is_empty() && o.len().is_multiple_of(2),
                "ply {}: {o:?}",
                m.ply
            );
            let mut line = r.moves[..m.ply].to_vec();
            line.push(m.best.clone());
            let frames = start.svg_frames(&line).frames;
            assert_eq!(frames.len(), m.ply + 2, "the best move is legal there");
            let mut at: HashMap<String, String> = frames[m.ply]
                .iter()
                .map(|p| (p.key.clone(), p.svg.clone()))
                .collect();
            for pair in o.chunks(2) {
                let key = keys[pair[0]].as_str().unwrap().to_string();
                at.insert(key, parts[pair[1]].as_str().unwrap().to_string());
            }
            let after: HashMap<String, String> = frames[m.ply + 1]
                .iter()
                .map(|p| (p.key.clone(), p.svg.clone()))
                .collect();
            for (key, svg) in &after {
                assert_eq!(at.get(key), Some(svg), "ply {}, part {key}", m.ply);
            }
        }
    }

    #[test]
    fn accuracy_columns_and_turning_points_only_with_an_analysis() {
        let rs = records();
        let info = PageInfo::of_records("t", &rs, Scoring::Games);
        let plain = render(&info, &rs, None);
        let empty = render(&info, &rs, Some(&Analyses::default()));
        for page in [&plain, &empty] {
            assert!(!page.contains("class=\"acc\"") && !page.contains("accuracy 1"));
            assert!(!page.contains("class=\"turning\"") && !page.contains("class=\"analysis\""));
            let data = data_of(page);
            assert!(data.get("analysed").is_none());
            assert!(data["games"]
                .as_array()
                .unwrap()
                .iter()
                .all(|g| g.get("win").is_none()));
        }
        let store = analysed(&rs);
        let page = render(&info, &rs, Some(&store));
        let rows = analysis::by_entrant(&info.names, &rs, &store);
        let r = &rs[ANALYSED];
        for scoring in ["games", "points"] {
            let table = &page[page.find(&format!("id=\"standings-{scoring}\"")).unwrap()..];
            let table = &table[..table.find("</table>").unwrap()];
            assert!(table.contains("<th class=\"acc\""));
            for name in &info.names {
                let row = &table[table
                    .find(&format!("<tr data-name=\"{}\">", escape(name)))
                    .unwrap()..];
                let row = &row[..row.find("</tr>").unwrap()];
                let e = rows.iter().find(|e| &e.name == name).unwrap();
                let want = match e.accuracy {
                    Some(a) if *name == r.p1 || *name == r.p2 => {
                        format!("<td class=\"acc\">{a:.1}</td>")
                    }
                    _ => "<td class=\"acc\">-</td>".to_string(),
                };
                assert!(row.contains(&want), "{name}: {row}");
            }
        }
        assert!(page.contains("accuracy 1</th>"));
        // The entrant who blundered: its worst moves, linked to the position
        // before each.
        let worst = analysis::worst_moves(&r.p2, &rs, &store, 5);
        assert!(!worst.is_empty());
        let card = &page[page
            .find(&format!(
                "<div class=\"card\" data-name=\"{}\">",
                escape(&r.p2)
            ))
            .unwrap()..];
        let card = &card[..card.find("</ol>").unwrap()];
        for w in &worst {
            assert!(
                card.contains(&format!("href=\"#game={ANALYSED}&amp;ply={}\"", w.line.ply)),
                "{card}"
            );
        }
    }

    #[test]
    fn a_report_finds_the_analysis_beside_its_results() {
        assert_eq!(
            analysis_beside(Path::new("d/r.jsonl")),
            Path::new("d/r.analysis.jsonl")
        );
        assert_eq!(
            analysis_beside(Path::new("r")),
            Path::new("r.analysis.jsonl")
        );
        assert_eq!(
            analysis_beside(Path::new("r.json")),
            Path::new("r.json.analysis.jsonl")
        );
    }

    #[test]
    fn a_live_page_shows_the_analyses_added() {
        let dir = std::env::temp_dir().join(format!("html-live-an-{}", std::process::id()));
        let path = dir.join("live.html");
        let rs = records();
        let mut live = Live::new(path.clone(), PageInfo::of_records("t", &rs, Scoring::Games));
        live.add_analysis(analysis::lines_of(&rs[ANALYSED], &analyse(&rs[ANALYSED])));
        live.game_finished(&rs);
        let page = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        let data = data_of(&page);
        assert_eq!(data["games"][ANALYSED]["win"].as_array().unwrap().len(), 41);
        assert!(page.contains("<th class=\"acc\""));
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
