//! The teacher's page (`teacher.html` in the season's folder), in the
//! season's language: everything a student's page leaves out.
//!
//! - the class at a glance: each submission's verdict, grade, rating and
//!   its interval, own moves, faults, the check's FAILs, the teacher's
//!   override, links to its page and its check;
//! - the championship: the games played and those kept from earlier runs,
//!   the design played and the games each design costs this class, the
//!   gates' ratings;
//! - the overrides (`overrides.toml`) and what each changed;
//! - what the intake and the recognition found in each submission (the
//!   description's lines with how each was found and how sure, the
//!   warnings, the intake's notes);
//! - the copy check: the flagged pairs (this year's, and against `--past`
//!   projects) with their matched fragments side by side.
//!
//! What tests read: `#class tr[data-submission][data-status]`,
//! `#design[data-design]`, `#designs tr[data-design][data-games][data-each]`,
//! `#overrides li[data-submission]`, `#copies .pair[data-a][data-b]`.

use super::championship::{DesignKind, Played};
use super::copies::Copies;
use super::feedback::gate_words;
use super::page::{self, label, num, say};
use super::rubric::Rubric;
use super::{admission, Engine, Entry, Exclusion, Graded, Status, Sureness, Tag};
use crate::i18n::{words, Arg, Texts};
use crate::results::record::OwnMoves;
use crate::similarity::source::{self, winnow::K, Submission};
use anyhow::Result;
use maud::{html, Markup};
use std::collections::{BTreeSet, HashSet};
use std::path::Path;

/// Regions shown per flagged pair.
const REGIONS_SHOWN: usize = 6;
/// Lines shown around a region.
const CONTEXT: u32 = 2;

/// What the teacher's page shows.
pub(crate) struct Page<'a> {
    pub(crate) entries: &'a [Entry],
    pub(crate) graded: &'a Graded,
    pub(crate) played: &'a Played,
    pub(crate) copies: Option<&'a Copies>,
    pub(crate) rubric: &'a Rubric,
}

/// Writes the page to `path`.
pub(crate) fn write(path: &Path, p: &Page<'_>, t: &Texts) -> Result<()> {
    page::write(path, render(p, t))
}

/// The whole page.
pub(crate) fn render(p: &Page<'_>, t: &Texts) -> Markup {
    let admitted = p
        .entries
        .iter()
        .filter(|e| e.verdict.status == Status::Admitted)
        .count();
    let title = t.get("t-title", &[]);
    let body = html! {
        header {
            h1 { (title) }
            p.sub { (say(t, &words!("t-summary", n = p.entries.len(), admitted = admitted, games = p.played.games, adopted = p.played.adopted))) }
            nav {
                a href="#class" { (label(t, "t-class")) } " "
                a href="#overrides" { (label(t, "t-overrides")) } " "
                a href="#recognition" { (label(t, "t-recognition")) } " "
                a href="#copies" { (label(t, "t-copies")) } " "
                a href="report.html" { (label(t, "page-championship")) }
            }
        }
        main {
            (class(p, t))
            (gates(p, t))
            (overrides(p, t))
            (recognition(p, t))
            (copies(p, t))
        }
    };
    page::document(t.lang(), &title, body)
}

/// One line per submission.
fn class(p: &Page<'_>, t: &Texts) -> Markup {
    let col = |id: &str| t.get(id, &[]);
    html! {
        section #class {
            h2 { (label(t, "t-class")) }
            table.stack {
                thead { tr {
                    th { (label(t, "t-col-student")) } th { (label(t, "t-col-status")) }
                    th { (label(t, "page-grade")) } th { (label(t, "t-col-rating")) }
                    th { (label(t, "t-col-own")) } th { (label(t, "t-col-faults")) }
                    th { (label(t, "t-col-fails")) } th { (label(t, "t-col-pages")) }
                } }
                tbody {
                    @for (k, e) in p.entries.iter().enumerate() {
                        @let ev = p.graded.evidence[k].as_ref();
                        @let g = &p.graded.grades[k];
                        @let fails = e.findings().iter().filter(|f| f.tag == Tag::Fail).count();
                        tr data-submission=(e.sub.name) data-status=(e.verdict.status.as_str()) {
                            td data-label=(col("t-col-student")) { b { (e.title()) } br; code { (e.sub.name) } }
                            td data-label=(col("t-col-status")) {
                                @match e.verdict.status {
                                    Status::Admitted => (label(t, "page-admitted")),
                                    Status::Excluded => span.yes { (label(t, "page-excluded")) },
                                }
                                @if let Some(why) = &e.verdict.exclusion { br; span.note { (exclusion(why, t)) } }
                                @if let Some(o) = &e.verdict.overridden { br; span.note { (say(t, &words!("t-overridden", reason = Arg::Text(o.reason.clone())))) } }
                            }
                            td data-label=(col("page-grade")) { (g.total.map_or("–".to_string(), |x| num(t, x))) }
                            td data-label=(col("t-col-rating")) {
                                @if let Some(ev) = ev {
                                    (t.number(ev.rating.elo, 0)) " [" (t.number(ev.rating.low, 0)) ", " (t.number(ev.rating.high, 0)) "]"
                                    @if (ev.rating.tier - ev.rating.elo).abs() >= 0.5 { br; span.note { (say(t, &words!("page-tier", tier = Arg::Text(t.number(ev.rating.tier, 0))))) } }
                                }
                            }
                            td data-label=(col("t-col-own")) { @if let Some(ev) = ev { (own(t, &ev.moves)) } }
                            td data-label=(col("t-col-faults")) { @if let Some(ev) = ev { (ev.faults.values().sum::<u32>()) } }
                            td data-label=(col("t-col-fails")) { (fails) }
                            td data-label=(col("t-col-pages")) {
                                a href=(format!("feedback/{}.html", page::percent(&e.sub.name))) { (label(t, "t-page")) }
                                @if e.check.is_some() {
                                    " · " a href=(format!("check/{}.txt", page::percent(&e.sub.name))) { (label(t, "t-check")) }
                                }
                            }
                        }
                    }
                }
            }
            p.note { (label(t, "t-class-note")) }
        }
    }
}

/// `own/asked (share)`.
fn own(t: &Texts, m: &OwnMoves) -> String {
    match m.share() {
        Some(s) => format!("{}/{} ({} %)", m.own, m.asked, t.number(100.0 * s, 0)),
        None => "–".into(),
    }
}

/// Why a submission was excluded, in the page's language; what a program
/// or the intake wrote stays as it was written, as code.
fn exclusion(why: &Exclusion, t: &Texts) -> Markup {
    html! {
        @match why {
            Exclusion::Refused(reasons) => {
                (label(t, "t-excl-refused")) " "
                @for (k, r) in reasons.iter().enumerate() { @if k > 0 { "; " } code { (r) } }
            }
            Exclusion::Nothing { why: Some(u), .. } => { (label(t, "t-nothing")) " " (say(t, &u.words())) }
            Exclusion::Nothing { reason, why: None, .. } => { (label(t, "t-nothing")) " " code { (reason) } }
            Exclusion::Sandbox(detail) => { (label(t, "t-excl-sandbox")) " " code { (detail) } }
            Exclusion::NoHandshake => (label(t, "t-excl-handshake")),
            Exclusion::NoOwnMove => (label(t, "t-excl-no-move")),
            Exclusion::NotChecked => (label(t, "t-excl-unchecked")),
            Exclusion::Teacher => (label(t, "t-excl-teacher")),
        }
    }
}

/// The gates' ratings and the championship's size.
fn gates(p: &Page<'_>, t: &Texts) -> Markup {
    let first = p.graded.evidence.iter().flatten().next();
    html! {
        section #championship {
            h2 { (label(t, "page-championship")) }
            p { (say(t, &words!("t-games", games = p.played.games, adopted = p.played.adopted))) }
            (designs(p, t))
            @if let Some(ev) = first {
                table {
                    thead { tr { th { (label(t, "page-col-gate")) } th { (label(t, "t-col-rating")) } th { (label(t, "t-col-rubric")) } } }
                    tbody {
                        @for g in &ev.gates {
                            @let rule = p.rubric.gates.iter().find(|r| r.name == g.gate);
                            tr {
                                td { (say(t, &gate_words(&g.gate))) }
                                td { (t.number(g.rating, 0)) }
                                td { @if let Some(r) = rule { (say(t, &words!("t-gate-rule", points = Arg::Text(num(t, r.points)), none = Arg::Text(t.number(r.none, 2)), full = Arg::Text(t.number(r.full, 2))))) } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The design played, and what each design costs this class.
fn designs(p: &Page<'_>, t: &Texts) -> Markup {
    let c = &p.played.costs;
    let rows = [
        (
            DesignKind::RoundRobin,
            "t-design-round-robin",
            c.round_robin,
        ),
        (DesignKind::Linear, "t-design-linear", c.linear),
    ];
    html! {
        @if let Some(kind) = c.played {
            p #design data-design=(kind.as_str()) {
                (say(t, &words!("t-design-played", design = words!(rows.iter().find(|r| r.0 == kind).map_or("", |r| r.1)))))
            }
        }
        table #designs {
            thead { tr { th { (label(t, "t-col-design")) } th { (label(t, "t-col-design-games")) } th { (label(t, "t-col-design-each")) } } }
            tbody {
                @for (kind, id, (games, each)) in rows {
                    tr data-design=(kind.as_str()) data-games=(games) data-each=(each) {
                        td { (label(t, id)) @if c.played == Some(kind) { " ✓" } }
                        td { (t.number(games as f64, 0)) }
                        td { (t.number(each as f64, 0)) }
                    }
                }
            }
        }
        p.note { (label(t, "t-design-note")) }
    }
}

/// The teacher's overrides and what each changed.
fn overrides(p: &Page<'_>, t: &Texts) -> Markup {
    let with: Vec<&Entry> = p
        .entries
        .iter()
        .filter(|e| e.verdict.overridden.is_some())
        .collect();
    html! {
        section #overrides {
            h2 { (label(t, "t-overrides")) }
            p { (say(t, &words!("t-overrides-file", file = admission::FILE))) }
            @if with.is_empty() {
                p { (label(t, "t-overrides-none")) }
            } @else {
                ul {
                    @for e in with {
                        @let o = e.verdict.overridden.as_ref().expect("filtered");
                        li data-submission=(e.sub.name) {
                            b { (e.title()) } " — "
                            @match o.verdict {
                                admission::Decision::Admit if e.engine.is_none() => (label(t, "t-override-cannot-admit")),
                                admission::Decision::Admit => (label(t, "t-override-admit")),
                                admission::Decision::Exclude => (label(t, "t-override-exclude")),
                            }
                            ": " (o.reason)
                        }
                    }
                }
            }
        }
    }
}

/// What the intake and the recognition found.
fn recognition(p: &Page<'_>, t: &Texts) -> Markup {
    html! {
        section #recognition {
            h2 { (label(t, "t-recognition")) }
            @for e in p.entries {
                details {
                    summary { b { (e.title()) } " " code { (e.sub.name) } }
                    @if !e.sub.refused.is_empty() {
                        h4 { (label(t, "t-refused")) }
                        ul.log { @for r in &e.sub.refused { li { code { (r) } } } }
                    }
                    @if !e.sub.notes.is_empty() {
                        h4 { (label(t, "t-intake-notes")) }
                        ul.log { @for n in &e.sub.notes { li { code { (n) } } } }
                    }
                    @if let Some(rec) = &e.recognition {
                        (engine(&rec.engine, t))
                        @if !rec.warnings.is_empty() {
                            h4 { (label(t, "t-warnings")) }
                            ul.log { @for w in &rec.warnings { li { code { (w) } } } }
                        }
                    }
                    @if let Some(why) = &e.sandbox_problem { p { code { (why) } } }
                }
            }
        }
    }
}

/// What a submission is as an engine.
fn engine(engine: &Engine, t: &Texts) -> Markup {
    html! {
        @match engine {
            Engine::Lisp { lines, .. } => {
                p { (label(t, "t-lisp")) }
                table.stack {
                    thead { tr { th { (label(t, "t-col-key")) } th { (label(t, "t-col-value")) } th { (label(t, "t-col-how")) } th { (label(t, "t-col-sure")) } } }
                    tbody {
                        @for l in lines {
                            tr {
                                td { code { (l.key) } }
                                td { code { (l.value) } }
                                td { (l.how) }
                                td { (label(t, match l.sure {
                                    Sureness::Given => "t-sure-given",
                                    Sureness::Certain => "t-sure-certain",
                                    Sureness::Likely => "t-sure-likely",
                                    Sureness::Guess => "t-sure-guess",
                                })) }
                            }
                        }
                    }
                }
            }
            Engine::Program { command, how } => {
                p { (say(t, &words!("t-program", command = command))) }
                p.note { (how) }
            }
            Engine::Nothing { reason, fix } => {
                p { (label(t, "t-nothing")) " " (reason) }
                @if !fix.is_empty() { p.note { (fix) } }
            }
        }
    }
}

/// The copy check: the flagged pairs, with their fragments.
fn copies(p: &Page<'_>, t: &Texts) -> Markup {
    let Some(c) = p.copies else {
        return html! { section #copies { h2 { (label(t, "t-copies")) } p { (label(t, "t-copies-off")) } } };
    };
    let flagged: Vec<_> = c.flagged().collect();
    let past = c.subs.iter().filter(|s| s.past).count();
    html! {
        section #copies {
            h2 { (label(t, "t-copies")) }
            p { (say(t, &words!("t-copies-summary", n = c.subs.len() - past, past = past, pairs = c.pairs.len(), flagged = flagged.len(), threshold = Arg::Text(format!("{} %", t.number(100.0 * source::THRESHOLD, 0)))))) }
            @for pair in flagged {
                @let (a, b) = (&c.subs[pair.a], &c.subs[pair.b]);
                div.pair data-a=(a.name) data-b=(b.name) {
                    h3 { code { (a.name) } " · " code { (b.name) } }
                    p { (say(t, &words!("t-pair", score = Arg::Text(format!("{} %", t.number(100.0 * pair.score, 0))), shared = pair.shared))) }
                    (fragments(a, b))
                }
            }
        }
    }
}

/// The lines of `file` covered by a k-gram of a shared fingerprint.
fn hit_lines(file: &source::File, shared: &HashSet<u64>) -> BTreeSet<u32> {
    let mut lines = BTreeSet::new();
    for p in file.prints.iter().filter(|p| shared.contains(&p.hash)) {
        let end = (p.at as usize + K).min(file.tokens.len());
        for tok in &file.tokens[p.at as usize..end] {
            lines.insert(tok.line);
        }
    }
    lines
}

/// The matched regions of a pair, both sides next to each other.
fn fragments(a: &Submission, b: &Submission) -> Markup {
    let regions = source::regions(a, b);
    let shared: HashSet<u64> = a.prints.intersection(&b.prints).copied().collect();
    html! {
        @for reg in regions.iter().take(REGIONS_SHOWN) {
            div.sides {
                @for (sub, fi, lines) in [(a, reg.file_a, reg.lines_a), (b, reg.file_b, reg.lines_b)] {
                    @let file = &sub.files[fi];
                    @let hit = hit_lines(file, &shared);
                    @let text: Vec<&str> = file.text.lines().collect();
                    @let from = lines.0.saturating_sub(CONTEXT).max(1);
                    @let to = (lines.1 + CONTEXT).min(text.len() as u32);
                    div {
                        div.file { (file.path) " " (lines.0) "–" (lines.1) }
                        pre {
                            @for l in from..=to {
                                @let inside = (lines.0..=lines.1).contains(&l) && hit.contains(&l);
                                span class=[inside.then_some("hit")] { (l) "  " (text.get(l as usize - 1).copied().unwrap_or("")) }
                            }
                        }
                    }
                }
            }
        }
    }
}
