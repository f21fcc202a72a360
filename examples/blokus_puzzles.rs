//! The Blokus puzzle benchmark (not a test): every course problem of both
//! variants with every algorithm (default heuristic: `pieces`, the
//! variant's admissible bound), the depth found and the wall time, and
//! whether the depth is the optimum of rules/blokus.md §4.6.
//!
//! ```text
//! cargo run --release --example blokus_puzzles -- [seconds per run]
//! ```
//!
//! BFS and DFS have a time limit (they are uninformed: the 2021 problems
//! D–F are out of their reach); the table it prints is in
//! `docs/puzzles.md`.

use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tabula::games::AnyPosition;
use tabula::games::Setups;
use tabula::puzzle::{SolveOptions, SolveOutcome};
use tabula::setup::parse_words;
use tabula::solve::run;

/// The optima of rules/blokus.md §4.6, A–F.
const OPTIMA: [(&str, [usize; 6]); 2] =
    [("2021", [2, 5, 7, 9, 12, 18]), ("2017", [1, 2, 3, 3, 1, 8])];

fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    println!("| variant | problem | optimum | algorithm | depth | time (s) | generated |");
    println!("|---|---|---|---|---|---|---|");
    for (variant, optima) in OPTIMA {
        for (i, name) in ["A", "B", "C", "D", "E", "F"].iter().enumerate() {
            let words = ["problem", "blokus-solo", name];
            let mut setups = Setups::default();
            setups.set("Variant", variant).expect("a Blokus variant");
            let pos: AnyPosition = parse_words(&words, None, &setups).expect("problem");
            for algorithm in ["astar", "idastar", "rbfs", "smastar", "bfs", "dfs"] {
                let mut w = vec!["algorithm", algorithm];
                let limit = (seconds * 1000).to_string();
                w.extend(["movetime", limit.as_str()]);
                let depth = (optima[i] + 4).to_string();
                if algorithm == "dfs" {
                    w.extend(["depth", depth.as_str()]);
                }
                let opts = SolveOptions::parse(&w).expect("options");
                let start = Instant::now();
                let r = run(&pos, &opts, &AtomicBool::new(false), &mut |_| {}).expect("run");
                let secs = start.elapsed().as_secs_f64();
                let (depth, mark) = match &r.outcome {
                    SolveOutcome::Solution { moves, .. } => {
                        let d = moves.len();
                        (
                            d.to_string(),
                            if d == optima[i] { "" } else { " (not optimal)" },
                        )
                    }
                    SolveOutcome::NoSolution { reason, .. } => (format!("none: {reason}"), ""),
                };
                println!(
                    "| {variant} | {name} | {} | {algorithm} | {depth}{mark} | {secs:.3} | {} |",
                    optima[i], r.stats.generated
                );
            }
        }
    }
}
