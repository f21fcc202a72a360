//! Recognition: what one [`Submission`] is as an engine ([`Recognition`]).
//! Reading the source proposes; running decides.
//!
//! - **A Lisp project** (any `.lisp`, `.lsp`, `.cl`, `.l` file; backups,
//!   compiled files and editors' folders are never read): its description
//!   for the kit, `<out>/submissions/<name>/projeto.tabula`, beside `files/`
//!   (never inside), each key followed by a comment saying how it was found
//!   and how sure ([`Sureness`]). The steps, each in its file:
//!   1. the files and their facts (`files.rs`, `source/`: the `lisp`
//!      room's reader, one top-level form at a time, bounded);
//!   2. another game's project? (`why_not.rs`, by the words of every game
//!      of the course's data, `course.rs`); the year's preset
//!      (`course.rs`: `adapters/lisp/games/<game>.course`, the kit's own
//!      presets);
//!   3. the candidates (`candidates.rs`): entries in any package, the
//!      year's and computer-move functions named in Portuguese or English,
//!      wrappers of a search, functions with a time-like parameter
//!      (`entry.rs`); each parameter's role from its name, its default and
//!      what the body compares it with; the estado's shapes (`shapes.rs`:
//!      the preset, the project's constructors, what its initial-state
//!      function builds, the shapes the course used); views; readings of
//!      the answer (a new estado, a move written from 0 or 1, a global);
//!   4. what every candidate shares: `:files` (`load.rs`), `:aliases` for
//!      names called but defined nowhere (`names.rs`), `:globals` a
//!      load-time menu would set and `:depth-global` (`globals.rs`), the
//!      clock the source shows (`clock.rs`);
//!   5. **the experiment** (`experiment/`, with a [`Lab`]): the candidates
//!      tried in one sandboxed SBCL (`probe.rs`, the kit's `probe.lisp`) on
//!      a handful of positions, each move judged by the rules library; the
//!      candidate with the most legal moves of its own kept, with its
//!      evidence, the clock settled with it and written in the description;
//!   6. the description (`describe.rs`, `project.rs`): "certain" only what
//!      played every position; when nothing played, the precise reason
//!      ([`Unplayable`], `why_not.rs`, in the student's language).
//! - **A program**: a Python file with a protocol loop, or an ELF
//!   executable (`files.rs`); the handshake is confirmed by the check.
//! - **Nothing runnable**: refused by the intake, empty, no source, another
//!   game's project, no entry, nothing that plays: each its [`Unplayable`].
//!
//! **Bounded.** A submission's recognition keeps to its budget
//! ([`Lab::budget`], 60 s by default), the static reading included, and
//! stops at Ctrl-C; reading a source costs its text and one top-level form.
//!
//! **Kept for the rerun** (`kept.rs`): a recognition is reused while the
//! submission's files, the kit, the game, the year and the move time are
//! unchanged and its description is the one written.
//!
//! **A teacher's edits are kept.** The description written is also kept as
//! `projeto.tabula.generated`; when `projeto.tabula` no longer equals it
//! (or exists without it), it is the teacher's: it is read back as
//! [`Sureness::Given`] lines and never overwritten; what a fresh reading
//! would add is a warning.

mod candidates;
mod clock;
pub(crate) mod course;
mod describe;
mod entry;
mod experiment;
mod files;
mod globals;
mod kept;
mod load;
mod names;
mod probe;
mod project;
mod shapes;
mod source;
mod unplayable;
mod why_not;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use tabula::games::GameId;

use super::{DescLine, Engine, Recognition, Submission, Sureness};
pub(crate) use course::{kit_dir, Course};
use describe::{line, sure_word, teachers, write_description, GENERATED};
pub(crate) use describe::{read_description, DESCRIPTION};
use files::{extension, is_lisp_source, list_files, program, read_lisp};
pub(crate) use probe::Lab;
pub(crate) use unplayable::Unplayable;

/// Lisp files read per submission (a project has a few).
const MAX_LISP_FILES: usize = 200;
/// A submission's recognition without a lab (read from the source only).
const STATIC_BUDGET: Duration = Duration::from_secs(60);

/// Recognises a submission and, for a Lisp project, writes (or keeps) its
/// description in `desc_dir`; with a `lab`, tries its candidates there.
pub(crate) fn recognise(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    course: &Course,
    lab: Option<&Lab>,
) -> Recognition {
    let start = Instant::now();
    let key = lab.map(|l| kept::key(sub, game.as_str(), year, l));
    if let Some(r) = key.as_ref().and_then(|k| kept::read(desc_dir, k)) {
        return r;
    }
    let deadline = start + lab.map_or(STATIC_BUDGET, |l| l.budget);
    let mut r = within(sub, game, year, desc_dir, course, lab, deadline);
    r.time = start.elapsed();
    let whole = !crate::signals::interrupted()
        && r.experiment.as_ref().is_some_and(|e| e.failure.is_none());
    if let (Some(k), true) = (key, whole) {
        kept::write(desc_dir, &k, &r);
    }
    r
}

/// A recognition of nothing runnable, for `why`.
fn nothing(why: Unplayable, warnings: Vec<String>) -> Recognition {
    let (reason, fix) = why.english();
    Recognition {
        engine: Engine::Nothing { reason, fix },
        warnings,
        unplayable: Some(why),
        experiment: None,
        time: Duration::ZERO,
    }
}

fn within(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    course: &Course,
    lab: Option<&Lab>,
    deadline: Instant,
) -> Recognition {
    if !sub.refused.is_empty() {
        let why = sub.refused.join("; ");
        return nothing(Unplayable::Refused { why }, Vec::new());
    }
    let all = list_files(&sub.files);
    if all.is_empty() {
        return nothing(Unplayable::Empty, Vec::new());
    }
    let desc = desc_dir.join(DESCRIPTION);
    if let Some(kept) = teachers(&desc, &desc_dir.join(GENERATED)) {
        return kept_description(sub, game, year, desc_dir, course, desc, kept);
    }
    let found = fresh(sub, game, year, desc_dir, &all, course, lab, deadline);
    if let Engine::Lisp { lines, .. } = &found.engine {
        if let Err(e) = write_description(desc_dir, &sub.name, lines, &found.comments) {
            let (reason, fix) = (
                format!("cannot write {}: {e}", desc.display()),
                "make the output folder writable".to_string(),
            );
            return Recognition {
                engine: Engine::Nothing { reason, fix },
                warnings: found.warnings,
                unplayable: None,
                experiment: found.experiment,
                time: Duration::ZERO,
            };
        }
    }
    let engine = match &found.unplayable {
        Some(u) => {
            let (reason, fix) = u.english();
            Engine::Nothing { reason, fix }
        }
        None => found.engine,
    };
    Recognition {
        engine,
        warnings: found.warnings,
        unplayable: found.unplayable,
        experiment: found.experiment,
        time: Duration::ZERO,
    }
}

/// A fresh reading of the files.
struct Fresh {
    engine: Engine,
    warnings: Vec<String>,
    comments: Vec<String>,
    /// Why it cannot play (a Lisp project's description is still written).
    unplayable: Option<Unplayable>,
    experiment: Option<super::Experiment>,
}

impl Fresh {
    fn nothing(why: Unplayable) -> Fresh {
        Fresh {
            engine: Engine::Nothing {
                reason: String::new(),
                fix: String::new(),
            },
            warnings: Vec::new(),
            comments: Vec::new(),
            unplayable: Some(why),
            experiment: None,
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn fresh(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    all: &[PathBuf],
    course: &Course,
    lab: Option<&Lab>,
    deadline: Instant,
) -> Fresh {
    let lisp: Vec<&PathBuf> = all
        .iter()
        .filter(|p| is_lisp_source(p))
        .take(MAX_LISP_FILES)
        .collect();
    let mut lisp_project = None;
    if !lisp.is_empty() {
        let files = read_lisp(&sub.files, &lisp, deadline);
        let duel = if game.is_puzzle() {
            game.sibling()
        } else {
            game
        };
        let mut warnings: Vec<String> = files
            .iter()
            .filter(|f| f.facts.capped || f.facts.unfinished || !f.facts.skipped.is_empty())
            .map(|f| {
                format!(
                    "{}: read in part (a file of more names or larger forms than a project has, or the time limit)",
                    f.name
                )
            })
            .collect();
        if all.iter().filter(|p| is_lisp_source(p)).count() > MAX_LISP_FILES {
            warnings.push(format!(
                "only the first {MAX_LISP_FILES} Lisp files are read"
            ));
        }
        match project::project(
            &files,
            duel.as_str(),
            year,
            course,
            lab.map(|l| (l, desc_dir)),
            deadline,
        ) {
            Err(why) => return Fresh::nothing(why),
            Ok(mut p) => {
                warnings.append(&mut p.warnings);
                p.warnings = warnings;
                if p.unplayable.is_none() {
                    return lisp_fresh(all, desc_dir, p);
                }
                lisp_project = Some(p);
            }
        }
    }
    if let Some((command, how)) = program(&sub.files, all) {
        return Fresh {
            engine: Engine::Program { command, how },
            warnings: Vec::new(),
            comments: Vec::new(),
            unplayable: None,
            experiment: None,
        };
    }
    if let Some(p) = lisp_project {
        let unplayable = p.unplayable.clone();
        let mut f = lisp_fresh(all, desc_dir, p);
        f.unplayable = unplayable;
        return f;
    }
    let shown: Vec<String> = all
        .iter()
        .take(5)
        .map(|p| p.display().to_string())
        .collect();
    Fresh::nothing(Unplayable::NoSource {
        files: format!(
            "{}{}",
            shown.join(", "),
            if all.len() > 5 { ", …" } else { "" }
        ),
    })
}

/// A Lisp project's engine and its description's lines.
fn lisp_fresh(all: &[PathBuf], desc_dir: &Path, mut p: project::Project) -> Fresh {
    let own: Vec<String> = all
        .iter()
        .filter(|p| extension(p) == "tabula")
        .map(|p| p.display().to_string())
        .collect();
    if !own.is_empty() {
        p.warnings.push(format!(
            "the submission carries its own description ({}): compare it with {DESCRIPTION}",
            own.join(", ")
        ));
    }
    Fresh {
        engine: Engine::Lisp {
            description: desc_dir.join(DESCRIPTION),
            lines: p.lines,
        },
        warnings: p.warnings,
        comments: p.comments,
        unplayable: p.unplayable,
        experiment: p.experiment,
    }
}

/// A description the teacher wrote or edited: kept, read as given.
fn kept_description(
    sub: &Submission,
    game: GameId,
    year: Option<u32>,
    desc_dir: &Path,
    course: &Course,
    desc: PathBuf,
    text: String,
) -> Recognition {
    let pairs = match read_description(&text) {
        Ok(pairs) => pairs,
        Err(e) => {
            return Recognition {
                engine: Engine::Nothing {
                    reason: format!(
                        "{DESCRIPTION} (edited by hand) does not read: {DESCRIPTION}:{e}"
                    ),
                    fix: format!(
                        "correct it, or delete it and {GENERATED} to have it written anew"
                    ),
                },
                warnings: Vec::new(),
                unplayable: None,
                experiment: None,
                time: Duration::ZERO,
            }
        }
    };
    let lines: Vec<DescLine> = pairs
        .iter()
        .map(|(k, v)| {
            line(
                k,
                v.clone(),
                format!("the teacher's, in {DESCRIPTION}"),
                Sureness::Given,
            )
        })
        .collect();
    let mut warnings = vec![format!(
        "{DESCRIPTION} was edited by hand: kept as it is (delete it and {GENERATED} to have it written anew)"
    )];
    // What a fresh reading (from the source only) would add.
    let all = list_files(&sub.files);
    let deadline = Instant::now() + STATIC_BUDGET;
    if let Engine::Lisp {
        lines: fresh_lines, ..
    } = fresh(sub, game, year, desc_dir, &all, course, None, deadline).engine
    {
        for f in fresh_lines {
            if !lines.iter().any(|l| l.key == f.key) {
                warnings.push(format!(
                    "a fresh reading also finds {} {} ({}: {}), not in the edited description",
                    f.key,
                    f.value,
                    sure_word(f.sure),
                    f.how
                ));
            }
        }
    }
    Recognition {
        engine: Engine::Lisp {
            description: desc,
            lines,
        },
        warnings,
        unplayable: None,
        experiment: None,
        time: Duration::ZERO,
    }
}

#[cfg(test)]
mod tests;
