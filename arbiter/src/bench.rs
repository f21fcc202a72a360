//! `arbiter bench`: games per second and the arbiter's time per move.
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
    Boards, Engine, Entrant, ExternalSpec, Format, Kind, Plan, RunOptions, SandboxArgs,
    SandboxMode, Settings, TimeControl, Timeouts,
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
    };
    let t0 = Instant::now();
    let r = arbiter::run_plan(&plan, &opts)?;
    let secs = t0.elapsed().as_secs_f64();
    let moves: usize = r.records.iter().map(|g| g.moves.len()).sum();
    let think_ms: u64 = r.records.iter().flat_map(|g| g.times_ms.iter()).sum();
    let faults = r.records.iter().filter(|g| g.offender.is_some()).count();
    crate::outln!(
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
    crate::outln!(
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
    crate::outln!(
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
            crate::outln!("({header})");
        }
    } else {
        crate::outln!("mock-engine not built next to the arbiter (cargo build -p arbiter --bins)");
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
        crate::outln!("tabula binary absent or without the protocol yet: skipped");
    }
    Ok(())
}
