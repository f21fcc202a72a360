//! The season's copy check: the sources of every submission that came in
//! (and of `--past` years' projects) compared by `arbiter similarity`'s
//! source method (tokens, normalised and winnowed); the flagged pairs and
//! their matched fragments go on the teacher's page, never on a student's,
//! and every pair into `copies.csv`.

use super::Entry;
use crate::similarity::source::{self, SourcePair, Submission};
use anyhow::Result;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The copy check of a season.
pub(crate) struct Copies {
    /// This year's submissions, then the past projects.
    pub(crate) subs: Vec<Submission>,
    /// Every pair compared, most similar first.
    pub(crate) pairs: Vec<SourcePair>,
}

impl Copies {
    /// The flagged pairs.
    pub(crate) fn flagged(&self) -> impl Iterator<Item = &SourcePair> {
        self.pairs.iter().filter(|p| p.flagged)
    }
}

/// Compares the sources of the submissions the intake took in, with each
/// other and with the projects of `past` (a project's folder, or a folder
/// of projects).
pub(crate) fn check(entries: &[Entry], past: &[PathBuf]) -> Result<Copies> {
    let current: Vec<(String, PathBuf)> = entries
        .iter()
        .filter(|e| e.sub.refused.is_empty() && e.sub.files.is_dir())
        .map(|e| (e.sub.name.clone(), e.sub.files.clone()))
        .collect();
    let past = source::past_projects(past)?;
    // `arbiter similarity`'s defaults: k-grams, window, and the code common
    // to more than a fifth of the class ignored.
    let (subs, _common) = source::load(&current, &past, &[], &source::Settings::default())?;
    let pairs = source::compare(&subs);
    Ok(Copies { subs, pairs })
}

/// One line of `copies.csv`.
#[derive(Serialize)]
struct Row<'a> {
    a: &'a str,
    b: &'a str,
    past: bool,
    score: String,
    shared: usize,
    flagged: bool,
}

/// Writes `copies.csv`: every pair, most similar first.
pub(crate) fn write_csv(path: &Path, copies: &Copies) -> Result<()> {
    let rows: Vec<Row> = copies
        .pairs
        .iter()
        .map(|p| Row {
            a: &copies.subs[p.a].name,
            b: &copies.subs[p.b].name,
            past: copies.subs[p.a].past || copies.subs[p.b].past,
            score: format!("{:.4}", p.score),
            shared: p.shared,
            flagged: p.flagged,
        })
        .collect();
    super::csv::write_rows(path, &rows)
}
