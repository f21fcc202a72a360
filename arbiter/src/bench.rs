//! `arbiter bench`: games per second and the arbiter's time per move;
//! `arbiter bench pairing`: how well each pairing design ranks a class, by
//! simulation (`arbiter::simulate_season`).
//!
//! The mock engines are measured again in the sandbox (`--sandbox auto`,
//! then with `--freeze-idle`), and the time to start an engine with and
//! without it: the sandbox's cost per move and per engine start.
//!
//! Three measurements, one game at a time (concurrency 1), on seeded knight
//! boards: two `builtin:random` players (the game loop alone); two mock
//! engines at `go nodes 1` (process round trips: `isready`, `position`, `go`,
//! `bestmove` per move — the engine's own work is negligible, so the wall
//! time per move bounds the arbiter's overhead); and two `tabula` engines at
//! `go nodes 1` when the `tabula` binary beside the arbiter speaks the
//! protocol.

use anyhow::Result;
use arbiter::{
    simulate_season, Boards, Engine, Entrant, ExternalSpec, Format, Kind, PairingDesign, Plan,
    RunOptions, SandboxArgs, SandboxMode, Settings, SimulatedClass, TimeControl, Timeouts,
};
use std::path::Path;
use std::time::Instant;
use tabula::games::GameId;

fn measure(
    label: &str,
    engines: [&str; 2],
    tc: TimeControl,
    games: u32,
    sandbox: &SandboxArgs,
) -> Result<()> {
    let mut entrants = vec![Entrant::from_cli(engines[0])?, {
        let mut e = Entrant::from_cli(engines[1])?;
        e.name.push_str("#2");
        e
    }];
    sandbox.apply(&mut entrants, &[])?;
    let game = GameId::ALL[0];
    let plan = Plan::new(
        game,
        entrants,
        Format::RoundRobin,
        1,
        0,
        Some(games),
        &Boards::Seeded {
            seed: 1,
            setup: game.into(),
        },
        tc,
        1,
    )?;
    let opts = RunOptions {
        concurrency: 1,
        results: None,
        settings: Settings {
            timeouts: Timeouts::default(),
            max_plies: 10_000,
            debug: false,
            log_dir: None,
            on_replaced: arbiter::OnReplaced::Lose,
        },
        progress: false,
        sprt: None,
        command: Vec::new(),
        live: None,
        analyse: None,
        siblings: Vec::new(),
    };
    let t0 = Instant::now();
    let r = arbiter::run_plan(&plan, &opts)?;
    let secs = t0.elapsed().as_secs_f64();
    let moves: usize = r.records.iter().map(|g| g.moves.len()).sum();
    let think_ms: u64 = r.records.iter().flat_map(|g| g.times_ms.iter()).sum();
    let faults = r.records.iter().filter(|g| g.offender.is_some()).count();
    arbiter::outln!(
        "{label:<28} {:>5} games {:>7} moves {:>8.3} s {:>9.1} games/s {:>8.1} µs/move (go→bestmove {:.1} µs/move, ms-rounded){}",
        r.records.len(),
        moves,
        secs,
        r.records.len() as f64 / secs,
        secs * 1e6 / moves.max(1) as f64,
        think_ms as f64 * 1000.0 / moves.max(1) as f64,
        if faults > 0 { format!("  FAULTS {faults}") } else { String::new() }
    );
    Ok(())
}

/// The time to start an engine (through its handshake and first
/// `isready`) and to make it quit, averaged over `n` starts.
fn measure_starts(label: &str, command: &str, n: u32, sandbox: &SandboxArgs) -> Result<()> {
    let mut entrants = [Entrant::from_cli(command)?];
    sandbox.apply(&mut entrants, &[])?;
    let Kind::External(spec) = &entrants[0].kind else {
        return Ok(());
    };
    let t0 = Instant::now();
    for _ in 0..n {
        match Engine::start(spec, &Timeouts::default()) {
            Ok(e) => {
                e.quit(500);
            }
            Err(f) => anyhow::bail!("{label}: {f}"),
        }
    }
    let secs = t0.elapsed().as_secs_f64();
    arbiter::outln!(
        "{label:<28} {n:>5} starts {:>8.3} s {:>9.2} ms/start (spawn, handshake, isready, quit)",
        secs,
        secs * 1000.0 / n.max(1) as f64
    );
    Ok(())
}

pub fn run(games: u32) -> Result<()> {
    let off = SandboxArgs::off();
    let exe = std::env::current_exe()?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    arbiter::outln!(
        "arbiter bench: {}, seeded boards, one game at a time",
        GameId::ALL[0]
    );
    measure(
        "builtin:random x2",
        ["builtin:random", "builtin:random"],
        TimeControl::Nodes(1),
        games,
        &off,
    )?;
    let mock = dir.join("mock-engine");
    if mock.exists() {
        let cmd = format!("exec '{}' --mode good", mock.display());
        let mut confined = SandboxArgs::off();
        confined.sandbox = SandboxMode::Auto;
        let mut frozen = confined.clone();
        frozen.freeze_idle = true;
        for (label, sandbox) in [
            ("mock-engine x2, go nodes 1", &off),
            ("  the same, --sandbox auto", &confined),
            ("  the same, + --freeze-idle", &frozen),
        ] {
            measure(label, [&cmd, &cmd], TimeControl::Nodes(1), games, sandbox)?;
        }
        let starts = games.clamp(1, 50);
        measure_starts("mock-engine start", &cmd, starts, &off)?;
        measure_starts("  the same, --sandbox auto", &cmd, starts, &confined)?;
        if let Some(header) = confined.apply(&mut [Entrant::from_cli(&cmd)?], &[])? {
            arbiter::outln!("({header})");
        }
    } else {
        arbiter::outln!(
            "mock-engine not built next to the arbiter (cargo build -p arbiter --bins)"
        );
    }
    let tabula = dir.join("tabula");
    let cmd = format!("exec '{}'", tabula.display());
    let speaks = tabula.exists()
        && Engine::start(
            &ExternalSpec::shell(&cmd),
            &Timeouts {
                startup_ms: 2000,
                ..Timeouts::default()
            },
        )
        .map(|e| e.quit(200))
        .is_ok();
    if speaks {
        measure(
            "tabula x2, go nodes 1",
            [&cmd, &cmd],
            TimeControl::Nodes(1),
            games,
            &off,
        )?;
    } else {
        arbiter::outln!("tabula binary absent or without the protocol yet: skipped");
    }
    Ok(())
}

/// The other benchmarks.
#[derive(clap::Subcommand)]
pub enum What {
    /// How well each pairing design ranks a class of known strengths, by
    /// simulation: Bradley–Terry games drawn from the strengths, Spearman's
    /// ρ between the true order and the rating over every game (gates
    /// included), mean ± standard deviation over the seeds.
    Pairing(PairingArgs),
}

#[derive(clap::Args)]
pub struct PairingArgs {
    /// Class sizes (submissions).
    #[arg(long, value_delimiter = ',', default_values_t = [30, 60, 120])]
    sizes: Vec<usize>,
    /// Seasons simulated per design and size.
    #[arg(long, default_value_t = 20)]
    seeds: u64,
    /// Standard deviation of the class's strengths (Elo).
    #[arg(long, default_value_t = 300.0)]
    spread: f64,
    /// The gates' strengths (Elo, the class centred on 0).
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true,
          default_values_t = [-900.0, -500.0, -100.0])]
    gates: Vec<f64>,
    /// Boards each submission plays against each gate (linear designs).
    #[arg(long, default_value_t = 2)]
    gate_boards: u32,
    /// Standard deviation of a board's advantage for player 1 (Elo).
    #[arg(long, default_value_t = 100.0)]
    colour: f64,
    /// Rounds of the linear designs.
    #[arg(long, value_delimiter = ',', default_values_t = [7, 14, 21])]
    rounds: Vec<u32>,
}

pub fn pairing(args: &PairingArgs) -> Result<()> {
    arbiter::outln!(
        "arbiter bench pairing: {} seasons each; strengths ~ N(0, {}) Elo; gates {:?} Elo, \
         {} boards each; board colour advantage ~ N(0, {}) Elo",
        args.seeds,
        args.spread,
        args.gates,
        args.gate_boards,
        args.colour
    );
    arbiter::outln!(
        "{:>4}  {:<30} {:>10}  {:>13}",
        "n",
        "design",
        "games/sub",
        "rho"
    );
    for &n in &args.sizes {
        let class = SimulatedClass {
            n,
            spread: args.spread,
            gates: args.gates.clone(),
            gate_boards: args.gate_boards,
            colour: args.colour,
        };
        let mut designs = vec![
            PairingDesign::RoundRobin { boards: 1 },
            PairingDesign::RoundRobin { boards: 2 },
        ];
        for &rounds in &args.rounds {
            designs.push(PairingDesign::SwissByRating { rounds });
        }
        let most = args.rounds.iter().copied().max().unwrap_or(1);
        designs.push(PairingDesign::SwissByPoints { rounds: most });
        designs.push(PairingDesign::Random { rounds: most });
        for design in designs {
            let (games, rho, sd) = simulate_season(&class, design, args.seeds, 1);
            arbiter::outln!(
                "{n:>4}  {:<30} {games:>10.1}  {rho:>6.3} ± {sd:.3}",
                design.to_string()
            );
        }
    }
    Ok(())
}
