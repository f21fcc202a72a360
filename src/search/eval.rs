//! Static evaluation and the game knowledge the search uses.
//!
//! Values are **relative to the node**: an estimate of the points the side to
//! move will still win minus the points its opponent will still win (points
//! already scored are not part of it; the search adds them at the root).
//!
//! The search is generic over [`Game`]; the game-specific code is reached by
//! a type test on the concrete state (`Any::downcast_ref`), which the compiler
//! resolves per monomorphised game, so it costs nothing at run time.
//!
//! Terms, each switchable through [`EvalConfig`] so that self-play can
//! measure it (results in the commit messages and the report):
//!
//! - **knight / bishop, reach**: the best number the side to move can take
//!   next, minus half the best one the opponent could take (a one-ply greedy
//!   look past the horizon).
//! - **knight / bishop, mobility**: legal destinations of the side to move
//!   minus the opponent's (attack rule applied): a knight with few exits gets
//!   stuck and passes while the other collects.
//! - **knight, parity**: knights always change square colour, so the attack
//!   rule only ever restricts the side whose knight stands on the same colour
//!   as the opponent's; that side is the one to move for the rest of the game
//!   (until a pass). A small penalty for being the restricted side.
//! - **dots, chains**: boxes capturable at once (three sides) count for the
//!   side to move; when no safe arc is left (every arc gives a box a third
//!   side), the side to move must open a chain and the opponent, taking it,
//!   keeps control: an estimated loss of the remaining boxes' majority.

use crate::game::dots::DotsBoard;
use crate::game::jump::{Jump, Piece};
use crate::game::{
    Arc, Bishop, BishopSolo, Dots, DotsSolo, Game, JumpMove, Knight, KnightSolo, Player,
};
use std::any::Any;

/// Which evaluation terms are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EvalConfig {
    /// Score difference only (the course's evaluation): every term off.
    pub material_only: bool,
    pub reach: bool,
    pub mobility: bool,
    pub parity: bool,
    pub chains: bool,
}

impl Default for EvalConfig {
    fn default() -> EvalConfig {
        EvalConfig {
            material_only: false,
            reach: true,
            mobility: true,
            parity: true,
            chains: true,
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
            _ => return None,
        }
        Some(cfg)
    }
}

/// The concrete state behind a generic one, if it is a `T`.
#[inline(always)]
pub(crate) fn view<G: 'static, T: 'static>(pos: &G) -> Option<&T> {
    (pos as &dyn Any).downcast_ref::<T>()
}

/// The static value of `pos` (relative, see the module documentation).
#[inline]
pub fn evaluate<G: Game>(pos: &G, cfg: &EvalConfig) -> i32 {
    if cfg.material_only {
        return 0;
    }
    if let Some(p) = view::<G, Knight>(pos) {
        jump(p, cfg, true)
    } else if let Some(p) = view::<G, Bishop>(pos) {
        jump(p, cfg, false)
    } else if let Some(p) = view::<G, KnightSolo>(pos) {
        jump(p, cfg, false)
    } else if let Some(p) = view::<G, BishopSolo>(pos) {
        jump(p, cfg, false)
    } else if let Some(p) = view::<G, Dots>(pos) {
        dots(p, cfg)
    } else if let Some(p) = view::<G, DotsSolo>(pos) {
        dots(p, cfg)
    } else {
        0
    }
}

/// Value of the best number on the squares of `bits`, and how many there are.
#[inline]
fn best_and_count<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, bits: u128) -> (i32, i32) {
    let mut best = 0;
    let mut b = bits;
    while b != 0 {
        let sq = b.trailing_zeros() as u8;
        b &= b - 1;
        best = best.max(pos.number(sq).unwrap_or(0) as i32);
    }
    (best, bits.count_ones() as i32)
}

/// Squares `player` may jump to (attack rule applied), from the public view.
#[inline]
fn reach<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, player: Player) -> u128 {
    let Some(me) = pos.piece(player) else {
        return 0;
    };
    let forbidden = match pos.piece(player.other()) {
        Some(them) if !SOLO => P::attacks(them) | 1u128 << them,
        _ => 0,
    };
    P::attacks(me) & pos.occupancy() & !forbidden
}

const MOBILITY: i32 = 6;
const PARITY: i32 = 8;

fn jump<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>, cfg: &EvalConfig, knight: bool) -> i32 {
    let me = pos.side_to_move();
    let (my_best, my_n) = best_and_count(pos, reach(pos, me));
    if SOLO {
        return if cfg.reach { my_best } else { 0 };
    }
    let (their_best, their_n) = best_and_count(pos, reach(pos, me.other()));
    let mut v = 0;
    if cfg.reach {
        v += my_best - their_best / 2;
    }
    if cfg.mobility {
        v += MOBILITY * (my_n - their_n);
    }
    if cfg.parity && knight {
        if let (Some(a), Some(b)) = (pos.piece(me), pos.piece(me.other())) {
            let colour = |sq: u8| (sq / 10 + sq % 10) & 1;
            if colour(a) == colour(b) {
                v -= PARITY;
            }
        }
    }
    v
}

/// Chains term: boxes capturable now, or the cost of having to open a chain.
fn dots<const SOLO: bool>(pos: &DotsBoard<SOLO>, cfg: &EvalConfig) -> i32 {
    if !cfg.chains {
        return 0;
    }
    let (rows, cols) = (pos.rows(), pos.cols());
    let mut sides = [0u8; 100];
    let mut three = 0;
    let mut open = 0;
    for i in 0..rows {
        for j in 0..cols {
            let n = pos.sides(i, j) as u8;
            sides[i * cols + j] = n;
            match n {
                3 => three += 1,
                4 => {}
                _ => open += 1,
            }
        }
    }
    if SOLO {
        return three + open;
    }
    if three == 0 && open > 0 && !has_safe_arc(pos, &sides) {
        // The side to move opens a chain; the opponent takes it and keeps
        // control of the rest: roughly two thirds of what is left.
        return -(open + 2) / 3;
    }
    three
}

/// Is there an undrawn arc that gives no box a third side? `sides` holds the
/// drawn sides of each box, row-major.
fn has_safe_arc<const SOLO: bool>(pos: &DotsBoard<SOLO>, sides: &[u8; 100]) -> bool {
    let (rows, cols) = (pos.rows(), pos.cols());
    let low = |i: usize, j: usize| sides[i * cols + j] < 2;
    let (mut h, mut v) = pos.free();
    while h != 0 {
        let bit = h.trailing_zeros() as usize;
        h &= h - 1;
        let (r, c) = (bit / cols, bit % cols);
        if (r == 0 || low(r - 1, c)) && (r == rows || low(r, c)) {
            return true;
        }
    }
    while v != 0 {
        let bit = v.trailing_zeros() as usize;
        v &= v - 1;
        let (c, r) = (bit / rows, bit % rows);
        if (c == 0 || low(r, c - 1)) && (c == cols || low(r, c)) {
            return true;
        }
    }
    false
}

/// An arc that closes a box, if any (Dots and Boxes only).
#[inline]
pub fn capture<G: Game>(pos: &G) -> Option<G::Move> {
    let arc = if let Some(p) = view::<G, Dots>(pos) {
        closing_arc(p)
    } else if let Some(p) = view::<G, DotsSolo>(pos) {
        closing_arc(p)
    } else {
        None
    }?;
    view::<Arc, G::Move>(&arc).copied()
}

fn closing_arc<const SOLO: bool>(pos: &DotsBoard<SOLO>) -> Option<Arc> {
    for i in 0..pos.rows() {
        for j in 0..pos.cols() {
            if pos.sides(i, j) == 3 {
                let (r, c) = (i as u8, j as u8);
                return [
                    Arc::h(r, c),
                    Arc::h(r + 1, c),
                    Arc::v(r, c),
                    Arc::v(r, c + 1),
                ]
                .into_iter()
                .find(|&a| !pos.is_drawn(a));
            }
        }
    }
    None
}

/// What drawing an arc does in Dots and Boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ArcClass {
    /// Gives a box its third side (the opponent may take it).
    Gives,
    /// Neither closes nor gives a box.
    Safe,
    /// Closes a box (the mover scores and moves again).
    Closes,
}

/// Classifies an arc of `pos`.
#[inline]
pub fn arc_class<const SOLO: bool>(pos: &DotsBoard<SOLO>, arc: Arc) -> ArcClass {
    let mut gives = false;
    for (i, j) in pos.boxes_of(arc).into_iter().flatten() {
        match pos.sides(i, j) {
            3 => return ArcClass::Closes,
            2 => gives = true,
            _ => {}
        }
    }
    if gives {
        ArcClass::Gives
    } else {
        ArcClass::Safe
    }
}

/// True for the games with a quiescence search: moves that keep the turn and
/// score at once (Dots and Boxes captures).
#[inline]
pub fn has_noisy<G: Game>() -> bool {
    matches!(
        G::ID,
        crate::game::GameId::Dots | crate::game::GameId::DotsSolo
    )
}

/// Is `mv` a capture (a move that scores and keeps the turn)?
#[inline]
pub fn is_noisy<G: Game>(pos: &G, mv: G::Move) -> bool {
    if let (Some(p), Some(&arc)) = (view::<G, Dots>(pos), view::<G::Move, Arc>(&mv)) {
        arc_class(p, arc) == ArcClass::Closes
    } else if let (Some(p), Some(&arc)) = (view::<G, DotsSolo>(pos), view::<G::Move, Arc>(&mv)) {
        arc_class(p, arc) == ArcClass::Closes
    } else {
        false
    }
}

/// Game knowledge for move ordering: a larger value is tried earlier.
#[inline]
pub fn order_hint<G: Game>(pos: &G, mv: G::Move) -> i32 {
    if let Some(&JumpMove(sq)) = view::<G::Move, JumpMove>(&mv) {
        if JumpMove(sq).is_pass() {
            return 0;
        }
        let number = |n: Option<u8>| n.unwrap_or(0) as i32;
        return if let Some(p) = view::<G, Knight>(pos) {
            number(p.number(sq))
        } else if let Some(p) = view::<G, Bishop>(pos) {
            number(p.number(sq))
        } else if let Some(p) = view::<G, KnightSolo>(pos) {
            number(p.number(sq))
        } else if let Some(p) = view::<G, BishopSolo>(pos) {
            number(p.number(sq))
        } else {
            0
        };
    }
    if let Some(&arc) = view::<G::Move, Arc>(&mv) {
        let class = if let Some(p) = view::<G, Dots>(pos) {
            arc_class(p, arc)
        } else if let Some(p) = view::<G, DotsSolo>(pos) {
            arc_class(p, arc)
        } else {
            ArcClass::Safe
        };
        return class as i32 * 100;
    }
    0
}

/// A small index for per-move tables (history): jump moves 0..=255, arcs
/// 256..512.
#[inline]
pub fn move_key<M: 'static>(mv: &M) -> usize {
    if let Some(m) = view::<M, JumpMove>(mv) {
        m.0 as usize
    } else if let Some(a) = view::<M, Arc>(mv) {
        256 + a.vertical as usize * 121 + a.r as usize * 11 + a.c as usize
    } else {
        0
    }
}

/// Size of the tables indexed by [`move_key`].
pub const MOVE_KEYS: usize = 512;

/// A guess of how many more moves the side to move will make (time budget).
pub fn moves_left<G: Game>(pos: &G) -> u64 {
    if let Some(p) = view::<G, Dots>(pos) {
        let (h, v) = p.free();
        return ((h.count_ones() + v.count_ones()) as u64 / 2).max(1);
    }
    let occ = if let Some(p) = view::<G, Knight>(pos) {
        p.occupancy().count_ones()
    } else if let Some(p) = view::<G, Bishop>(pos) {
        p.occupancy().count_ones()
    } else {
        40
    };
    (occ as u64 / 4).clamp(4, 25)
}
