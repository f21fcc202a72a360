//! 3-D noughts and crosses (`galo3d`) and its single-player puzzle
//! (`galo3d-solo`), the course's 2015/16 game (`rules/galo3d.md`).
//!
//! 27 cells: 3 levels × 3 rows × 3 columns. Cell `b23` is column b, row 2,
//! level 3 (level 3 is the top board, written first); its index is
//! `(level − 1) · 9 + (row − 1) · 3 + column` (rules, "Board"). A side's
//! cells are one `u32` bitboard; the 49 lines of three ([`LINES`]) are masks.
//!
//! - Duel: X (player 1) and O alternate; a move that completes a line of the
//!   mover's symbol wins at once. The rules have no points: the winner's
//!   score is [`WIN_POINTS`] (the search's unit) and [`Game::outcome`] says
//!   who won. A full board always holds a line (rules), so no draw happens;
//!   one is reported if a hand-made full board had none.
//! - Puzzle: a move puts **either** symbol on an empty cell (`x@b23`,
//!   `o@b23`); the goal is a line of three equal symbols. Mapped onto the
//!   framework's "score ≥ target" as Quatro's puzzle: the score is 1 once a
//!   line stands, the target always 1.
//!
//! Move order (node counts, ties): the reading order of the position
//! string — level 3, 2, then 1, rows 1–3, columns a–c ([`ORDER`]); in the
//! puzzle X before O on each cell.

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
    /// Key of "symbol `s` (0 = X, 1 = O) on cell `c`": `MARK + 27 * s + c`.
    pub const MARK: usize = range(0, 54);
}

/// The winner's score in the duel (more than any evaluation).
pub const WIN_POINTS: u32 = 100;

/// Number of cells.
pub const CELLS: usize = 27;

/// Every cell.
pub const FULL: u32 = (1 << CELLS) - 1;

/// The cell index of column `c`, row `r`, level `l` (all 0-based).
const fn cell(c: usize, r: usize, l: usize) -> usize {
    l * 9 + r * 3 + c
}

/// The 49 lines of three as cell masks: 27 straight (9 rows, 9 columns, 9
/// pillars), 18 plane diagonals (2 in each of the 9 axis-parallel planes)
/// and 4 space diagonals through `b22`.
pub const LINES: [u32; 49] = lines();

const fn lines() -> [u32; 49] {
    let mut out = [0u32; 49];
    let mut n = 0;
    let mut i = 0;
    // Straight lines: along columns (a row), along rows (a column), along
    // levels (a pillar), for each of the 9 positions of the other two axes.
    while i < 3 {
        let mut j = 0;
        while j < 3 {
            out[n] = 1 << cell(0, i, j) | 1 << cell(1, i, j) | 1 << cell(2, i, j);
            out[n + 1] = 1 << cell(i, 0, j) | 1 << cell(i, 1, j) | 1 << cell(i, 2, j);
            out[n + 2] = 1 << cell(i, j, 0) | 1 << cell(i, j, 1) | 1 << cell(i, j, 2);
            n += 3;
            j += 1;
        }
        i += 1;
    }
    // Plane diagonals: in each level (column × row), each row plane
    // (column × level) and each column plane (row × level).
    let mut k = 0;
    while k < 3 {
        out[n] = 1 << cell(0, 0, k) | 1 << cell(1, 1, k) | 1 << cell(2, 2, k);
        out[n + 1] = 1 << cell(2, 0, k) | 1 << cell(1, 1, k) | 1 << cell(0, 2, k);
        out[n + 2] = 1 << cell(0, k, 0) | 1 << cell(1, k, 1) | 1 << cell(2, k, 2);
        out[n + 3] = 1 << cell(2, k, 0) | 1 << cell(1, k, 1) | 1 << cell(0, k, 2);
        out[n + 4] = 1 << cell(k, 0, 0) | 1 << cell(k, 1, 1) | 1 << cell(k, 2, 2);
        out[n + 5] = 1 << cell(k, 2, 0) | 1 << cell(k, 1, 1) | 1 << cell(k, 0, 2);
        n += 6;
        k += 1;
    }
    // Space diagonals.
    out[n] = 1 << cell(0, 0, 0) | 1 << cell(1, 1, 1) | 1 << cell(2, 2, 2);
    out[n + 1] = 1 << cell(2, 0, 0) | 1 << cell(1, 1, 1) | 1 << cell(0, 2, 2);
    out[n + 2] = 1 << cell(0, 2, 0) | 1 << cell(1, 1, 1) | 1 << cell(2, 0, 2);
    out[n + 3] = 1 << cell(2, 2, 0) | 1 << cell(1, 1, 1) | 1 << cell(0, 0, 2);
    out
}

/// The lines through each cell (bit `i` = `LINES[i]`).
pub const LINES_OF: [u64; CELLS] = lines_of();

const fn lines_of() -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut i = 0;
        while i < 49 {
            if LINES[i] >> c & 1 == 1 {
                out[c] |= 1 << i;
            }
            i += 1;
        }
        c += 1;
    }
    out
}

/// The cells in move order: the reading order of the position string.
pub const ORDER: [u8; CELLS] = order();

const fn order() -> [u8; CELLS] {
    let mut out = [0u8; CELLS];
    let mut k = 0;
    while k < CELLS {
        let level = 2 - k / 9;
        out[k] = (level * 9 + k % 9) as u8;
        k += 1;
    }
    out
}

/// A cell's name: column letter, row digit, level digit (`b23`).
pub fn cell_name(c: u8) -> String {
    let c = c as usize;
    format!(
        "{}{}{}",
        (b'a' + (c % 3) as u8) as char,
        c / 3 % 3 + 1,
        c / 9 + 1
    )
}

/// A cell from its name, any case.
pub fn parse_cell(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [c, r, l] => {
            let c = c.to_ascii_lowercase();
            if (b'a'..=b'c').contains(&c) && (b'1'..=b'3').contains(r) && (b'1'..=b'3').contains(l)
            {
                Some(cell(
                    (c - b'a') as usize,
                    (r - b'1') as usize,
                    (l - b'1') as usize,
                ) as u8)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Does `bits` hold a whole line?
#[inline]
pub fn has_line(bits: u32) -> bool {
    for &l in &LINES {
        if bits & l == l {
            return true;
        }
    }
    false
}

/// Does `bits` hold a whole line through cell `c`?
#[inline]
fn line_through(bits: u32, c: u8) -> bool {
    let mut ls = LINES_OF[c as usize];
    while ls != 0 {
        let l = LINES[ls.trailing_zeros() as usize];
        ls &= ls - 1;
        if bits & l == l {
            return true;
        }
    }
    false
}

/// A symbol: X (player 1) or O.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Symbol {
    X,
    O,
}

impl Symbol {
    fn index(self) -> usize {
        self as usize
    }

    fn letter(self) -> char {
        match self {
            Symbol::X => 'x',
            Symbol::O => 'o',
        }
    }

    /// `x`, `o` (any case) or `0` for the nought.
    fn parse(text: &str) -> Option<Symbol> {
        match text {
            "x" | "X" => Some(Symbol::X),
            "o" | "O" | "0" => Some(Symbol::O),
            _ => None,
        }
    }
}

/// A move: a cell, and in the puzzle the symbol put there (the duel's
/// symbol is the mover's and is not written).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mark {
    /// The cell, `0..27`.
    pub cell: u8,
    /// The puzzle's symbol (`None` in the duel).
    pub symbol: Option<Symbol>,
}

impl GameMove for Mark {
    /// Never: noughts and crosses has no pass.
    #[inline]
    fn is_pass(self) -> bool {
        false
    }
}

impl Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.symbol {
            Some(s) => write!(f, "{}@{}", s.letter(), cell_name(self.cell)),
            None => f.write_str(&cell_name(self.cell)),
        }
    }
}

impl Debug for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// A position of 3-D noughts and crosses. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Galo<const SOLO: bool> {
    /// The cells of X (`bits[0]`) and of O (`bits[1]`).
    bits: [u32; 2],
    /// The duel's side to move (X = player 1); the puzzle's is always X.
    side: Player,
    /// True once the board holds a line (the duel: of the last mover).
    won: bool,
    hash: u64,
}

/// The two-player game (`galo3d`).
pub type Galo3d = Galo<false>;
/// The puzzle (`galo3d-solo`).
pub type Galo3dSolo = Galo<true>;

/// Most moves in one position: 27 cells × 2 symbols in the puzzle.
pub const MAX_MOVES: usize = 54;

impl<const SOLO: bool> Galo<SOLO> {
    /// The empty board, X to move.
    pub fn empty() -> Galo<SOLO> {
        Galo {
            bits: [0, 0],
            side: Player::One,
            won: false,
            hash: 0,
        }
    }

    /// The cells of a symbol.
    #[inline]
    pub fn cells_of(&self, s: Symbol) -> u32 {
        self.bits[s.index()]
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> u32 {
        self.bits[0] | self.bits[1]
    }

    /// The symbol on a cell, if any.
    #[inline]
    pub fn at(&self, c: u8) -> Option<Symbol> {
        if self.bits[0] >> c & 1 == 1 {
            Some(Symbol::X)
        } else if self.bits[1] >> c & 1 == 1 {
            Some(Symbol::O)
        } else {
            None
        }
    }

    /// True once the board holds a line.
    #[inline]
    pub fn won(&self) -> bool {
        self.won
    }

    /// The duel's symbol to move.
    #[inline]
    pub fn symbol_to_move(&self) -> Symbol {
        if self.side == Player::One {
            Symbol::X
        } else {
            Symbol::O
        }
    }

    /// The winner of a finished duel (the player with a line).
    pub fn winner(&self) -> Option<Player> {
        if SOLO || !self.won {
            return None;
        }
        Some(if has_line(self.bits[0]) {
            Player::One
        } else {
            Player::Two
        })
    }

    #[inline]
    fn put(&mut self, s: Symbol, c: u8) {
        self.bits[s.index()] |= 1 << c;
        self.hash ^= zobrist::key(keys::MARK + 27 * s.index() + c as usize);
    }

    /// Would `s` on the empty cell `c` complete a line?
    #[inline]
    pub fn completes(&self, s: Symbol, c: u8) -> bool {
        line_through(self.bits[s.index()] | 1 << c, c)
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, &c) in ORDER.iter().enumerate() {
            if k > 0 && k % 9 == 0 {
                f.write_str("/")?;
            } else if k > 0 && k % 3 == 0 {
                f.write_str(",")?;
            }
            f.write_str(match self.at(c) {
                Some(Symbol::X) => "x",
                Some(Symbol::O) => "o",
                None => "-",
            })?;
        }
        Ok(())
    }
}

/// Parses the board field: 3 levels (level 3 first) separated by `/`, each
/// 3 rows separated by `,`, each 3 cells `x`, `o` (`X`, `O`, `0`) or `-`.
fn parse_board(text: &str) -> Result<[u32; 2], FenError> {
    let levels: Vec<&str> = text.split('/').collect();
    if levels.len() != 3 {
        return Err(FenError::new(
            "board",
            "3 levels separated by '/' (level 3 first)",
            text,
        ));
    }
    let mut bits = [0u32; 2];
    for (k, level) in levels.iter().enumerate() {
        let rows: Vec<&str> = level.split(',').collect();
        if rows.len() != 3 {
            return Err(FenError::new(
                format!("level {}", 3 - k),
                "3 rows separated by ','",
                level,
            ));
        }
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 3 {
                return Err(FenError::new(
                    format!("level {}, row {}", 3 - k, r + 1),
                    "3 cells (x, o or -)",
                    row,
                ));
            }
            for (col, ch) in chars.iter().enumerate() {
                let c = cell(col, r, 2 - k);
                match *ch {
                    '-' => {}
                    _ => match Symbol::parse(&ch.to_string()) {
                        Some(s) => bits[s.index()] |= 1 << c,
                        None => {
                            return Err(FenError::new(
                                format!("level {}, row {}, cell {}", 3 - k, r + 1, col + 1),
                                "x, o or - (X, O and 0 accepted)",
                                &ch.to_string(),
                            ))
                        }
                    },
                }
            }
        }
    }
    Ok(bits)
}

impl<const SOLO: bool> Galo<SOLO> {
    /// A position from the two symbols' cells (disjoint) and the side to
    /// move (the puzzle's is ignored).
    pub fn from_bits(bits: [u32; 2], side: Player) -> Galo<SOLO> {
        let mut pos = Galo::empty();
        for (s, sym) in [Symbol::X, Symbol::O].into_iter().enumerate() {
            let mut b = bits[s] & FULL;
            while b != 0 {
                let c = b.trailing_zeros() as u8;
                b &= b - 1;
                pos.put(sym, c);
            }
        }
        if !SOLO && side == Player::Two {
            pos.side = Player::Two;
            pos.hash ^= zobrist::key(zobrist::SIDE);
        }
        pos.won = has_line(pos.bits[0]) || has_line(pos.bits[1]);
        pos
    }
}

impl<const SOLO: bool> Game for Galo<SOLO> {
    type Move = Mark;
    type Moves = MoveList<Mark, MAX_MOVES>;
    const NAME: &'static str = if SOLO { "galo3d-solo" } else { "galo3d" };
    const PUZZLE: bool = SOLO;

    /// The empty cells in reading order (puzzle: X then O on each); none
    /// once a line stands.
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        if self.won {
            return moves;
        }
        let occ = self.occupied();
        for &c in &ORDER {
            if occ >> c & 1 == 0 {
                if SOLO {
                    moves.push(Mark {
                        cell: c,
                        symbol: Some(Symbol::X),
                    });
                    moves.push(Mark {
                        cell: c,
                        symbol: Some(Symbol::O),
                    });
                } else {
                    moves.push(Mark {
                        cell: c,
                        symbol: None,
                    });
                }
            }
        }
        moves
    }

    #[inline]
    fn count_moves(&self) -> usize {
        if self.won {
            return 0;
        }
        let free = (FULL & !self.occupied()).count_ones() as usize;
        if SOLO {
            2 * free
        } else {
            free
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.won || self.occupied() == FULL
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Mark) {
        let s = if SOLO {
            mv.symbol.unwrap_or(Symbol::X)
        } else {
            self.symbol_to_move()
        };
        self.put(s, mv.cell);
        self.won = line_through(self.bits[s.index()], mv.cell);
        if !SOLO {
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn play(&mut self, mv: Mark) -> Result<(), MoveError> {
        let symbol_ok = mv.symbol.is_some() == SOLO;
        if mv.cell < CELLS as u8 && symbol_ok && !self.won && self.occupied() >> mv.cell & 1 == 0 {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                why: self.why_illegal(mv),
            })
        }
    }

    fn why_illegal(&self, mv: Mark) -> &'static str {
        if self.won {
            "the game is over (a line of three stands)"
        } else if mv.cell as usize >= CELLS || self.occupied() >> mv.cell & 1 == 1 {
            "the cell is not empty"
        } else if SOLO && mv.symbol.is_none() {
            "the puzzle's move names its symbol (x@b22 or o@b22)"
        } else if !SOLO && mv.symbol.is_some() {
            "the duel's move is the cell only (the symbol is the mover's)"
        } else {
            "not a legal move"
        }
    }

    fn parse_move(&self, text: &str) -> Result<Mark, MoveError> {
        let syntax = || MoveError::Syntax {
            text: text.to_string(),
            expected: if SOLO {
                "<symbol>@<cell>: x or o, then column a-c, row 1-3, level 1-3 (x@b22)"
            } else {
                "a cell: column a-c, row 1-3, level 1-3 (b22)"
            },
        };
        if SOLO {
            let (s, c) = text.split_once('@').ok_or_else(syntax)?;
            let symbol = Symbol::parse(s).ok_or_else(syntax)?;
            let cell = parse_cell(c).ok_or_else(syntax)?;
            Ok(Mark {
                cell,
                symbol: Some(symbol),
            })
        } else {
            let cell = parse_cell(text).ok_or_else(syntax)?;
            Ok(Mark { cell, symbol: None })
        }
    }

    /// The puzzle's target is always 1 (a line); the duel has none.
    fn target(&self) -> Option<u32> {
        SOLO.then_some(1)
    }

    fn set_target(&mut self, _target: Option<u32>) {}

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// Puzzle: `[1, 0]` once a line stands. Duel: [`WIN_POINTS`] for the
    /// winner.
    fn scores(&self) -> [u32; 2] {
        if !self.won {
            return [0, 0];
        }
        if SOLO {
            return [1, 0];
        }
        match self.winner() {
            Some(Player::One) => [WIN_POINTS, 0],
            _ => [0, WIN_POINTS],
        }
    }

    /// The duel: the player with a line, or a draw on a full board without
    /// one (impossible under the rules).
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
        for s in 0..2 {
            let mut b = self.bits[s];
            while b != 0 {
                hash ^= zobrist::key(keys::MARK + 27 * s + b.trailing_zeros() as usize);
                b &= b - 1;
            }
        }
        if self.side == Player::Two {
            hash ^= zobrist::key(zobrist::SIDE);
        }
        hash
    }

    /// Reads `galo3d <level3>/<level2>/<level1> <side>` (side `x` or `o`)
    /// or `galo3d-solo <level3>/<level2>/<level1>`.
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let layout = if SOLO {
            format!("{id} <level3>/<level2>/<level1>")
        } else {
            format!("{id} <level3>/<level2>/<level1> <side>")
        };
        let f = if SOLO {
            fen::fields(text, id, 2, 2, &layout)?
        } else {
            fen::fields(text, id, 3, 3, &layout)?
        };
        let bits = parse_board(f[1])?;
        if SOLO {
            return Ok(Self::from_bits(bits, Player::One));
        }
        let side = match Symbol::parse(f[2]) {
            Some(Symbol::X) => Player::One,
            Some(Symbol::O) => Player::Two,
            None => return Err(FenError::new("side to move", "'x' or 'o'", f[2])),
        };
        if has_line(bits[0]) && has_line(bits[1]) {
            return Err(FenError::new(
                "board",
                "a line of at most one symbol (the first line ends the game)",
                f[1],
            ));
        }
        Ok(Self::from_bits(bits, side))
    }
}

impl<const SOLO: bool> Display for Galo<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", Self::NAME)?;
        self.write_board(f)?;
        if !SOLO {
            write!(f, " {}", self.symbol_to_move().letter())?;
        }
        Ok(())
    }
}

impl<const SOLO: bool> Debug for Galo<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}
