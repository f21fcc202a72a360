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
    /// Solve a puzzle (exit code 0: solved, 1: no solution).
    ///
    /// The position is a problems file and a problem name, or a position
    /// spec; then come the protocol's solve options (algorithm, heuristic,
    /// target, depth, nodes, movetime, memory, memnodes). Example: tabula
    /// solve problem knight-solo A algorithm idastar
    Solve(tabula::puzzle::cli::SolveArgs),
    /// Run every problem x algorithm x heuristic and write the results table
    /// (results.md, results.csv).
    Report(tabula::puzzle::cli::ReportArgs),
    /// Puzzle benchmark: knight and dots problems with A* and IDA*.
    BenchPuzzle,
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Perft { args, divide }) => perft(&args, divide),
        Some(Command::Solve(a)) => match a.run() {
            Ok(true) => Ok(()),
            Ok(false) => return ExitCode::from(1),
            Err(e) => Err(e),
        },
        Some(Command::Report(a)) => a.run(),
        Some(Command::BenchPuzzle) => tabula::puzzle::cli::bench_command(),
        None => {
            tabula::protocol::run(std::io::stdin(), tabula::protocol::Output::stdout());
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
