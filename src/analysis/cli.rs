//! The analysis's subcommands of the `tabula` binary: `fit-winchance`
//! (refits `data/winchance.tsv`) and `bench-analysis` (positions per
//! second).

use super::bench;
use super::fit::{self, two_player_games, FitOptions};
use super::{Budget, Settings, WinModel};
use crate::games::GameId;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;

/// The game ids of `--only` (comma-separated two-player ids), or all.
fn ids(only: &Option<String>) -> Result<Vec<GameId>> {
    let Some(list) = only else {
        return Ok(two_player_games());
    };
    let mut out = Vec::new();
    for word in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let game: GameId = word.parse()?;
        if game.is_puzzle() {
            bail!(
                "{game} is a puzzle: the analysis is for two-player games ({})",
                GameId::listed(false, "or")
            );
        }
        out.push(game);
    }
    Ok(out)
}

/// The threads to use by default: the machine's.
fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Arguments of `tabula fit-winchance`.
#[derive(clap::Args, Debug)]
pub struct FitArgs {
    /// Self-play games per game id (starts from seeds --seed, --seed+1, …).
    #[arg(long, default_value_t = 100, value_parser = crate::numbers::parser::<u32>("the number of games", "games"))]
    pub games: u32,
    /// The reference's nodes per move (default: each game's analysis
    /// budget, the `nodes` column of data/winchance.tsv).
    #[arg(long, value_parser = crate::numbers::parser::<u64>("the node budget", "nodes"))]
    pub nodes: Option<u64>,
    /// Seed of the first start.
    #[arg(long, default_value_t = 1, value_parser = crate::numbers::parser::<u64>("the seed", ""))]
    pub seed: u64,
    /// Threads playing the games (default: the machine's cores).
    #[arg(long, value_parser = crate::numbers::parser::<usize>("the number of threads", "threads"))]
    pub threads: Option<usize>,
    /// Only these game ids (comma-separated); the other lines of --out,
    /// if it exists, are kept.
    #[arg(long)]
    pub only: Option<String>,
    /// Write the table here (default: standard output), such as
    /// data/winchance.tsv.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

impl FitArgs {
    /// Runs the command: progress on standard error, the table on --out.
    pub fn run(&self) -> Result<()> {
        let options = FitOptions {
            games: self.games.max(1),
            nodes: self.nodes.map(|n| n.max(1)),
            seed: self.seed,
            threads: self.threads.unwrap_or_else(default_threads).max(1),
            ids: ids(&self.only)?,
        };
        let kept = match (&self.out, &self.only) {
            (Some(path), Some(_)) if path.exists() => {
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read '{}'", path.display()))?;
                WinModel::parse_table(&text)?
            }
            _ => Vec::new(),
        };
        let models = fit::run(&options, &mut |m, secs| {
            let q = &m.quality;
            eprintln!(
                "{:<10} scale {:.5} positions {:>6} exact {:>5} log-loss {:.4} brier {:.4} calibration {:.2} ({secs:.1} s)",
                m.game.as_str(),
                m.scale,
                q.positions,
                q.exact,
                q.log_loss,
                q.brier,
                q.calibration
            );
        });
        let mut command = format!(
            "tabula fit-winchance --games {} --seed {}",
            options.games, options.seed
        );
        if let Some(nodes) = options.nodes {
            command.push_str(&format!(" --nodes {nodes}"));
        }
        if let Some(only) = &self.only {
            command.push_str(&format!(" --only {only}"));
        }
        let text = fit::table(&models, &kept, &command);
        match &self.out {
            Some(path) => std::fs::write(path, text)
                .with_context(|| format!("cannot write '{}'", path.display()))?,
            None => print!("{text}"),
        }
        Ok(())
    }
}

/// Arguments of `tabula bench-analysis`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Nodes per search (default: each game's analysis budget, the
    /// `nodes` column of data/winchance.tsv).
    #[arg(long, conflicts_with = "movetime", value_parser = crate::numbers::parser::<u64>("the node budget", "nodes"))]
    pub nodes: Option<u64>,
    /// Milliseconds per search instead of a node budget.
    #[arg(long, value_parser = crate::numbers::parser::<u64>("the move time", "milliseconds"))]
    pub movetime: Option<u64>,
    /// Games per game id.
    #[arg(long, default_value_t = 6, value_parser = crate::numbers::parser::<u32>("the number of games", "games"))]
    pub games: u32,
    /// Threads (default: the machine's cores).
    #[arg(long, value_parser = crate::numbers::parser::<usize>("the number of threads", "threads"))]
    pub threads: Option<usize>,
    /// Only these game ids (comma-separated).
    #[arg(long)]
    pub only: Option<String>,
    /// Skip the only-move searches.
    #[arg(long)]
    pub no_only_move: bool,
}

impl BenchArgs {
    /// Runs the command: a line per game id, then the total.
    pub fn run(&self) -> Result<()> {
        let settings = Settings {
            budget: match (self.movetime, self.nodes) {
                (Some(ms), _) => Budget::Movetime(ms.max(1)),
                (None, Some(n)) => Budget::Nodes(n.max(1)),
                (None, None) => Budget::Default,
            },
            only_move: !self.no_only_move,
            ..Settings::default()
        };
        let threads = self.threads.unwrap_or_else(default_threads).max(1);
        let lines = bench::run(
            &ids(&self.only)?,
            self.games.max(1),
            &settings,
            threads,
            &mut |line| println!("{}", bench::format_line(line)),
        );
        println!("{}", bench::format_total(&lines, &settings, threads));
        Ok(())
    }
}
