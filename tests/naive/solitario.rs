//! The naive Solitário (`solitario`, `solitario-solo`), straight from
//! `rules/solitario.md` and the position strings of `spec/interface.md`:
//! the board is 7 rows of 7 characters (`x`, `0`, `1`, `2`), moves are
//! strings, every rule a plain loop.

use super::{read_lisp, Lisp};
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const DAT: &str = include_str!("../../data/problems/solitario.dat");

/// Right, left, up, down (the operators' order).
const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoliPos {
    pub solo: bool,
    /// `cells[row][column]`: 'x', '0', '1', '2'.
    pub cells: Vec<Vec<char>>,
    /// 0 or 1 (the duel).
    pub side: usize,
    pub ply: u32,
    /// Pegs to leave (the puzzle).
    pub target: u32,
    /// `NoMove = pass`.
    pub pass_rule: bool,
    /// `LimitResult = material`.
    pub material: bool,
}

fn is_hole(r: i32, c: i32) -> bool {
    (0..7).contains(&r) && (0..7).contains(&c) && ((2..=4).contains(&r) || (2..=4).contains(&c))
}

pub fn square(r: i32, c: i32) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

fn parse_square(s: &str) -> Option<(i32, i32)> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let (c, r) = (b[0] as i32 - 'a' as i32, b[1] as i32 - '1' as i32);
    is_hole(r, c).then_some((r, c))
}

impl SoliPos {
    pub fn start_duel() -> SoliPos {
        let mut cells = vec![vec!['x'; 7]; 7];
        for r in 0..7 {
            for c in 0..7 {
                if is_hole(r, c) {
                    cells[r as usize][c as usize] = match r {
                        0 | 1 => '1',
                        5 | 6 => '2',
                        _ => '0',
                    };
                }
            }
        }
        SoliPos {
            solo: false,
            cells,
            side: 0,
            ply: 0,
            target: 1,
            pass_rule: false,
            material: false,
        }
    }

    fn at(&self, r: i32, c: i32) -> char {
        if is_hole(r, c) {
            self.cells[r as usize][c as usize]
        } else {
            'x'
        }
    }

    fn count(&self, ch: char) -> u32 {
        self.cells.iter().flatten().filter(|&&x| x == ch).count() as u32
    }

    /// The winner by the start holes: player 1 on rows 6–7, player 2 on
    /// rows 1–2 (columns c–e); the player who moved last first.
    fn home_winner(&self) -> Option<usize> {
        if self.solo {
            return None;
        }
        let mut p1 = false;
        let mut p2 = false;
        for c in 2..5 {
            for r in [5, 6] {
                p1 |= self.at(r, c) == '1';
            }
            for r in [0, 1] {
                p2 |= self.at(r, c) == '2';
            }
        }
        match (p1, p2) {
            (true, true) => Some(1 - self.side),
            (true, false) => Some(0),
            (false, true) => Some(1),
            _ => None,
        }
    }

    /// The moves of `side`, pass and the end of the game aside.
    fn moves_of(&self, side: usize) -> Vec<String> {
        let me = if side == 0 { '1' } else { '2' };
        let enemy = if self.solo {
            '1'
        } else if side == 0 {
            '2'
        } else {
            '1'
        };
        let mut out = Vec::new();
        for r in 0..7 {
            for c in 0..7 {
                if self.at(r, c) != me {
                    continue;
                }
                if !self.solo {
                    for (dr, dc) in DIRS {
                        if self.at(r + dr, c + dc) == '0' {
                            out.push(format!("{}-{}", square(r, c), square(r + dr, c + dc)));
                        }
                    }
                }
                for (dr, dc) in DIRS {
                    if self.at(r + dr, c + dc) == enemy && self.at(r + 2 * dr, c + 2 * dc) == '0' {
                        out.push(format!(
                            "{}-{}",
                            square(r, c),
                            square(r + 2 * dr, c + 2 * dc)
                        ));
                    }
                }
            }
        }
        out
    }

    /// The duel's result: 0 player 1 wins, 1 player 2 wins, 2 a draw.
    pub fn result(&self) -> Option<usize> {
        if self.solo {
            return None;
        }
        if let Some(p) = self.home_winner() {
            return Some(p);
        }
        if self.ply >= 150 {
            if !self.material {
                return Some(2);
            }
            let (a, b) = (self.count('1'), self.count('2'));
            return Some(if a > b {
                0
            } else if b > a {
                1
            } else {
                2
            });
        }
        if !self.moves_of(self.side).is_empty() {
            return None;
        }
        if !self.pass_rule {
            return Some(1 - self.side);
        }
        if self.moves_of(1 - self.side).is_empty() {
            Some(2)
        } else {
            None
        }
    }

    pub fn legal_moves(&self) -> Vec<String> {
        if self.solo {
            return self.moves_of(0);
        }
        if self.result().is_some() {
            return Vec::new();
        }
        let moves = self.moves_of(self.side);
        if moves.is_empty() {
            return vec!["pass".to_string()];
        }
        moves
    }

    pub fn play(&mut self, mv: &str) -> bool {
        if !self.legal_moves().iter().any(|m| m == mv) {
            return false;
        }
        if mv != "pass" {
            let (a, b) = mv.split_once('-').unwrap();
            let (fr, fc) = parse_square(a).unwrap();
            let (tr, tc) = parse_square(b).unwrap();
            let peg = self.cells[fr as usize][fc as usize];
            self.cells[fr as usize][fc as usize] = '0';
            self.cells[tr as usize][tc as usize] = peg;
            if (fr - tr).abs() == 2 || (fc - tc).abs() == 2 {
                self.cells[((fr + tr) / 2) as usize][((fc + tc) / 2) as usize] = '0';
            }
        }
        if !self.solo {
            self.side = 1 - self.side;
            self.ply += 1;
        }
        true
    }

    pub fn scores(&self) -> [u32; 2] {
        if self.solo {
            return [u32::from(self.count('1') <= self.target), 0];
        }
        match self.result() {
            Some(0) => [100, 0],
            Some(1) => [0, 100],
            _ => [0, 0],
        }
    }

    fn rows(&self) -> String {
        self.cells
            .iter()
            .map(|row| row.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    }

    pub fn fen(&self) -> String {
        if self.solo {
            let t = if self.target == 1 {
                String::new()
            } else {
                format!(" {}", self.target)
            };
            return format!("solitario-solo {}{t}", self.rows());
        }
        let mut out = format!("solitario {} {} {}", self.rows(), self.side + 1, self.ply);
        if self.pass_rule {
            out.push_str(" pass");
        }
        if self.material {
            out.push_str(" material");
        }
        out
    }

    /// The board up to the 8 symmetries (the puzzle's hash covers that):
    /// the least of the 8 images' strings.
    pub fn canonical_rows(&self) -> String {
        let mut best: Option<String> = None;
        for s in 0..8 {
            let mut rows = Vec::new();
            for r in 0..7 {
                let mut row = String::new();
                for c in 0..7 {
                    // The cell that lands on (r, c) under symmetry s.
                    let (mut y, mut x) = (r, c);
                    if s & 2 != 0 {
                        y = 6 - y;
                    }
                    if s & 1 != 0 {
                        x = 6 - x;
                    }
                    if s & 4 != 0 {
                        std::mem::swap(&mut y, &mut x);
                    }
                    row.push(self.cells[y][x]);
                }
                rows.push(row);
            }
            let text = rows.join("/");
            if best.as_ref().is_none_or(|b| text < *b) {
                best = Some(text);
            }
        }
        best.unwrap()
    }

    pub fn hash_key(&self) -> String {
        if self.solo {
            self.canonical_rows()
        } else {
            format!("{} {}", self.rows(), self.side)
        }
    }

    pub fn every_move_name() -> Vec<String> {
        let mut out = Vec::new();
        for r in 0..7 {
            for c in 0..7 {
                if !is_hole(r, c) {
                    continue;
                }
                for (dr, dc) in DIRS {
                    for k in 1..=2 {
                        if is_hole(r + k * dr, c + k * dc) {
                            out.push(format!(
                                "{}-{}",
                                square(r, c),
                                square(r + k * dr, c + k * dc)
                            ));
                        }
                    }
                }
            }
        }
        out
    }

    /// The rules a move exercises.
    pub fn features(&self, mv: &str, after: &SoliPos) -> Vec<&'static str> {
        let mut out = Vec::new();
        if mv == "pass" {
            out.push("pass");
            return out;
        }
        let (a, b) = mv.split_once('-').unwrap();
        let (fr, fc) = parse_square(a).unwrap();
        let (tr, tc) = parse_square(b).unwrap();
        let jump = (fr - tr).abs() == 2 || (fc - tc).abs() == 2;
        out.push(match (self.solo, jump) {
            (true, _) => "jump",
            (false, true) => "capture",
            (false, false) => "step",
        });
        if !self.solo {
            if (fr - tr) * if self.side == 0 { 1 } else { -1 } > 0 {
                out.push("step backwards");
            }
            match after.result() {
                Some(p) if after.home_winner() == Some(p) => out.push(if jump {
                    "win by a capture"
                } else {
                    "win by a step"
                }),
                Some(_) if after.ply >= 150 => out.push(if after.material {
                    "material at the limit"
                } else {
                    "draw at the limit"
                }),
                Some(2) => out.push("neither side can move"),
                Some(_) => out.push("no move loses"),
                None => {}
            }
            if !after.legal_moves().is_empty() && after.legal_moves()[0] == "pass" {
                out.push("pass forced next");
            }
        } else if after.count('1') == 1 {
            out.push("one peg left");
        }
        out
    }

    pub const RULES: &'static [&'static str] = &[
        "jump",
        "step",
        "step backwards",
        "capture",
        "win by a step",
        "win by a capture",
        "no move loses",
        "pass",
        "draw at the limit",
        "material at the limit",
        "one peg left",
        "game over",
    ];
}

fn parse_rows(text: &str, solo: bool) -> Result<Vec<Vec<char>>, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 7 {
        return Err("7 rows".into());
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let row: Vec<char> = row.chars().map(|c| c.to_ascii_lowercase()).collect();
        if row.len() != 7 {
            return Err("7 cells".into());
        }
        for (c, &ch) in row.iter().enumerate() {
            let hole = is_hole(r as i32, c as i32);
            let ok = match ch {
                'x' => !hole,
                '0' | '1' => hole,
                '2' => hole && !solo,
                _ => false,
            };
            if !ok {
                return Err(format!("bad cell {ch}"));
            }
        }
        cells.push(row);
    }
    Ok(cells)
}

pub fn parse_fen(fields: &[&str], solo: bool) -> Result<SoliPos, String> {
    let cells = parse_rows(fields.get(1).ok_or("no board")?, solo)?;
    let mut pos = SoliPos {
        solo,
        cells,
        side: 0,
        ply: 0,
        target: 1,
        pass_rule: false,
        material: false,
    };
    if solo {
        if let Some(t) = fields.get(2) {
            pos.target = t.parse().map_err(|_| "target")?;
        }
        if fields.len() > 3 || !(1..=33).contains(&pos.target) {
            return Err("target".into());
        }
        return Ok(pos);
    }
    let mut rest = fields[2..].iter();
    if let Some(s) = rest.next() {
        pos.side = match *s {
            "1" => 0,
            "2" => 1,
            _ => return Err("side".into()),
        };
    }
    if let Some(p) = rest.next() {
        pos.ply = p.parse().map_err(|_| "ply")?;
    }
    for w in rest {
        match *w {
            "pass" => pos.pass_rule = true,
            "material" => pos.material = true,
            _ => return Err("extra field".into()),
        }
    }
    Ok(pos)
}

/// Problem `index` (0-based) of the course's file.
pub fn problem(index: usize) -> SoliPos {
    let all = read_lisp(DAT);
    let cells = all[index]
        .list()
        .iter()
        .map(|row| {
            row.list()
                .iter()
                .map(|cell| match cell {
                    Lisp::Atom(a) if a == "NIL" => 'x',
                    other => char::from_digit(other.number().unwrap(), 10).unwrap(),
                })
                .collect()
        })
        .collect();
    SoliPos {
        solo: true,
        cells,
        side: 0,
        ply: 0,
        target: 1,
        pass_rule: false,
        material: false,
    }
}

/// `random solitario <seed>` (documentation of
/// `tabula::games::solitario::random`): 2 + 2 × (rng % 4) plies from the
/// start, each the rng % m-th of the m moves after which the game goes on
/// and the player then to move cannot reach the opponent's start holes.
pub fn random(seed: u64) -> SoliPos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = SoliPos::start_duel();
    let k = 2 + 2 * (rng.next_u64() % 4);
    for _ in 0..k {
        let quiet: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                let mut after = pos.clone();
                after.play(mv);
                let wins = after.legal_moves().iter().any(|m| {
                    let mut next = after.clone();
                    next.play(m);
                    next.home_winner() == Some(after.side)
                });
                after.result().is_none() && !wins
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let i = (rng.next_u64() % quiet.len() as u64) as usize;
        pos.play(&quiet[i]);
    }
    pos
}
