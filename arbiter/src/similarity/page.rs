//! The similarity page: one self-contained HTML file (no script, no outside
//! resource) with the pairs, both kinds of evidence side by side, the chance
//! model of the behaviour run, and for each flagged pair the matched source
//! fragments of both submissions next to each other, the matched lines
//! highlighted. Everything taken from a submission (names, paths, code) is
//! escaped.

use super::cluster::Cluster;
use super::null::Null;
use super::source::{self, Submission};
use super::{behaviour, BehaviourRun, Row};
use crate::results::html::escape;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

/// Pairs listed in the table besides the flagged ones.
const UNFLAGGED_SHOWN: usize = 20;
/// Regions shown per pair.
const REGIONS_SHOWN: usize = 12;
/// Lines shown around a region.
const CONTEXT: u32 = 2;

const STYLE: &str = "
body{font:15px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1400px;padding:1em;color:#1d232b;background:#fbfbfa}
h1{font-size:1.6em;margin:.2em 0}h2{margin-top:1.6em;border-bottom:1px solid #ccd}
table{border-collapse:collapse;margin:.6em 0}th,td{padding:.25em .6em;border-bottom:1px solid #dde;text-align:left}
td.n{text-align:right;font-variant-numeric:tabular-nums}tr.flagged td{background:#fde8e4}
.yes{color:#b3261e;font-weight:600}.no{color:#5b6570}
.pair{margin:1.2em 0;padding:.6em;border:1px solid #dde;background:#fff}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:.6em}
@media (max-width:800px){.sides{grid-template-columns:1fr}}
pre{margin:0;overflow-x:auto;background:#f4f5f7;border:1px solid #e2e4e8;font:12.5px/1.4 ui-monospace,monospace}
pre span{display:block;padding:0 .4em;white-space:pre}pre span.hit{background:#ffe7a3}
pre i{display:inline-block;width:3.2em;color:#8a93a0;font-style:normal;user-select:none}
.file{font:12.5px ui-monospace,monospace;color:#3b4552;margin:.4em 0 .2em}
.note{color:#5b6570;font-size:.92em}
";

/// The whole page.
pub(super) fn render(
    rows: &[Row],
    groups: &[Cluster],
    subs: &[Submission],
    run: Option<&BehaviourRun>,
) -> String {
    let mut b = String::new();
    let flagged: Vec<&Row> = rows.iter().filter(|r| r.flagged()).collect();
    let _ = write!(
        b,
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Similarity: {} flagged</title><style>{STYLE}</style></head><body>\
         <h1>Similarity of {}</h1><p class=\"sub\" id=\"summary\">{} flagged of {}. {}</p>",
        flagged.len(),
        what_was_run(subs, run),
        flagged.len(),
        crate::out::plural(rows.len(), "pair"),
        thresholds(subs, run),
    );
    groups_section(&mut b, rows, groups, subs);
    pairs_table(&mut b, rows);
    if let Some(run) = run {
        chance_section(&mut b, run);
    }
    if !subs.is_empty() {
        let _ = write!(b, "<h2 id=\"fragments\">Matched fragments</h2>");
        let index: HashMap<&str, usize> = subs
            .iter()
            .enumerate()
            .map(|(i, s)| (s.name.as_str(), i))
            .collect();
        let mut shown = 0;
        for (k, r) in rows.iter().enumerate().filter(|(_, r)| r.flagged()) {
            let (Some(&i), Some(&j)) = (index.get(r.a.as_str()), index.get(r.b.as_str())) else {
                continue;
            };
            fragments(&mut b, (k, r), &subs[i], &subs[j], run.map(|r| &r.null));
            shown += 1;
        }
        if shown == 0 {
            let _ = write!(b, "<p class=\"note\">No pair is flagged on its source.</p>");
        }
    }
    b.push_str("</body></html>\n");
    b
}

fn what_was_run(subs: &[Submission], run: Option<&BehaviourRun>) -> String {
    let mut parts = Vec::new();
    if !subs.is_empty() {
        let past = subs.iter().filter(|s| s.past).count();
        parts.push(format!(
            "{} (sources{})",
            crate::out::plural(subs.len() - past, "submission"),
            if past > 0 {
                format!(", and {past} past")
            } else {
                String::new()
            }
        ));
    }
    if let Some(r) = run {
        parts.push(format!(
            "{} (moves on {} {} positions)",
            crate::out::plural(r.names.len(), "engine"),
            r.positions,
            r.game
        ));
    }
    escape(&parts.join(" and "))
}

fn thresholds(subs: &[Submission], run: Option<&BehaviourRun>) -> String {
    let mut t = Vec::new();
    if let Some(s) = subs.first() {
        let set = s.settings;
        t.push(format!(
            "Source: flagged from {:.0} % of the smaller submission's fingerprints shared \
             (and at least {}); winnowing of {}-token k-grams, window {}; the base code is never \
             counted, nor code common to more than {:.0} % of the submissions.",
            100.0 * source::THRESHOLD,
            source::MIN_SHARED,
            set.k,
            set.w,
            100.0 * set.max_share
        ));
    }
    if let Some(r) = run {
        t.push(format!(
            "Behaviour: flagged from z ≥ {:.1} on at least {} positions, unless a canonical \
             reference explains the pair; {}.",
            r.null.threshold,
            behaviour::MIN_POSITIONS,
            r.null.words()
        ));
    }
    escape(&t.join(" "))
}

fn pct(x: f64) -> String {
    format!("{:.0} %", 100.0 * x)
}

fn yes_no(f: bool) -> &'static str {
    if f {
        "<td class=\"yes\">yes</td>"
    } else {
        "<td class=\"no\">no</td>"
    }
}

/// Regions shown per group.
const GROUP_REGIONS_SHOWN: usize = 6;

/// The groups of copiers: each one cluster with its members, its flagged
/// pairs and the code most of them share (the center's lines, and where
/// each member has them).
fn groups_section(b: &mut String, rows: &[Row], groups: &[Cluster], subs: &[Submission]) {
    if groups.is_empty() {
        return;
    }
    let _ = write!(
        b,
        "<h2 id=\"groups\">Groups of copiers</h2><p class=\"note\">Three or more submissions \
         joined by flagged pairs: one group to read together, not separate pairs.</p>"
    );
    let index: HashMap<&str, &Submission> = subs.iter().map(|s| (s.name.as_str(), s)).collect();
    for (g, c) in groups.iter().enumerate() {
        let (pairs, of) = c.density();
        let _ = write!(
            b,
            "<section class=\"group pair\" id=\"group-{}\"><h3>Group {}: {} submissions</h3>\
             <p class=\"note\">{pairs} of their {of} pairs flagged: ",
            g + 1,
            g + 1,
            c.members.len()
        );
        let list: Vec<String> = c
            .rows
            .iter()
            .map(|&k| {
                let r = &rows[k];
                format!("{} – {} ({:.2})", escape(&r.a), escape(&r.b), r.score())
            })
            .collect();
        let _ = write!(b, "{}.</p><ul class=\"members\">", list.join(", "));
        for m in &c.members {
            let _ = write!(b, "<li>{}</li>", escape(m));
        }
        b.push_str("</ul>");
        let members: Option<Vec<&Submission>> = c
            .members
            .iter()
            .map(|m| index.get(m.as_str()).copied())
            .collect();
        if let Some(members) = members {
            group_code(b, &members);
        }
        b.push_str("</section>");
    }
}

/// The code a group shares, from its center, with where each member has
/// it.
fn group_code(b: &mut String, members: &[&Submission]) {
    let Some((center, regions)) = source::group_regions(members) else {
        return;
    };
    let c = members[center];
    let _ = write!(
        b,
        "<p class=\"note\">{} regions of code most of the group shares; shown in {}:</p>",
        regions.len(),
        escape(&c.name)
    );
    for reg in regions.iter().take(GROUP_REGIONS_SHOWN) {
        let file = &c.files[reg.file];
        let _ = write!(
            b,
            "<div class=\"region group-region\"><div class=\"file\">{} / {} lines {}–{}</div><pre>",
            escape(&c.name),
            escape(&file.path),
            reg.lines.0,
            reg.lines.1
        );
        let text: Vec<&str> = file.text.lines().collect();
        for l in reg.lines.0..=reg.lines.1.min(text.len() as u32) {
            let _ = write!(
                b,
                "<span class=\"hit\"><i>{l}</i>{}</span>",
                escape(text.get(l as usize - 1).copied().unwrap_or(""))
            );
        }
        b.push_str("</pre><ul class=\"where\">");
        for (m, at) in members.iter().zip(&reg.members) {
            match at {
                Some((fi, (from, to))) => {
                    let _ = write!(
                        b,
                        "<li>{} / {} lines {from}–{to}</li>",
                        escape(&m.name),
                        escape(&m.files[*fi].path)
                    );
                }
                None => {
                    let _ = write!(b, "<li>{}: not there</li>", escape(&m.name));
                }
            }
        }
        b.push_str("</ul></div>");
    }
}

fn pairs_table(b: &mut String, rows: &[Row]) {
    let _ = write!(
        b,
        "<h2 id=\"pairs\">Pairs</h2><table id=\"pairs-table\"><thead><tr><th>#</th><th>a</th><th>b</th>\
         <th>score</th><th>flagged</th><th>source</th><th>shared</th>\
         <th>agreement</th><th>expected</th><th>z</th></tr></thead><tbody>"
    );
    let mut unflagged = 0;
    for (k, r) in rows.iter().enumerate() {
        if !r.flagged() {
            unflagged += 1;
            if unflagged > UNFLAGGED_SHOWN {
                continue;
            }
        }
        let s = r.source.as_ref();
        let j = r.behaviour.as_ref();
        let name = |n: &str| {
            if r.flagged() && s.is_some() {
                format!("<a href=\"#pair-{k}\">{}</a>", escape(n))
            } else {
                escape(n)
            }
        };
        let _ = write!(
            b,
            "<tr class=\"{}\" data-a=\"{}\" data-b=\"{}\"><td class=\"n\">{}</td><td>{}</td><td>{}</td>\
             <td class=\"n\">{:.2}</td>{}<td class=\"n\">{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
            if r.flagged() { "flagged" } else { "" },
            escape(&r.a),
            escape(&r.b),
            k + 1,
            name(&r.a),
            name(&r.b),
            r.score(),
            yes_no(r.flagged()),
            s.map(|p| pct(p.score)).unwrap_or_default(),
            s.map(|p| p.shared.to_string()).unwrap_or_default(),
            j.map(|j| pct(j.agreement)).unwrap_or_default(),
            j.map(|j| pct(j.expected)).unwrap_or_default(),
            j.map(|j| format!("{:.1}", j.z)).unwrap_or_default(),
        );
    }
    b.push_str("</tbody></table>");
    if unflagged > UNFLAGGED_SHOWN {
        let _ = write!(
            b,
            "<p class=\"note\">{} more pairs below the thresholds are in the CSV.</p>",
            unflagged - UNFLAGGED_SHOWN
        );
    }
}

fn chance_section(b: &mut String, run: &BehaviourRun) {
    let _ = write!(
        b,
        "<h2 id=\"chance\">Behaviour: the chance model</h2><p class=\"note\">Positions: {} \
         (file {}). On each position the pool — the reference players and the class, the \
         two engines judged left out — votes for the moves; an engine plays like the pool with \
         its own sharpness β (0: at random; 1: as the pool votes; larger: the popular move); \
         two independent engines are expected to agree Σ P<sub>a</sub>(m)P<sub>b</sub>(m) \
         on each position, with the binomial spread and the spread τ = {:.3} of independent \
         pairs beyond it. {}.</p><table id=\"strengths\"><thead><tr><th>engine</th>\
         <th>sharpness β</th><th>agreement with Tabula at depth 4</th></tr></thead><tbody>",
        run.positions,
        escape(&run.positions_file.display().to_string()),
        run.null.tau,
        escape(&run.null.words())
    );
    for ((n, beta), s) in run.names.iter().zip(&run.sharpness).zip(&run.strength) {
        let _ = write!(
            b,
            "<tr><td>{}</td><td class=\"n\">{beta:.2}</td><td class=\"n\">{}</td></tr>",
            escape(n),
            pct(*s)
        );
    }
    let _ = write!(
        b,
        "</tbody></table><p class=\"note\">Independent reference pairs, judged as the class \
         is:</p><table id=\"references\"><thead><tr><th>a</th><th>b</th><th>agreement</th>\
         <th>expected</th><th>z</th><th>above</th></tr></thead><tbody>"
    );
    for (x, y, j) in &run.reference_pairs {
        let _ = write!(
            b,
            "<tr><td>{}</td><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{:.1}</td>{}</tr>",
            escape(x),
            escape(y),
            pct(j.agreement),
            pct(j.expected),
            j.z,
            yes_no(j.z >= run.null.threshold)
        );
    }
    b.push_str("</tbody></table>");
}

/// The lines of `file` covered by a k-gram of a shared fingerprint.
fn hit_lines(file: &source::File, shared: &HashSet<u64>, k: usize) -> BTreeSet<u32> {
    let mut lines = BTreeSet::new();
    for p in file.prints.iter().filter(|p| shared.contains(&p.hash)) {
        let end = (p.at as usize + k).min(file.tokens.len());
        for t in &file.tokens[p.at as usize..end] {
            lines.insert(t.line);
        }
    }
    lines
}

fn fragments(
    b: &mut String,
    (k, r): (usize, &Row),
    a: &Submission,
    bs: &Submission,
    null: Option<&Null>,
) {
    let Some(p) = &r.source else { return };
    let regions = source::regions(a, bs);
    let shared: HashSet<u64> = a.prints.intersection(&bs.prints).copied().collect();
    let _ = write!(
        b,
        "<section class=\"pair\" id=\"pair-{k}\"><h3>{} and {}</h3><p class=\"note\">{} of the \
         smaller submission's fingerprints shared ({}); {}",
        escape(&r.a),
        escape(&r.b),
        pct(p.score),
        p.shared,
        crate::out::plural(regions.len(), "matched region"),
    );
    if let Some(j) = &r.behaviour {
        let _ = write!(
            b,
            "; same move on {} of {} positions, {} expected by chance (z {:.1}{})",
            pct(j.agreement),
            j.positions,
            pct(j.expected),
            j.z,
            null.map(|n| format!(", {}", escape(&n.chance_words(j.z))))
                .unwrap_or_default()
        );
    }
    b.push_str(".</p>");
    let mut hits: HashMap<(bool, usize), BTreeSet<u32>> = HashMap::new();
    for (n, reg) in regions.iter().take(REGIONS_SHOWN).enumerate() {
        b.push_str("<div class=\"sides region\">");
        for (side, sub, fi, lines) in [
            (false, a, reg.file_a, reg.lines_a),
            (true, bs, reg.file_b, reg.lines_b),
        ] {
            let file = &sub.files[fi];
            let hit = hits
                .entry((side, fi))
                .or_insert_with(|| hit_lines(file, &shared, sub.settings.k));
            let _ = write!(
                b,
                "<div><div class=\"file\" data-region=\"{n}\">{} / {} lines {}–{}</div><pre>",
                escape(&sub.name),
                escape(&file.path),
                lines.0,
                lines.1
            );
            let text: Vec<&str> = file.text.lines().collect();
            let from = lines.0.saturating_sub(CONTEXT).max(1);
            let to = (lines.1 + CONTEXT).min(text.len() as u32);
            for l in from..=to {
                let inside = (lines.0..=lines.1).contains(&l) && hit.contains(&l);
                let _ = write!(
                    b,
                    "<span{}><i>{l}</i>{}</span>",
                    if inside { " class=\"hit\"" } else { "" },
                    escape(text.get(l as usize - 1).copied().unwrap_or(""))
                );
            }
            b.push_str("</pre></div>");
        }
        b.push_str("</div>");
    }
    if regions.len() > REGIONS_SHOWN {
        let _ = write!(
            b,
            "<p class=\"note\">{} smaller regions not shown.</p>",
            regions.len() - REGIONS_SHOWN
        );
    }
    b.push_str("</section>");
}
