//! `tabula bench`: the bench positions of every game ([`Bench`], in each
//! game's folder) searched to fixed depths with a fresh table, in registry
//! order. The total node count is the signature of the search; the last
//! line is `<nodes> nodes <nps> nps`. `--only <id>` keeps one game's
//! positions, `--only <key>` runs a position outside the signature
//! ([`BenchRun::Solve`]).

use crate::games::{GameId, Registered};
use crate::search::bench::{Bench, BenchRun};
use crate::search::{Evaluate, Limits, SearchConfig, Searcher};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Nodes and time of one bench position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub game: GameId,
    pub name: String,
    pub depth: u32,
    pub nodes: u64,
    pub ms: u64,
    pub score: i32,
    pub exact: bool,
    pub best: String,
}

fn run_one<G: Evaluate + Registered>(
    searcher: &mut Searcher,
    pos: &G,
    name: &str,
    limits: &Limits,
) -> Line {
    searcher.new_game();
    let start = Instant::now();
    let out = searcher.search(pos, limits, &AtomicBool::new(false), &mut |_| {});
    Line {
        game: G::ID,
        name: name.to_string(),
        depth: out.depth,
        nodes: out.stats.nodes,
        ms: start.elapsed().as_millis() as u64,
        score: out.score,
        exact: out.exact,
        best: out.best.map_or("none".into(), |m| m.to_string()),
    }
}

/// The bench positions of one game that `depth` and `only` ask for (see
/// [`run`]), searched.
fn run_game<G: Bench + Registered>(
    searcher: &mut Searcher,
    depth: Option<u32>,
    only: Option<&str>,
    lines: &mut Vec<Line>,
) {
    let signature = only.is_none_or(|o| o == G::NAME);
    for b in G::bench_positions() {
        let (limits, exact_solver) = match b.run {
            BenchRun::Depth(d) if signature => (
                Limits {
                    depth: Some(depth.unwrap_or(d)),
                    ..Limits::default()
                },
                false,
            ),
            BenchRun::Solve { only: key } if only == Some(key) => (Limits::default(), true),
            BenchRun::Depth(_) | BenchRun::Solve { .. } => continue,
        };
        searcher.set_config(SearchConfig {
            exact_solver,
            ..searcher.config()
        });
        lines.push(run_one(searcher, &b.position, &b.name, &limits));
    }
}

/// Runs the bench. `depth` replaces every position's depth (small values
/// make a fast determinism test).
/// `only` keeps the positions of one game id, or runs the position outside
/// the signature whose key it is ([`BenchRun::Solve`]).
pub fn run(depth: Option<u32>, hash_mib: usize, only: Option<&str>) -> Vec<Line> {
    let mut s = Searcher::new(hash_mib);
    let mut lines = Vec::new();
    for game in GameId::ALL {
        crate::with_game_id!(game, G => run_game::<G>(&mut s, depth, only, &mut lines));
    }
    lines
}

/// Prints the bench lines, the subtotals ([`Bench::BENCH_SUBTOTAL`]) and
/// the final signature line.
pub fn print(lines: &[Line]) {
    let (mut nodes, mut ms) = (0u64, 0u64);
    let mut subtotals: Vec<(GameId, u64, u64)> = Vec::new();
    for l in lines {
        println!(
            "{:<12} {:<14} depth {:>2} nodes {:>10} time {:>6} ms score {}{} best {}",
            l.game.as_str(),
            l.name,
            l.depth,
            l.nodes,
            l.ms,
            l.score,
            if l.exact { " exact" } else { "" },
            l.best
        );
        nodes += l.nodes;
        ms += l.ms;
        if crate::with_game_id!(l.game, G => <G as Bench>::BENCH_SUBTOTAL) {
            match subtotals.iter_mut().find(|(g, _, _)| *g == l.game) {
                Some((_, n, t)) => {
                    *n += l.nodes;
                    *t += l.ms;
                }
                None => subtotals.push((l.game, l.nodes, l.ms)),
            }
        }
    }
    let nps = |n: u64, ms: u64| n * 1000 / ms.max(1);
    for (game, n, t) in subtotals {
        if n > 0 {
            println!("{game}: {n} nodes {} nps", nps(n, t));
        }
    }
    println!("{nodes} nodes {} nps", nps(nodes, ms));
}
