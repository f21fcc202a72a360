//! A feedback page for a made-up submission whose games are real: the
//! browser test's way to the page without the whole `arbiter grade`.
//!
//! The submission is the entrant of a results file with the most games
//! lost by a fault; the other entrants are its gates; its evidence is
//! computed from the games, its grade by the default rubric, and the
//! student, the check and the verdict are made up (with a long line and
//! markup in them, as a hostile engine would write).

use super::checks::Kept;
use super::feedback;
use super::rubric::Rubric;
use super::{Engine, Entry, Finding, Recognition, Status, Submission, Tag, Verdict};
use crate::i18n::{words, Texts, Words};
use crate::results::analysis::Analyses;
use crate::results::html::{analysis_beside, load_journals};
use crate::results::record::GameRecord;
use crate::results::result::Side;
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// Writes `<dir>/feedback/<entrant>.html` in `lang` for the most faulty
/// entrant of `results` (see the module's comment) and returns its path.
#[doc(hidden)]
pub fn write_sample_feedback(dir: &Path, results: &Path, lang: &str) -> Result<PathBuf> {
    let texts = Texts::new(lang)?;
    let records = load_journals(&[results.to_path_buf()])?;
    let mut names: Vec<&String> = Vec::new();
    for r in &records {
        for n in [&r.p1, &r.p2] {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    let faults_of = |name: &str| {
        records
            .iter()
            .filter(|r| side(r, name).is_some_and(|s| r.offender.is_some_and(|o| o.includes(s))))
            .count()
    };
    let Some(name) = names
        .iter()
        .max_by_key(|n| faults_of(n))
        .map(|n| n.to_string())
    else {
        bail!("no game in '{}'", results.display());
    };
    let mine: Vec<GameRecord> = records
        .iter()
        .filter(|r| side(r, &name).is_some())
        .cloned()
        .collect();
    let gates: Vec<String> = names
        .iter()
        .filter(|n| ***n != name)
        .map(|n| n.to_string())
        .collect();
    let evidence = super::evidence::gather(
        std::slice::from_ref(&name),
        &gates,
        &mine,
        None,
        Rubric::default().rating.sure,
    )
    .remove(0);
    let grade = Rubric::default().grade(&evidence);
    let analysis = analysis_beside(results);
    let analyses = if analysis.is_file() {
        Some(Analyses::load(&analysis)?)
    } else {
        None
    };
    let entry = sample_entry(dir, &name);
    let index = |r: &GameRecord| {
        records
            .iter()
            .position(|x| x.key == r.key && x.tournament == r.tournament)
    };
    let page = feedback::Page {
        entry: &entry,
        records: &mine,
        game_index: &index,
        analyses: analyses.as_ref(),
        evidence: Some(&evidence),
        grade: &grade,
        season: dir,
    };
    let file: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let path = dir.join("feedback").join(format!("{file}.html"));
    feedback::write(&path, &page, &texts)?;
    Ok(path)
}

/// The made-up submission of the sample page, named `name`.
fn sample_entry(dir: &Path, name: &str) -> Entry {
    Entry {
        sub: Submission {
            name: name.to_string(),
            participant: Some("123456".into()),
            student: Some("Ana Sofia Gonçalves".into()),
            files: dir.join("submissions").join(name).join("files"),
            refused: Vec::new(),
            notes: vec!["projeto.zip: unpacked (3 files)".into()],
        },
        recognition: Some(Recognition::of(
            Engine::Program {
                command: format!("{name} --verbose"),
                how: "an executable program (the check confirms its handshake)".into(),
            },
            vec!["two candidate entry points: jogar, jogar-v2".into()],
        )),
        engine: None,
        sandbox_problem: None,
        check: Some(Kept {
            key: String::new(),
            findings: findings(),
            handshake: true,
            own_legal: 10,
            text: String::new(),
        }),
        verdict: Verdict {
            status: Status::Admitted,
            exclusion: None,
            overridden: None,
        },
    }
}

/// A check's findings as a hostile engine would leave them: a long line,
/// markup, a position, an illegal move.
fn findings() -> Vec<Finding> {
    let long = format!("info string {}", "x".repeat(400));
    vec![
        Finding {
            tag: Tag::Ok,
            what: Words::from_id("what-handshake"),
            note: words!(
                "check-handshake-ok",
                id = words!("check-detail", detail = "motor"),
                ms = 12u64,
                options = ""
            ),
            fix: Words::none(),
            board: None,
            log: None,
        },
        Finding {
            tag: Tag::Warn,
            what: Words::from_id("what-stdout"),
            note: words!(
                "check-stdout-stray",
                count = 1u32,
                seen = 9u32,
                shown = words!(
                    "check-stdout-line",
                    line = format!("{long} <script>alert(1)</script>")
                ),
                after = Words::none()
            ),
            fix: Words::from_id("hint-stdout"),
            board: None,
            log: None,
        },
        Finding {
            tag: Tag::Fail,
            what: Words::from_id("what-first-move"),
            note: words!("check-not-a-move", mv = "z9", why = "not a square"),
            fix: Words::from_id("hint-malformed"),
            board: Some(
                tabula::setup::parse_spec("random knight 1", None)
                    .map(|p| p.fen())
                    .unwrap_or_default(),
            ),
            log: None,
        },
    ]
}

/// The side `name` played in `r`.
fn side(r: &GameRecord, name: &str) -> Option<Side> {
    if r.p1 == name {
        Some(Side::P1)
    } else if r.p2 == name {
        Some(Side::P2)
    } else {
        None
    }
}
