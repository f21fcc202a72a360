//! The peg-solitaire puzzle's solve times (a benchmark, not a test): each
//! course problem A–F with every algorithm and the `pegs` and `pagoda`
//! heuristics, each run repeated until 0.2 s have passed, the mean time
//! per run printed with the result and the nodes generated. BFS on F is
//! left out (it must hold whole levels of the 23 million boards).
//!
//! ```text
//! cargo run --release --example solitario_solve
//! ```

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tabula::puzzle::{Algorithm, SolveOptions, SolveOutcome};
use tabula::setup::parse_spec;
use tabula::solve::run;

fn main() {
    let stop = AtomicBool::new(false);
    println!("| problem | algorithm | heuristic | result | generated | mean time |");
    println!("|---|---|---|---|---:|---:|");
    for problem in ["A", "B", "C", "D", "E", "F"] {
        let pos = parse_spec(&format!("problem solitario-solo {problem}"), None).expect("problem");
        for algorithm in Algorithm::ALL {
            if problem == "F" && algorithm == Algorithm::Bfs {
                continue;
            }
            let heuristics: &[&str] = if algorithm.informed() {
                &["pegs", "pagoda"]
            } else {
                &["-"]
            };
            for &h in heuristics {
                let opts = SolveOptions {
                    algorithm: Some(algorithm),
                    heuristic: (h != "-").then(|| h.to_string()),
                    ..SolveOptions::default()
                };
                let start = Instant::now();
                let mut runs = 0u32;
                let mut last = None;
                while runs == 0 || start.elapsed() < Duration::from_millis(200) {
                    last = Some(run(&pos, &opts, &stop, &mut |_| {}).expect("a run"));
                    runs += 1;
                }
                let mean = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
                let r = last.expect("one run");
                let result = match &r.outcome {
                    SolveOutcome::Solution { moves, .. } => format!("{} moves", moves.len()),
                    SolveOutcome::NoSolution { reason, .. } => format!("nosolution {reason}"),
                };
                println!(
                    "| {problem} | {algorithm} | {h} | {result} | {} | {mean:.3} ms |",
                    r.stats.generated
                );
            }
        }
    }
}
