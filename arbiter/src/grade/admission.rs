//! Who plays: a submission is excluded only when it cannot take part —
//! the intake refused it, nothing in it runs (or it is another game's
//! project), the sandbox cannot run it, its engine never answers the
//! handshake, or its own program did not play one legal move in the whole
//! check. Everything else is admitted: the check's findings become what the
//! student should fix, and what its faults and replaced moves cost in the
//! championship is the rubric's business.
//!
//! A teacher decides otherwise in `overrides.toml` in the season's folder
//! (written, with its instructions, on the first run; never overwritten):
//!
//! ```toml
//! [[override]]
//! submission = "Ana Silva_100001_assignsubmission_file_"
//! verdict = "admit"          # or "exclude"
//! reason = "plays well once its menu is skipped; checked by hand"
//! ```
//!
//! Reruns keep it; the verdict it changes shows on the teacher's page (and
//! an exclusion's reason on the student's).

use super::{Engine, Entry, Exclusion, Status, Verdict};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The file of a season's overrides.
pub(crate) const FILE: &str = "overrides.toml";

/// What `overrides.toml` holds on the first run: how to write one.
const TEMPLATE: &str = "\
# A teacher's decisions on who plays, kept by every rerun of `arbiter grade`.
# A submission is excluded only when it cannot play (nothing runnable, another
# game, no handshake, not one legal move of its own in the check); to admit
# or exclude one whatever the check says, add an [[override]] and run the
# same command again (only the games that change are played):
#
# [[override]]
# submission = \"Ana Silva_100001_assignsubmission_file_\"   # its folder's name
# verdict = \"exclude\"                                      # or \"admit\"
# reason = \"copied from another group (see teacher.html)\"  # shown to the student
";

/// A teacher's decision on one submission.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Override {
    /// The submission's folder name (the `submission` column).
    pub(crate) submission: String,
    pub(crate) verdict: Decision,
    /// Why: shown on the teacher's page, and to the student when excluded.
    pub(crate) reason: String,
}

/// Admit or exclude.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Decision {
    Admit,
    Exclude,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default, rename = "override")]
    overrides: Vec<Override>,
}

/// Reads `<out>/overrides.toml` (written with its instructions when
/// missing). An unknown key, a wrong verdict or one submission twice is an
/// error with the line.
pub(crate) fn read_overrides(out: &Path) -> Result<Vec<Override>> {
    let path = out.join(FILE);
    if !path.exists() {
        std::fs::write(&path, TEMPLATE)
            .with_context(|| format!("cannot write '{}'", path.display()))?;
        return Ok(Vec::new());
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read '{}'", path.display()))?;
    parse(&text).with_context(|| format!("the overrides '{}'", path.display()))
}

/// The overrides of a file's text.
fn parse(text: &str) -> Result<Vec<Override>> {
    let file: File = toml::from_str(text).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut seen = std::collections::HashSet::new();
    for o in &file.overrides {
        if !seen.insert(o.submission.as_str()) {
            bail!("'{}' is overridden twice", o.submission);
        }
        if o.reason.trim().is_empty() {
            bail!("the override of '{}' gives no reason", o.submission);
        }
    }
    Ok(file.overrides)
}

/// The verdict on a submission from its intake, recognition, sandbox and
/// check, then the teacher's override of it, if any.
pub(crate) fn verdict(e: &Entry, overrides: &[Override]) -> Verdict {
    let mut v = match exclusion(e) {
        Some(why) => Verdict {
            status: Status::Excluded,
            exclusion: Some(why),
            overridden: None,
        },
        None => Verdict {
            status: Status::Admitted,
            exclusion: None,
            overridden: None,
        },
    };
    if let Some(o) = overrides.iter().find(|o| o.submission == e.sub.name) {
        match o.verdict {
            // Nothing to run: no decision makes it play.
            Decision::Admit if e.engine.is_none() => {}
            Decision::Admit => {
                v.status = Status::Admitted;
                v.exclusion = None;
            }
            Decision::Exclude => {
                v.status = Status::Excluded;
                v.exclusion = Some(Exclusion::Teacher);
            }
        }
        v.overridden = Some(o.clone());
    }
    v
}

/// Why `e` cannot take part, if it cannot.
fn exclusion(e: &Entry) -> Option<Exclusion> {
    if !e.sub.refused.is_empty() {
        return Some(Exclusion::Refused(e.sub.refused.clone()));
    }
    let rec = e.recognition.as_ref()?;
    if let Engine::Nothing { reason, fix } = &rec.engine {
        return Some(Exclusion::Nothing {
            reason: reason.clone(),
            fix: fix.clone(),
            why: rec.unplayable.clone(),
        });
    }
    if let Some(why) = &e.sandbox_problem {
        return Some(Exclusion::Sandbox(why.clone()));
    }
    let Some(check) = &e.check else {
        return Some(Exclusion::NotChecked);
    };
    if !check.handshake {
        return Some(Exclusion::NoHandshake);
    }
    if check.own_legal == 0 {
        return Some(Exclusion::NoOwnMove);
    }
    None
}

impl Exclusion {
    /// The teacher's words for it (the `reason` column, the summary).
    pub(crate) fn text(&self) -> String {
        match self {
            Exclusion::Refused(why) => format!("refused at intake: {}", why.join("; ")),
            Exclusion::Nothing { reason, .. } => format!("nothing runnable: {reason}"),
            Exclusion::Sandbox(why) => format!("the sandbox cannot run it: {why}"),
            Exclusion::NoHandshake => "no handshake: its engine never answered `ugi`".into(),
            Exclusion::NoOwnMove => "not one legal move of its own program in the check".into(),
            Exclusion::NotChecked => "not checked (interrupted): run the same command again".into(),
            Exclusion::Teacher => "excluded by the teacher".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrides_are_read_with_their_errors_told() {
        let o = parse(
            "[[override]]\nsubmission = \"a\"\nverdict = \"admit\"\nreason = \"ok by hand\"\n",
        )
        .unwrap();
        assert_eq!(o[0].verdict, Decision::Admit);
        assert!(parse(TEMPLATE).unwrap().is_empty(), "the template parses");
        let e = format!(
            "{:#}",
            parse("[[override]]\nsubmission = \"a\"\nverdict = \"maybe\"\nreason = \"x\"\n")
                .unwrap_err()
        );
        assert!(
            e.contains("unknown variant `maybe`") && e.contains("line 3"),
            "{e}"
        );
        let twice = "[[override]]\nsubmission = \"a\"\nverdict = \"admit\"\nreason = \"x\"\n";
        let e = format!("{:#}", parse(&format!("{twice}{twice}")).unwrap_err());
        assert!(e.contains("'a' is overridden twice"), "{e}");
        let e = format!(
            "{:#}",
            parse("[[override]]\nsubmission = \"a\"\nverdict = \"exclude\"\nreason = \" \"\n")
                .unwrap_err()
        );
        assert!(e.contains("gives no reason"), "{e}");
    }
}
