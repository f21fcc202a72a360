//! `arbiter grade`: a teacher's season in one command. A download of
//! submissions (Moodle's "download all submissions" folder or archive) in;
//! out, in `--out`:
//!
//! ```text
//! submissions/<name>/files/        each submission's files, copied or unpacked (never changed in place)
//! submissions/<name>/projeto.tabula  a Lisp project's description (recognised; a teacher's edits kept)
//! check/<name>.txt                 the sandboxed check of each submission
//! results.jsonl, results.analysis.jsonl   the championship and its analysis (resumed on a rerun)
//! grades.csv                       for Moodle's "import grades from CSV"
//! evidence.csv                     every number the rubric weighed
//! report.html                      the championship page
//! feedback/<name>.html             one page per submission (Portuguese by default, --lang en)
//! ```
//!
//! The steps, each in its file:
//!
//! 1. **Intake** ([`intake`]): each top-level folder or archive of the input
//!    is one [`Submission`]; Moodle's folder names give the student and the
//!    participant id; archives (nested too) are unpacked with limits and
//!    without path traversal.
//! 2. **Recognition** ([`recognise`]): what each submission is as an engine
//!    ([`Recognition`]): a Lisp project and its description (each line marked
//!    with how it was found and how sure, [`DescLine`]), a program that
//!    speaks the protocol, or nothing runnable (why, and what would fix it).
//! 3. **Check**: `arbiter check`'s layers on each engine, sandboxed; a
//!    [`Verdict`] per submission from its [`Finding`]s.
//! 4. **Championship** of the admitted submissions and the reference
//!    gates, sandboxed, pair scoring on balanced boards, resumable.
//! 5. **Grades** ([`rubric`]): the [`Evidence`] of each submission through
//!    a rubric (TOML; a documented default) to a [`Grade`]; `grades.csv`
//!    and `evidence.csv`.
//! 6. **Pages** ([`feedback`]): the championship page and one feedback page
//!    per submission, in the students' language through Project Fluent
//!    (`arbiter/locales/<lang>/grade.ftl`).

pub(crate) use crate::check::{Finding, Tag};

pub(crate) mod csv;
pub(crate) mod evidence;
pub(crate) mod feedback;
pub(crate) mod i18n;
pub(crate) mod rubric;
pub(crate) mod sample;
pub(crate) mod season;

use std::collections::BTreeMap;
use std::path::PathBuf;

pub(crate) mod intake;
pub(crate) mod recognise;
#[cfg(test)]
mod testing;

/// One submission as found in the download.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Submission {
    /// The top-level folder's or archive's name: the `submission` column,
    /// and the name of its engine in the championship.
    pub(crate) name: String,
    /// Moodle's participant id (`Nome Apelido_123456_assignsubmission_file_`
    /// gives `123456`), when the name has Moodle's layout.
    pub(crate) participant: Option<String>,
    /// The student's name as Moodle wrote it (`Nome Apelido`).
    pub(crate) student: Option<String>,
    /// Where its files were copied or unpacked:
    /// `<out>/submissions/<name>/files/`.
    pub(crate) files: PathBuf,
    /// Why the intake refused it (an archive bomb, a path that leaves the
    /// folder, nothing in it…): each reason excludes it.
    pub(crate) refused: Vec<String>,
    /// What the intake did that the teacher should know (a nested archive
    /// unpacked, files skipped).
    pub(crate) notes: Vec<String>,
}

/// How a line of a description was found.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub(crate) enum Sureness {
    /// Written by the teacher (kept on reruns).
    Given,
    /// Read from the source without doubt (one candidate).
    Certain,
    /// The best of several candidates, or a rule of thumb.
    Likely,
    /// A guess for the teacher to confirm (a proposed alias).
    Guess,
}

/// One line of a Lisp project's description, and where it came from.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct DescLine {
    /// The key as the kit reads it: `:preset`, `:files`, `:entry`,
    /// `:aliases`, …
    pub(crate) key: String,
    /// The value, as Lisp text (`"2023-knight"`, `("a.lisp" "b.lisp")`).
    pub(crate) value: String,
    /// How it was found (`jogar defined in algoritmo.lisp:120`).
    pub(crate) how: String,
    pub(crate) sure: Sureness,
}

/// What a submission is as an engine.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) enum Engine {
    /// A Lisp project run by the kit (`adapters/lisp/run.lisp`) with its
    /// description.
    Lisp {
        /// The description file, beside the student's files.
        description: PathBuf,
        lines: Vec<DescLine>,
    },
    /// A program that speaks the protocol (it answered a handshake): its
    /// command line, run in its folder.
    Program {
        command: String,
        /// How it was found and how sure (`a Python protocol loop in
        /// engine.py; the handshake is confirmed by the check (likely)`).
        how: String,
    },
    /// Nothing runnable.
    Nothing {
        /// Why (no source file, another game's project, …).
        reason: String,
        /// What would fix it.
        fix: String,
    },
}

/// What the recognition made of a submission.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Recognition {
    pub(crate) engine: Engine,
    /// What the teacher should look at (a proposed alias, two candidate
    /// entry points, a file the loads never reach).
    pub(crate) warnings: Vec<String>,
    /// Why it cannot play, as a type: its words in the student's language
    /// (`Unplayable::reason`, `fix`); `Engine::Nothing` holds them in
    /// English.
    pub(crate) unplayable: Option<recognise::Unplayable>,
    /// What the experiment tried, when one ran (a Lisp project).
    pub(crate) experiment: Option<Experiment>,
    /// How long the recognition took.
    pub(crate) time: std::time::Duration,
}

impl Recognition {
    /// A recognition of `engine` with `warnings`, nothing tried.
    pub(crate) fn of(engine: Engine, warnings: Vec<String>) -> Recognition {
        Recognition {
            engine,
            warnings,
            unplayable: None,
            experiment: None,
            time: std::time::Duration::ZERO,
        }
    }
}

/// The evidence of recognition's experiment: the description kept was
/// tried on these positions in a sandboxed SBCL, each move judged by the
/// rules.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Experiment {
    /// Positions tried with the description kept.
    pub(crate) positions: usize,
    /// Those where the program played a legal move of its own.
    pub(crate) legal: usize,
    /// Per position: what it is, and what the program did (`legal e5`,
    /// `error: …`, `late`).
    pub(crate) verdicts: Vec<(String, String)>,
    /// Ways of calling it tried, calls made.
    pub(crate) candidates: usize,
    pub(crate) calls: usize,
    /// The experiment's own time (the probe's SBCL included).
    pub(crate) time: std::time::Duration,
    /// Why it could not run, if it could not (the sandbox, the project's
    /// loading).
    pub(crate) failure: Option<String>,
}

/// Admitted or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Admitted,
    /// Admitted; the reasons are warnings (the `reason` column).
    AdmittedWithWarnings,
    Excluded,
}

impl Status {
    /// The `status` column: `admitted` or `excluded`.
    pub(crate) fn as_str(&self) -> &'static str {
        match self {
            Status::Admitted | Status::AdmittedWithWarnings => "admitted",
            Status::Excluded => "excluded",
        }
    }
}

/// The verdict on a submission before the championship.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub(crate) status: Status,
    /// Why excluded, or the warnings (one line each).
    pub(crate) reasons: Vec<String>,
    /// What would fix an exclusion.
    pub(crate) fix: String,
}

/// A submission's results against one reference gate over the
/// championship (pairs: both colours of a board).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GateResult {
    /// The gate's entrant name (`builtin:random`, …).
    pub(crate) gate: String,
    pub(crate) pairs_won: u32,
    pub(crate) pairs_drawn: u32,
    pub(crate) pairs_lost: u32,
    /// Pair score, 0–1 (won + drawn / 2, over the pairs).
    pub(crate) pair_score: f64,
    /// Likelihood of superiority over the gate (0–1), from the pairs.
    pub(crate) los: Option<f64>,
}

/// Everything the rubric weighs for an admitted submission.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Evidence {
    pub(crate) name: String,
    pub(crate) games: u32,
    /// Game points (win 1, draw ½).
    pub(crate) points: f64,
    /// Rank among the admitted submissions by pair points (1 = first).
    pub(crate) rank: usize,
    /// Admitted submissions ranked.
    pub(crate) ranked: usize,
    /// One per gate, in the gates' order.
    pub(crate) gates: Vec<GateResult>,
    /// Moves its program chose, and moves an adapter played in its place.
    pub(crate) own_moves: u32,
    pub(crate) replaced_moves: u32,
    /// Games lost by each fault reason (`timeout`, `illegal`, …).
    pub(crate) faults: BTreeMap<String, u32>,
    /// The reference's analysis of its moves, when run.
    pub(crate) accuracy: Option<f64>,
    pub(crate) blunders: u32,
}

impl Evidence {
    /// The share of its moves its program chose itself (1 without moves).
    pub(crate) fn own_share(&self) -> f64 {
        let all = self.own_moves + self.replaced_moves;
        if all == 0 {
            1.0
        } else {
            f64::from(self.own_moves) / f64::from(all)
        }
    }
}

/// One item of a grade.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mark {
    /// The rubric item's id (`gate-random`, `rank`, `faults`, …).
    pub(crate) item: String,
    pub(crate) points: f64,
    pub(crate) max: f64,
    /// Why, in numbers (`pair score 0.83, LOS 99 %`).
    pub(crate) why: String,
}

/// What the rubric gave a submission.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Grade {
    /// The grade (`None`: excluded, the `grade` column empty).
    pub(crate) total: Option<f64>,
    /// The scale's top (20 by default).
    pub(crate) max: f64,
    pub(crate) marks: Vec<Mark>,
}
