//! The Adji-boto puzzle as a research benchmark (not a test): for each
//! course problem, the best solution a beam search finds (an upper bound on
//! the optimum) and the lower bound IDA* proves with the admissible
//! `captures` heuristic in the time given (each completed threshold `t`
//! without a solution proves the optimum exceeds `t`; a solution found by
//! IDA* is optimal).
//!
//! ```text
//! cargo run --release --example adjiboto_puzzles -- [seconds per problem] [beam width] [problems]
//! cargo run --release --example adjiboto_puzzles -- 60 20000 FG
//! ```
//!
//! The table it prints is in `docs/puzzles.md`.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use tabula::game::Game;
use tabula::games::adjiboto::heuristics::captures;
use tabula::games::{AdjibotoSolo, AnyPosition};
use tabula::setup::parse_spec;

/// Beam search: each depth keeps the `width` children with the fewest
/// seeds left (then the smallest `captures` bound), distinct by hash.
/// Returns the moves of the first empty board reached.
fn beam(root: AdjibotoSolo, width: usize, max_depth: usize) -> Option<Vec<String>> {
    let mut layer: Vec<(AdjibotoSolo, Vec<String>)> = vec![(root, Vec::new())];
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for depth in 0..max_depth {
        let mut next: Vec<(u32, AdjibotoSolo, Vec<String>)> = Vec::new();
        for (pos, path) in &layer {
            for mv in pos.legal_moves() {
                let mut child = *pos;
                child.play_unchecked(mv);
                let mut p = path.clone();
                p.push(mv.to_string());
                if child.empty() {
                    return Some(p);
                }
                if seen.get(&child.hash()).is_some_and(|&d| d <= depth) {
                    continue;
                }
                seen.insert(child.hash(), depth);
                let key = child.seeds() * 100 + captures(child.seeds()) as u32;
                next.push((key, child, p));
            }
        }
        if next.is_empty() {
            return None;
        }
        next.sort_by_key(|(k, _, _)| *k);
        next.truncate(width);
        layer = next.into_iter().map(|(_, p, m)| (p, m)).collect();
    }
    None
}

/// IDA* with a table of (position → the largest remaining budget already
/// proven insufficient). Returns the proven lower bound and, if found in
/// time, an optimal solution.
fn ida(root: AdjibotoSolo, deadline: Instant) -> (u32, Option<Vec<String>>) {
    fn search(
        pos: &AdjibotoSolo,
        budget: u32,
        path: &mut Vec<String>,
        failed: &mut HashMap<u64, u32>,
        deadline: Instant,
        nodes: &mut u64,
    ) -> Option<bool> {
        if pos.empty() {
            return Some(true);
        }
        *nodes += 1;
        if (*nodes).is_multiple_of(65_536) && Instant::now() > deadline {
            return None;
        }
        if captures(pos.seeds()) as u32 > budget || budget == 0 {
            return Some(false);
        }
        if failed.get(&pos.hash()).is_some_and(|&b| b >= budget) {
            return Some(false);
        }
        for mv in pos.legal_moves() {
            let mut child = *pos;
            child.play_unchecked(mv);
            path.push(mv.to_string());
            if search(&child, budget - 1, path, failed, deadline, nodes)? {
                return Some(true);
            }
            path.pop();
        }
        failed.insert(pos.hash(), budget);
        Some(false)
    }
    let mut bound = captures(root.seeds()) as u32;
    let mut failed = HashMap::new();
    let mut nodes = 0;
    loop {
        let mut path = Vec::new();
        match search(&root, bound, &mut path, &mut failed, deadline, &mut nodes) {
            Some(true) => return (bound, Some(path)),
            // Proven: no solution of `bound` moves; the parity of the seeds
            // removed fixes the parity of the captures, not of the moves.
            Some(false) => bound += 1,
            None => return (bound, None),
        }
        if failed.len() > 20_000_000 {
            failed.clear();
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(30);
    let width: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let which = args
        .get(2)
        .cloned()
        .unwrap_or_else(|| "ABCDEFG".to_string());
    println!(
        "| problem | seeds | lower bound (IDA*, {seconds} s) | optimal? | beam {width} | time |"
    );
    println!("|---|---|---|---|---|---|");
    for name in which.chars() {
        let AnyPosition::AdjibotoSolo(root) =
            parse_spec(&format!("problem adjiboto-solo {name}"), None).expect("a problem")
        else {
            unreachable!()
        };
        let start = Instant::now();
        let upper = beam(root, width, 200);
        let (lower, solution) = ida(root, start + Duration::from_secs(seconds));
        let upper_len = upper
            .as_ref()
            .map_or("-".to_string(), |m| m.len().to_string());
        println!(
            "| {name} | {} | {} | {} | {} | {:.1} s |",
            root.seeds(),
            lower,
            if solution.is_some() {
                "yes"
            } else {
                "no (bound)"
            },
            upper_len,
            start.elapsed().as_secs_f64()
        );
        if let Some(m) = solution.or(upper) {
            println!("|   | moves: {} | | | | |", m.join(" "));
        }
    }
}
