//! `arbiter similarity`: copied work, found two ways.
//!
//! - `--game <id> <ENGINE>…` (behaviour, `behaviour.rs`): every engine
//!   answers the same fixed positions; pairs that agree far more often than
//!   independent engines of their strength are flagged.
//! - `--source <dir>… [--base <dir>] [--past <dir>…]` (source, `source/`):
//!   every submission's Lisp and Python files, tokenized, normalised and
//!   winnowed; pairs that share much of their fingerprints are flagged, with
//!   the matched regions as line ranges of both files.
//!
//! Both may be given in one run: a pair named alike by both (the engine's
//! name and the submission's folder name) is one line with both kinds of
//! evidence. `--out` is the CSV of every pair, most similar first (`score`:
//! the larger of the two scores; `flagged`: by either; `cluster`: the group
//! of three or more submissions joined by flagged pairs it belongs to,
//! `cluster.rs`); `--html` the page with the groups, the flagged pairs and
//! their fragments side by side (`page.rs`).

pub(crate) mod behaviour;
pub(crate) mod bench;
pub(crate) mod chance;
pub(crate) mod cluster;
mod judge;
mod measure;
pub(crate) mod null;
mod page;
pub(crate) mod source;
pub(crate) mod zoo;

use crate::engines::sandbox::SandboxArgs;
use crate::limits;
use crate::out::plural;
use crate::outln;
use crate::params::ParamArgs;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// `arbiter similarity`'s command line.
#[derive(Args, Clone, Debug)]
pub struct SimilarityArgs {
    /// Engines (behaviour, with --game): commands run through the shell,
    /// `builtin:…`, or class files of engines (`*.toml`, `*.json`).
    pub engines: Vec<String>,
    /// The game the engines answer positions of (behaviour).
    #[arg(long)]
    pub game: Option<String>,
    /// Positions each engine answers (behaviour).
    #[arg(long, default_value_t = 200, value_parser = limits::positions)]
    pub positions: usize,
    /// Time per position (ms; an engine of a class file with its own depth,
    /// nodes or movetime uses those).
    #[arg(long, default_value_t = 100, value_parser = limits::movetime)]
    pub movetime: u64,
    /// Seed of the games the positions are sampled from.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The positions file: read when it exists, else written
    /// (default: the --out file + `.positions.txt`).
    #[arg(long, value_name = "FILE")]
    pub positions_file: Option<PathBuf>,
    /// The game's parameters.
    #[command(flatten)]
    pub params: ParamArgs,
    /// Engines asked at once (behaviour; default: the machine's cores).
    #[arg(long, value_parser = limits::concurrency)]
    pub concurrency: Option<usize>,
    /// Submissions (source): one folder each, named by the folder's name.
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub source: Vec<PathBuf>,
    /// The code the course hands out: never counted (repeatable).
    #[arg(long, value_name = "DIR")]
    pub base: Vec<PathBuf>,
    /// Past years' projects, compared with this year's but not with each
    /// other: a project's folder, or a folder of projects (one a subfolder).
    #[arg(long, num_args = 1.., value_name = "DIR")]
    pub past: Vec<PathBuf>,
    /// Source: tokens per k-gram (Dolos' -k).
    #[arg(long, default_value_t = source::winnow::K as u32, value_parser = clap::value_parser!(u32).range(5..=100))]
    pub kgram: u32,
    /// Source: k-grams per winnowing window (Dolos' -w).
    #[arg(long, default_value_t = source::winnow::W as u32, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub window: u32,
    /// Source: a fingerprint found in more than this share of the
    /// submissions (and in more than 10 of them) is ignored, as Dolos' -m
    /// and MOSS's max_rep do (1: none is).
    #[arg(long, default_value_t = source::MAX_SHARE, value_parser = share)]
    pub max_share: f64,
    /// The CSV of every pair, most similar first.
    #[arg(long)]
    pub out: PathBuf,
    /// The page of the flagged pairs, both kinds of evidence side by side and
    /// the matched fragments of the sources.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Handshake deadline (ms).
    #[arg(long, default_value_t = 10_000, value_parser = limits::deadline)]
    pub startup_timeout: u64,
    /// Allowed beyond a move's time (ms).
    #[arg(long, default_value_t = 100, value_parser = limits::slack)]
    pub margin: u64,
    #[command(flatten)]
    pub sandbox: SandboxArgs,
}

/// `--max-share`: a share in (0, 1].
fn share(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x <= 1.0 => Ok(x),
        _ => Err(format!(
            "'{s}': a share from 0 (not included) to 1, such as 0.2"
        )),
    }
}

/// One pair of the report: its source and behaviour evidence, when run,
/// and the cluster (an index of the run's clusters) it belongs to.
#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub(crate) a: String,
    pub(crate) b: String,
    pub(crate) source: Option<source::SourcePair>,
    pub(crate) behaviour: Option<behaviour::Judged>,
    pub(crate) cluster: Option<usize>,
}

impl Row {
    pub(crate) fn score(&self) -> f64 {
        let s = self.source.as_ref().map_or(0.0, |p| p.score);
        let b = self.behaviour.as_ref().map_or(0.0, |j| j.score);
        s.max(b)
    }

    pub(crate) fn flagged(&self) -> bool {
        self.source.as_ref().is_some_and(|p| p.flagged)
            || self.behaviour.as_ref().is_some_and(|j| j.flagged)
    }
}

pub(crate) use judge::BehaviourRun;

/// The pairs so far, by their two names in order.
type Rows = HashMap<(String, String), Row>;

/// The row of `a` and `b` in `rows`, made empty when new.
fn row_of<'r>(rows: &'r mut Rows, a: &str, b: &str) -> &'r mut Row {
    let key = if a <= b {
        (a.to_string(), b.to_string())
    } else {
        (b.to_string(), a.to_string())
    };
    rows.entry(key).or_insert_with(|| Row {
        a: a.to_string(),
        b: b.to_string(),
        source: None,
        behaviour: None,
        cluster: None,
    })
}

/// Runs `arbiter similarity`.
pub fn run(args: SimilarityArgs) -> Result<ExitCode> {
    let behaviour_asked = args.game.is_some() || !args.engines.is_empty();
    if args.source.is_empty() && !behaviour_asked {
        bail!("give --game with engines (behaviour), --source with folders (source), or both");
    }
    if !args.source.is_empty() && args.past.is_empty() && args.source.len() < 2 && !behaviour_asked
    {
        bail!("--source needs at least two submissions (or one and --past)");
    }
    {
        use crate::paths::Named;
        let mut inputs: Vec<Named> = Vec::new();
        inputs.extend(args.source.iter().map(|p| Named::folder("--source", p)));
        inputs.extend(args.base.iter().map(|p| Named::folder("--base", p)));
        inputs.extend(args.past.iter().map(|p| Named::folder("--past", p)));
        inputs.extend(
            args.positions_file
                .as_deref()
                .map(|p| Named::file("--positions-file", p)),
        );
        let mut outputs = vec![Named::file("--out", &args.out)];
        outputs.extend(args.html.as_deref().map(|p| Named::file("--html", p)));
        crate::paths::check(&inputs, &outputs)?;
    }
    let mut rows = Rows::new();
    let subs = if args.source.is_empty() {
        Vec::new()
    } else {
        source_rows(&args, &mut rows)?
    };
    let behaviour_run = if behaviour_asked {
        Some(behaviour_rows(&args, &mut rows)?)
    } else {
        None
    };
    let mut rows: Vec<Row> = rows.into_values().collect();
    rows.sort_by(|x, y| {
        y.score()
            .total_cmp(&x.score())
            .then(y.flagged().cmp(&x.flagged()))
            .then((&x.a, &x.b).cmp(&(&y.a, &y.b)))
    });
    let groups = cluster::clusters(&rows);
    for (g, c) in groups.iter().enumerate() {
        for &k in &c.rows {
            rows[k].cluster = Some(g + 1);
        }
    }
    let null = behaviour_run.as_ref().map(|r| r.null.clone());
    write_csv(&args.out, &rows, null.as_ref())?;
    report(&rows, &groups, &args.out, null.as_ref());
    if let Some(path) = &args.html {
        let html = page::render(&rows, &groups, &subs, behaviour_run.as_ref());
        std::fs::write(path, html).with_context(|| format!("cannot write {}", path.display()))?;
        outln!("page: {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

/// The source run: reads and compares the submissions into `rows`.
fn source_rows(args: &SimilarityArgs, rows: &mut Rows) -> Result<Vec<source::Submission>> {
    let started = Instant::now();
    let current: Vec<(String, PathBuf)> = args
        .source
        .iter()
        .map(|d| (source::folder_name(d), d.clone()))
        .collect();
    let mut seen = std::collections::HashSet::new();
    for (name, _) in &current {
        if !seen.insert(name.clone()) {
            bail!("two submissions are named '{name}': give folders of different names");
        }
    }
    let past = source::past_projects(&args.past)?;
    let settings = source::Settings {
        k: args.kgram as usize,
        w: args.window as usize,
        max_share: args.max_share,
    };
    let (subs, common) = source::load(&current, &past, &args.base, &settings)?;
    let files: usize = subs.iter().map(|s| s.files.len()).sum();
    let pairs = source::compare(&subs);
    outln!(
        "source: {} ({} past), {} read, {} compared in {:.2} s; {} common to more than {:.0} % \
         of the submissions ignored",
        plural(current.len(), "submission"),
        past.len(),
        plural(files, "file"),
        plural(pairs.len(), "pair"),
        started.elapsed().as_secs_f64(),
        plural(common, "fingerprint"),
        100.0 * settings.max_share
    );
    for p in pairs {
        let (a, b) = (&subs[p.a].name, &subs[p.b].name);
        row_of(rows, a, b).source = Some(p);
    }
    Ok(subs)
}

/// The behaviour run: every engine's answers judged pair by pair into
/// `rows`.
fn behaviour_rows(args: &SimilarityArgs, rows: &mut Rows) -> Result<BehaviourRun> {
    let run = judge::run(args)?;
    for (a, b, j) in &run.pairs {
        row_of(rows, &run.names[*a], &run.names[*b]).behaviour = Some(j.clone());
    }
    Ok(run)
}

/// The terminal's summary: the flagged pairs and the groups.
fn report(rows: &[Row], groups: &[cluster::Cluster], out: &Path, null: Option<&null::Null>) {
    let flagged = rows.iter().filter(|r| r.flagged()).count();
    outln!(
        "{} of {} flagged; every pair in {}",
        plural(flagged, "pair"),
        rows.len(),
        out.display()
    );
    for r in rows.iter().filter(|r| r.flagged()).take(20) {
        outln!("  {:.2}  {}  {}{}", r.score(), r.a, r.b, describe(r));
        if let (Some(n), Some(j)) = (null, r.behaviour.as_ref().filter(|j| j.flagged)) {
            outln!(
                "        under the null: z {:.1} {}",
                j.z,
                n.chance_words(j.z)
            );
            outln!("        false alarms: {}", n.words());
        }
    }
    for (g, c) in groups.iter().enumerate() {
        let (pairs, of) = c.density();
        outln!(
            "group {} of {} submissions ({pairs} of their {of} pairs flagged): {}",
            g + 1,
            c.members.len(),
            c.members.join(", ")
        );
    }
}

/// The evidence of a row in words, for the terminal.
fn describe(r: &Row) -> String {
    let mut s = String::new();
    if let Some(p) = &r.source {
        let _ = write!(s, "  source {:.2} ({} shared)", p.score, p.shared);
    }
    if let Some(j) = &r.behaviour {
        let _ = write!(
            s,
            "  behaviour {:.0} % agree, {:.0} % expected, z {:.1}",
            100.0 * j.agreement,
            100.0 * j.expected,
            j.z
        );
        if let Some(r) = &j.explained {
            let _ = write!(s, " (both play as {r}: not flagged)");
        }
    }
    s
}

/// `<out><suffix>`, beside the CSV.
pub(crate) fn side_file(out: &Path, suffix: &str) -> PathBuf {
    let mut s = out.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

/// The CSV of every pair.
fn write_csv(path: &Path, rows: &[Row], null: Option<&null::Null>) -> Result<()> {
    let head = [
        "a",
        "b",
        "score",
        "flagged",
        "cluster",
        "source_score",
        "source_shared",
        "source_flagged",
        "behaviour_score",
        "agreement",
        "expected",
        "z",
        "positions",
        "behaviour_flagged",
        "explained_by",
        "false_alarm_bound",
        "null_pairs_reached",
        "null_pairs",
        "null_bound",
    ];
    let opt = |x: Option<String>| x.unwrap_or_default();
    let cells = rows.iter().map(|r| {
        let s = r.source.as_ref();
        let b = r.behaviour.as_ref();
        [
            crate::names::csv_name(&r.a),
            crate::names::csv_name(&r.b),
            format!("{:.4}", r.score()),
            r.flagged().to_string(),
            opt(r.cluster.map(|c| c.to_string())),
            opt(s.map(|p| format!("{:.4}", p.score))),
            opt(s.map(|p| p.shared.to_string())),
            opt(s.map(|p| p.flagged.to_string())),
            opt(b.map(|j| format!("{:.4}", j.score))),
            opt(b.map(|j| format!("{:.4}", j.agreement))),
            opt(b.map(|j| format!("{:.4}", j.expected))),
            opt(b.map(|j| format!("{:.2}", j.z))),
            opt(b.map(|j| j.positions.to_string())),
            opt(b.map(|j| j.flagged.to_string())),
            opt(b.and_then(|j| j.explained.clone())),
            opt(b.and(null).map(|n| format!("{:.6}", n.bound))),
            opt(b.and_then(|j| j.chance).map(|c| c.0.to_string())),
            opt(b.and(null).map(|n| n.pairs.to_string())),
            opt(b.and_then(|j| j.chance).map(|c| format!("{:.6}", c.1))),
        ]
    });
    crate::table::write_records(path, crate::table::Ends::Lf, &head, cells)
}
