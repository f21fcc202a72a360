//! Blokus (`blokus`) and its single-player puzzle (`blokus-solo`), the
//! course game of 2017/18 and 2021/22 (`rules/blokus.md`), in its two
//! variants: `2021` (pieces `a`, `b`, `c1`, `c2`, the default) and `2017`
//! (pieces `a`, `b`, `x`).
//!
//! The 14 × 14 board is two bitboards of rows, one `u16` a row (bit `c` is
//! column `c`): player 1's squares (the puzzle's `1`) and player 2's (the
//! puzzle's `2`, blocked squares). A piece is a precomputed [`Shape`]: its
//! rows as bit masks relative to the reference cell (the topmost of its
//! leftmost cells), so a placement is tested with at most three row masks
//! against the mover's *forbidden* rows (occupied, or edge-adjacent to the
//! mover's squares) and *corner* rows (diagonal neighbours of the mover's
//! squares, or the start corners while the mover has no square). Nothing
//! on the hot path allocates.
//!
//! - Duel: the players alternate; a player who cannot place passes
//!   (`pass`, forced) while the opponent can; the game ends when neither
//!   can. The scores are the squares placed.
//! - Puzzle 2021: the score is the number of `1` squares, the target the
//!   problem's goal N.
//! - Puzzle 2017: the goal is a dead end (no placement left), mapped onto
//!   the framework's score and target as Quatro's winning line: score 1 at
//!   a dead end, target always 1.

pub mod eval;
pub mod heuristics;
pub mod lisp;
pub mod params;
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
    /// The key of square `s` (mixed with its owner by [`super::cell_key`]).
    pub const CELL: usize = range(0, 196);
    /// The key of stock slot `3 * player + kind` (mixed with the count).
    pub const STOCK: usize = range(200, 6);
}

/// Rows and columns of the board.
pub const SIZE: usize = 14;
/// Squares of the board.
pub const SQUARES: usize = SIZE * SIZE;
/// The bits of a full row.
const ROW: u16 = (1 << SIZE) - 1;

/// The rules variant (rules §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// 2021/22: pieces `a`, `b`, `c1`/`c2`; the puzzle's goal is N squares.
    #[default]
    V2021,
    /// 2017/18: pieces `a`, `b`, `x`; the puzzle's goal is a dead end.
    V2017,
}

impl Variant {
    /// The variant's name, `2021` or `2017`.
    pub fn as_str(self) -> &'static str {
        match self {
            Variant::V2021 => "2021",
            Variant::V2017 => "2017",
        }
    }

    /// The variant from its name (`2021` or `2017`).
    pub fn parse(text: &str) -> Option<Variant> {
        match text {
            "2021" => Some(Variant::V2021),
            "2017" => Some(Variant::V2017),
            _ => None,
        }
    }

    /// The pieces of the variant, in move order (rules §3.8).
    pub fn pieces(self) -> &'static [Piece] {
        match self {
            Variant::V2021 => &[Piece::A, Piece::B, Piece::C1, Piece::C2],
            Variant::V2017 => &[Piece::A, Piece::B, Piece::X],
        }
    }

    /// The squares of a piece of each stock kind (`a`, `b`, `c`/`x`).
    pub fn kind_squares(self) -> [u32; 3] {
        match self {
            Variant::V2021 => [1, 4, 4],
            Variant::V2017 => [1, 4, 5],
        }
    }
}

/// The stock at the start of a game: 10 `a`, 10 `b`, 15 `c` (or `x`).
pub const FULL_STOCK: [u8; 3] = [10, 10, 15];

/// A piece (an orientation: `c1` and `c2` share the `c` stock).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// 1 × 1.
    A = 0,
    /// 2 × 2.
    B = 1,
    /// The S lying (2021).
    C1 = 2,
    /// The S standing (2021).
    C2 = 3,
    /// The cross (2017).
    X = 4,
}

/// Every piece, by its index.
pub const PIECES: [Piece; 5] = [Piece::A, Piece::B, Piece::C1, Piece::C2, Piece::X];

impl Piece {
    /// The notation's name.
    pub fn name(self) -> &'static str {
        ["a", "b", "c1", "c2", "x"][self as usize]
    }

    /// The stock slot the piece takes from (0 `a`, 1 `b`, 2 `c`/`x`).
    #[inline]
    pub fn kind(self) -> usize {
        [0, 1, 2, 2, 2][self as usize]
    }

    /// The piece's shape.
    #[inline]
    pub fn shape(self) -> &'static Shape {
        &SHAPES[self as usize]
    }

    /// The piece from its name, any case.
    pub fn parse(text: &str) -> Option<Piece> {
        PIECES
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(text))
    }

    /// The course's 2021 operator (`peca-a` …) or 2017 operator
    /// (`pequena`, `media`, `cruz`).
    pub fn operator(self) -> &'static str {
        ["peca-a", "peca-b", "peca-c-1", "peca-c-2", "cruz"][self as usize]
    }
}

/// A piece's cells as row masks relative to its reference cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// The row of the first mask relative to the reference row (-1 or 0).
    pub top: i8,
    /// The rows used in `rows`.
    pub height: u8,
    /// The columns spanned, from the reference column.
    pub width: u8,
    /// Bit `k` of a row: column `c + k`.
    pub rows: [u16; 3],
    /// The squares covered.
    pub squares: u8,
}

/// The shapes of [`PIECES`] (rules §2.1).
pub const SHAPES: [Shape; 5] = [
    // a: (r c).
    Shape {
        top: 0,
        height: 1,
        width: 1,
        rows: [0b1, 0, 0],
        squares: 1,
    },
    // b: (r c) (r c+1) (r+1 c) (r+1 c+1).
    Shape {
        top: 0,
        height: 2,
        width: 2,
        rows: [0b11, 0b11, 0],
        squares: 4,
    },
    // c1: (r c) (r c+1) (r-1 c+1) (r-1 c+2).
    Shape {
        top: -1,
        height: 2,
        width: 3,
        rows: [0b110, 0b011, 0],
        squares: 4,
    },
    // c2: (r c) (r+1 c) (r+1 c+1) (r+2 c+1).
    Shape {
        top: 0,
        height: 3,
        width: 2,
        rows: [0b01, 0b11, 0b10],
        squares: 4,
    },
    // x: (r c) (r c+1) (r c+2) (r-1 c+1) (r+1 c+1).
    Shape {
        top: -1,
        height: 3,
        width: 3,
        rows: [0b010, 0b111, 0b010],
        squares: 5,
    },
];

/// A move: a piece at its reference square (`8 * 0 + …`: row-major,
/// `14 * row + column`), or the duel's forced pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The piece index into [`PIECES`], or [`Placement::PASS`]'s 255.
    pub piece: u8,
    /// The reference square, `14 * row + column`.
    pub square: u8,
}

impl Placement {
    /// The forced pass of the duel.
    pub const PASS: Placement = Placement {
        piece: 255,
        square: 0,
    };

    /// A placement of `piece` at `square`.
    pub fn new(piece: Piece, square: usize) -> Placement {
        Placement {
            piece: piece as u8,
            square: square as u8,
        }
    }

    /// True for the pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.piece as usize >= PIECES.len()
    }

    /// The piece (`None` for the pass).
    #[inline]
    pub fn piece(self) -> Option<Piece> {
        PIECES.get(self.piece as usize).copied()
    }

    /// The reference cell's row and column.
    #[inline]
    pub fn row_col(self) -> (usize, usize) {
        (self.square as usize / SIZE, self.square as usize % SIZE)
    }

    /// The squares the placement covers, row-major (empty for the pass or a
    /// placement off the board).
    pub fn cells(self) -> Vec<usize> {
        let Some(piece) = self.piece() else {
            return Vec::new();
        };
        let (r, c) = self.row_col();
        let shape = piece.shape();
        let mut out = Vec::new();
        for k in 0..shape.height as usize {
            let row = r as isize + shape.top as isize + k as isize;
            for b in 0..shape.width as usize {
                if shape.rows[k] >> b & 1 == 1 {
                    if !(0..SIZE as isize).contains(&row) || c + b >= SIZE {
                        return Vec::new();
                    }
                    out.push(row as usize * SIZE + c + b);
                }
            }
        }
        out
    }
}

/// A square's name, `a1`..`n14`.
pub fn square_name(s: usize) -> String {
    format!("{}{}", (b'a' + (s % SIZE) as u8) as char, s / SIZE + 1)
}

/// A square from its name `a1`..`n14`, any case.
pub fn parse_square(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let col = bytes.first()?.to_ascii_lowercase();
    if !(b'a'..b'a' + SIZE as u8).contains(&col) {
        return None;
    }
    let digits = &text[1..];
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: usize = digits.parse().ok()?;
    (1..=SIZE)
        .contains(&row)
        .then(|| (row - 1) * SIZE + (col - b'a') as usize)
}

impl GameMove for Placement {
    #[inline]
    fn is_pass(self) -> bool {
        self.piece().is_none()
    }
}

impl Display for Placement {
    /// `<piece>@<square>` or `pass` (rules §3.9).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.piece() {
            None => f.write_str("pass"),
            Some(p) => write!(f, "{}@{}", p.name(), square_name(self.square as usize)),
        }
    }
}

impl Debug for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// SplitMix64's finaliser of `key + value * golden`.
#[inline]
fn mix(key: u64, value: u64) -> u64 {
    let mut z = key.wrapping_add(value.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of square `s` held by `owner` (0 or 1).
#[inline]
fn cell_key(s: usize, owner: usize) -> u64 {
    mix(zobrist::key(keys::CELL + s), owner as u64 + 1)
}

/// The key of `count` pieces in stock slot `slot` (0 for none).
#[inline]
fn stock_key(slot: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(zobrist::key(keys::STOCK + slot), count as u64)
    }
}

/// The rows of the squares edge-adjacent to `own` or on it.
#[inline]
fn grow(own: &[u16; SIZE], r: usize) -> u16 {
    let mut m = own[r] | own[r] << 1 | own[r] >> 1;
    if r > 0 {
        m |= own[r - 1];
    }
    if r + 1 < SIZE {
        m |= own[r + 1];
    }
    m & ROW
}

/// The squares diagonally adjacent to `own` in row `r`.
#[inline]
fn diagonal(own: &[u16; SIZE], r: usize) -> u16 {
    let mut m = 0;
    if r > 0 {
        m |= own[r - 1] << 1 | own[r - 1] >> 1;
    }
    if r + 1 < SIZE {
        m |= own[r + 1] << 1 | own[r + 1] >> 1;
    }
    m & ROW
}

/// Where a mover may place: the forbidden rows (occupied or edge-adjacent
/// to the mover) and the rows a piece must touch (corners).
#[derive(Clone, Copy)]
pub struct Frame {
    forbidden: [u16; SIZE],
    corner: [u16; SIZE],
}

impl Frame {
    /// Can `shape` go with its top row at `tr`, column `c`? (In bounds.)
    #[inline]
    fn fits(&self, shape: &Shape, tr: usize, c: usize) -> bool {
        let mut touch = 0;
        for k in 0..shape.height as usize {
            let m = shape.rows[k] << c;
            if m & self.forbidden[tr + k] != 0 {
                return false;
            }
            touch |= m & self.corner[tr + k];
        }
        touch != 0
    }

    /// Calls `f` with each legal placement of `pieces` (with stock) in move
    /// order; stops when `f` returns false.
    #[inline]
    fn each(&self, pieces: &[Piece], stock: &[u8; 3], mut f: impl FnMut(Placement) -> bool) {
        for &piece in pieces {
            if stock[piece.kind()] == 0 {
                continue;
            }
            let shape = piece.shape();
            let h = shape.height as usize;
            let w = shape.width as usize;
            for tr in 0..=SIZE - h {
                // A piece must touch a corner row.
                let mut any = 0;
                for k in 0..h {
                    any |= self.corner[tr + k];
                }
                if any == 0 {
                    continue;
                }
                let r = (tr as isize - shape.top as isize) as usize;
                for c in 0..=SIZE - w {
                    if self.fits(shape, tr, c) && !f(Placement::new(piece, r * SIZE + c)) {
                        return;
                    }
                }
            }
        }
    }
}

/// A Blokus position. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct BlokusBoard<const SOLO: bool> {
    /// The squares of player 1 (the puzzle's `1`) and player 2 (the
    /// puzzle's `2`), one `u16` a row.
    cells: [[u16; SIZE]; 2],
    /// The stocks (`a`, `b`, `c`/`x`) of player 1 and player 2 (the
    /// puzzle: player 1's only; player 2's stays zero).
    stock: [[u8; 3]; 2],
    side: Player,
    variant: Variant,
    /// The 2021 puzzle's goal N (0 otherwise).
    goal: u16,
    hash: u64,
}

/// The two-player game (`blokus`).
pub type Blokus = BlokusBoard<false>;
/// The puzzle (`blokus-solo`).
pub type BlokusSolo = BlokusBoard<true>;

/// The bad setups [`BlokusBoard::new`] refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A duel stock above the start's (10, 10, 15).
    StockTooLarge(usize),
    /// A duel player's squares differ from the squares of the pieces
    /// placed.
    Squares {
        player: usize,
        board: u32,
        placed: u32,
    },
}

impl Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::StockTooLarge(p) => {
                write!(f, "player {p}'s stock exceeds the start's 10,10,15")
            }
            SetupError::Squares {
                player,
                board,
                placed,
            } => write!(
                f,
                "player {player} has {board} squares on the board but the pieces placed \
                 cover {placed}"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl<const SOLO: bool> BlokusBoard<SOLO> {
    /// The checked constructor: the board (`0`/`1`/`2` per cell, row 0 at
    /// the top), the stocks, the side to move, the variant and the 2021
    /// puzzle's goal. The puzzle ignores the side and player 2's stock; the
    /// duel ignores the goal and checks the stocks against the board.
    pub fn new(
        board: &[[u8; SIZE]; SIZE],
        stock: [[u8; 3]; 2],
        side: Player,
        variant: Variant,
        goal: u32,
    ) -> Result<Self, SetupError> {
        let mut cells = [[0u16; SIZE]; 2];
        for (r, row) in board.iter().enumerate() {
            for (c, &v) in row.iter().enumerate() {
                if v == 1 || v == 2 {
                    cells[v as usize - 1][r] |= 1 << c;
                }
            }
        }
        let stock = if SOLO { [stock[0], [0; 3]] } else { stock };
        if !SOLO {
            let sq = variant.kind_squares();
            for (p, s) in stock.iter().enumerate() {
                if s.iter().zip(FULL_STOCK).any(|(&n, full)| n > full) {
                    return Err(SetupError::StockTooLarge(p + 1));
                }
                let placed: u32 = (0..3).map(|k| (FULL_STOCK[k] - s[k]) as u32 * sq[k]).sum();
                let on_board: u32 = cells[p].iter().map(|r| r.count_ones()).sum();
                if placed != on_board {
                    return Err(SetupError::Squares {
                        player: p + 1,
                        board: on_board,
                        placed,
                    });
                }
            }
        }
        let mut pos = BlokusBoard {
            cells,
            stock,
            side: if SOLO { Player::One } else { side },
            variant,
            goal: if SOLO && variant == Variant::V2021 {
                goal.min(u16::MAX as u32) as u16
            } else {
                0
            },
            hash: 0,
        };
        pos.hash = pos.hash_from_scratch();
        Ok(pos)
    }

    /// The start of the duel in `variant`: the empty board, full stocks,
    /// player 1 to move.
    pub fn start(variant: Variant) -> Self {
        Self::new(&[[0; SIZE]; SIZE], [FULL_STOCK; 2], Player::One, variant, 0)
            .expect("the empty board")
    }

    /// The variant.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The 2021 puzzle's goal (0 otherwise).
    #[inline]
    pub fn goal(&self) -> u32 {
        self.goal as u32
    }

    /// The stock of player `p` (`a`, `b`, `c`/`x`).
    #[inline]
    pub fn stock(&self, p: Player) -> [u8; 3] {
        self.stock[p.index()]
    }

    /// The cell value `0`/`1`/`2` of square `s`.
    #[inline]
    pub fn cell(&self, s: usize) -> u8 {
        let (r, c) = (s / SIZE, s % SIZE);
        if self.cells[0][r] >> c & 1 == 1 {
            1
        } else if self.cells[1][r] >> c & 1 == 1 {
            2
        } else {
            0
        }
    }

    /// The board as rows of `0`/`1`/`2`.
    pub fn board(&self) -> [[u8; SIZE]; SIZE] {
        let mut out = [[0; SIZE]; SIZE];
        for (s, cell) in out.iter_mut().flatten().enumerate() {
            *cell = self.cell(s);
        }
        out
    }

    /// The squares of player `p` on the board.
    #[inline]
    pub fn squares(&self, p: Player) -> u32 {
        self.cells[p.index()].iter().map(|r| r.count_ones()).sum()
    }

    /// Squares left in the unplayed pieces of player `p` (rules §5.5).
    pub fn squares_left(&self, p: Player) -> u32 {
        let sq = self.variant.kind_squares();
        (0..3)
            .map(|k| self.stock[p.index()][k] as u32 * sq[k])
            .sum()
    }

    /// The start corners of player `p` as row masks' (row, bit) pairs.
    fn start_corners(&self, p: Player) -> &'static [(usize, u16)] {
        const A1: (usize, u16) = (0, 1);
        const N1: (usize, u16) = (0, 1 << (SIZE - 1));
        const A14: (usize, u16) = (SIZE - 1, 1);
        const N14: (usize, u16) = (SIZE - 1, 1 << (SIZE - 1));
        if SOLO {
            match self.variant {
                Variant::V2021 => &[A1],
                Variant::V2017 => &[A1, N1, A14, N14],
            }
        } else if p == Player::One {
            &[A1]
        } else {
            &[N14]
        }
    }

    /// Where player `p` may place (see [`Frame`]).
    pub fn frame(&self, p: Player) -> Frame {
        let own = &self.cells[p.index()];
        let other = &self.cells[p.other().index()];
        let mut frame = Frame {
            forbidden: [0; SIZE],
            corner: [0; SIZE],
        };
        let empty = own.iter().all(|&r| r == 0);
        for (r, &theirs) in other.iter().enumerate() {
            frame.forbidden[r] = grow(own, r) | theirs;
            if !empty {
                frame.corner[r] = diagonal(own, r) & !frame.forbidden[r];
            }
        }
        if empty {
            for &(r, bit) in self.start_corners(p) {
                frame.corner[r] |= bit & !frame.forbidden[r];
            }
        }
        frame
    }

    /// Calls `f` with each legal placement of player `p` in move order
    /// until it returns false.
    #[inline]
    pub fn each_placement(&self, p: Player, f: impl FnMut(Placement) -> bool) {
        self.frame(p)
            .each(self.variant.pieces(), &self.stock[p.index()], f);
    }

    /// Can player `p` place a piece?
    #[inline]
    pub fn can_place(&self, p: Player) -> bool {
        let mut any = false;
        self.each_placement(p, |_| {
            any = true;
            false
        });
        any
    }

    /// The number of legal placements of player `p`.
    #[inline]
    pub fn placements(&self, p: Player) -> usize {
        let mut n = 0;
        self.each_placement(p, |_| {
            n += 1;
            true
        });
        n
    }

    /// Is `mv` a legal placement for the side to move (not the pass)?
    fn placement_legal(&self, mv: Placement) -> bool {
        let Some(piece) = mv.piece() else {
            return false;
        };
        if !self.variant.pieces().contains(&piece)
            || self.stock[self.side.index()][piece.kind()] == 0
            || mv.square as usize >= SQUARES
        {
            return false;
        }
        let shape = piece.shape();
        let (r, c) = mv.row_col();
        let tr = r as isize + shape.top as isize;
        if tr < 0 || tr as usize + shape.height as usize > SIZE || c + shape.width as usize > SIZE {
            return false;
        }
        self.frame(self.side).fits(shape, tr as usize, c)
    }

    /// The 2017 puzzle's dead end (no placement left).
    #[inline]
    pub fn dead_end(&self) -> bool {
        !self.can_place(Player::One)
    }

    fn write_rows(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(" ")?;
        for r in 0..SIZE {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..SIZE {
                write!(f, "{}", self.cell(r * SIZE + c))?;
            }
        }
        Ok(())
    }
}

/// Parses the rows field: 14 rows of 14 characters `0`/`1`/`2`.
pub fn parse_rows(text: &str) -> Result<[[u8; SIZE]; SIZE], FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != SIZE {
        return Err(FenError::new(
            "board",
            "14 rows of 14 characters 0/1/2 separated by '/'",
            text,
        ));
    }
    let mut out = [[0u8; SIZE]; SIZE];
    for (r, row) in rows.iter().enumerate() {
        if row.len() != SIZE || !row.bytes().all(|b| matches!(b, b'0' | b'1' | b'2')) {
            return Err(FenError::new(
                format!("board row {}", r + 1),
                "14 characters 0, 1 or 2",
                row,
            ));
        }
        for (c, b) in row.bytes().enumerate() {
            out[r][c] = b - b'0';
        }
    }
    Ok(out)
}

/// Parses a stock field `a,b,c`.
pub fn parse_stock(field: &str, text: &str) -> Result<[u8; 3], FenError> {
    let parts: Vec<&str> = text.split(',').collect();
    if parts.len() != 3 {
        return Err(FenError::new(field, "three comma-separated counts", text));
    }
    let mut out = [0u8; 3];
    for (k, p) in parts.iter().enumerate() {
        out[k] = fen::number(field, p, 99)? as u8;
    }
    Ok(out)
}

/// Reads a trailing `variant 2017|2021` from `rest` (empty: 2021).
fn parse_variant(rest: &[&str]) -> Result<Variant, FenError> {
    match rest {
        [] => Ok(Variant::V2021),
        [word, v] if word.eq_ignore_ascii_case("variant") => {
            Variant::parse(v).ok_or_else(|| FenError::new("variant", "2021 or 2017", v))
        }
        [word, ..] => Err(FenError::new("variant", "'variant 2017' or nothing", word)),
    }
}

impl<const SOLO: bool> Game for BlokusBoard<SOLO> {
    type Move = Placement;
    /// At most 4 pieces on 196 reference squares, or a pass.
    type Moves = MoveList<Placement, { 4 * SQUARES + 1 }>;
    const NAME: &'static str = if SOLO { "blokus-solo" } else { "blokus" };
    const PUZZLE: bool = SOLO;

    /// The placements of the side to move in move order (rules §3.8); in
    /// the duel `pass` when the mover cannot place but the opponent can.
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        self.each_placement(self.side, |m| {
            moves.push(m);
            true
        });
        if !SOLO && moves.is_empty() && self.can_place(self.side.other()) {
            moves.push(Placement::PASS);
        }
        moves
    }

    fn count_moves(&self) -> usize {
        let n = self.placements(self.side);
        if !SOLO && n == 0 && self.can_place(self.side.other()) {
            1
        } else {
            n
        }
    }

    fn is_over(&self) -> bool {
        !self.can_place(self.side) && (SOLO || !self.can_place(self.side.other()))
    }

    fn play_unchecked(&mut self, mv: Placement) {
        let me = self.side.index();
        if let Some(piece) = mv.piece() {
            let shape = piece.shape();
            let (r, c) = mv.row_col();
            let tr = (r as isize + shape.top as isize) as usize;
            for k in 0..shape.height as usize {
                let m = shape.rows[k] << c;
                self.cells[me][tr + k] |= m;
                let mut bits = m;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    self.hash ^= cell_key((tr + k) * SIZE + b, me);
                    bits &= bits - 1;
                }
            }
            let kind = piece.kind();
            let slot = 3 * me + kind;
            let n = self.stock[me][kind];
            self.hash ^= stock_key(slot, n) ^ stock_key(slot, n - 1);
            self.stock[me][kind] = n - 1;
        }
        if !SOLO {
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn play(&mut self, mv: Placement) -> Result<(), MoveError> {
        let legal = if mv.is_pass() {
            !SOLO && !self.can_place(self.side) && self.can_place(self.side.other())
        } else {
            self.placement_legal(mv)
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

    fn why_illegal(&self, mv: Placement) -> &'static str {
        let Some(piece) = mv.piece() else {
            return if SOLO {
                "the puzzle has no pass"
            } else if self.can_place(self.side) {
                "a pass is allowed only when you cannot place"
            } else {
                "the game is over: neither player can place"
            };
        };
        if !self.variant.pieces().contains(&piece) {
            return match self.variant {
                Variant::V2021 => "the 2021 pieces are a, b, c1 and c2",
                Variant::V2017 => "the 2017 pieces are a, b and x",
            };
        }
        if self.stock[self.side.index()][piece.kind()] == 0 {
            return "no piece of that kind is left in the stock";
        }
        let cells = mv.cells();
        if cells.is_empty() {
            return "the piece does not fit on the board";
        }
        if cells.iter().any(|&s| self.cell(s) != 0) {
            return "a cell of the piece is not empty";
        }
        let frame = self.frame(self.side);
        if cells
            .iter()
            .any(|&s| frame.forbidden[s / SIZE] >> (s % SIZE) & 1 == 1)
        {
            return "the piece shares an edge with one of your squares";
        }
        if self.squares(self.side) == 0 {
            "the first piece must cover your start corner"
        } else {
            "the piece must touch one of your squares by a corner"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Placement, MoveError> {
        let syntax = || MoveError::Syntax {
            text: text.to_string(),
            expected: "<piece>@<square> (a, b, c1, c2 or x at a1..n14), or pass",
        };
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Placement::PASS);
        }
        let (piece, square) = text.split_once('@').ok_or_else(syntax)?;
        let piece = Piece::parse(piece).ok_or_else(syntax)?;
        let square = parse_square(square).ok_or_else(syntax)?;
        Ok(Placement::new(piece, square))
    }

    /// 2021 puzzle: the goal N; 2017 puzzle: 1 (the dead end); duel: none.
    fn target(&self) -> Option<u32> {
        match (SOLO, self.variant) {
            (false, _) => None,
            (true, Variant::V2021) => Some(self.goal as u32),
            (true, Variant::V2017) => Some(1),
        }
    }

    fn set_target(&mut self, target: Option<u32>) {
        if SOLO && self.variant == Variant::V2021 {
            if let Some(t) = target {
                self.goal = t.min(u16::MAX as u32) as u16;
            }
        }
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// Duel: the squares placed. Puzzle 2021: the `1` squares; 2017: 1 at
    /// a dead end.
    fn scores(&self) -> [u32; 2] {
        match (SOLO, self.variant) {
            (false, _) => [self.squares(Player::One), self.squares(Player::Two)],
            (true, Variant::V2021) => [self.squares(Player::One), 0],
            (true, Variant::V2017) => [u32::from(self.dead_end()), 0],
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// The squares, the stocks and the side to move; not the variant or
    /// the goal (fixed for a whole search).
    fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for p in 0..2 {
            for r in 0..SIZE {
                let mut bits = self.cells[p][r];
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    hash ^= cell_key(r * SIZE + b, p);
                    bits &= bits - 1;
                }
            }
            for k in 0..3 {
                hash ^= stock_key(3 * p + k, self.stock[p][k]);
            }
        }
        if self.side == Player::Two {
            hash ^= zobrist::key(zobrist::SIDE);
        }
        hash
    }

    /// Reads `blokus <rows> <side> <stock1> <stock2> [variant 2017]`,
    /// `blokus-solo <rows> <stock> <goal> [variant 2021]` or `blokus-solo
    /// <rows> <stock> variant 2017`.
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        if SOLO {
            let layout = format!("{id} <rows> <stock> <goal> | {id} <rows> <stock> variant 2017");
            let f = fen::fields(text, id, 4, 6, &layout)?;
            let board = parse_rows(f[1])?;
            let stock = parse_stock("stock", f[2])?;
            let (variant, goal) = if f[3].eq_ignore_ascii_case("variant") {
                let v = parse_variant(&f[3..])?;
                if v == Variant::V2021 {
                    return Err(FenError::missing(
                        "goal",
                        "the 2021 puzzle's goal, before 'variant'",
                    ));
                }
                (v, 0)
            } else {
                let goal = fen::number("goal", f[3], SQUARES as u32)?;
                let v = parse_variant(&f[4..])?;
                if v == Variant::V2017 {
                    return Err(FenError::new("goal", "no goal in the 2017 puzzle", f[3]));
                }
                (v, goal)
            };
            return Self::new(&board, [stock, [0; 3]], Player::One, variant, goal)
                .map_err(|e| FenError::new("board", "a legal setup", &e.to_string()));
        }
        let layout = format!("{id} <rows> <side> <stock1> <stock2> [variant 2017]");
        let f = fen::fields(text, id, 5, 7, &layout)?;
        let board = parse_rows(f[1])?;
        let side = match f[2] {
            "1" => Player::One,
            "2" => Player::Two,
            other => return Err(FenError::new("side to move", "'1' or '2'", other)),
        };
        let s1 = parse_stock("stock 1", f[3])?;
        let s2 = parse_stock("stock 2", f[4])?;
        let variant = parse_variant(&f[5..])?;
        Self::new(&board, [s1, s2], side, variant, 0).map_err(|e| {
            FenError::new(
                "stocks",
                "at most 10,10,15 each, matching the squares on the board",
                &e.to_string(),
            )
        })
    }
}

impl<const SOLO: bool> Display for BlokusBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(Self::NAME)?;
        self.write_rows(f)?;
        let stock = |s: [u8; 3]| format!("{},{},{}", s[0], s[1], s[2]);
        if SOLO {
            write!(f, " {}", stock(self.stock[0]))?;
            match self.variant {
                Variant::V2021 => write!(f, " {}", self.goal),
                Variant::V2017 => f.write_str(" variant 2017"),
            }
        } else {
            let side = if self.side == Player::One { 1 } else { 2 };
            write!(
                f,
                " {side} {} {}",
                stock(self.stock[0]),
                stock(self.stock[1])
            )?;
            if self.variant == Variant::V2017 {
                f.write_str(" variant 2017")?;
            }
            Ok(())
        }
    }
}

impl<const SOLO: bool> Debug for BlokusBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::perft;

    #[test]
    fn shapes_match_their_cells() {
        // c1@c3 covers c3 d3 d2 e2; x@a8 covers a8 b8 c8 b7 b9.
        let names = |m: &str| {
            let mv = Blokus::start(Variant::V2021).parse_move(m).unwrap();
            let mut v: Vec<String> = mv.cells().into_iter().map(square_name).collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(names("c1@c3"), "c3 d2 d3 e2");
        assert_eq!(names("x@a8"), "a8 b7 b8 b9 c8");
        assert_eq!(names("b@a1"), "a1 a2 b1 b2");
        assert_eq!(names("c2@a1"), "a1 a2 b2 b3");
        for s in SHAPES {
            let n: u32 = s.rows.iter().map(|r| r.count_ones()).sum();
            assert_eq!(n, s.squares as u32);
        }
    }

    #[test]
    fn start_moves_and_perft() {
        let pos = Blokus::start(Variant::V2021);
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["a@a1", "b@a1", "c2@a1"]);
        assert_eq!(perft(&pos, 3), 54);
        assert_eq!(perft(&Blokus::start(Variant::V2017), 4), 64);
        assert_eq!(Blokus::from_fen(&pos.to_string()).unwrap(), pos);
        let p17 = Blokus::start(Variant::V2017);
        assert_eq!(Blokus::from_fen(&p17.to_string()).unwrap(), p17);
    }

    #[test]
    fn fen_errors_name_the_field() {
        let start = Blokus::start(Variant::V2021).to_string();
        let e = Blokus::from_fen(&start.replace(" 1 ", " 3 ")).unwrap_err();
        assert_eq!(e.field, "side to move");
        let e =
            Blokus::from_fen(&start.replacen("00000000000000", "0000000000000", 1)).unwrap_err();
        assert_eq!(e.field, "board row 1");
        let e =
            Blokus::from_fen(&start.replacen("00000000000000", "10000000000000", 1)).unwrap_err();
        assert_eq!(e.field, "stocks");
        let e = Blokus::from_fen(&format!("{start} variant 2019")).unwrap_err();
        assert_eq!(e.field, "variant");
        let empty = vec!["00000000000000"; 14].join("/");
        let e = BlokusSolo::from_fen(&format!("blokus-solo {empty} 10,10,15 variant 2021"))
            .unwrap_err();
        assert_eq!(e.field, "goal");
        let ok =
            BlokusSolo::from_fen(&format!("blokus-solo {empty} 10,10,15 8 variant 2021")).unwrap();
        assert_eq!(ok.to_string(), format!("blokus-solo {empty} 10,10,15 8"));
    }
}
