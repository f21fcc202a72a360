//! Every board reachable in the peg-solitaire puzzle, level by level, and
//! which of them can still be reduced to one peg (the benchmark of
//! `examples/solitario_enumerate.rs`; the figures are in
//! `docs/puzzles.md`).
//!
//! A board is the `u64` bitboard of the folder (`7 * row + column`). The
//! boards are kept up to the cross's 8 symmetries: each is stored as its
//! *canonical form*, the least of its 8 images ([`canonical`], by table
//! lookups of whole rows). A level is a sorted, deduplicated `Vec<u64>` of
//! the canonical boards with the same number of pegs; the next level is the
//! canonical children of every board, sorted and deduplicated (split over
//! `threads` with [`std::thread::scope`], the halves merged).
//!
//! The backward pass needs no lookup per child: the boards of level `n`
//! that can be reduced to one peg are the canonical *parents* (a jump
//! undone) of the reducible boards of level `n − 1` that are also on level
//! `n` — a merge of two sorted lists.

use super::{CELLS, CENTRE, HOLES, NEXT, SYM};

/// `JUMPS[d]`: the holes `i` from which a jump in direction `d` stays on
/// the cross (`i`, the next hole and the one after are holes), and the
/// signed step of the direction.
const JUMPS: [(u64, i32); 4] = jumps();

const fn jumps() -> [(u64, i32); 4] {
    let steps = [1, -1, -7, 7];
    let mut out = [(0u64, 0i32); 4];
    let mut d = 0;
    while d < 4 {
        let mut m = 0u64;
        let mut i = 0;
        while i < CELLS {
            if NEXT[1][d][i] != 255 {
                m |= 1 << i;
            }
            i += 1;
        }
        out[d] = (m, steps[d]);
        d += 1;
    }
    out
}

/// Bit `i` of the result is bit `i + k` of `x`.
#[inline(always)]
fn shifted(x: u64, k: i32) -> u64 {
    if k >= 0 {
        x >> k
    } else {
        x << -k
    }
}

/// `ROWS[s][r][bits]`: the image under symmetry `s` of row `r` holding
/// `bits` (7 bits, column 0 lowest).
static ROWS: [[[u64; 128]; 7]; 8] = row_tables();

const fn row_tables() -> [[[u64; 128]; 7]; 8] {
    let mut out = [[[0u64; 128]; 7]; 8];
    let mut s = 0;
    while s < 8 {
        let mut r = 0;
        while r < 7 {
            let mut bits = 0;
            while bits < 128 {
                let mut image = 0u64;
                let mut c = 0;
                while c < 7 {
                    if bits >> c & 1 == 1 {
                        image |= 1 << SYM[s][7 * r + c];
                    }
                    c += 1;
                }
                out[s][r][bits] = image;
                bits += 1;
            }
            r += 1;
        }
        s += 1;
    }
    out
}

/// The 8 images of a board under the cross's symmetries (index 0 is the
/// board itself).
#[inline]
pub fn images(board: u64) -> [u64; 8] {
    let rows: [usize; 7] = std::array::from_fn(|r| (board >> (7 * r) & 127) as usize);
    std::array::from_fn(|s| {
        let t = &ROWS[s];
        t[0][rows[0]]
            | t[1][rows[1]]
            | t[2][rows[2]]
            | t[3][rows[3]]
            | t[4][rows[4]]
            | t[5][rows[5]]
            | t[6][rows[6]]
    })
}

/// The least of the 8 images: one board per symmetry class.
#[inline]
pub fn canonical(board: u64) -> u64 {
    let im = images(board);
    im[1..].iter().fold(im[0], |a, &b| a.min(b))
}

/// How many distinct boards the class of `board` holds (8 divided by the
/// order of its stabiliser).
pub fn class_size(board: u64) -> u64 {
    let mut im = images(board);
    im.sort_unstable();
    1 + im.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

/// Calls `f` with every board one jump from `board`.
#[inline]
pub fn for_each_child(board: u64, mut f: impl FnMut(u64)) {
    let empty = HOLES & !board;
    for &(valid, k) in &JUMPS {
        let mut from = board & shifted(board, k) & shifted(empty, 2 * k) & valid;
        while from != 0 {
            let i = from.trailing_zeros() as i32;
            from &= from - 1;
            f(board ^ (1 << i | 1 << (i + k) | 1 << (i + 2 * k)));
        }
    }
}

/// Calls `f` with every board one jump *before* `board` (the jump undone:
/// a peg on the landing hole, the two holes behind it empty).
#[inline]
pub fn for_each_parent(board: u64, mut f: impl FnMut(u64)) {
    let empty = HOLES & !board;
    for &(valid, k) in &JUMPS {
        let mut from = empty & shifted(empty, k) & shifted(board, 2 * k) & valid;
        while from != 0 {
            let i = from.trailing_zeros() as i32;
            from &= from - 1;
            f(board ^ (1 << i | 1 << (i + k) | 1 << (i + 2 * k)));
        }
    }
}

/// The canonical images of `expand`'s boards from every board of `level`,
/// sorted and deduplicated, the work split over `threads`.
fn next_level(level: &[u64], threads: usize, expand: fn(u64, &mut dyn FnMut(u64))) -> Vec<u64> {
    let chunk = level.len().div_ceil(threads.max(1)).max(1);
    let parts: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let handles: Vec<_> = level
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut out = Vec::with_capacity(part.len() * 4);
                    for &b in part {
                        expand(b, &mut |c| out.push(canonical(c)));
                    }
                    out.sort_unstable();
                    out.dedup();
                    out
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a worker thread"))
            .collect()
    });
    merge_all(parts)
}

/// Merges sorted, deduplicated lists into one.
fn merge_all(mut parts: Vec<Vec<u64>>) -> Vec<u64> {
    while parts.len() > 1 {
        let b = parts.pop().unwrap_or_default();
        let a = parts.pop().unwrap_or_default();
        let mut out = Vec::with_capacity(a.len() + b.len());
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            match a[i].cmp(&b[j]) {
                std::cmp::Ordering::Less => {
                    out.push(a[i]);
                    i += 1;
                }
                std::cmp::Ordering::Greater => {
                    out.push(b[j]);
                    j += 1;
                }
                std::cmp::Ordering::Equal => {
                    out.push(a[i]);
                    i += 1;
                    j += 1;
                }
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        parts.push(out);
    }
    parts.pop().unwrap_or_default()
}

/// The boards of `a` that are also in `b` (both sorted).
fn intersect(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out
}

/// One level of the enumeration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// Pegs on the boards of the level.
    pub pegs: u32,
    /// Boards reachable, up to symmetry.
    pub classes: u64,
    /// Boards reachable (every image counted).
    pub positions: u64,
    /// Of these, boards that can still be reduced to one peg anywhere, up
    /// to symmetry and counted whole.
    pub to_one: (u64, u64),
    /// The same for one peg on the centre `d4`.
    pub to_centre: (u64, u64),
}

/// Classes and whole boards of a sorted list of canonical boards.
fn sizes(level: &[u64]) -> (u64, u64) {
    (
        level.len() as u64,
        level.iter().map(|&b| class_size(b)).sum(),
    )
}

/// Every board reachable from `start`, by peg count (most pegs first), with
/// the boards that can still be reduced to one peg (anywhere, and on the
/// centre), computed with `threads` threads.
pub fn enumerate(start: u64, threads: usize) -> Vec<Level> {
    let mut levels = vec![vec![canonical(start)]];
    while let Some(last) = levels.last() {
        if last.is_empty() || last[0].count_ones() <= 1 {
            break;
        }
        let next = next_level(last, threads, |b, f| for_each_child(b, f));
        if next.is_empty() {
            break;
        }
        levels.push(next);
    }
    // The backward pass, from the fewest pegs up, once for each finish.
    let reducible = |finish: &[u64]| -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![Vec::new(); levels.len()];
        for (k, level) in levels.iter().enumerate().rev() {
            let pegs = level.first().map_or(0, |b| b.count_ones());
            out[k] = if pegs == 1 {
                intersect(level, finish)
            } else if k + 1 < levels.len() {
                let parents = next_level(&out[k + 1], threads, |b, f| for_each_parent(b, f));
                intersect(&parents, level)
            } else {
                Vec::new()
            };
        }
        out
    };
    let mut ones: Vec<u64> = (0..CELLS)
        .filter(|&i| HOLES >> i & 1 == 1)
        .map(|i| canonical(1 << i))
        .collect();
    ones.sort_unstable();
    ones.dedup();
    let to_one = reducible(&ones);
    let to_centre = reducible(&[canonical(1 << CENTRE)]);
    levels
        .iter()
        .enumerate()
        .map(|(k, level)| {
            let (classes, positions) = sizes(level);
            Level {
                pegs: level.first().map_or(0, |b| b.count_ones()),
                classes,
                positions,
                to_one: sizes(&to_one[k]),
                to_centre: sizes(&to_centre[k]),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::SolitarioSolo;
    use std::collections::{HashMap, HashSet};

    /// A plain search through the library's rules, every board kept whole.
    fn plain(start: SolitarioSolo) -> (HashMap<u32, u64>, HashSet<u64>, HashSet<u64>) {
        let mut seen = HashSet::new();
        let mut order = vec![start];
        seen.insert(start.pegs()[0]);
        let mut i = 0;
        while i < order.len() {
            let pos = order[i];
            i += 1;
            for mv in pos.legal_moves() {
                let mut c = pos;
                c.play_unchecked(mv);
                if seen.insert(c.pegs()[0]) {
                    order.push(c);
                }
            }
        }
        // Up to symmetry (E is not symmetric: the images of its boards are
        // not all reachable from it).
        let mut per_level = HashMap::new();
        for b in seen.iter().map(|&b| canonical(b)).collect::<HashSet<_>>() {
            *per_level.entry(b.count_ones()).or_insert(0) += 1;
        }
        // Reducible: fixpoint from the fewest pegs.
        let mut boards: Vec<u64> = seen.iter().copied().collect();
        boards.sort_by_key(|b| b.count_ones());
        let (mut one, mut centre) = (HashSet::new(), HashSet::new());
        for &b in &boards {
            if b.count_ones() == 1 {
                one.insert(b);
                if b == 1 << CENTRE {
                    centre.insert(b);
                }
                continue;
            }
            let mut any = (false, false);
            for_each_child(b, |c| {
                any.0 |= one.contains(&c);
                any.1 |= centre.contains(&c);
            });
            if any.0 {
                one.insert(b);
            }
            if any.1 {
                centre.insert(b);
            }
        }
        (per_level, one, centre)
    }

    #[test]
    fn canonical_forms_and_children_agree_with_the_rules() {
        let f = SolitarioSolo::start().pegs()[0];
        assert_eq!(class_size(f), 1);
        let mut children = Vec::new();
        for_each_child(f, |c| children.push(canonical(c)));
        assert_eq!(children.len(), 4);
        assert!(children.iter().all(|&c| c == children[0]));
        for_each_child(f, |c| {
            let mut back = Vec::new();
            for_each_parent(c, |p| back.push(p));
            assert!(back.contains(&f));
        });
    }

    #[test]
    fn the_enumeration_of_problem_e_matches_a_plain_search() {
        let e = crate::setup::parse_spec("problem solitario-solo E", None).unwrap();
        let e = SolitarioSolo::from_fen(&e.fen()).unwrap();
        let (per_level, one, centre) = plain(e);
        let levels = enumerate(e.pegs()[0], 2);
        assert_eq!(levels.len(), per_level.len());
        for level in &levels {
            assert_eq!(level.classes, per_level[&level.pegs], "{level:?}");
            let classes = |set: &HashSet<u64>| {
                set.iter()
                    .filter(|b| b.count_ones() == level.pegs)
                    .map(|&b| canonical(b))
                    .collect::<HashSet<_>>()
                    .len() as u64
            };
            assert_eq!(level.to_one.0, classes(&one), "{level:?}");
            assert_eq!(level.to_centre.0, classes(&centre), "{level:?}");
        }
        assert_eq!(levels[0].to_one.0, 1, "E is solvable");
    }
}
