//! Resume: what a results journal already holds of a plan. Its lines are
//! read ([`journal::load`]) and checked ([`verify::verify`]); the lines not
//! trusted are moved aside ([`journal::quarantine`]) and their games are
//! played again. Everything skipped or moved is told on stderr.

use crate::out::plural;
use crate::results::journal;
use crate::results::record::GameRecord;
use crate::run::plan::Plan;
use crate::run::verify;
use anyhow::Result;
use std::path::Path;

/// The journal's trusted games of a plan.
#[derive(Debug, Default)]
pub(crate) struct Resumed {
    /// The trusted records of the plan's games, one per key, in file order.
    pub(crate) done: Vec<GameRecord>,
    /// Journal lines not trusted (moved aside).
    pub(crate) rejected: usize,
    /// The plan lines of a sharded journal, verbatim.
    pub(crate) plan_lines: Vec<String>,
}

/// Reads the games of `plan` from the journal at `path` (nothing when it
/// does not exist), and moves the lines it cannot trust aside.
pub(crate) fn resume(plan: &Plan, path: &Path) -> Result<Resumed> {
    let loaded = journal::load(path, &plan.fingerprint)?;
    if loaded.bad > 0 {
        log::warn!(
            "{}: {} skipped (not a results line)",
            path.display(),
            plural(loaded.bad, "line")
        );
    }
    if loaded.other > 0 && loaded.done.is_empty() {
        log::warn!(
            "{}: {} of another tournament (other engines, boards or time control) \
             in this file, not counted here",
            path.display(),
            plural(loaded.other, "game")
        );
    }
    let checked = verify::verify(plan, loaded.done, &loaded.lines, plan.whole);
    if !checked.rejected.is_empty() {
        let lines: Vec<(usize, String)> = checked
            .rejected
            .iter()
            .map(|r| (r.line, format!("game {}: {}", r.key, r.why)))
            .collect();
        let aside = journal::quarantine(path, &lines)?;
        for r in &checked.rejected {
            log::warn!(
                "{} line {}, game {}: {}; not counted, the game is played again \
                 (the line is moved to {})",
                path.display(),
                r.line + 1,
                r.key,
                r.why,
                aside.display()
            );
        }
    }
    Ok(Resumed {
        done: checked.good,
        rejected: checked.rejected.len(),
        plan_lines: loaded.plans,
    })
}
