//! `tabula bench-analysis`: the analysis's speed, in positions (moves
//! judged) per second, over a fixed set of seeded games of every
//! two-player game.
//!
//! The games are [`sample`](super::sample) games from the game's seeded
//! random starts (seeds 1, 2, …): the reference at [`GAME_NODES`] nodes a
//! move against the greedy player, colours alternating — games with good
//! moves and bad ones, as a class's are. They are made before the clock
//! starts; then each game id's games are analysed on the threads (one
//! [`Analyser`](super::Analyser) each), timed, and a line per game id and
//! a total are printed with the budget. All the searches of a ply count
//! as one position.
//!
//! On a machine shared with other work the wall-clock rate understates the
//! analysis's; the lines also give the process's CPU time (Linux:
//! `/proc/self/stat`) and the rate per CPU-second, which times the
//! threads is the rate of an idle machine.

use super::sample::{play, Player};
use super::{analyse_all, Settings};
use crate::games::{AnyMove, AnyPosition, GameId, GameSetup};
use crate::search::Limits;
use std::time::Instant;

/// Nodes a move of the reference player of the benchmark's games.
pub const GAME_NODES: u64 = 2_000;

/// The benchmark's games of `game`: `count` games from seeds 1, 2, ….
pub fn games(game: GameId, count: u32) -> Vec<(AnyPosition, Vec<AnyMove>)> {
    let reference = Player::Reference(Limits {
        nodes: Some(GAME_NODES),
        ..Limits::default()
    });
    (1..=u64::from(count))
        .filter_map(|seed| {
            let start = GameSetup::new(game).random(seed)?;
            let players = if seed % 2 == 1 {
                [reference.clone(), Player::Greedy]
            } else {
                [Player::Greedy, reference.clone()]
            };
            let moves = play(&start, &players, seed);
            Some((start, moves))
        })
        .collect()
}

/// The measure of one game id.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    /// The game.
    pub game: GameId,
    /// Games analysed.
    pub games: usize,
    /// Moves judged.
    pub positions: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// CPU seconds of the process (all threads), where the system tells.
    pub cpu_seconds: Option<f64>,
}

impl BenchLine {
    /// Positions per second.
    pub fn rate(&self) -> f64 {
        self.positions as f64 / self.seconds.max(1e-9)
    }

    /// Positions per CPU-second.
    pub fn cpu_rate(&self) -> Option<f64> {
        self.cpu_seconds
            .map(|cpu| self.positions as f64 / cpu.max(1e-9))
    }
}

/// The CPU time of this process so far (user + system, every thread), in
/// seconds; `None` where `/proc/self/stat` does not tell (not Linux).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's closing parenthesis: state is field 3,
    // utime and stime are 14 and 15, in ticks of 1/100 s (USER_HZ).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<u64>().ok();
    Some((ticks(14)? + ticks(15)?) as f64 / 100.0)
}

/// Analyses `count` games of each of `ids` with `settings` on `threads`
/// threads; one line per game id, as each is done, through `report`.
pub fn run(
    ids: &[GameId],
    count: u32,
    settings: &Settings,
    threads: usize,
    report: &mut dyn FnMut(&BenchLine),
) -> Vec<BenchLine> {
    let mut lines = Vec::new();
    for &game in ids.iter().filter(|g| !g.is_puzzle()) {
        let set = games(game, count);
        let clock = Instant::now();
        let cpu = cpu_seconds();
        let done = analyse_all(&set, settings, threads);
        let seconds = clock.elapsed().as_secs_f64();
        let cpu_seconds = cpu.zip(cpu_seconds()).map(|(a, b)| b - a);
        let analysed: Vec<_> = done.into_iter().flatten().collect();
        let line = BenchLine {
            game,
            games: analysed.len(),
            positions: analysed.iter().map(|a| a.moves.len()).sum(),
            nodes: analysed.iter().map(|a| a.nodes).sum(),
            seconds,
            cpu_seconds,
        };
        report(&line);
        lines.push(line);
    }
    lines
}

/// The line of one game id: `knight  games 6  positions 312  nodes …  time
/// 1.20 s  260 positions/s  cpu 2.35 s  133 positions/cpu-s`.
pub fn format_line(line: &BenchLine) -> String {
    format!(
        "{:<10} games {:>3} positions {:>5} nodes {:>11} time {:>7.2} s {:>6.0} positions/s{}",
        line.game.as_str(),
        line.games,
        line.positions,
        line.nodes,
        line.seconds,
        line.rate(),
        cpu_text(line.cpu_seconds, line.positions)
    )
}

/// `  cpu 2.35 s  133 positions/cpu-s`, or nothing without a CPU time.
fn cpu_text(cpu: Option<f64>, positions: usize) -> String {
    cpu.map_or(String::new(), |cpu| {
        format!(
            " cpu {cpu:>7.2} s {:>6.0} positions/cpu-s",
            positions as f64 / cpu.max(1e-9)
        )
    })
}

/// The total line: `total positions … time … s … positions/s (nodes=20000
/// hash=16 only_move=on, 2 threads)`.
pub fn format_total(lines: &[BenchLine], settings: &Settings, threads: usize) -> String {
    let positions: usize = lines.iter().map(|l| l.positions).sum();
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let seconds: f64 = lines.iter().map(|l| l.seconds).sum();
    let cpu: Option<f64> = lines.iter().map(|l| l.cpu_seconds).sum();
    let idle = cpu.map_or(String::new(), |cpu| {
        format!(
            ", {:.0} positions/s on {threads} idle core{}",
            positions as f64 / cpu.max(1e-9) * threads as f64,
            if threads == 1 { "" } else { "s" }
        )
    });
    format!(
        "total      positions {positions} nodes {nodes} time {seconds:.2} s {:.0} positions/s{} ({settings}, {threads} thread{}{idle})",
        positions as f64 / seconds.max(1e-9),
        cpu_text(cpu, positions),
        if threads == 1 { "" } else { "s" }
    )
}
