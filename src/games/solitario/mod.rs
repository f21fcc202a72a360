//! Solitário (`solitario-solo`), the classic peg-solitaire puzzle on the
//! English 33-hole cross, and "Solitário 2" (`solitario`), the course's
//! two-player game on the same board (`rules/solitario.md`, the course game
//! of 2025/26).
//!
//! The board is a 7 × 7 grid of which 33 cells are holes ([`HOLES`]). A cell
//! is its index `7 * row + column` (row 0 at the top, notation row `1`;
//! column 0 = `a`), and a set of cells is a `u64` bitboard of those indices,
//! so a board is one or two `u64`s.
//!
//! - Puzzle: a move ([`Hop`]) jumps a peg over an orthogonally adjacent peg
//!   into the empty hole behind and removes the jumped peg (operators `cd
//!   ce cc cb`, rules §2.1). The goal is `target` pegs left (default 1,
//!   rules §2.4), mapped onto the puzzle framework's "score ≥ target" as
//!   Quatro's winning line is: the score is 1 once no more than `target`
//!   pegs are left, the framework's target is always 1, and
//!   `solve target <t>` sets the pegs to leave through
//!   [`crate::puzzle::heuristic::Puzzle::aim`]. The hash is the smallest of
//!   the board's 8 symmetric Zobrist hashes, so the solvers' duplicate
//!   detection merges mirrored and rotated boards.
//! - Duel: a step to an adjacent empty hole, or a capture of an adjacent
//!   enemy peg by a jump (rules §3.2). A peg on one of the opponent's six
//!   start holes wins at once (rules §3.4, [`WIN_POINTS`] for the winner);
//!   the player to move without a move loses, or passes under `NoMove =
//!   pass` ([`NoMove`], rules §3.5); after [`PLY_LIMIT`] plies the game is
//!   drawn, or won on pegs under `LimitResult = material` ([`LimitResult`],
//!   rules §3.6). The position string carries the ply count and the two
//!   readings when they differ from the default.

pub mod enumerate;
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
    /// A peg of player 1 (the puzzle's pegs) on cell `i`: `PEG + i`; of
    /// player 2: `PEG + 49 + i`.
    pub const PEG: usize = range(0, 98);
}

/// Cells of the 7 × 7 grid.
pub const CELLS: usize = 49;

/// The 33 holes of the English cross (bit `7 * row + column`).
pub const HOLES: u64 = holes();

const fn holes() -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < CELLS {
        let (r, c) = (i / 7, i % 7);
        if (r >= 2 && r <= 4) || (c >= 2 && c <= 4) {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

/// Player 1's start holes `c1 d1 e1 c2 d2 e2` (rows 1–2), the holes player 2
/// wins on.
pub const TOP: u64 = 0b111 << 2 | 0b111 << 9;
/// Player 2's start holes `c6 … e7` (rows 6–7), the holes player 1 wins on.
pub const BOTTOM: u64 = TOP << 35;

/// The centre `d4`.
pub const CENTRE: u8 = 24;

/// Plies after which the duel ends (rules §3.6).
pub const PLY_LIMIT: u32 = 150;

/// The winner's score in the duel (above any evaluation; see
/// `docs/adding-a-game.md`, Quatro).
pub const WIN_POINTS: u32 = 100;

/// The four directions in the operators' order: right, left, up, down
/// (`d e c b` for steps, `cd ce cc cb` for jumps).
pub const DIRS: [(i8, i8); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

/// The course's operator names of the steps and of the jumps, by direction.
pub const STEP_OPS: [&str; 4] = ["d", "e", "c", "b"];
/// See [`STEP_OPS`].
pub const JUMP_OPS: [&str; 4] = ["cd", "ce", "cc", "cb"];

/// `NEXT[d][i]`: the hole `k` cells from `i` in direction `d` (`k` = 1 in
/// `NEXT[0]`, 2 in `NEXT[1]`), or 255 off the cross.
pub const NEXT: [[[u8; CELLS]; 4]; 2] = [next_cells(1), next_cells(2)];

const fn next_cells(k: i8) -> [[u8; CELLS]; 4] {
    let mut out = [[255u8; CELLS]; 4];
    let mut d = 0;
    while d < 4 {
        let mut i = 0;
        while i < CELLS {
            let r = (i / 7) as i8 + DIRS[d].0 * k;
            let c = (i % 7) as i8 + DIRS[d].1 * k;
            if HOLES >> i & 1 == 1 && r >= 0 && r < 7 && c >= 0 && c < 7 {
                let j = (r * 7 + c) as usize;
                if HOLES >> j & 1 == 1 {
                    out[d][i] = j as u8;
                }
            }
            i += 1;
        }
        d += 1;
    }
    out
}

/// The 8 symmetries of the cross: `SYM[s][i]` is where cell `i` goes.
pub const SYM: [[u8; CELLS]; 8] = symmetries();

const fn symmetries() -> [[u8; CELLS]; 8] {
    let mut out = [[0u8; CELLS]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < CELLS {
            let (mut r, mut c) = (i / 7, i % 7);
            if s & 4 != 0 {
                let t = r;
                r = c;
                c = t;
            }
            if s & 1 != 0 {
                c = 6 - c;
            }
            if s & 2 != 0 {
                r = 6 - r;
            }
            out[s][i] = (7 * r + c) as u8;
            i += 1;
        }
        s += 1;
    }
    out
}

/// The name of cell `i`: `a1` … `g7`.
pub fn square_name(i: u8) -> String {
    format!("{}{}", (b'a' + i % 7) as char, i / 7 + 1)
}

/// A hole from its name, any case; `None` off the cross.
pub fn parse_square(text: &str) -> Option<u8> {
    match text.as_bytes() {
        [c, r] => {
            let c = c.to_ascii_lowercase();
            if !(b'a'..=b'g').contains(&c) || !(b'1'..=b'7').contains(r) {
                return None;
            }
            let i = 7 * (r - b'1') + (c - b'a');
            (HOLES >> i & 1 == 1).then_some(i)
        }
        _ => None,
    }
}

/// A move: a peg from one hole to another (a jump over the hole between,
/// or a duel step), or the pass of `NoMove = pass`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hop {
    /// The hole the peg leaves.
    pub from: u8,
    /// The hole it reaches.
    pub to: u8,
}

impl Hop {
    /// The forced pass (`NoMove = pass`).
    pub const PASS: Hop = Hop { from: 255, to: 255 };

    /// True for a jump (two holes along a row or column).
    #[inline]
    pub fn is_jump(self) -> bool {
        !self.is_pass() && matches!(self.from.abs_diff(self.to), 2 | 14)
    }

    /// The hole jumped over (a jump only).
    #[inline]
    pub fn over(self) -> u8 {
        (self.from + self.to) / 2
    }

    /// The direction (index into [`DIRS`]).
    pub fn dir(self) -> usize {
        let (f, t) = (self.from as i32, self.to as i32);
        match t - f {
            1 | 2 => 0,
            -1 | -2 => 1,
            -7 | -14 => 2,
            _ => 3,
        }
    }

    /// The course's Lisp move `(operador linha coluna)`: `(b 2 3)`.
    pub fn to_lisp(self) -> String {
        let ops = if self.is_jump() { JUMP_OPS } else { STEP_OPS };
        format!(
            "({} {} {})",
            ops[self.dir()],
            self.from / 7 + 1,
            self.from % 7 + 1
        )
    }
}

impl GameMove for Hop {
    #[inline]
    fn is_pass(self) -> bool {
        self.from == 255
    }
}

impl Display for Hop {
    /// `d2-d4`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        write!(f, "{}-{}", square_name(self.from), square_name(self.to))
    }
}

impl Debug for Hop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

/// What the duel's player to move does without a legal move (rules §3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NoMove {
    /// The player loses (the default).
    #[default]
    Lose,
    /// The player passes; neither side able to move is a draw.
    Pass,
}

/// How the duel ends at [`PLY_LIMIT`] plies (rules §3.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LimitResult {
    /// A draw (the default).
    #[default]
    Draw,
    /// More pegs wins, equal pegs is a draw.
    Material,
}

/// The two duel readings the rules name as switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Variant {
    /// `NoMove`.
    pub no_move: NoMove,
    /// `LimitResult`.
    pub limit: LimitResult,
}

/// A Solitário position. `SOLO` selects the puzzle.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct SoliBoard<const SOLO: bool> {
    /// Pegs of player 1 and player 2 (the puzzle: `pegs[0]` only).
    pegs: [u64; 2],
    side: Player,
    /// Duel: plies played. Puzzle: 0.
    ply: u8,
    /// Puzzle: pegs to leave (1 by default). Duel: 0.
    target: u8,
    /// Duel: the readings of rules §3.5–3.6 (puzzle: the default).
    variant: Variant,
    /// The Zobrist hash of the board under each symmetry (the puzzle's
    /// hash is their minimum; the duel's is `hashes[0]` with the side).
    hashes: [u64; 8],
}

/// The two-player game (`solitario`).
pub type Solitario = SoliBoard<false>;
/// The puzzle (`solitario-solo`).
pub type SolitarioSolo = SoliBoard<true>;

/// The bad setups [`SoliBoard::new`] refuses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A peg off the cross, or a cell with both players' pegs.
    Board,
    /// A target of 0 or above the holes.
    Target(u32),
    /// A ply count above [`PLY_LIMIT`].
    Ply(u32),
}

impl Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Board => f.write_str("pegs only on the 33 holes of the cross"),
            SetupError::Target(t) => write!(f, "target {t}: expected 1..33 pegs"),
            SetupError::Ply(p) => write!(f, "ply {p}: expected 0..{PLY_LIMIT}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The Zobrist key of a peg of `color` (0, 1) on cell `i`.
#[inline]
fn peg_key(color: usize, i: u8) -> u64 {
    zobrist::key(keys::PEG + 49 * color + i as usize)
}

impl<const SOLO: bool> SoliBoard<SOLO> {
    /// The checked constructor: the pegs of player 1 and 2 (bitboards of
    /// cell indices), the side to move and the plies played (duel), the
    /// target (puzzle) and the duel's readings. The puzzle ignores `side`,
    /// `ply` and `variant` and refuses player-2 pegs; the duel ignores
    /// `target`.
    pub fn new(
        pegs: [u64; 2],
        side: Player,
        ply: u32,
        target: u32,
        variant: Variant,
    ) -> Result<Self, SetupError> {
        if (pegs[0] | pegs[1]) & !HOLES != 0 || pegs[0] & pegs[1] != 0 || (SOLO && pegs[1] != 0) {
            return Err(SetupError::Board);
        }
        if SOLO && !(1..=33).contains(&target) {
            return Err(SetupError::Target(target));
        }
        if !SOLO && ply > PLY_LIMIT {
            return Err(SetupError::Ply(ply));
        }
        let mut pos = SoliBoard {
            pegs,
            side: if SOLO { Player::One } else { side },
            ply: if SOLO { 0 } else { ply as u8 },
            target: if SOLO { target as u8 } else { 0 },
            variant: if SOLO { Variant::default() } else { variant },
            hashes: [0; 8],
        };
        pos.hashes = pos.hashes_from_scratch();
        Ok(pos)
    }

    /// The duel's start (player 1 on rows 1–2, player 2 on rows 6–7, player
    /// 1 to move) or the puzzle's full board with the centre empty
    /// (problem F).
    pub fn start() -> Self {
        let pegs = if SOLO {
            [HOLES & !(1 << CENTRE), 0]
        } else {
            [TOP, BOTTOM]
        };
        Self::new(pegs, Player::One, 0, 1, Variant::default()).expect("a valid start")
    }

    /// The pegs of player 1 and player 2 (bitboards).
    #[inline]
    pub fn pegs(&self) -> [u64; 2] {
        self.pegs
    }

    /// All pegs on the board.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pegs[0] | self.pegs[1]
    }

    /// The empty holes.
    #[inline]
    pub fn empty(&self) -> u64 {
        HOLES & !self.occupied()
    }

    /// Pegs on the board (both players).
    #[inline]
    pub fn peg_count(&self) -> u32 {
        self.occupied().count_ones()
    }

    /// The puzzle's target (pegs to leave).
    #[inline]
    pub fn peg_target(&self) -> u32 {
        self.target as u32
    }

    /// Sets the puzzle's target (1..=33; no effect on the duel).
    pub fn set_peg_target(&mut self, target: u32) {
        if SOLO {
            self.target = target.clamp(1, 33) as u8;
        }
    }

    /// Plies played (duel).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// The duel's readings.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Sets the duel's readings (no effect on the puzzle).
    pub fn set_variant(&mut self, variant: Variant) {
        if !SOLO {
            self.variant = variant;
        }
    }

    /// The cell `i`: 0 empty (or not a hole), 1 or 2 a player's peg.
    #[inline]
    pub fn cell(&self, i: u8) -> u8 {
        if self.pegs[0] >> i & 1 == 1 {
            1
        } else if self.pegs[1] >> i & 1 == 1 {
            2
        } else {
            0
        }
    }

    /// The winner by the start holes: a peg of player 1 on player 2's start
    /// holes, or the reverse (the player who moved last first, when a set-up
    /// board has both).
    pub fn home_winner(&self) -> Option<Player> {
        if SOLO {
            return None;
        }
        let p1 = self.pegs[0] & BOTTOM != 0;
        let p2 = self.pegs[1] & TOP != 0;
        match (p1, p2) {
            (true, true) => Some(self.side.other()),
            (true, false) => Some(Player::One),
            (false, true) => Some(Player::Two),
            (false, false) => None,
        }
    }

    /// The moves of `side` ignoring the end of the game and the pass: the
    /// puzzle's jumps, or the duel's steps then captures, for each origin
    /// hole in reading order (rules §2.5, §3.8).
    fn raw_moves(&self, side: Player, moves: &mut MoveList<Hop, 128>) {
        let mine = self.pegs[side.index()];
        let over_ok = if SOLO {
            self.pegs[0]
        } else {
            self.pegs[side.other().index()]
        };
        let empty = self.empty();
        let mut m = mine;
        while m != 0 {
            let from = m.trailing_zeros() as u8;
            m &= m - 1;
            if !SOLO {
                for next in &NEXT[0] {
                    let to = next[from as usize];
                    if to != 255 && empty >> to & 1 == 1 {
                        moves.push(Hop { from, to });
                    }
                }
            }
            for (near, far) in NEXT[0].iter().zip(&NEXT[1]) {
                let over = near[from as usize];
                let to = far[from as usize];
                if to != 255 && over_ok >> over & 1 == 1 && empty >> to & 1 == 1 {
                    moves.push(Hop { from, to });
                }
            }
        }
    }

    /// Does `side` have a move (pass aside)?
    fn can_move(&self, side: Player) -> bool {
        let mut moves = MoveList::new();
        self.raw_moves(side, &mut moves);
        !moves.is_empty()
    }

    /// The duel is over by a win on the start holes or by the ply limit.
    #[inline]
    fn decided(&self) -> bool {
        !SOLO && (self.home_winner().is_some() || self.ply as u32 >= PLY_LIMIT)
    }

    /// The duel's result once over.
    pub fn winner(&self) -> Option<Outcome> {
        if SOLO {
            return None;
        }
        if let Some(p) = self.home_winner() {
            return Some(Outcome::Win(p));
        }
        if self.ply as u32 >= PLY_LIMIT {
            return Some(match self.variant.limit {
                LimitResult::Draw => Outcome::Draw,
                LimitResult::Material => {
                    let (a, b) = (self.pegs[0].count_ones(), self.pegs[1].count_ones());
                    match a.cmp(&b) {
                        std::cmp::Ordering::Greater => Outcome::Win(Player::One),
                        std::cmp::Ordering::Less => Outcome::Win(Player::Two),
                        std::cmp::Ordering::Equal => Outcome::Draw,
                    }
                }
            });
        }
        if self.can_move(self.side) {
            return None;
        }
        match self.variant.no_move {
            NoMove::Lose => Some(Outcome::Win(self.side.other())),
            NoMove::Pass if self.can_move(self.side.other()) => None,
            NoMove::Pass => Some(Outcome::Draw),
        }
    }

    /// Flips a peg of `color` on cell `i` (board and hashes).
    #[inline]
    fn toggle(&mut self, color: usize, i: u8) {
        self.pegs[color] ^= 1 << i;
        if SOLO {
            for (h, sym) in self.hashes.iter_mut().zip(&SYM) {
                *h ^= peg_key(color, sym[i as usize]);
            }
        } else {
            self.hashes[0] ^= peg_key(color, i);
        }
    }

    fn hashes_from_scratch(&self) -> [u64; 8] {
        let mut out = [0u64; 8];
        for color in 0..2 {
            let mut m = self.pegs[color];
            while m != 0 {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                if SOLO {
                    for (s, h) in out.iter_mut().enumerate() {
                        *h ^= peg_key(color, SYM[s][i as usize]);
                    }
                } else {
                    out[0] ^= peg_key(color, i);
                }
            }
        }
        if !SOLO && self.side == Player::Two {
            out[0] ^= zobrist::key(zobrist::SIDE);
        }
        out
    }

    /// The board field of the position string: 7 rows of 7 cells.
    pub fn rows_text(&self) -> String {
        let mut out = String::with_capacity(55);
        for r in 0..7u8 {
            if r > 0 {
                out.push('/');
            }
            for c in 0..7u8 {
                let i = 7 * r + c;
                out.push(if HOLES >> i & 1 == 0 {
                    'x'
                } else {
                    (b'0' + self.cell(i)) as char
                });
            }
        }
        out
    }
}

/// Reads the board field: 7 rows of exactly 7 cells, `x` on exactly the
/// non-holes.
fn parse_rows(text: &str, solo: bool) -> Result<[u64; 2], FenError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 7 {
        return Err(FenError::new("board", "7 rows separated by '/'", text));
    }
    let mut pegs = [0u64; 2];
    for (r, row) in rows.iter().enumerate() {
        let field = format!("row {}", r + 1);
        if row.len() != 7 {
            return Err(FenError::new(field, "7 cells", row));
        }
        for (c, ch) in row.bytes().enumerate() {
            let i = 7 * r + c;
            let hole = HOLES >> i & 1 == 1;
            let cell = format!("row {}, cell {}", r + 1, c + 1);
            let found = (ch as char).to_string();
            match (ch.to_ascii_lowercase(), hole) {
                (b'x', false) => {}
                (b'x', true) => return Err(FenError::new(cell, "a hole: 0, 1 or 2", &found)),
                (_, false) => return Err(FenError::new(cell, "x (not a hole)", &found)),
                (b'0', true) => {}
                (b'1', true) => pegs[0] |= 1 << i,
                (b'2', true) if !solo => pegs[1] |= 1 << i,
                _ => {
                    let expected = if solo { "0 or 1" } else { "0, 1 or 2" };
                    return Err(FenError::new(cell, expected, &found));
                }
            }
        }
    }
    Ok(pegs)
}

impl<const SOLO: bool> Game for SoliBoard<SOLO> {
    type Move = Hop;
    /// A move ends on an empty hole, reached from at most 8 holes (4
    /// directions, 1 or 2 away), and a peg has at most 4 moves (per
    /// direction a step or a capture, never both): at most min(4 p, 8 e)
    /// with p + e ≤ 33, so 88; the puzzle's jumps min(4 p, 4 e) ≤ 64. A
    /// pass is alone.
    type Moves = MoveList<Hop, 128>;
    const NAME: &'static str = if SOLO { "solitario-solo" } else { "solitario" };
    const PUZZLE: bool = SOLO;

    fn legal_moves(&self) -> Self::Moves {
        let mut moves = MoveList::new();
        if self.decided() {
            return moves;
        }
        self.raw_moves(self.side, &mut moves);
        if !SOLO
            && moves.is_empty()
            && self.variant.no_move == NoMove::Pass
            && self.can_move(self.side.other())
        {
            moves.push(Hop::PASS);
        }
        moves
    }

    fn play_unchecked(&mut self, mv: Hop) {
        if !mv.is_pass() {
            let me = self.side.index();
            self.toggle(me, mv.from);
            self.toggle(me, mv.to);
            if mv.is_jump() {
                let over = mv.over();
                let color = if SOLO { 0 } else { 1 - me };
                self.toggle(color, over);
            }
        }
        if !SOLO {
            self.ply += 1;
            self.side = self.side.other();
            self.hashes[0] ^= zobrist::key(zobrist::SIDE);
        }
    }

    fn why_illegal(&self, mv: Hop) -> &'static str {
        if self.decided() {
            return "the game is over";
        }
        if mv.is_pass() {
            return "a pass is allowed only under NoMove = pass, when no other move is";
        }
        let me = self.side.index();
        if self.pegs[me] >> mv.from & 1 == 0 {
            return if SOLO {
                "no peg on the hole the move starts from"
            } else {
                "none of your pegs on the hole the move starts from"
            };
        }
        if self.occupied() >> mv.to & 1 == 1 {
            return "the hole the move reaches is not empty";
        }
        if mv.is_jump() {
            let over = self.cell(mv.over());
            if over == 0 {
                return "a jump must pass over a peg";
            }
            if !SOLO && over == me as u8 + 1 {
                return "a capture jumps over an enemy peg, never your own";
            }
        } else if SOLO {
            return "the puzzle has jumps only";
        }
        "not a legal move"
    }

    fn parse_move(&self, text: &str) -> Result<Hop, MoveError> {
        let syntax = || MoveError::Syntax {
            text: text.to_string(),
            expected: "<from>-<to>, two holes of the cross one or two apart in a row or \
                       column (d2-d4, d2-d3), or pass",
        };
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Hop::PASS);
        }
        let (a, b) = text.split_once('-').ok_or_else(syntax)?;
        let (from, to) = match (parse_square(a), parse_square(b)) {
            (Some(f), Some(t)) => (f, t),
            _ => return Err(syntax()),
        };
        let (dr, dc) = (
            (to / 7) as i32 - (from / 7) as i32,
            (to % 7) as i32 - (from % 7) as i32,
        );
        let ok = (dr == 0 && matches!(dc.abs(), 1 | 2)) || (dc == 0 && matches!(dr.abs(), 1 | 2));
        if !ok {
            return Err(syntax());
        }
        Ok(Hop { from, to })
    }

    /// The puzzle: always 1 ("no more than the position's target pegs
    /// left"); the duel has none.
    fn target(&self) -> Option<u32> {
        SOLO.then_some(1)
    }

    fn set_target(&mut self, _target: Option<u32>) {}

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    /// Puzzle: `[1, 0]` once no more than the target's pegs are left.
    /// Duel: [`WIN_POINTS`] for the winner.
    #[inline]
    fn scores(&self) -> [u32; 2] {
        if SOLO {
            return [
                u32::from(self.pegs[0].count_ones() <= self.target as u32),
                0,
            ];
        }
        match self.winner() {
            Some(Outcome::Win(Player::One)) => [WIN_POINTS, 0],
            Some(Outcome::Win(Player::Two)) => [0, WIN_POINTS],
            _ => [0, 0],
        }
    }

    #[inline]
    fn is_over(&self) -> bool {
        if SOLO {
            !self.can_move(Player::One)
        } else {
            self.winner().is_some()
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.winner()
    }

    /// The puzzle: the least of the 8 symmetric hashes of the board. The
    /// duel: the board and the side to move, not the ply count.
    #[inline]
    fn hash(&self) -> u64 {
        if SOLO {
            let h = &self.hashes;
            h[0].min(h[1])
                .min(h[2].min(h[3]))
                .min(h[4].min(h[5]).min(h[6].min(h[7])))
        } else {
            self.hashes[0]
        }
    }

    fn hash_from_scratch(&self) -> u64 {
        let h = self.hashes_from_scratch();
        if SOLO {
            h.into_iter().min().unwrap_or(0)
        } else {
            h[0]
        }
    }

    /// Reads `solitario-solo <rows> [<target>]` or `solitario <rows>
    /// [<side> [<ply>]] [pass] [material]`.
    fn from_fen(text: &str) -> Result<Self, FenError> {
        let id = Self::NAME;
        let layout = if SOLO {
            format!("{id} <row1>/…/<row7> [<target>]")
        } else {
            format!("{id} <row1>/…/<row7> [<side> [<ply>]] [pass] [material]")
        };
        let max = if SOLO { 3 } else { 6 };
        let f = fen::fields(text, id, 2, max, &layout)?;
        let pegs = parse_rows(f[1], SOLO)?;
        if SOLO {
            let target = match f.get(2) {
                Some(t) => fen::number("target", t, 33)?,
                None => 1,
            };
            if target == 0 {
                return Err(FenError::new("target", "an integer 1..33", f[2]));
            }
            return Self::new(pegs, Player::One, 0, target, Variant::default())
                .map_err(|e| FenError::new("board", e.to_string(), f[1]));
        }
        let mut side = Player::One;
        let mut ply = 0;
        let mut variant = Variant::default();
        let mut numbers = 0;
        for (k, word) in f[2..].iter().enumerate() {
            let lower = word.to_ascii_lowercase();
            match lower.as_str() {
                "pass" if variant.no_move == NoMove::Lose => variant.no_move = NoMove::Pass,
                "material" if variant.limit == LimitResult::Draw => {
                    variant.limit = LimitResult::Material
                }
                _ if numbers == 0 && variant == Variant::default() => {
                    side = match lower.as_str() {
                        "1" => Player::One,
                        "2" => Player::Two,
                        _ => return Err(FenError::new("side to move", "'1' or '2'", word)),
                    };
                    numbers = 1;
                }
                _ if numbers == 1 && variant == Variant::default() => {
                    ply = fen::number("ply", word, PLY_LIMIT)?;
                    numbers = 2;
                }
                _ => {
                    return Err(FenError::new(
                        format!("field {}", k + 3),
                        "'pass' (NoMove) or 'material' (LimitResult), once each, after the \
                         side and the ply",
                        word,
                    ))
                }
            }
        }
        Self::new(pegs, side, ply, 1, variant)
            .map_err(|e| FenError::new("board", e.to_string(), f[1]))
    }
}

impl<const SOLO: bool> Display for SoliBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", Self::NAME, self.rows_text())?;
        if SOLO {
            if self.target != 1 {
                write!(f, " {}", self.target)?;
            }
            return Ok(());
        }
        let side = if self.side == Player::One { 1 } else { 2 };
        write!(f, " {side} {}", self.ply)?;
        if self.variant.no_move == NoMove::Pass {
            f.write_str(" pass")?;
        }
        if self.variant.limit == LimitResult::Material {
            f.write_str(" material")?;
        }
        Ok(())
    }
}

impl<const SOLO: bool> Debug for SoliBoard<SOLO> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Display::fmt(self, f)
    }
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_has_33_holes_and_the_start_holes_are_right() {
        assert_eq!(HOLES.count_ones(), 33);
        let names = |m: u64| -> Vec<String> {
            (0..49u8)
                .filter(|&i| m >> i & 1 == 1)
                .map(square_name)
                .collect()
        };
        assert_eq!(names(TOP), ["c1", "d1", "e1", "c2", "d2", "e2"]);
        assert_eq!(names(BOTTOM), ["c6", "d6", "e6", "c7", "d7", "e7"]);
        assert_eq!(square_name(CENTRE), "d4");
        for s in 0..8 {
            let mut image = 0u64;
            for i in 0..49 {
                if HOLES >> i & 1 == 1 {
                    image |= 1 << SYM[s][i];
                }
            }
            assert_eq!(image, HOLES, "symmetry {s}");
        }
    }

    #[test]
    fn start_strings_moves_and_hash() {
        let pos = Solitario::start();
        assert_eq!(
            pos.to_string(),
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 0"
        );
        assert_eq!(Solitario::from_fen(&pos.to_string()).unwrap(), pos);
        let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["c2-c3", "d2-d3", "e2-e3"]);
        let solo = SolitarioSolo::start();
        assert_eq!(
            solo.to_string(),
            "solitario-solo xx111xx/xx111xx/1111111/1110111/1111111/xx111xx/xx111xx"
        );
        let moves: Vec<String> = solo.legal_moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["d2-d4", "b4-d4", "f4-d4", "d6-d4"]);
        assert_eq!(solo.hash(), solo.hash_from_scratch());
        // The four first moves are the same board up to symmetry.
        let hashes: Vec<u64> = solo
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut p = solo;
                p.play_unchecked(m);
                assert_eq!(p.hash(), p.hash_from_scratch());
                p.hash()
            })
            .collect();
        assert!(hashes.iter().all(|&h| h == hashes[0]));
    }

    #[test]
    fn moves_read_and_write_with_the_lisp_operators() {
        let pos = Solitario::start();
        let mv = pos.parse_move("C2-c3").unwrap();
        assert_eq!(mv.to_string(), "c2-c3");
        assert_eq!(mv.to_lisp(), "(b 2 3)");
        assert_eq!(pos.parse_move("d2-d4").unwrap().to_lisp(), "(cb 2 4)");
        assert_eq!(pos.parse_move("d4-b4").unwrap().to_lisp(), "(ce 4 4)");
        assert!(pos.parse_move("a1-a3").is_err());
        assert!(pos.parse_move("d2-e3").is_err());
        assert!(pos.parse_move("d2-d5").is_err());
        assert!(pos.parse_legal("d2-d4").unwrap_err().is_illegal());
    }

    #[test]
    fn fen_errors_name_the_field() {
        let e = Solitario::from_fen("solitario xx111xx/xx111xx/0000000").unwrap_err();
        assert_eq!(e.field, "board");
        let e = Solitario::from_fen(
            "solitario 0x111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx",
        )
        .unwrap_err();
        assert_eq!(e.field, "row 1, cell 1");
        let e = SolitarioSolo::from_fen(
            "solitario-solo xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx",
        )
        .unwrap_err();
        assert_eq!(e.field, "row 6, cell 3");
        let e = Solitario::from_fen(
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 3",
        )
        .unwrap_err();
        assert_eq!(e.field, "side to move");
        let e = Solitario::from_fen(
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 1 151",
        )
        .unwrap_err();
        assert_eq!(e.field, "ply");
        let e = SolitarioSolo::from_fen(
            "solitario-solo xx111xx/xx111xx/0000000/0000000/0000000/xx000xx/xx000xx 0",
        )
        .unwrap_err();
        assert_eq!(e.field, "target");
        let short = Solitario::from_fen(
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx",
        )
        .unwrap();
        assert_eq!(short, Solitario::start());
        let variant = Solitario::from_fen(
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 2 7 pass material",
        )
        .unwrap();
        assert_eq!(
            variant.to_string(),
            "solitario xx111xx/xx111xx/0000000/0000000/0000000/xx222xx/xx222xx 2 7 pass material"
        );
    }
}
