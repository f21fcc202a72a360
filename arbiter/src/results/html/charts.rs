//! The page's charts, drawn in Rust as SVG: the Elo of each entrant with its
//! 95 % interval, and per entrant the games lost by each fault, the search
//! figures and a histogram of its time per move (and, given an analysis, its
//! accuracy and turning points).

use super::escape;
use crate::i18n::{Arg, Texts};
use crate::results::analysis::{EntrantAnalysis, Worst};
use crate::results::record::GameRecord;
use crate::results::report;
use crate::results::result::{Offender, Side};
use crate::results::stats::{Score, Scoring, Standing};
use std::fmt::Write as _;
use std::path::Path;

/// The characters of a name shown in the Elo chart.
const LABEL: usize = 28;

/// The Elo chart: one row per entrant (ranking order), a dot at its Elo and
/// a bar over its 95 % interval; an unbounded end is an arrow to the edge.
pub(super) fn elo_chart(table: &[Standing], scoring: Scoring, t: &Texts) -> String {
    let score = |s: &Standing| -> Score {
        match scoring {
            Scoring::Games => s.score.clone(),
            Scoring::Points => s.pair.clone(),
        }
    };
    let finite: Vec<f64> = table
        .iter()
        .flat_map(|s| {
            let sc = score(s);
            [sc.elo, sc.elo_low, sc.elo_high]
        })
        .flatten()
        .collect();
    let span = finite
        .iter()
        .fold(100.0f64, |m, x| m.max(x.abs()))
        .min(1000.0)
        .ceil();
    // The names' column as wide as the longest name shown (cut at
    // LABEL characters, the whole name in its tooltip): none is clipped.
    let longest = table
        .iter()
        .map(|s| s.name.chars().count().min(LABEL))
        .max()
        .unwrap_or(0);
    let (left, width, row) = ((16.0 + 7.5 * longest as f64).max(150.0), 420.0, 26.0);
    let h = 30.0 + row * table.len() as f64;
    let x = |e: f64| left + width * (e.clamp(-span, span) + span) / (2.0 * span);
    let mut out = format!(
        "<svg class=\"chart\" id=\"elo-chart\" viewBox=\"0 0 {} {h}\" role=\"img\" \
         aria-label=\"{}\">",
        left + width + 20.0,
        escape(&t.get("report-elo-aria", &[]))
    );
    let _ = write!(
        out,
        "<line x1=\"{0}\" y1=\"18\" x2=\"{0}\" y2=\"{h}\" class=\"axis0\"/>",
        x(0.0)
    );
    for tick in [-span, -span / 2.0, 0.0, span / 2.0, span] {
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"12\" class=\"tick\">{:+.0}</text>",
            x(tick),
            tick
        );
    }
    for (i, s) in table.iter().enumerate() {
        let y = 30.0 + row * i as f64 + row / 2.0;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{y}\" class=\"who\"><title>{}</title>{}</text>",
            left - 8.0,
            escape(&s.name),
            escape(&report::shorten(&s.name, LABEL))
        );
        elo_row(&mut out, &s.name, &score(s), y, span, &x);
    }
    out.push_str("</svg>");
    out
}

/// One entrant's interval and dot in the Elo chart, at height `y`.
fn elo_row(out: &mut String, name: &str, sc: &Score, y: f64, span: f64, x: &dyn Fn(f64) -> f64) {
    if sc.count() == 0 {
        return;
    }
    let lo = sc.elo_low.map_or(x(-span), x);
    let hi = sc.elo_high.map_or(x(span), x);
    let _ = write!(
        out,
        "<line x1=\"{lo}\" y1=\"{y}\" x2=\"{hi}\" y2=\"{y}\" class=\"err\"/>"
    );
    for (end, open) in [(lo, sc.elo_low.is_none()), (hi, sc.elo_high.is_none())] {
        if open {
            let d = if end < x(0.0) { 6.0 } else { -6.0 };
            let _ = write!(
                out,
                "<path d=\"M{} {} L{end} {y} L{} {}\" class=\"err\"/>",
                end + d,
                y - 5.0,
                end + d,
                y + 5.0
            );
        } else {
            let _ = write!(
                out,
                "<line x1=\"{end}\" y1=\"{}\" x2=\"{end}\" y2=\"{}\" class=\"err\"/>",
                y - 5.0,
                y + 5.0
            );
        }
    }
    let centre = match sc.elo {
        Some(e) => x(e),
        None if sc.points == 0.0 => x(-span),
        None => x(span),
    };
    let _ = write!(
        out,
        "<circle cx=\"{centre}\" cy=\"{y}\" r=\"5\" class=\"elo\"><title>{}: {}</title></circle>",
        escape(name),
        match sc.elo {
            Some(e) => format!("{e:+.0}"),
            None if sc.points == 0.0 => "−∞".into(),
            None => "+∞".into(),
        }
    );
}

/// The moves an entrant made over `records`: (ms, depth, nodes) each.
fn own_moves<'a>(
    name: &'a str,
    records: &'a [GameRecord],
    movers: &'a [Vec<u8>],
) -> impl Iterator<Item = (u64, Option<u64>, Option<u64>)> + 'a {
    records.iter().zip(movers).flat_map(move |(r, who)| {
        let seat = [r.p1 == name, r.p2 == name];
        who.iter().enumerate().filter_map(move |(ply, &w)| {
            if !seat[usize::from(w - 1)] {
                return None;
            }
            let info = r.info.get(ply);
            Some((
                r.times_ms.get(ply).copied().unwrap_or(0),
                info.and_then(|i| i.depth),
                info.and_then(|i| i.nodes),
            ))
        })
    })
}

/// A small histogram of the time per move (12 bars from 0 to the slowest).
fn histogram(times: &[u64], t: &Texts) -> String {
    const BARS: usize = 12;
    let max = times.iter().copied().max().unwrap_or(0).max(1);
    let mut counts = [0u32; BARS];
    for &t in times {
        let k = ((t as f64 / max as f64) * BARS as f64) as usize;
        counts[k.min(BARS - 1)] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(0).max(1);
    let (w, h) = (240.0, 60.0);
    let bw = w / BARS as f64;
    let mut out = format!(
        "<svg class=\"hist\" viewBox=\"0 0 {w} {}\" role=\"img\" aria-label=\"{}\">",
        h + 14.0,
        escape(&t.get("report-time-per-move", &[]))
    );
    for (k, &c) in counts.iter().enumerate() {
        let bh = h * f64::from(c) / f64::from(top);
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{bh}\"><title>{}–{} ms: {c}</title></rect>",
            k as f64 * bw + 1.0,
            h - bh,
            bw - 2.0,
            max * k as u64 / BARS as u64,
            max * (k as u64 + 1) / BARS as u64
        );
    }
    let _ = write!(
        out,
        "<text x=\"0\" y=\"{}\" class=\"tick l\">0</text><text x=\"{w}\" y=\"{}\" class=\"tick r\">{max} ms</text></svg>",
        h + 12.0,
        h + 12.0
    );
    out
}

/// Where a traffic log is, as a link from the page in `folder`: relative
/// when the log is under the page's folder, else a `file://` address;
/// `None` when the file is not there.
fn log_href(log: &str, folder: Option<&Path>) -> Option<String> {
    let path = Path::new(log).canonicalize().ok()?;
    let rel = folder
        .and_then(|f| f.canonicalize().ok())
        .and_then(|f| path.strip_prefix(f).ok().map(Path::to_path_buf));
    Some(match rel {
        Some(r) => r.to_string_lossy().into_owned(),
        None => format!("file://{}", path.display()),
    })
}

/// One entrant's card: results, faults by reason, search figures, the time
/// histogram and each fault's line. The card is left open (`</div>` is the
/// caller's) for [`turning_points`].
/// Faulted games an entrant's card tells in full (the rest are links).
const FAULTS_IN_FULL: usize = 3;

pub(super) fn entrant_card(
    out: &mut String,
    s: &Standing,
    records: &[GameRecord],
    movers: &[Vec<u8>],
    folder: Option<&Path>,
    t: &Texts,
) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let moves: Vec<(u64, Option<u64>, Option<u64>)> = own_moves(&s.name, records, movers).collect();
    let depths: Vec<u64> = moves.iter().filter_map(|m| m.1).collect();
    let avg_depth = (!depths.is_empty())
        .then(|| depths.iter().sum::<u64>() as f64 / depths.len() as f64)
        .map_or("-".to_string(), |d| t.number(d, 1));
    let (nodes, ms) = moves
        .iter()
        .filter_map(|m| m.2.map(|n| (n, m.0)))
        .fold((0u64, 0u64), |(n, t), (a, b)| (n + a, t + b));
    let nps = if nodes == 0 || ms == 0 {
        "-".to_string()
    } else {
        format!("{:.0}", nodes as f64 * 1000.0 / ms as f64)
    };
    let times: Vec<u64> = moves.iter().map(|m| m.0).collect();
    let avg_ms = if times.is_empty() {
        "-".to_string()
    } else {
        format!(
            "{:.0}",
            times.iter().sum::<u64>() as f64 / times.len() as f64
        )
    };
    let line = t.get(
        "report-card",
        &[
            ("games", s.games.into()),
            ("w", s.score.wins.into()),
            ("d", s.score.draws.into()),
            ("l", s.score.losses.into()),
            ("moves", moves.len().into()),
            ("depth", Arg::Text(avg_depth)),
            ("nps", Arg::Text(nps)),
            ("ms", Arg::Text(avg_ms)),
        ],
    );
    let _ = write!(
        out,
        "<div class=\"card\" data-name=\"{0}\"><h3>{0}</h3><p>{1}</p>",
        escape(&s.name),
        escape(&line),
    );
    if !times.is_empty() {
        let _ = write!(out, "<p class=\"note\">{}</p>", l("report-time-per-move"));
        out.push_str(&histogram(&times, t));
    }
    if s.fault_reasons.is_empty() {
        let _ = write!(out, "<p>{}</p>", l("report-no-fault"));
    } else {
        fault_lines(out, s, records, folder, t);
    }
}

/// An entrant's faults: counted by reason, the first few told in full
/// (with their traffic log), the rest as links to their games.
fn fault_lines(
    out: &mut String,
    s: &Standing,
    records: &[GameRecord],
    folder: Option<&Path>,
    t: &Texts,
) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let reason = |r: &str| t.get(&format!("check-reason-{r}"), &[]);
    let _ = write!(
        out,
        "<table class=\"faults\"><tr><th>{}</th><th>{}</th></tr>",
        l("report-lost-by"),
        l("report-col-games")
    );
    for (r, n) in &s.fault_reasons {
        let _ = write!(out, "<tr><td>{}</td><td>{n}</td></tr>", escape(&reason(r)));
    }
    out.push_str("</table><ul class=\"faultlines\">");
    let faulted: Vec<(usize, &GameRecord)> = records
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            [(Side::P1, &r.p1), (Side::P2, &r.p2)]
                .iter()
                .any(|(side, n)| **n == s.name && r.offender.is_some_and(|o| o.includes(*side)))
        })
        .collect();
    // The first few in full; the rest (a faulty entrant can lose every
    // game) as short links, so the card stays a card.
    for &(i, r) in faulted.iter().take(FAULTS_IN_FULL) {
        let _ = write!(
            out,
            "<li><button class=\"open\" data-game=\"{i}\">{}</button> {}",
            l("report-view"),
            escape(&fault_line(r, t))
        );
        if let Some(href) = r.log.as_deref().and_then(|l| log_href(l, folder)) {
            let _ = write!(
                out,
                " <a href=\"{}\">{}</a>",
                escape(&href),
                l("report-traffic")
            );
        }
        out.push_str("</li>");
    }
    out.push_str("</ul>");
    let rest = &faulted[faulted.len().min(FAULTS_IN_FULL)..];
    if !rest.is_empty() {
        let _ = write!(
            out,
            "<details class=\"morefaults\"><summary>{}</summary><p>",
            escape(&t.get("report-more-faults", &[("n", rest.len().into())]))
        );
        for &(i, r) in rest {
            let _ = write!(
                out,
                "<a href=\"#game={i}\" data-game=\"{i}\">{} {}</a> ",
                r.key,
                escape(&reason(r.reason.as_str()))
            );
        }
        out.push_str("</p></details>");
    }
}

/// A game lost by a fault, in words: who, why, after how many moves, what
/// it answered (its traffic log is a link beside).
fn fault_line(r: &GameRecord, t: &Texts) -> String {
    let (who, side) = match r.offender {
        Some(Offender::Side(Side::P1)) => (r.p1.clone(), "p1"),
        Some(Offender::Side(Side::P2)) => (r.p2.clone(), "p2"),
        _ => (format!("{} & {}", r.p1, r.p2), "p1, p2"),
    };
    let detail = r
        .detail
        .as_deref()
        .filter(|d| !d.is_empty())
        .map_or(String::new(), |d| {
            t.get(
                "report-fault-detail",
                &[(
                    "detail",
                    Arg::Text(tabula::protocol::line::escape_controls(d)),
                )],
            )
        });
    t.get(
        "report-fault-line",
        &[
            ("key", Arg::Text(r.key.to_string())),
            ("who", Arg::Text(who)),
            ("side", Arg::Text(side.into())),
            (
                "reason",
                Arg::Text(t.get(&format!("check-reason-{}", r.reason.as_str()), &[])),
            ),
            ("n", r.moves.len().into()),
            ("detail", Arg::Text(detail)),
        ],
    )
}

/// An entrant's accuracy over its analysed games and its worst moves (the
/// largest drops in its winning chances), each a link to the position
/// before it (`#game=N&ply=K`), where the board shows the better move.
pub(super) fn turning_points(
    out: &mut String,
    entrant: Option<&EntrantAnalysis>,
    worst: &[Worst<'_>],
    records: &[GameRecord],
    t: &Texts,
) {
    let l = |id: &str| escape(&t.get(id, &[]));
    let Some(e) = entrant.filter(|e| e.games > 0) else {
        let _ = write!(out, "<p class=\"analysis\">{}</p>", l("report-no-analysis"));
        return;
    };
    let summary = t.get(
        "report-analysis",
        &[
            (
                "accuracy",
                Arg::Text(e.accuracy.map_or("-".into(), |a| t.number(a, 1))),
            ),
            ("games", e.games.into()),
            ("blunders", e.blunders.into()),
            ("mistakes", e.mistakes.into()),
            ("inaccuracies", e.inaccuracies.into()),
        ],
    );
    let _ = write!(out, "<p class=\"analysis\">{}</p>", escape(&summary));
    if worst.is_empty() {
        let _ = write!(out, "<p class=\"analysis\">{}</p>", l("report-no-marked"));
        return;
    }
    let _ = write!(
        out,
        "<p class=\"note\">{}</p><ol class=\"turning\">",
        l("report-turning")
    );
    for w in worst {
        let (m, key) = (
            w.line,
            records
                .get(w.game)
                .map_or(String::new(), |r| r.key.to_string()),
        );
        let class = t.get(&format!("report-class-{}", m.class), &[]);
        let rest = t.get(
            "report-turning-rest",
            &[
                ("played", Arg::Text(m.played.clone())),
                ("class", Arg::Text(class)),
                ("drop", Arg::Text(t.number(m.drop(), 1))),
                ("best", Arg::Text(m.best.clone())),
                (
                    "missed",
                    Arg::Text(if m.missed_win {
                        t.get("report-missed-win", &[])
                    } else {
                        String::new()
                    }),
                ),
            ],
        );
        let _ = write!(
            out,
            "<li><a href=\"#game={0}&amp;ply={1}\" data-game=\"{0}\" data-ply=\"{1}\">{2}</a>{3}</li>",
            w.game,
            m.ply,
            escape(&t.get(
                "report-turning-move",
                &[("key", Arg::Text(key)), ("n", (m.ply + 1).into())]
            )),
            escape(&rest),
        );
    }
    out.push_str("</ol>");
}
