//! The `tabula solve`, `tabula report` and `tabula bench-puzzle` commands
//! (kept here so that `main.rs` stays thin).

use super::report;
use crate::games::{AnyPosition, GameId};
use crate::problems::{self, ProblemSet};
use crate::puzzle::heuristic::Puzzle;
use crate::puzzle::{Algorithm, SolveOptions, SolveOutcome};
use crate::solve::{run, solve};
use crate::{numbers, setup};
use anyhow::{anyhow, bail, Context, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The option words of `solve` (protocol and command line).
const OPTION_WORDS: [&str; 8] = [
    "algorithm",
    "heuristic",
    "target",
    "depth",
    "nodes",
    "movetime",
    "memory",
    "memnodes",
];

fn load_file(path: &Path, game: Option<GameId>) -> Result<ProblemSet> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read problems file {}", path.display()))?;
    problems::parse(&text, game).map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// `tabula solve <position spec | problems file> [<problem>] [solve options]`.
///
/// The position is a setup spec (`problem knight-solo A`, a position
/// string, …) or a problems file followed by a problem name. The options are
/// the protocol's (`algorithm idastar heuristic largest nodes 1000000 …`).
/// Prints the `info` lines and the protocol's final line.
pub fn solve_command(args: &[String], game: Option<GameId>) -> Result<bool> {
    let mut words: Vec<&str> = args.iter().flat_map(|s| s.split_whitespace()).collect();
    // `--game <id>` may also come after the position (clap passes it on).
    let mut game = game;
    if let Some(at) = words.iter().position(|w| *w == "--game") {
        let id = words
            .get(at + 1)
            .ok_or_else(|| anyhow!("--game needs a game id"))?;
        game = Some(id.parse().map_err(|e| anyhow!("--game: {e}"))?);
        words.drain(at..at + 2);
    }
    let split = words
        .iter()
        .position(|w| OPTION_WORDS.contains(&w.to_ascii_lowercase().as_str()))
        .unwrap_or(words.len());
    let (spec, options) = words.split_at(split);
    let opts = SolveOptions::parse(options).map_err(|e| anyhow!(e))?;
    let pos = position(spec, game)?;
    let stop = AtomicBool::new(false);
    let outcome =
        solve(&pos, &opts, &stop, &mut |line| println!("info {line}")).map_err(|e| anyhow!(e))?;
    println!("{outcome}");
    Ok(matches!(outcome, SolveOutcome::Solution { .. }))
}

fn position(spec: &[&str], game: Option<GameId>) -> Result<AnyPosition> {
    let Some(first) = spec.first() else {
        bail!("missing position: give a problems file and a problem, or 'problem <game> <name>', or a position string");
    };
    let path = Path::new(first);
    if path.is_file() {
        let set = load_file(path, game)?;
        let key = spec
            .get(1)
            .ok_or_else(|| anyhow!("{first}: give the problem's name (A…Z or 1…n)"))?;
        if let Some(extra) = spec.get(2) {
            bail!("unexpected '{extra}' after the problem name");
        }
        let (_, _, pos) = set.find(key).ok_or_else(|| {
            anyhow!(
                "{first}: no problem '{key}' (there are {}: A..{})",
                set.len(),
                problems::problem_name(set.len().saturating_sub(1))
            )
        })?;
        return Ok(pos);
    }
    if looks_like_a_file(first) {
        // No position spec starts with a path: say why the file was not read
        // rather than that its name is not a kind of position.
        let why = match std::fs::read_to_string(path) {
            Err(e) => io_reason(&e),
            Ok(_) => "not a regular file".to_string(),
        };
        bail!("cannot read '{first}': {why}");
    }
    let current = game.or_else(|| first.parse().ok());
    Ok(setup::parse_words(spec, current, &Default::default())?)
}

/// Whether a first word of `solve` names a file: it has a path separator or
/// an extension (`exam.dat`, `./problemas`), which no position kind and no
/// game id has.
fn looks_like_a_file(word: &str) -> bool {
    word.contains(std::path::MAIN_SEPARATOR)
        || word.contains('/')
        || Path::new(word).extension().is_some()
}

/// An I/O error as a person reads it: "No such file or directory", without
/// the "(os error 2)" that follows it.
fn io_reason(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// Arguments of `tabula solve`.
#[derive(clap::Args, Debug)]
pub struct SolveArgs {
    /// A problems file and a problem name, or a position spec (`problem
    /// knight-solo A`, a position string, …), then the solve options.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Game of the problems file (default: recognised from its shape).
    #[arg(long)]
    pub game: Option<GameId>,
}

impl SolveArgs {
    /// Runs the command; `Ok(false)` when there is no solution.
    pub fn run(&self) -> Result<bool> {
        solve_command(&self.args, self.game)
    }
}

/// Arguments of `tabula report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// Problems file (default: the built-in course problems).
    pub file: Option<PathBuf>,
    #[arg(long, help = report_game_help())]
    pub game: Option<GameId>,
    /// Comma-separated algorithms (default: all).
    #[arg(long, value_delimiter = ',')]
    pub algorithms: Vec<String>,
    /// Comma-separated heuristics (default: all of the game's).
    #[arg(long, value_delimiter = ',')]
    pub heuristics: Vec<String>,
    /// Output directory.
    #[arg(long, default_value = "results")]
    pub out_dir: PathBuf,
    /// Node limit per run (nodes generated).
    #[arg(long, default_value_t = 2_000_000, value_parser = numbers::parser::<u64>("the node limit", "nodes"))]
    pub nodes: u64,
    /// Time limit per run (ms).
    #[arg(long, default_value_t = 10_000, value_parser = numbers::parser::<u64>("the time limit", "milliseconds"))]
    pub movetime: u64,
    /// Memory limit per run (MiB).
    #[arg(long, default_value_t = 512, value_parser = numbers::parser::<u64>("the memory limit", "MiB"))]
    pub memory: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl ReportArgs {
    /// Runs the command.
    pub fn run(&self) -> Result<()> {
        report_command(self)
    }

    fn base(&self) -> SolveOptions {
        SolveOptions {
            nodes: Some(self.nodes),
            movetime: Some(self.movetime),
            memory_mib: Some(self.memory),
            ..SolveOptions::default()
        }
    }
}

/// The puzzles whose built-in problems `tabula report` runs without a file
/// ([`CourseProblems::IN_REPORT`](crate::game::CourseProblems::IN_REPORT)),
/// in registry order.
pub fn reported() -> Vec<GameId> {
    GameId::ALL
        .into_iter()
        .filter(|&g| crate::with_puzzle_id!(g, G => <G as crate::game::CourseProblems>::IN_REPORT, else false))
        .collect()
}

/// `report --game`'s help.
fn report_game_help() -> String {
    let ids: Vec<&str> = reported().into_iter().map(GameId::as_str).collect();
    format!(
        "Game of the problems (default: recognised; without a file: the built-in problems of {})",
        ids.join(", ")
    )
}

/// `tabula report`: every problem × algorithm × heuristic, written as
/// `results.md` and `results.csv` in the output directory.
pub fn report_command(args: &ReportArgs) -> Result<()> {
    let sets: Vec<ProblemSet> = match (&args.file, args.game) {
        (Some(f), g) => vec![load_file(f, g)?],
        (None, Some(g)) if g.is_puzzle() || g.sibling().is_puzzle() => {
            vec![problems::builtin(if g.is_puzzle() {
                g
            } else {
                g.sibling()
            })]
        }
        (None, Some(g)) => bail!("{g} has no problems"),
        (None, None) => reported().into_iter().map(problems::builtin).collect(),
    };
    let algorithms: Vec<Algorithm> = if args.algorithms.is_empty() {
        Algorithm::ALL.to_vec()
    } else {
        args.algorithms
            .iter()
            .map(|a| a.parse::<Algorithm>().map_err(|e| anyhow!(e)))
            .collect::<Result<_>>()?
    };
    let mut plans = Vec::new();
    for set in &sets {
        plans.push(report::plan(set, &algorithms, &args.heuristics).map_err(|e| anyhow!(e))?);
    }
    let total: usize = plans.iter().map(Vec::len).sum();
    let bar = if !args.quiet {
        indicatif::ProgressBar::new(total as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {elapsed_precise} {msg}")
            .expect("valid template"),
    );
    let stop = AtomicBool::new(false);
    let mut rows = Vec::new();
    for (set, plan) in sets.iter().zip(&plans) {
        let mut progress = |row: &report::Row| {
            bar.set_message(format!(
                "{} {} {}",
                row.problem,
                row.run.algorithm,
                row.run.heuristic.map_or("-", |h| h.name)
            ));
            bar.inc(1);
        };
        rows.extend(
            report::run_all(set, plan, &args.base(), &stop, &mut progress)
                .map_err(|e| anyhow!(e))?,
        );
    }
    bar.finish_and_clear();
    std::fs::create_dir_all(&args.out_dir)
        .with_context(|| format!("cannot create {}", args.out_dir.display()))?;
    let md = args.out_dir.join("results.md");
    let csv = args.out_dir.join("results.csv");
    std::fs::write(&md, report::markdown(&rows))
        .with_context(|| format!("cannot write {}", md.display()))?;
    std::fs::write(&csv, report::csv(&rows))
        .with_context(|| format!("cannot write {}", csv.display()))?;
    println!(
        "{} runs written to {} and {}",
        rows.len(),
        md.display(),
        csv.display()
    );
    Ok(())
}

/// CPU time of the calling thread in nanoseconds (Linux
/// `/proc/thread-self/schedstat`), if available: the bench's figures stay
/// meaningful on a loaded machine.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn cpu_ms(since: Option<u64>) -> String {
    match (since, thread_cpu_ns()) {
        (Some(a), Some(b)) => format!("{:.1}", b.saturating_sub(a) as f64 / 1e6),
        _ => "?".into(),
    }
}

/// `tabula bench-puzzle`: the course's problems of the puzzles that ask for
/// it ([`Puzzle::IN_BENCH`])
/// with A* and IDA* (default heuristics), wall and CPU time per run
/// and per group, then the `<nodes> nodes <nps> nps` signature.
pub fn bench_command() -> Result<()> {
    let stop = AtomicBool::new(false);
    let mut nodes = 0u64;
    let start = Instant::now();
    let start_cpu = thread_cpu_ns();
    let benched = GameId::ALL
        .into_iter()
        .filter(|&g| crate::with_puzzle_id!(g, G => <G as Puzzle>::IN_BENCH, else false));
    for game in benched {
        let set = problems::builtin(game);
        for a in [Algorithm::AStar, Algorithm::IdaStar] {
            let group = Instant::now();
            let group_cpu = thread_cpu_ns();
            for (name, _, pos) in set.entries() {
                let cpu = thread_cpu_ns();
                let opts = SolveOptions {
                    algorithm: Some(a),
                    ..SolveOptions::default()
                };
                let r = run(&pos, &opts, &stop, &mut |_| {}).map_err(|e| anyhow!(e))?;
                nodes += r.stats.generated;
                let result = match (&r.outcome, r.depth) {
                    (SolveOutcome::Solution { score, .. }, Some(d)) => {
                        format!("depth {d} score {score}")
                    }
                    (SolveOutcome::NoSolution { reason, .. }, _) => reason.to_string(),
                    _ => unreachable!("a solution has a depth"),
                };
                println!(
                    "{game} {name} {a} {}: {result} generated {} expanded {} time {:.1} ms cpu {} ms",
                    r.heuristic.map_or("-", |h| h.name),
                    r.stats.generated,
                    r.stats.expanded,
                    r.stats.time.as_secs_f64() * 1000.0,
                    cpu_ms(cpu)
                );
            }
            println!(
                "{game} {a} all problems: {:.1} ms cpu {} ms",
                group.elapsed().as_secs_f64() * 1000.0,
                cpu_ms(group_cpu)
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{nodes} nodes {:.0} nps {:.3} s cpu {} ms",
        nodes as f64 / secs.max(1e-9),
        secs,
        cpu_ms(start_cpu)
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_report_runs_knight_dots_and_quatro_problems() {
        assert_eq!(
            reported(),
            [GameId::KnightSolo, GameId::DotsSolo, GameId::QuatroSolo]
        );
    }
}
