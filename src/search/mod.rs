//! Two-player search: iterative-deepening negamax alpha-beta with a
//! transposition table (see the submodules).
//!
//! INTERFACE STUB: the types and `Searcher` signatures below are the contract
//! between the engine facade (`engine.rs`) and the search. The body of
//! `Searcher::search` is a placeholder that plays the first legal move; the
//! real search replaces it without changing the signatures.

use crate::game::Game;
use std::sync::atomic::AtomicBool;

/// What ends a search (any that is set; none set and `infinite` false means
/// "search until told to stop", like `go infinite`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after completing this depth.
    pub depth: Option<u32>,
    /// Stop after about this many nodes (deterministic: same count twice).
    pub nodes: Option<u64>,
    /// Return a move within this many milliseconds.
    pub movetime: Option<u64>,
    /// Clock mode: remaining time and increment of each player.
    pub clock: Option<Clock>,
    /// Search until `stop` (ignores nothing else: depth/nodes still apply if set).
    pub infinite: bool,
}

/// A game clock: milliseconds left and increment per move, player 1 then 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: [u64; 2],
    pub inc_ms: [u64; 2],
}

/// One completed iteration, reported as an `info` line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    pub seldepth: u32,
    /// Expected final score difference, side to move minus opponent, in game
    /// points, points already scored included.
    pub score: i32,
    /// True when `score` is proven (the game was searched to its end).
    pub exact: bool,
    pub nodes: u64,
    pub time_ms: u64,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Principal variation in the game's notation.
    pub pv: Vec<String>,
}

/// The statistics the course asks for, once per search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    /// Cut-offs at nodes where the side to move was the searching side (alpha).
    pub alpha_cuts: u64,
    /// Cut-offs at opponent nodes (beta).
    pub beta_cuts: u64,
    pub tt_hits: u64,
    pub time_ms: u64,
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<M> {
    /// The move to play (`None` only when the game is over).
    pub best: Option<M>,
    pub score: i32,
    pub depth: u32,
    pub pv: Vec<M>,
    pub stats: Stats,
}

/// The search: owns the transposition table (allocated once, sized in MiB).
pub struct Searcher {
    hash_mib: usize,
}

impl Searcher {
    /// A searcher whose transposition table takes `hash_mib` MiB.
    pub fn new(hash_mib: usize) -> Searcher {
        Searcher { hash_mib }
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash(&mut self, hash_mib: usize) {
        self.hash_mib = hash_mib;
    }

    /// Forgets everything learnt (transposition table, history): `uginewgame`.
    pub fn new_game(&mut self) {}

    /// Searches `pos` within `limits`, or until `stop` becomes true; calls
    /// `on_iteration` after each completed depth. Returns the best move of the
    /// last completed iteration (a legal move whenever one exists).
    pub fn search<G: Game>(
        &mut self,
        pos: &G,
        limits: &Limits,
        stop: &AtomicBool,
        on_iteration: &mut dyn FnMut(&Iteration),
    ) -> Outcome<G::Move> {
        let _ = (limits, stop, self.hash_mib);
        let best = pos.legal_moves().first().copied();
        let [a, b] = pos.scores();
        let me = pos.side_to_move().index();
        let score = if me == 0 {
            a as i32 - b as i32
        } else {
            b as i32 - a as i32
        };
        on_iteration(&Iteration {
            depth: 1,
            seldepth: 1,
            score,
            pv: best.iter().map(|m| m.to_string()).collect(),
            ..Iteration::default()
        });
        Outcome {
            best,
            score,
            depth: 1,
            pv: best.into_iter().collect(),
            stats: Stats::default(),
        }
    }
}
