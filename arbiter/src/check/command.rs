//! `arbiter check`'s command line: the flags, the engine confined as
//! `--sandbox` says, the options of [`super::run`] and the exit code of
//! its [`Verdict`].

use super::{CheckOptions, Verdict};
use crate::engines::client::Timeouts;
use crate::engines::config::{Entrant, Kind};
use crate::engines::sandbox::SandboxArgs;
use crate::limits;
use crate::outln;
use crate::params::ParamArgs;
use anyhow::{bail, Result};
use clap::Args;
use std::process::ExitCode;
use tabula::games::GameId;

/// `arbiter check` options.
#[derive(Args, Clone, Debug)]
pub struct CheckArgs {
    /// The engine's command line.
    pub(crate) engine: String,
    #[arg(long, default_value = GameId::ALL[0].as_str(), help = check_game_help())]
    pub(crate) game: String,
    /// Seed of the start board, of the sampled positions and of builtin:random.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// Move time of the first move and of the two games (ms).
    #[arg(long, default_value_t = 200, value_parser = limits::movetime)]
    pub(crate) movetime: u64,
    /// Positions of the rule-conformance layer where the game goes on
    /// (finished games are added for perft and query).
    #[arg(long, default_value_t = 30, value_parser = limits::positions)]
    pub(crate) positions: usize,
    /// Time given to each `solve` of the course problems (ms).
    #[arg(long, default_value_t = 3000, value_parser = limits::movetime)]
    pub(crate) solve_time: u64,
    /// The game's parameters (default: each at its default for the
    /// games; the conformance layer also samples other board sizes).
    #[command(flatten)]
    pub(crate) params: ParamArgs,
    /// Handshake deadline (ms).
    #[arg(long, default_value_t = 10_000, value_parser = limits::deadline)]
    pub(crate) startup_timeout: u64,
    /// Allowed beyond a move's time (ms).
    #[arg(long, default_value_t = 100, value_parser = limits::slack)]
    pub(crate) margin: u64,
    #[command(flatten)]
    pub(crate) sandbox: SandboxArgs,
}

/// `arbiter check`: exit 0 when nothing failed, 1 if something did, 130
/// when interrupted; an error (exit 2) on bad arguments.
pub fn run(args: CheckArgs) -> Result<ExitCode> {
    let CheckArgs {
        engine,
        game,
        seed,
        movetime,
        params,
        startup_timeout,
        margin,
        positions,
        solve_time,
        sandbox,
    } = args;
    let mut entrants = [Entrant::from_cli(&engine)?];
    if let Some(header) = sandbox.apply(&mut entrants, &[])? {
        outln!("{header}");
    }
    let [entrant] = entrants;
    let Kind::External(spec) = &entrant.kind else {
        bail!("check is for external engines (the built-in players are always fine)");
    };
    let game = crate::run::flags::parse_game(&game)?;
    if positions == 0 {
        bail!("--positions must be at least 1");
    }
    let opts = CheckOptions {
        log_dir: None,
        setup: params.setup(game)?,
        sample_params: params.none_given(),
        seed,
        movetime,
        timeouts: Timeouts {
            startup_ms: startup_timeout,
            margin_ms: margin,
            ..Timeouts::default()
        },
        positions,
        solve_ms: solve_time,
    };
    Ok(match super::run(spec, &entrant.name, &opts) {
        Verdict::Passed => ExitCode::SUCCESS,
        Verdict::Failed(_) => ExitCode::from(1),
        Verdict::Interrupted => ExitCode::from(130),
    })
}

/// `check --game`'s help: the ids of the registry.
fn check_game_help() -> String {
    format!(
        "{}; or a puzzle ({}) to check only the start-up, robustness and solve layers, \
         with solve required",
        GameId::listed(false, "or"),
        GameId::listed(true, "or")
    )
}
