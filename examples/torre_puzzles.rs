//! The rook puzzle (`torre-solo`) as a benchmark (not a test): every course
//! problem A–F with every algorithm of `solve` (default heuristics: `reach`,
//! admissible), its depth, score, nodes and wall time. Breadth-first and
//! depth-first search skip F (16 moves on a full board: they would run for
//! hours); the optimal algorithms (A*, IDA*, RBFS, SMA*) solve it, and since
//! `reach` is admissible, their depth is the proven optimum.
//!
//! ```text
//! cargo run --release --example torre_puzzles
//! ```
//!
//! The table it prints is in `docs/puzzles.md`; the issue's goal is problem
//! F under 1 s.

use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tabula::games::GameId;
use tabula::problems;
use tabula::puzzle::{SolveOptions, SolveOutcome};
use tabula::solve::run;

fn main() {
    let stop = AtomicBool::new(false);
    let set = problems::builtin(GameId::TorreSolo);
    println!("| problem | algorithm | depth | score | generated | expanded | time (ms) |");
    println!("|---|---|---|---|---|---|---|");
    for (name, _, pos) in set.entries() {
        for algorithm in ["bfs", "dfs", "astar", "idastar", "rbfs", "smastar"] {
            let blind = matches!(algorithm, "bfs" | "dfs");
            if blind && name == "F" {
                continue;
            }
            let opts = SolveOptions {
                algorithm: Some(algorithm.parse().expect("a solver's name")),
                // DFS needs a depth limit: the deepest optimum (E, 8 moves) plus slack.
                depth: (algorithm == "dfs").then_some(12),
                nodes: Some(0),
                ..SolveOptions::default()
            };
            let start = Instant::now();
            let r = run(&pos, &opts, &stop, &mut |_| {}).expect("a puzzle with a target");
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let (depth, score) = match (&r.outcome, r.depth) {
                (SolveOutcome::Solution { score, .. }, Some(d)) => {
                    (d.to_string(), score.to_string())
                }
                _ => ("none".into(), "-".into()),
            };
            println!(
                "| {name} | {algorithm} | {depth} | {score} | {} | {} | {ms:.1} |",
                r.stats.generated, r.stats.expanded
            );
        }
    }
}
