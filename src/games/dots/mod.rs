//! Dots and Boxes (`dots`) and its single-player puzzle (`dots-solo`).
//!
//! A board of `rows × cols` boxes (1..=10 each) keeps its drawn arcs in two
//! bitboards laid out like the course's `(H V)` state: horizontal arc (r, c)
//! — dot row r, between dot columns c and c+1 — is bit `r * cols + c` of `h`;
//! vertical arc (r, c) — dot column c, between dot rows r and r+1 — is bit
//! `c * rows + r` of `v` (column-major, as the course's `V`). Two more bitboards
//! remember which arcs player 2 drew, for the position string.
//!
//! Drawing the fourth side of one or two boxes scores them and the same player
//! moves again ([`Dots::play_unchecked`]); there is no pass.

pub mod eval;
pub mod exact;
pub mod heuristics;
pub mod lisp;
pub mod params;
pub mod problems;
pub mod random;
pub mod render;
pub mod svg;

pub use params::{parse_size, DotsParams, SIZE_SHAPE};

use crate::game::fen::{self, FenError};
use crate::game::{zobrist, Game, GameMove, MoveError, MoveList, Player};
use std::fmt::{self, Debug, Display};

/// This game's Zobrist keys ([`zobrist::range`]).
mod keys {
    use crate::game::zobrist::range;
    /// Key of horizontal arc bit `i`: `H + i` (i < 128).
    pub const H: usize = range(0, 128);
    /// Key of vertical arc bit `i`: `V + i` (i < 128).
    pub const V: usize = range(128, 128);
}

/// Largest number of box rows or columns.
pub const MAX_SIDE: usize = 10;
/// Most arcs on a board (10 × 10 boxes: 110 + 110).
pub const MAX_ARCS: usize = 2 * MAX_SIDE * (MAX_SIDE + 1);

/// An arc, in board-independent coordinates (0-based).
///
/// Horizontal: dot row `r`, between dot columns `c` and `c + 1`.
/// Vertical: dot column `c`, between dot rows `r` and `r + 1`.
/// Written `h<r+1>.<c+1>` / `v<r+1>.<c+1>`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Arc {
    /// True for a vertical arc.
    pub vertical: bool,
    /// Row (0-based): dot row (horizontal) or box row (vertical).
    pub r: u8,
    /// Column (0-based): box column (horizontal) or dot column (vertical).
    pub c: u8,
}

impl Arc {
    /// The horizontal arc on dot row `r`, box column `c` (0-based).
    pub fn h(r: u8, c: u8) -> Arc {
        Arc {
            vertical: false,
            r,
            c,
        }
    }

    /// The vertical arc on dot column `c`, box row `r` (0-based).
    pub fn v(r: u8, c: u8) -> Arc {
        Arc {
            vertical: true,
            r,
            c,
        }
    }
}

impl GameMove for Arc {
    /// Never: every arc is drawn: Dots and Boxes has no pass.
    #[inline]
    fn is_pass(self) -> bool {
        false
    }
}

impl Display for Arc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.vertical { 'v' } else { 'h' };
        write!(f, "{kind}{}.{}", self.r + 1, self.c + 1)
    }
}

impl Debug for Arc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// A Dots and Boxes position. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DotsBoard<const SOLO: bool> {
    rows: u8,
    cols: u8,
    /// Drawn horizontal arcs.
    h: u128,
    /// Drawn vertical arcs.
    v: u128,
    /// Horizontal arcs drawn by player 2.
    h2: u128,
    /// Vertical arcs drawn by player 2.
    v2: u128,
    score: [u16; 2],
    side: Player,
    /// The puzzle's target (0 when none was given).
    target: u16,
    hash: u64,
}

/// The two-player game (`dots`).
pub type Dots = DotsBoard<false>;
/// The puzzle (`dots-solo`).
pub type DotsSolo = DotsBoard<true>;

#[inline]
fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

impl<const SOLO: bool> DotsBoard<SOLO> {
    /// The empty board of `rows × cols` boxes, player 1 to move.
    ///
    /// # Panics
    /// When a side is not in `1..=10` (parsers check this first).
    pub fn empty(rows: usize, cols: usize) -> DotsBoard<SOLO> {
        assert!((1..=MAX_SIDE).contains(&rows) && (1..=MAX_SIDE).contains(&cols));
        DotsBoard {
            rows: rows as u8,
            cols: cols as u8,
            h: 0,
            v: 0,
            h2: 0,
            v2: 0,
            score: [0; 2],
            side: Player::One,
            target: 0,
            hash: 0,
        }
    }

    /// Number of box rows.
    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    /// Number of box columns.
    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Number of horizontal arcs, `(rows + 1) * cols`.
    fn h_count(&self) -> usize {
        (self.rows as usize + 1) * self.cols as usize
    }

    /// Number of vertical arcs, `rows * (cols + 1)`.
    fn v_count(&self) -> usize {
        self.rows as usize * (self.cols as usize + 1)
    }

    /// Total number of arcs.
    pub fn arc_count(&self) -> usize {
        self.h_count() + self.v_count()
    }

    /// Number of arcs drawn.
    pub fn drawn_count(&self) -> usize {
        (self.h.count_ones() + self.v.count_ones()) as usize
    }

    /// The same board as a two-player [`Dots`] position (the identity for
    /// a `Dots`; a puzzle keeps its side, scores and target fields).
    pub fn as_duel(&self) -> Dots {
        DotsBoard {
            rows: self.rows,
            cols: self.cols,
            h: self.h,
            v: self.v,
            h2: self.h2,
            v2: self.v2,
            score: self.score,
            side: self.side,
            target: self.target,
            hash: self.hash,
        }
    }

    /// The puzzle's target, if one was given.
    pub fn target(&self) -> Option<u32> {
        (self.target > 0).then_some(self.target as u32)
    }

    /// Sets (or clears, with `None`) the puzzle's target.
    pub fn set_target(&mut self, target: Option<u32>) {
        self.target = target.map_or(0, |t| t.min(u16::MAX as u32) as u16);
    }

    /// Is the arc on the board?
    pub fn contains(&self, arc: Arc) -> bool {
        let (r, c) = (arc.r as usize, arc.c as usize);
        let (rows, cols) = (self.rows(), self.cols());
        if arc.vertical {
            r < rows && c <= cols
        } else {
            r <= rows && c < cols
        }
    }

    /// The bit of an arc in `h` or `v`.
    #[inline]
    fn bit(&self, arc: Arc) -> u32 {
        if arc.vertical {
            arc.c as u32 * self.rows as u32 + arc.r as u32
        } else {
            arc.r as u32 * self.cols as u32 + arc.c as u32
        }
    }

    /// The arc of bit `bit` of `h` (or of `v` when `vertical`).
    #[inline]
    fn arc_of(&self, vertical: bool, bit: u32) -> Arc {
        if vertical {
            Arc::v(
                (bit % self.rows as u32) as u8,
                (bit / self.rows as u32) as u8,
            )
        } else {
            Arc::h(
                (bit / self.cols as u32) as u8,
                (bit % self.cols as u32) as u8,
            )
        }
    }

    /// Is the arc drawn? (`false` for arcs off the board.)
    pub fn is_drawn(&self, arc: Arc) -> bool {
        self.contains(arc) && self.drawn(arc)
    }

    #[inline]
    fn drawn(&self, arc: Arc) -> bool {
        let bits = if arc.vertical { self.v } else { self.h };
        bits >> self.bit(arc) & 1 == 1
    }

    /// Who drew an arc (`None` if not drawn; always player 1 in the puzzle).
    pub fn owner(&self, arc: Arc) -> Option<Player> {
        if !self.is_drawn(arc) {
            return None;
        }
        let bits = if arc.vertical { self.v2 } else { self.h2 };
        Some(if bits >> self.bit(arc) & 1 == 1 {
            Player::Two
        } else {
            Player::One
        })
    }

    /// Number of drawn sides of box (i, j).
    #[inline]
    pub fn sides(&self, i: usize, j: usize) -> u32 {
        let (rows, cols) = (self.rows(), self.cols());
        (self.h >> (i * cols + j) & 1) as u32
            + (self.h >> ((i + 1) * cols + j) & 1) as u32
            + (self.v >> (j * rows + i) & 1) as u32
            + (self.v >> ((j + 1) * rows + i) & 1) as u32
    }

    /// Number of closed boxes on the board.
    pub fn closed_boxes(&self) -> u32 {
        let mut n = 0;
        for i in 0..self.rows() {
            for j in 0..self.cols() {
                n += u32::from(self.sides(i, j) == 4);
            }
        }
        n
    }

    /// Number of boxes on the board.
    pub fn box_count(&self) -> u32 {
        (self.rows as u32) * (self.cols as u32)
    }

    /// The boxes on either side of an arc (at most two), as (row, col).
    #[inline]
    pub fn boxes_of(&self, arc: Arc) -> [Option<(usize, usize)>; 2] {
        let (r, c) = (arc.r as usize, arc.c as usize);
        if arc.vertical {
            [
                (c > 0).then(|| (r, c - 1)),
                (c < self.cols()).then_some((r, c)),
            ]
        } else {
            [
                (r > 0).then(|| (r - 1, c)),
                (r < self.rows()).then_some((r, c)),
            ]
        }
    }

    /// Draws an arc for `player` (no legality check) and returns how many
    /// boxes it closed.
    #[inline]
    fn draw(&mut self, arc: Arc, player: Player) -> u32 {
        let bit = self.bit(arc);
        if arc.vertical {
            self.v |= 1u128 << bit;
            if player == Player::Two {
                self.v2 |= 1u128 << bit;
            }
            self.hash ^= zobrist::key(keys::V + bit as usize);
        } else {
            self.h |= 1u128 << bit;
            if player == Player::Two {
                self.h2 |= 1u128 << bit;
            }
            self.hash ^= zobrist::key(keys::H + bit as usize);
        }
        self.boxes_of(arc)
            .into_iter()
            .flatten()
            .filter(|&(i, j)| self.sides(i, j) == 4)
            .count() as u32
    }

    /// Undrawn arcs as bitboards `(h, v)`.
    #[inline]
    pub fn free(&self) -> (u128, u128) {
        (
            !self.h & low_bits(self.h_count()),
            !self.v & low_bits(self.v_count()),
        )
    }

    /// Parses one `H` or `V` group list of the position string.
    fn parse_arcs(&mut self, text: &str, vertical: bool, field: &str) -> Result<(), FenError> {
        let (groups, len) = if vertical {
            (self.cols() + 1, self.rows())
        } else {
            (self.rows() + 1, self.cols())
        };
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != groups {
            return Err(FenError::new(
                field,
                format!("{groups} groups separated by '/'"),
                text,
            ));
        }
        for (g, part) in parts.iter().enumerate() {
            if part.len() != len {
                return Err(FenError::new(
                    format!("{field} group {}", g + 1),
                    format!("{len} characters '0', '1' or '2'"),
                    part,
                ));
            }
            for (k, ch) in part.bytes().enumerate() {
                let arc = if vertical {
                    Arc::v(k as u8, g as u8)
                } else {
                    Arc::h(g as u8, k as u8)
                };
                match ch {
                    b'0' => {}
                    b'1' => {
                        self.draw(arc, Player::One);
                    }
                    b'2' => {
                        let owner = if SOLO { Player::One } else { Player::Two };
                        self.draw(arc, owner);
                    }
                    _ => {
                        return Err(FenError::new(
                            format!("{field} group {}, character {}", g + 1, k + 1),
                            "'0', '1' or '2'",
                            &(ch as char).to_string(),
                        ))
                    }
                }
            }
        }
        Ok(())
    }

    fn write_arcs(&self, f: &mut fmt::Formatter<'_>, vertical: bool) -> fmt::Result {
        let (groups, len) = if vertical {
            (self.cols() + 1, self.rows())
        } else {
            (self.rows() + 1, self.cols())
        };
        for g in 0..groups {
            if g > 0 {
                f.write_str("/")?;
            }
            for k in 0..len {
                let arc = if vertical {
                    Arc::v(k as u8, g as u8)
                } else {
                    Arc::h(g as u8, k as u8)
                };
                f.write_str(match self.owner(arc) {
                    None => "0",
                    Some(Player::One) => "1",
                    Some(Player::Two) => "2",
                })?;
            }
        }
        Ok(())
    }
}

/// Parses the `<rows>x<cols>` field with the one board-size parser,
/// [`params::parse_size`].
fn parse_size_field(text: &str) -> Result<(usize, usize), FenError> {
    params::parse_size(text).ok_or_else(|| FenError::new("size", params::SIZE_SHAPE, text))
}

impl<const SOLO: bool> Game for DotsBoard<SOLO> {
    type Move = Arc;
    type Moves = MoveList<Arc, MAX_ARCS>;
    const NAME: &'static str = if SOLO { "dots-solo" } else { "dots" };
    const PUZZLE: bool = SOLO;

    /// Undrawn arcs: horizontal ones row by row, then vertical ones column by
    /// column (the order of the course's `(H V)` lists).
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        let (mut h, mut v) = self.free();
        while h != 0 {
            moves.push(self.arc_of(false, h.trailing_zeros()));
            h &= h - 1;
        }
        while v != 0 {
            moves.push(self.arc_of(true, v.trailing_zeros()));
            v &= v - 1;
        }
        moves
    }

    #[inline]
    fn count_moves(&self) -> usize {
        let (h, v) = self.free();
        (h.count_ones() + v.count_ones()) as usize
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.free() == (0, 0)
    }

    /// Draws the arc; closing a box scores it and keeps the turn.
    #[inline]
    fn play_unchecked(&mut self, arc: Arc) {
        let closed = self.draw(arc, self.side);
        if closed > 0 {
            self.score[self.side.index()] += closed as u16;
        } else if !SOLO {
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn play(&mut self, arc: Arc) -> Result<(), MoveError> {
        if self.contains(arc) && !self.drawn(arc) {
            self.play_unchecked(arc);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: arc.to_string(),
                why: self.why_illegal(arc),
            })
        }
    }

    fn why_illegal(&self, arc: Arc) -> &'static str {
        if !self.contains(arc) {
            "the arc is not on this board"
        } else {
            "the arc is already drawn"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Arc, MoveError> {
        let syntax = || MoveError::Syntax {
            text: text.to_string(),
            expected: "an arc h<row>.<col> or v<row>.<col> (1-based)",
        };
        let vertical = match text.as_bytes().first() {
            Some(b'h' | b'H') => false,
            Some(b'v' | b'V') => true,
            _ => return Err(syntax()),
        };
        let (r, c) = text[1..].split_once('.').ok_or_else(syntax)?;
        let num = |s: &str| -> Option<u8> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            s.parse::<u8>().ok().filter(|&n| n >= 1)
        };
        let (r, c) = (num(r).ok_or_else(syntax)?, num(c).ok_or_else(syntax)?);
        let arc = Arc {
            vertical,
            r: r - 1,
            c: c - 1,
        };
        if !self.contains(arc) {
            return Err(MoveError::Syntax {
                text: text.to_string(),
                expected: "an arc on this board",
            });
        }
        Ok(arc)
    }

    /// The puzzle's target (a two-player game has none).
    fn target(&self) -> Option<u32> {
        (SOLO && self.target > 0).then_some(self.target as u32)
    }

    fn set_target(&mut self, target: Option<u32>) {
        if SOLO {
            self.target = target.map_or(0, |t| t.min(u16::MAX as u32) as u16);
        }
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    fn scores(&self) -> [u32; 2] {
        [self.score[0] as u32, self.score[1] as u32]
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for (bits, base) in [(self.h, keys::H), (self.v, keys::V)] {
            let mut b = bits;
            while b != 0 {
                hash ^= zobrist::key(base + b.trailing_zeros() as usize);
                b &= b - 1;
            }
        }
        if self.side == Player::Two {
            hash ^= zobrist::key(zobrist::SIDE);
        }
        hash
    }

    /// Reads `dots <rows>x<cols> <H> <V> <side> <score1> <score2>` or
    /// `dots-solo <rows>x<cols> <H> <V> [<target>]` (the puzzle's score is the
    /// number of closed boxes).
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let f = if SOLO {
            fen::fields(
                text,
                id,
                4,
                5,
                &format!("{id} <rows>x<cols> <H> <V> [<target>]"),
            )?
        } else {
            fen::fields(
                text,
                id,
                7,
                7,
                &format!("{id} <rows>x<cols> <H> <V> <side> <score1> <score2>"),
            )?
        };
        let (rows, cols) = parse_size_field(f[1])?;
        let mut pos = Self::empty(rows, cols);
        pos.parse_arcs(f[2], false, "H")?;
        pos.parse_arcs(f[3], true, "V")?;
        let boxes = pos.box_count();
        if SOLO {
            pos.score[0] = pos.closed_boxes() as u16;
            if let Some(t) = f.get(4) {
                pos.target = fen::number("target", t, boxes)? as u16;
            }
            return Ok(pos);
        }
        pos.side = match f[4] {
            "1" => Player::One,
            "2" => Player::Two,
            other => return Err(FenError::new("side to move", "'1' or '2'", other)),
        };
        if pos.side == Player::Two {
            pos.hash ^= zobrist::key(zobrist::SIDE);
        }
        pos.score[0] = fen::number("score1", f[5], boxes)? as u16;
        pos.score[1] = fen::number("score2", f[6], boxes)? as u16;
        if pos.score[0] + pos.score[1] > boxes as u16 {
            return Err(FenError::new(
                "score2",
                format!("scores adding up to at most {boxes} boxes"),
                f[6],
            ));
        }
        Ok(pos)
    }
}

impl<const SOLO: bool> Display for DotsBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}x{} ", Self::NAME, self.rows, self.cols)?;
        self.write_arcs(f, false)?;
        f.write_str(" ")?;
        self.write_arcs(f, true)?;
        if SOLO {
            if self.target > 0 {
                write!(f, " {}", self.target)?;
            }
            Ok(())
        } else {
            let side = if self.side == Player::One { 1 } else { 2 };
            write!(f, " {side} {} {}", self.score[0], self.score[1])
        }
    }
}

impl<const SOLO: bool> Debug for DotsBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_string_matches_the_interface() {
        let pos = Dots::empty(2, 2);
        assert_eq!(pos.to_string(), "dots 2x2 00/00/00 00/00/00 1 0 0");
        assert_eq!(Dots::from_fen(&pos.to_string()).unwrap(), pos);
        assert_eq!(pos.count_moves(), 12);
        assert_eq!(Dots::empty(5, 6).count_moves(), 71);
    }

    #[test]
    fn closing_a_box_scores_and_keeps_the_turn() {
        let mut pos = Dots::empty(1, 1);
        for m in ["h1.1", "h2.1", "v1.1"] {
            pos.play(pos.parse_move(m).unwrap()).unwrap();
        }
        // Three sides drawn by alternating players: player 2 is to move.
        assert_eq!(pos.side_to_move(), Player::Two);
        pos.play(pos.parse_move("v1.2").unwrap()).unwrap();
        assert_eq!(pos.scores(), [0, 1]);
        assert!(pos.is_over());
        assert_eq!(pos.to_string(), "dots 1x1 1/2 1/2 2 0 1");
    }

    #[test]
    fn one_arc_can_close_two_boxes() {
        // 1x2 board: everything but the middle vertical arc.
        let mut pos = Dots::from_fen("dots 1x2 11/11 1/0/1 1 0 0").unwrap();
        let mid = pos.parse_move("v1.2").unwrap();
        pos.play(mid).unwrap();
        assert_eq!(pos.scores(), [2, 0]);
        assert_eq!(pos.side_to_move(), Player::One);
    }

    #[test]
    fn notation_checks_bounds() {
        let pos = Dots::empty(2, 3);
        assert!(pos.parse_move("h3.3").is_ok());
        assert!(pos.parse_move("h4.1").is_err());
        assert!(pos.parse_move("v2.4").is_ok());
        assert!(pos.parse_move("v3.1").is_err());
        assert!(pos.parse_move("x1.1").is_err());
        assert!(pos.parse_move("h1.0").is_err());
        assert!(pos.parse_move("h1").is_err());
        assert_eq!(pos.parse_move("V2.4").unwrap().to_string(), "v2.4");
    }

    #[test]
    fn fen_errors_name_the_field() {
        let e = Dots::from_fen("dots 2x2 00/00 00/00/00 1 0 0").unwrap_err();
        assert_eq!(e.field, "H");
        let e = Dots::from_fen("dots 2x2 00/00/00 00/0x/00 1 0 0").unwrap_err();
        assert_eq!(e.field, "V group 2, character 2");
        let e = Dots::from_fen("dots 11x2 00/00/00 00/00/00 1 0 0").unwrap_err();
        assert_eq!(e.field, "size");
        assert_eq!(
            e.to_string(),
            "size: expected <rows>x<cols>, each 1..10, found '11x2'"
        );
        for size in ["0x2", "2x", "+2x2", "2*2", "2x2x2"] {
            let e = Dots::from_fen(&format!("dots {size} 00/00/00 00/00/00 1 0 0")).unwrap_err();
            assert_eq!(e.field, "size", "{size}");
        }
        assert!(params::SIZE_SHAPE.ends_with(&format!("1..{MAX_SIDE}")));
        let e = Dots::from_fen("dots 2x2 00/00/00 00/00/00 3 0 0").unwrap_err();
        assert_eq!(e.field, "side to move");
    }
}
