//! Single-player puzzle solvers (BFS, DFS, A*, IDA*, RBFS, SMA*) with the
//! course's statistics, generic over the puzzle games ([`heuristic::Puzzle`],
//! which each puzzle of the registry implements in its folder).
//!
//! One algorithm per file behind one signature,
//! `fn search<G: Puzzle>(s: &mut Search<G>) -> Found<G::Move>`:
//!
//! | algorithm | file | goal test | duplicates | optimal |
//! |---|---|---|---|---|
//! | `bfs` | [`bfs`] | generation | hash table | yes (ignores heuristics) |
//! | `dfs` | [`dfs`] | generation | hash table | no (ignores heuristics; `depth` limit) |
//! | `astar` (default) | [`astar`] | expansion | hash table, reopening | with an admissible heuristic |
//! | `idastar` | [`idastar`] | expansion | fixed-size table per iteration | with an admissible heuristic |
//! | `rbfs` | [`rbfs`] | expansion | none (no cycles) | with an admissible heuristic |
//! | `smastar` | [`smastar`] | expansion | none (tree in bounded memory) | with an admissible heuristic, if the path fits |
//!
//! Duplicate detection keys on the position hash, which excludes the score:
//! a node is dropped only when a stored node of the same position was reached
//! in no more moves with at least the same score.
//!
//! Limits (`nodes`, `depth`, `memory`, `memnodes`, `movetime`, and the stop
//! flag) end a run with `nosolution reason limit …`; a default memory cap
//! (1024 MiB) and node cap (100 million generated) keep every run bounded.
//! `nosolution reason exhausted` is returned only when nothing was cut.
//!
//! A puzzle of any game (an `AnyPosition`) is solved through the
//! registry's dispatch in [`crate::solve`].
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use tabula::games::KnightSolo;
//! use tabula::puzzle::{run_game, SolveOptions, SolveOutcome};
//!
//! let pos: KnightSolo = tabula::problems::builtin_knight()[0].position;
//! let opts = SolveOptions::parse(&["algorithm", "idastar"]).unwrap();
//! let out = run_game(&pos, &opts, &AtomicBool::new(false), &mut |_| {}).unwrap().outcome;
//! let SolveOutcome::Solution { moves, score, .. } = &out else { panic!() };
//! assert_eq!((moves.len(), *score), (3, 72));
//! assert!(out.to_string().starts_with("solution score 72 depth 3 "));
//! ```

pub mod astar;
pub mod bfs;
pub mod context;
pub mod dfs;
pub mod error;
pub mod heuristic;
pub mod idastar;
pub mod rbfs;
pub mod smastar;
pub mod stats;

pub use context::LimitKind;
pub use error::{OptionError, SolveError, UnknownAlgorithm};

use context::{Found, Limits, Search};
use heuristic::Puzzle;
use stats::{effective_branching_factor, Stats};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Default memory cap of a run (MiB).
pub const DEFAULT_MEMORY_MIB: u64 = 1024;
/// Default node cap of a run (nodes generated).
pub const DEFAULT_NODES: u64 = 100_000_000;

/// The options of `solve` (protocol) and `tabula solve` (command line).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SolveOptions {
    /// The solver; default A*.
    pub algorithm: Option<Algorithm>,
    /// Heuristic name; default: the game's best admissible heuristic.
    pub heuristic: Option<String>,
    /// Score to reach; default: the position's own target.
    pub target: Option<u32>,
    /// Depth limit (DFS's limit; a cap for the others).
    pub depth: Option<u32>,
    /// Node limit (nodes generated); 0 = no limit. Default [`DEFAULT_NODES`].
    pub nodes: Option<u64>,
    /// Time limit in milliseconds.
    pub movetime: Option<u64>,
    /// Memory limit in MiB (SMA*'s bound, a cap for the others). Default
    /// [`DEFAULT_MEMORY_MIB`].
    pub memory_mib: Option<u64>,
    /// SMA*'s bound in nodes (overrides the bound derived from `memory`).
    pub memory_nodes: Option<u64>,
}

/// The solvers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algorithm {
    Bfs,
    Dfs,
    AStar,
    IdaStar,
    Rbfs,
    SmaStar,
}

impl Algorithm {
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::AStar,
        Algorithm::IdaStar,
        Algorithm::Rbfs,
        Algorithm::SmaStar,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::AStar => "astar",
            Algorithm::IdaStar => "idastar",
            Algorithm::Rbfs => "rbfs",
            Algorithm::SmaStar => "smastar",
        }
    }

    /// BFS and DFS ignore heuristics.
    pub fn informed(self) -> bool {
        !matches!(self, Algorithm::Bfs | Algorithm::Dfs)
    }

    /// Where the goal test is done.
    pub fn goal_test(self) -> &'static str {
        if self.informed() {
            "expansion"
        } else {
            "generation"
        }
    }

    fn run<G: Puzzle>(self, s: &mut Search<G>) -> Found<G::Move> {
        match self {
            Algorithm::Bfs => bfs::search(s),
            Algorithm::Dfs => dfs::search(s),
            Algorithm::AStar => astar::search(s),
            Algorithm::IdaStar => idastar::search(s),
            Algorithm::Rbfs => rbfs::search(s),
            Algorithm::SmaStar => smastar::search(s),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        let lower = s.to_ascii_lowercase();
        Ok(match lower.as_str() {
            "bfs" | "breadth" => Algorithm::Bfs,
            "dfs" | "depth" => Algorithm::Dfs,
            "astar" | "a*" => Algorithm::AStar,
            "idastar" | "ida*" => Algorithm::IdaStar,
            "rbfs" => Algorithm::Rbfs,
            "smastar" | "sma*" => Algorithm::SmaStar,
            _ => return Err(UnknownAlgorithm(s.to_string())),
        })
    }
}

impl SolveOptions {
    /// Parses the words after `solve` (`algorithm astar heuristic h target 70 …`):
    /// `algorithm <a>`, `heuristic <h>`, `target <n>`, `depth <d>`,
    /// `nodes <n>`, `movetime <ms>`, `memory <MiB>`, `memnodes <n>`.
    pub fn parse(words: &[&str]) -> Result<SolveOptions, OptionError> {
        let mut opts = SolveOptions::default();
        let mut it = words.iter();
        while let Some(&word) = it.next() {
            let key = word.to_ascii_lowercase();
            let value = it
                .next()
                .copied()
                .ok_or_else(|| OptionError::MissingValue(word.to_string()))?;
            let number = |option: &'static str| -> Result<u64, OptionError> {
                value.parse::<u64>().map_err(|_| OptionError::NotANumber {
                    option,
                    found: value.to_string(),
                })
            };
            match key.as_str() {
                "algorithm" => {
                    opts.algorithm = Some(value.parse().map_err(OptionError::UnknownAlgorithm)?);
                }
                "heuristic" => opts.heuristic = Some(value.to_ascii_lowercase()),
                "target" => opts.target = Some(number("target")?.min(u32::MAX as u64) as u32),
                "depth" => opts.depth = Some(number("depth")?.min(u32::MAX as u64) as u32),
                "nodes" => opts.nodes = Some(number("nodes")?),
                "movetime" => opts.movetime = Some(number("movetime")?),
                "memory" => opts.memory_mib = Some(number("memory")?),
                "memnodes" => opts.memory_nodes = Some(number("memnodes")?),
                _ => return Err(OptionError::UnknownOption(word.to_string())),
            }
        }
        Ok(opts)
    }

    /// The algorithm (default A*).
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm.unwrap_or(Algorithm::AStar)
    }

    fn limits(&self) -> Limits {
        Limits {
            nodes: match self.nodes {
                Some(0) => None,
                Some(n) => Some(n),
                None => Some(DEFAULT_NODES),
            },
            depth: self.depth,
            memory: self
                .memory_mib
                .unwrap_or(DEFAULT_MEMORY_MIB)
                .saturating_mul(1 << 20),
            time: self.movetime.map(Duration::from_millis),
            stored_nodes: self.memory_nodes,
        }
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
        reason: NoSolutionReason,
        generated: u64,
        expanded: u64,
        time_ms: u64,
        best: Option<u32>,
    },
}

impl fmt::Display for SolveOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveOutcome::Solution {
                score,
                moves,
                generated,
                expanded,
                time_ms,
            } => {
                let depth = moves.len() as u32;
                let p = if *generated == 0 {
                    0.0
                } else {
                    depth as f64 / *generated as f64
                };
                let b = effective_branching_factor(depth, *generated);
                write!(
                    f,
                    "solution score {score} depth {depth} generated {generated} expanded {expanded} \
                     penetrance {p:.6} ebf {b:.4} time {time_ms} moves"
                )?;
                for m in moves {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            SolveOutcome::NoSolution {
                reason,
                generated,
                expanded,
                time_ms,
                best,
            } => {
                write!(
                    f,
                    "nosolution reason {reason} generated {generated} expanded {expanded} time {time_ms}"
                )?;
                if let Some(b) = best {
                    write!(f, " best {b}")?;
                }
                Ok(())
            }
        }
    }
}

/// Why a run found no solution: the word after `nosolution reason`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoSolutionReason {
    /// `exhausted`: the whole space was searched, the target cannot be
    /// reached (a proof).
    Exhausted,
    /// `limit`: a limit (or `stop`) ended the run first.
    Limit,
}

impl NoSolutionReason {
    /// The protocol's word.
    pub fn as_str(self) -> &'static str {
        match self {
            NoSolutionReason::Exhausted => "exhausted",
            NoSolutionReason::Limit => "limit",
        }
    }
}

impl fmt::Display for NoSolutionReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finished run with everything the report needs.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub outcome: SolveOutcome,
    pub algorithm: Algorithm,
    /// The heuristic used (`None` for BFS/DFS, which ignore heuristics).
    pub heuristic: Option<heuristic::HeuristicInfo>,
    pub target: u32,
    /// The goal node's depth, when solved.
    pub depth: Option<u32>,
    /// The limit that stopped the run, if one did (`depth`, `nodes`, …).
    pub limit: Option<LimitKind>,
    pub stats: Stats,
}

/// The names of a game's heuristics, for error messages.
fn heuristic_names<G: Puzzle>() -> String {
    G::HEURISTICS
        .iter()
        .map(|h| h.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The generic run on one game: the heuristic and the target the options
/// ask for, announced on `info`; the algorithm's run; its outcome and
/// statistics, reported on `info` too.
pub fn run_game<G: Puzzle>(
    pos: &G,
    opts: &SolveOptions,
    stop: &AtomicBool,
    info: &mut dyn FnMut(&str),
) -> Result<Run, SolveError> {
    let algorithm = opts.algorithm();
    let index = heuristic_index(pos, opts)?;
    let (pos, target) = match opts.target {
        Some(t) => pos.aim(t),
        None => (*pos, pos.own_target().ok_or(SolveError::NoTarget(G::NAME))?),
    };
    let heuristic = algorithm.informed().then(|| G::HEURISTICS[index]);
    info(&format!(
        "string solve algorithm {algorithm} {} goaltest {} target {target}",
        heuristic_text(heuristic),
        algorithm.goal_test()
    ));
    let mut search = Search::new(
        pos,
        target,
        algorithm.informed().then_some(index),
        opts.limits(),
        stop,
        info,
    );
    let found = algorithm.run(&mut search);
    search.finish();
    let (outcome, depth) = outcome_of(&pos, found, &mut search);
    let stats = search.stats;
    search.info(&format!(
        "string stats depth {} generated {} expanded {} penetrance {:.6} \
         ebf {:.4} time {} peakfrontier {} peakmemory {} goaltest {}",
        depth.map_or("-".to_string(), |d| d.to_string()),
        stats.generated,
        stats.expanded,
        stats.penetrance(depth.unwrap_or(0)),
        stats.ebf(depth.unwrap_or(0)),
        stats.time_ms(),
        stats.peak_frontier,
        stats.peak_memory,
        algorithm.goal_test()
    ));
    Ok(Run {
        outcome,
        algorithm,
        heuristic,
        target,
        depth,
        limit: search.limit,
        stats,
    })
}

/// The index of the heuristic the options name (the game's first, its
/// best admissible one, by default).
fn heuristic_index<G: Puzzle>(pos: &G, opts: &SolveOptions) -> Result<usize, SolveError> {
    match &opts.heuristic {
        None => Ok(0),
        Some(name) => pos
            .heuristic_index(name)
            .ok_or_else(|| SolveError::UnknownHeuristic {
                name: name.clone(),
                game: G::NAME,
                expected: heuristic_names::<G>(),
            }),
    }
}

/// The heuristic's part of the `string solve` line.
fn heuristic_text(heuristic: Option<heuristic::HeuristicInfo>) -> String {
    match heuristic {
        Some(h) => format!(
            "heuristic {} admissible {}",
            h.name,
            if h.admissible { "yes" } else { "no" }
        ),
        None => "heuristic none (ignored by this algorithm)".to_string(),
    }
}

/// What the algorithm found from `pos`, as the outcome to report (the
/// limit that ended a run without a solution said on `info`), and the
/// goal's depth when solved.
fn outcome_of<G: Puzzle>(
    pos: &G,
    found: Found<G::Move>,
    search: &mut Search<G>,
) -> (SolveOutcome, Option<u32>) {
    let stats = &search.stats;
    let (generated, expanded, time_ms) = (stats.generated, stats.expanded, stats.time_ms());
    let reason = match found {
        Found::Path(moves) => {
            let mut end = *pos;
            for &m in &moves {
                end.play_unchecked(m);
            }
            let solution = SolveOutcome::Solution {
                score: end.score(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
                generated,
                expanded,
                time_ms,
            };
            return (solution, Some(moves.len() as u32));
        }
        Found::Exhausted => NoSolutionReason::Exhausted,
        Found::Limit => NoSolutionReason::Limit,
    };
    if let Some(l) = search.limit {
        search.info(&format!("string limit {l}"));
    }
    let no_solution = SolveOutcome::NoSolution {
        reason,
        generated,
        expanded,
        time_ms,
        best: Some(search.best_score),
    };
    (no_solution, None)
}
