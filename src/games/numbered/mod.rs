//! The number-board games: the knight game (10 × 10), the bishop game (8 × 8)
//! and the rook game (`torre`, 7 × 7), each as a two-player duel and as a
//! single-player puzzle.
//!
//! The boards use the same square index, `row * 10 + col` with row 0 the top
//! row (`a1`..`j1`), so the bishop's 8 × 8 and the rook's 7 × 7 boards are the
//! top-left corner of the knight's and square names mean the same thing in
//! every game. A state keeps
//! the board's numbers (`vals`, never changed after set-up) and a bitboard of
//! the squares that still hold theirs (`occ`); playing a move only clears bits.
//!
//! The landing rules live in `Jump::land`: score, vacate, then the symmetric
//! rule or the double rule.

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
    /// Key of "square `s` still holds a number": `SQUARE + s` (s < 100).
    pub const SQUARE: usize = range(0, 100);
    /// Key of "player `p`'s piece stands on `s`": `PIECE + 100 * p + s`.
    pub const PIECE: usize = range(100, 200);
}
use std::marker::PhantomData;

/// Width of the square index (the knight board's width).
pub const STRIDE: usize = 10;
/// No square: an unplaced piece, or no square for a number.
pub const NONE: u8 = 255;

/// A square index `row * 10 + col`.
pub type Square = u8;

/// The name of a square: column letter, then row number (`a1`, `j10`).
pub fn square_name(sq: Square) -> String {
    let (row, col) = (sq as usize / STRIDE, sq as usize % STRIDE);
    format!("{}{}", (b'a' + col as u8) as char, row + 1)
}

/// Parses a square name (any case) on a `side` × `side` board.
pub fn parse_square(text: &str, side: usize) -> Option<Square> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes.len() > 3 {
        return None;
    }
    let col = bytes[0].to_ascii_lowercase().wrapping_sub(b'a') as usize;
    // Byte slicing: a non-ASCII first character must not split a char.
    let digits = &bytes[1..];
    if !digits.iter().all(|b| b.is_ascii_digit()) || digits.starts_with(b"0") {
        return None;
    }
    let row = digits
        .iter()
        .fold(0usize, |n, &b| n * 10 + usize::from(b - b'0'));
    if col >= side || row == 0 || row > side {
        return None;
    }
    Some(((row - 1) * STRIDE + col) as Square)
}

/// The piece of a number-board game: its board size and how it moves.
pub trait Piece: Copy + Eq + Debug + Send + Sync + 'static {
    /// Board side (10 for the knight, 8 for the bishop).
    const SIDE: usize;
    /// The piece's name in messages.
    const NAME: &'static str;
    /// The two-player game's id (`knight`).
    const DUEL: &'static str;
    /// The puzzle's id (`knight-solo`).
    const SOLO: &'static str;
    /// Most moves from one square.
    const MAX_TARGETS: usize;
    /// What a move does to the square's colour: the knight's parity term of
    /// the evaluation and the puzzle's `reach` bound read it.
    const COLOUR: ColourRule;
    /// What a move is, for "not legal" messages ("not a knight's jump …").
    const NOT_A_MOVE: &'static str;
    /// The expected text of a move, for syntax errors.
    const MOVE_SYNTAX: &'static str;
    /// The course's problems file of the puzzle (`data/problems/<name>.dat`).
    const PROBLEMS: &'static str;
    /// The problems file writes the board bottom row first (the bishop's).
    const PROBLEMS_BOTTOM_FIRST: bool;
    /// [`CourseProblems::IN_REPORT`](crate::game::CourseProblems::IN_REPORT)
    /// of the puzzle.
    const IN_REPORT: bool;
    /// [`Puzzle::IN_BENCH`](crate::puzzle::heuristic::Puzzle::IN_BENCH) of
    /// the puzzle (`tabula bench-puzzle` runs the knight's problems only).
    const IN_BENCH: bool;
    /// [`Starts::BALANCE`](crate::game::Starts::BALANCE) of both games.
    const BALANCE: crate::game::Balance;

    /// The squares reachable from `sq` on an empty board, in operator order.
    fn targets(sq: Square) -> &'static [Square];
    /// Bitboard of [`Piece::targets`]: the squares the piece attacks.
    fn attacks(sq: Square) -> u128;
    /// The numbers of a full board, ascending.
    fn full_set() -> Vec<u8>;
}

/// How a piece's move changes the colour of its square (squares coloured by
/// `(row + column) % 2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// Every move changes the colour (the knight).
    Alternates,
    /// Every move keeps it (the bishop).
    Keeps,
    /// Either (the rook).
    Free,
}

/// The chess knight on the 10 × 10 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KnightPiece;

/// The chess bishop on the 8 × 8 board; empty squares do not block it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BishopPiece;

/// The chess rook on the 7 × 7 board (`torre`); nothing blocks its slide.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RookPiece;

/// Knight jumps as (row, column) offsets in the rules' operator order op1..op8.
pub const KNIGHT_OPS: [(i32, i32); 8] = [
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
];

/// Bishop directions in operator order, nearer squares first along each.
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Rook directions in operator order (rows grow downwards), nearer squares
/// first along each.
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Per-square move tables: targets in operator order and their bitboard.
struct Tables<const N: usize> {
    targets: [[Square; N]; 100],
    len: [u8; 100],
    mask: [u128; 100],
}

const fn knight_tables() -> Tables<8> {
    let mut t = Tables {
        targets: [[NONE; 8]; 100],
        len: [0; 100],
        mask: [0; 100],
    };
    let mut sq = 0;
    while sq < 100 {
        let (r, c) = ((sq / 10) as i32, (sq % 10) as i32);
        let mut op = 0;
        while op < 8 {
            let (nr, nc) = (r + KNIGHT_OPS[op].0, c + KNIGHT_OPS[op].1);
            if nr >= 0 && nr < 10 && nc >= 0 && nc < 10 {
                let to = (nr * 10 + nc) as usize;
                t.targets[sq][t.len[sq] as usize] = to as Square;
                t.len[sq] += 1;
                t.mask[sq] |= 1u128 << to;
            }
            op += 1;
        }
        sq += 1;
    }
    t
}

/// The tables of a piece sliding along `dirs` to the edge of a `side` ×
/// `side` board (nothing blocks it).
const fn slider_tables<const N: usize>(dirs: [(i32, i32); 4], side: i32) -> Tables<N> {
    let mut t = Tables {
        targets: [[NONE; N]; 100],
        len: [0; 100],
        mask: [0; 100],
    };
    let mut sq = 0;
    while sq < 100 {
        let (r, c) = ((sq / 10) as i32, (sq % 10) as i32);
        if r < side && c < side {
            let mut d = 0;
            while d < 4 {
                let (mut nr, mut nc) = (r + dirs[d].0, c + dirs[d].1);
                while nr >= 0 && nr < side && nc >= 0 && nc < side {
                    let to = (nr * 10 + nc) as usize;
                    t.targets[sq][t.len[sq] as usize] = to as Square;
                    t.len[sq] += 1;
                    t.mask[sq] |= 1u128 << to;
                    nr += dirs[d].0;
                    nc += dirs[d].1;
                }
                d += 1;
            }
        }
        sq += 1;
    }
    t
}

static KNIGHT: Tables<8> = knight_tables();
static BISHOP: Tables<13> = slider_tables(BISHOP_DIRS, 8);
static ROOK: Tables<12> = slider_tables(ROOK_DIRS, 7);

impl Piece for KnightPiece {
    const SIDE: usize = 10;
    const NAME: &'static str = "knight";
    const DUEL: &'static str = "knight";
    const SOLO: &'static str = "knight-solo";
    // Knight starts are read at about the nodes a 5 ms move searches: a fixed
    // depth misses how the attack rule squeezes one side at the end.
    const BALANCE: crate::game::Balance = crate::game::Balance {
        search: crate::game::BalanceSearch::Nodes(25_000),
        pairs: 2,
        threshold: 30,
    };
    const MAX_TARGETS: usize = 8;
    const COLOUR: ColourRule = ColourRule::Alternates;
    const NOT_A_MOVE: &'static str = "not a knight's jump from the piece's square";
    const MOVE_SYNTAX: &'static str = "a square a1..j10 or 'pass'";
    const PROBLEMS: &'static str = include_str!("../../../data/problems/knight.dat");
    const PROBLEMS_BOTTOM_FIRST: bool = false;
    const IN_REPORT: bool = true;
    const IN_BENCH: bool = true;

    #[inline]
    fn targets(sq: Square) -> &'static [Square] {
        &KNIGHT.targets[sq as usize][..KNIGHT.len[sq as usize] as usize]
    }
    #[inline]
    fn attacks(sq: Square) -> u128 {
        KNIGHT.mask[sq as usize]
    }
    fn full_set() -> Vec<u8> {
        (0..100).collect()
    }
}

impl Piece for BishopPiece {
    const SIDE: usize = 8;
    const NAME: &'static str = "bishop";
    const DUEL: &'static str = "bishop";
    const SOLO: &'static str = "bishop-solo";
    const BALANCE: crate::game::Balance = crate::game::Balance::by_depth(9, 20);
    const MAX_TARGETS: usize = 13;
    const COLOUR: ColourRule = ColourRule::Keeps;
    const NOT_A_MOVE: &'static str = "not on a diagonal of the piece's square";
    const MOVE_SYNTAX: &'static str = "a square a1..h8 or 'pass'";
    const PROBLEMS: &'static str = include_str!("../../../data/problems/bishop.dat");
    /// The published bishop problems were written bottom row first.
    const PROBLEMS_BOTTOM_FIRST: bool = true;
    /// Not in the default report: provisional targets, problem C unreachable.
    const IN_REPORT: bool = false;
    const IN_BENCH: bool = false;

    #[inline]
    fn targets(sq: Square) -> &'static [Square] {
        &BISHOP.targets[sq as usize][..BISHOP.len[sq as usize] as usize]
    }
    #[inline]
    fn attacks(sq: Square) -> u128 {
        BISHOP.mask[sq as usize]
    }
    fn full_set() -> Vec<u8> {
        (11..=88)
            .filter(|n| (1..=8).contains(&(n / 10)) && (1..=8).contains(&(n % 10)))
            .collect()
    }
}

impl Piece for RookPiece {
    const SIDE: usize = 7;
    const NAME: &'static str = "rook";
    const DUEL: &'static str = "torre";
    const SOLO: &'static str = "torre-solo";
    const BALANCE: crate::game::Balance = crate::game::Balance::by_depth(9, 20);
    const MAX_TARGETS: usize = 12;
    const COLOUR: ColourRule = ColourRule::Free;
    const NOT_A_MOVE: &'static str = "not on the row or the column of the piece's square";
    const MOVE_SYNTAX: &'static str = "a square a1..g7 or 'pass'";
    const PROBLEMS: &'static str = include_str!("../../../data/problems/torre.dat");
    const PROBLEMS_BOTTOM_FIRST: bool = false;
    /// Not in the default report: breadth-first and depth-first search of
    /// problem F (16 moves on a full board) would run for hours.
    const IN_REPORT: bool = false;
    const IN_BENCH: bool = false;

    #[inline]
    fn targets(sq: Square) -> &'static [Square] {
        &ROOK.targets[sq as usize][..ROOK.len[sq as usize] as usize]
    }
    #[inline]
    fn attacks(sq: Square) -> u128 {
        ROOK.mask[sq as usize]
    }
    /// The 49 numbers 11..77 whose digits are both 1..7.
    fn full_set() -> Vec<u8> {
        (11..=77)
            .filter(|n| (1..=7).contains(&(n / 10)) && (1..=7).contains(&(n % 10)))
            .collect()
    }
}

/// Bitboard of row `row` (0-based) of a `side`-wide board.
#[inline]
fn row_mask(row: usize, side: usize) -> u128 {
    ((1u128 << side) - 1) << (row * STRIDE)
}

/// A move of a number-board game: the destination square, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JumpMove(pub Square);

impl JumpMove {
    /// The forced pass.
    pub const PASS: JumpMove = JumpMove(NONE);

    /// The destination square (meaningless for a pass).
    pub fn to(self) -> Square {
        self.0
    }
}

impl GameMove for JumpMove {
    #[inline]
    fn is_pass(self) -> bool {
        self.0 == NONE
    }
}

impl Display for JumpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            f.write_str("pass")
        } else {
            f.write_str(&square_name(self.0))
        }
    }
}

impl Debug for JumpMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// How a landing on a double (00, 11, …, 99) picks the other double to remove.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DoubleRule {
    /// The largest other double still on the board (the rules' default).
    #[default]
    Largest,
}

/// How the two pieces of a duel enter the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Placement {
    /// White on the highest number of its home row, then black: both before
    /// the first move (the rules' default).
    #[default]
    Automatic,
    /// Each side's first ply is a placement move on its home row (variant
    /// `placement=choose`).
    Choose,
}

/// A position of a number-board game. `SOLO` selects the puzzle.
///
/// Equality compares what the position string shows: numbers still on the
/// board, pieces, scores, side to move and target.
#[derive(Clone, Copy)]
pub struct Jump<P: Piece, const SOLO: bool> {
    /// Squares that still hold their number.
    occ: u128,
    /// The number on each square (set up once; read only where `occ` is set).
    vals: [u8; 100],
    /// For each number, a square that shows it (`NONE` if no square does).
    square_of: [u8; 100],
    /// The pieces' squares (`NONE` while not placed). Puzzle: only `pos[0]`.
    pos: [Square; 2],
    score: [u16; 2],
    side: Player,
    /// Some number is shown on more than one square (hand-made boards only):
    /// removals then scan the board instead of using `square_of`.
    duplicates: bool,
    /// The puzzle's target (0 when none was given).
    target: u16,
    hash: u64,
    _piece: PhantomData<P>,
}

impl<P: Piece, const SOLO: bool> PartialEq for Jump<P, SOLO> {
    fn eq(&self, other: &Self) -> bool {
        self.occ == other.occ
            && self.remaining_numbers().eq(other.remaining_numbers())
            && self.pos == other.pos
            && self.score == other.score
            && self.side == other.side
            && self.target == other.target
    }
}

impl<P: Piece, const SOLO: bool> Eq for Jump<P, SOLO> {}

/// The knight duel (`knight`).
pub type Knight = Jump<KnightPiece, false>;
/// The knight puzzle (`knight-solo`).
pub type KnightSolo = Jump<KnightPiece, true>;
/// The bishop duel (`bishop`).
pub type Bishop = Jump<BishopPiece, false>;
/// The bishop puzzle (`bishop-solo`).
pub type BishopSolo = Jump<BishopPiece, true>;
/// The rook duel (`torre`).
pub type Torre = Jump<RookPiece, false>;
/// The rook puzzle (`torre-solo`).
pub type TorreSolo = Jump<RookPiece, true>;

/// Most moves in one position: a home row of 10 placements, or 13 bishop slides.
pub const MAX_MOVES: usize = 16;

impl<P: Piece, const SOLO: bool> Jump<P, SOLO> {
    /// A position from a board of numbers (`None` = empty), with no piece
    /// placed, nothing scored and player 1 to move. Numbers must be below 100.
    ///
    /// For the duel this is the board *before* the automatic placement: call
    /// [`Jump::place_automatically`] to get the start position of a game.
    pub fn from_numbers(cells: &[Option<u8>]) -> Jump<P, SOLO> {
        assert_eq!(cells.len(), P::SIDE * P::SIDE, "board size");
        let mut pos = Jump {
            occ: 0,
            vals: [0; 100],
            square_of: [NONE; 100],
            pos: [NONE; 2],
            score: [0; 2],
            side: Player::One,
            duplicates: false,
            target: 0,
            hash: 0,
            _piece: PhantomData,
        };
        for (i, cell) in cells.iter().enumerate() {
            if let Some(n) = *cell {
                assert!(n < 100, "numbers are 0..99");
                let sq = (i / P::SIDE * STRIDE + i % P::SIDE) as Square;
                pos.vals[sq as usize] = n;
                pos.occ |= 1u128 << sq;
                if pos.square_of[n as usize] == NONE {
                    pos.square_of[n as usize] = sq;
                } else {
                    pos.duplicates = true;
                }
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos
    }

    /// The start position of a duel from a full board: white on the highest
    /// number of row 1, then black on the highest remaining number of the last
    /// row, landing rules applied to each. A side whose home row is empty stays
    /// unplaced (it will pass until the game ends).
    pub fn place_automatically(&mut self) {
        for player in [Player::One, Player::Two] {
            if self.pos[player.index()] != NONE {
                continue;
            }
            let row = if player == Player::One {
                0
            } else {
                P::SIDE - 1
            };
            let mut best: Option<Square> = None;
            let mut bits = self.occ & row_mask(row, P::SIDE);
            while bits != 0 {
                let sq = bits.trailing_zeros() as Square;
                bits &= bits - 1;
                if best.is_none_or(|b| self.vals[sq as usize] > self.vals[b as usize]) {
                    best = Some(sq);
                }
            }
            if let Some(sq) = best {
                self.land(player, sq);
            }
        }
    }

    /// The number on a square, if the square still holds it.
    pub fn number(&self, sq: Square) -> Option<u8> {
        (self.occ >> sq & 1 == 1).then_some(self.vals[sq as usize])
    }

    /// The square of a player's piece, if placed.
    pub fn piece(&self, player: Player) -> Option<Square> {
        let sq = self.pos[player.index()];
        (sq != NONE).then_some(sq)
    }

    /// Bitboard of the squares that still hold a number.
    pub fn occupancy(&self) -> u128 {
        self.occ
    }

    /// The puzzle's target, if one was given.
    pub fn target(&self) -> Option<u32> {
        (self.target > 0).then_some(self.target as u32)
    }

    /// Sets (or clears, with `None`) the puzzle's target.
    pub fn set_target(&mut self, target: Option<u32>) {
        self.target = target.map_or(0, |t| t.min(u16::MAX as u32) as u16);
    }

    /// The numbers still on the board, one per numbered square.
    pub fn remaining_numbers(&self) -> impl Iterator<Item = u8> + '_ {
        let mut bits = self.occ;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let sq = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                self.vals[sq]
            })
        })
    }

    /// Board side length (10, 8 or 7).
    pub fn side_len(&self) -> usize {
        P::SIDE
    }

    #[inline]
    fn clear(&mut self, sq: Square) {
        self.occ &= !(1u128 << sq);
        self.hash ^= zobrist::key(keys::SQUARE + sq as usize);
    }

    #[inline]
    fn holds(&self, sq: Square) -> bool {
        sq != NONE && self.occ >> sq & 1 == 1
    }

    /// Is the number `n` still shown on some square?
    #[inline]
    fn has_number(&self, n: u8) -> bool {
        if !self.duplicates {
            return self.holds(self.square_of[n as usize]);
        }
        self.squares_showing(n) != 0
    }

    /// Bitboard of the squares still showing `n` (slow path for duplicates).
    fn squares_showing(&self, n: u8) -> u128 {
        let mut found = 0;
        let mut bits = self.occ;
        while bits != 0 {
            let sq = bits.trailing_zeros();
            bits &= bits - 1;
            if self.vals[sq as usize] == n {
                found |= 1u128 << sq;
            }
        }
        found
    }

    /// Removes every copy of the number `n` still on the board.
    #[inline]
    fn remove_number(&mut self, n: u8) {
        if !self.duplicates {
            let sq = self.square_of[n as usize];
            if self.holds(sq) {
                self.clear(sq);
            }
            return;
        }
        let mut bits = self.squares_showing(n);
        while bits != 0 {
            let sq = bits.trailing_zeros() as Square;
            bits &= bits - 1;
            self.clear(sq);
        }
    }

    /// The landing rules (placement and every move): score the number, vacate
    /// the square, then apply the symmetric rule (`ab` removes `ba`) or, on a
    /// double, remove the largest other double still on the board.
    #[inline]
    fn land(&mut self, player: Player, sq: Square) {
        let p = player.index();
        let n = self.vals[sq as usize];
        self.score[p] = self.score[p].saturating_add(n as u16);
        self.clear(sq);
        if self.pos[p] != NONE {
            self.hash ^= zobrist::key(keys::PIECE + 100 * p + self.pos[p] as usize);
        }
        self.pos[p] = sq;
        self.hash ^= zobrist::key(keys::PIECE + 100 * p + sq as usize);
        let (tens, units) = (n / 10, n % 10);
        if tens != units {
            self.remove_number(units * 10 + tens);
        } else if let Some(d) = (0..10u8)
            .rev()
            .map(|d| d * 11)
            .find(|&d| self.has_number(d))
        {
            self.remove_number(d);
        }
    }

    /// Bitboard of the squares `player` may move to (empty when it must pass).
    #[inline]
    fn targets_of(&self, player: Player) -> u128 {
        let (me, them) = (self.pos[player.index()], self.pos[player.other().index()]);
        let forbidden = if SOLO || them == NONE {
            0
        } else {
            P::attacks(them)
        };
        let reach = if me == NONE {
            let row = if player == Player::One {
                0
            } else {
                P::SIDE - 1
            };
            row_mask(row, P::SIDE)
        } else {
            P::attacks(me)
        };
        reach & self.occ & !forbidden
    }

    /// Moves of the side to move as squares, in operator order.
    #[inline]
    fn push_targets(&self, moves: &mut MoveList<JumpMove, MAX_MOVES>, allowed: u128) {
        let me = self.pos[self.side.index()];
        if me == NONE {
            // Placement: the home row from left to right.
            let mut bits = allowed;
            while bits != 0 {
                moves.push(JumpMove(bits.trailing_zeros() as Square));
                bits &= bits - 1;
            }
        } else {
            for &to in P::targets(me) {
                if allowed >> to & 1 == 1 {
                    moves.push(JumpMove(to));
                }
            }
        }
    }

    fn cell_text(&self, sq: Square) -> String {
        if self.pos[0] == sq {
            "W".into()
        } else if !SOLO && self.pos[1] == sq {
            "B".into()
        } else if self.holds(sq) {
            format!("{:02}", self.vals[sq as usize])
        } else {
            "-".into()
        }
    }

    /// Parses the board field: `side` rows separated by `/`, each of `side`
    /// comma-separated cells. Returns the numbers and the W/B squares.
    fn parse_board(text: &str) -> Result<(Vec<Option<u8>>, [Square; 2]), FenError> {
        let rows: Vec<&str> = text.split('/').collect();
        if rows.len() != P::SIDE {
            return Err(FenError::new(
                "board",
                format!("{} rows separated by '/'", P::SIDE),
                &format!("{} rows", rows.len()),
            ));
        }
        let mut cells = Vec::with_capacity(P::SIDE * P::SIDE);
        let mut pieces = [NONE; 2];
        for (r, row) in rows.iter().enumerate() {
            let items: Vec<&str> = row.split(',').collect();
            if items.len() != P::SIDE {
                return Err(FenError::new(
                    format!("row {}", r + 1),
                    format!("{} comma-separated cells", P::SIDE),
                    row,
                ));
            }
            for (c, item) in items.iter().enumerate() {
                let sq = (r * STRIDE + c) as Square;
                let field = || format!("row {}, cell {}", r + 1, c + 1);
                let expected = if SOLO {
                    "a number 0..99, '-' or 'W'"
                } else {
                    "a number 0..99, '-', 'W' or 'B'"
                };
                match *item {
                    "-" => cells.push(None),
                    "W" | "w" | "B" | "b" => {
                        let p = usize::from(item.eq_ignore_ascii_case("b"));
                        if SOLO && p == 1 {
                            return Err(FenError::new(field(), expected, item));
                        }
                        if pieces[p] != NONE {
                            return Err(FenError::new(
                                field(),
                                format!("a single '{}' on the board", item.to_uppercase()),
                                item,
                            ));
                        }
                        pieces[p] = sq;
                        cells.push(None);
                    }
                    _ if (1..=2).contains(&item.len())
                        && item.bytes().all(|b| b.is_ascii_digit()) =>
                    {
                        cells.push(Some(item.parse().expect("one or two digits")));
                    }
                    _ => return Err(FenError::new(field(), expected, item)),
                }
            }
        }
        Ok((cells, pieces))
    }

    /// Puts a piece on a square without scoring (used by the FEN parser: the
    /// square is already empty in the string).
    fn put_piece(&mut self, player: Player, sq: Square) {
        let p = player.index();
        self.pos[p] = sq;
        self.hash ^= zobrist::key(keys::PIECE + 100 * p + sq as usize);
    }
}

impl<P: Piece, const SOLO: bool> Game for Jump<P, SOLO> {
    type Move = JumpMove;
    type Moves = MoveList<JumpMove, MAX_MOVES>;
    const NAME: &'static str = if SOLO { P::SOLO } else { P::DUEL };
    const PUZZLE: bool = SOLO;

    #[inline]
    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        let allowed = self.targets_of(self.side);
        if allowed != 0 {
            self.push_targets(&mut moves, allowed);
        } else if !SOLO && self.targets_of(self.side.other()) != 0 {
            moves.push(JumpMove::PASS);
        }
        moves
    }

    #[inline]
    fn count_moves(&self) -> usize {
        let n = self.targets_of(self.side).count_ones() as usize;
        if n == 0 && !SOLO && self.targets_of(self.side.other()) != 0 {
            1
        } else {
            n
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: JumpMove) {
        if !mv.is_pass() {
            self.land(self.side, mv.0);
        }
        if !SOLO {
            self.side = self.side.other();
            self.hash ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn why_illegal(&self, mv: JumpMove) -> &'static str {
        let me = self.pos[self.side.index()];
        if mv.is_pass() {
            return "pass is only legal when the side to move has no other move";
        }
        let to = mv.0;
        if self.targets_of(self.side) == 0 && self.count_moves() == 0 {
            return "the game is over";
        }
        if me == NONE {
            return "the first move places the piece on a numbered square of its home row";
        }
        if P::attacks(me) >> to & 1 == 0 {
            return P::NOT_A_MOVE;
        }
        if !self.holds(to) {
            return "the square holds no number";
        }
        "the square is attacked by the opponent's piece"
    }

    fn parse_move(&self, text: &str) -> Result<JumpMove, MoveError> {
        if text.eq_ignore_ascii_case("pass") && !SOLO {
            return Ok(JumpMove::PASS);
        }
        parse_square(text, P::SIDE)
            .map(JumpMove)
            .ok_or_else(|| MoveError::Syntax {
                text: text.to_string(),
                expected: P::MOVE_SYNTAX,
            })
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
        let mut h = 0;
        let mut bits = self.occ;
        while bits != 0 {
            h ^= zobrist::key(keys::SQUARE + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
        for p in 0..2 {
            if self.pos[p] != NONE {
                h ^= zobrist::key(keys::PIECE + 100 * p + self.pos[p] as usize);
            }
        }
        if self.side == Player::Two {
            h ^= zobrist::key(zobrist::SIDE);
        }
        h
    }

    /// Reads `knight <rows> <side> <score1> <score2>` or
    /// `knight-solo <rows> <score> [<target>]` (and the bishop forms).
    ///
    /// A duel string with neither `W` nor `B` is read as a board before the
    /// automatic placement, which is then applied (with the given scores and
    /// side added to what the placements score). A string with only one of
    /// them is accepted when the other side's home row holds no number (that
    /// piece can never be placed, as the automatic placement leaves it).
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let layout = if SOLO {
            format!("{id} <rows> <score> [<target>]")
        } else {
            format!("{id} <rows> <side> <score1> <score2>")
        };
        let f = if SOLO {
            fen::fields(text, id, 3, 4, &layout)?
        } else {
            fen::fields(text, id, 5, 5, &layout)?
        };
        let (cells, pieces) = Self::parse_board(f[1])?;
        let mut pos = Self::from_numbers(&cells);
        let max = u16::MAX as u32;
        if SOLO {
            pos.score[0] = fen::number("score", f[2], max)? as u16;
            if let Some(t) = f.get(3) {
                pos.target = fen::number("target", t, max)? as u16;
            }
            if pieces[0] != NONE {
                pos.put_piece(Player::One, pieces[0]);
            }
            return Ok(pos);
        }
        let side = match f[2] {
            "w" | "W" => Player::One,
            "b" | "B" => Player::Two,
            other => return Err(FenError::new("side to move", "'w' or 'b'", other)),
        };
        let s1 = fen::number("score1", f[3], max)? as u16;
        let s2 = fen::number("score2", f[4], max)? as u16;
        // A piece may be missing only when its home row holds no number: it
        // can never be placed (what the automatic placement leaves behind).
        let home_empty = |row: usize| {
            cells[row * P::SIDE..(row + 1) * P::SIDE]
                .iter()
                .all(Option::is_none)
        };
        match (pieces[0] != NONE, pieces[1] != NONE) {
            (true, true) => {
                pos.put_piece(Player::One, pieces[0]);
                pos.put_piece(Player::Two, pieces[1]);
            }
            (false, false) => pos.place_automatically(),
            (true, false) if home_empty(P::SIDE - 1) => pos.put_piece(Player::One, pieces[0]),
            (false, true) if home_empty(0) => pos.put_piece(Player::Two, pieces[1]),
            (true, false) => {
                return Err(FenError::missing(
                    "board",
                    "a 'B' (black piece) as well as the 'W' (only a side whose home row \
                     is empty may have no piece)",
                ))
            }
            (false, true) => {
                return Err(FenError::missing(
                    "board",
                    "a 'W' (white piece) as well as the 'B' (only a side whose home row \
                     is empty may have no piece)",
                ))
            }
        }
        pos.score[0] = pos.score[0].saturating_add(s1);
        pos.score[1] = pos.score[1].saturating_add(s2);
        if side == Player::Two {
            pos.side = Player::Two;
            pos.hash ^= zobrist::key(zobrist::SIDE);
        }
        Ok(pos)
    }
}

impl<P: Piece, const SOLO: bool> Display for Jump<P, SOLO> {
    /// The position string of the interface.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", Self::NAME)?;
        for r in 0..P::SIDE {
            if r > 0 {
                f.write_str("/")?;
            }
            for c in 0..P::SIDE {
                if c > 0 {
                    f.write_str(",")?;
                }
                f.write_str(&self.cell_text((r * STRIDE + c) as Square))?;
            }
        }
        if SOLO {
            write!(f, " {}", self.score[0])?;
            if self.target > 0 {
                write!(f, " {}", self.target)?;
            }
            Ok(())
        } else {
            let side = if self.side == Player::One { 'w' } else { 'b' };
            write!(f, " {side} {} {}", self.score[0], self.score[1])
        }
    }
}

impl<P: Piece, const SOLO: bool> Debug for Jump<P, SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solo(rows: &[(Square, u8)]) -> KnightSolo {
        let mut cells = vec![None; 100];
        for &(sq, n) in rows {
            cells[(sq / 10 * 10 + sq % 10) as usize] = Some(n);
        }
        KnightSolo::from_numbers(&cells)
    }

    #[test]
    fn square_names_round_trip() {
        for sq in 0..100u8 {
            assert_eq!(parse_square(&square_name(sq), 10), Some(sq));
        }
        assert_eq!(parse_square("J10", 10), Some(99));
        assert_eq!(parse_square("i9", 8), None);
        assert_eq!(parse_square("a0", 10), None);
        assert_eq!(parse_square("a01", 10), None);
        assert_eq!(parse_square("k1", 10), None);
    }

    #[test]
    fn knight_tables_follow_operator_order() {
        // From e5 (row 4, col 4) the eight jumps in op1..op8 order.
        let from = parse_square("e5", 10).unwrap();
        let names: Vec<String> = KnightPiece::targets(from)
            .iter()
            .map(|&s| square_name(s))
            .collect();
        assert_eq!(names, ["d7", "f7", "g6", "g4", "f3", "d3", "c4", "c6"]);
        assert_eq!(KnightPiece::targets(0).len(), 2);
    }

    #[test]
    fn bishop_tables_slide_to_the_edge() {
        let from = parse_square("c1", 8).unwrap();
        let names: Vec<String> = BishopPiece::targets(from)
            .iter()
            .map(|&s| square_name(s))
            .collect();
        assert_eq!(names, ["d2", "e3", "f4", "g5", "h6", "b2", "a3"]);
        assert_eq!(BishopPiece::full_set().len(), 64);
    }

    #[test]
    fn symmetric_rule_removes_the_mirror_number() {
        // 57 on a1 and 75 on j10: landing on 57 removes 75.
        let mut pos = solo(&[(0, 57), (99, 75), (50, 5)]);
        pos.play(JumpMove(0)).unwrap();
        assert_eq!(pos.number(99), None);
        assert_eq!(pos.number(50), Some(5));
        assert_eq!(pos.scores()[0], 57);
    }

    #[test]
    fn double_removes_the_largest_other_double() {
        // Landing on 77 removes 99 when 99 is the largest other double.
        let mut pos = solo(&[(0, 77), (50, 99), (60, 88), (70, 0)]);
        pos.play(JumpMove(0)).unwrap();
        assert_eq!(pos.number(50), None);
        assert_eq!(pos.number(60), Some(88));
        // Landing on 00 removes the largest double too (00 is a double).
        let mut pos = solo(&[(0, 0), (50, 22), (60, 11)]);
        pos.play(JumpMove(0)).unwrap();
        assert_eq!(pos.number(50), None);
        assert_eq!(pos.number(60), Some(11));
    }

    #[test]
    fn duplicates_remove_every_copy() {
        // 34 twice: landing on 43 removes both; a second 77 is the largest other double.
        let mut pos = solo(&[(0, 43), (50, 34), (55, 34), (1, 77), (56, 77), (57, 99)]);
        pos.play(JumpMove(0)).unwrap();
        assert_eq!((pos.number(50), pos.number(55)), (None, None));
        let mut pos = solo(&[(1, 77), (56, 77), (57, 66)]);
        pos.play(JumpMove(1)).unwrap();
        assert_eq!(pos.number(56), None);
        assert_eq!(pos.number(57), Some(66));
    }

    #[test]
    fn problem_a_path_scores_72() {
        let mut pos = solo(&[(0, 2), (1, 20), (2, 44), (21, 3), (22, 30), (43, 22)]);
        for m in ["b1", "c3", "d5"] {
            let mv = pos.parse_move(m).unwrap();
            pos.play(mv).unwrap();
        }
        assert_eq!(pos.scores()[0], 72);
    }

    fn duel(cells: &[(&str, &str)]) -> Knight {
        let mut rows = vec![vec!["-".to_string(); 10]; 10];
        for (name, cell) in cells {
            let sq = parse_square(name, 10).unwrap() as usize;
            rows[sq / 10][sq % 10] = cell.to_string();
        }
        let board: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
        Knight::from_fen(&format!("knight {} w 0 0", board.join("/"))).unwrap()
    }

    #[test]
    fn attack_rule_forbids_attacked_squares() {
        // Black on c5 attacks b3: white on a1 may only go to c2.
        let pos = duel(&[
            ("a1", "W"),
            ("c5", "B"),
            ("b3", "10"),
            ("c2", "20"),
            ("j10", "30"),
        ]);
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["c2"]);
        assert!(pos.why_illegal(JumpMove(21)).contains("attacked"));
    }

    #[test]
    fn forced_pass_then_game_over() {
        // White on a1 has nothing to reach; black on j10 can take i8.
        let mut pos = duel(&[("a1", "W"), ("j10", "B"), ("i8", "10")]);
        assert_eq!(pos.legal_moves().as_slice(), &[JumpMove::PASS]);
        assert!(pos.play(JumpMove(21)).is_err());
        pos.play(JumpMove::PASS).unwrap();
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["i8"]);
        assert!(pos.play(JumpMove::PASS).is_err());
        pos.play(pos.parse_move("i8").unwrap()).unwrap();
        assert!(pos.is_over());
        assert_eq!(pos.outcome(), Some(crate::game::Outcome::Win(Player::Two)));
    }
}
