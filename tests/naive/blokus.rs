//! The naive Blokus (`rules/blokus.md`): a board of `Vec<Vec<u8>>` with
//! `0`/`1`/`2`, pieces as the rules' cell lists, every rule a plain loop.

use super::{err, uint, Lisp};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const N: usize = 14;

/// The pieces in move order with their cells relative to the reference
/// cell `(r c)`, as the table of rules §2.1 writes them.
/// A piece: its name, its stock slot and its cells.
type PieceCells = (&'static str, usize, Vec<(i32, i32)>);

fn pieces(variant: &str) -> Vec<PieceCells> {
    let a = ("a", 0, vec![(0, 0)]);
    let b = ("b", 1, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
    if variant == "2017" {
        vec![
            a,
            b,
            ("x", 2, vec![(0, 0), (0, 1), (0, 2), (-1, 1), (1, 1)]),
        ]
    } else {
        vec![
            a,
            b,
            ("c1", 2, vec![(0, 0), (0, 1), (-1, 1), (-1, 2)]),
            ("c2", 2, vec![(0, 0), (1, 0), (1, 1), (2, 1)]),
        ]
    }
}

fn square_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

/// A Blokus position (duel or puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlokusPos {
    pub solo: bool,
    pub variant: String,
    pub board: Vec<Vec<u8>>,
    pub stock: [[u32; 3]; 2],
    pub side: usize,
    pub goal: u32,
}

impl BlokusPos {
    pub fn start(variant: &str) -> BlokusPos {
        BlokusPos {
            solo: false,
            variant: variant.to_string(),
            board: vec![vec![0; N]; N],
            stock: [[10, 10, 15]; 2],
            side: 0,
            goal: 0,
        }
    }

    fn start_corners(&self, player: usize) -> Vec<(usize, usize)> {
        if self.solo && self.variant == "2017" {
            vec![(0, 0), (0, N - 1), (N - 1, 0), (N - 1, N - 1)]
        } else if self.solo || player == 0 {
            vec![(0, 0)]
        } else {
            vec![(N - 1, N - 1)]
        }
    }

    /// The cells of a piece at a reference square, if all on the board.
    fn cells(&self, piece: &str, r: usize, c: usize) -> Option<Vec<(usize, usize)>> {
        let (_, _, offsets) = pieces(&self.variant).into_iter().find(|p| p.0 == piece)?;
        let mut out = Vec::new();
        for (dr, dc) in offsets {
            let (x, y) = (r as i32 + dr, c as i32 + dc);
            if x < 0 || y < 0 || x >= N as i32 || y >= N as i32 {
                return None;
            }
            out.push((x as usize, y as usize));
        }
        Some(out)
    }

    fn at(&self, r: i32, c: i32) -> Option<u8> {
        if r < 0 || c < 0 || r >= N as i32 || c >= N as i32 {
            None
        } else {
            Some(self.board[r as usize][c as usize])
        }
    }

    fn placements(&self, player: usize) -> Vec<String> {
        let me = player as u8 + 1;
        let has_square = self.board.iter().flatten().any(|&v| v == me);
        let mut out = Vec::new();
        for (name, kind, _) in pieces(&self.variant) {
            if self.stock[player][kind] == 0 {
                continue;
            }
            for r in 0..N {
                for c in 0..N {
                    let Some(cells) = self.cells(name, r, c) else {
                        continue;
                    };
                    if cells.iter().any(|&(x, y)| self.board[x][y] != 0) {
                        continue;
                    }
                    let mut edge = false;
                    let mut corner = false;
                    for &(x, y) in &cells {
                        let (x, y) = (x as i32, y as i32);
                        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                            if self.at(x + dx, y + dy) == Some(me) {
                                edge = true;
                            }
                        }
                        for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                            if self.at(x + dx, y + dy) == Some(me) {
                                corner = true;
                            }
                        }
                    }
                    let ok = if has_square {
                        !edge && corner
                    } else {
                        self.start_corners(player)
                            .iter()
                            .any(|sq| cells.contains(sq))
                    };
                    if ok {
                        out.push(format!("{name}@{}", square_name(r, c)));
                    }
                }
            }
        }
        out
    }

    pub fn legal_moves(&self) -> Vec<String> {
        let mine = self.placements(self.side);
        if mine.is_empty() && !self.solo && !self.placements(1 - self.side).is_empty() {
            return vec!["pass".to_string()];
        }
        mine
    }

    pub fn play(&mut self, mv: &str) -> bool {
        let mv = mv.to_ascii_lowercase();
        if !self.legal_moves().contains(&mv) {
            return false;
        }
        if mv != "pass" {
            let (piece, sq) = mv.split_once('@').unwrap();
            let c = (sq.as_bytes()[0] - b'a') as usize;
            let r: usize = sq[1..].parse::<usize>().unwrap() - 1;
            for (x, y) in self.cells(piece, r, c).unwrap() {
                self.board[x][y] = self.side as u8 + 1;
            }
            let kind = pieces(&self.variant)
                .into_iter()
                .find(|p| p.0 == piece)
                .unwrap()
                .1;
            self.stock[self.side][kind] -= 1;
        }
        if !self.solo {
            self.side = 1 - self.side;
        }
        true
    }

    pub fn squares(&self, player: usize) -> u32 {
        self.board
            .iter()
            .flatten()
            .filter(|&&v| v as usize == player + 1)
            .count() as u32
    }

    pub fn scores(&self) -> [u32; 2] {
        if !self.solo {
            [self.squares(0), self.squares(1)]
        } else if self.variant == "2017" {
            [u32::from(self.placements(0).is_empty()), 0]
        } else {
            [self.squares(0), 0]
        }
    }

    pub fn fen(&self) -> String {
        let rows: Vec<String> = self
            .board
            .iter()
            .map(|r| r.iter().map(|v| v.to_string()).collect())
            .collect();
        let stock = |s: [u32; 3]| format!("{},{},{}", s[0], s[1], s[2]);
        let v = if self.variant == "2017" {
            " variant 2017"
        } else {
            ""
        };
        if self.solo {
            if self.variant == "2017" {
                format!("blokus-solo {} {}{v}", rows.join("/"), stock(self.stock[0]))
            } else {
                format!(
                    "blokus-solo {} {} {}",
                    rows.join("/"),
                    stock(self.stock[0]),
                    self.goal
                )
            }
        } else {
            format!(
                "blokus {} {} {} {}{v}",
                rows.join("/"),
                self.side + 1,
                stock(self.stock[0]),
                stock(self.stock[1])
            )
        }
    }

    /// The board, stocks and side (duel) of the position string: what the
    /// library hashes (not the variant or the goal).
    pub fn hash_key(&self) -> String {
        let fen = self.fen();
        let f: Vec<&str> = fen.split(' ').collect();
        if self.solo {
            f[1..3].join(" ")
        } else {
            f[1..5].join(" ")
        }
    }

    pub fn every_move_name() -> Vec<String> {
        let mut out = vec!["pass".to_string()];
        for p in ["a", "b", "c1", "c2", "x"] {
            for r in 0..N {
                for c in 0..N {
                    out.push(format!("{p}@{}", square_name(r, c)));
                }
            }
        }
        out
    }

    /// The rules a move exercises.
    pub fn features(&self, mv: &str, after: &BlokusPos) -> Vec<&'static str> {
        let mut out = Vec::new();
        if mv == "pass" {
            out.push("pass");
            return out;
        }
        let me = self.side as u8 + 1;
        let piece = mv.split_once('@').unwrap().0;
        out.push(match piece {
            "a" => "piece a",
            "b" => "piece b",
            "c1" => "piece c1",
            "c2" => "piece c2",
            _ => "piece x",
        });
        if !self.board.iter().flatten().any(|&v| v == me) {
            out.push("first piece on a start corner");
        }
        if after.stock[self.side] != self.stock[self.side]
            && after.stock[self.side]
                .iter()
                .zip(self.stock[self.side])
                .any(|(&a, b)| a == 0 && b == 1)
        {
            out.push("last piece of a kind");
        }
        // An edge shared with another square (the opponent's or blocked).
        for r in 0..N {
            for c in 0..N {
                if after.board[r][c] == me && self.board[r][c] == 0 {
                    for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                        let v = self.at(r as i32 + dx, c as i32 + dy);
                        if v.is_some_and(|v| v != 0 && v != me) {
                            out.push("edge shared with another square");
                        }
                    }
                }
            }
        }
        if !self.solo && !after.legal_moves().is_empty() && after.legal_moves() == ["pass"] {
            out.push("pass forced next");
        }
        out.dedup();
        out
    }
}

/// Reads a Blokus position string (fields already split).
pub fn parse_fen(fields: &[&str], solo: bool) -> Result<BlokusPos, String> {
    if fields.len() < 4 {
        return err("too few fields");
    }
    let rows: Vec<&str> = fields[1].split('/').collect();
    if rows.len() != N
        || rows
            .iter()
            .any(|r| r.len() != N || !r.chars().all(|c| "012".contains(c)))
    {
        return err("bad rows");
    }
    let board: Vec<Vec<u8>> = rows
        .iter()
        .map(|r| r.bytes().map(|b| b - b'0').collect())
        .collect();
    let stock = |t: &str| -> Result<[u32; 3], String> {
        let v: Vec<&str> = t.split(',').collect();
        if v.len() != 3 {
            return err("bad stock");
        }
        Ok([uint(v[0])?, uint(v[1])?, uint(v[2])?])
    };
    let variant_of = |rest: &[&str]| -> Result<String, String> {
        match rest {
            [] => Ok("2021".into()),
            ["variant", v] if *v == "2017" || *v == "2021" => Ok(v.to_string()),
            _ => err("bad variant"),
        }
    };
    if solo {
        let s = stock(fields[2])?;
        let (variant, goal) = if fields[3] == "variant" {
            (variant_of(&fields[3..])?, 0)
        } else {
            (variant_of(&fields[4..])?, uint(fields[3])?)
        };
        return Ok(BlokusPos {
            solo,
            variant,
            board,
            stock: [s, [0; 3]],
            side: 0,
            goal,
        });
    }
    if fields.len() < 5 {
        return err("too few fields");
    }
    let side = match fields[2] {
        "1" => 0,
        "2" => 1,
        _ => return err("bad side"),
    };
    let variant = variant_of(&fields[5..])?;
    let stock = [stock(fields[3])?, stock(fields[4])?];
    let size = if variant == "2017" {
        [1, 4, 5]
    } else {
        [1, 4, 4]
    };
    for (p, s) in stock.iter().enumerate() {
        let full = [10, 10, 15];
        if (0..3).any(|k| s[k] > full[k]) {
            return err("stock too large");
        }
        let placed: u32 = (0..3).map(|k| (full[k] - s[k]) * size[k]).sum();
        let on_board = board
            .iter()
            .flatten()
            .filter(|&&v| v as usize == p + 1)
            .count() as u32;
        if placed != on_board {
            return err("squares differ from the pieces placed");
        }
    }
    Ok(BlokusPos {
        solo,
        variant,
        board,
        stock,
        side,
        goal: 0,
    })
}

const BLOKUS_DAT: &str = include_str!("../../data/problems/blokus.dat");
const BLOKUS_2017_DAT: &str = include_str!("../../data/problems/blokus-2017.dat");

fn board_of(rows: &Lisp) -> Vec<Vec<u8>> {
    rows.list()
        .iter()
        .map(|r| r.list().iter().map(|v| v.number().unwrap() as u8).collect())
        .collect()
}

/// The `index`-th problem of the 2021 file (`(board goal)` after each
/// `()`), or of the 2017 file (bare boards; the stock less the player's
/// 1 × 1 squares).
pub fn problem(index: usize, variant: &str) -> BlokusPos {
    let text = if variant == "2017" {
        BLOKUS_2017_DAT
    } else {
        BLOKUS_DAT
    };
    let all: Vec<Lisp> = super::read_lisp(text)
        .into_iter()
        .filter(|x| matches!(x, Lisp::List(items) if !items.is_empty()))
        .collect();
    let item = &all[index];
    if variant == "2017" {
        let board = board_of(item);
        let ones = board.iter().flatten().filter(|&&v| v == 1).count() as u32;
        BlokusPos {
            solo: true,
            variant: "2017".into(),
            board,
            stock: [[10 - ones.min(10), 10, 15], [0; 3]],
            side: 0,
            goal: 0,
        }
    } else {
        let items = item.list();
        BlokusPos {
            solo: true,
            variant: "2021".into(),
            board: board_of(&items[0]),
            stock: [[10, 10, 15], [0; 3]],
            side: 0,
            goal: items[1].number().unwrap(),
        }
    }
}

/// The seeded starts (documentation of `tabula::games::blokus::random`).
pub fn random(solo: bool, seed: u64) -> BlokusPos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    if !solo {
        let mut pos = BlokusPos::start("2021");
        let k = 2 + 2 * (rng.next_u64() % 3);
        for _ in 0..k {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let i = (rng.next_u64() % moves.len() as u64) as usize;
            pos.play(&moves[i].clone());
        }
        return pos;
    }
    let mut board = vec![vec![0u8; N]; N];
    for s in 0..N * N {
        if rng.next_u64() % 4 == 0 && s != 0 {
            board[s / N][s % N] = 2;
        }
    }
    let goal = 12 + (rng.next_u64() % 25) as u32;
    BlokusPos {
        solo: true,
        variant: "2021".into(),
        board,
        stock: [[10, 10, 15], [0; 3]],
        side: 0,
        goal,
    }
}

/// The rules the Blokus perft data must exercise ([`BlokusPos::features`]).
pub const RULES: &[&str] = &[
    "piece a",
    "piece b",
    "piece c1",
    "piece c2",
    "piece x",
    "first piece on a start corner",
    "last piece of a kind",
    "edge shared with another square",
    "pass",
    "pass forced next",
    "game over",
];
