//! What a tournament prints and writes: the standings table, the
//! cross-table, pentanomial counts, a CSV/JSON summary for grading, and game
//! records people can read (moves, times, boards).

use crate::game::GameRecord;
use crate::stats::{self, Standing};
use anyhow::{Context, Result};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use tabula::game::AnyPosition;

fn fmt_elo(s: &Standing) -> (String, String) {
    match (s.elo, s.elo_error) {
        (Some(e), Some(err)) => (format!("{e:+.0}"), format!("±{err:.0}")),
        (Some(e), None) => (format!("{e:+.0}"), "".into()),
        (None, _) if s.games > 0 && s.points == 0.0 => ("-inf".into(), "".into()),
        (None, _) if s.games > 0 => ("+inf".into(), "".into()),
        _ => ("".into(), "".into()),
    }
}

/// The standings table (one line per entrant, best first).
pub fn standings_table(table: &[Standing]) -> String {
    let w = table
        .iter()
        .map(|s| s.name.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 40);
    let mut out = format!(
        "{:>4}  {:<w$}  {:>5} {:>4} {:>4} {:>4} {:>7} {:>6} {:>6} {:>5} {:>6} {:>6}\n",
        "rank", "name", "games", "W", "D", "L", "points", "score", "elo", "±95%", "LOS", "faults"
    );
    for (i, s) in table.iter().enumerate() {
        let (elo, err) = fmt_elo(s);
        let name: String = s.name.chars().take(w).collect();
        let _ = writeln!(
            out,
            "{:>4}  {:<w$}  {:>5} {:>4} {:>4} {:>4} {:>7.1} {:>5.1}% {:>6} {:>5} {:>5.1}% {:>6}",
            i + 1,
            name,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points,
            s.score_pct,
            elo,
            err,
            100.0 * s.los,
            s.faults
        );
    }
    out
}

/// The cross-table: row's points against column, over games played.
pub fn cross_table(names: &[String], records: &[GameRecord]) -> String {
    let w = names
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(4)
        .clamp(4, 30);
    let cell = 9;
    let mut out = format!("{:<w$} ", "");
    for i in 0..names.len() {
        let _ = write!(out, "{:>cell$}", format!("#{}", i + 1));
    }
    out.push('\n');
    for (i, a) in names.iter().enumerate() {
        let short: String = a.chars().take(w).collect();
        let _ = write!(out, "{:<w$} ", format!("{short}"));
        for (j, b) in names.iter().enumerate() {
            let text = if i == j {
                "-".to_string()
            } else {
                let (pts, n) = stats::head_to_head(a, b, records);
                if n == 0 {
                    ".".to_string()
                } else {
                    format!("{pts}/{n}")
                }
            };
            let _ = write!(out, "{text:>cell$}");
        }
        let _ = writeln!(out, "   #{}", i + 1);
    }
    out
}

/// Counts of game ends by reason, e.g. `normal 38, timeout 2`.
pub fn reasons(records: &[GameRecord]) -> String {
    let mut by: BTreeMap<&str, u32> = BTreeMap::new();
    for r in records {
        *by.entry(r.reason.as_str()).or_default() += 1;
    }
    by.iter()
        .map(|(k, v)| format!("{k} {v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The full end-of-run report.
pub fn full_report(
    names: &[String],
    pairings: &[(usize, usize)],
    records: &[GameRecord],
) -> String {
    let table = stats::standings(names, records);
    let mut out = standings_table(&table);
    let _ = writeln!(out, "\ngame ends: {}", reasons(records));
    for &(a, b) in pairings.iter().take(50) {
        let p = stats::pentanomial(&names[a], &names[b], records);
        if p.iter().sum::<u32>() > 0 {
            let _ = writeln!(
                out,
                "pairs {} vs {}: pentanomial [LL LD DD/WL WD WW] = {:?}",
                names[a], names[b], p
            );
        }
    }
    if names.len() > 2 {
        out.push('\n');
        out.push_str(&cross_table(names, records));
    }
    out
}

#[derive(Serialize)]
struct Summary<'a> {
    standings: &'a [Standing],
    crosstable: BTreeMap<String, BTreeMap<String, (f64, u32)>>,
    games: usize,
}

/// Writes the per-entrant summary: JSON for `*.json`, else CSV.
pub fn write_summary(path: &Path, names: &[String], records: &[GameRecord]) -> Result<()> {
    let table = stats::standings(names, records);
    let text = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"))
    {
        let mut cross = BTreeMap::new();
        for a in names {
            let row: BTreeMap<String, (f64, u32)> = names
                .iter()
                .filter(|b| *b != a)
                .map(|b| (b.clone(), stats::head_to_head(a, b, records)))
                .collect();
            cross.insert(a.clone(), row);
        }
        serde_json::to_string_pretty(&Summary {
            standings: &table,
            crosstable: cross,
            games: records.len(),
        })?
    } else {
        let mut s = String::from(
            "rank,name,games,wins,draws,losses,points,score_pct,elo,elo_error,los,faults\n",
        );
        for (i, e) in table.iter().enumerate() {
            let opt = |v: Option<f64>| v.map(|x| format!("{x:.1}")).unwrap_or_default();
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{:.2},{},{},{:.4},{}",
                i + 1,
                csv_field(&e.name),
                e.games,
                e.wins,
                e.draws,
                e.losses,
                e.points,
                e.score_pct,
                opt(e.elo),
                opt(e.elo_error),
                e.los,
                e.faults
            );
        }
        s
    };
    std::fs::write(path, text).with_context(|| format!("cannot write '{}'", path.display()))
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// A board drawn for people, from a position.
pub fn render(pos: &AnyPosition) -> String {
    let fen = pos.fen();
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let mut out = String::new();
    if fields.first().is_some_and(|g| g.starts_with("dots")) {
        let (Some(size), Some(h), Some(v)) = (fields.get(1), fields.get(2), fields.get(3)) else {
            return fen;
        };
        let (r, c) = size.split_once('x').unwrap_or(("0", "0"));
        let (rows, cols): (usize, usize) = (r.parse().unwrap_or(0), c.parse().unwrap_or(0));
        let h: Vec<&[u8]> = h.split('/').map(str::as_bytes).collect();
        let v: Vec<&[u8]> = v.split('/').map(str::as_bytes).collect();
        let drawn = |g: &[&[u8]], a: usize, b: usize| {
            g.get(a)
                .and_then(|x| x.get(b))
                .is_some_and(|&ch| ch != b'0')
        };
        for i in 0..=rows {
            for j in 0..cols {
                out.push('+');
                out.push_str(if drawn(&h, i, j) { "---" } else { "   " });
            }
            out.push_str("+\n");
            if i < rows {
                for j in 0..=cols {
                    out.push(if drawn(&v, j, i) { '|' } else { ' ' });
                    if j < cols {
                        out.push_str("   ");
                    }
                }
                out.push('\n');
            }
        }
    } else if let Some(board) = fields.get(1) {
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

/// Appends human-readable records of `records` to `path`.
pub fn write_records(path: &Path, records: &[GameRecord]) -> Result<()> {
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
            let _ = writeln!(out, "[Detail \"{}\"]", d.replace('"', "'"));
        }
        let _ = writeln!(out, "[Start \"{}\"]", r.start);
        let Ok(mut pos) = AnyPosition::from_fen(&r.start) else {
            continue;
        };
        let start = pos;
        out.push('\n');
        out.push_str(&crate::board_view::dots_record(&pos, &[]).unwrap_or_else(|| render(&pos)));
        out.push('\n');
        for (i, m) in r.moves.iter().enumerate() {
            let mover = if pos.side_to_move().index() == 0 {
                "p1"
            } else {
                "p2"
            };
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
        let owners = crate::board_view::box_owners(&start, &r.moves);
        out.push_str(
            &crate::board_view::dots_record(&pos, &owners).unwrap_or_else(|| render(&pos)),
        );
        out.push('\n');
    }
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| format!("cannot open '{}'", path.display()))?;
    f.write_all(out.as_bytes())
        .with_context(|| format!("cannot write '{}'", path.display()))
}
