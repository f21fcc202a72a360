//! Heuristics of the Dots and Boxes puzzle (`dots-solo`), o the boxes to
//! reach, c the boxes closed:
//!
//! | name | admissible | estimate |
//! |---|---|---|
//! | `cover` (default) | yes, exact | fewest undrawn arcs around any set of ≥ target boxes |
//! | `half` | yes | ⌈(o − c) / 2⌉ |
//! | `course` | no | o − c (boxes still missing) |
//! | `zero` | yes | 0 (A* becomes uniform-cost search) |
//!
//! `cover` is the exact remaining cost: the boxes closed at the end form a
//! set S of at least `target` boxes and every undrawn arc touching S must be
//! drawn, while drawing exactly those arcs closes S. The minimum over S is
//! computed by a dynamic programme over the boxes, row by row along the
//! longer side, whose state is the chosen/not-chosen profile of the last w
//! boxes (w = the shorter side) and the number of boxes chosen (capped at
//! the target). `half` holds because one arc closes at most two boxes.

use super::DotsSolo;
use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};
use std::cell::RefCell;

const DOTS_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "cover",
        admissible: true,
        expensive: true,
        description: "exact: fewest undrawn arcs around any set of at least target boxes",
    },
    HeuristicInfo {
        name: "half",
        admissible: true,
        expensive: false,
        description: "ceil((o - c) / 2): one arc closes at most two boxes",
    },
    HeuristicInfo {
        name: "course",
        admissible: false,
        expensive: false,
        description: "o - c: boxes still missing (the course's)",
    },
    ZERO,
];

thread_local! {
    /// Scratch tables of the `cover` dynamic programme (allocated once per thread).
    static COVER_DP: RefCell<(Vec<u16>, Vec<u16>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// The fewest undrawn arcs whose drawing closes at least `target` boxes
/// (`INFINITY` when the board has fewer boxes).
pub fn dots_cover(pos: &DotsSolo, target: u32) -> f64 {
    let (rows, cols) = (pos.rows(), pos.cols());
    if target as usize > rows * cols {
        return f64::INFINITY;
    }
    let k = target as usize;
    let width = k + 1;
    const INF: u16 = u16::MAX;
    let (fh, fv) = pos.free();
    // Undrawn arcs: horizontal (r, c) bit r*cols + c; vertical (r, c) bit c*rows + r.
    let h_free = |r: usize, c: usize| (fh >> (r * cols + c) & 1) as u16;
    let v_free = |r: usize, c: usize| (fv >> (c * rows + r) & 1) as u16;
    // The profile runs along the shorter side: boxes are visited as (a, b)
    // with b < `across`; box (a, b) is (a, b) or, transposed, (b, a).
    let transposed = cols > rows;
    let (along, across) = if transposed {
        (cols, rows)
    } else {
        (rows, cols)
    };
    let masks = 1usize << across;
    // (missing sides, arc shared with the previous box along, arc shared
    // with the previous box across), each 0/1 for "undrawn".
    let sides = |a: usize, b: usize| -> (u16, u16, u16) {
        let (i, j) = if transposed { (b, a) } else { (a, b) };
        let miss = h_free(i, j) + h_free(i + 1, j) + v_free(i, j) + v_free(i, j + 1);
        if transposed {
            (miss, v_free(i, j), h_free(i, j))
        } else {
            (miss, h_free(i, j), v_free(i, j))
        }
    };
    COVER_DP.with(|cell| {
        let mut cell = cell.borrow_mut();
        let (cur, next) = &mut *cell;
        cur.clear();
        cur.resize(masks * width, INF);
        next.clear();
        next.resize(masks * width, INF);
        cur[0] = 0;
        for i in 0..along {
            for j in 0..across {
                let (miss, top_free, left_free) = sides(i, j);
                next.fill(INF);
                let bit = 1usize << j;
                for mask in 0..masks {
                    let row = &cur[mask * width..(mask + 1) * width];
                    let up = i > 0 && mask & bit != 0;
                    let left = j > 0 && mask & (bit >> 1) != 0;
                    let cost = miss - u16::from(up) * top_free - u16::from(left) * left_free;
                    let (skip, take) = (mask & !bit, mask | bit);
                    // Disjoint rows (skip < take): element-wise minima the
                    // compiler vectorises; INF saturates.
                    let (lo, hi) = next.split_at_mut(take * width);
                    let skip_row = &mut lo[skip * width..(skip + 1) * width];
                    let take_row = &mut hi[..width];
                    for (s, &v) in skip_row.iter_mut().zip(row) {
                        *s = (*s).min(v);
                    }
                    for (t, &v) in take_row[1..].iter_mut().zip(&row[..k]) {
                        *t = (*t).min(v.saturating_add(cost));
                    }
                    take_row[k] = take_row[k].min(row[k].saturating_add(cost));
                }
                std::mem::swap(cur, next);
            }
        }
        let best = (0..masks).map(|m| cur[m * width + k]).min().unwrap_or(INF);
        if best == INF {
            f64::INFINITY
        } else {
            best as f64
        }
    })
}

impl Puzzle for DotsSolo {
    const HEURISTICS: &'static [HeuristicInfo] = DOTS_HEURISTICS;
    const IN_BENCH: bool = true;

    fn own_target(&self) -> Option<u32> {
        self.target()
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        let missing = target.saturating_sub(self.score());
        if missing == 0 {
            return 0.0;
        }
        match index {
            0 => dots_cover(self, target),
            1 => {
                if self.score() + (self.box_count() - self.closed_boxes()) < target {
                    f64::INFINITY
                } else {
                    missing.div_ceil(2) as f64
                }
            }
            2 => missing as f64,
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::builtin_dots;

    #[test]
    fn cover_on_empty_boards_is_the_isoperimetric_count() {
        // 2 x 5 block of an empty 4 x 5 board: 14 + 13 arcs.
        let d = builtin_dots()[3].position;
        assert_eq!(d.estimate(0, 10), 27.0);
        // One box: 4 arcs; a 2 x 2 block: 12.
        assert_eq!(d.estimate(0, 1), 4.0);
        assert_eq!(d.estimate(0, 4), 12.0);
        assert_eq!(d.estimate(0, 21), f64::INFINITY);
    }
}
