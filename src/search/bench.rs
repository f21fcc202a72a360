//! `tabula bench`: fixed positions of every game searched to fixed depths
//! with a fresh table. The total node count is the signature of the search:
//! any change to the search or the evaluation changes it, any change that
//! should not (refactoring, speed-ups) must keep it. The last line is
//! `<nodes> nodes <nps> nps`. The signature measures the alpha-beta search:
//! the exact Dots solver is off for it (`--only dots3x3` measures the solver).

use super::{Limits, SearchConfig, Searcher};
use crate::game::numbered::{BishopPiece, KnightPiece};
use crate::game::{Dots, Evaluate, GameId};
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

fn one<G: Evaluate>(searcher: &mut Searcher, pos: &G, name: &str, depth: u32) -> Line {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    run_one(searcher, pos, name, &limits)
}

fn run_one<G: Evaluate>(searcher: &mut Searcher, pos: &G, name: &str, limits: &Limits) -> Line {
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

/// Runs the bench. `depth` replaces every position's depth (small values
/// make a fast determinism test).
/// `only` keeps the positions of one game id (`dots3x3`: only the exact
/// solution of Dots and Boxes 3 x 3 from the empty board).
pub fn run(depth: Option<u32>, hash_mib: usize, only: Option<&str>) -> Vec<Line> {
    let d = |default: u32| depth.unwrap_or(default);
    let keep = |g: GameId| only.is_none_or(|o| g.as_str() == o);
    let mut s = Searcher::new(hash_mib);
    let mut lines = Vec::new();
    if only == Some("dots3x3") {
        // Untimed, as under `go infinite`: the exact solver proves the value.
        let empty = Dots::empty(3, 3);
        lines.push(run_one(&mut s, &empty, "3x3 empty", &Limits::default()));
        return lines;
    }
    s.set_config(SearchConfig {
        exact_solver: false,
        ..s.config()
    });
    if keep(GameId::Knight) {
        for seed in 1..=4 {
            let pos = crate::random::duel::<KnightPiece>(seed);
            lines.push(one(&mut s, &pos, &format!("random {seed}"), d(16)));
        }
    }
    if keep(GameId::Bishop) {
        for seed in 1..=2 {
            let pos = crate::random::duel::<BishopPiece>(seed);
            lines.push(one(&mut s, &pos, &format!("random {seed}"), d(9)));
        }
    }
    if keep(GameId::KnightSolo) {
        let problem_f = crate::problems::builtin_knight()[5].position;
        lines.push(one(&mut s, &problem_f, "problem F", d(7)));
    }
    if keep(GameId::Dots) {
        let empty = Dots::empty(2, 3);
        lines.push(one(&mut s, &empty, "2x3 empty", d(17)));
        let start = Dots::empty(5, 6);
        lines.push(one(&mut s, &start, "startpos 5x6", d(4)));
        lines.push(one(
            &mut s,
            &crate::random::dots(4, 4, 1),
            "random 4x4 1",
            d(8),
        ));
    }
    lines
}

/// Prints the bench lines, the knight subtotal and the final signature line.
pub fn print(lines: &[Line]) {
    let (mut nodes, mut ms, mut kn, mut kms) = (0u64, 0u64, 0u64, 0u64);
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
        if l.game == GameId::Knight {
            kn += l.nodes;
            kms += l.ms;
        }
    }
    let nps = |n: u64, ms: u64| n * 1000 / ms.max(1);
    if kn > 0 {
        println!("knight: {kn} nodes {} nps", nps(kn, kms));
    }
    println!("{nodes} nodes {} nps", nps(nodes, ms));
}
