//! Heuristics of the number-board puzzles (`knight-solo`, `bishop-solo`,
//! `torre-solo`), o the points missing:
//!
//! | name | admissible | estimate |
//! |---|---|---|
//! | `reach` (default) | yes | fewest of the largest collectable values covering o (see below) |
//! | `largest` | yes | fewest of the largest remaining values whose sum covers o |
//! | `course` | no | o / m (the course's: m = average value left) |
//! | `zero` | yes | 0 (A* becomes uniform-cost search) |
//!
//! `largest` is admissible because every move collects exactly one number
//! still on the board and removals only shrink the board. `reach` keeps that
//! argument and only drops values that can never be collected or never
//! together: numbers outside the piece's reachable region (flood fill of its
//! moves over numbered squares), the colour rule (a knight alternates square
//! colours, a bishop never leaves its colour; the first value is at most the
//! best square the piece can move to, or be placed on), and, on boards
//! without repeated numbers, one number of each symmetric pair `ab`/`ba`
//! (landing on one removes the other; within one colour in the colour
//! bound, over the whole board in the pair bound), and, in the pair bound,
//! the double rule: the i-th largest double collected is at most the
//! (2i−1)-th largest double on the board (each double landed on, but the
//! last, removes a double at least as large as every double landed on after
//! it). The two bounds are computed separately and the larger is taken.

use super::{ColourRule, Jump, Piece, Square, STRIDE};

use crate::puzzle::heuristic::{HeuristicInfo, Puzzle, ZERO};

const JUMP_HEURISTICS: &[HeuristicInfo] = &[
    HeuristicInfo {
        name: "reach",
        admissible: true,
        expensive: false,
        description: "fewest of the largest collectable values covering the points missing \
                      (reachable squares, colour rule, symmetric pairs)",
    },
    HeuristicInfo {
        name: "largest",
        admissible: true,
        expensive: false,
        description: "fewest of the largest remaining values covering the points missing",
    },
    HeuristicInfo {
        name: "course",
        admissible: false,
        expensive: false,
        description: "o/m: points missing over the average value left (the course's)",
    },
    ZERO,
];

/// Descending walk over a count-per-value table.
struct Desc<'a> {
    counts: &'a [u8; 100],
    value: usize,
    left: u8,
}

impl<'a> Desc<'a> {
    fn new(counts: &'a [u8; 100]) -> Desc<'a> {
        Desc {
            counts,
            value: 100,
            left: 0,
        }
    }
}

impl Iterator for Desc<'_> {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        while self.left == 0 {
            if self.value == 0 {
                return None;
            }
            self.value -= 1;
            self.left = self.counts[self.value];
        }
        self.left -= 1;
        Some(self.value as u32)
    }
}

/// Fewest values of `values` (descending) whose sum reaches `missing`.
fn fewest_covering(values: impl Iterator<Item = u32>, missing: u32) -> f64 {
    let (mut sum, mut n) = (0, 0u32);
    for v in values {
        if sum >= missing {
            break;
        }
        sum += v;
        n += 1;
    }
    if sum >= missing {
        n as f64
    } else {
        f64::INFINITY
    }
}

/// The doubles 00, 11, …, 99 as a value set.
const DOUBLES: u128 = {
    let mut m = 0u128;
    let mut d = 0;
    while d < 10 {
        m |= 1u128 << (d * 11);
        d += 1;
    }
    m
};

/// Merges a descending iterator with a descending slice.
fn merge_desc<'a>(
    mut a: impl Iterator<Item = u32> + 'a,
    b: &'a [u32],
) -> impl Iterator<Item = u32> + 'a {
    let mut next_a = a.next();
    let mut j = 0;
    std::iter::from_fn(move || match (next_a, b.get(j)) {
        (Some(x), Some(&y)) if y > x => {
            j += 1;
            Some(y)
        }
        (Some(x), _) => {
            next_a = a.next();
            Some(x)
        }
        (None, Some(&y)) => {
            j += 1;
            Some(y)
        }
        (None, None) => None,
    })
}

/// Squares of colour 0 ((row + column) even).
const EVEN_SQUARES: u128 = even_squares();

const fn even_squares() -> u128 {
    let mut m = 0u128;
    let mut sq = 0;
    while sq < 100 {
        if (sq / STRIDE + sq % STRIDE).is_multiple_of(2) {
            m |= 1u128 << sq;
        }
        sq += 1;
    }
    m
}

#[inline]
fn colour(sq: Square) -> usize {
    (sq as usize / STRIDE + sq as usize % STRIDE) % 2
}

/// The colour class of a square for the piece's colour rule: a piece free
/// to change colour (the rook) sees one class, 0.
#[inline]
fn colour_of<P: Piece>(sq: Square) -> usize {
    if P::COLOUR == ColourRule::Free {
        0
    } else {
        colour(sq)
    }
}

/// The squares of colour class `c` (see [`colour_of`]).
#[inline]
fn colour_squares<P: Piece>(c: usize) -> u128 {
    match (P::COLOUR, c) {
        (ColourRule::Free, 0) => !0,
        (ColourRule::Free, _) => 0,
        (_, 0) => EVEN_SQUARES,
        _ => !EVEN_SQUARES,
    }
}

/// For each column offset dc + 2 (dc in -2..=2), the squares of the 10 × 10
/// board whose column c has c + dc on the board.
const COLUMN_OK: [u128; 5] = column_ok();

const fn column_ok() -> [u128; 5] {
    let mut out = [0u128; 5];
    let mut sq = 0;
    while sq < 100 {
        let c = sq % 10;
        let mut dc = -2;
        while dc <= 2 {
            if c + dc >= 0 && c + dc < 10 {
                out[(dc + 2) as usize] |= 1u128 << sq;
            }
            dc += 1;
        }
        sq += 1;
    }
    out
}

/// The knight's jumps from every square of `set` at once (10 × 10 board).
#[inline]
fn knight_spread(set: u128) -> u128 {
    const BOARD: u128 = (1u128 << 100) - 1;
    let mut out = 0u128;
    for (dr, dc) in super::KNIGHT_OPS {
        let from = set & COLUMN_OK[(dc + 2) as usize];
        let shift = dr * 10 + dc;
        out |= if shift >= 0 {
            from << shift
        } else {
            from >> -shift
        };
    }
    out & BOARD
}

/// Descending walk over a 128-bit set of values, skipping a value whose
/// larger mirror `ba` is in `exclusive` (at most one of a pair counts).
struct DescBits {
    bits: u128,
    exclusive: u128,
}

impl Iterator for DescBits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        while self.bits != 0 {
            let v = 127 - self.bits.leading_zeros();
            self.bits &= !(1u128 << v);
            let mirror = v % 10 * 10 + v / 10;
            if mirror > v && self.exclusive >> mirror & 1 == 1 {
                continue;
            }
            return Some(v);
        }
        None
    }
}

/// Fewest moves alternating between two descending value lists (or from
/// the first only), the very first value being at most `first_cap` (when
/// given).
fn fewest_alternating(
    mut a: impl Iterator<Item = u32>,
    mut b: impl Iterator<Item = u32>,
    alternate: bool,
    first_cap: Option<u32>,
    missing: u32,
) -> f64 {
    let (mut sum, mut n) = (0u32, 0u32);
    if let Some(cap) = first_cap {
        sum = cap;
        n = 1;
    }
    while sum < missing {
        let next = if !alternate || n % 2 == 0 {
            a.next()
        } else {
            b.next()
        };
        match next {
            Some(v) => {
                sum += v;
                n += 1;
            }
            None => return f64::INFINITY,
        }
    }
    n as f64
}

/// The largest number on the squares of `set` (`None` when `set` is empty).
fn best_value<P: Piece>(pos: &Jump<P, true>, mut set: u128) -> Option<u32> {
    let mut best = None;
    while set != 0 {
        let sq = set.trailing_zeros() as Square;
        set &= set - 1;
        let n = pos.number(sq).unwrap_or(0) as u32;
        best = Some(best.map_or(n, |b: u32| b.max(n)));
    }
    best
}

impl<P: Piece> Jump<P, true> {
    /// Squares the piece can still reach (its flood fill over numbered
    /// squares); at the root (piece not placed) every numbered square.
    fn reachable(&self) -> u128 {
        let occ = self.occupancy();
        let Some(from) = self.piece(crate::game::Player::One) else {
            return occ;
        };
        let mut reach = 0u128;
        let mut frontier = P::attacks(from) & occ;
        while frontier != 0 {
            reach |= frontier;
            let next = if P::SIDE == 10 {
                knight_spread(frontier)
            } else {
                let mut next = 0u128;
                let mut bits = frontier;
                while bits != 0 {
                    let sq = bits.trailing_zeros();
                    bits &= bits - 1;
                    next |= P::attacks(sq as Square);
                }
                next
            };
            frontier = next & occ & !reach;
        }
        reach
    }

    /// The `reach` bound (see the module documentation).
    fn reach_bound(&self, missing: u32) -> f64 {
        let squares = self.reachable();
        // Values of the reachable squares by square colour, as bit sets.
        let mut by_colour = [0u128; 2];
        for (c, set) in by_colour.iter_mut().enumerate() {
            let mut bits = squares & colour_squares::<P>(c);
            while bits != 0 {
                let sq = bits.trailing_zeros() as Square;
                bits &= bits - 1;
                *set |= 1u128 << self.number(sq).unwrap_or(0);
            }
        }
        // A repeated number collapses bits: fall back to counting copies.
        let repeated = by_colour[0] & by_colour[1] != 0
            || by_colour[0].count_ones() + by_colour[1].count_ones() != squares.count_ones();
        if repeated {
            return self.reach_bound_repeated(squares, missing);
        }
        // Colour rule: a knight alternates colours, a bishop keeps its own,
        // a rook has one class. Within one class, at most one number of a
        // pair ab/ba.
        let alternate = P::COLOUR == ColourRule::Alternates;
        let desc = |c: usize| DescBits {
            bits: by_colour[c],
            exclusive: by_colour[c],
        };
        let colour_bound = match self.piece(crate::game::Player::One) {
            Some(sq) => {
                let here = colour_of::<P>(sq);
                let first = if alternate { 1 - here } else { here };
                // The first value is one of the squares the piece can go to.
                let Some(cap) = best_value(self, P::attacks(sq) & self.occupancy()) else {
                    return f64::INFINITY;
                };
                fewest_alternating(desc(first), desc(1 - first), alternate, Some(cap), missing)
            }
            None => {
                // The placement: a numbered square of row 1, of either colour.
                let home = self.occupancy() & ((1u128 << P::SIDE) - 1);
                (0..2)
                    .filter_map(|c| {
                        let on_c = home & colour_squares::<P>(c);
                        let cap = best_value(self, on_c)?;
                        Some(fewest_alternating(
                            desc(c),
                            desc(1 - c),
                            alternate,
                            Some(cap),
                            missing,
                        ))
                    })
                    .fold(f64::INFINITY, f64::min)
            }
        };
        // Symmetric pairs over both colours, and the double rule: the i-th
        // largest double collected is at most the (2i-1)-th largest double
        // on the board (each double landed on, but the last, removes a
        // larger-or-equal double than every double landed on after it).
        let all = by_colour[0] | by_colour[1];
        let mut on_board = all & DOUBLES;
        let mut rest = self.occupancy() & !squares;
        while rest != 0 {
            let sq = rest.trailing_zeros() as Square;
            rest &= rest - 1;
            on_board |= (1u128 << self.number(sq).unwrap_or(0)) & DOUBLES;
        }
        let mut doubles = [0u32; 10];
        let mut count = 0;
        let (mut board, mut reach) = (
            DescBits {
                bits: on_board,
                exclusive: 0,
            },
            DescBits {
                bits: all & DOUBLES,
                exclusive: 0,
            },
        );
        while let (Some(d), Some(r)) = (board.next(), reach.next()) {
            doubles[count] = d.min(r);
            count += 1;
            board.next();
        }
        let singles = DescBits {
            bits: all & !DOUBLES,
            exclusive: all,
        };
        let pair_bound = fewest_covering(merge_desc(singles, &doubles[..count]), missing);
        colour_bound.max(pair_bound)
    }

    /// The `reach` bound on boards that repeat numbers: colour rule only.
    fn reach_bound_repeated(&self, squares: u128, missing: u32) -> f64 {
        let mut by_colour = [[0u8; 100]; 2];
        let mut bits = squares;
        while bits != 0 {
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            let n = self.number(sq).unwrap_or(0) as usize;
            by_colour[colour_of::<P>(sq)][n] += 1;
        }
        let alternate = P::COLOUR == ColourRule::Alternates;
        let desc = |c: usize| Desc::new(&by_colour[c]);
        match self.piece(crate::game::Player::One) {
            Some(sq) => {
                let here = colour_of::<P>(sq);
                let first = if alternate { 1 - here } else { here };
                fewest_alternating(desc(first), desc(1 - first), alternate, None, missing)
            }
            None => (0..2)
                .map(|c| fewest_alternating(desc(c), desc(1 - c), alternate, None, missing))
                .fold(f64::INFINITY, f64::min),
        }
    }
}

impl<P: Piece> Puzzle for Jump<P, true> {
    const HEURISTICS: &'static [HeuristicInfo] = JUMP_HEURISTICS;
    const IN_BENCH: bool = P::IN_BENCH;

    fn own_target(&self) -> Option<u32> {
        self.target()
    }

    fn estimate(&self, index: usize, target: u32) -> f64 {
        let missing = target.saturating_sub(self.score());
        if missing == 0 {
            return 0.0;
        }
        match index {
            0 => self.reach_bound(missing),
            1 => {
                let mut counts = [0u8; 100];
                for n in self.remaining_numbers() {
                    counts[n as usize] += 1;
                }
                fewest_covering(Desc::new(&counts), missing)
            }
            2 => {
                let (mut sum, mut count) = (0u32, 0u32);
                for n in self.remaining_numbers() {
                    sum += n as u32;
                    count += 1;
                }
                if sum == 0 {
                    // m = 0: no value left to average (guard).
                    0.0
                } else {
                    missing as f64 * count as f64 / sum as f64
                }
            }
            _ => 0.0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::builtin_knight;

    #[test]
    fn knight_bounds_are_ordered() {
        for p in builtin_knight() {
            let pos = p.position;
            let reach = pos.estimate(0, p.target);
            let largest = pos.estimate(1, p.target);
            assert!(reach >= largest, "{}: {reach} < {largest}", p.name);
        }
    }

    #[test]
    fn knight_spread_matches_the_move_tables() {
        use crate::games::numbered::KnightPiece;
        for sq in 0..100u8 {
            assert_eq!(knight_spread(1u128 << sq), KnightPiece::attacks(sq), "{sq}");
        }
    }
}
