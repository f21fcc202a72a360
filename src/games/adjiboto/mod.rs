//! Adji-boto (`adjiboto`) and its single-player puzzle (`adjiboto-solo`),
//! the course's mancala of 2018/19 and 2024/25 (`rules/adjiboto.md`).
//!
//! Two rows of six pits and no stores. A pit is its index `6 * row +
//! column`: row 0 is the top row (player 1's, notation `t1`..`t6`, the
//! course's `f e d c b a`), row 1 the bottom row (player 2's, `b1`..`b6`,
//! the course's `A`..`F`). A move empties one pit and sows its seeds one
//! per pit counter-clockwise ([`NEXT`]: along the bottom row to the right,
//! along the top row to the left), skipping the pit it started from; only
//! the pit of the last seed is examined: holding 1, 3 or 5 seeds, and on
//! the row the game asks for, it is captured (rules §2).
//!
//! - Duel: a move empties a pit of the mover's own row and captures only on
//!   the opponent's row; captured seeds score for the mover; a player
//!   without seeds on their row passes (`pass`, forced); the game ends when
//!   the board is empty or after [`QUIET_LIMIT`] plies without a capture
//!   (rules §4.5, counted by the position string's optional last field).
//! - Puzzle: any non-empty pit of either row; the capture row is any row,
//!   or the opposite row under the `opposite` reading (rules §3.3, a field
//!   of the position string). The goal, an empty board, is mapped onto the
//!   puzzle framework's score and target as Quatro's winning line is: the
//!   score is 1 once the board is empty (0 before), the target always 1,
//!   each move costs 1.

pub mod eval;
pub mod heuristics;
pub mod lisp;
pub mod problems;
pub mod random;
pub mod render;
#[cfg(test)]
mod rules_examples;
pub mod svg;

use crate::game::fen::{self, FenError};
use crate::game::{zobrist, Game, GameMove, MoveError, MoveList, Player};
use std::fmt::{self, Debug, Display};

/// This game's Zobrist keys ([`zobrist::range`]).
mod keys {
    use crate::game::zobrist::range;
    /// The key of pit `p` ([`super::pit_key`] mixes it with the count).
    pub const PIT: usize = range(0, 12);
}

/// Number of pits.
pub const PITS: usize = 12;

/// Seeds in the game (8 in each of the 12 pits at the start); no position
/// holds more (board and captured seeds together).
pub const SEEDS: u32 = 96;

/// Plies without a capture after which the duel ends (rules §4.5).
pub const QUIET_LIMIT: u32 = 100;

/// The pit after each pit in the sowing order: on row 1 the column rises,
/// after `(1,5)` comes `(0,5)`, on row 0 the column falls, after `(0,0)`
/// comes `(1,0)` (rules §2.1).
pub const NEXT: [u8; PITS] = next_pits();

const fn next_pits() -> [u8; PITS] {
    let mut out = [0u8; PITS];
    let mut c = 0;
    while c < 6 {
        // Row 0: towards column 0, then down to (1, 0).
        out[c] = if c == 0 { 6 } else { (c - 1) as u8 };
        // Row 1: towards column 5, then up to (0, 5).
        out[6 + c] = if c == 5 { 5 } else { (6 + c + 1) as u8 };
        c += 1;
    }
    out
}

/// The row of pit `p` (0 top, 1 bottom).
#[inline]
pub fn row(p: u8) -> u8 {
    p / 6
}

/// A move: a pit (`0..12`, `6 * row + column`) or the forced pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sow(pub u8);

impl Sow {
    /// The forced pass of the duel.
    pub const PASS: Sow = Sow(PITS as u8);
}

impl GameMove for Sow {
    #[inline]
    fn is_pass(self) -> bool {
        self.0 as usize >= PITS
    }
}

impl Display for Sow {
    /// `t1`..`t6`, `b1`..`b6` or `pass` (rules §1.4).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        let (r, c) = (self.0 / 6, self.0 % 6);
        write!(f, "{}{}", if r == 0 { 't' } else { 'b' }, c + 1)
    }
}

impl Debug for Sow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// A pit from its name `t1`..`t6`, `b1`..`b6`, any case.
pub fn parse_pit(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [r, c] => {
            let r = match r.to_ascii_lowercase() {
                b't' => 0,
                b'b' => 1,
                _ => return None,
            };
            (b'1'..=b'6').contains(c).then(|| 6 * r + (c - b'1'))
        }
        _ => None,
    }
}

/// The Zobrist key of `count` seeds in pit `p` (0 for an empty pit): the
/// pit's key mixed with the count (SplitMix64's finaliser), so that a table
/// of 12 keys covers every count.
#[inline]
fn pit_key(p: usize, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let mut z = zobrist::key(keys::PIT + p)
        .wrapping_add((count as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An Adji-boto position. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct AdjiBoard<const SOLO: bool> {
    /// Seeds per pit, `6 * row + column`.
    pits: [u8; PITS],
    /// Seeds captured by player 1 and player 2 (duel; 0 in the puzzle).
    captured: [u8; 2],
    side: Player,
    /// Duel: plies since the last capture. Puzzle: 0.
    quiet: u8,
    /// Puzzle: the `opposite` capture-row reading. Duel: false.
    opposite: bool,
    hash: u64,
}

/// The two-player game (`adjiboto`).
pub type Adjiboto = AdjiBoard<false>;
/// The puzzle (`adjiboto-solo`).
pub type AdjibotoSolo = AdjiBoard<true>;

/// The bad setups [`AdjiBoard::new`] refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// More than [`SEEDS`] seeds on the board and captured together.
    TooManySeeds(u32),
    /// A quiet count above [`QUIET_LIMIT`].
    Quiet(u32),
}

impl Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::TooManySeeds(n) => write!(
                f,
                "{n} seeds on the board and captured: the game has {SEEDS}"
            ),
            SetupError::Quiet(n) => {
                write!(f, "{n} plies without a capture: at most {QUIET_LIMIT}")
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl<const SOLO: bool> AdjiBoard<SOLO> {
    /// The checked constructor: the pits (`[row 0, row 1]`, left to right),
    /// the captured seeds, the side to move, the quiet plies (duel) and the
    /// capture-row reading (puzzle). The puzzle ignores `captured`, `side`
    /// and `quiet`; the duel ignores `opposite`.
    pub fn new(
        rows: [[u8; 6]; 2],
        captured: [u32; 2],
        side: Player,
        quiet: u32,
        opposite: bool,
    ) -> Result<Self, SetupError> {
        let on_board: u32 = rows.iter().flatten().map(|&n| n as u32).sum();
        let captured = if SOLO { [0, 0] } else { captured };
        let total = on_board + captured[0] + captured[1];
        if total > SEEDS {
            return Err(SetupError::TooManySeeds(total));
        }
        if !SOLO && quiet > QUIET_LIMIT {
            return Err(SetupError::Quiet(quiet));
        }
        let mut pos = AdjiBoard {
            pits: [0; PITS],
            captured: [captured[0] as u8, captured[1] as u8],
            side: if SOLO { Player::One } else { side },
            quiet: if SOLO { 0 } else { quiet as u8 },
            opposite: SOLO && opposite,
            hash: 0,
        };
        for (r, row) in rows.iter().enumerate() {
            pos.pits[6 * r..6 * r + 6].copy_from_slice(row);
        }
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The start of the duel: 8 seeds in every pit, player 1 to move.
    pub fn start() -> Self {
        Self::new([[8; 6]; 2], [0, 0], Player::One, 0, false).expect("96 seeds")
    }

    /// Seeds in pit `p`.
    #[inline]
    pub fn pit(&self, p: u8) -> u8 {
        self.pits[p as usize]
    }

    /// The two rows, left to right (as in Lisp).
    pub fn rows(&self) -> [[u8; 6]; 2] {
        let mut out = [[0; 6]; 2];
        for (r, row) in out.iter_mut().enumerate() {
            row.copy_from_slice(&self.pits[6 * r..6 * r + 6]);
        }
        out
    }

    /// Seeds on the board.
    #[inline]
    pub fn seeds(&self) -> u32 {
        self.pits.iter().map(|&n| n as u32).sum()
    }

    /// Seeds captured by player 1 and player 2 (the duel's scores).
    #[inline]
    pub fn captured(&self) -> [u32; 2] {
        [self.captured[0] as u32, self.captured[1] as u32]
    }

    /// Plies since the last capture (duel).
    #[inline]
    pub fn quiet(&self) -> u32 {
        self.quiet as u32
    }

    /// The puzzle's `opposite` capture-row reading.
    #[inline]
    pub fn opposite(&self) -> bool {
        self.opposite
    }

    /// Sets the puzzle's capture-row reading (no effect on the duel).
    pub fn set_opposite(&mut self, opposite: bool) {
        self.opposite = SOLO && opposite;
    }

    /// True when the board is empty.
    #[inline]
    pub fn empty(&self) -> bool {
        self.pits.iter().all(|&n| n == 0)
    }

    /// The pits the side to move may empty, as a mask (bit `p`).
    #[inline]
    fn movable(&self) -> u16 {
        let mut m = 0u16;
        for (p, &n) in self.pits.iter().enumerate() {
            if n != 0 {
                m |= 1 << p;
            }
        }
        if SOLO {
            m
        } else if self.side == Player::One {
            m & 0x03F
        } else {
            m & 0xFC0
        }
    }

    /// True when no move is left: the board is empty, or (duel) the quiet
    /// limit is reached.
    #[inline]
    fn finished(&self) -> bool {
        self.empty() || (!SOLO && self.quiet as u32 >= QUIET_LIMIT)
    }

    /// The pit where the last seed of pit `p` falls, and the seeds it then
    /// holds, without playing (`p` non-empty).
    #[inline]
    pub fn landing(&self, p: u8) -> (u8, u8) {
        let n = self.pits[p as usize] as usize;
        let (laps, rest) = (n / (PITS - 1), n % (PITS - 1));
        // The `rest`-th pit after p (the 11th when rest is 0), skipping p.
        let steps = if rest == 0 { PITS - 1 } else { rest };
        let mut q = p;
        for _ in 0..steps {
            q = NEXT[q as usize];
        }
        let gets = laps + usize::from(rest != 0);
        (q, self.pits[q as usize] + gets as u8)
    }

    /// Would the last pit `last`, holding `count` after sowing from `from`,
    /// be captured?
    #[inline]
    pub fn captures(&self, from: u8, last: u8, count: u8) -> bool {
        let odd = matches!(count, 1 | 3 | 5);
        let other_row = row(from) != row(last);
        odd && (other_row || (SOLO && !self.opposite))
    }

    /// Seeds the move would capture (0 for a pass or no capture).
    #[inline]
    pub fn capture_of(&self, mv: Sow) -> u32 {
        if mv.is_pass() || self.pits[mv.0 as usize] == 0 {
            return 0;
        }
        let (last, count) = self.landing(mv.0);
        if self.captures(mv.0, last, count) {
            count as u32
        } else {
            0
        }
    }

    #[inline]
    fn set_pit(&mut self, p: usize, count: u8) {
        self.hash ^= pit_key(p, self.pits[p]) ^ pit_key(p, count);
        self.pits[p] = count;
    }

    fn write_rows(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..2 {
            f.write_str(" ")?;
            for c in 0..6 {
                if c > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.pits[6 * r + c])?;
            }
        }
        Ok(())
    }
}

/// Parses a row field: 6 comma-separated seed counts.
fn parse_row(text: &str, r: usize) -> Result<[u8; 6], FenError> {
    let field = format!("row {r}");
    let cells: Vec<&str> = text.split(',').collect();
    if cells.len() != 6 {
        return Err(FenError::new(field, "6 comma-separated seed counts", text));
    }
    let mut out = [0u8; 6];
    for (c, cell) in cells.iter().enumerate() {
        out[c] = fen::number(&format!("row {r}, pit {}", c + 1), cell, SEEDS)? as u8;
    }
    Ok(out)
}

impl<const SOLO: bool> Game for AdjiBoard<SOLO> {
    type Move = Sow;
    /// At most 12 pits (the puzzle), or a pass.
    type Moves = MoveList<Sow, 13>;
    const NAME: &'static str = if SOLO { "adjiboto-solo" } else { "adjiboto" };
    const PUZZLE: bool = SOLO;

    /// The non-empty pits `t1 … t6 b1 … b6` the side may empty (rules §3.4),
    /// or `pass` when a duel player's row is empty; none once finished.
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        if self.finished() {
            return moves;
        }
        let mut m = self.movable();
        if m == 0 {
            moves.push(Sow::PASS);
        }
        while m != 0 {
            moves.push(Sow(m.trailing_zeros() as u8));
            m &= m - 1;
        }
        moves
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.finished() {
            0
        } else {
            (self.movable().count_ones() as usize).max(1)
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.finished()
    }

    fn play_unchecked(&mut self, mv: Sow) {
        let mut captured = false;
        if !mv.is_pass() {
            let p = mv.0;
            let n = self.pits[p as usize] as usize;
            let (laps, rest) = (n / (PITS - 1), n % (PITS - 1));
            self.set_pit(p as usize, 0);
            // The last seed falls in the `rest`-th pit after p, or in the
            // 11th (the one before p) after whole laps.
            let last_k = if rest == 0 { PITS - 2 } else { rest - 1 };
            let mut q = p;
            let mut last = p;
            // The 11 other pits in sowing order (a lap never reaches p).
            for k in 0..PITS - 1 {
                q = NEXT[q as usize];
                let gets = laps + usize::from(k < rest);
                if gets > 0 {
                    let count = self.pits[q as usize] + gets as u8;
                    self.set_pit(q as usize, count);
                }
                if k == last_k {
                    last = q;
                }
            }
            let count = self.pits[last as usize];
            if n > 0 && self.captures(p, last, count) {
                self.set_pit(last as usize, 0);
                if !SOLO {
                    self.captured[self.side.index()] += count;
                }
                captured = true;
            }
        }
        if !SOLO {
            self.quiet = if captured { 0 } else { self.quiet + 1 };
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn play(&mut self, mv: Sow) -> Result<(), MoveError> {
        let legal = if mv.is_pass() {
            !self.finished() && self.movable() == 0
        } else {
            !self.finished() && (mv.0 as usize) < PITS && self.movable() >> mv.0 & 1 == 1
        };
        if legal {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                why: self.why_illegal(mv),
            })
        }
    }

    fn why_illegal(&self, mv: Sow) -> &'static str {
        if self.empty() {
            "the game is over (the board is empty)"
        } else if self.finished() {
            "the game is over (100 plies without a capture)"
        } else if mv.is_pass() {
            "a pass is allowed only when your row is empty"
        } else if self.pits[mv.0 as usize] == 0 {
            "the pit is empty"
        } else if !SOLO && self.movable() >> mv.0 & 1 == 0 {
            "the pit is not on your row"
        } else {
            "not a legal move"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Sow, MoveError> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Sow::PASS);
        }
        parse_pit(text).map(Sow).ok_or_else(|| MoveError::Syntax {
            text: text.to_string(),
            expected: "a pit t1..t6 (top row) or b1..b6 (bottom row), or pass",
        })
    }

    /// The puzzle's target is always 1 (the empty board); the duel has none.
    fn target(&self) -> Option<u32> {
        SOLO.then_some(1)
    }

    fn set_target(&mut self, _target: Option<u32>) {}

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// Duel: the captured seeds. Puzzle: `[1, 0]` once the board is empty.
    #[inline]
    fn scores(&self) -> [u32; 2] {
        if SOLO {
            [u32::from(self.empty()), 0]
        } else {
            self.captured()
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The pits and the side to move; not the scores, the quiet count or
    /// the puzzle's capture reading (fixed for a whole search).
    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (p, &n) in self.pits.iter().enumerate() {
            hash ^= pit_key(p, n);
        }
        if self.side == Player::Two {
            hash ^= zobrist::key(zobrist::SIDE);
        }
        hash
    }

    /// Reads `adjiboto <row0> <row1> <side> <score1> <score2> [<quiet>]`
    /// or `adjiboto-solo <row0> <row1> [opposite]`.
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let (layout, min, max) = if SOLO {
            (format!("{id} <row0> <row1> [opposite]"), 3, 4)
        } else {
            (
                format!("{id} <row0> <row1> <side> <score1> <score2> [<quiet>]"),
                6,
                7,
            )
        };
        let f = fen::fields(text, id, min, max, &layout)?;
        let rows = [parse_row(f[1], 0)?, parse_row(f[2], 1)?];
        if SOLO {
            let opposite = match f.get(3) {
                None => false,
                Some(w) if w.eq_ignore_ascii_case("opposite") => true,
                Some(w) => return Err(FenError::new("capture row", "'opposite' or nothing", w)),
            };
            return Self::new(rows, [0, 0], Player::One, 0, opposite).map_err(|e| {
                FenError::new("board", format!("at most {SEEDS} seeds"), &e.to_string())
            });
        }
        let side = match f[3] {
            "1" => Player::One,
            "2" => Player::Two,
            other => return Err(FenError::new("side to move", "'1' or '2'", other)),
        };
        let s1 = fen::number("score 1", f[4], SEEDS)?;
        let s2 = fen::number("score 2", f[5], SEEDS)?;
        let quiet = match f.get(6) {
            Some(q) => fen::number("quiet plies", q, QUIET_LIMIT)?,
            None => 0,
        };
        Self::new(rows, [s1, s2], side, quiet, false).map_err(|e| {
            FenError::new(
                "seeds",
                format!("at most {SEEDS} on the board and captured together"),
                &e.to_string(),
            )
        })
    }
}

impl<const SOLO: bool> Display for AdjiBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAME)?;
        self.write_rows(f)?;
        if SOLO {
            if self.opposite {
                f.write_str(" opposite")?;
            }
            return Ok(());
        }
        let side = if self.side == Player::One { 1 } else { 2 };
        write!(f, " {side} {} {}", self.captured[0], self.captured[1])?;
        if self.quiet != 0 {
            write!(f, " {}", self.quiet)?;
        }
        Ok(())
    }
}

impl<const SOLO: bool> Debug for AdjiBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sowing_order_is_a_cycle_of_the_twelve_pits() {
        // b1 b2 … b6 t6 t5 … t1 b1.
        let mut p = 6u8;
        let mut names = Vec::new();
        for _ in 0..12 {
            names.push(Sow(p).to_string());
            p = NEXT[p as usize];
        }
        assert_eq!(names.join(" "), "b1 b2 b3 b4 b5 b6 t6 t5 t4 t3 t2 t1");
        assert_eq!(p, 6);
    }

    #[test]
    fn start_string_moves_and_hash() {
        let pos = Adjiboto::start();
        assert_eq!(pos.to_string(), "adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 0 0");
        assert_eq!(Adjiboto::from_fen(&pos.to_string()).unwrap(), pos);
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["t1", "t2", "t3", "t4", "t5", "t6"]);
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }

    #[test]
    fn twelve_or_more_seeds_skip_their_pit() {
        // 23 seeds from b1: two full laps of the 11 other pits, then one
        // more into b2; b1 stays empty.
        let mut pos = AdjibotoSolo::from_fen("adjiboto-solo 0,0,0,0,0,0 23,0,0,0,0,0").unwrap();
        assert_eq!(pos.landing(6), (7, 3));
        pos.play(Sow(6)).unwrap();
        // b2 gets 3 and is captured (any row).
        assert_eq!(pos.to_string(), "adjiboto-solo 2,2,2,2,2,2 0,0,2,2,2,2");
        assert_eq!(pos.hash(), pos.hash_from_scratch());
        // 11 seeds: the last falls just before the origin.
        let pos = AdjibotoSolo::from_fen("adjiboto-solo 0,0,0,0,0,0 0,11,0,0,0,0").unwrap();
        assert_eq!(pos.landing(7), (6, 1));
    }

    #[test]
    fn fen_errors_name_the_field() {
        let e = Adjiboto::from_fen("adjiboto 8,8,8,8,8 8,8,8,8,8,8 1 0 0").unwrap_err();
        assert_eq!(e.field, "row 0");
        let e = Adjiboto::from_fen("adjiboto 8,8,8,8,8,8 8,8,x,8,8,8 1 0 0").unwrap_err();
        assert_eq!(e.field, "row 1, pit 3");
        let e = Adjiboto::from_fen("adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 3 0 0").unwrap_err();
        assert_eq!(e.field, "side to move");
        let e = Adjiboto::from_fen("adjiboto 8,8,8,8,8,8 8,8,8,8,8,8 1 1 0").unwrap_err();
        assert_eq!(e.field, "seeds");
        let e = Adjiboto::from_fen("adjiboto 0,0,0,0,0,0 1,0,0,0,0,0 1 0 0 101").unwrap_err();
        assert_eq!(e.field, "quiet plies");
        let e = AdjibotoSolo::from_fen("adjiboto-solo 0,0,0,0,0,0 1,0,0,0,0,0 same").unwrap_err();
        assert_eq!(e.field, "capture row");
        let e = AdjibotoSolo::from_fen("adjiboto-solo 90,0,0,0,0,0 9,0,0,0,0,0").unwrap_err();
        assert_eq!(e.field, "board");
    }

    #[test]
    fn a_row_without_seeds_passes_and_the_quiet_limit_ends_the_game() {
        let mut pos = Adjiboto::from_fen("adjiboto 0,0,0,0,0,0 0,2,0,0,0,0 1 40 50").unwrap();
        assert_eq!(pos.legal_moves().as_slice(), [Sow::PASS]);
        pos.play(Sow::PASS).unwrap();
        assert_eq!(
            pos.to_string(),
            "adjiboto 0,0,0,0,0,0 0,2,0,0,0,0 2 40 50 1"
        );
        let pos = Adjiboto::from_fen("adjiboto 0,0,0,0,0,0 0,2,0,0,0,0 1 40 50 100").unwrap();
        assert!(pos.is_over());
        assert_eq!(pos.outcome(), Some(crate::game::Outcome::Win(Player::Two)));
    }
}
