//! Every board reachable from problem F of peg solitaire (the full English
//! board, centre empty), by peg count, up to the 8 symmetries and counted
//! whole, and how many can still be reduced to one peg (anywhere, and on
//! the centre d4). A benchmark, not a test: it prints the table of
//! `docs/puzzles.md`, the wall time and the peak memory.
//!
//! ```text
//! cargo run --release --example solitario_enumerate -- [threads]
//! ```

use std::time::Instant;
use tabula::games::solitario::enumerate::enumerate;
use tabula::games::SolitarioSolo;

/// The peak resident memory (`VmHWM` of `/proc/self/status`), if known.
fn peak_memory_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

fn main() {
    let threads: usize = std::env::args()
        .nth(1)
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let start = Instant::now();
    let levels = enumerate(SolitarioSolo::start().pegs()[0], threads);
    let secs = start.elapsed().as_secs_f64();
    println!("| pegs | positions | up to symmetry | to one peg (anywhere) | up to symmetry | to one peg on d4 | up to symmetry |");
    println!("|---:|---:|---:|---:|---:|---:|---:|");
    let mut total = (0, 0, 0, 0, 0, 0);
    for l in &levels {
        println!(
            "| {} | {} | {} | {} | {} | {} | {} |",
            l.pegs, l.positions, l.classes, l.to_one.1, l.to_one.0, l.to_centre.1, l.to_centre.0
        );
        total.0 += l.positions;
        total.1 += l.classes;
        total.2 += l.to_one.1;
        total.3 += l.to_one.0;
        total.4 += l.to_centre.1;
        total.5 += l.to_centre.0;
    }
    println!(
        "| all | {} | {} | {} | {} | {} | {} |",
        total.0, total.1, total.2, total.3, total.4, total.5
    );
    println!(
        "{threads} threads: {secs:.2} s, peak memory {} MiB",
        peak_memory_mib().map_or("?".to_string(), |m| m.to_string())
    );
}
