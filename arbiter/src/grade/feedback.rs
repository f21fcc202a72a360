//! One page per submission (`feedback/<submission>.html`): what the student
//! reads about their engine, entirely in their language ([`Texts`];
//! Portuguese by default) and only what is theirs to read — what the
//! recognition found, the teacher's notes, overrides and the copy check are
//! on the teacher's page ([`super::teacher`]).
//!
//! Top to bottom: the student's name, the verdict and the grade; why it was
//! admitted or excluded; what to fix (the check's FAIL and warn findings,
//! each with what was checked, what happened, how to fix it, the board it
//! happened on and a link to the game's traffic log in the season's
//! folder); each game lost by a fault in the championship with the board
//! where it had to move, the legal moves there and the line it answered
//! (the first [`FULL_FAULTS`] in full, the rest counted per reason with
//! links); its strength: its rating and what it gives against each
//! reference player; its worst moves once the reference analysed the
//! games; and the rubric's marks, which add up to the grade. Links open the
//! games in the championship page (`../report.html#game=N&ply=K`); the
//! page links only to what exists.
//!
//! One self-contained file (no network, no script); everything from a
//! student or an engine is escaped (by the templates) and shown as code.
//!
//! What tests read: `html[lang]`, `#status[data-status]`,
//! `#grade[data-grade]` (empty when excluded), `#fix [data-tag]`,
//! `.fault[data-game]` with its `.board svg`, `ul.legal li` and `pre.line`,
//! `#fault-rest [data-reason]`, `#strength tr[data-gate]`, `#worst tr`,
//! `#marks tr[data-item][data-points]` and `#marks [data-total]`.

use super::page::{self, label, num, say};
use super::rubric::Why;
use super::{Entry, Evidence, Exclusion, Grade, Mark, Status, Tag};
use crate::i18n::{words, Arg, Texts, Words};
use crate::results::analysis::{self, Analyses};
use crate::results::record::GameRecord;
use crate::results::result::Side;
use anyhow::Result;
use maud::{html, Markup};
use std::collections::BTreeMap;
use std::path::Path;
use tabula::games::AnyPosition;

/// The faults shown in full (board, legal moves, line); the others are
/// counted per reason.
pub(crate) const FULL_FAULTS: usize = 3;
/// The legal moves listed at a fault (then "and N more").
const LEGAL_SHOWN: usize = 60;
/// The links per reason among the faults not shown in full.
const LINKS_SHOWN: usize = 40;

/// Everything a submission's page shows.
pub(crate) struct Page<'a> {
    pub(crate) entry: &'a Entry,
    /// Its games in the championship (any order).
    pub(crate) records: &'a [GameRecord],
    /// The index of a game in the championship page (`#game=N`).
    pub(crate) game_index: &'a dyn Fn(&GameRecord) -> Option<usize>,
    pub(crate) analyses: Option<&'a Analyses>,
    /// `None` when it did not play.
    pub(crate) evidence: Option<&'a Evidence>,
    pub(crate) grade: &'a Grade,
    /// The season's folder (links to its files are relative to it).
    pub(crate) season: &'a Path,
}

/// The championship page, seen from a feedback page.
const CHAMPIONSHIP: &str = "../report.html";

/// Writes the page of `p` to `path`.
pub(crate) fn write(path: &Path, p: &Page<'_>, t: &Texts) -> Result<()> {
    page::write(path, render(p, t))
}

/// The whole page.
pub(crate) fn render(p: &Page<'_>, t: &Texts) -> Markup {
    let name = p.entry.sub.name.as_str();
    let faults: Vec<(&GameRecord, Side)> = p
        .records
        .iter()
        .filter_map(|r| side_of(r, name).map(|side| (r, side)))
        .filter(|(r, side)| r.offender.is_some_and(|o| o.includes(*side)))
        .collect();
    let played = !p.records.is_empty();
    let worst = p
        .analyses
        .filter(|a| p.records.iter().any(|r| a.has(r)))
        .map(|a| analysis::worst_moves(name, p.records, a, 5));
    let mut nav: Vec<(&str, &str)> = vec![("#verdict", "page-verdict"), ("#fix", "page-fix")];
    if played {
        nav.push(("#faults", "page-faults"));
    }
    if p.evidence.is_some() {
        nav.push(("#strength", "page-strength"));
    }
    if worst.is_some() {
        nav.push(("#worst", "page-worst"));
    }
    if p.grade.total.is_some() {
        nav.push(("#grade-marks", "page-grade"));
    }
    let body = html! {
        (header(p, t, &nav, played))
        main {
            (verdict(p, t))
            (fix(p, t))
            @if played { (faults_section(p, &faults, t)) }
            @if let Some(ev) = p.evidence { (strength(ev, p.grade, t)) }
            @if let Some(list) = &worst { (worst_section(p, list, t)) }
            @if p.grade.total.is_some() { (marks(p.grade, t)) }
        }
    };
    page::document(t.lang(), p.entry.title(), body)
}

/// The side `name` played in `r`.
fn side_of(r: &GameRecord, name: &str) -> Option<Side> {
    if r.p1 == name {
        Some(Side::P1)
    } else if r.p2 == name {
        Some(Side::P2)
    } else {
        None
    }
}

fn header(p: &Page<'_>, t: &Texts, nav: &[(&str, &str)], played: bool) -> Markup {
    let s = &p.entry.sub;
    let status = p.entry.verdict.status;
    let g = p.grade;
    html! {
        header {
            h1 { (p.entry.title()) }
            p.sub {
                @if let Some(id) = &s.participant {
                    (label(t, "page-participant")) ": " b { (id) } " · "
                }
                (label(t, "page-status")) ": "
                b #status data-status=(status.as_str()) {
                    @match status {
                        Status::Admitted => (label(t, "page-admitted")),
                        Status::Excluded => (label(t, "page-excluded")),
                    }
                }
            }
            @match g.total {
                Some(total) => p.grade #grade data-grade=(total) {
                    (label(t, "page-grade")) ": "
                    b { (say(t, &words!("page-grade-of", grade = Arg::Text(num(t, total)), max = Arg::Text(num(t, g.max))))) }
                },
                None => p.grade #grade data-grade="" {
                    (label(t, "page-grade")) ": " b { (label(t, "page-grade-none")) }
                },
            }
            nav {
                @for (href, id) in nav { a href=(href) { (label(t, id)) } " " }
                @if played { a href=(CHAMPIONSHIP) { (label(t, "page-championship")) } }
            }
        }
    }
}

/// Admitted or excluded, and why.
fn verdict(p: &Page<'_>, t: &Texts) -> Markup {
    let v = &p.entry.verdict;
    html! {
        section #verdict {
            h2 { (label(t, "page-verdict")) }
            @match &v.exclusion {
                None => p { (label(t, "page-admitted-text")) },
                Some(why) => (exclusion(why, p, t)),
            }
        }
    }
}

/// Why a submission does not play, for its student.
fn exclusion(why: &Exclusion, p: &Page<'_>, t: &Texts) -> Markup {
    let teacher = p.entry.verdict.overridden.as_ref();
    html! {
        @match why {
            Exclusion::Refused(reasons) => {
                p { (label(t, "page-excluded-refused")) }
                ul.details { @for r in reasons { li { code { (r) } } } }
                p { (label(t, "page-excluded-refused-fix")) }
            }
            Exclusion::Nothing { why: Some(why), .. } => {
                p { (label(t, "page-excluded-nothing")) }
                p.details { (say(t, &why.words())) }
                p.details { (say(t, &why.fix_words())) }
            }
            Exclusion::Nothing { reason, fix, why: None } => {
                p { (label(t, "page-excluded-nothing")) }
                p.details { code { (reason) } }
                @if !fix.is_empty() { p.details { code { (fix) } } }
            }
            Exclusion::Sandbox(_) => p { (label(t, "page-excluded-sandbox")) },
            Exclusion::NoHandshake => p { (label(t, "page-excluded-handshake")) },
            Exclusion::NoOwnMove => p { (label(t, "page-excluded-no-move")) },
            Exclusion::NotChecked => p { (label(t, "page-excluded-unchecked")) },
            Exclusion::Teacher => p {
                (say(t, &words!("page-excluded-teacher", reason = Arg::Text(teacher.map_or(String::new(), |o| o.reason.clone())))))
            },
        }
    }
}

/// What the check asks to fix: its FAIL and warn findings; the rest
/// folded.
fn fix(p: &Page<'_>, t: &Texts) -> Markup {
    let findings = p.entry.findings();
    let (to_fix, rest): (Vec<_>, Vec<_>) = findings
        .iter()
        .partition(|f| matches!(f.tag, Tag::Fail | Tag::Warn));
    html! {
        section #fix {
            h2 { (label(t, "page-fix")) }
            @if findings.is_empty() {
                p { (label(t, "page-check-none")) }
            } @else if to_fix.is_empty() {
                p { (label(t, "page-fix-nothing")) }
            } @else {
                p { (say(t, &words!("page-fix-count", n = to_fix.len()))) }
                @for f in &to_fix { (finding(f, p, t)) }
            }
            @if !rest.is_empty() {
                details {
                    summary { (say(t, &words!("page-check-rest", n = rest.len()))) }
                    @for f in &rest { (finding(f, p, t)) }
                }
            }
        }
    }
}

/// One finding of the check.
fn finding(f: &super::Finding, p: &Page<'_>, t: &Texts) -> Markup {
    let (tag, word) = match f.tag {
        Tag::Ok => ("ok", "page-tag-ok"),
        Tag::Warn => ("warn", "page-tag-warn"),
        Tag::Fail => ("fail", "page-tag-fail"),
        Tag::Skip => ("skip", "page-tag-skip"),
    };
    let log = f
        .log
        .as_deref()
        .and_then(|l| page::relative(p.season, "feedback", Path::new(l)));
    html! {
        article.finding data-tag=(tag) {
            h3 { span.tag { (label(t, word)) } " " (say(t, &f.what)) }
            div.finding-body {
                @if let Some(fen) = &f.board { (page::board(fen, &t.get("page-finding-board", &[]))) }
                div.about {
                    @if !f.note.is_empty() { p { (say(t, &f.note)) } }
                    @if !f.fix.is_empty() {
                        p.fix { b { (label(t, "page-how-to-fix")) ": " } (say(t, &f.fix)) }
                    }
                    @if let Some(href) = log { p { a href=(href) { (label(t, "page-traffic")) } } }
                }
            }
        }
    }
}

/// A fault reason in words.
fn reason_words(reason: &str) -> Words {
    Words::from_id(&format!("check-reason-{reason}"))
}

/// The link to a game of the championship page at a ply.
fn game_link(p: &Page<'_>, r: &GameRecord, ply: usize) -> Option<(usize, String)> {
    let n = (p.game_index)(r)?;
    Some((n, format!("{CHAMPIONSHIP}#game={n}&ply={ply}")))
}

/// The games lost by a fault: the first in full, the rest per reason.
fn faults_section(p: &Page<'_>, faults: &[(&GameRecord, Side)], t: &Texts) -> Markup {
    let rest = &faults[faults.len().min(FULL_FAULTS)..];
    let mut by_reason: BTreeMap<&str, Vec<&GameRecord>> = BTreeMap::new();
    for (r, _) in rest {
        by_reason.entry(r.reason.as_str()).or_default().push(r);
    }
    html! {
        section #faults {
            h2 { (label(t, "page-faults")) }
            @if faults.is_empty() {
                p { (label(t, "page-faults-none")) }
            } @else {
                p { (say(t, &words!("page-faults-count", n = faults.len()))) }
                @for (r, side) in faults.iter().take(FULL_FAULTS) { (fault(p, r, *side, t)) }
                @if !rest.is_empty() {
                    div #fault-rest {
                        h3 { (label(t, "page-faults-rest")) }
                        @for (reason, games) in &by_reason {
                            details data-reason=(reason) data-count=(games.len()) {
                                summary { (say(t, &words!("page-faults-reason", reason = reason_words(reason), n = games.len()))) }
                                p {
                                    @for r in games.iter().take(LINKS_SHOWN) {
                                        @if let Some((n, href)) = game_link(p, r, r.moves.len()) {
                                            a href=(href) { "#" (n + 1) } " "
                                        }
                                    }
                                    @if games.len() > LINKS_SHOWN {
                                        (say(t, &words!("page-more", n = games.len() - LINKS_SHOWN)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// One fault in full: the board where it had to move, the legal moves
/// there, the line it answered.
fn fault(p: &Page<'_>, r: &GameRecord, side: Side, t: &Texts) -> Markup {
    let opponent = match side {
        Side::P1 => &r.p2,
        Side::P2 => &r.p1,
    };
    let ply = r.moves.len();
    let link = game_link(p, r, ply);
    let number = link
        .as_ref()
        .map_or_else(|| r.key.to_string(), |(n, _)| (n + 1).to_string());
    let start = AnyPosition::from_fen(&r.start).ok();
    let mut pos = start;
    if let Some(pos) = pos.as_mut() {
        for m in &r.moves {
            if pos.play_text(m).is_err() {
                break;
            }
        }
    }
    let legal: Vec<String> = pos.map_or(Vec::new(), |p| {
        p.legal_moves().iter().map(|m| m.to_string()).collect()
    });
    let title = words!(
        "page-fault-title",
        game = Arg::Text(number),
        opponent = opponent.as_str(),
        ply = ply + 1,
        reason = reason_words(r.reason.as_str())
    );
    html! {
        article.fault data-game=(link.as_ref().map_or(String::new(), |(n, _)| n.to_string())) data-reason=(r.reason.as_str()) {
            h3 { (say(t, &title)) }
            div.fault-body {
                @if let Some(pos) = pos { (page::board(&pos.fen(), &t.get("page-fault-board", &[]))) }
                div.about {
                    @if pos.is_some() {
                        @if legal.is_empty() {
                            p { (label(t, "page-fault-legal-none")) }
                        } @else {
                            h4 { (say(t, &words!("page-fault-legal", n = legal.len()))) }
                            ul.legal data-count=(legal.len()) {
                                @for m in legal.iter().take(LEGAL_SHOWN) { li { code { (m) } } }
                                @if legal.len() > LEGAL_SHOWN {
                                    li { (say(t, &words!("page-more", n = legal.len() - LEGAL_SHOWN))) }
                                }
                            }
                        }
                    }
                    h4 { (label(t, "page-fault-line")) }
                    @match r.detail.as_deref().filter(|d| !d.is_empty()) {
                        Some(line) => pre.line { (line) },
                        None => pre.line { (t.get("page-fault-no-line", &[])) },
                    }
                    @if let Some((_, href)) = &link {
                        p { a href=(href) { (label(t, "page-fault-open")) } }
                    }
                }
            }
        }
    }
}

/// The name of a reference player, in words.
pub(crate) fn gate_words(gate: &str) -> Words {
    let id = match gate {
        "builtin:random" => "page-gate-random",
        "builtin:greedy" => "page-gate-greedy",
        g if g.starts_with("builtin:tabula") => "page-gate-tabula",
        _ => "page-gate-other",
    };
    words!(id, name = gate)
}

/// Its rating, and what it gives against each reference player.
fn strength(ev: &Evidence, grade: &Grade, t: &Texts) -> Markup {
    let r = &ev.rating;
    let rating = words!(
        "page-rating",
        elo = Arg::Text(t.number(r.elo, 0)),
        low = Arg::Text(t.number(r.low, 0)),
        high = Arg::Text(t.number(r.high, 0)),
        games = ev.games,
        points = ev.points,
        shown = Arg::Text(num(t, ev.points))
    );
    let tied = (r.tier - r.elo).abs() >= 0.5;
    html! {
        section #strength {
            h2 { (label(t, "page-strength")) }
            p #rating data-elo=(format!("{:.0}", r.elo)) data-tier=(format!("{:.0}", r.tier)) { (say(t, &rating)) }
            @if tied { p { (say(t, &words!("page-tier", tier = Arg::Text(t.number(r.tier, 0))))) } }
            table.stack {
                thead { tr {
                    th { (label(t, "page-col-gate")) }
                    th { (label(t, "page-col-pairs")) }
                    th { (label(t, "page-col-expected")) }
                    th { (label(t, "page-col-points")) }
                } }
                tbody {
                    @for g in &ev.gates {
                        @let mark = grade.marks.iter().find(|m| m.item == format!("gate:{}", g.gate));
                        tr data-gate=(g.gate) {
                            td data-label=(t.get("page-col-gate", &[])) { (say(t, &gate_words(&g.gate))) }
                            td data-label=(t.get("page-col-pairs", &[])) {
                                (say(t, &words!("page-pairs", won = g.pairs_won, drawn = g.pairs_drawn, lost = g.pairs_lost)))
                            }
                            td data-label=(t.get("page-col-expected", &[])) { (t.number(g.expected, 2)) }
                            td data-label=(t.get("page-col-points", &[])) {
                                @if let Some(m) = mark { (num(t, m.points)) " / " (num(t, m.max)) }
                            }
                        }
                    }
                }
            }
            p.note { (label(t, "page-strength-note")) }
        }
    }
}

/// Its worst moves by the reference's analysis.
fn worst_section(p: &Page<'_>, list: &[analysis::Worst<'_>], t: &Texts) -> Markup {
    html! {
        section #worst {
            h2 { (label(t, "page-worst")) }
            @if list.is_empty() {
                p { (label(t, "page-worst-none")) }
            } @else {
                p.note { (label(t, "page-worst-note")) }
                table.stack #worst-moves {
                    thead { tr {
                        th { (label(t, "page-col-game")) }
                        th { (label(t, "page-col-move")) }
                        th { (label(t, "page-col-played")) }
                        th { (label(t, "page-col-best")) }
                        th { (label(t, "page-col-chances")) }
                    } }
                    tbody {
                        @for w in list {
                            @let r = &p.records[w.game];
                            @let m = w.line;
                            tr {
                                td data-label=(t.get("page-col-game", &[])) {
                                    @match game_link(p, r, m.ply) {
                                        Some((n, href)) => a href=(href) { "#" (n + 1) },
                                        None => code { (r.key.to_string()) },
                                    }
                                }
                                td data-label=(t.get("page-col-move", &[])) { (m.ply + 1) }
                                td data-label=(t.get("page-col-played", &[])) { code { (m.played) } }
                                td data-label=(t.get("page-col-best", &[])) { code { (m.best) } }
                                td data-label=(t.get("page-col-chances", &[])) {
                                    (t.number(m.win_before, 0)) " % → " (t.number(m.win_after, 0)) " %"
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A rubric item in words.
pub(crate) fn item_words(mark: &Mark) -> Words {
    match mark.item.as_str() {
        "own-moves" => Words::from_id("page-item-own-moves"),
        "faults" => Words::from_id("page-item-faults"),
        "accuracy" => Words::from_id("page-item-accuracy"),
        item => match item.strip_prefix("gate:") {
            Some(gate) => words!("page-item-gate", gate = gate_words(gate)),
            None => words!("check-detail", detail = item),
        },
    }
}

/// Why an item gave its points, in words.
pub(crate) fn why_words(why: &Why, t: &Texts) -> Words {
    let n = |x: f64, d: usize| Arg::Text(t.number(x, d));
    let pct = |x: f64| {
        Arg::Text(format!(
            "{} %",
            t.number(100.0 * x, page::decimals(100.0 * x).min(1))
        ))
    };
    match why {
        Why::Gate {
            rating,
            gate_rating,
            expected,
            none,
            full,
            pairs,
        } => words!(
            "page-why-gate",
            rating = n(*rating, 0),
            gate = n(*gate_rating, 0),
            expected = n(*expected, 2),
            none = n(*none, 2),
            full = n(*full, 2),
            won = pairs[0],
            drawn = pairs[1],
            lost = pairs[2]
        ),
        Why::Unplayed => Words::from_id("page-why-unplayed"),
        Why::OwnMoves {
            own,
            asked,
            none,
            full,
            below,
        } => {
            let share = if *asked == 0 {
                Arg::Text("–".into())
            } else {
                pct(f64::from(*own) / f64::from(*asked))
            };
            words!(
                "page-why-own-moves",
                own = *own,
                asked = *asked,
                share = share,
                none = pct(*none),
                full = pct(*full),
                below = below.as_deref().map_or(Words::none(), |g| words!(
                    "page-why-below",
                    gate = gate_words(g)
                ))
            )
        }
        Why::Faults {
            games,
            per_game,
            cap,
        } => words!(
            "page-why-faults",
            games = *games,
            per = n(*per_game, page::decimals(*per_game)),
            cap = n(*cap, page::decimals(*cap))
        ),
        Why::Accuracy {
            accuracy,
            none,
            full,
        } => match accuracy {
            Some(a) => words!(
                "page-why-accuracy",
                accuracy = n(*a, 1),
                none = n(*none, 0),
                full = n(*full, 0)
            ),
            None => Words::from_id("page-why-unplayed"),
        },
    }
}

/// What the rubric gave: each mark, and the total.
fn marks(g: &Grade, t: &Texts) -> Markup {
    let Some(total) = g.total else {
        return html! {};
    };
    let sum: f64 = g.marks.iter().map(|m| m.points).sum();
    html! {
        section #grade-marks {
            h2 { (label(t, "page-grade")) }
            table.stack #marks {
                thead { tr {
                    th { (label(t, "page-col-item")) }
                    th { (label(t, "page-col-points")) }
                    th { (label(t, "page-col-why")) }
                } }
                tbody {
                    @for m in &g.marks {
                        tr data-item=(m.item) data-points=(m.points) {
                            td data-label=(t.get("page-col-item", &[])) { (say(t, &item_words(m))) }
                            td data-label=(t.get("page-col-points", &[])) {
                                @if m.max > 0.0 { (num(t, m.points)) " / " (num(t, m.max)) } @else { (num(t, m.points)) }
                            }
                            td.why data-label=(t.get("page-col-why", &[])) { (say(t, &why_words(&m.why, t))) }
                        }
                    }
                }
                tfoot { tr {
                    th { (label(t, "page-grade")) }
                    td data-total=(total) { (num(t, total)) " / " (num(t, g.max)) }
                    td.why {
                        @if (sum - total).abs() > 1e-9 {
                            (say(t, &words!("page-grade-rounded", sum = Arg::Text(num(t, sum)))))
                        }
                    }
                } }
            }
        }
    }
}
