//! One feedback page per submission (`feedback/<name>.html`): what the
//! student reads about their engine, in their language ([`Texts`]).
//!
//! The page, top to bottom: the submission, the student, the participant,
//! the verdict and the grade; what the intake and the recognition found
//! (the description's lines with how each was found and how sure); the
//! check's findings (ok, warn, FAIL); each game lost by a fault with the
//! board where it had to move, the legal moves there and the line it
//! answered (the first [`FULL_FAULTS`] in full, the rest counted per reason
//! with links); its pairs against each reference gate; its worst moves
//! once the reference has analysed the games; and the rubric's marks,
//! which add up to the grade. Links open the games in the championship
//! page (`../report.html#game=N&ply=K`).
//!
//! Like the championship page it is one self-contained file (no network,
//! no script); everything that comes from a student or an engine is
//! escaped, and a long line wraps instead of widening the page.
//!
//! What tests read: `html[lang]`, `#grade[data-grade]` (empty when
//! excluded), `#findings tr[data-tag]`, `.fault[data-game]` with its
//! `.board svg`, `ul.legal li` and `pre.line`, `#fault-rest
//! [data-reason]`, `#gates tr[data-gate]`, `#worst tr`, `#marks
//! tr[data-item][data-points]` and `#marks [data-total]`.

use super::i18n::Texts;
use super::{Engine, Evidence, Finding, Grade, Recognition, Status, Submission, Sureness, Tag};
use super::{Mark, Verdict};
use crate::results::analysis::{self, Analyses};
use crate::results::html::escape;
use crate::results::record::GameRecord;
use crate::results::result::Side;
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use tabula::game::{svg, AnyPosition};

/// The faults shown in full (board, legal moves, line); the others are
/// counted per reason.
pub(crate) const FULL_FAULTS: usize = 3;
/// The legal moves listed at a fault (then "and N more").
const LEGAL_SHOWN: usize = 60;
/// The links per reason among the faults not shown in full.
const LINKS_SHOWN: usize = 40;

/// The championship page's style, and this page's own additions.
const STYLE: &str = include_str!("../results/html/page.css");
const OWN_STYLE: &str = "\
header .grade{font-size:1.25em;margin:.3em 0 .2em}\
header .grade b{font-size:1.2em}\
main{max-width:1100px}\
table.findings td,table.findings th,table.desc td,table.desc th,table.worst td,table.worst th{text-align:left;white-space:normal;overflow-wrap:anywhere}\
table.findings{table-layout:fixed;width:100%}\
table.findings col.tag{width:5.5em}table.findings col.what{width:22%}table.findings col.fix{width:24%}\
table.findings td.tag{white-space:nowrap}\
tr[data-tag=fail] td.tag{color:#b3261e;font-weight:700}\
tr[data-tag=warn] td.tag{color:#9a6700;font-weight:700}\
tr[data-tag=ok] td.tag{color:#13733a;font-weight:700}\
tr[data-tag=skip] td.tag{color:var(--muted)}\
.fault{background:#fff;border:1px solid var(--line);border-radius:6px;padding:8px 12px;margin:10px 0}\
.fault-body{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}\
.fault .board{flex:0 1 340px;min-width:200px}\
.fault .board svg{width:100%;height:auto;display:block;border:1px solid var(--line);border-radius:4px;background:#fff}\
.fault .about{flex:1 1 300px;min-width:0}\
.fault h4{margin:.4em 0 .2em;font-size:.95em}\
ul.legal{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:4px}\
ul.legal li code{background:#eef0f3;border-radius:3px;padding:1px 5px}\
pre.line{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-all;background:#fbeeed;border-left:3px solid #b3261e;padding:4px 8px;margin:.2em 0;max-width:100%}\
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.92em}\
.wrap{overflow-wrap:anywhere;word-break:break-word}\
details{margin:.3em 0}details a{margin-right:6px}\
#marks td,#marks th{white-space:normal}\
#marks td.why{text-align:left;overflow-wrap:anywhere}\
#marks td.item,#marks th.item{text-align:left}\
#marks tfoot td,#marks tfoot th{font-weight:700;border-top:2px solid var(--ink)}\
td.pass{color:#13733a;font-weight:600}td.fail{color:#b3261e;font-weight:600}";

/// Everything a submission's page shows.
pub(crate) struct FeedbackInput<'a> {
    pub(crate) submission: &'a Submission,
    /// `None` when the intake refused it before recognition.
    pub(crate) recognition: Option<&'a Recognition>,
    /// The check's findings (empty: not checked).
    pub(crate) findings: &'a [Finding],
    pub(crate) verdict: &'a Verdict,
    /// Its games in the championship (any order).
    pub(crate) records: &'a [GameRecord],
    /// The index of a game in the championship page (`#game=N`).
    pub(crate) game_index: &'a dyn Fn(&GameRecord) -> Option<usize>,
    pub(crate) analyses: Option<&'a Analyses>,
    /// `None` when excluded.
    pub(crate) evidence: Option<&'a Evidence>,
    pub(crate) grade: &'a Grade,
    /// The championship page, relative to this one (`../report.html`).
    pub(crate) championship: &'a str,
}

/// Writes the page of `input` to `path` (a temporary file, then renamed).
pub(crate) fn write_feedback(path: &Path, input: &FeedbackInput<'_>, texts: &Texts) -> Result<()> {
    let page = render(input, texts);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create folder '{}'", dir.display()))?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, page)
        .and_then(|_| std::fs::rename(&tmp, path))
        .with_context(|| format!("cannot write the page '{}'", path.display()))
}

/// The whole page.
pub(crate) fn render(input: &FeedbackInput<'_>, t: &Texts) -> String {
    let s = input.submission;
    let mut body = String::new();
    header(&mut body, input, t);
    body.push_str("<main>");
    intake(&mut body, input, t);
    check(&mut body, input, t);
    let name = &s.name;
    let faults: Vec<(&GameRecord, Side)> = input
        .records
        .iter()
        .filter_map(|r| side_of(r, name).map(|side| (r, side)))
        .filter(|(r, side)| r.offender.is_some_and(|o| o.includes(*side)))
        .collect();
    if input.verdict.status != Status::Excluded || !input.records.is_empty() {
        faults_section(&mut body, input, &faults, t);
        gates(&mut body, input, t);
        worst(&mut body, input, t);
    }
    marks(&mut body, input, t);
    body.push_str("</main>");
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{}</title><style>{STYLE}{OWN_STYLE}</style></head><body>{body}</body></html>\n",
        t.lang(),
        escape(&t.get("page-title", &[("submission", s.name.as_str().into())])),
    )
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

fn header(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let s = input.submission;
    let _ = write!(
        out,
        "<header><h1 class=\"wrap\">{}</h1><p class=\"sub wrap\">",
        escape(&t.get("page-title", &[("submission", s.name.as_str().into())]))
    );
    let mut who = Vec::new();
    if let Some(student) = &s.student {
        who.push(format!(
            "{}: <b>{}</b>",
            escape(&t.get("header-student", &[])),
            escape(student)
        ));
    }
    if let Some(p) = &s.participant {
        who.push(format!(
            "{}: <b>{}</b>",
            escape(&t.get("header-participant", &[])),
            escape(p)
        ));
    }
    let status = match input.verdict.status {
        Status::Admitted => t.get("status-admitted", &[]),
        Status::AdmittedWithWarnings => t.get("status-admitted-warnings", &[]),
        Status::Excluded => t.get("status-excluded", &[]),
    };
    who.push(format!(
        "{}: <b id=\"status\" data-status=\"{}\">{}</b>",
        escape(&t.get("header-status", &[])),
        input.verdict.status.as_str(),
        escape(&status)
    ));
    out.push_str(&who.join(" · "));
    out.push_str("</p>");
    let g = input.grade;
    match g.total {
        Some(total) => {
            let _ = write!(
                out,
                "<p class=\"grade\" id=\"grade\" data-grade=\"{total}\">{}: <b>{}</b></p>",
                escape(&t.get("header-grade", &[])),
                escape(&t.get(
                    "grade-of",
                    &[
                        ("grade", t.number(total, decimals(total)).into()),
                        ("max", t.number(g.max, decimals(g.max)).into()),
                    ]
                )),
            );
        }
        None => {
            let _ = write!(
                out,
                "<p class=\"grade\" id=\"grade\" data-grade=\"\">{}: <b>{}</b></p>",
                escape(&t.get("header-grade", &[])),
                escape(&t.get("grade-none", &[])),
            );
        }
    }
    let _ = write!(
        out,
        "<nav><a href=\"{}\">{}</a> <a href=\"#check\">{}</a> <a href=\"#faults\">{}</a> \
         <a href=\"#gates\">{}</a> <a href=\"#grade-marks\">{}</a></nav></header>",
        escape(input.championship),
        escape(&t.get("nav-championship", &[])),
        escape(&t.get("section-check", &[])),
        escape(&t.get("section-faults", &[])),
        escape(&t.get("section-gates", &[])),
        escape(&t.get("section-grade", &[])),
    );
}

/// The decimals worth showing of a grade (`14`, `14.5`, `14.25`).
fn decimals(x: f64) -> usize {
    (0..3)
        .find(|&d| {
            let f = 10f64.powi(d as i32);
            ((x * f).round() - x * f).abs() < 1e-6
        })
        .unwrap_or(2)
}

/// What the intake and the recognition found.
fn intake(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let s = input.submission;
    let _ = write!(
        out,
        "<section id=\"submission\"><h2>{}</h2>",
        escape(&t.get("section-recognition", &[]))
    );
    for (id, list) in [("intake-refused", &s.refused), ("intake-notes", &s.notes)] {
        if list.is_empty() {
            continue;
        }
        let title = if id == "intake-refused" {
            t.get("intake-refused", &[])
        } else {
            t.get("intake-notes", &[])
        };
        let _ = write!(out, "<h3>{}</h3><ul class=\"wrap\">", escape(&title));
        for line in list.iter() {
            let _ = write!(out, "<li>{}</li>", escape(line));
        }
        out.push_str("</ul>");
    }
    let Some(rec) = input.recognition else {
        out.push_str("</section>");
        return;
    };
    match &rec.engine {
        Engine::Lisp { description, lines } => {
            let file = description
                .file_name()
                .map_or(String::new(), |f| f.to_string_lossy().into_owned());
            let _ = write!(
                out,
                "<p class=\"wrap\">{}</p><div class=\"scroll\"><table class=\"desc\"><thead><tr>\
                 <th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
                escape(&t.get("engine-lisp", &[("file", file.into())])),
                escape(&t.get("col-key", &[])),
                escape(&t.get("col-value", &[])),
                escape(&t.get("col-how", &[])),
                escape(&t.get("col-sure", &[])),
            );
            for l in lines {
                let sure = match l.sure {
                    Sureness::Given => t.get("sure-given", &[]),
                    Sureness::Certain => t.get("sure-certain", &[]),
                    Sureness::Likely => t.get("sure-likely", &[]),
                    Sureness::Guess => t.get("sure-guess", &[]),
                };
                let _ = write!(
                    out,
                    "<tr><td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>",
                    escape(&l.key),
                    escape(&l.value),
                    escape(&l.how),
                    escape(&sure)
                );
            }
            out.push_str("</tbody></table></div>");
        }
        Engine::Program { command, how } => {
            let _ = write!(
                out,
                "<p class=\"wrap\">{}</p><p class=\"note wrap\">{}</p>",
                escape(&t.get("engine-program", &[("command", command.as_str().into())])),
                escape(how)
            );
        }
        Engine::Nothing { reason, fix } => {
            let _ = write!(
                out,
                "<p class=\"wrap\">{}</p><p class=\"wrap\">{}</p>",
                escape(&t.get("engine-nothing", &[("reason", reason.as_str().into())])),
                escape(&t.get("fix", &[("fix", fix.as_str().into())])),
            );
        }
    }
    if !rec.warnings.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><ul class=\"wrap\">",
            escape(&t.get("recognition-warnings", &[]))
        );
        for w in &rec.warnings {
            let _ = write!(out, "<li>{}</li>", escape(w));
        }
        out.push_str("</ul>");
    }
    out.push_str("</section>");
}

/// The check's findings and the verdict.
fn check(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let _ = write!(
        out,
        "<section id=\"check\"><h2>{}</h2>",
        escape(&t.get("section-check", &[]))
    );
    if input.findings.is_empty() {
        let _ = write!(out, "<p>{}</p>", escape(&t.get("check-none", &[])));
    } else {
        let _ = write!(
            out,
            "<div class=\"scroll\"><table class=\"findings\" id=\"findings\"><colgroup><col class=\"tag\">\
             <col class=\"what\"><col class=\"note\"><col class=\"fix\"></colgroup><thead><tr><th></th>\
             <th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
            escape(&t.get("col-what", &[])),
            escape(&t.get("col-note", &[])),
            escape(&t.get("col-fix", &[])),
        );
        for f in input.findings {
            let (tag, word) = match f.tag {
                Tag::Ok => ("ok", t.get("tag-ok", &[])),
                Tag::Warn => ("warn", t.get("tag-warn", &[])),
                Tag::Fail => ("fail", t.get("tag-fail", &[])),
                Tag::Skip => ("skip", t.get("tag-skip", &[])),
            };
            let _ = write!(
                out,
                "<tr data-tag=\"{tag}\"><td class=\"tag\">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                escape(&word),
                escape(&f.what),
                escape(&f.note),
                escape(&f.fix)
            );
        }
        out.push_str("</tbody></table></div>");
    }
    let v = input.verdict;
    if !v.reasons.is_empty() {
        let _ = write!(
            out,
            "<h3>{}</h3><ul class=\"wrap\" id=\"reasons\">",
            escape(&t.get("verdict-reasons", &[]))
        );
        for r in &v.reasons {
            let _ = write!(out, "<li>{}</li>", escape(r));
        }
        out.push_str("</ul>");
    }
    if !v.fix.is_empty() {
        let _ = write!(
            out,
            "<p class=\"wrap\">{}</p>",
            escape(&t.get("fix", &[("fix", v.fix.as_str().into())]))
        );
    }
    out.push_str("</section>");
}

/// A fault reason in words.
fn reason_text(reason: &str, t: &Texts) -> String {
    match reason {
        "illegal" => t.get("reason-illegal", &[]),
        "malformed" => t.get("reason-malformed", &[]),
        "timeout" => t.get("reason-timeout", &[]),
        "stall" => t.get("reason-stall", &[]),
        "crash" => t.get("reason-crash", &[]),
        "startup" => t.get("reason-startup", &[]),
        "replaced" => t.get("reason-replaced", &[]),
        other => other.to_string(),
    }
}

/// The link to a game of the championship page at a ply.
fn game_link(input: &FeedbackInput<'_>, r: &GameRecord, ply: usize) -> Option<(usize, String)> {
    let n = (input.game_index)(r)?;
    Some((
        n,
        format!("{}#game={n}&amp;ply={ply}", escape(input.championship)),
    ))
}

/// The games lost by a fault: the first in full, the rest per reason.
fn faults_section(
    out: &mut String,
    input: &FeedbackInput<'_>,
    faults: &[(&GameRecord, Side)],
    t: &Texts,
) {
    let _ = write!(
        out,
        "<section id=\"faults\"><h2>{}</h2>",
        escape(&t.get("section-faults", &[]))
    );
    if faults.is_empty() {
        let _ = write!(
            out,
            "<p>{}</p></section>",
            escape(&t.get("faults-none", &[]))
        );
        return;
    }
    let _ = write!(
        out,
        "<p>{}</p>",
        escape(&t.get("faults-count", &[("n", faults.len().into())]))
    );
    for (r, side) in faults.iter().take(FULL_FAULTS) {
        fault(out, input, r, *side, t);
    }
    let rest = &faults[faults.len().min(FULL_FAULTS)..];
    if rest.is_empty() {
        out.push_str("</section>");
        return;
    }
    let mut by_reason: BTreeMap<&str, Vec<&GameRecord>> = BTreeMap::new();
    for (r, _) in rest {
        by_reason.entry(r.reason.as_str()).or_default().push(r);
    }
    let _ = write!(
        out,
        "<div id=\"fault-rest\"><h3>{}</h3>",
        escape(&t.get("faults-rest", &[]))
    );
    for (reason, games) in &by_reason {
        let _ = write!(
            out,
            "<details data-reason=\"{}\" data-count=\"{}\"><summary>{}</summary><p>",
            escape(reason),
            games.len(),
            escape(&t.get(
                "faults-reason",
                &[
                    ("reason", reason_text(reason, t).into()),
                    ("n", games.len().into())
                ]
            ))
        );
        for r in games.iter().take(LINKS_SHOWN) {
            if let Some((n, href)) = game_link(input, r, r.moves.len()) {
                let _ = write!(out, "<a href=\"{href}\">#{}</a> ", n + 1);
            }
        }
        if games.len() > LINKS_SHOWN {
            let _ = write!(
                out,
                "{}",
                escape(&t.get(
                    "fault-legal-more",
                    &[("n", (games.len() - LINKS_SHOWN).into())]
                ))
            );
        }
        out.push_str("</p></details>");
    }
    out.push_str("</div></section>");
}

/// One fault in full: the board where it had to move, the legal moves
/// there, the line it answered.
fn fault(out: &mut String, input: &FeedbackInput<'_>, r: &GameRecord, side: Side, t: &Texts) {
    let opponent = match side {
        Side::P1 => &r.p2,
        Side::P2 => &r.p1,
    };
    let ply = r.moves.len();
    let link = game_link(input, r, ply);
    let number = link
        .as_ref()
        .map_or_else(|| r.key.to_string(), |(n, _)| (n + 1).to_string());
    let _ = write!(
        out,
        "<article class=\"fault\" data-game=\"{}\" data-reason=\"{}\"><h3 class=\"wrap\">{}</h3>\
         <div class=\"fault-body\">",
        link.as_ref().map_or(String::new(), |(n, _)| n.to_string()),
        r.reason.as_str(),
        escape(&t.get(
            "fault-title",
            &[
                ("game", number.into()),
                ("opponent", opponent.as_str().into()),
                ("ply", (ply + 1).into()),
                ("reason", reason_text(r.reason.as_str(), t).into()),
            ]
        ))
    );
    // The board after the moves played: where it had to move (the last
    // move marked).
    let start = AnyPosition::from_fen(&r.start).ok();
    if let Some(start) = start {
        let replay = start.svg_frames(&r.moves);
        if let Some(frame) = replay.frames.last() {
            let _ = write!(
                out,
                "<div class=\"board\" title=\"{}\">{}</div>",
                escape(&t.get("fault-board", &[])),
                svg::document(replay.size, frame)
            );
        }
    }
    out.push_str("<div class=\"about\">");
    if let Some(start) = start {
        let mut pos = start;
        for m in &r.moves {
            if pos.play_text(m).is_err() {
                break;
            }
        }
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        if legal.is_empty() {
            let _ = write!(out, "<p>{}</p>", escape(&t.get("fault-legal-none", &[])));
        } else {
            let _ = write!(
                out,
                "<h4>{}</h4><ul class=\"legal\" data-count=\"{}\">",
                escape(&t.get("fault-legal", &[("n", legal.len().into())])),
                legal.len()
            );
            for m in legal.iter().take(LEGAL_SHOWN) {
                let _ = write!(out, "<li><code>{}</code></li>", escape(m));
            }
            if legal.len() > LEGAL_SHOWN {
                let _ = write!(
                    out,
                    "<li>{}</li>",
                    escape(&t.get(
                        "fault-legal-more",
                        &[("n", (legal.len() - LEGAL_SHOWN).into())]
                    ))
                );
            }
            out.push_str("</ul>");
        }
    }
    let _ = write!(out, "<h4>{}</h4>", escape(&t.get("fault-line", &[])));
    match r.detail.as_deref().filter(|d| !d.is_empty()) {
        Some(line) => {
            let _ = write!(out, "<pre class=\"line\">{}</pre>", escape(line));
        }
        None => {
            let _ = write!(
                out,
                "<pre class=\"line\">{}</pre>",
                escape(&t.get("fault-no-line", &[]))
            );
        }
    }
    if let Some((_, href)) = link {
        let _ = write!(
            out,
            "<p><a href=\"{href}\">{}</a></p>",
            escape(&t.get("fault-open", &[]))
        );
    }
    out.push_str("</div></div></article>");
}

/// The pairs against each reference gate.
fn gates(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let _ = write!(
        out,
        "<section id=\"gates\"><h2>{}</h2>",
        escape(&t.get("section-gates", &[]))
    );
    let results = input.evidence.map_or(&[][..], |e| e.gates.as_slice());
    if results.is_empty() {
        let _ = write!(
            out,
            "<p>{}</p></section>",
            escape(&t.get("gates-none", &[]))
        );
        return;
    }
    if let Some(ev) = input.evidence {
        let _ = write!(
            out,
            "<p>{}</p>",
            escape(&t.get(
                "summary-results",
                &[
                    ("games", ev.games.into()),
                    ("points", t.number(ev.points, decimals(ev.points)).into()),
                    ("rank", ev.rank.into()),
                    ("ranked", ev.ranked.into()),
                ]
            ))
        );
    }
    let _ = write!(
        out,
        "<div class=\"scroll\"><table><thead><tr><th class=\"c1\">{}</th><th>{}</th><th>{}</th>\
         <th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        escape(&t.get("col-gate", &[])),
        escape(&t.get("col-won", &[])),
        escape(&t.get("col-drawn", &[])),
        escape(&t.get("col-lost", &[])),
        escape(&t.get("col-pair-score", &[])),
        escape(&t.get("col-los", &[])),
        escape(&t.get("col-passed", &[])),
    );
    for g in results {
        let mark = input
            .grade
            .marks
            .iter()
            .find(|m| m.item == format!("gate:{}", g.gate));
        let passed = mark.map(|m| m.max > 0.0 && m.points >= m.max);
        let (class, word) = match passed {
            Some(true) => ("pass", t.get("gate-passed", &[])),
            Some(false) => ("fail", t.get("gate-not-passed", &[])),
            None => ("", String::new()),
        };
        let _ = write!(
            out,
            "<tr data-gate=\"{0}\"><td class=\"c1\">{0}</td><td>{1}</td><td>{2}</td><td>{3}</td>\
             <td>{4}</td><td>{5}</td><td class=\"{6}\">{7}</td></tr>",
            escape(&g.gate),
            g.pairs_won,
            g.pairs_drawn,
            g.pairs_lost,
            t.number(g.pair_score, 2),
            g.los
                .map_or("–".into(), |l| format!("{} %", t.number(100.0 * l, 1))),
            class,
            escape(&word),
        );
    }
    let _ = write!(
        out,
        "</tbody></table></div><p class=\"note\">{}</p></section>",
        escape(&t.get("gates-note", &[]))
    );
}

/// Its worst moves by the reference's analysis.
fn worst(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let _ = write!(
        out,
        "<section id=\"worst\"><h2>{}</h2>",
        escape(&t.get("section-worst", &[]))
    );
    let analysed = input
        .analyses
        .filter(|a| input.records.iter().any(|r| a.has(r)));
    let Some(analyses) = analysed else {
        let _ = write!(
            out,
            "<p>{}</p></section>",
            escape(&t.get("worst-no-analysis", &[]))
        );
        return;
    };
    let list = analysis::worst_moves(&input.submission.name, input.records, analyses, 5);
    if list.is_empty() {
        let _ = write!(
            out,
            "<p>{}</p></section>",
            escape(&t.get("worst-none", &[]))
        );
        return;
    }
    let _ = write!(
        out,
        "<p class=\"note\">{}</p><div class=\"scroll\"><table class=\"worst\" id=\"worst-moves\">\
         <thead><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        escape(&t.get("worst-note", &[])),
        escape(&t.get("col-game", &[])),
        escape(&t.get("col-move", &[])),
        escape(&t.get("col-played", &[])),
        escape(&t.get("col-best", &[])),
        escape(&t.get("col-drop", &[])),
    );
    for w in &list {
        let r = &input.records[w.game];
        let m = w.line;
        let game = match game_link(input, r, m.ply) {
            Some((n, href)) => format!("<a href=\"{href}\">#{}</a>", n + 1),
            None => escape(&r.key.to_string()),
        };
        let _ = write!(
            out,
            "<tr><td>{game}</td><td>{}</td><td><code>{}</code></td><td><code>{}</code></td>\
             <td>−{} %</td></tr>",
            m.ply + 1,
            escape(&m.played),
            escape(&m.best),
            t.number(m.drop(), 1),
        );
    }
    out.push_str("</tbody></table></div></section>");
}

/// A rubric item in words.
fn item_text(mark: &Mark, t: &Texts) -> String {
    match mark.item.as_str() {
        "rank" => t.get("item-rank", &[]),
        "own-moves" => t.get("item-own-moves", &[]),
        "faults" => t.get("item-faults", &[]),
        "accuracy" => t.get("item-accuracy", &[]),
        item => match item.strip_prefix("gate:") {
            Some(gate) => t.get("item-gate", &[("gate", gate.into())]),
            None => item.to_string(),
        },
    }
}

/// What the rubric gave: each mark, and the total.
fn marks(out: &mut String, input: &FeedbackInput<'_>, t: &Texts) {
    let _ = write!(
        out,
        "<section id=\"grade-marks\"><h2>{}</h2>",
        escape(&t.get("section-grade", &[]))
    );
    let g = input.grade;
    let Some(total) = g.total else {
        let _ = write!(
            out,
            "<p id=\"marks\" data-total=\"\">{}</p></section>",
            escape(&t.get("grade-excluded", &[]))
        );
        return;
    };
    let _ = write!(
        out,
        "<div class=\"scroll\"><table id=\"marks\"><thead><tr><th class=\"item\">{}</th><th>{}</th>\
         <th class=\"item\">{}</th></tr></thead><tbody>",
        escape(&t.get("col-item", &[])),
        escape(&t.get("col-points", &[])),
        escape(&t.get("col-why", &[])),
    );
    for m in &g.marks {
        let points = if m.max > 0.0 {
            format!(
                "{} / {}",
                t.number(m.points, decimals(m.points)),
                t.number(m.max, decimals(m.max))
            )
        } else {
            t.number(m.points, decimals(m.points))
        };
        let _ = write!(
            out,
            "<tr data-item=\"{}\" data-points=\"{}\"><td class=\"item wrap\">{}</td><td>{}</td>\
             <td class=\"why\">{}</td></tr>",
            escape(&m.item),
            m.points,
            escape(&item_text(m, t)),
            points,
            escape(&t.decimals_in(&m.why)),
        );
    }
    let sum: f64 = g.marks.iter().map(|m| m.points).sum();
    let note = if (sum - total).abs() > 1e-9 {
        t.get(
            "grade-rounded",
            &[("sum", t.number(sum, decimals(sum)).into())],
        )
    } else {
        String::new()
    };
    let _ = write!(
        out,
        "</tbody><tfoot><tr><th class=\"item\">{}</th><td data-total=\"{total}\">{} / {}</td>\
         <td class=\"why\">{}</td></tr></tfoot></table></div></section>",
        escape(&t.get("grade-total", &[])),
        t.number(total, decimals(total)),
        t.number(g.max, decimals(g.max)),
        escape(&note),
    );
}

#[cfg(test)]
mod tests {
    use super::super::rubric::Rubric;
    use super::super::GateResult;
    use super::*;
    use crate::results::analysis::lines_of;

    const JOURNAL: &str = include_str!("../../tests/data/journal.jsonl");

    fn records() -> Vec<GameRecord> {
        JOURNAL
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    fn submission(name: &str) -> Submission {
        Submission {
            name: name.into(),
            participant: Some("77".into()),
            student: Some("Zé <Ninguém>".into()),
            ..Submission::default()
        }
    }

    fn verdict(status: Status) -> Verdict {
        Verdict {
            status,
            reasons: Vec::new(),
            fix: String::new(),
        }
    }

    #[test]
    fn worst_moves_link_to_the_championship_once_analysed() {
        use tabula::analysis::{Analyser, Budget, Settings};
        let all = records();
        // Game 4: builtin:random, player 2, blunders.
        let r = &all[4];
        let settings = Settings {
            budget: Budget::Nodes(2000),
            ..Settings::default()
        };
        let start = AnyPosition::from_fen(&r.start).unwrap();
        let a = Analyser::new(settings)
            .analyse_text(&start, &r.moves)
            .unwrap();
        let mut store = Analyses::default();
        store.insert(lines_of(r, &a));
        let name = "builtin:random";
        let mine: Vec<GameRecord> = all
            .iter()
            .filter(|g| g.p1 == name || g.p2 == name)
            .cloned()
            .collect();
        let index = |g: &GameRecord| {
            all.iter()
                .position(|x| x.key == g.key && x.tournament == g.tournament)
        };
        let evidence = Evidence {
            name: name.into(),
            games: mine.len() as u32,
            rank: 2,
            ranked: 3,
            gates: vec![GateResult {
                gate: "builtin:greedy".into(),
                pairs_won: 1,
                pairs_drawn: 0,
                pairs_lost: 0,
                pair_score: 1.0,
                los: Some(0.84),
            }],
            ..Evidence::default()
        };
        let grade = Rubric::default().grade(&evidence);
        let s = submission(name);
        let v = verdict(Status::Admitted);
        let input = FeedbackInput {
            submission: &s,
            recognition: None,
            findings: &[],
            verdict: &v,
            records: &mine,
            game_index: &index,
            analyses: Some(&store),
            evidence: Some(&evidence),
            grade: &grade,
            championship: "../report.html",
        };
        let en = Texts::new("en").unwrap();
        let page = render(&input, &en);
        let worst = analysis::worst_moves(name, &mine, &store, 5);
        assert!(!worst.is_empty());
        let table = &page[page.find("id=\"worst-moves\"").unwrap()..];
        for w in &worst {
            assert!(
                table.contains(&format!(
                    "href=\"../report.html#game=4&amp;ply={}\"",
                    w.line.ply
                )),
                "{table}"
            );
        }
        assert!(page.contains("Zé &lt;Ninguém&gt;"));
        assert!(page.contains("<p>The check did not run.</p>"));
        assert!(page.contains("<tr data-gate=\"builtin:greedy\">"));
        // Rank 2 of 3: half the rank's points.
        assert!(page.contains("<tr data-item=\"rank\" data-points=\"2.5\">"));
        // In Portuguese: the same page, its numbers with a comma.
        let pt = render(&input, &Texts::new("pt").unwrap());
        assert!(pt.starts_with("<!DOCTYPE html>\n<html lang=\"pt\">"));
        assert!(pt.contains("2,5 / 5") && pt.contains("As suas piores jogadas"));
    }

    #[test]
    fn a_hundred_and_sixty_faults_make_a_short_page() {
        // Game 0: the mock plays an illegal move as player 1.
        let one = records().remove(0);
        let name = one.p1.clone();
        let many: Vec<GameRecord> = (0..160)
            .map(|k| {
                let mut r = one.clone();
                r.key.board = k;
                r
            })
            .collect();
        let index = |g: &GameRecord| Some(g.key.board as usize);
        let mut faults = BTreeMap::new();
        faults.insert("illegal".to_string(), 160);
        let evidence = Evidence {
            name: name.clone(),
            games: 160,
            faults,
            ..Evidence::default()
        };
        let grade = Rubric::default().grade(&evidence);
        let s = submission(&name);
        let v = verdict(Status::Admitted);
        let input = FeedbackInput {
            submission: &s,
            recognition: None,
            findings: &[],
            verdict: &v,
            records: &many,
            game_index: &index,
            analyses: None,
            evidence: Some(&evidence),
            grade: &grade,
            championship: "../report.html",
        };
        let page = render(&input, &Texts::new("en").unwrap());
        assert!(page.contains("<p>160 games lost by a fault.</p>"));
        assert_eq!(
            page.matches("<article class=\"fault\"").count(),
            FULL_FAULTS
        );
        assert_eq!(page.matches("<svg").count(), FULL_FAULTS, "three boards");
        let rest = &page[page.find("id=\"fault-rest\"").unwrap()..];
        assert!(rest.contains("data-reason=\"illegal\" data-count=\"157\""));
        assert!(rest.contains("an illegal move: 157 games"));
        assert_eq!(rest.matches("<a href=").count(), LINKS_SHOWN);
        assert!(rest.contains("#game=3&amp;ply=4\">#4</a>"), "{rest}");
        assert!(rest.contains("… and 117 more"));
        assert!(page.len() < 60_000, "{} bytes", page.len());
    }

    #[test]
    fn an_excluded_submission_has_its_reasons_and_no_grade() {
        let s = Submission {
            refused: vec!["an archive that leaves its folder: ../../x".into()],
            ..submission("vazio")
        };
        let v = Verdict {
            status: Status::Excluded,
            reasons: vec!["nothing runnable".into()],
            fix: "submit the project's .lisp files".into(),
        };
        let rec = Recognition::of(
            Engine::Nothing {
                reason: "no source file".into(),
                fix: "submit the project's .lisp files".into(),
            },
            Vec::new(),
        );
        let grade = Rubric::default().excluded();
        let index = |_: &GameRecord| None;
        let input = FeedbackInput {
            submission: &s,
            recognition: Some(&rec),
            findings: &[],
            verdict: &v,
            records: &[],
            game_index: &index,
            analyses: None,
            evidence: None,
            grade: &grade,
            championship: "../report.html",
        };
        let page = render(&input, &Texts::new("pt").unwrap());
        assert!(page.contains("id=\"grade\" data-grade=\"\""));
        assert!(page.contains("sem nota (excluída)") && page.contains("Excluída: sem nota."));
        assert!(page.contains("data-status=\"excluded\""));
        assert!(page.contains("an archive that leaves its folder: ../../x"));
        assert!(page.contains("Nada que se possa executar: no source file"));
        assert!(
            !page.contains("id=\"faults\""),
            "no games, no faults section"
        );
    }
}
