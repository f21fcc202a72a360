//! The `tabula` binary: subcommands for people and scripts, and, without a
//! subcommand, the engine protocol on stdin/stdout (see protocol.md), with a
//! one-line banner on stderr when stdin is a terminal.

use anyhow::{bail, Result};
use clap::{Parser, Subcommand};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Instant;
use tabula::{numbers, setup};

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
    Solve(tabula::cli::puzzles::SolveArgs),
    /// Run every problem x algorithm x heuristic and write the results table
    /// (results.md, results.csv).
    Report(tabula::cli::puzzles::ReportArgs),
    /// Puzzle benchmark: knight and dots problems with A* and IDA*.
    BenchPuzzle,
    /// Search fixed positions to fixed depths; prints `<nodes> nodes <nps> nps`.
    Bench {
        /// Use this depth for every position instead of the defaults.
        #[arg(long, value_parser = numbers::parser::<u32>("the depth", "plies"))]
        depth: Option<u32>,
        /// Transposition table size in MiB.
        #[arg(long, default_value_t = 64, value_parser = numbers::parser::<usize>("the table size", "MiB"))]
        hash: usize,
        /// Only the positions of this game id (or `dots3x3`: solve 3 x 3).
        #[arg(long)]
        only: Option<String>,
    },
    /// Fit the analysis's win-chance models on the reference's self-play
    /// games (writes data/winchance.tsv's format).
    FitWinchance(tabula::analysis::cli::FitArgs),
    /// Analysis speed: seeded games of every two-player game analysed;
    /// prints positions/s per game and in total, with the budget.
    BenchAnalysis(tabula::analysis::cli::BenchArgs),
    /// Seeded self-play: engine against the plain alpha-beta (or itself).
    Selfplay {
        /// Number of games (pairs of colour-swapped games on one board).
        #[arg(long, default_value_t = 100, value_parser = numbers::parser::<u32>("the number of games", "games"))]
        games: u32,
        /// Milliseconds per move for both players.
        #[arg(long, default_value_t = 30, value_parser = numbers::parser::<u64>("the move time", "milliseconds"))]
        movetime: u64,
        /// Milliseconds per move for player B only (a time handicap; default:
        /// --movetime).
        #[arg(long, value_parser = numbers::parser::<u64>("the move time", "milliseconds"))]
        movetime_b: Option<u64>,
        /// About N nodes per move for both players instead of a movetime:
        /// the same games on every machine, whatever its load.
        #[arg(
            long,
            value_name = "N",
            conflicts_with_all = ["movetime", "movetime_b"],
            value_parser = numbers::parser::<u64>("the node budget", "nodes")
        )]
        nodes: Option<u64>,
        /// About N nodes per move for player B only (default: --nodes).
        #[arg(
            long,
            value_name = "N",
            requires = "nodes",
            value_parser = numbers::parser::<u64>("the node budget", "nodes")
        )]
        nodes_b: Option<u64>,
        /// Seed of the first board (then seed+1, …).
        #[arg(long, default_value_t = 1, value_parser = numbers::parser::<u64>("the seed", ""))]
        seed: u64,
        #[arg(long, default_value = "knight", help = board_help())]
        board: String,
        /// Play the positions of this board file in turn (one per line, `#`
        /// comments; e.g. a balanced set made by `arbiter boards`) instead of
        /// seeded boards; its game replaces --board's.
        #[arg(long, value_name = "FILE")]
        boards_file: Option<std::path::PathBuf>,
        /// Player A: tabula[:option,…] or baseline.
        #[arg(long, default_value = "tabula")]
        a: String,
        /// Player B.
        #[arg(long, default_value = "baseline")]
        b: String,
    },
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
        Some(Command::BenchPuzzle) => tabula::cli::puzzles::bench_command(),
        Some(Command::Bench { depth, hash, only }) => {
            let lines = tabula::cli::bench::run(depth, hash, only.as_deref());
            tabula::cli::bench::print(&lines);
            Ok(())
        }
        Some(Command::FitWinchance(a)) => a.run(),
        Some(Command::BenchAnalysis(a)) => a.run(),
        Some(Command::Selfplay {
            games,
            movetime,
            movetime_b,
            nodes,
            nodes_b,
            seed,
            board,
            boards_file,
            a,
            b,
        }) => (|| {
            use tabula::cli::selfplay::{run, Board, Contestant, Starts};
            use tabula::search::Limits;
            let (a, b) = (Contestant::parse(&a)?, Contestant::parse(&b)?);
            let per_move = |movetime, nodes: Option<u64>| match nodes {
                Some(n) => Limits {
                    nodes: Some(n.max(1)),
                    ..Limits::default()
                },
                None => Limits {
                    movetime: Some(movetime),
                    ..Limits::default()
                },
            };
            let limits = [
                per_move(movetime, nodes),
                per_move(movetime_b.unwrap_or(movetime), nodes_b.or(nodes)),
            ];
            let starts = match boards_file {
                Some(path) => Starts::List(read_boards(&path)?),
                None => Starts::Seeded(Board::parse(&board)?, seed),
            };
            run(&starts, a, b, games, limits);
            Ok(())
        })(),
        None => {
            if std::io::stdin().is_terminal() {
                eprintln!("{}", tabula::protocol::banner());
            }
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

/// `--board`'s help: the two-player games of the registry.
fn board_help() -> String {
    format!("Board: {}", tabula::cli::selfplay::Board::choices())
}

/// The positions of a board file, of the game of its first position.
fn read_boards(path: &std::path::Path) -> Result<Vec<tabula::games::AnyPosition>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| anyhow::anyhow!("cannot read '{}': {e}", path.display()))?;
    let first = text
        .lines()
        .map(|l| l.split_once('#').map_or(l, |(spec, _)| spec).trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let game = match setup::parse_spec(first, None) {
        Ok(pos) if !pos.game().is_puzzle() => pos.game(),
        Ok(pos) => bail!(
            "{}: {} is a puzzle, self-play needs a duel",
            path.display(),
            pos.game()
        ),
        Err(e) if !first.is_empty() => bail!("{}: first position: {e}", path.display()),
        Err(_) => bail!("{}: no position in the file", path.display()),
    };
    setup::read_board_file(&text, game).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
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
    let pos = setup::parse_words(&words, current, &Default::default())?;
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
