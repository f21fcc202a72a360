//! Single-player puzzle solvers (BFS, DFS, A*, IDA*, RBFS, SMA*) with the
//! course's statistics.
//!
//! INTERFACE STUB: `SolveOptions`, `SolveOutcome` and `solve` are the contract
//! between the protocol/command line and the solvers. The body of `solve` is a
//! placeholder; the real solvers replace it without changing the signatures.

use crate::game::AnyPosition;
use std::fmt;
use std::sync::atomic::AtomicBool;

/// The options of `solve` (protocol) and `tabula solve` (command line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// `bfs`, `dfs`, `astar` (default), `idastar`, `rbfs`, `smastar`.
    pub algorithm: Option<String>,
    /// Heuristic name; default: the game's best admissible heuristic.
    pub heuristic: Option<String>,
    /// Score to reach; default: the position's own target.
    pub target: Option<u32>,
    /// Depth limit (DFS's limit; a cap for the others).
    pub depth: Option<u32>,
    /// Node limit (nodes generated).
    pub nodes: Option<u64>,
    /// Time limit in milliseconds.
    pub movetime: Option<u64>,
    /// Memory limit in MiB (SMA*'s bound, a cap for the others).
    pub memory_mib: Option<u64>,
}

impl SolveOptions {
    /// Parses the words after `solve` (`algorithm astar heuristic h target 70 …`).
    pub fn parse(words: &[&str]) -> Result<SolveOptions, String> {
        if let Some(w) = words.first() {
            return Err(format!("solve: option '{w}' not supported yet"));
        }
        Ok(SolveOptions::default())
    }
}

/// The end of a `solve`: printed as the protocol's final line.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveOutcome {
    /// `solution score … moves …`
    Solution {
        score: u32,
        moves: Vec<String>,
        generated: u64,
        expanded: u64,
        time_ms: u64,
    },
    /// `nosolution reason … `
    NoSolution {
        /// `exhausted` or `limit`.
        reason: String,
        generated: u64,
        expanded: u64,
        time_ms: u64,
        best: Option<u32>,
    },
}

impl fmt::Display for SolveOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveOutcome::Solution { .. } => f.write_str("solution (stub)"),
            SolveOutcome::NoSolution {
                reason,
                generated,
                expanded,
                time_ms,
                ..
            } => write!(
                f,
                "nosolution reason {reason} generated {generated} expanded {expanded} time {time_ms}"
            ),
        }
    }
}

/// Solves a puzzle position; `info` receives progress lines (without the
/// `info ` prefix). Errors: not a puzzle, no target, unknown algorithm or
/// heuristic.
pub fn solve(
    pos: &AnyPosition,
    opts: &SolveOptions,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&str),
) -> Result<SolveOutcome, String> {
    let _ = (opts, stop, info);
    if !pos.game().is_puzzle() {
        return Err(format!("solve: {} is not a puzzle", pos.game()));
    }
    Ok(SolveOutcome::NoSolution {
        reason: "limit".into(),
        generated: 0,
        expanded: 0,
        time_ms: 0,
        best: None,
    })
}
