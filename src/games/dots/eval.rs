//! The evaluation of Dots and Boxes ([`Evaluate`] for [`DotsBoard`]): the
//! chains term (off by default, [`DotsTerms`]), arcs ordered
//! by what they do to boxes, captures as the quiescence moves, and the exact
//! solver of small boards for the two-player game.

use super::exact as dots_exact;
use super::{Arc, Dots, DotsBoard, DotsSolo};
use crate::search::bench::{Bench, BenchPosition, BenchRun};
use crate::search::exact::Exact;
use crate::search::Evaluate;

crate::eval_terms! {
    /// The terms of Dots and Boxes' evaluation.
    pub struct DotsTerms {
        /// Off, measured as a loss (7/0/13 games on 5 × 6 against the same
        /// engine without it, 10/0/10 on 3 × 3): boxes capturable at once
        /// count for the side to move; when no safe arc is left the side to
        /// move must open a chain, estimated as a loss of a third of the
        /// open boxes. Dots and Boxes relies on search and the capture
        /// quiescence instead (100 % against the baseline on 4 × 4 without
        /// the term).
        chains: false,
    }
}

impl<const SOLO: bool> Evaluate for DotsBoard<SOLO> {
    const HAS_NOISY: bool = true;

    type Terms = DotsTerms;

    #[inline]
    fn evaluate(&self, terms: &DotsTerms) -> i32 {
        dots(self, terms)
    }

    #[inline]
    fn order_hint(&self, mv: Arc) -> i32 {
        arc_class(self, mv) as i32 * 100
    }

    #[inline]
    fn move_key(a: Arc) -> usize {
        256 + a.vertical as usize * 121 + a.r as usize * 11 + a.c as usize
    }

    #[inline]
    fn is_noisy(&self, mv: Arc) -> bool {
        arc_class(self, mv) == ArcClass::Closes
    }

    #[inline]
    fn capture(&self) -> Option<Arc> {
        closing_arc(self)
    }

    /// Half the arcs left (at least 1) in the two-player game; the puzzle
    /// keeps the fixed 10 moves it had before the registry.
    fn moves_left(&self) -> u64 {
        if SOLO {
            return 10;
        }
        let (h, v) = self.free();
        ((h.count_ones() + v.count_ones()) as u64 / 2).max(1)
    }

    /// The two-player game on a board of at most
    /// [`dots_exact::MAX_ARCS`] arcs: [`dots_exact`] solves it.
    fn exact(&self) -> Option<Exact<Self>> {
        if SOLO || self.arc_count() > dots_exact::MAX_ARCS {
            return None;
        }
        let left = self.arc_count() - self.drawn_count();
        Some(Exact {
            plies_left: left,
            expected_nodes: dots_exact::expected_nodes(left),
            nodes_per_ms: dots_exact::NODES_PER_MS,
            solve: dots_exact::solve,
        })
    }
}

/// Chains term: boxes capturable now, or the cost of having to open a chain.
fn dots<const SOLO: bool>(pos: &DotsBoard<SOLO>, cfg: &DotsTerms) -> i32 {
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

/// An arc that closes a box, if any.
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

/// The Dots and Boxes bench: the empty 2 × 3 board to depth 17, the 5 × 6
/// start to depth 4, a random 4 × 4 board to depth 8; outside the
/// signature, the empty 3 × 3 board solved (`--only dots3x3`: the exact
/// solver's measure).
impl Bench for Dots {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        vec![
            BenchPosition::depth("2x3 empty", Dots::empty(2, 3), 17),
            BenchPosition::depth("startpos 5x6", Dots::empty(5, 6), 4),
            BenchPosition::depth("random 4x4 1", super::random::dots(4, 4, 1), 8),
            BenchPosition {
                name: "3x3 empty".into(),
                position: Dots::empty(3, 3),
                run: BenchRun::Solve { only: "dots3x3" },
            },
        ]
    }
}

/// No bench positions for the puzzle.
impl Bench for DotsSolo {
    fn bench_positions() -> Vec<BenchPosition<Self>> {
        Vec::new()
    }
}
