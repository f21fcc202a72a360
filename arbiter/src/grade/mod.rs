//! `arbiter grade`: a teacher's season in one command. A download of
//! submissions (Moodle's "download all submissions" folder or archive) in;
//! out, in `--out`:
//!
//! ```text
//! submissions/<name>/files/        each submission's files, copied or unpacked (never changed in place)
//! submissions/<name>/projeto.tabula  a Lisp project's description (recognised; a teacher's edits kept)
//! overrides.toml                   the teacher's decisions: admit or exclude (kept by reruns)
//! check/<name>.txt                 the sandboxed check of each submission (its games' traffic in check/logs/<name>/)
//! results.jsonl, results.analysis.jsonl   the championship and its analysis (resumed by pairing)
//! prepared.json, shards/K-of-N.jsonl   a season played in shards on several machines ([`shards`])
//! grades.csv                       for Moodle's offline grading worksheet
//! evidence.csv                     every number the rubric weighed
//! copies.csv                       the copy check: every pair of sources
//! report.html                      the championship page (in the season's language)
//! teacher.html                     the teacher's page: verdicts, recognition, overrides, copies
//! feedback/<name>.html             one page per submission, for its student (Portuguese by default, --lang en)
//! ```
//!
//! The steps, each in its file, in order in [`season`]:
//!
//! 1. **Intake** ([`intake`]): each top-level folder or archive of the input
//!    is one [`Submission`]; Moodle's folder names give the student and the
//!    participant id; archives (nested too) are unpacked with limits and
//!    without path traversal.
//! 2. **Recognition** ([`recognise`]): what each submission is as an engine
//!    ([`Recognition`]): a Lisp project and its description (each line marked
//!    with how it was found and how sure, [`DescLine`]), a program that
//!    speaks the protocol, or nothing runnable (why, and what would fix it).
//! 3. **Check** ([`checks`]): `arbiter check`'s layers on each engine,
//!    sandboxed, at the season's clock; its [`Finding`]s are words.
//! 4. **Admission** ([`admission`]): excluded only what cannot take part;
//!    the teacher's overrides; a [`Verdict`] per submission.
//! 5. **Championship** ([`championship`]): the admitted and the reference
//!    gates, by a design (round robin now), pair scoring on balanced boards,
//!    resumed by pairing.
//! 6. **Grades** ([`evidence`], [`rubric`]): one rating over every game and
//!    each submission's [`Evidence`] through a rubric (TOML; a documented
//!    default) to a [`Grade`]; `grades.csv` and `evidence.csv` ([`csv`]).
//! 7. **Copy check** ([`copies`]): the sources compared, for the teacher.
//! 8. **Pages**: the championship page, each student's ([`feedback`]) and
//!    the teacher's ([`teacher`]), through Project Fluent
//!    (`arbiter/locales/<lang>/`) and templates ([`page`]).

pub(crate) use crate::check::{Finding, Tag};

pub(crate) mod admission;
pub(crate) mod championship;
pub(crate) mod checks;
pub(crate) mod copies;
pub(crate) mod csv;
pub(crate) mod evidence;
pub(crate) mod feedback;
pub(crate) mod page;
pub(crate) mod rubric;
pub(crate) mod sample;
pub(crate) mod season;
pub(crate) mod shards;
pub(crate) mod teacher;

use crate::results::record::OwnMoves;
use std::collections::BTreeMap;
use std::path::PathBuf;

pub(crate) mod intake;
pub(crate) mod recognise;
#[cfg(test)]
mod testing;

/// One submission as found in the download.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
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

    /// The recognition of a submission whose recognition panicked (a bug,
    /// logged by the pool): nothing runnable, said as such, never a
    /// silently missing submission.
    pub(crate) fn failed() -> Recognition {
        let why = recognise::Unplayable::RecognitionFailed;
        let (reason, fix) = why.english();
        Recognition {
            unplayable: Some(why),
            ..Recognition::of(Engine::Nothing { reason, fix }, Vec::new())
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
    Excluded,
}

impl Status {
    /// The `status` column: `admitted` or `excluded`.
    pub(crate) fn as_str(&self) -> &'static str {
        match self {
            Status::Admitted => "admitted",
            Status::Excluded => "excluded",
        }
    }
}

/// Why a submission cannot take part: only what makes playing impossible
/// (see [`admission`]).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Exclusion {
    /// The intake refused it (a bomb, a path that leaves its folder,
    /// nothing in it…): the intake's reasons.
    Refused(Vec<String>),
    /// Nothing runnable, or another game's project (the recognition's
    /// reason and fix, in English; `why` says them in the student's
    /// language).
    Nothing {
        reason: String,
        fix: String,
        why: Option<recognise::Unplayable>,
    },
    /// The sandbox cannot run its engine.
    Sandbox(String),
    /// Its engine never answered the handshake.
    NoHandshake,
    /// Not one legal move of its own program in the whole check.
    NoOwnMove,
    /// The check did not run to its end (interrupted).
    NotChecked,
    /// The teacher excluded it (`overrides.toml`).
    Teacher,
}

/// The verdict on a submission before the championship.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Verdict {
    pub(crate) status: Status,
    /// Why it cannot take part (`None` when admitted).
    pub(crate) exclusion: Option<Exclusion>,
    /// The teacher's override that decided it, if any (`overrides.toml`),
    /// and what the verdict would have been without it.
    pub(crate) overridden: Option<admission::Override>,
}

/// A submission's results against one reference gate over the
/// championship (pairs: both colours of a board), and what its rating
/// expects of it against the gate.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GateResult {
    /// The gate's entrant name (`builtin:random`, …).
    pub(crate) gate: String,
    pub(crate) pairs_won: u32,
    pub(crate) pairs_drawn: u32,
    pub(crate) pairs_lost: u32,
    /// Pair score of those pairs, 0–1 (won + drawn / 2, over the pairs).
    pub(crate) pair_score: f64,
    /// The gate's rating (Elo over `builtin:random`).
    pub(crate) rating: f64,
    /// The expected pair score against the gate at the submission's tier
    /// rating ([`Rated::tier`]): what the rubric weighs.
    pub(crate) expected: f64,
}

/// A submission's rating over every game of the championship, gates
/// included (`results::rating`: Elo over `builtin:random`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Rated {
    pub(crate) elo: f64,
    /// Its 95 % interval.
    pub(crate) low: f64,
    pub(crate) high: f64,
    /// The rating of its tier (the submissions the games cannot tell from
    /// it share it): what its marks use.
    pub(crate) tier: f64,
}

/// Everything the rubric weighs for an admitted submission.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Evidence {
    pub(crate) name: String,
    pub(crate) games: u32,
    /// Game points (win 1, draw ½).
    pub(crate) points: f64,
    pub(crate) rating: Rated,
    /// One per gate, in the gates' order.
    pub(crate) gates: Vec<GateResult>,
    /// The moves it was asked for where it had a choice, and how many of
    /// them its own program chose ([`OwnMoves`]).
    pub(crate) moves: OwnMoves,
    /// Games lost by each fault reason (`timeout`, `illegal`, …).
    pub(crate) faults: BTreeMap<String, u32>,
    /// The reference's analysis of its moves, when run.
    pub(crate) accuracy: Option<f64>,
    pub(crate) blunders: u32,
}

/// One item of a grade.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Mark {
    /// The rubric item's id (`gate:builtin:random`, `own-moves`, `faults`,
    /// `accuracy`).
    pub(crate) item: String,
    pub(crate) points: f64,
    pub(crate) max: f64,
    /// Why, in numbers.
    pub(crate) why: rubric::Why,
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

/// What the grades step leaves: each entry's evidence (when it played)
/// and grade, in the entries' order.
pub(crate) struct Graded {
    pub(crate) evidence: Vec<Option<Evidence>>,
    pub(crate) grades: Vec<Grade>,
}

/// One submission carried through the season, whatever happened to the
/// others.
pub(crate) struct Entry {
    pub(crate) sub: Submission,
    /// `None` when the intake refused it.
    pub(crate) recognition: Option<Recognition>,
    /// Its engine, confined by the sandbox (`None`: nothing to run, or the
    /// sandbox cannot run it).
    pub(crate) engine: Option<crate::engines::config::ExternalSpec>,
    /// Why the sandbox cannot run its engine, if it cannot.
    pub(crate) sandbox_problem: Option<String>,
    /// Its check (`None`: not checked).
    pub(crate) check: Option<checks::Kept>,
    pub(crate) verdict: Verdict,
}

impl Entry {
    /// A submission as it enters the season, after its recognition: not
    /// yet run, checked or admitted.
    pub(crate) fn new(sub: Submission, recognition: Option<Recognition>) -> Entry {
        Entry {
            sub,
            recognition,
            engine: None,
            sandbox_problem: None,
            check: None,
            verdict: Verdict {
                status: Status::Excluded,
                exclusion: None,
                overridden: None,
            },
        }
    }

    /// Admitted, with an engine: it plays in the championship.
    pub(crate) fn plays(&self) -> bool {
        self.verdict.status == Status::Admitted && self.engine.is_some()
    }

    /// The check's findings (none when not checked).
    pub(crate) fn findings(&self) -> &[Finding] {
        self.check.as_ref().map_or(&[], |c| c.findings.as_slice())
    }

    /// The student's name, else the submission's.
    pub(crate) fn title(&self) -> &str {
        self.sub.student.as_deref().unwrap_or(&self.sub.name)
    }
}
