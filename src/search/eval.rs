//! Static evaluation and the game knowledge the search uses.
//!
//! Values are **relative to the node**: an estimate of the points the side to
//! move will still win minus the points its opponent will still win (points
//! already scored are not part of it; the search adds them at the root).
//!
//! The search is generic over [`Evaluate`], the trait the search defines
//! here and each game implements in its own folder (`game/<game>/eval.rs`);
//! the functions below are the search's entry points into it, monomorphised
//! per game (no dynamic dispatch, no type tests).
//!
//! Terms, each switchable through [`EvalConfig`] so that self-play can
//! measure it. Measured with `tabula selfplay --movetime 20 --seed 1000
//! --games 40` (knight, 20 boards, colours swapped; "boards" counts the
//! boards on which A scored more than B over both colours, since most random
//! boards are won by the same colour whoever plays it):
//!
//! | A (vs baseline) | boards W/D/L | points A–B |
//! |---|---|---|
//! | score difference only (`tabula:material`) | 11/0/9 | 47673–47341 |
//! | reach + mobility (6) + parity | 18/0/2 | 49180–45035 |
//! | … without reach | 10/1/9 | 47239–47160 |
//! | … without mobility | 13/1/6 | 49748–45871 |
//! | … without parity | 19/0/1 | 51194–44575 |
//! | reach + mobility (12), the default | 18/0/2 | 52117–44869 |
//! | … plus territory | 15/0/5 | 48184–45431 (with parity, mobility 6) |
//!
//! - **knight / bishop, reach** (on): the best number the side to move can
//!   take next, minus half the best one the opponent could take (a one-ply
//!   greedy look past the horizon; subtracting the whole of it measured worse,
//!   16/1/3).
//! - **knight / bishop, mobility** (on): legal destinations of the side to
//!   move minus the opponent's (attack rule applied): a knight with few exits
//!   gets stuck and passes while the other collects.
//! - **knight, parity** (off: measured as a loss): knights always change
//!   square colour, so the attack rule only ever restricts the side whose
//!   knight stands on the same colour as the opponent's; that side is the one
//!   to move for the rest of the game (until a pass). A small penalty for
//!   being the restricted side.
//! - **territory** (off: measured as a loss): a Voronoi split of the numbers
//!   by knight distance.
//! - **dots, chains** (off: measured as a loss, 7/0/13 games on 5 × 6 against
//!   the same engine without it, 10/0/10 on 3 × 3): boxes capturable at once
//!   count for the side to move; when no safe arc is left the side to move
//!   must open a chain, estimated as a loss of a third of the open boxes.
//!   Dots and Boxes relies on search and the capture quiescence instead
//!   (100 % against the baseline on 4 × 4 without the term).

use super::exact::Exact;
use crate::game::Game;

/// The game knowledge of the alpha-beta search: static evaluation, move
/// ordering, the quiescence moves, the time budget and an optional exact
/// endgame solver.
///
/// Values are relative to the node (see the module documentation).
pub trait Evaluate: Game {
    /// True for a game with moves that score and keep the turn (Dots and
    /// Boxes captures): the search then follows them in a quiescence search.
    const HAS_NOISY: bool;

    /// The static value of the position with the terms of `cfg` (never
    /// called with [`EvalConfig::material_only`]: that is `0` for every game).
    fn evaluate(&self, cfg: &EvalConfig) -> i32;

    /// Move ordering: a larger value is tried earlier.
    fn order_hint(&self, mv: Self::Move) -> i32;

    /// A small index for per-move tables (history), below [`MOVE_KEYS`].
    fn move_key(mv: Self::Move) -> usize;

    /// Is `mv` noisy (scores and keeps the turn)? Always false when
    /// [`Evaluate::HAS_NOISY`] is.
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// A noisy move to follow in the quiescence search, if any.
    fn capture(&self) -> Option<Self::Move>;

    /// A guess of how many more moves the side to move will make (time
    /// budget).
    fn moves_left(&self) -> u64;

    /// The game's exact endgame solver for this position, if it has one
    /// that applies ([`super::exact`]; Dots and Boxes on small boards).
    /// Called once per search, not per node. The default: none.
    fn exact(&self) -> Option<Exact<Self>> {
        None
    }
}

/// Which evaluation terms are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalConfig {
    /// Score difference only (the course's evaluation): every term off.
    pub material_only: bool,
    pub reach: bool,
    pub mobility: bool,
    pub parity: bool,
    pub chains: bool,
    /// Territory: numbers the side reaches first (knight/bishop).
    pub territory: bool,
}

impl Default for EvalConfig {
    fn default() -> EvalConfig {
        EvalConfig {
            material_only: false,
            reach: true,
            mobility: true,
            // Measured as a loss (see the module documentation): off.
            parity: false,
            chains: false,
            territory: false,
        }
    }
}

impl EvalConfig {
    /// The course's evaluation: score difference only.
    pub const MATERIAL: EvalConfig = EvalConfig {
        material_only: true,
        reach: false,
        mobility: false,
        parity: false,
        chains: false,
        territory: false,
    };

    /// Parses `full`, `material`, or `no-<term>` (for self-play).
    pub fn parse(text: &str) -> Option<EvalConfig> {
        let mut cfg = EvalConfig::default();
        match text {
            "full" => {}
            "material" => cfg = EvalConfig::MATERIAL,
            "no-reach" => cfg.reach = false,
            "no-mobility" => cfg.mobility = false,
            "no-parity" => cfg.parity = false,
            "no-chains" => cfg.chains = false,
            "no-territory" => cfg.territory = false,
            "parity" => cfg.parity = true,
            "chains" => cfg.chains = true,
            "territory" => cfg.territory = true,
            _ => return None,
        }
        Some(cfg)
    }
}

/// The static value of `pos` (relative, see the module documentation).
#[inline]
pub fn evaluate<G: Evaluate>(pos: &G, cfg: &EvalConfig) -> i32 {
    if cfg.material_only {
        return 0;
    }
    pos.evaluate(cfg)
}

/// A noisy move to follow in the quiescence search (Dots and Boxes: an arc
/// that closes a box), if any.
#[inline]
pub fn capture<G: Evaluate>(pos: &G) -> Option<G::Move> {
    pos.capture()
}

/// True for the games with a quiescence search: moves that keep the turn and
/// score at once (Dots and Boxes captures).
#[inline]
pub fn has_noisy<G: Evaluate>() -> bool {
    G::HAS_NOISY
}

/// Is `mv` a capture (a move that scores and keeps the turn)?
#[inline]
pub fn is_noisy<G: Evaluate>(pos: &G, mv: G::Move) -> bool {
    pos.is_noisy(mv)
}

/// Game knowledge for move ordering: a larger value is tried earlier.
#[inline]
pub fn order_hint<G: Evaluate>(pos: &G, mv: G::Move) -> i32 {
    pos.order_hint(mv)
}

/// A small index for per-move tables (history): jump moves 0..=255, arcs
/// 256..512.
#[inline]
pub fn move_key<G: Evaluate>(mv: G::Move) -> usize {
    G::move_key(mv)
}

/// Size of the tables indexed by [`move_key`].
pub const MOVE_KEYS: usize = 512;

/// A guess of how many more moves the side to move will make (time budget).
pub fn moves_left<G: Evaluate>(pos: &G) -> u64 {
    pos.moves_left()
}
