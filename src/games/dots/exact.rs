//! Exact solver for small Dots and Boxes boards (at most 24 arcs: 3 × 3,
//! 2 × 4, 2 × 3, …).
//!
//! Alpha-beta over the drawn-arc set, with a table indexed directly by that
//! set (one bit per arc, horizontal arcs first): two bytes per position, the
//! lower and upper bound of its exact value (32 MiB for 24 arcs, outside the
//! `Hash` table). The table is the searcher's [`SolverTable`], lent to each
//! solve and kept between them under the key of the board size: it starts
//! zeroed (0 = no bound), so allocating it costs nothing up front (the
//! system hands out zero pages as they are used). Values are game-theoretic —
//! boxes the side to move will still win minus the boxes the opponent will —
//! so they never go stale: the table serves for as long as the board size
//! does not change. The rest of the solver (the board's arcs and boxes) is
//! made on the stack for each solve. Moves are tried captures first, then arcs that give no
//! box a third side, then the rest. On this machine the empty 3 × 3 board is
//! solved in about half a second (about 5.5 million nodes).

use super::DotsBoard;
use super::{Arc, Dots};
use crate::game::Game;
use crate::search::exact::{SolverRun, SolverTable, TableKey};
use crate::search::Stats;

/// Largest number of arcs solved exactly (the table has `2^MAX_ARCS` entries).
pub const MAX_ARCS: usize = 24;

/// Nodes a solve with [`MAX_ARCS`] arcs left may take with an empty table
/// (the empty 3 × 3 board takes 5.7 million).
const NODES_AT_MAX_ARCS: u64 = 8_000_000;

/// Solver nodes per millisecond of a release build on the development
/// machine (5.7 million nodes in 0.64 s), to turn nodes into time.
pub const NODES_PER_MS: u64 = 9_000;

/// What a solve with `arcs_left` arcs to draw may cost with an empty table,
/// in nodes: 8 million for 24 arcs, half as many for each arc
/// fewer (3 × 3 boards measured: at most 1.7 million nodes for 22 arcs left,
/// 0.43 million for 20, 13 000 for 16). A table kept from the previous moves
/// makes it much less.
pub fn expected_nodes(arcs_left: usize) -> u64 {
    NODES_AT_MAX_ARCS >> MAX_ARCS.saturating_sub(arcs_left).min(63)
}

/// Nodes between two calls of `keep_going` (the clock and the stop flag).
const CHECK_EVERY: u64 = 4096;

/// Beyond any value (at most 9 boxes on 24 arcs), with room for the
/// `± boxes` window shifts around it within `i8`.
const INF: i8 = 110;

/// A bound as stored in the table: `value + 128`, never 0 (|value| ≤ 119).
#[inline]
fn encode(v: i8) -> u8 {
    (v as i16 + 128) as u8
}

/// The stored bound, or `unknown` when none was stored.
#[inline]
fn decode(raw: u8, unknown: i8) -> i8 {
    if raw == 0 {
        unknown
    } else {
        (raw as i16 - 128) as i8
    }
}

/// The solver for one board size, with the table it borrows.
pub struct DotsExact<'t> {
    rows: usize,
    cols: usize,
    /// Every arc of the board, by bit index (the first `n`).
    arcs: [Arc; MAX_ARCS],
    /// The boxes next to each arc, as masks of their four arcs.
    boxes: [[u32; 2]; MAX_ARCS],
    box_count: [u8; MAX_ARCS],
    full: u32,
    /// Lower and upper bounds, encoded (0: none).
    lo: &'t mut [u8],
    hi: &'t mut [u8],
    /// Nodes visited by the last call: positions searched that still had an
    /// arc to draw (as the alpha-beta search counts them).
    pub nodes: u64,
    /// The last call gives up after this many nodes.
    max_nodes: u64,
    /// Cut-offs at nodes where the root's opponent is to move (alpha cuts)
    /// and where the root's side is (beta cuts), as in [`crate::search::Stats`].
    pub alpha_cuts: u64,
    pub beta_cuts: u64,
    /// Table probes that found the position already bounded.
    pub tt_hits: u64,
}

pub use crate::search::exact::Aborted;

/// Solves `pos` with the searcher's table, as the searcher asks
/// ([`crate::search::exact::Exact::solve`]); `None` on a board of more than
/// [`MAX_ARCS`] arcs. The two-player game's only: the puzzle has no exact
/// solver.
pub fn solve<const SOLO: bool>(
    pos: &DotsBoard<SOLO>,
    table: &mut SolverTable,
    max_nodes: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<SolverRun<Arc>> {
    let mut solver = DotsExact::new(pos.rows(), pos.cols(), table)?;
    let result = solver.solve(&pos.as_duel(), max_nodes, keep_going);
    Some(SolverRun {
        result,
        stats: solver.stats(),
    })
}

impl<'t> DotsExact<'t> {
    /// The solver for `rows × cols` boxes, on the table `table` keeps for
    /// that size (a new one when it keeps another), or `None` when the
    /// board has more than [`MAX_ARCS`] arcs.
    pub fn new(rows: usize, cols: usize, table: &'t mut SolverTable) -> Option<DotsExact<'t>> {
        let hc = (rows + 1) * cols;
        let n = hc + rows * (cols + 1);
        if n > MAX_ARCS {
            return None;
        }
        let mut boxes = [[0u32; 2]; MAX_ARCS];
        let mut box_count = [0u8; MAX_ARCS];
        for i in 0..rows {
            for j in 0..cols {
                let sides = [
                    i * cols + j,
                    (i + 1) * cols + j,
                    hc + j * rows + i,
                    hc + (j + 1) * rows + i,
                ];
                let mask = sides.iter().fold(0u32, |m, &a| m | 1 << a);
                for &a in &sides {
                    boxes[a][box_count[a] as usize] = mask;
                    box_count[a] += 1;
                }
            }
        }
        // The library lists the arcs of the empty board in bit order.
        let mut arcs = [Arc::h(0, 0); MAX_ARCS];
        let listed = Dots::empty(rows, cols).legal_moves();
        debug_assert_eq!(listed.len(), n);
        arcs[..n].copy_from_slice(&listed);
        let key = TableKey {
            game: <Dots as Game>::NAME,
            board: (rows as u64) << 32 | cols as u64,
        };
        let (lo, hi) = table.take(key, 2 << n).split_at_mut(1 << n);
        Some(DotsExact {
            rows,
            cols,
            arcs,
            boxes,
            box_count,
            full: ((1u64 << n) - 1) as u32,
            lo,
            hi,
            nodes: 0,
            max_nodes: u64::MAX,
            alpha_cuts: 0,
            beta_cuts: 0,
            tt_hits: 0,
        })
    }

    /// The statistics of the last [`DotsExact::solve`] (`time_ms` 0).
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            alpha_cuts: self.alpha_cuts,
            beta_cuts: self.beta_cuts,
            tt_hits: self.tt_hits,
            time_ms: 0,
        }
    }

    /// The drawn-arc set of a position.
    fn mask(&self, pos: &Dots) -> u32 {
        let (h, v) = pos.free();
        let hc = (self.rows + 1) * self.cols;
        let free = h as u32 | (v as u32) << hc;
        !free & self.full
    }

    #[inline]
    fn closes(&self, a: usize, drawn: u32) -> i8 {
        let mut c = 0;
        for &b in &self.boxes[a][..self.box_count[a] as usize] {
            c += i8::from(drawn & b == b);
        }
        c
    }

    #[inline]
    fn gives_third_side(&self, a: usize, drawn: u32) -> bool {
        self.boxes[a][..self.box_count[a] as usize]
            .iter()
            .any(|&b| (drawn & b).count_ones() == 3)
    }

    /// The exact value of `pos` for the side to move (future boxes, mine
    /// minus the opponent's), and the best move with its principal variation.
    /// Aborts after `max_nodes` nodes, or when `keep_going`, asked every few
    /// thousand nodes, says `false`.
    pub fn solve(
        &mut self,
        pos: &Dots,
        max_nodes: u64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<(i32, Vec<Arc>), Aborted> {
        self.nodes = 0;
        self.max_nodes = max_nodes;
        self.alpha_cuts = 0;
        self.beta_cuts = 0;
        self.tt_hits = 0;
        let mut mask = self.mask(pos);
        let value = self.ab(mask, -INF, INF, true, keep_going)?;
        // The principal variation: at each step a move achieving the value,
        // tested with the window (want - 1, want + 1), where only `want` is
        // strictly inside. Cut short, the line found so far still stands.
        let mut pv = Vec::new();
        let mut want = value;
        let mut side = true;
        'line: while mask != self.full {
            let mut found = None;
            let mut free = !mask & self.full;
            while free != 0 {
                let a = free.trailing_zeros() as usize;
                free &= free - 1;
                let m2 = mask | 1 << a;
                let c = self.closes(a, m2);
                let v = if c > 0 {
                    self.ab(m2, want - 1 - c, want + 1 - c, side, keep_going)
                        .map(|x| c + x)
                } else {
                    self.ab(m2, -want - 1, -want + 1, !side, keep_going)
                        .map(|x| -x)
                };
                match v {
                    Ok(v) if v == want => {
                        found = Some((a, m2, c));
                        break;
                    }
                    Ok(_) => {}
                    Err(Aborted) if pv.is_empty() => return Err(Aborted),
                    Err(Aborted) => break 'line,
                }
            }
            let Some((a, m2, c)) = found else { break };
            pv.push(self.arcs[a]);
            mask = m2;
            want -= c;
            if c == 0 {
                want = -want;
                side = !side;
            }
        }
        Ok((value as i32, pv))
    }

    fn ab(
        &mut self,
        mask: u32,
        mut alpha: i8,
        mut beta: i8,
        root_side: bool,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Result<i8, Aborted> {
        if mask == self.full {
            return Ok(0);
        }
        if self.nodes >= self.max_nodes {
            return Err(Aborted);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) && !keep_going() {
            return Err(Aborted);
        }
        let i = mask as usize;
        let (lo, hi) = (self.lo[i], self.hi[i]);
        if lo != 0 || hi != 0 {
            self.tt_hits += 1;
        }
        let (lo, hi) = (decode(lo, -INF), decode(hi, INF));
        if lo >= beta || lo == hi {
            return Ok(lo);
        }
        if hi <= alpha {
            return Ok(hi);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (alpha0, beta0) = (alpha, beta);
        // Captures first, then arcs that give nothing away, then the rest.
        let (mut captures, mut quiet, mut risky) = (0u32, 0u32, 0u32);
        let mut free = !mask & self.full;
        while free != 0 {
            let a = free.trailing_zeros();
            free &= free - 1;
            let m2 = mask | 1 << a;
            if self.closes(a as usize, m2) > 0 {
                captures |= 1 << a;
            } else if self.gives_third_side(a as usize, m2) {
                risky |= 1 << a;
            } else {
                quiet |= 1 << a;
            }
        }
        let mut best = -INF;
        'groups: for group in [captures, quiet, risky] {
            let mut g = group;
            while g != 0 {
                let a = g.trailing_zeros() as usize;
                g &= g - 1;
                let m2 = mask | 1 << a;
                let c = self.closes(a, m2);
                let v = if c > 0 {
                    c + self.ab(m2, alpha - c, beta - c, root_side, keep_going)?
                } else {
                    -self.ab(m2, -beta, -alpha, !root_side, keep_going)?
                };
                best = best.max(v);
                alpha = alpha.max(v);
                if alpha >= beta {
                    if root_side {
                        self.beta_cuts += 1;
                    } else {
                        self.alpha_cuts += 1;
                    }
                    break 'groups;
                }
            }
        }
        if best <= alpha0 {
            self.hi[i] = encode(best);
        } else if best >= beta0 {
            self.lo[i] = encode(best);
        } else {
            self.lo[i] = encode(best);
            self.hi[i] = encode(best);
        }
        Ok(best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plain minimax over the library's rules.
    fn minimax(pos: &Dots) -> i32 {
        if pos.is_over() {
            return 0;
        }
        let me = pos.side_to_move();
        pos.legal_moves()
            .iter()
            .map(|&m| {
                let mut child = *pos;
                child.play_unchecked(m);
                let gained = child.scores()[me.index()] as i32 - pos.scores()[me.index()] as i32;
                if child.side_to_move() == me {
                    gained + minimax(&child)
                } else {
                    gained - minimax(&child)
                }
            })
            .max()
            .unwrap()
    }

    #[test]
    fn agrees_with_minimax_and_its_pv_is_legal() {
        for (rows, cols, drawn) in [(1, 2, 0), (2, 2, 4), (2, 3, 9), (3, 3, 15)] {
            let mut pos = Dots::empty(rows, cols);
            // A scattered choice of lines first, then the first legal ones,
            // until exactly `drawn` lines are on the board.
            for (k, m) in pos.legal_moves().into_iter().enumerate() {
                if k * 7 % 11 < 5 && pos.drawn_count() < drawn {
                    pos.play_unchecked(m);
                }
            }
            while pos.drawn_count() < drawn {
                pos.play_unchecked(pos.legal_moves()[0]);
            }
            assert_eq!(pos.drawn_count(), drawn);
            let mut table = SolverTable::default();
            let mut solver = DotsExact::new(rows, cols, &mut table).unwrap();
            let (value, pv) = solver.solve(&pos, u64::MAX, &mut || true).unwrap();
            assert_eq!(value, minimax(&pos), "{pos}");
            // Replaying the PV wins exactly `value` for the side to move.
            let me = pos.side_to_move().index();
            let mut end = pos;
            for m in pv {
                end.play(m).unwrap();
            }
            assert!(end.is_over());
            let gain = |p: &Dots| p.scores()[me] as i32 - p.scores()[1 - me] as i32;
            assert_eq!(gain(&end) - gain(&pos), value, "{pos}");
        }
    }

    #[test]
    fn bigger_boards_are_refused_and_aborts_are_reported() {
        let mut table = SolverTable::default();
        assert!(DotsExact::new(3, 4, &mut table).is_none());
        let mut solver = DotsExact::new(3, 3, &mut table).unwrap();
        let r = solver.solve(&Dots::empty(3, 3), u64::MAX, &mut || false);
        assert_eq!(r, Err(Aborted));
        let r = solver.solve(&Dots::empty(3, 3), 1000, &mut || true);
        assert_eq!(r, Err(Aborted));
        assert_eq!(solver.nodes, 1000, "the node budget is kept exactly");
    }
}
