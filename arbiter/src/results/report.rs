//! What a tournament prints and writes: the standings table (every cell
//! filled, a legend for unbounded Elo intervals), the cross-table in ranking
//! order, pentanomial counts, the line that tells a fault, a CSV/JSON
//! summary for grading, and game records people can read (moves, times,
//! boards). A tournament's summary and records are rewritten whole at the
//! end of each run (temporary file, then rename), never appended to.

use crate::names;
use crate::out::plural;
use crate::results::record::GameRecord;
use crate::results::result::{Offender, Side};
use crate::results::stats::{self, Score, Scoring, Standing};
use crate::table::{self, Ends};
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use tabula::game::Player;
use tabula::games::AnyPosition;
use tabula::protocol::line::escape_controls;

/// An Elo value rounded to a whole number, with its sign; `0` when it
/// rounds to zero (never `-0`).
fn signed(x: f64) -> String {
    let r = x.round();
    if r == 0.0 {
        "0".into()
    } else {
        format!("{r:+.0}")
    }
}

/// Explains the `±95%` cells that are not a half-width.
pub(crate) const INTERVAL_LEGEND: &str = "±95%: half-width of elo's 95 % interval; \
     >x / <x: only a lower / upper bound (score near 100 % / 0 %);\n      \
     inf: no bound (all games won or lost, or too few games)";

/// The `elo` and `±95%` cells of a score (`-` for no results).
fn fmt_elo(s: &Score) -> (String, String) {
    if s.count() == 0 {
        return ("-".into(), "-".into());
    }
    let elo = match s.elo {
        Some(e) => signed(e),
        None if s.points == 0.0 => "-inf".into(),
        None => "+inf".into(),
    };
    let interval = match (s.elo_error, s.elo_low, s.elo_high) {
        (Some(err), ..) => format!("±{err:.0}"),
        (None, Some(lo), None) => format!(">{}", signed(lo)),
        (None, None, Some(hi)) => format!("<{}", signed(hi)),
        _ => "inf".into(),
    };
    (elo, interval)
}

/// Width of the name column: the longest name (`--wide` shows every name
/// whole).
fn name_width(table: &[Standing]) -> usize {
    table
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4)
}

/// The lines above the standings: how the ranking was computed.
pub(crate) fn standings_header(table: &[Standing], scoring: Scoring) -> String {
    let pairs: u32 = table.iter().map(|s| s.pairs).sum::<u32>() / 2;
    let games: u32 = table.iter().map(|s| s.games).sum::<u32>() / 2;
    let ranked = match scoring {
        Scoring::Games => format!(
            "ranked by game points (--scoring games: a win 1, a draw ½) over {}",
            plural(games as usize, "game")
        ),
        Scoring::Points => format!(
            "ranked by pair points (--scoring points, duplicate scoring: each \
             colour-swapped pair on one board is won by the larger point total \
             over its two games; ties by the sum of the margins) over {}",
            plural(pairs as usize, "pair")
        ),
    };
    format!(
        "{ranked}\n\
         games: W/D/L of the {games} games; pairs: W/D/L of the {pairs} complete colour-swapped \
         pairs by duplicate scoring, margin = points scored - conceded\n\
         elo: logistic Elo of the score against the field, ±95%: normal-approximation \
         interval of the per-game (per-pair) W/D/L score\n\
         own: the share of the moves it was asked for where it had a choice that its own \
         program chose (not a forced pass; not a move its adapter answered, `info string \
         fallback`, nor one a fault ended the game on)\n"
    )
}

/// The columns of the standings table: (heading, width), each column
/// right-aligned to its width except the name's (width 0).
const COLUMNS: [(&str, usize); 20] = [
    ("rank", 4),
    ("name", 0),
    ("games", 5),
    ("W", 4),
    ("D", 4),
    ("L", 4),
    ("points", 7),
    ("score", 6),
    ("elo", 6),
    ("±95%", 6),
    ("LOS", 6),
    ("pairs", 5),
    ("W", 4),
    ("D", 4),
    ("L", 4),
    ("margin", 7),
    ("score", 6),
    ("elo", 6),
    ("±95%", 6),
    ("LOS", 6),
];

/// The cells of the standings table, as the terminal prints them: the
/// headings (`rank`, `name`, the games' `games W D L points score elo ±95%
/// LOS`, the pairs' `pairs W D L margin score elo ±95% LOS`, `faults`),
/// one row per entrant best first, and whether the Elo intervals need
/// [`INTERVAL_LEGEND`]. The web page shows the same cells.
pub(crate) fn standings_cells(table: &[Standing]) -> (Vec<&'static str>, Vec<Vec<String>>, bool) {
    let mut heads: Vec<&'static str> = COLUMNS.iter().map(|c| c.0).collect();
    heads.push("faults");
    heads.push("own");
    let mut legend = false;
    let rows = table
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (elo, interval) = fmt_elo(&s.score);
            let (pair_elo, pair_interval) = fmt_elo(&s.pair);
            for cell in [&interval, &pair_interval] {
                legend |= !cell.starts_with('±') && cell != "-";
            }
            let pct = |x: &Score, n: u32| {
                if n == 0 {
                    "-".to_string()
                } else {
                    format!("{:.1}%", x.score_pct)
                }
            };
            vec![
                (i + 1).to_string(),
                s.name.clone(),
                s.games.to_string(),
                s.score.wins.to_string(),
                s.score.draws.to_string(),
                s.score.losses.to_string(),
                format!("{:.1}", s.score.points),
                pct(&s.score, s.games),
                elo,
                interval,
                format!("{:.1}%", 100.0 * s.score.los),
                s.pairs.to_string(),
                s.pair.wins.to_string(),
                s.pair.draws.to_string(),
                s.pair.losses.to_string(),
                format!("{:+}", s.margin),
                pct(&s.pair, s.pairs),
                pair_elo,
                pair_interval,
                format!("{:.1}%", 100.0 * s.pair.los),
                s.faults.to_string(),
                own_cell(s),
            ]
        })
        .collect();
    (heads, rows, legend)
}

/// The share of an entrant's moves its program chose itself: `100%`,
/// `97.5%`, `-` before any move (an adapter's `info string fallback` marks
/// the others).
pub(crate) fn own_cell(s: &Standing) -> String {
    match s.own_pct() {
        None => "-".into(),
        Some(p) if s.moves.own == s.moves.asked => format!("{p:.0}%"),
        Some(p) => format!("{p:.1}%"),
    }
}

/// The widest a terminal report line is by default (`--wide` lifts it).
pub(crate) const NARROW: usize = 100;

/// Whether the terminal report shows every column (`--wide`), set once by
/// the command line before anything is printed; by default the report fits
/// [`NARROW`] columns.
static WIDE: AtomicBool = AtomicBool::new(false);

/// Every column of the standings and the cross-table, whatever their width
/// (`--wide`), or (the default) the report fitted to 100 columns.
pub fn set_wide(wide: bool) {
    WIDE.store(wide, Ordering::Relaxed);
}

/// The columns of the narrow standings, as indices into a row of
/// [`standings_cells`]: rank, name, games, points, score, elo, ±95%, pairs,
/// margin, the pairs' score, faults.
const NARROW_COLUMNS: [usize; 11] = [0, 1, 2, 6, 7, 8, 9, 11, 15, 16, 20];

/// The characters of a narrow standings line besides the name (and the
/// `own` column).
const NARROW_FIXED: usize = 72;

/// The narrow standings show `own` (7 characters more) when an adapter
/// answered some move for its program: the teacher needs it then.
fn narrow_own(table: &[Standing]) -> bool {
    table.iter().any(|s| s.moves.own < s.moves.asked)
}

/// The name column of the narrow report: what [`NARROW`] leaves.
fn narrow_name_width(table: &[Standing]) -> usize {
    let fixed = NARROW_FIXED + if narrow_own(table) { 7 } else { 0 };
    name_width(table).min(NARROW - fixed)
}

/// `name` cut to `w` characters, its last one an ellipsis when cut.
pub(crate) fn shorten(name: &str, w: usize) -> String {
    if name.chars().count() <= w {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(w.saturating_sub(1)).collect();
        short.push('…');
        short
    }
}

/// Text cut into lines of at most `width` characters at spaces, the lines
/// after the first of each paragraph line indented by two spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    for para in text.lines() {
        let indent = para.len() - para.trim_start().len();
        let mut line = " ".repeat(indent);
        let mut empty = true;
        for word in para.split_whitespace() {
            if !empty && line.chars().count() + 1 + word.chars().count() > width {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(indent.max(2));
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            line.push_str(word);
            empty = false;
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The standings table (one line per entrant, best first): the games and
/// the pairs side by side, and a legend line when an Elo interval is not a
/// plain `±` half-width. `wide`: every column, each name whole; else the
/// columns of [`NARROW_COLUMNS`] (and `own` when an adapter answered for
/// its program) in [`NARROW`] characters, long names cut with an ellipsis
/// and given whole below.
pub(crate) fn standings_table(table: &[Standing], scoring: Scoring, wide: bool) -> String {
    let w = if wide {
        name_width(table)
    } else {
        narrow_name_width(table)
    };
    let mut out = if wide {
        standings_header(table, scoring)
    } else {
        wrap(&standings_header(table, scoring), NARROW)
    };
    let (heads, rows, legend) = standings_cells(table);
    let own = narrow_own(table);
    let line = |cells: &[String]| {
        let mut line = String::new();
        for (k, cell) in cells.iter().enumerate() {
            let shown = wide || NARROW_COLUMNS.contains(&k) || (own && k == 21);
            if !shown {
                continue;
            }
            // Two spaces after the rank, the name, and each block.
            let gap = match k {
                0 => "",
                1 | 2 | 11 | 20 => "  ",
                _ => " ",
            };
            line.push_str(gap);
            match COLUMNS.get(k) {
                Some((_, 0)) => {
                    let name = if wide {
                        cell.chars().take(w).collect()
                    } else {
                        shorten(cell, w)
                    };
                    let _ = write!(line, "{name:<w$}");
                }
                Some(&(_, width)) => {
                    let _ = write!(line, "{cell:>width$}");
                }
                None => {
                    let _ = write!(line, "{cell:>6}");
                }
            }
        }
        line
    };
    let heads: Vec<String> = heads.iter().map(|h| h.to_string()).collect();
    let _ = writeln!(out, "{}", line(&heads));
    for row in &rows {
        let _ = writeln!(out, "{}", line(row));
    }
    if legend {
        if wide {
            let _ = writeln!(out, "{INTERVAL_LEGEND}");
        } else {
            out.push_str(&wrap(INTERVAL_LEGEND, NARROW));
        }
    }
    if !wide {
        let cut: Vec<String> = table
            .iter()
            .enumerate()
            .filter(|(_, s)| s.name.chars().count() > w)
            .map(|(i, s)| format!("  #{} {}", i + 1, s.name))
            .collect();
        if !cut.is_empty() {
            let _ = writeln!(out, "names in full:\n{}", cut.join("\n"));
        }
        let _ = writeln!(
            out,
            "more columns (the games' W/D/L and LOS, the pairs' W/D/L, elo and LOS, own): --wide"
        );
    }
    out
}

/// The cross-table in the order of the standings: row and column `#k` are
/// the entrant ranked k; a cell is the row's points against the column over
/// their games, or (`Scoring::Points`) its pair points over their pairs.
pub(crate) fn cross_table(
    table: &[Standing],
    records: &[GameRecord],
    scoring: Scoring,
    wide: bool,
) -> String {
    let w = if wide {
        name_width(table)
    } else {
        narrow_name_width(table)
    };
    let cell = 9;
    let pairs = stats::pairs(records);
    let mut out = String::from(match scoring {
        Scoring::Games => "cross-table: the row's points against the column / games (#k: rank k)\n",
        Scoring::Points => {
            "cross-table: the row's pair points against the column / pairs (#k: rank k)\n"
        }
    });
    let _ = write!(out, "{:>4}  {:<w$} ", "rank", "name");
    for i in 0..table.len() {
        let _ = write!(out, "{:>cell$}", format!("#{}", i + 1));
    }
    out.push('\n');
    for (i, a) in table.iter().enumerate() {
        let short: String = if wide {
            a.name.chars().take(w).collect()
        } else {
            shorten(&a.name, w)
        };
        let _ = write!(out, "{:>4}  {short:<w$} ", format!("#{}", i + 1));
        for (j, b) in table.iter().enumerate() {
            let text = if i == j {
                "-".to_string()
            } else {
                let (pts, n) = match scoring {
                    Scoring::Games => stats::head_to_head(&a.name, &b.name, records),
                    Scoring::Points => stats::pair_head_to_head(&a.name, &b.name, &pairs),
                };
                if n == 0 {
                    ".".to_string()
                } else {
                    format!("{pts}/{n}")
                }
            };
            let _ = write!(out, "{text:>cell$}");
        }
        out.push('\n');
    }
    out
}

/// Counts of game ends by reason, e.g. `normal 38, timeout 2`.
pub(crate) fn reasons(records: &[GameRecord]) -> String {
    let mut by: BTreeMap<&str, u32> = BTreeMap::new();
    for r in records {
        *by.entry(r.reason.as_str()).or_default() += 1;
    }
    by.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The same game told on the terminal as it ends, one plain line:
/// `fault: r0-p1-b0-c1 alice (p1) lost by timeout after 12 moves: … (engine
/// traffic: …)`.
pub(crate) fn fault_notice(r: &GameRecord) -> Option<String> {
    fault_text(r).map(|text| format!("fault: {} {text}", r.key))
}

/// A fault's who, why, when, detail and traffic, for [`fault_notice`].
fn fault_text(r: &GameRecord) -> Option<String> {
    let offender = r.offender?;
    let after = plural(r.moves.len(), "move");
    let mut line = match offender {
        Offender::Side(side) => {
            let name = match side {
                Side::P1 => &r.p1,
                Side::P2 => &r.p2,
            };
            format!("{name} ({offender}) lost by {} after {after}", r.reason)
        }
        Offender::Both => format!(
            "{} (p1) and {} (p2) both failed ({} after {after})",
            r.p1, r.p2, r.reason
        ),
    };
    if let Some(d) = r.detail.as_deref().filter(|d| !d.is_empty()) {
        // (Escaped when read, but a journal may be older than that.)
        let _ = write!(line, ": {}", escape_controls(d));
    }
    if let Some(log) = &r.log {
        let _ = write!(line, " (engine traffic: {log})");
    }
    Some(line)
}

/// The faults of a run counted per entrant and reason, the most first:
/// `alice 160 (timeout 150, illegal 10), bob 2 (crash 2); 162 games lost by
/// a fault` (a game both sides failed counts for both, and once in the
/// games); `None` without a fault.
pub fn fault_counts(records: &[GameRecord]) -> Option<String> {
    let mut by: BTreeMap<&str, BTreeMap<&str, u32>> = BTreeMap::new();
    let mut games = 0;
    for r in records {
        let who: &[&str] = match r.offender {
            None => continue,
            Some(Offender::Side(Side::P1)) => &[&r.p1],
            Some(Offender::Side(Side::P2)) => &[&r.p2],
            Some(Offender::Both) => &[&r.p1, &r.p2],
        };
        games += 1;
        for name in who {
            *by.entry(name)
                .or_default()
                .entry(r.reason.as_str())
                .or_default() += 1;
        }
    }
    if games == 0 {
        return None;
    }
    let mut entrants: Vec<(&str, u32, String)> = by
        .iter()
        .map(|(name, reasons)| {
            let mut reasons: Vec<(&str, u32)> = reasons.iter().map(|(k, n)| (*k, *n)).collect();
            reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
            let list: Vec<String> = reasons.iter().map(|(k, n)| format!("{k} {n}")).collect();
            (*name, reasons.iter().map(|r| r.1).sum(), list.join(", "))
        })
        .collect();
    entrants.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let each: Vec<String> = entrants
        .iter()
        .map(|(name, n, reasons)| format!("{name} {n} ({reasons})"))
        .collect();
    Some(format!(
        "{}; {} lost by a fault",
        each.join(", "),
        plural(games, "game")
    ))
}

/// The full end-of-run report.
pub fn full_report(
    names: &[String],
    pairings: &[(usize, usize)],
    records: &[GameRecord],
    scoring: Scoring,
) -> String {
    let wide = WIDE.load(Ordering::Relaxed);
    let table = stats::standings(names, records, scoring);
    let mut out = standings_table(&table, scoring, wide);
    let _ = writeln!(out, "\ngame ends: {}", reasons(records));
    // The table's names (cut in the narrow report) in the pairs' lines.
    let w = narrow_name_width(&table);
    let short = |name: &str| {
        if wide {
            name.to_string()
        } else {
            shorten(name, w)
        }
    };
    let pairs = stats::pairs(records);
    for &(a, b) in pairings.iter().take(50) {
        let p = stats::pentanomial(&names[a], &names[b], records);
        if p.iter().sum::<u32>() > 0 {
            let counts: Vec<String> = p.iter().map(u32::to_string).collect();
            let [l, d, won] = stats::pair_results(&names[a], &names[b], &pairs);
            let line = format!(
                "pairs {} vs {}: pentanomial [LL LD DD/WL WD WW] = [{}]; \
                 by points (duplicate) W/D/L {won}/{d}/{l}",
                short(&names[a]),
                short(&names[b]),
                counts.join(", ")
            );
            out.push_str(&if wide {
                line + "\n"
            } else {
                wrap(&line, NARROW)
            });
        }
    }
    if names.len() > 2 {
        out.push('\n');
        let cross = cross_table(&table, records, scoring, wide);
        if wide || cross.lines().all(|l| l.chars().count() <= NARROW) {
            out.push_str(&cross);
        } else {
            let _ = writeln!(
                out,
                "cross-table: {} entrants are wider than {NARROW} columns: --wide shows it \
                 (so do --summary and the page)",
                names.len()
            );
        }
    }
    out
}

/// The end of a sequential test: the decision when a bound was first
/// reached, and where the pairs under way at that moment left the LLR.
pub fn sprt_lines(watch: &crate::results::sprt::Watch) -> String {
    let now = watch.status();
    let head = format!("SPRT {} (logistic Elo; {})", watch.sprt, watch.model());
    match watch.decided() {
        Some(at) if at == now => format!("{head}: {}: {at}\n", at.decision),
        Some(at) => format!(
            "{head}: {}: {at}\n  with the boards under way then finished: {now}\n",
            at.decision
        ),
        None => format!("{head}: undecided: {now} (no bound reached)\n"),
    }
}

#[derive(Serialize)]
struct Summary<'a> {
    /// How `standings` is ranked.
    scoring: Scoring,
    standings: &'a [Standing],
    /// The row's game points against the column, and their games.
    crosstable: BTreeMap<String, BTreeMap<String, (f64, u32)>>,
    /// The row's pair points against the column, and their pairs.
    pair_crosstable: BTreeMap<String, BTreeMap<String, (f64, u32)>>,
    games: usize,
    pairs: usize,
}

/// Writes the per-entrant summary, with both the game and the pair figures
/// whatever the scoring: JSON for `*.json`, else CSV.
pub fn write_summary(
    path: &Path,
    names: &[String],
    records: &[GameRecord],
    scoring: Scoring,
) -> Result<()> {
    let table = stats::standings(names, records, scoring);
    let pairs = stats::pairs(records);
    let text = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        let cross = |f: &dyn Fn(&str, &str) -> (f64, u32)| {
            let mut all = BTreeMap::new();
            for a in names {
                let row: BTreeMap<String, (f64, u32)> = names
                    .iter()
                    .filter(|b| *b != a)
                    .map(|b| (b.clone(), f(a, b)))
                    .collect();
                all.insert(a.clone(), row);
            }
            all
        };
        serde_json::to_string_pretty(&Summary {
            scoring,
            standings: &table,
            crosstable: cross(&|a, b| stats::head_to_head(a, b, records)),
            pair_crosstable: cross(&|a, b| stats::pair_head_to_head(a, b, &pairs)),
            games: records.len(),
            pairs: pairs.len(),
        })?
    } else {
        let rows = table.iter().enumerate().map(|(i, e)| {
            let mut row = vec![
                (i + 1).to_string(),
                names::csv_name(&e.name),
                e.games.to_string(),
            ];
            row.extend(csv_score(&e.score, e.games));
            row.push(e.faults.to_string());
            row.extend(csv_bounds(&e.score, e.games));
            row.push(e.pairs.to_string());
            row.extend(csv_score(&e.pair, e.pairs));
            row.extend(csv_bounds(&e.pair, e.pairs));
            row.extend([
                e.margin.to_string(),
                scoring.as_str().to_string(),
                e.moves.asked.to_string(),
                e.moves.own.to_string(),
                e.own_pct().map_or(String::new(), |p| format!("{p:.1}")),
            ]);
            row
        });
        return crate::table::write_records(path, Ends::Lf, &STANDINGS_COLUMNS, rows);
    };
    table::write_whole(path, text.as_bytes())
}

/// The columns of the standings' CSV.
const STANDINGS_COLUMNS: [&str; 30] = [
    "rank",
    "name",
    "games",
    "wins",
    "draws",
    "losses",
    "points",
    "score_pct",
    "elo",
    "elo_error",
    "los",
    "faults",
    "elo_low",
    "elo_high",
    "pairs",
    "pair_wins",
    "pair_draws",
    "pair_losses",
    "pair_points",
    "pair_score_pct",
    "pair_elo",
    "pair_elo_error",
    "pair_los",
    "pair_elo_low",
    "pair_elo_high",
    "margin",
    "scoring",
    "moves",
    "own",
    "own_pct",
];

/// The CSV cells `wins,draws,losses,points,score_pct,elo,elo_error,los` of
/// a score over `n` results (`elo` is `inf` / `-inf` for all won / lost,
/// empty without results; `elo_error` empty unless both bounds are finite).
fn csv_score(e: &Score, n: u32) -> [String; 8] {
    let played = n > 0;
    let elo = match e.elo {
        Some(x) => one_decimal(x),
        None if played && e.points == 0.0 => "-inf".into(),
        None if played => "inf".into(),
        None => String::new(),
    };
    [
        e.wins.to_string(),
        e.draws.to_string(),
        e.losses.to_string(),
        e.points.to_string(),
        format!("{:.2}", e.score_pct),
        elo,
        e.elo_error.map(one_decimal).unwrap_or_default(),
        format!("{:.4}", e.los),
    ]
}

/// The CSV cells `elo_low,elo_high` (`-inf`, `inf` when unbounded).
fn csv_bounds(e: &Score, n: u32) -> [String; 2] {
    let bound = |b: Option<f64>, unbounded: &str| match b {
        Some(x) => one_decimal(x),
        None if n > 0 => unbounded.into(),
        None => String::new(),
    };
    [bound(e.elo_low, "-inf"), bound(e.elo_high, "inf")]
}

/// `x` with one decimal, `0.0` rather than `-0.0`.
fn one_decimal(x: f64) -> String {
    format!("{:.1}", (x * 10.0).round() / 10.0 + 0.0)
}

/// A board of a game record, as its game draws it
/// ([`Render::record_board`](tabula::game::Render::record_board): the cells
/// of the number boards and Quatro, Dots as `arbiter play` draws it without
/// colours, each closed box its owner's number from `owners`), then the
/// score.
fn record_board(pos: &AnyPosition, owners: &[Option<Player>]) -> String {
    let board = tabula::with_game!(pos, p => tabula::game::Render::record_board(p, owners));
    let [a, b] = pos.scores();
    format!("{board}score {a} - {b}\n")
}

/// Game records for people: for each game its tags, the start board, each
/// move with its time and the mover's depth, score and nodes, the final board.
pub(crate) fn records_text(records: &[GameRecord]) -> String {
    let mut out = String::new();
    for r in records {
        let _ = writeln!(out, "[Game \"{}\"]\n[Key \"{}\"]", r.game, r.key);
        let _ = writeln!(out, "[P1 \"{}\"]\n[P2 \"{}\"]", r.p1, r.p2);
        let _ = writeln!(
            out,
            "[Result \"{}\"]\n[Reason \"{}\"]\n[Score \"{}-{}\"]",
            r.winner, r.reason, r.score1, r.score2
        );
        if let Some(d) = &r.detail {
            let _ = writeln!(out, "[Detail \"{}\"]", escape_controls(d).replace('"', "'"));
        }
        let _ = writeln!(out, "[Start \"{}\"]", r.start);
        let Ok(mut pos) = AnyPosition::from_fen(&r.start) else {
            continue;
        };
        let start = pos;
        out.push('\n');
        out.push_str(&record_board(&pos, &[]));
        out.push('\n');
        for (i, m) in r.moves.iter().enumerate() {
            let mover = Side::from(pos.side_to_move());
            let info = r.info.get(i).cloned().unwrap_or_default();
            let _ = write!(
                out,
                "{:>3}. {mover} {m:<7} {:>6} ms",
                i + 1,
                r.times_ms.get(i).copied().unwrap_or(0)
            );
            if let Some(d) = info.depth {
                let _ = write!(out, "  depth {d}");
            }
            if let Some(s) = info.score {
                let _ = write!(out, "  score {s}");
            }
            if let Some(n) = info.nodes {
                let _ = write!(out, "  nodes {n}");
            }
            out.push('\n');
            if pos.play_text(m).is_err() {
                break;
            }
        }
        out.push('\n');
        let owners = crate::results::board_view::box_owners(&start, &r.moves);
        out.push_str(&record_board(&pos, &owners));
        out.push('\n');
    }
    out
}

/// Appends the records of `records` to `path` (`arbiter play`, one game at
/// a time).
pub(crate) fn write_records(path: &Path, records: &[GameRecord]) -> Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open '{}'", path.display()))?;
    f.write_all(records_text(records).as_bytes())
        .with_context(|| format!("cannot write '{}'", path.display()))
}

/// Replaces `path` with a journal of `records` (one JSON line each, in the
/// order given), whole or not at all.
pub fn rewrite_journal(path: &Path, records: &[GameRecord]) -> Result<()> {
    let mut text = String::new();
    for r in records {
        text.push_str(&serde_json::to_string(r)?);
        text.push('\n');
    }
    table::write_whole(path, text.as_bytes())
}

/// Replaces `path` with the records of `records`, whole or not at all (see
/// `table::write_whole`): a tournament writes every finished game of its
/// journal, in schedule order, at the end of each run, so the file after
/// any interruptions and reruns is that of an uninterrupted run.
pub fn rewrite_records(path: &Path, records: &[GameRecord]) -> Result<()> {
    table::write_whole(path, records_text(records).as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::result::Reason;
    use crate::results::stats::tests::{games, rec};

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// The `(elo, ±95%)` cells of `name` in the standings of `records`.
    fn cells(records: &[GameRecord], name: &str) -> (String, String) {
        let table = stats::standings(&names(&["a", "b"]), records, Scoring::Games);
        fmt_elo(&table.iter().find(|s| s.name == name).unwrap().score)
    }

    /// The records' boards are those drawn before they went through
    /// `Render::record_board` (the cells of the position string; Dots as
    /// `arbiter play` draws it without colours).
    #[test]
    fn record_boards_are_unchanged_by_the_render_trait() {
        fn old_cells_board(pos: &AnyPosition) -> String {
            let fen = pos.fen();
            let fields: Vec<&str> = fen.split_whitespace().collect();
            let mut out = String::new();
            if let Some(board) = fields.get(1) {
                let rows: Vec<&str> = board.split('/').collect();
                out.push_str("    ");
                for c in 0..rows.first().map_or(0, |r| r.split(',').count()) {
                    let _ = write!(out, "{:>3}", (b'a' + c as u8) as char);
                }
                out.push('\n');
                for (i, row) in rows.iter().enumerate() {
                    let _ = write!(out, "{:>3} ", i + 1);
                    for cell in row.split(',') {
                        let _ = write!(out, "{cell:>3}");
                    }
                    out.push('\n');
                }
            }
            let [a, b] = pos.scores();
            let _ = writeln!(out, "score {a} - {b}");
            out
        }
        for spec in ["random knight 3", "random bishop 4", "random quatro 5"] {
            let pos = tabula::setup::parse_spec(spec, None).unwrap();
            assert_eq!(record_board(&pos, &[]), old_cells_board(&pos), "{spec}");
        }
        let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
        let moves: Vec<String> = ["h1.1", "h2.1", "v1.1", "h1.2", "v1.2", "h2.2"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let owners = crate::results::board_view::box_owners(&start, &moves);
        let mut pos = start;
        for m in &moves {
            pos.play_text(m).unwrap();
        }
        let plain = crate::results::board_view::render(
            &pos,
            None,
            &owners,
            &crate::results::board_view::Paint { color: false },
            false,
        );
        let [a, b] = pos.scores();
        assert_eq!(
            record_board(&pos, &owners),
            format!("{plain}score {a} - {b}\n")
        );
        assert!(record_board(&pos, &owners).contains("|  1  |"));
    }

    #[test]
    fn an_even_score_prints_elo_0_never_minus_0() {
        let even = games("a", "b", 2, 1);
        assert_eq!(cells(&even, "a").0, "0");
        assert_eq!(cells(&even, "b").0, "0");
        assert_eq!(
            (signed(-0.4), signed(0.4), signed(-0.6)),
            ("0".into(), "0".into(), "-1".into())
        );
        let table = stats::standings(&names(&["a", "b"]), &even, Scoring::Games);
        let path = std::env::temp_dir().join(format!("arbiter-even-{}.csv", std::process::id()));
        write_summary(&path, &names(&["a", "b"]), &even, Scoring::Games).unwrap();
        let csv = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(!csv.contains("-0.0"), "{csv}");
        assert!(!standings_table(&table, Scoring::Games, true).contains(" -0 "));
    }

    #[test]
    fn every_interval_cell_says_something() {
        // Both bounds finite: the half-width.
        assert!(cells(&games("a", "b", 100, 60), "a").1.starts_with('±'));
        // All won or lost: elo ±inf and no bound.
        let swept = games("a", "b", 4, 4);
        assert_eq!(cells(&swept, "a"), ("+inf".into(), "inf".into()));
        assert_eq!(cells(&swept, "b"), ("-inf".into(), "inf".into()));
        // 9 of 10: only a lower bound for the winner, an upper one for the loser.
        let (elo, interval) = cells(&games("a", "b", 10, 9), "a");
        assert!(
            elo.starts_with('+') && interval.starts_with(">+"),
            "{interval}"
        );
        assert!(cells(&games("a", "b", 10, 9), "b").1.starts_with("<-"));
        // No games: a dash, not a blank.
        assert_eq!(cells(&[], "a"), ("-".into(), "-".into()));
        // The legend comes with the cells it explains, and only then.
        let table = |rs: &[GameRecord]| {
            standings_table(
                &stats::standings(&names(&["a", "b"]), rs, Scoring::Games),
                Scoring::Games,
                true,
            )
        };
        assert!(table(&swept).contains(INTERVAL_LEGEND));
        assert!(!table(&games("a", "b", 100, 60)).contains(INTERVAL_LEGEND));
    }

    #[test]
    fn the_cross_table_follows_the_ranking() {
        // In the list: a, b, c; by points: c (4), b (2), a (0).
        let mut rs = games("c", "a", 2, 2);
        rs.extend(games("c", "b", 2, 2));
        rs.extend(games("b", "a", 2, 2));
        let table = stats::standings(&names(&["a", "b", "c"]), &rs, Scoring::Games);
        let text = cross_table(&table, &rs, Scoring::Games, true);
        let rows: Vec<Vec<&str>> = text
            .lines()
            .skip(2)
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(
            rows,
            [
                ["#1", "c", "-", "2/2", "2/2"],
                ["#2", "b", "0/2", "-", "2/2"],
                ["#3", "a", "0/2", "0/2", "-"],
            ],
            "{text}"
        );
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .ends_with("#1       #2       #3"),
            "{text}"
        );
    }

    #[test]
    fn a_fault_line_names_the_offender_and_counts_moves() {
        let mut r = rec("alice", "bob", "p1", 0);
        assert_eq!(fault_notice(&r), None, "no fault, no line");
        r.key = "r0-p0-b0-c1".parse().unwrap();
        r.reason = Reason::Illegal;
        r.offender = Some(Offender::Side(Side::P2));
        r.detail = Some("bestmove a9".into());
        r.moves = vec!["e5".into()];
        r.log = Some("r.jsonl.logs/r0-p0-b0-c1.log".into());
        assert_eq!(
            fault_notice(&r).unwrap(),
            "fault: r0-p0-b0-c1 bob (p2) lost by illegal after 1 move: bestmove a9 \
             (engine traffic: r.jsonl.logs/r0-p0-b0-c1.log)"
        );
        r.offender = Some(Offender::Both);
        r.reason = Reason::Startup;
        r.moves.clear();
        r.detail = None;
        r.log = None;
        assert_eq!(
            fault_notice(&r).unwrap(),
            "fault: r0-p0-b0-c1 alice (p1) and bob (p2) both failed (startup after 0 moves)"
        );
    }

    #[test]
    fn narrow_text_is_cut_at_spaces_and_names_with_an_ellipsis() {
        assert_eq!(shorten("alice", 5), "alice");
        assert_eq!(shorten("alice-v2", 5), "alic…");
        let text = wrap("one two three four\n  five six", 9);
        assert_eq!(text, "one two\n  three\n  four\n  five\n  six\n");
        assert!(text.lines().all(|l| l.chars().count() <= 9));
    }

    #[test]
    fn faults_are_counted_per_entrant_and_reason() {
        let mut rs = games("alice", "bob", 2, 1);
        assert_eq!(fault_counts(&rs), None);
        let fault = |p1: &str, p2: &str, reason, offender| {
            let mut r = rec(p1, p2, "p2", 0);
            r.reason = reason;
            r.offender = Some(offender);
            r
        };
        for _ in 0..3 {
            rs.push(fault(
                "alice",
                "bob",
                Reason::Timeout,
                Offender::Side(Side::P1),
            ));
        }
        rs.push(fault(
            "bob",
            "alice",
            Reason::Illegal,
            Offender::Side(Side::P2),
        ));
        rs.push(fault("bob", "carol", Reason::Startup, Offender::Both));
        assert_eq!(
            fault_counts(&rs).unwrap(),
            "alice 4 (timeout 3, illegal 1), bob 1 (startup 1), carol 1 (startup 1); \
             5 games lost by a fault"
        );
        let r = fault("alice", "bob", Reason::Timeout, Offender::Side(Side::P1));
        assert_eq!(
            fault_notice(&r).unwrap(),
            format!("fault: {} alice (p1) lost by timeout after 0 moves", r.key)
        );
    }

    #[test]
    fn a_rewrite_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("arbiter-rewrite-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.txt");
        // A previous run's file and a temporary file left by a killed run.
        std::fs::write(&path, "old games\n").unwrap();
        std::fs::write(dir.join(".games.txt.tmp"), "cut sh").unwrap();
        let rs = games("a", "b", 2, 1);
        rewrite_records(&path, &rs).unwrap();
        rewrite_records(&path, &rs).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let entries: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(text, records_text(&rs), "the games once, nothing else");
        assert_eq!(entries.len(), 1, "no temporary file left");
    }
}
