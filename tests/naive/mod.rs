//! A second, deliberately naive implementation of the six games, written only
//! for the tests, straight from `rules/*.md` and `spec/interface.md`.
//!
//! Nothing here uses the library's move generation, tables, bitboards or
//! hashing: number boards are `Vec<Vec<Option<u8>>>`, Dots and Boxes arcs are
//! nested `Vec`s, moves are plain strings in the interface notation, and every
//! rule is a plain loop. It is slow on purpose and should be obviously right;
//! the tests compare the fast library against it.
//!
//! It also has its own readers for position strings, for the course's Lisp
//! problem files and for the seeded random boards (from the documentation of
//! `tabula::random`), so that a spec such as `problem knight-solo A` or
//! `random dots 5 3x3` is set up without the library's help.

#![allow(dead_code)]

mod blokus;
mod galo3d;

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

pub mod solitario;

/// Knight jumps as (row, column) offsets, op1..op8 of `rules/knight.md`.
const KNIGHT_OPS: [(i32, i32); 8] = [
    (2, -1),
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
];

/// Bishop directions in the operator order of `rules/bishop.md`.
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Rook directions in the operator order of `rules/torre.md`: (row, column)
/// offsets, rows growing downwards.
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

/// Knight, bishop or rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Knight,
    Bishop,
    Rook,
}

impl Piece {
    pub fn side(self) -> usize {
        match self {
            Piece::Knight => 10,
            Piece::Bishop => 8,
            Piece::Rook => 7,
        }
    }
}

/// A knight or bishop position (duel or puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumPos {
    pub piece: Piece,
    pub solo: bool,
    /// `cells[row][col]`: the number still on the square, if any.
    pub cells: Vec<Vec<Option<u8>>>,
    /// The (row, col) of each player's piece.
    pub at: [Option<(usize, usize)>; 2],
    /// 0 = player 1 (white), 1 = player 2 (black).
    pub side: usize,
    pub score: [u32; 2],
    pub target: Option<u32>,
}

/// A Dots and Boxes position (duel or puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DotsPos {
    pub solo: bool,
    pub rows: usize,
    pub cols: usize,
    /// `h[dot row][box column]`: 0 no arc, 1 / 2 drawn by player 1 / 2.
    pub h: Vec<Vec<u8>>,
    /// `v[dot column][box row]`: 0 no arc, 1 / 2 drawn by player 1 / 2.
    pub v: Vec<Vec<u8>>,
    pub side: usize,
    pub score: [u32; 2],
    pub target: Option<u32>,
}

/// A Quatro position (duel or puzzle), straight from `rules/quatro.md`:
/// pieces are their four letters (`brao`), the board 16 cells `a1 b1 c1 d1
/// a2 … d4`, the reserve a list in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuatroPos {
    pub solo: bool,
    pub cells: Vec<Option<String>>,
    pub reserve: Vec<String>,
    pub side: usize,
}

/// An Adji-boto position (duel or puzzle), straight from
/// `rules/adjiboto.md`: `pits[row][col]`, row 0 the top row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdjiPos {
    pub solo: bool,
    pub pits: Vec<Vec<u32>>,
    pub side: usize,
    pub score: [u32; 2],
    /// Plies since the last capture (duel).
    pub quiet: u32,
    /// The puzzle's opposite-row capture reading.
    pub opposite: bool,
}

impl AdjiPos {
    pub fn board_empty(&self) -> bool {
        self.pits.iter().flatten().all(|&n| n == 0)
    }

    /// The pit after (r, c) counter-clockwise (rules §2.1).
    fn next(r: usize, c: usize) -> (usize, usize) {
        if r == 1 {
            if c == 5 {
                (0, 5)
            } else {
                (1, c + 1)
            }
        } else if c == 0 {
            (1, 0)
        } else {
            (0, c - 1)
        }
    }

    pub fn pit_name(r: usize, c: usize) -> String {
        format!("{}{}", if r == 0 { 't' } else { 'b' }, c + 1)
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.board_empty() || (!self.solo && self.quiet >= 100) {
            return out;
        }
        for r in 0..2 {
            if !self.solo && r != self.side {
                continue;
            }
            for c in 0..6 {
                if self.pits[r][c] > 0 {
                    out.push(Self::pit_name(r, c));
                }
            }
        }
        if out.is_empty() && !self.solo {
            out.push("pass".to_string());
        }
        out
    }

    /// The pit of the last seed and whether it is captured, or None for a
    /// pass; the move is assumed legal.
    pub fn play(&mut self, mv: &str) -> bool {
        let mv = mv.to_ascii_lowercase();
        if !self.legal_moves().contains(&mv) {
            return false;
        }
        if mv == "pass" {
            self.quiet += 1;
            self.side = 1 - self.side;
            return true;
        }
        let r0 = if mv.starts_with('t') { 0 } else { 1 };
        let c0 = (mv.as_bytes()[1] - b'1') as usize;
        let mut seeds = self.pits[r0][c0];
        self.pits[r0][c0] = 0;
        let (mut r, mut c) = (r0, c0);
        while seeds > 0 {
            (r, c) = Self::next(r, c);
            if (r, c) == (r0, c0) {
                continue; // the origin is skipped
            }
            self.pits[r][c] += 1;
            seeds -= 1;
        }
        let n = self.pits[r][c];
        let row_ok = if self.solo && !self.opposite {
            true
        } else {
            r != r0
        };
        let captured = (n == 1 || n == 3 || n == 5) && row_ok;
        if captured {
            self.pits[r][c] = 0;
            if !self.solo {
                self.score[self.side] += n;
            }
        }
        if !self.solo {
            self.quiet = if captured { 0 } else { self.quiet + 1 };
            self.side = 1 - self.side;
        }
        true
    }

    pub fn scores(&self) -> [u32; 2] {
        if self.solo {
            [u32::from(self.board_empty()), 0]
        } else {
            self.score
        }
    }

    fn rows_text(&self) -> String {
        self.pits
            .iter()
            .map(|row| {
                row.iter()
                    .map(|n| n.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    pub fn fen(&self) -> String {
        if self.solo {
            let opposite = if self.opposite { " opposite" } else { "" };
            return format!("adjiboto-solo {}{opposite}", self.rows_text());
        }
        let quiet = if self.quiet != 0 {
            format!(" {}", self.quiet)
        } else {
            String::new()
        };
        format!(
            "adjiboto {} {} {} {}{quiet}",
            self.rows_text(),
            self.side + 1,
            self.score[0],
            self.score[1]
        )
    }
}

/// A position of any of the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pos {
    Num(NumPos),
    Dots(DotsPos),
    Quatro(QuatroPos),
    Adji(AdjiPos),
    Soli(solitario::SoliPos),
    Galo(galo3d::GaloPos),
    Blokus(blokus::BlokusPos),
}

/// The 16 pieces in the canonical order of rules §1.4.
pub const QUATRO_PIECES: [&str; 16] = [
    "brao", "prao", "brbo", "prbo", "bqao", "pqao", "bqbo", "pqbo", "brac", "prac", "brbc", "prbc",
    "bqac", "pqac", "bqbc", "pqbc",
];

/// The 10 lines of the Quatro board as lists of (row, column).
pub fn quatro_lines() -> Vec<Vec<(usize, usize)>> {
    let mut lines = Vec::new();
    for r in 0..4 {
        lines.push((0..4).map(|c| (r, c)).collect());
    }
    for c in 0..4 {
        lines.push((0..4).map(|r| (r, c)).collect());
    }
    lines.push((0..4).map(|i| (i, i)).collect());
    lines.push((0..4).map(|i| (3 - i, i)).collect());
    lines
}

/// Do these pieces all have the same letter at some position?
pub fn quatro_share(pieces: &[&str]) -> bool {
    (0..4).any(|k| {
        let first = pieces[0].as_bytes()[k];
        pieces.iter().all(|p| p.as_bytes()[k] == first)
    })
}

impl QuatroPos {
    pub fn empty(solo: bool) -> QuatroPos {
        QuatroPos {
            solo,
            cells: vec![None; 16],
            reserve: QUATRO_PIECES.iter().map(|p| p.to_string()).collect(),
            side: 0,
        }
    }

    fn cell(&self, r: usize, c: usize) -> Option<&str> {
        self.cells[r * 4 + c].as_deref()
    }

    /// Does a line hold 4 pieces sharing a value?
    pub fn won(&self) -> bool {
        quatro_lines().iter().any(|line| {
            let pieces: Vec<&str> = line.iter().filter_map(|&(r, c)| self.cell(r, c)).collect();
            pieces.len() == 4 && quatro_share(&pieces)
        })
    }

    /// Is there a line of 3 pieces and a reserve piece completing it?
    pub fn threat(&self) -> bool {
        quatro_lines().iter().any(|line| {
            let pieces: Vec<&str> = line.iter().filter_map(|&(r, c)| self.cell(r, c)).collect();
            pieces.len() == 3
                && self.reserve.iter().any(|q| {
                    let mut four = pieces.clone();
                    four.push(q);
                    quatro_share(&four)
                })
        })
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.won() {
            return out;
        }
        let mut tried: Vec<&String> = Vec::new();
        for p in &self.reserve {
            if tried.contains(&p) {
                continue;
            }
            tried.push(p);
            for r in 0..4 {
                for c in 0..4 {
                    if self.cell(r, c).is_none() {
                        out.push(format!("{p}@{}", square_name(r, c)));
                    }
                }
            }
        }
        out
    }

    pub fn play(&mut self, mv: &str) -> bool {
        let mv = mv.to_ascii_lowercase();
        let Some((piece, square)) = mv.split_once('@') else {
            return false;
        };
        let Some((r, c)) = parse_square(square).filter(|&(r, c)| r < 4 && c < 4) else {
            return false;
        };
        // Legal: the game goes on, the square is empty, the piece is in reserve.
        let Some(k) = self.reserve.iter().position(|p| p == piece) else {
            return false;
        };
        if self.won() || self.cell(r, c).is_some() {
            return false;
        }
        self.reserve.remove(k);
        self.cells[r * 4 + c] = Some(piece.to_string());
        if !self.solo {
            self.side = 1 - self.side;
        }
        true
    }

    /// Duel: 100 for the player who completed a line; puzzle: 1 once won.
    pub fn scores(&self) -> [u32; 2] {
        if !self.won() {
            [0, 0]
        } else if self.solo {
            [1, 0]
        } else if self.side == 1 {
            [100, 0]
        } else {
            [0, 100]
        }
    }

    pub fn fen(&self) -> String {
        let rows: Vec<String> = (0..4)
            .map(|r| {
                (0..4)
                    .map(|c| self.cell(r, c).unwrap_or("-").to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        if self.solo {
            let reserve = if self.reserve.is_empty() {
                "-".to_string()
            } else {
                self.reserve.join(",")
            };
            format!("quatro-solo {} {reserve}", rows.join("/"))
        } else {
            format!("quatro {} {}", rows.join("/"), self.side + 1)
        }
    }
}

pub fn square_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl NumPos {
    fn n(&self) -> usize {
        self.piece.side()
    }

    fn on_board(&self, r: i32, c: i32) -> bool {
        r >= 0 && c >= 0 && (r as usize) < self.n() && (c as usize) < self.n()
    }

    /// Squares a piece standing on (r, c) reaches (or attacks) on this board,
    /// whether or not they hold a number, in operator order.
    fn reach(&self, r: usize, c: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        match self.piece {
            Piece::Knight => {
                for (dr, dc) in KNIGHT_OPS {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if self.on_board(nr, nc) {
                        out.push((nr as usize, nc as usize));
                    }
                }
            }
            Piece::Bishop | Piece::Rook => {
                let dirs = if self.piece == Piece::Bishop {
                    BISHOP_DIRS
                } else {
                    ROOK_DIRS
                };
                for (dr, dc) in dirs {
                    let (mut nr, mut nc) = (r as i32 + dr, c as i32 + dc);
                    // Empty squares do not block: walk to the edge.
                    while self.on_board(nr, nc) {
                        out.push((nr as usize, nc as usize));
                        nr += dr;
                        nc += dc;
                    }
                }
            }
        }
        out
    }

    /// The destination squares of `player` (no pass), in operator order.
    fn destinations(&self, player: usize) -> Vec<(usize, usize)> {
        let candidates = match self.at[player] {
            None => {
                // Placement on the home row, left to right.
                let row = if player == 0 { 0 } else { self.n() - 1 };
                (0..self.n()).map(|c| (row, c)).collect()
            }
            Some((r, c)) => self.reach(r, c),
        };
        let attacked: Vec<(usize, usize)> = match (self.solo, self.at[1 - player]) {
            (false, Some((r, c))) => {
                let mut a = self.reach(r, c);
                a.push((r, c));
                a
            }
            _ => Vec::new(),
        };
        candidates
            .into_iter()
            .filter(|&(r, c)| self.cells[r][c].is_some() && !attacked.contains(&(r, c)))
            .collect()
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mine = self.destinations(self.side);
        if !mine.is_empty() {
            return mine.into_iter().map(|(r, c)| square_name(r, c)).collect();
        }
        if !self.solo && !self.destinations(1 - self.side).is_empty() {
            return vec!["pass".to_string()];
        }
        Vec::new()
    }

    /// Removes every square showing `n`.
    fn remove_number(&mut self, n: u8) {
        for row in self.cells.iter_mut() {
            for cell in row.iter_mut() {
                if *cell == Some(n) {
                    *cell = None;
                }
            }
        }
    }

    /// The landing rules of `rules/knight.md` (the bishop's are the same).
    pub fn land(&mut self, player: usize, r: usize, c: usize) {
        let n = self.cells[r][c].expect("landing on a number");
        self.score[player] += n as u32;
        self.cells[r][c] = None;
        self.at[player] = Some((r, c));
        let (a, b) = (n / 10, n % 10);
        if a != b {
            self.remove_number(b * 10 + a);
        } else {
            let mut largest: Option<u8> = None;
            for row in &self.cells {
                for &cell in row {
                    if let Some(x) = cell {
                        if x / 10 == x % 10 && largest.is_none_or(|l| x > l) {
                            largest = Some(x);
                        }
                    }
                }
            }
            if let Some(d) = largest {
                self.remove_number(d);
            }
        }
    }

    /// Automatic placement: white on the highest number of row 1, then black
    /// on the highest remaining number of the last row (leftmost on a tie).
    pub fn place_automatically(&mut self) {
        for player in 0..2 {
            if self.at[player].is_some() {
                continue;
            }
            let row = if player == 0 { 0 } else { self.n() - 1 };
            let mut best: Option<(u8, usize)> = None;
            for c in 0..self.n() {
                if let Some(x) = self.cells[row][c] {
                    if best.is_none_or(|(b, _)| x > b) {
                        best = Some((x, c));
                    }
                }
            }
            if let Some((_, c)) = best {
                self.land(player, row, c);
            }
        }
    }

    pub fn play(&mut self, mv: &str) -> bool {
        if !self.legal_moves().iter().any(|m| m == mv) {
            return false;
        }
        if mv != "pass" {
            let (r, c) = parse_square(mv).expect("a square");
            self.land(self.side, r, c);
        }
        if !self.solo {
            self.side = 1 - self.side;
        }
        true
    }

    pub fn fen(&self) -> String {
        let game = match (self.piece, self.solo) {
            (Piece::Knight, false) => "knight",
            (Piece::Knight, true) => "knight-solo",
            (Piece::Bishop, false) => "bishop",
            (Piece::Bishop, true) => "bishop-solo",
            (Piece::Rook, false) => "torre",
            (Piece::Rook, true) => "torre-solo",
        };
        let mut rows = Vec::new();
        for r in 0..self.n() {
            let mut cells = Vec::new();
            for c in 0..self.n() {
                cells.push(if self.at[0] == Some((r, c)) {
                    "W".to_string()
                } else if self.at[1] == Some((r, c)) {
                    "B".to_string()
                } else {
                    match self.cells[r][c] {
                        Some(x) => format!("{x:02}"),
                        None => "-".to_string(),
                    }
                });
            }
            rows.push(cells.join(","));
        }
        if self.solo {
            let mut s = format!("{game} {} {}", rows.join("/"), self.score[0]);
            if let Some(t) = self.target.filter(|&t| t > 0) {
                s += &format!(" {t}");
            }
            s
        } else {
            let side = if self.side == 0 { "w" } else { "b" };
            format!(
                "{game} {} {side} {} {}",
                rows.join("/"),
                self.score[0],
                self.score[1]
            )
        }
    }
}

/// `a1` → (0, 0); `j10` → (9, 9).
pub fn parse_square(text: &str) -> Option<(usize, usize)> {
    let mut chars = text.chars();
    let col = chars.next()?;
    if !col.is_ascii_lowercase() {
        return None;
    }
    let row: usize = chars.as_str().parse().ok()?;
    Some((row.checked_sub(1)?, (col as u8 - b'a') as usize))
}

impl DotsPos {
    pub fn empty(rows: usize, cols: usize, solo: bool) -> DotsPos {
        DotsPos {
            solo,
            rows,
            cols,
            h: vec![vec![0; cols]; rows + 1],
            v: vec![vec![0; rows]; cols + 1],
            side: 0,
            score: [0, 0],
            target: None,
        }
    }

    /// Box (i, j) is closed when its four arcs are drawn.
    pub fn closed(&self, i: usize, j: usize) -> bool {
        self.h[i][j] != 0 && self.h[i + 1][j] != 0 && self.v[j][i] != 0 && self.v[j + 1][i] != 0
    }

    pub fn closed_count(&self) -> u32 {
        let mut n = 0;
        for i in 0..self.rows {
            for j in 0..self.cols {
                if self.closed(i, j) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Undrawn arcs: the `H` lists in order, then the `V` lists in order.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..=self.rows {
            for c in 0..self.cols {
                if self.h[r][c] == 0 {
                    out.push(format!("h{}.{}", r + 1, c + 1));
                }
            }
        }
        for c in 0..=self.cols {
            for r in 0..self.rows {
                if self.v[c][r] == 0 {
                    out.push(format!("v{}.{}", r + 1, c + 1));
                }
            }
        }
        out
    }

    pub fn play(&mut self, mv: &str) -> bool {
        if !self.legal_moves().iter().any(|m| m == mv) {
            return false;
        }
        let before = self.closed_count();
        let (r, c) = mv[1..].split_once('.').expect("r.c");
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        let owner = if self.solo { 1 } else { self.side as u8 + 1 };
        if mv.starts_with('h') {
            self.h[r - 1][c - 1] = owner;
        } else {
            self.v[c - 1][r - 1] = owner;
        }
        let newly = self.closed_count() - before;
        if newly > 0 {
            self.score[self.side] += newly;
        } else if !self.solo {
            self.side = 1 - self.side;
        }
        true
    }

    pub fn fen(&self) -> String {
        let group = |lists: &Vec<Vec<u8>>| {
            lists
                .iter()
                .map(|l| l.iter().map(|x| x.to_string()).collect::<String>())
                .collect::<Vec<_>>()
                .join("/")
        };
        let game = if self.solo { "dots-solo" } else { "dots" };
        let mut s = format!(
            "{game} {}x{} {} {}",
            self.rows,
            self.cols,
            group(&self.h),
            group(&self.v)
        );
        if self.solo {
            if let Some(t) = self.target.filter(|&t| t > 0) {
                s += &format!(" {t}");
            }
        } else {
            s += &format!(" {} {} {}", self.side + 1, self.score[0], self.score[1]);
        }
        s
    }
}

impl Pos {
    pub fn legal_moves(&self) -> Vec<String> {
        match self {
            Pos::Quatro(p) => p.legal_moves(),
            Pos::Adji(p) => p.legal_moves(),
            Pos::Soli(p) => p.legal_moves(),
            Pos::Galo(p) => p.legal_moves(),
            Pos::Blokus(p) => p.legal_moves(),
            Pos::Num(p) => p.legal_moves(),
            Pos::Dots(p) => p.legal_moves(),
        }
    }

    /// Plays a move given in the interface notation; false if not legal.
    pub fn play(&mut self, mv: &str) -> bool {
        match self {
            Pos::Quatro(p) => p.play(mv),
            Pos::Adji(p) => p.play(mv),
            Pos::Soli(p) => p.play(mv),
            Pos::Galo(p) => p.play(mv),
            Pos::Blokus(p) => p.play(mv),
            Pos::Num(p) => p.play(mv),
            Pos::Dots(p) => p.play(mv),
        }
    }

    pub fn side(&self) -> usize {
        match self {
            Pos::Quatro(p) => p.side,
            Pos::Adji(p) => p.side,
            Pos::Soli(p) => p.side,
            Pos::Galo(p) => p.side_index(),
            Pos::Blokus(p) => p.side,
            Pos::Num(p) => p.side,
            Pos::Dots(p) => p.side,
        }
    }

    /// Points of player 1 and player 2 (puzzles: `[score, 0]`).
    pub fn scores(&self) -> [u32; 2] {
        match self {
            Pos::Quatro(p) => p.scores(),
            Pos::Adji(p) => p.scores(),
            Pos::Soli(p) => p.scores(),
            Pos::Galo(p) => p.scores(),
            Pos::Blokus(p) => p.scores(),
            Pos::Num(p) => p.score,
            Pos::Dots(p) => p.score,
        }
    }

    pub fn fen(&self) -> String {
        match self {
            Pos::Quatro(p) => p.fen(),
            Pos::Adji(p) => p.fen(),
            Pos::Soli(p) => p.fen(),
            Pos::Galo(p) => p.fen(),
            Pos::Blokus(p) => p.fen(),
            Pos::Num(p) => p.fen(),
            Pos::Dots(p) => p.fen(),
        }
    }

    pub fn is_puzzle(&self) -> bool {
        match self {
            Pos::Quatro(p) => p.solo,
            Pos::Adji(p) => p.solo,
            Pos::Soli(p) => p.solo,
            Pos::Galo(p) => p.solo,
            Pos::Blokus(p) => p.solo,
            Pos::Num(p) => p.solo,
            Pos::Dots(p) => p.solo,
        }
    }

    /// What the library's Zobrist hash covers, read off the position
    /// string: the board and the side to move, not the scores, the target
    /// or who drew an arc.
    pub fn hash_key(&self) -> String {
        let fen = self.fen();
        let f: Vec<&str> = fen.split(' ').collect();
        match self {
            Pos::Num(p) if p.solo => f[..2].join(" "),
            Pos::Num(_) => f[..3].join(" "),
            Pos::Dots(p) if p.solo => f[..4].join(" ").replace('2', "1"),
            Pos::Dots(_) => format!("{} {}", f[..4].join(" ").replace('2', "1"), f[4]),
            // The puzzle's reserve is a multiset: its order is not hashed.
            Pos::Quatro(p) if p.solo => {
                let mut reserve: Vec<&str> = f[2].split(',').collect();
                reserve.sort_unstable();
                format!("{} {}", f[1], reserve.join(","))
            }
            Pos::Quatro(_) => f[..3].join(" "),
            // The pits and the side; not the scores, the quiet count or
            // the puzzle's capture reading.
            Pos::Adji(p) if p.solo => f[1..3].join(" "),
            Pos::Adji(_) => f[1..4].join(" "),
            Pos::Soli(p) => p.hash_key(),
            Pos::Galo(p) => f[..if p.solo { 2 } else { 3 }].join(" "),
            Pos::Blokus(p) => p.hash_key(),
        }
    }

    /// The two-player game id of the position's family and the rules (the
    /// names [`features`] gives) that the perft data of the family must
    /// exercise (`tests/perft.rs`).
    pub fn rules(&self) -> (&'static str, &'static [&'static str]) {
        match self {
            Pos::Num(p) if p.piece == Piece::Knight => (
                "knight",
                &[
                    "pass",
                    "placement",
                    "attack rule",
                    "double",
                    "landing on 00",
                    "00 removed",
                    "second copy of the landed double removed",
                    "double with no other double left",
                    "symmetric removal",
                    "one-digit number removes its mirror",
                    "several copies removed",
                    "landing on a duplicated number",
                    "game over",
                ],
            ),
            Pos::Num(p) if p.piece == Piece::Rook => (
                "torre",
                &[
                    "pass",
                    "placement",
                    "attack rule",
                    "slide over an empty square",
                    "slide over a number",
                    "double",
                    "second copy of the landed double removed",
                    "double with no other double left",
                    "symmetric removal",
                    "several copies removed",
                    "landing on a duplicated number",
                    "game over",
                ],
            ),
            Pos::Num(_) => (
                "bishop",
                &[
                    "pass",
                    "placement",
                    "attack rule",
                    "slide over an empty square",
                    "slide over a number",
                    "double",
                    "symmetric removal",
                    "one-digit number removes its mirror",
                    "several copies removed",
                    "landing on a duplicated number",
                    "game over",
                ],
            ),
            Pos::Dots(_) => (
                "dots",
                &[
                    "one box closed",
                    "two boxes closed",
                    "extra turn",
                    "game over",
                ],
            ),
            Pos::Quatro(_) => (
                "quatro",
                &[
                    "winning line",
                    "no piece or square left",
                    "repeated piece placed",
                    "threat left",
                    "game over",
                ],
            ),
            Pos::Soli(_) => ("solitario", solitario::SoliPos::RULES),
            Pos::Galo(_) => (
                "galo3d",
                &[
                    "x completes a line",
                    "o completes a line",
                    "block",
                    "line of x",
                    "line of o",
                    "game over",
                ],
            ),
            Pos::Adji(_) => (
                "adjiboto",
                &[
                    "capture of 1",
                    "capture of 3",
                    "capture of 5",
                    "last pit on the own row",
                    "odd count not captured on the own row",
                    "lap skipping the origin",
                    "pass",
                    "quiet limit",
                    "game over",
                ],
            ),
            Pos::Blokus(_) => ("blokus", blokus::RULES),
        }
    }

    /// The longest game the rules allow, in plies, and whether a playout
    /// is cut there instead (a puzzle that may cycle for ever): knight,
    /// bishop, dots and Quatro remove a number, draw an arc or place a
    /// piece each ply, with at most one pass in a row; an Adji-boto duel
    /// captures at least one of its 96 seeds every 101 plies (rules §4.5);
    /// the Adji-boto puzzle may sow in circles for ever.
    pub fn playout_bound(&self) -> (usize, bool) {
        match self {
            Pos::Adji(p) if p.solo => (300, true),
            Pos::Adji(_) => (97 * 101, false),
            Pos::Soli(p) if p.solo => (32, false),
            Pos::Soli(_) => (151, false),
            _ => (2 * self.every_move_name().len() + 2, false),
        }
    }

    /// Every move name the board could ever accept, plus `pass`: all square
    /// names, or all arc names.
    pub fn every_move_name(&self) -> Vec<String> {
        let mut out = vec!["pass".to_string()];
        match self {
            Pos::Galo(p) => out.extend(p.every_move_name()),
            Pos::Num(p) => {
                for r in 0..p.n() {
                    for c in 0..p.n() {
                        out.push(square_name(r, c));
                    }
                }
            }
            Pos::Quatro(_) => {
                for p in QUATRO_PIECES {
                    for r in 0..4 {
                        for c in 0..4 {
                            out.push(format!("{p}@{}", square_name(r, c)));
                        }
                    }
                }
            }
            Pos::Soli(_) => out.extend(solitario::SoliPos::every_move_name()),
            Pos::Adji(_) => {
                for r in 0..2 {
                    for c in 0..6 {
                        out.push(AdjiPos::pit_name(r, c));
                    }
                }
            }
            Pos::Blokus(_) => out = blokus::BlokusPos::every_move_name(),
            Pos::Dots(p) => {
                for r in 0..=p.rows {
                    for c in 0..p.cols {
                        out.push(format!("h{}.{}", r + 1, c + 1));
                    }
                }
                for c in 0..=p.cols {
                    for r in 0..p.rows {
                        out.push(format!("v{}.{}", r + 1, c + 1));
                    }
                }
            }
        }
        out
    }
}

/// Leaves of the game tree to `depth` plies: a finished game counts 1, a pass
/// is a ply.
pub fn perft(pos: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    let mut total = 0;
    for mv in moves {
        let mut child = pos.clone();
        assert!(child.play(&mv));
        total += perft(&child, depth - 1);
    }
    total
}

/// Nodes at exactly `depth` plies that still have a move (0: the tree is
/// exhausted before or at `depth`).
pub fn live_nodes(pos: &Pos, depth: u32) -> u64 {
    let moves = pos.legal_moves();
    if depth == 0 {
        return u64::from(!moves.is_empty());
    }
    let mut total = 0;
    for mv in moves {
        let mut child = pos.clone();
        assert!(child.play(&mv));
        total += live_nodes(&child, depth - 1);
    }
    total
}

// ---------------------------------------------------------------------------
// Position strings (spec/interface.md)

fn err<T>(msg: impl Into<String>) -> Result<T, String> {
    Err(msg.into())
}

fn uint(text: &str) -> Result<u32, String> {
    if text.is_empty() || !text.chars().all(|c| c.is_ascii_digit()) {
        return err(format!("not a non-negative integer: {text}"));
    }
    text.parse().map_err(|_| format!("too large: {text}"))
}

fn parse_num_fen(fields: &[&str], piece: Piece, solo: bool) -> Result<NumPos, String> {
    let n = piece.side();
    let wanted = if solo { [3, 4] } else { [5, 5] };
    if fields.len() < wanted[0] || fields.len() > wanted[1] {
        return err("wrong number of fields");
    }
    let rows: Vec<&str> = fields[1].split('/').collect();
    if rows.len() != n {
        return err("wrong number of rows");
    }
    let mut pos = NumPos {
        piece,
        solo,
        cells: vec![vec![None; n]; n],
        at: [None, None],
        side: 0,
        score: [0, 0],
        target: None,
    };
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<&str> = row.split(',').collect();
        if cells.len() != n {
            return err("wrong number of cells");
        }
        for (c, cell) in cells.iter().enumerate() {
            match *cell {
                "-" => {}
                "W" | "B" => {
                    let p = usize::from(*cell == "B");
                    if (solo && p == 1) || pos.at[p].is_some() {
                        return err("bad piece");
                    }
                    pos.at[p] = Some((r, c));
                }
                _ => {
                    if cell.is_empty() || cell.len() > 2 {
                        return err("bad cell");
                    }
                    pos.cells[r][c] = Some(uint(cell)? as u8);
                }
            }
        }
    }
    if solo {
        pos.score[0] = uint(fields[2])?;
        if let Some(t) = fields.get(3) {
            pos.target = Some(uint(t)?);
        }
        return Ok(pos);
    }
    pos.side = match fields[2] {
        "w" => 0,
        "b" => 1,
        _ => return err("bad side"),
    };
    let given = [uint(fields[3])?, uint(fields[4])?];
    match (pos.at[0].is_some(), pos.at[1].is_some()) {
        (true, true) => {}
        (false, false) => pos.place_automatically(),
        _ => return err("one piece without the other"),
    }
    pos.score[0] += given[0];
    pos.score[1] += given[1];
    Ok(pos)
}

fn parse_dots_fen(fields: &[&str], solo: bool) -> Result<DotsPos, String> {
    let wanted = if solo { [4, 5] } else { [7, 7] };
    if fields.len() < wanted[0] || fields.len() > wanted[1] {
        return err("wrong number of fields");
    }
    let (r, c) = fields[1].split_once('x').ok_or("bad size")?;
    let (rows, cols) = (uint(r)? as usize, uint(c)? as usize);
    if !(1..=10).contains(&rows) || !(1..=10).contains(&cols) {
        return err("bad size");
    }
    let mut pos = DotsPos::empty(rows, cols, solo);
    let read = |text: &str, groups: usize, len: usize| -> Result<Vec<Vec<u8>>, String> {
        let parts: Vec<&str> = text.split('/').collect();
        if parts.len() != groups {
            return err("wrong number of groups");
        }
        parts
            .iter()
            .map(|p| {
                if p.len() != len {
                    return err("wrong group length");
                }
                p.chars()
                    .map(|ch| match ch {
                        '0' => Ok(0),
                        '1' => Ok(1),
                        '2' => Ok(if solo { 1 } else { 2 }),
                        _ => err("bad arc"),
                    })
                    .collect()
            })
            .collect()
    };
    pos.h = read(fields[2], rows + 1, cols)?;
    pos.v = read(fields[3], cols + 1, rows)?;
    if solo {
        pos.score[0] = pos.closed_count();
        if let Some(t) = fields.get(4) {
            pos.target = Some(uint(t)?);
        }
        return Ok(pos);
    }
    pos.side = match fields[4] {
        "1" => 0,
        "2" => 1,
        _ => return err("bad side"),
    };
    pos.score = [uint(fields[5])?, uint(fields[6])?];
    Ok(pos)
}

fn parse_quatro_fen(fields: &[&str], solo: bool) -> Result<QuatroPos, String> {
    if fields.len() != 3 {
        return err("wrong number of fields");
    }
    let mut pos = QuatroPos::empty(solo);
    let rows: Vec<&str> = fields[1].split('/').collect();
    if rows.len() != 4 {
        return err("wrong number of rows");
    }
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<&str> = row.split(',').collect();
        if cells.len() != 4 {
            return err("wrong number of cells");
        }
        for (c, cell) in cells.iter().enumerate() {
            if *cell != "-" {
                let piece = cell.to_ascii_lowercase();
                if !QUATRO_PIECES.contains(&piece.as_str()) {
                    return err("bad piece");
                }
                pos.cells[r * 4 + c] = Some(piece);
            }
        }
    }
    let on: Vec<String> = pos.cells.iter().flatten().cloned().collect();
    if solo {
        pos.reserve = if fields[2] == "-" {
            Vec::new()
        } else {
            fields[2]
                .split(',')
                .map(|p| p.to_ascii_lowercase())
                .collect()
        };
        if pos
            .reserve
            .iter()
            .any(|p| !QUATRO_PIECES.contains(&p.as_str()))
        {
            return err("bad reserve piece");
        }
    } else {
        for (i, p) in on.iter().enumerate() {
            if on[..i].contains(p) {
                return err("repeated piece");
            }
        }
        pos.reserve.retain(|p| !on.contains(p));
        pos.side = match fields[2] {
            "1" => 0,
            "2" => 1,
            _ => return err("bad side"),
        };
    }
    Ok(pos)
}

fn parse_adji_fen(fields: &[&str], solo: bool) -> Result<AdjiPos, String> {
    let (min, max) = if solo { (3, 4) } else { (6, 7) };
    if fields.len() < min || fields.len() > max {
        return err("wrong number of fields");
    }
    let mut pits = Vec::new();
    for row in &fields[1..3] {
        let cells: Vec<u32> = row.split(',').map(uint).collect::<Result<_, _>>()?;
        if cells.len() != 6 {
            return err("a row is 6 pits");
        }
        pits.push(cells);
    }
    let mut pos = AdjiPos {
        solo,
        pits,
        side: 0,
        score: [0, 0],
        quiet: 0,
        opposite: false,
    };
    if solo {
        match fields.get(3) {
            None => {}
            Some(w) if w.eq_ignore_ascii_case("opposite") => pos.opposite = true,
            Some(_) => return err("bad capture row"),
        }
    } else {
        pos.side = match fields[3] {
            "1" => 0,
            "2" => 1,
            _ => return err("bad side"),
        };
        pos.score = [uint(fields[4])?, uint(fields[5])?];
        if let Some(q) = fields.get(6) {
            pos.quiet = uint(q)?;
        }
    }
    let total: u32 = pos.pits.iter().flatten().sum::<u32>() + pos.score[0] + pos.score[1];
    if total > 96 || pos.quiet > 100 {
        return err("more than 96 seeds, or more than 100 quiet plies");
    }
    Ok(pos)
}

/// Reads a position string of any game.
pub fn from_fen(text: &str) -> Result<Pos, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    match fields.first().copied() {
        Some("knight") => parse_num_fen(&fields, Piece::Knight, false).map(Pos::Num),
        Some("knight-solo") => parse_num_fen(&fields, Piece::Knight, true).map(Pos::Num),
        Some("bishop") => parse_num_fen(&fields, Piece::Bishop, false).map(Pos::Num),
        Some("bishop-solo") => parse_num_fen(&fields, Piece::Bishop, true).map(Pos::Num),
        Some("torre") => parse_num_fen(&fields, Piece::Rook, false).map(Pos::Num),
        Some("torre-solo") => parse_num_fen(&fields, Piece::Rook, true).map(Pos::Num),
        Some("galo3d") => galo3d::parse_fen(&fields, false).map(Pos::Galo),
        Some("galo3d-solo") => galo3d::parse_fen(&fields, true).map(Pos::Galo),
        Some("dots") => parse_dots_fen(&fields, false).map(Pos::Dots),
        Some("dots-solo") => parse_dots_fen(&fields, true).map(Pos::Dots),
        Some("quatro") => parse_quatro_fen(&fields, false).map(Pos::Quatro),
        Some("quatro-solo") => parse_quatro_fen(&fields, true).map(Pos::Quatro),
        Some("adjiboto") => parse_adji_fen(&fields, false).map(Pos::Adji),
        Some("adjiboto-solo") => parse_adji_fen(&fields, true).map(Pos::Adji),
        Some("solitario") => solitario::parse_fen(&fields, false).map(Pos::Soli),
        Some("solitario-solo") => solitario::parse_fen(&fields, true).map(Pos::Soli),
        Some("blokus") => blokus::parse_fen(&fields, false).map(Pos::Blokus),
        Some("blokus-solo") => blokus::parse_fen(&fields, true).map(Pos::Blokus),
        _ => err("unknown game"),
    }
}

// ---------------------------------------------------------------------------
// The course's problem files

const KNIGHT_DAT: &str = include_str!("../../data/problems/knight.dat");
const BISHOP_DAT: &str = include_str!("../../data/problems/bishop.dat");
const TORRE_DAT: &str = include_str!("../../data/problems/torre.dat");
const DOTS_DAT: &str = include_str!("../../data/problems/dots.dat");
const QUATRO_DAT: &str = include_str!("../../data/problems/quatro.dat");
const ADJIBOTO_DAT: &str = include_str!("../../data/problems/adjiboto.dat");

/// A Quatro piece from its Lisp list of symbols (rules §1.2).
fn quatro_piece(x: &Lisp) -> String {
    x.list()
        .iter()
        .map(|a| match a {
            Lisp::Atom(w) => match w.as_str() {
                "BRANCA" => 'b',
                "PRETA" => 'p',
                "REDONDA" => 'r',
                "QUADRADA" => 'q',
                "ALTA" => 'a',
                "BAIXA" => 'b',
                "OCA" => 'o',
                "CHEIA" => 'c',
                other => panic!("unknown symbol {other}"),
            },
            Lisp::List(_) => panic!("a piece is a list of symbols"),
        })
        .collect()
}

/// A Lisp value: an atom or a list.
#[derive(Clone, Debug)]
pub enum Lisp {
    Atom(String),
    List(Vec<Lisp>),
}

impl Lisp {
    pub fn list(&self) -> &[Lisp] {
        match self {
            Lisp::List(items) => items,
            Lisp::Atom(a) => panic!("expected a list, found {a}"),
        }
    }

    pub fn number(&self) -> Option<u32> {
        match self {
            Lisp::Atom(a) => a.parse().ok(),
            Lisp::List(_) => None,
        }
    }
}

/// Every top-level expression of a Lisp text (`;` comments skipped).
pub fn read_lisp(text: &str) -> Vec<Lisp> {
    let mut tokens = Vec::new();
    for line in text.lines() {
        let line = line.split(';').next().unwrap_or("");
        let spaced = line.replace('(', " ( ").replace(')', " ) ");
        tokens.extend(spaced.split_whitespace().map(str::to_string));
    }
    let mut stack: Vec<Vec<Lisp>> = vec![Vec::new()];
    for t in tokens {
        match t.as_str() {
            "(" => stack.push(Vec::new()),
            ")" => {
                let done = stack.pop().expect("balanced");
                stack.last_mut().expect("balanced").push(Lisp::List(done));
            }
            _ => stack.last_mut().unwrap().push(Lisp::Atom(t.to_uppercase())),
        }
    }
    assert_eq!(stack.len(), 1, "unbalanced parentheses");
    stack.pop().unwrap()
}

/// The `index`-th (0-based) problem of a puzzle game's course file.
pub fn problem(game: &str, index: usize) -> Pos {
    if game == "blokus-solo" {
        return Pos::Blokus(blokus::problem(index, "2021"));
    }
    if game == "quatro-solo" {
        let all = read_lisp(QUATRO_DAT);
        let items = all[index].list();
        let mut pos = QuatroPos::empty(true);
        for (r, row) in items[0].list().iter().enumerate() {
            for (c, cell) in row.list().iter().enumerate() {
                if cell.number() != Some(0) {
                    pos.cells[r * 4 + c] = Some(quatro_piece(cell));
                }
            }
        }
        pos.reserve = items[1].list().iter().map(quatro_piece).collect();
        return Pos::Quatro(pos);
    }
    if game == "solitario-solo" {
        return Pos::Soli(solitario::problem(index));
    }
    if game == "adjiboto-solo" {
        let all = read_lisp(ADJIBOTO_DAT);
        let pits = all[index]
            .list()
            .iter()
            .map(|row| row.list().iter().map(|n| n.number().unwrap()).collect())
            .collect();
        return Pos::Adji(AdjiPos {
            solo: true,
            pits,
            side: 0,
            score: [0, 0],
            quiet: 0,
            opposite: false,
        });
    }
    let (text, piece) = match game {
        "knight-solo" => (KNIGHT_DAT, Some(Piece::Knight)),
        "bishop-solo" => (BISHOP_DAT, Some(Piece::Bishop)),
        "torre-solo" => (TORRE_DAT, Some(Piece::Rook)),
        "dots-solo" => (DOTS_DAT, None),
        _ => panic!("no problems for {game}"),
    };
    let all = read_lisp(text);
    let items = all[index].list();
    let target = items[0].number().expect("target");
    match piece {
        Some(piece) => {
            let mut rows: Vec<&Lisp> = items[1..].iter().collect();
            assert_eq!(rows.len(), piece.side());
            if piece == Piece::Bishop {
                // Written bottom row first: the last line is row 1.
                rows.reverse();
            }
            let cells = rows
                .iter()
                .map(|row| {
                    row.list()
                        .iter()
                        .map(|cell| cell.number().map(|n| n as u8))
                        .collect()
                })
                .collect();
            // `T`: the rook already standing there (rules/torre.md).
            let mut at = None;
            for (r, row) in rows.iter().enumerate() {
                for (c, cell) in row.list().iter().enumerate() {
                    if matches!(cell, Lisp::Atom(a) if a == "T") {
                        at = Some((r, c));
                    }
                }
            }
            Pos::Num(NumPos {
                piece,
                solo: true,
                cells,
                at: [at, None],
                side: 0,
                score: [0, 0],
                target: Some(target),
            })
        }
        None => {
            let hv = items[1].list();
            let lists = |x: &Lisp| -> Vec<Vec<u8>> {
                x.list()
                    .iter()
                    .map(|l| {
                        l.list()
                            .iter()
                            .map(|a| u8::from(a.number().unwrap() != 0))
                            .collect()
                    })
                    .collect()
            };
            let (h, v) = (lists(&hv[0]), lists(&hv[1]));
            let mut pos = DotsPos::empty(h.len() - 1, h[0].len(), true);
            pos.h = h;
            pos.v = v;
            pos.score[0] = pos.closed_count();
            pos.target = Some(target);
            Pos::Dots(pos)
        }
    }
}

// ---------------------------------------------------------------------------
// Seeded random boards (the documentation of `tabula::random`)

fn shuffled(mut items: Vec<u8>, rng: &mut Xoshiro256PlusPlus) -> Vec<u8> {
    let mut i = items.len() - 1;
    while i >= 1 {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        items.swap(i, j);
        i -= 1;
    }
    items
}

/// A random knight or bishop board (duel: after the automatic placement).
pub fn random_numbers(piece: Piece, solo: bool, seed: u64) -> Pos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let set: Vec<u8> = match piece {
        Piece::Knight => (0..100).collect(),
        Piece::Bishop | Piece::Rook => {
            let n = piece.side() as u8;
            let mut s = Vec::new();
            for a in 1..=n {
                for b in 1..=n {
                    s.push(a * 10 + b);
                }
            }
            s
        }
    };
    let nums = shuffled(set, &mut rng);
    let n = piece.side();
    let cells = (0..n)
        .map(|r| (0..n).map(|c| Some(nums[r * n + c])).collect())
        .collect();
    let mut pos = NumPos {
        piece,
        solo,
        cells,
        at: [None, None],
        side: 0,
        score: [0, 0],
        target: None,
    };
    if !solo {
        pos.place_automatically();
    }
    Pos::Num(pos)
}

/// The random Dots and Boxes start: two arcs that give no box a third side.
pub fn random_dots(rows: usize, cols: usize, seed: u64) -> Pos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = DotsPos::empty(rows, cols, false);
    for _ in 0..2 {
        let safe: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let mut after = pos.clone();
                after.play(mv);
                (0..rows).all(|i| {
                    (0..cols).all(|j| {
                        let sides = |p: &DotsPos| {
                            [p.h[i][j], p.h[i + 1][j], p.v[j][i], p.v[j + 1][i]]
                                .iter()
                                .filter(|&&x| x != 0)
                                .count()
                        };
                        sides(&after) <= 2 || sides(&after) == sides(&pos)
                    })
                })
            })
            .collect();
        if safe.is_empty() {
            break;
        }
        let k = (rng.next_u64() % safe.len() as u64) as usize;
        pos.play(&safe[k]);
    }
    Pos::Dots(pos)
}

/// The random Quatro start (documentation of `tabula::games::quatro::random`):
/// 2 + rng % 3 placements, each the rng % m-th of the m moves that neither
/// win nor leave the next player a threat; the puzzle's reserve is the
/// pieces not on the board.
pub fn random_quatro(solo: bool, seed: u64) -> Pos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = QuatroPos::empty(false);
    let k = 2 + rng.next_u64() % 3;
    for _ in 0..k {
        let quiet: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let mut after = pos.clone();
                after.play(mv);
                !after.won() && !after.threat()
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let i = (rng.next_u64() % quiet.len() as u64) as usize;
        pos.play(&quiet[i]);
    }
    if solo {
        pos.solo = true;
        pos.side = 0;
    }
    Pos::Quatro(pos)
}

/// The random Adji-boto start (documentation of
/// `tabula::games::adjiboto::random`): the duel deals 48 seeds into the top
/// row (pit rng % 6) and mirrors it turned 180°; the puzzle deals 8 + rng %
/// 17 seeds into the 12 pits (rng % 12, row-major).
pub fn random_adji(solo: bool, seed: u64) -> Pos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pits = vec![vec![0u32; 6]; 2];
    if solo {
        let n = 8 + rng.next_u64() % 17;
        for _ in 0..n {
            let p = (rng.next_u64() % 12) as usize;
            pits[p / 6][p % 6] += 1;
        }
    } else {
        for _ in 0..48 {
            pits[0][(rng.next_u64() % 6) as usize] += 1;
        }
        for c in 0..6 {
            pits[1][5 - c] = pits[0][c];
        }
    }
    Pos::Adji(AdjiPos {
        solo,
        pits,
        side: 0,
        score: [0, 0],
        quiet: 0,
        opposite: false,
    })
}

/// Sets up a position spec: a position string, `fen …`, `startpos` (dots),
/// `random <game> <seed> [<r>x<c>]` or `problem <game> <A…>`, then `moves …`.
pub fn setup(spec: &str) -> Pos {
    let words: Vec<&str> = spec.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(words.len());
    let (head, moves) = (&words[..at], words.get(at + 1..).unwrap_or(&[]));
    let mut pos = match head[0] {
        "fen" => from_fen(&head[1..].join(" ")).expect("valid fen"),
        "startpos" => Pos::Dots(DotsPos::empty(5, 6, false)),
        "problem" => {
            let key = head[2].as_bytes()[0];
            problem(head[1], (key.to_ascii_uppercase() - b'A') as usize)
        }
        "random" => {
            let seed: u64 = head[2].parse().expect("seed");
            match head[1] {
                "knight" => random_numbers(Piece::Knight, false, seed),
                "knight-solo" => random_numbers(Piece::Knight, true, seed),
                "bishop" => random_numbers(Piece::Bishop, false, seed),
                "bishop-solo" => random_numbers(Piece::Bishop, true, seed),
                "torre" => random_numbers(Piece::Rook, false, seed),
                "torre-solo" => random_numbers(Piece::Rook, true, seed),
                "quatro" => random_quatro(false, seed),
                "quatro-solo" => random_quatro(true, seed),
                "adjiboto" => random_adji(false, seed),
                "adjiboto-solo" => random_adji(true, seed),
                "solitario" => Pos::Soli(solitario::random(seed)),
                "galo3d" => Pos::Galo(galo3d::random(false, seed)),
                "galo3d-solo" => Pos::Galo(galo3d::random(true, seed)),
                "blokus" => Pos::Blokus(blokus::random(false, seed)),
                "blokus-solo" => Pos::Blokus(blokus::random(true, seed)),
                "dots" => {
                    let (r, c) = head
                        .get(3)
                        .map(|s| {
                            let (r, c) = s.split_once('x').expect("RxC");
                            (r.parse().unwrap(), c.parse().unwrap())
                        })
                        .unwrap_or((5, 6));
                    random_dots(r, c, seed)
                }
                g => panic!("no random {g}"),
            }
        }
        _ => from_fen(&head.join(" ")).expect("valid fen"),
    };
    for m in moves {
        assert!(pos.play(m), "{spec}: move {m} is not legal");
    }
    pos
}

// ---------------------------------------------------------------------------
// What a move exercises (for checking that the test data covers every rule)

/// The rules a move exercises, by name.
pub fn features(pos: &Pos, mv: &str) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut after = pos.clone();
    assert!(after.play(mv));
    if after.legal_moves().is_empty() {
        out.push("game over");
    }
    match (pos, &after) {
        (Pos::Num(p), Pos::Num(a)) => {
            if mv == "pass" {
                out.push("pass");
                return out;
            }
            let me = p.side;
            // Squares with a number that the attack rule alone forbids.
            if !p.solo {
                if let (Some((r, c)), Some(_)) = (p.at[me], p.at[1 - me]) {
                    let open = p
                        .reach(r, c)
                        .into_iter()
                        .filter(|&(r, c)| p.cells[r][c].is_some())
                        .count();
                    if open > p.destinations(me).len() {
                        out.push("attack rule");
                    }
                }
            }
            let (r, c) = parse_square(mv).unwrap();
            let n = p.cells[r][c].unwrap();
            match p.at[me] {
                None => out.push("placement"),
                Some((fr, fc)) if p.piece != Piece::Knight => {
                    let (dr, dc) = (
                        (r as i32 - fr as i32).signum(),
                        (c as i32 - fc as i32).signum(),
                    );
                    let (mut x, mut y) = (fr as i32 + dr, fc as i32 + dc);
                    while (x as usize, y as usize) != (r, c) {
                        match p.cells[x as usize][y as usize] {
                            None => out.push("slide over an empty square"),
                            Some(_) => out.push("slide over a number"),
                        }
                        x += dr;
                        y += dc;
                    }
                }
                Some(_) => {}
            }
            let copies = p.cells.iter().flatten().filter(|&&x| x == Some(n)).count();
            if copies > 1 {
                out.push("landing on a duplicated number");
            }
            let mut removed = Vec::new();
            for i in 0..p.n() {
                for j in 0..p.n() {
                    if (i, j) != (r, c) && p.cells[i][j].is_some() && a.cells[i][j].is_none() {
                        removed.push(p.cells[i][j].unwrap());
                    }
                }
            }
            if removed.len() > 1 {
                out.push("several copies removed");
            }
            if n / 10 == n % 10 {
                out.push("double");
                if n == 0 {
                    out.push("landing on 00");
                }
                if removed.contains(&0) {
                    out.push("00 removed");
                }
                if removed.contains(&n) {
                    out.push("second copy of the landed double removed");
                }
                if removed.is_empty() {
                    out.push("double with no other double left");
                }
            } else if !removed.is_empty() {
                out.push("symmetric removal");
                if n < 10 {
                    out.push("one-digit number removes its mirror");
                }
            }
        }
        (Pos::Dots(p), Pos::Dots(a)) => {
            match a.closed_count() - p.closed_count() {
                0 => {}
                1 => out.push("one box closed"),
                _ => out.push("two boxes closed"),
            }
            if a.closed_count() > p.closed_count() && !p.solo {
                assert_eq!(a.side, p.side);
                out.push("extra turn");
            }
        }
        (Pos::Adji(p), Pos::Adji(a)) => {
            if mv == "pass" {
                out.push("pass");
                return out;
            }
            let r0 = usize::from(mv.starts_with('b'));
            let c0 = (mv.as_bytes()[1] - b'1') as usize;
            let n = p.pits[r0][c0];
            if n >= 12 {
                out.push("lap skipping the origin");
            }
            // The last pit: walk the sowing again.
            let (mut r, mut c) = (r0, c0);
            let mut left = n;
            while left > 0 {
                (r, c) = AdjiPos::next(r, c);
                if (r, c) != (r0, c0) {
                    left -= 1;
                }
            }
            let before: u32 = p.pits.iter().flatten().sum();
            let after: u32 = a.pits.iter().flatten().sum();
            match before - after {
                0 => {}
                1 => out.push("capture of 1"),
                3 => out.push("capture of 3"),
                5 => out.push("capture of 5"),
                k => panic!("a capture of {k} seeds"),
            }
            if r == r0 {
                out.push("last pit on the own row");
                if before == after && [1, 3, 5].contains(&a.pits[r][c]) {
                    out.push("odd count not captured on the own row");
                }
            }
            if !p.solo && a.quiet >= 100 {
                out.push("quiet limit");
            }
        }
        (Pos::Soli(p), Pos::Soli(a)) => out.extend(p.features(mv, a)),
        (Pos::Galo(p), Pos::Galo(_)) => p.features(mv, &mut out),
        (Pos::Blokus(p), Pos::Blokus(a)) => out.extend(p.features(mv, a)),
        (Pos::Quatro(p), Pos::Quatro(a)) => {
            if a.won() {
                out.push("winning line");
            } else if a.legal_moves().is_empty() {
                out.push("no piece or square left");
            }
            let piece = mv.split_once('@').unwrap().0;
            if p.reserve.iter().filter(|q| q.as_str() == piece).count() > 1 {
                out.push("repeated piece placed");
            }
            if a.threat() && !a.won() {
                out.push("threat left");
            }
        }
        _ => unreachable!(),
    }
    out
}
