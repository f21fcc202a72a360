//! The command line of the runs of many games (`match`, `tournament`,
//! `plan`, `merge`): the flags they share and what each adds. What they do
//! is in [`super::command`].

use super::analyse::AnalyseFlags;
use super::plan::Format;
use super::shard::Shard;
use crate::engines::sandbox::SandboxArgs;
use crate::limits;
use crate::params::ParamArgs;
use crate::results::result::OnReplaced;
use crate::results::stats::Scoring;
use crate::run::boards::BoardSet;
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use tabula::games::GameId;

/// `arbiter match`: two engines, n games.
#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// First engine (with --sprt: the one tested).
    pub(crate) engine1: String,
    /// Second engine.
    pub(crate) engine2: String,
    /// Number of games (default 2; with --sprt the most games to play,
    /// default 20000).
    #[arg(long, value_parser = limits::games)]
    pub(crate) games: Option<u32>,
    /// Sequential probability ratio test: stop as soon as H0 (engine1 is
    /// not ELO1 stronger) or H1 (it is at least ELO0 stronger) is
    /// accepted, e.g. `--sprt elo0=0 elo1=10 alpha=0.05 beta=0.05`
    /// (logistic Elo; the pentanomial model over colour-swapped pairs, or
    /// the pair results with --scoring points). The live progress shows
    /// the LLR and its bounds.
    #[arg(long, num_args = 1..=4, value_name = "KEY=VALUE")]
    pub(crate) sprt: Option<Vec<String>>,
    #[command(flatten)]
    pub(crate) common: Common,
}

/// `arbiter plan`: the games a tournament will play.
#[derive(Args, Clone, Debug)]
pub struct PlanArgs {
    #[command(flatten)]
    pub(crate) tournament: TournamentArgs,
    /// Show which of N shards plays each game (`tournament --shard K/N`).
    #[arg(long, value_name = "N", value_parser = limits::shards)]
    pub(crate) shards: Option<u32>,
}

/// `arbiter merge`: the journals of a sharded tournament put together.
#[derive(Args, Clone, Debug)]
pub struct MergeArgs {
    /// The shards' journals (JSONL).
    #[arg(required = true)]
    pub(crate) journals: Vec<PathBuf>,
    /// The merged journal (rewritten).
    #[arg(long)]
    pub(crate) results: PathBuf,
    #[command(flatten)]
    pub(crate) out: Outputs,
}

/// How the standings rank, and the files written from the finished games
/// besides the journal (by match, tournament and merge).
#[derive(Args, Clone, Debug)]
pub(crate) struct Outputs {
    /// Per-entrant summary for grading: CSV, or JSON if *.json; rewritten at
    /// the end of each run.
    #[arg(long)]
    pub(crate) summary: Option<PathBuf>,
    /// Human-readable game records (moves, times, boards) of every finished
    /// game (with --results: of the journal), rewritten at the end of each run.
    #[arg(long)]
    pub(crate) records: Option<PathBuf>,
    /// How the standings rank: by game results, or by duplicate scoring of
    /// the colour-swapped pairs (each pair won by the larger point total
    /// over its two games). Both are shown side by side whatever the choice.
    #[arg(long, value_enum, default_value_t = Scoring::Games)]
    pub(crate) scoring: Scoring,
    /// Every column of the standings and the whole cross-table, each name
    /// whole (by default the report fits 100 columns: long names cut with
    /// `…` and given in full below the table).
    #[arg(long)]
    pub(crate) wide: bool,
}

/// `arbiter tournament`: many engines, and who plays whom.
#[derive(Args, Clone, Debug)]
pub struct TournamentArgs {
    /// Engines from the command line (added after those of --engines).
    pub(crate) engines: Vec<String>,
    /// Config file of engines (TOML, or JSON if *.json); repeatable.
    #[arg(long = "engines", value_name = "FILE")]
    pub(crate) engine_files: Vec<PathBuf>,
    /// Who plays whom.
    #[arg(long, value_enum, default_value_t = Format::RoundRobin)]
    pub(crate) format: Format,
    /// Gauntlet: the reference engine's name (default: the first engine).
    #[arg(long)]
    pub(crate) reference: Option<String>,
    /// Rounds (each with fresh boards; Swiss: the number of rounds).
    #[arg(long, default_value_t = 1, value_parser = limits::rounds)]
    pub(crate) rounds: u32,
    /// Boards per round and pairing (two games each, colours swapped).
    #[arg(long, default_value_t = 2, value_parser = limits::boards)]
    pub(crate) boards: u32,
    /// Play only shard K of N (1-based, e.g. 2/4): about 1/N of the boards,
    /// into this shard's own --results journal; put the shards' journals
    /// together with `arbiter merge`.
    #[arg(long, value_name = "K/N")]
    pub(crate) shard: Option<Shard>,
    #[command(flatten)]
    pub(crate) common: Common,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Policy {
    /// A late move loses by timeout.
    Strict,
    /// A late move is recorded and the game goes on.
    Lenient,
}

/// The flags of every run of games: the game, the time control, the
/// files, the limits, the sandbox.
#[derive(Args, Clone, Debug)]
pub(crate) struct Common {
    #[arg(long, default_value = GameId::ALL[0].as_str(), help = game_help())]
    pub(crate) game: String,
    /// Seed of the start boards (board i uses seed + i) and of built-in players.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Time per move in ms (`go movetime`), the default time control.
    #[arg(long, default_value_t = 1000, value_parser = limits::movetime)]
    pub(crate) movetime: u64,
    /// Node limit per move (`go nodes`) instead of a move time.
    #[arg(long, conflicts_with_all = ["depth", "tc"], value_parser = limits::nodes)]
    pub(crate) nodes: Option<u64>,
    /// Depth limit per move (`go depth`) instead of a move time.
    #[arg(long, conflicts_with = "tc", value_parser = limits::depth)]
    pub(crate) depth: Option<u32>,
    /// Game clock in seconds, `<base>+<inc>` (`60+0.5`), instead of a move time.
    #[arg(long)]
    pub(crate) tc: Option<String>,
    /// Results journal (JSONL, one line per game); rerun to resume. The
    /// engine traffic of faulted games is kept in <RESULTS>.logs.
    #[arg(long)]
    pub(crate) results: Option<PathBuf>,
    /// Start boards from a file (one position per line, `#` comments)
    /// instead of seeds, e.g. one made by `arbiter boards`.
    #[arg(long = "boards-file", visible_alias = "fens", value_name = "FILE")]
    pub(crate) fens: Option<PathBuf>,
    /// Named start boards: `balanced` is data/boards/<game>.txt (made by
    /// `arbiter boards`; dots 5x6; $TABULA_DATA_DIR/boards/<game>.txt when set).
    #[arg(long, value_enum, default_value_t = BoardSet::Seeded, conflicts_with = "fens")]
    pub(crate) board_set: BoardSet,
    #[command(flatten)]
    pub(crate) params: ParamArgs,
    /// Games played at once (default: the number of cores; at most 1024).
    #[arg(long, value_parser = limits::concurrency)]
    pub(crate) concurrency: Option<usize>,
    /// What a late move costs.
    #[arg(long, value_enum, default_value_t = Policy::Strict)]
    pub(crate) time_policy: Policy,
    /// What a move costs that the engine's adapter says its program did not
    /// choose (`info string fallback …`): lose (the game, at the first),
    /// strikes=N (at the N-th of a game), count (only recorded).
    #[arg(long, default_value = "lose", value_name = "lose|strikes=N|count")]
    pub(crate) on_replaced: OnReplaced,
    /// Allowed beyond a move's time (ms).
    #[arg(long, default_value_t = 100, value_parser = limits::slack)]
    pub(crate) margin: u64,
    /// Handshake deadline (ms).
    #[arg(long, default_value_t = 10_000, value_parser = limits::deadline)]
    pub(crate) startup_timeout: u64,
    /// `isready` deadline before each move (ms).
    #[arg(long, default_value_t = 5_000, value_parser = limits::deadline)]
    pub(crate) ping_timeout: u64,
    /// Time to obey `stop` or `quit` before being killed (ms).
    #[arg(long, default_value_t = 500, value_parser = limits::slack)]
    pub(crate) grace: u64,
    /// Absolute cap of one move's wait, for depth/node limits and lenient play (ms).
    #[arg(long, default_value_t = 60_000, value_parser = limits::cap)]
    pub(crate) max_move_time: u64,
    /// Plies before a game is adjudicated on the score.
    #[arg(long, default_value_t = 10_000, value_parser = limits::plies)]
    pub(crate) max_plies: usize,
    /// Folder of engine traffic logs (default: <results>.logs).
    #[arg(long)]
    pub(crate) log_dir: Option<PathBuf>,
    /// Keep the traffic log of every game, not only of faulted ones.
    #[arg(long)]
    pub(crate) debug: bool,
    #[command(flatten)]
    pub(crate) out: Outputs,
    /// The tournament as one web page (standings, charts, a replay of every
    /// game), rewritten at the end of each run.
    #[arg(long, value_name = "FILE")]
    pub(crate) html: Option<PathBuf>,
    /// Also rewrite the --html page as games finish (at most once a second).
    #[arg(long, requires = "html")]
    pub(crate) html_live: bool,
    #[command(flatten)]
    pub(crate) analyse: AnalyseFlags,
    /// No progress bar.
    #[arg(long)]
    pub(crate) quiet: bool,
    #[command(flatten)]
    pub(crate) sandbox: SandboxArgs,
}

/// The help of `--game`: the two-player ids, from the registry.
fn game_help() -> String {
    format!("Game id: {}", GameId::listed(false, "or"))
}

/// The `--game` given, or what is wrong with it.
pub(crate) fn parse_game(text: &str) -> Result<GameId> {
    let game: GameId = text.parse().map_err(|e| anyhow::anyhow!("--game: {e}"))?;
    Ok(game)
}
