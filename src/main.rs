//! The `tabula` binary: subcommands for people and scripts, and, without a
//! subcommand, the engine protocol on stdin/stdout (see protocol.md).

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use std::time::Instant;
use tabula::setup;

#[derive(Parser)]
#[command(
    name = "tabula",
    version,
    about = "Engine, puzzle solver and rules of the course board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the game tree to a depth.
    ///
    /// The position is a position string (quote it), or `problem <game> <name>`,
    /// `random <game> <seed>`, `startpos` (dots), each optionally followed by
    /// `moves …`. Example: tabula perft problem knight-solo F 5
    Perft {
        /// The position, then the depth as the last word.
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
    /// Solve a puzzle: a problems file and a problem name, or a position spec,
    /// then the protocol's solve options (algorithm, heuristic, target, depth,
    /// nodes, movetime, memory, memnodes). Example: tabula solve problem
    /// knight-solo A algorithm idastar. Exit code 0 solved, 1 no solution.
    Solve {
        #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
        args: Vec<String>,
        /// Game of the problems file (default: recognised from its shape).
        #[arg(long)]
        game: Option<tabula::game::GameId>,
    },
    /// Run every problem x algorithm x heuristic and write the results table
    /// (results.md, results.csv).
    Report(ReportCli),
    /// Puzzle benchmark: knight and dots problems with A* and IDA*.
    BenchPuzzle,
}

#[derive(clap::Args)]
struct ReportCli {
    /// Problems file (default: the built-in course problems).
    file: Option<std::path::PathBuf>,
    /// Game of the problems (default: recognised; built-ins: knight and dots).
    #[arg(long)]
    game: Option<tabula::game::GameId>,
    /// Comma-separated algorithms (default: all).
    #[arg(long, value_delimiter = ',')]
    algorithms: Vec<String>,
    /// Comma-separated heuristics (default: all of the game's).
    #[arg(long, value_delimiter = ',')]
    heuristics: Vec<String>,
    /// Output directory.
    #[arg(long, default_value = "results")]
    out_dir: std::path::PathBuf,
    /// Node limit per run (nodes generated).
    #[arg(long, default_value_t = 2_000_000)]
    nodes: u64,
    /// Time limit per run (ms).
    #[arg(long, default_value_t = 10_000)]
    movetime: u64,
    /// Memory limit per run (MiB).
    #[arg(long, default_value_t = 512)]
    memory: u64,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft { args, divide }) => perft(&args, divide),
        Some(Command::Solve { args, game }) => {
            match tabula::puzzle::cli::solve_command(&args, game) {
                Ok(true) => Ok(()),
                Ok(false) => return ExitCode::from(1),
                Err(e) => Err(e),
            }
        }
        Some(Command::Report(r)) => tabula::puzzle::cli::report_command(&r.into_args()),
        Some(Command::BenchPuzzle) => tabula::puzzle::cli::bench_command(),
        None => {
            eprintln!("tabula: the protocol loop is not implemented yet; try 'tabula --help'");
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tabula: error: {e:#}");
            ExitCode::from(2)
        }
    }
}

impl ReportCli {
    fn into_args(self) -> tabula::puzzle::cli::ReportArgs {
        tabula::puzzle::cli::ReportArgs {
            file: self.file,
            game: self.game,
            algorithms: self.algorithms,
            heuristics: self.heuristics,
            out_dir: self.out_dir,
            base: tabula::puzzle::SolveOptions {
                nodes: Some(self.nodes),
                movetime: Some(self.movetime),
                memory_mib: Some(self.memory),
                ..Default::default()
            },
            progress: !self.quiet,
        }
    }
}

fn perft(args: &[String], divide: bool) -> Result<()> {
    let (depth_word, spec) = args.split_last().expect("clap requires one argument");
    let Ok(depth) = depth_word.parse::<u32>() else {
        bail!("the last argument must be the depth (a non-negative integer), found '{depth_word}'");
    };
    if spec.is_empty() {
        bail!("missing position before the depth");
    }
    let words: Vec<&str> = spec.iter().flat_map(|s| s.split_whitespace()).collect();
    let current = words.first().and_then(|w| w.parse().ok());
    let pos = setup::parse_words(&words, current)?;
    let start = Instant::now();
    let count = if divide {
        let mut total = 0;
        tabula::with_game!(pos, p => {
            for (mv, n) in tabula::game::divide(&p, depth) {
                println!("{mv} {n}");
                total += n;
            }
        });
        total
    } else {
        pos.perft(depth)
    };
    let secs = start.elapsed().as_secs_f64();
    println!("perft {depth} {count}");
    eprintln!(
        "{:.3} s, {:.0} leaves/s",
        secs,
        count as f64 / secs.max(1e-9)
    );
    Ok(())
}
