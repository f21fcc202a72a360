//! The page's "Copied work" section: the pairs of `arbiter similarity`'s
//! CSV (`a,b,score,flagged,…`, README "Checking for copied work"), the
//! flagged ones with both kinds of evidence side by side, and a link to the
//! standalone page with the matched fragments.

use super::escape;
use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::Path;

/// Pairs shown beside the flagged ones (the most similar of the others).
const ALSO_SHOWN: usize = 5;

/// One pair of the CSV.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pair {
    a: String,
    b: String,
    score: f64,
    flagged: bool,
    /// Source: the score and the shared fingerprints.
    source: Option<(f64, u64)>,
    /// Behaviour: agreement, expected by chance, z.
    behaviour: Option<(f64, f64, f64)>,
}

/// The pairs of a similarity run, most similar first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Similarity {
    pairs: Vec<Pair>,
    /// Where the standalone page is, as a link from the championship page.
    page: Option<String>,
}

impl Similarity {
    /// Reads `arbiter similarity`'s CSV; `page`: the link to its standalone
    /// page, if any.
    pub(crate) fn load(path: &Path, page: Option<String>) -> Result<Similarity> {
        let what = || format!("similarity pairs '{}'", path.display());
        let file = crate::paths::open(path).with_context(what)?;
        let mut reader = csv::Reader::from_reader(file);
        let headers = reader.headers().with_context(what)?.clone();
        let column = |name: &str| headers.iter().position(|h| h == name);
        let (Some(a), Some(b), Some(score), Some(flagged)) =
            (column("a"), column("b"), column("score"), column("flagged"))
        else {
            anyhow::bail!(
                "{}: not the CSV of `arbiter similarity` (it needs the columns a, b, score, flagged)",
                what()
            );
        };
        let number = |row: &csv::StringRecord, name: &str| -> Option<f64> {
            row.get(column(name)?)?.parse().ok()
        };
        let mut pairs = Vec::new();
        for row in reader.records() {
            let row = row.with_context(what)?;
            let text = |i: usize| row.get(i).unwrap_or_default().to_string();
            pairs.push(Pair {
                a: text(a),
                b: text(b),
                score: text(score).parse().unwrap_or(0.0),
                flagged: text(flagged) == "true",
                source: number(&row, "source_score")
                    .map(|s| (s, number(&row, "source_shared").unwrap_or(0.0) as u64)),
                behaviour: number(&row, "agreement").map(|agree| {
                    (
                        agree,
                        number(&row, "expected").unwrap_or(0.0),
                        number(&row, "z").unwrap_or(0.0),
                    )
                }),
            });
        }
        pairs.sort_by(|x, y| y.score.total_cmp(&x.score));
        Ok(Similarity { pairs, page })
    }
}

/// The section: the flagged pairs, then the most similar others.
pub(super) fn section(out: &mut String, s: &Similarity) {
    let flagged = s.pairs.iter().filter(|p| p.flagged).count();
    let _ = write!(
        out,
        "<section id=\"similarity\"><h2>Copied work</h2><p class=\"note\">{} pairs compared, \
         <b>{flagged} flagged</b> by <code>arbiter similarity</code> (thresholds and their \
         false-positive rates: README, \"Checking for copied work\"). A flag is evidence to \
         read, not a verdict.{}</p>",
        s.pairs.len(),
        match &s.page {
            Some(link) => format!(
                " The matched source fragments side by side: <a href=\"{}\">the similarity page</a>.",
                escape(link)
            ),
            None => String::new(),
        }
    );
    let shown: Vec<&Pair> = s
        .pairs
        .iter()
        .filter(|p| p.flagged)
        .chain(s.pairs.iter().filter(|p| !p.flagged).take(ALSO_SHOWN))
        .collect();
    if shown.is_empty() {
        out.push_str("</section>");
        return;
    }
    out.push_str(
        "<div class=\"scroll\"><table id=\"similar-pairs\"><thead><tr><th>a</th><th>b</th>\
         <th>score</th><th>source (shared fingerprints)</th>\
         <th>behaviour (agree / by chance, z)</th><th></th></tr></thead><tbody>",
    );
    for p in shown {
        let _ = write!(
            out,
            "<tr data-flagged=\"{}\"{}><td>{}</td><td>{}</td><td>{:.2}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            p.flagged,
            if p.flagged { " class=\"flagged\"" } else { "" },
            escape(&p.a),
            escape(&p.b),
            p.score,
            p.source
                .map_or("-".into(), |(s, n)| format!("{s:.2} ({n})")),
            p.behaviour.map_or("-".into(), |(agree, chance, z)| format!(
                "{:.0} % / {:.0} %, z {z:.1}",
                100.0 * agree,
                100.0 * chance
            )),
            if p.flagged { "flagged" } else { "" },
        );
    }
    out.push_str("</tbody></table></div></section>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flagged_pairs_come_first_with_both_kinds_of_evidence() {
        let dir = std::env::temp_dir().join(format!("similar-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let csv = dir.join("pairs.csv");
        std::fs::write(
            &csv,
            "a,b,score,flagged,source_score,source_shared,source_flagged,behaviour_score,\
             agreement,expected,z,positions,behaviour_flagged\n\
             x,y,0.1000,false,0.1,3,false,,,,,,\n\
             \"g<1>, the first\",g2,0.8700,true,0.87,228,true,0.9,0.96,0.49,6.3,200,true\n",
        )
        .unwrap();
        let s = Similarity::load(&csv, Some("sim.html".into())).unwrap();
        let mut page = String::new();
        section(&mut page, &s);
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            page.contains("2 pairs compared, <b>1 flagged</b>"),
            "{page}"
        );
        let flagged = page
            .find("g&lt;1&gt;, the first")
            .expect("escaped, comma kept");
        assert!(flagged < page.find("<td>x</td>").unwrap(), "flagged first");
        assert!(page.contains("0.87 (228)") && page.contains("96 % / 49 %, z 6.3"));
        assert!(page.contains("href=\"sim.html\""));
        let bad = dir.join("missing.csv");
        assert!(Similarity::load(&bad, None).is_err());
    }
}
