//! 3-D noughts and crosses solved from the empty board (a benchmark, not a
//! test): the engine's alpha-beta (`go depth d`) from the start, depth by
//! depth, until the score is a win, and the same for each other first move
//! of X (a refutation: O wins).
//!
//! Why a fixed-depth score proves it: a non-final position is evaluated
//! below [`WIN_POINTS`] (at most `NEAR_WIN` = 90), so a depth-`d` search
//! scores `WIN_POINTS` only when every line of play it keeps ends in a
//! completed line within `d` plies — a forced win in at most `d` plies; and
//! a score below `WIN_POINTS` at depth `d − 1` shows that no forced win
//! that short exists. The transposition table's reuse of deeper entries
//! keeps this (their leaves are bounded the same way).
//!
//! ```text
//! cargo run --release --example galo3d_proof
//! ```
//!
//! The figures it prints are in `docs/puzzles.md` and the README.

use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tabula::game::Game;
use tabula::games::galo3d::WIN_POINTS;
use tabula::games::Galo3d;
use tabula::search::{Limits, Searcher};

/// The shortest depth whose score is ±WIN_POINTS, its score and PV, and the
/// time of the whole deepening (ms).
fn prove(pos: &Galo3d, max_depth: u32) -> (u32, i32, Vec<String>, f64) {
    let mut searcher = Searcher::new(64);
    let start = Instant::now();
    for depth in 1..=max_depth {
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let out = searcher.search(pos, &limits, &AtomicBool::new(false), &mut |_| {});
        if out.score.unsigned_abs() == WIN_POINTS {
            let pv = out.pv.iter().map(|m| m.to_string()).collect();
            return (depth, out.score, pv, start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    (0, 0, Vec::new(), start.elapsed().as_secs_f64() * 1000.0)
}

fn main() {
    let start = Galo3d::empty();
    let (depth, score, pv, ms) = prove(&start, 11);
    println!(
        "empty board: X {} in {depth} plies (score {score}), {ms:.1} ms; pv {}",
        if score > 0 { "wins" } else { "loses" },
        pv.join(" ")
    );
    let mut total = 0.0;
    for mv in start.legal_moves() {
        if mv.to_string() == "b22" {
            continue;
        }
        let mut pos = start;
        pos.play_unchecked(mv);
        let (depth, score, _, ms) = prove(&pos, 11);
        total += ms;
        println!(
            "X {mv}: O {} in {depth} more plies (score {score}), {ms:.1} ms",
            if score > 0 { "wins" } else { "loses" },
        );
    }
    println!("the 26 other first moves refuted in {total:.0} ms");
}
