//! Quatro (`quatro`) and its single-player puzzle (`quatro-solo`), the
//! course's 2020/21 game (`rules/quatro.md`).
//!
//! A 4 × 4 board and 16 pieces, each with four two-valued attributes. A
//! piece is its index `0..16` in the canonical order of rules §1.4 (colour
//! changes fastest, then height, then shape, then fill), so its four bits
//! *are* its attribute values:
//!
//! | bit | attribute | 0 | 1 |
//! |---|---|---|---|
//! | 0 | cor (colour) | `b` branca | `p` preta |
//! | 1 | altura (height) | `a` alta | `b` baixa |
//! | 2 | forma (shape) | `r` redonda | `q` quadrada |
//! | 3 | densidade (fill) | `o` oca | `c` cheia |
//!
//! and a piece is written colour, shape, height, fill: `brao`, `pqbc`.
//! Four pieces share a value when the AND of their indices, or the AND of
//! their complements, is not zero ([`shares_value`]).
//!
//! The board is 16 squares `a1 b1 c1 d1 a2 … d4` (square `s = 4 * row +
//! column`, row 1 at the top), kept as 16 four-bit cells in a `u64` and an
//! occupancy `u16`. The reserve is an ordered list (the puzzle's reserve is a
//! multiset in the order the problem gives it, rules §3.6; the duel's is the
//! pieces not on the board, in canonical order). A move places one piece of
//! the reserve on an empty square, `<piece>@<square>` (rules §4.6); the move
//! order is pieces in reserve order (a repeated piece once), then squares in
//! order (rules §3.4).
//!
//! - Duel: the mover who completes a winning line wins at once; a full board
//!   without one is a draw. There are no points in the rules; the search
//!   works on score differences, so the winner's score is [`WIN_POINTS`]
//!   (`scores()`), and [`Game::outcome`] says who won.
//! - Puzzle: the goal is a winning line, each placement costs 1. It is
//!   mapped onto the puzzle framework's score and target: the score is 1
//!   once the board holds a winning line (0 before) and every problem's
//!   target is 1, so "score ≥ target" is the goal and the solvers' depth
//!   is the number of placements.

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
use crate::game::{zobrist, Game, GameMove, MoveError, MoveList, Outcome, Player};
use std::fmt::{self, Debug, Display};

/// This game's Zobrist keys ([`zobrist::range`]).
mod keys {
    use crate::game::zobrist::range;
    /// Key of "piece `p` stands on square `s`": `PIECE + 16 * p + s`.
    pub const PIECE: usize = range(0, 256);
    /// Key of piece `p` in the reserve: `RESERVE + p`, rotated left by
    /// `4 * (copies - 1)` (the puzzle's reserve is a multiset).
    pub const RESERVE: usize = range(320, 16);
}

/// The winner's score in the duel (the search's unit: a won game is worth
/// this many points, more than any evaluation).
pub const WIN_POINTS: u32 = 100;

/// Number of pieces (and of squares).
pub const N: usize = 16;

/// The 10 lines: 4 rows, 4 columns, the diagonals `a1 b2 c3 d4` and `a4 b3
/// c2 d1`, as square masks.
pub const LINES: [u16; 10] = [
    0x000F, 0x00F0, 0x0F00, 0xF000, // rows
    0x1111, 0x2222, 0x4444, 0x8888, // columns
    0x8421, // a1 b2 c3 d4
    0x1248, // a4 b3 c2 d1
];

/// The lines through each square (bit `i` = `LINES[i]`).
pub const LINES_OF: [u16; 16] = lines_of();

const fn lines_of() -> [u16; 16] {
    let mut out = [0u16; 16];
    let mut s = 0;
    while s < 16 {
        let mut i = 0;
        while i < 10 {
            if LINES[i] >> s & 1 == 1 {
                out[s] |= 1 << i;
            }
            i += 1;
        }
        s += 1;
    }
    out
}

/// The letters of each attribute, in the written order (colour, shape,
/// height, fill) with the bit each reads.
const LETTERS: [(u8, [u8; 2]); 4] = [(0, *b"bp"), (2, *b"rq"), (1, *b"ab"), (3, *b"oc")];

/// A piece's four letters (`brao`).
pub fn piece_name(p: u8) -> [u8; 4] {
    let mut out = [0u8; 4];
    for (k, (bit, letters)) in LETTERS.iter().enumerate() {
        out[k] = letters[(p >> bit & 1) as usize];
    }
    out
}

/// A piece's four letters as a `String`.
pub fn piece_str(p: u8) -> String {
    String::from_utf8_lossy(&piece_name(p)).into_owned()
}

/// A piece from its four letters, any case.
pub fn parse_piece(text: &str) -> Option<u8> {
    let b = text.as_bytes();
    if b.len() != 4 {
        return None;
    }
    let mut p = 0u8;
    for (k, (bit, letters)) in LETTERS.iter().enumerate() {
        let c = b[k].to_ascii_lowercase();
        let v = letters.iter().position(|&l| l == c)? as u8;
        p |= v << bit;
    }
    Some(p)
}

/// A square's name, `a1`..`d4`.
pub fn square_name(s: u8) -> String {
    format!("{}{}", (b'a' + s % 4) as char, s / 4 + 1)
}

/// A square from its name, any case.
pub fn parse_square(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [c, r] => {
            let c = c.to_ascii_lowercase();
            if (b'a'..=b'd').contains(&c) && (b'1'..=b'4').contains(r) {
                Some((r - b'1') * 4 + (c - b'a'))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Do these pieces (indices, four of them for a line) share an attribute
/// value? The AND of the pieces or the AND of their complements is not 0.
#[inline]
pub fn shares_value(pieces: &[u8]) -> bool {
    let (mut and, mut nand) = (0xF, 0xF);
    for &p in pieces {
        and &= p;
        nand &= !p & 0xF;
    }
    and | nand != 0
}

/// A placement: a piece of the reserve on an empty square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// The piece, `0..16` in canonical order.
    pub piece: u8,
    /// The square, `0..16` (`a1 b1 … d4`).
    pub square: u8,
}

impl GameMove for Place {
    /// Never: Quatro has no pass.
    #[inline]
    fn is_pass(self) -> bool {
        false
    }
}

impl Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", piece_str(self.piece), square_name(self.square))
    }
}

impl Debug for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// A Quatro position. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct QuatroBoard<const SOLO: bool> {
    /// Square `s` holds piece `cells >> (4 s) & 0xF` when occupied.
    cells: u64,
    /// Occupied squares.
    occ: u16,
    /// The reserve, in order (`reserve[..len]`).
    reserve: [u8; N],
    len: u8,
    side: Player,
    /// True once the board holds a winning line.
    won: bool,
    hash: u64,
}

/// The two-player game (`quatro`).
pub type Quatro = QuatroBoard<false>;
/// The puzzle (`quatro-solo`).
pub type QuatroSolo = QuatroBoard<true>;

/// The Zobrist key of a reserve count (0 for none; distinct for 1..=16).
#[inline]
fn reserve_key(piece: u8, count: u32) -> u64 {
    if count == 0 {
        0
    } else {
        zobrist::key(keys::RESERVE + piece as usize).rotate_left(4 * (count - 1))
    }
}

impl<const SOLO: bool> QuatroBoard<SOLO> {
    /// The empty board with an empty reserve, player 1 to move.
    fn bare() -> QuatroBoard<SOLO> {
        QuatroBoard {
            cells: 0,
            occ: 0,
            reserve: [0; N],
            len: 0,
            side: Player::One,
            won: false,
            hash: 0,
        }
    }

    /// The empty board with all 16 pieces in reserve (canonical order),
    /// player 1 to move.
    pub fn empty() -> QuatroBoard<SOLO> {
        let mut pos = Self::bare();
        for p in 0..N as u8 {
            pos.push_reserve(p);
        }
        pos
    }

    /// Builds a position from its board (`None` = empty) and reserve; the
    /// puzzle keeps the reserve as given, the duel takes the pieces not on
    /// the board. Pieces must be `< 16`.
    pub fn from_parts(board: [Option<u8>; N], reserve: &[u8], side: Player) -> Self {
        let mut pos = Self::bare();
        for (s, p) in board.iter().enumerate() {
            if let Some(p) = *p {
                pos.put(p, s as u8);
            }
        }
        if SOLO {
            for &p in reserve.iter().take(N) {
                pos.push_reserve(p);
            }
        } else {
            let on: u16 = board.iter().flatten().fold(0, |m, &p| m | 1 << p);
            for p in 0..N as u8 {
                if on >> p & 1 == 0 {
                    pos.push_reserve(p);
                }
            }
            if side == Player::Two {
                pos.side = Player::Two;
                pos.hash ^= zobrist::key(zobrist::SIDE);
            }
        }
        pos.won = pos.has_winning_line();
        pos
    }

    fn push_reserve(&mut self, p: u8) {
        let before = self.count(p);
        self.reserve[self.len as usize] = p;
        self.len += 1;
        self.hash ^= reserve_key(p, before) ^ reserve_key(p, before + 1);
    }

    /// Puts a piece on a square (no checks, no reserve change).
    #[inline]
    fn put(&mut self, p: u8, s: u8) {
        self.cells |= (p as u64) << (4 * s);
        self.occ |= 1 << s;
        self.hash ^= zobrist::key(keys::PIECE + 16 * p as usize + s as usize);
    }

    /// The piece on square `s`, if any.
    #[inline]
    pub fn at(&self, s: u8) -> Option<u8> {
        (self.occ >> s & 1 == 1).then_some((self.cells >> (4 * s) & 0xF) as u8)
    }

    /// The occupied squares.
    #[inline]
    pub fn occupied(&self) -> u16 {
        self.occ
    }

    /// The reserve, in order.
    #[inline]
    pub fn reserve(&self) -> &[u8] {
        &self.reserve[..self.len as usize]
    }

    /// Copies of piece `p` in the reserve.
    #[inline]
    pub fn count(&self, p: u8) -> u32 {
        self.reserve().iter().filter(|&&q| q == p).count() as u32
    }

    /// The distinct pieces of the reserve as a mask (bit `p`).
    #[inline]
    pub fn reserve_mask(&self) -> u16 {
        self.reserve().iter().fold(0, |m, &p| m | 1 << p)
    }

    /// True once the board holds a winning line.
    #[inline]
    pub fn won(&self) -> bool {
        self.won
    }

    /// Is line `mask` full with four pieces sharing a value?
    #[inline]
    pub fn line_wins(&self, mask: u16) -> bool {
        if self.occ & mask != mask {
            return false;
        }
        let (mut and, mut nand) = (0xFu64, 0xFu64);
        let mut m = mask;
        while m != 0 {
            let s = m.trailing_zeros();
            m &= m - 1;
            let p = self.cells >> (4 * s) & 0xF;
            and &= p;
            nand &= !p & 0xF;
        }
        and | nand != 0
    }

    /// Does any line of the board win?
    pub fn has_winning_line(&self) -> bool {
        LINES.iter().any(|&l| self.line_wins(l))
    }

    /// Does a line through square `s` win?
    #[inline]
    fn wins_through(&self, s: u8) -> bool {
        let mut ls = LINES_OF[s as usize];
        while ls != 0 {
            let i = ls.trailing_zeros();
            ls &= ls - 1;
            if self.line_wins(LINES[i as usize]) {
                return true;
            }
        }
        false
    }

    /// The board as 16 cells.
    pub fn board(&self) -> [Option<u8>; N] {
        let mut out = [None; N];
        for (s, cell) in out.iter_mut().enumerate() {
            *cell = self.at(s as u8);
        }
        out
    }

    /// The winner of a finished duel (the player who completed a line).
    pub fn winner(&self) -> Option<Player> {
        (!SOLO && self.won).then(|| self.side.other())
    }

    /// Would placing `p` on the empty square `s` complete a winning line?
    #[inline]
    pub fn completes(&self, p: u8, s: u8) -> bool {
        let mut child = *self;
        child.cells |= (p as u64) << (4 * s);
        child.occ |= 1 << s;
        child.wins_through(s)
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..4u8 {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..4u8 {
                if c > 0 {
                    f.write_str(",")?;
                }
                match self.at(4 * r + c) {
                    Some(p) => f.write_str(&piece_str(p))?,
                    None => f.write_str("-")?,
                }
            }
        }
        Ok(())
    }
}

/// Parses the board field: 4 rows separated by `/`, 4 comma-separated cells.
fn parse_board(text: &str) -> Result<[Option<u8>; N], FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 4 {
        return Err(FenError::new("board", "4 rows separated by '/'", text));
    }
    let mut board = [None; N];
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<&str> = row.split(',').collect();
        if cells.len() != 4 {
            return Err(FenError::new(
                format!("row {}", r + 1),
                "4 comma-separated cells",
                row,
            ));
        }
        for (c, cell) in cells.iter().enumerate() {
            if *cell == "-" {
                continue;
            }
            let p = parse_piece(cell).ok_or_else(|| {
                FenError::new(
                    format!("row {}, cell {}", r + 1, c + 1),
                    "a piece (four letters [bp][rq][ab][oc], e.g. 'brao') or '-'",
                    cell,
                )
            })?;
            board[4 * r + c] = Some(p);
        }
    }
    Ok(board)
}

/// Parses the puzzle's reserve field: comma-separated pieces or `-`.
fn parse_reserve(text: &str) -> Result<Vec<u8>, FenError> {
    if text == "-" {
        return Ok(Vec::new());
    }
    let items: Vec<&str> = text.split(',').collect();
    if items.len() > N {
        return Err(FenError::new(
            "reserve",
            format!("at most {N} pieces"),
            text,
        ));
    }
    items
        .iter()
        .enumerate()
        .map(|(k, item)| {
            parse_piece(item).ok_or_else(|| {
                FenError::new(
                    format!("reserve, piece {}", k + 1),
                    "a piece (four letters [bp][rq][ab][oc], e.g. 'brao')",
                    item,
                )
            })
        })
        .collect()
}

impl<const SOLO: bool> Game for QuatroBoard<SOLO> {
    type Move = Place;
    type Moves = MoveList<Place, 256>;
    const NAME: &'static str = if SOLO { "quatro-solo" } else { "quatro" };
    const PUZZLE: bool = SOLO;

    /// Pieces in reserve order (a repeated piece once), then the empty
    /// squares `a1 b1 … d4` (rules §3.4). None once a line wins.
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        if self.won {
            return moves;
        }
        let free = !self.occ;
        let mut seen = 0u16;
        for &p in self.reserve() {
            if seen >> p & 1 == 1 {
                continue;
            }
            seen |= 1 << p;
            let mut f = free;
            while f != 0 {
                let s = f.trailing_zeros() as u8;
                f &= f - 1;
                moves.push(Place {
                    piece: p,
                    square: s,
                });
            }
        }
        moves
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.won {
            return 0;
        }
        self.reserve_mask().count_ones() as usize * (!self.occ).count_ones() as usize
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.won || self.len == 0 || self.occ == 0xFFFF
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Place) {
        let Place { piece, square } = mv;
        // Remove the first copy of the piece from the reserve, keeping the
        // order of the others.
        let len = self.len as usize;
        if let Some(k) = self.reserve[..len].iter().position(|&q| q == piece) {
            let before = self.count(piece);
            self.reserve.copy_within(k + 1..len, k);
            // Slots past the reserve stay 0, so that equal positions are `==`.
            self.reserve[len - 1] = 0;
            self.len -= 1;
            self.hash ^= reserve_key(piece, before) ^ reserve_key(piece, before - 1);
        }
        self.put(piece, square);
        self.won = self.wins_through(square);
        if !SOLO {
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn play(&mut self, mv: Place) -> Result<(), MoveError> {
        if mv.piece < 16
            && mv.square < 16
            && !self.won
            && self.occ >> mv.square & 1 == 0
            && self.reserve().contains(&mv.piece)
        {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                why: self.why_illegal(mv),
            })
        }
    }

    fn why_illegal(&self, mv: Place) -> &'static str {
        if self.won {
            "the game is over (a line is complete)"
        } else if self.occ >> (mv.square & 15) & 1 == 1 {
            "the square is not empty"
        } else if !self.reserve().contains(&mv.piece) {
            "the piece is not in the reserve"
        } else {
            "not a legal placement"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Place, MoveError> {
        let syntax = || MoveError::Syntax {
            text: text.to_string(),
            expected: "<piece>@<square>, a piece of four letters [bp][rq][ab][oc] and a \
                       square a1..d4 (e.g. brao@c3)",
        };
        let (p, s) = text.split_once('@').ok_or_else(syntax)?;
        let piece = parse_piece(p).ok_or_else(syntax)?;
        let square = parse_square(s).ok_or_else(syntax)?;
        Ok(Place { piece, square })
    }

    /// The puzzle's target is always 1 (a winning line); the duel has none.
    fn target(&self) -> Option<u32> {
        SOLO.then_some(1)
    }

    fn set_target(&mut self, _target: Option<u32>) {}

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// Puzzle: `[1, 0]` once a line wins. Duel: [`WIN_POINTS`] for the
    /// winner.
    fn scores(&self) -> [u32; 2] {
        if !self.won {
            return [0, 0];
        }
        if SOLO {
            return [1, 0];
        }
        match self.side.other() {
            Player::One => [WIN_POINTS, 0],
            Player::Two => [0, WIN_POINTS],
        }
    }

    /// The duel: the player who completed a line, or a draw on a full board.
    fn outcome(&self) -> Option<Outcome> {
        if SOLO || !self.is_over() {
            return None;
        }
        Some(match self.winner() {
            Some(p) => Outcome::Win(p),
            None => Outcome::Draw,
        })
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for s in 0..N as u8 {
            if let Some(p) = self.at(s) {
                hash ^= zobrist::key(keys::PIECE + 16 * p as usize + s as usize);
            }
        }
        for p in 0..N as u8 {
            hash ^= reserve_key(p, self.count(p));
        }
        if self.side == Player::Two {
            hash ^= zobrist::key(zobrist::SIDE);
        }
        hash
    }

    /// Reads `quatro <rows> <side>` (the pieces on the board distinct) or
    /// `quatro-solo <rows> <reserve>`.
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let layout = if SOLO {
            format!("{id} <row1>/<row2>/<row3>/<row4> <reserve>")
        } else {
            format!("{id} <row1>/<row2>/<row3>/<row4> <side>")
        };
        let f = fen::fields(text, id, 3, 3, &layout)?;
        let board = parse_board(f[1])?;
        if SOLO {
            let reserve = parse_reserve(f[2])?;
            return Ok(Self::from_parts(board, &reserve, Player::One));
        }
        let mut on = 0u16;
        for (s, p) in board.iter().enumerate() {
            if let Some(p) = *p {
                if on >> p & 1 == 1 {
                    return Err(FenError::new(
                        format!("row {}, cell {}", s / 4 + 1, s % 4 + 1),
                        "a piece not already on the board (the duel's 16 pieces are distinct)",
                        &piece_str(p),
                    ));
                }
                on |= 1 << p;
            }
        }
        let side = match f[2] {
            "1" => Player::One,
            "2" => Player::Two,
            other => return Err(FenError::new("side to move", "'1' or '2'", other)),
        };
        Ok(Self::from_parts(board, &[], side))
    }
}

impl<const SOLO: bool> Display for QuatroBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", Self::NAME)?;
        self.write_board(f)?;
        if SOLO {
            if self.len == 0 {
                return f.write_str(" -");
            }
            f.write_str(" ")?;
            for (k, &p) in self.reserve().iter().enumerate() {
                if k > 0 {
                    f.write_str(",")?;
                }
                f.write_str(&piece_str(p))?;
            }
            Ok(())
        } else {
            let side = if self.side == Player::One { 1 } else { 2 };
            write!(f, " {side}")
        }
    }
}

impl<const SOLO: bool> Debug for QuatroBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_order_and_letters() {
        let names: Vec<String> = (0..16).map(piece_str).collect();
        assert_eq!(
            names.join(" "),
            "brao prao brbo prbo bqao pqao bqbo pqbo brac prac brbc prbc bqac pqac bqbc pqbc"
        );
        for p in 0..16 {
            assert_eq!(parse_piece(&piece_str(p).to_uppercase()), Some(p));
        }
        assert_eq!(parse_square("B3"), Some(9));
        assert_eq!(square_name(9), "b3");
    }

    #[test]
    fn startpos_string_and_moves() {
        let pos = Quatro::empty();
        assert_eq!(pos.to_string(), "quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1");
        assert_eq!(Quatro::from_fen(&pos.to_string()).unwrap(), pos);
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 256);
        assert_eq!(moves[0].to_string(), "brao@a1");
        assert_eq!(moves[1].to_string(), "brao@b1");
        assert_eq!(moves[16].to_string(), "prao@a1");
        assert_eq!(pos.hash(), pos.hash_from_scratch());
    }

    #[test]
    fn completing_a_line_wins_at_once() {
        let mut pos = Quatro::empty();
        // Four round hollow pieces on row 1, alternating players: player 1 wins.
        for m in [
            "brao@a1", "bqbc@a2", "prao@b1", "pqbc@b2", "brbo@c1", "pqac@d4", "prbo@d1",
        ] {
            let mv = pos.parse_legal(m).unwrap();
            pos.play(mv).unwrap();
            assert_eq!(pos.hash(), pos.hash_from_scratch());
        }
        assert!(pos.is_over());
        assert_eq!(pos.outcome(), Some(Outcome::Win(Player::One)));
        assert_eq!(pos.scores(), [WIN_POINTS, 0]);
        assert!(pos.legal_moves().is_empty());
    }

    #[test]
    fn fen_errors_name_the_field() {
        let e = Quatro::from_fen("quatro -,-,-,-/-,-,-,-/-,-,-,- 1").unwrap_err();
        assert_eq!(e.field, "board");
        let e = Quatro::from_fen("quatro -,-,-,-/-,-,x,-/-,-,-,-/-,-,-,- 1").unwrap_err();
        assert_eq!(e.field, "row 2, cell 3");
        let e = Quatro::from_fen("quatro brao,-,-,-/-,-,brao,-/-,-,-,-/-,-,-,- 1").unwrap_err();
        assert_eq!(e.field, "row 2, cell 3");
        let e = Quatro::from_fen("quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 3").unwrap_err();
        assert_eq!(e.field, "side to move");
        let e = QuatroSolo::from_fen("quatro-solo -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- brao,zzzz")
            .unwrap_err();
        assert_eq!(e.field, "reserve, piece 2");
    }

    #[test]
    fn the_puzzle_keeps_its_reserve_order_and_repeats() {
        let text = "quatro-solo -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- pqbc,brao,pqbc";
        let mut pos = QuatroSolo::from_fen(text).unwrap();
        assert_eq!(pos.to_string(), text);
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 32);
        assert_eq!(moves[0].to_string(), "pqbc@a1");
        assert_eq!(moves[16].to_string(), "brao@a1");
        pos.play(pos.parse_move("PQBC@D4").unwrap()).unwrap();
        assert_eq!(pos.hash(), pos.hash_from_scratch());
        assert_eq!(
            pos.to_string(),
            "quatro-solo -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,pqbc brao,pqbc"
        );
    }
}
