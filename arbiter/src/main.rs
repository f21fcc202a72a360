//! `arbiter`: runs engines against each other under the rules of the Tabula
//! games. Without arguments it plays a short demo tournament of the built-in
//! players. Exit codes: 0 the match or tournament ran (whatever the results),
//! 2 bad arguments or set-up (nothing played), 130 interrupted (run the same
//! command again to resume).

use anyhow::Result;
use arbiter::{errln, limits, signals};
use clap::{Parser, Subcommand};
use std::process::ExitCode;
use tabula::games::GameId;

mod bench;

#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    args_override_self = true,
    about = format!(
        "Engine matches and tournaments for the Tabula games ({})",
        GameId::listed(false, "and")
    ),
    after_help = "Without a subcommand: a short demo tournament of the built-in players.\n\
                  ENGINE: a command run through the shell (\"python3 my_engine.py\") or \
                  builtin:random | builtin:greedy | builtin:tabula[:depth=N|nodes=N|movetime=MS]"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Two engines, n games (colour-swapped pairs on the same seeded board).
    Match(arbiter::MatchArgs),
    /// Many engines: round robin, gauntlet or Swiss, both colours on each board.
    Tournament(arbiter::TournamentArgs),
    /// The games a tournament will play (same flags as `tournament`): key,
    /// players, board, and with --shards N the shard of each; the same for
    /// every run with the same flags. A Swiss prints its first round (the
    /// next ones are paired on the results).
    Plan(arbiter::PlanArgs),
    /// Puts the journals of a sharded tournament together: checks they
    /// belong to one tournament, keeps each game once, lists the missing
    /// games with the command that plays them, writes the merged journal
    /// and prints the standings. Exit 0 when complete, 1 when games are
    /// missing, 2 on bad input.
    Merge(arbiter::MergeArgs),
    /// Self-test of one engine, in layers: handshake (and unflushed output),
    /// isready tokens, one move, quit, two games against builtin:random,
    /// go infinite + stop, go movetime, malformed input, legal moves on many
    /// positions (+ perft and query if implemented), solve on the course
    /// problems A-D if the engine solves, and that stdout holds only protocol
    /// lines. Prints ok/warn/FAIL/skip lines with hints and a summary. Exit 0
    /// when nothing failed (warns allowed), 1 if something did, 2 on bad
    /// arguments, 130 when interrupted (Ctrl-C).
    Check(arbiter::CheckArgs),
    /// Throughput: games per second and arbiter time per move; `bench
    /// pairing`: how well pairing designs rank a class, by simulation.
    Bench {
        #[command(subcommand)]
        what: Option<bench::What>,
        /// Games per measurement.
        #[arg(long, default_value_t = 200, value_parser = limits::games)]
        games: u32,
    },
    /// The demo tournament (what `arbiter` alone runs).
    Demo,
    /// Play against an engine yourself (type `help` at the prompt).
    Play(arbiter::PlayArgs),
    /// Balanced start boards: seeded boards on which Tabula, playing itself
    /// in pairs of games at a fixed depth or node budget (the stronger side
    /// once on each side), ends within --threshold points of even on average
    /// for the side to move, written as a board file for --boards-file.
    Boards(arbiter::BoardsArgs),
    /// The tournament as one web page (standings, charts, a replay of every
    /// game) from results journals: `arbiter report results.jsonl --out report.html`.
    Report {
        #[command(flatten)]
        args: arbiter::ReportArgs,
        /// Every column of the standings (by default they fit 100 columns).
        #[arg(long)]
        wide: bool,
    },
    /// Every move of every game of results files judged by the reference:
    /// its best move, the mover's winning chances before and after, the
    /// move's class (best, good, inaccuracy, mistake, blunder) and
    /// accuracy, one JSON line per move (docs/analysis.md); then each
    /// entrant's accuracy. Resumes an --out file of the same settings.
    /// Exit 0 when it ran, 2 on bad arguments, 130 when interrupted.
    Analyse(arbiter::AnalyseArgs),
    /// The win-chance models calibrated on held-out games of the course's
    /// level: analysed results files in (games split by game into folds),
    /// per game and per level the log-loss, Brier score and calibration of
    /// the shipped and the refitted scale; `--out` writes the refitted
    /// table (docs/analysis.md). Exit 0 when it ran, 2 on bad input.
    Winchance(arbiter::WinchanceArgs),
    /// Copied work: engines that choose the same moves far more often than
    /// independent engines of their strength (`--game <id> <ENGINE>…`), and
    /// sources that share winnowed fingerprints (`--source <dir>… [--base
    /// <dir>] [--past <dir>…]`); `--out pairs.csv`, `--html page.html`.
    Similarity(arbiter::SimilarityArgs),
    /// The behaviour check measured on engines whose relations are known:
    /// per game, the false-alarm rate over independent pairs (synthetic
    /// students, the reference players, --engines) and the detection rate
    /// of each kind of changed copy; resumable (the answers are journaled).
    BenchSimilarity(arbiter::BenchSimilarityArgs),
    /// A teacher's season in one command: a folder (or archive) of
    /// submissions, as Moodle's "download all submissions" gives it, in;
    /// each recognised, checked and played in a championship against the
    /// reference gates, all sandboxed; out, in --out: grades.csv for
    /// Moodle, evidence.csv, the championship page and a feedback page per
    /// submission. Rerun to resume. Exit 0 when it ran, 2 on bad arguments.
    Grade(arbiter::GradeArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    signals::install();
    arbiter::become_subreaper();
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            errln!("arbiter: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Each command to its own `run`.
fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        None | Some(Command::Demo) => arbiter::demo_command(),
        Some(Command::Match(args)) => arbiter::match_command(args),
        Some(Command::Tournament(args)) => arbiter::tournament_command(args),
        Some(Command::Plan(args)) => arbiter::plan_command(args),
        Some(Command::Merge(args)) => arbiter::merge_command(args),
        Some(Command::Check(args)) => arbiter::check_command(args),
        Some(Command::Play(args)) => arbiter::play_command(args),
        Some(Command::Boards(args)) => arbiter::boards_command(args),
        Some(Command::Report { args, wide }) => {
            arbiter::set_wide(wide);
            arbiter::report_command(args)
        }
        Some(Command::Analyse(args)) => arbiter::analyse_command(args),
        Some(Command::Winchance(args)) => arbiter::winchance_command(&args),
        Some(Command::Similarity(args)) => arbiter::similarity_command(args),
        Some(Command::BenchSimilarity(args)) => arbiter::bench_similarity(args),
        Some(Command::Grade(args)) => {
            arbiter::grade_command(args, &std::env::args().collect::<Vec<_>>())
        }
        Some(Command::Bench { what: None, games }) => bench::run(games).map(|_| ExitCode::SUCCESS),
        Some(Command::Bench {
            what: Some(bench::What::Pairing(args)),
            ..
        }) => bench::pairing(&args).map(|_| ExitCode::SUCCESS),
    }
}
