//! The naive 3-D noughts and crosses (`galo3d`, `galo3d-solo`), straight
//! from `rules/galo3d.md`: the board is `cells[level][row][col]` of chars
//! (`'x'`, `'o'`, `'-'`), index 0 of each axis the first (level 0 = level 1,
//! the bottom); the 49 lines are found by walking every direction from
//! every cell, not copied from the library.

use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GaloPos {
    pub solo: bool,
    /// `cells[level - 1][row - 1][col]`.
    pub cells: [[[char; 3]; 3]; 3],
    /// The duel's symbol to move (`'x'` or `'o'`).
    pub side: char,
}

type Line = Vec<(usize, usize, usize)>;

/// Every line of three (computed once).
pub fn lines() -> &'static [Line] {
    static LINES: std::sync::OnceLock<Vec<Line>> = std::sync::OnceLock::new();
    LINES.get_or_init(find_lines)
}

/// Every line of three: from each cell, each of the 26 directions, three
/// cells on the board; each line kept once (as a sorted list of cells).
fn find_lines() -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for l in 0..3i32 {
        for r in 0..3i32 {
            for c in 0..3i32 {
                for dl in -1..=1i32 {
                    for dr in -1..=1i32 {
                        for dc in -1..=1i32 {
                            if (dl, dr, dc) == (0, 0, 0) {
                                continue;
                            }
                            let cells: Vec<(i32, i32, i32)> = (0..3)
                                .map(|k| (l + k * dl, r + k * dr, c + k * dc))
                                .collect();
                            if cells.iter().all(|&(a, b, d)| {
                                (0..3).contains(&a) && (0..3).contains(&b) && (0..3).contains(&d)
                            }) {
                                let mut line: Vec<(usize, usize, usize)> = cells
                                    .iter()
                                    .map(|&(a, b, d)| (a as usize, b as usize, d as usize))
                                    .collect();
                                line.sort_unstable();
                                if !out.contains(&line) {
                                    out.push(line);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// `b23` for level 3 (index 2), row 2 (index 1), column b (index 1).
pub fn cell_name(l: usize, r: usize, c: usize) -> String {
    format!("{}{}{}", (b'a' + c as u8) as char, r + 1, l + 1)
}

impl GaloPos {
    pub fn empty(solo: bool) -> GaloPos {
        GaloPos {
            solo,
            cells: [[['-'; 3]; 3]; 3],
            side: 'x',
        }
    }

    pub fn has_line(&self, s: char) -> bool {
        lines()
            .iter()
            .any(|line| line.iter().all(|&(l, r, c)| self.cells[l][r][c] == s))
    }

    pub fn over(&self) -> bool {
        self.has_line('x')
            || self.has_line('o')
            || self.cells.iter().flatten().flatten().all(|&x| x != '-')
    }

    /// Empty cells in reading order: level 3 first, rows 1-3, columns a-c;
    /// in the puzzle x then o on each.
    pub fn legal_moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.over() {
            return out;
        }
        for l in (0..3).rev() {
            for r in 0..3 {
                for c in 0..3 {
                    if self.cells[l][r][c] == '-' {
                        if self.solo {
                            out.push(format!("x@{}", cell_name(l, r, c)));
                            out.push(format!("o@{}", cell_name(l, r, c)));
                        } else {
                            out.push(cell_name(l, r, c));
                        }
                    }
                }
            }
        }
        out
    }

    pub fn play(&mut self, mv: &str) -> bool {
        if !self.legal_moves().iter().any(|m| m == mv) {
            return false;
        }
        let (symbol, name) = match mv.split_once('@') {
            Some((s, n)) => (s.chars().next().unwrap(), n),
            None => (self.side, mv),
        };
        let b = name.as_bytes();
        let (c, r, l) = (
            (b[0] - b'a') as usize,
            (b[1] - b'1') as usize,
            (b[2] - b'1') as usize,
        );
        self.cells[l][r][c] = symbol;
        if !self.solo {
            self.side = if self.side == 'x' { 'o' } else { 'x' };
        }
        true
    }

    /// The duel: 100 for the player with a line; the puzzle: 1 once a line stands.
    pub fn scores(&self) -> [u32; 2] {
        if self.solo {
            return [u32::from(self.has_line('x') || self.has_line('o')), 0];
        }
        if self.has_line('x') {
            [100, 0]
        } else if self.has_line('o') {
            [0, 100]
        } else {
            [0, 0]
        }
    }

    pub fn side_index(&self) -> usize {
        usize::from(self.side == 'o')
    }

    pub fn fen(&self) -> String {
        let levels: Vec<String> = (0..3)
            .rev()
            .map(|l| {
                (0..3)
                    .map(|r| self.cells[l][r].iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        if self.solo {
            format!("galo3d-solo {}", levels.join("/"))
        } else {
            format!("galo3d {} {}", levels.join("/"), self.side)
        }
    }

    pub fn every_move_name(&self) -> Vec<String> {
        let mut out = Vec::new();
        for l in 0..3 {
            for r in 0..3 {
                for c in 0..3 {
                    if self.solo {
                        out.push(format!("x@{}", cell_name(l, r, c)));
                        out.push(format!("o@{}", cell_name(l, r, c)));
                    } else {
                        out.push(cell_name(l, r, c));
                    }
                }
            }
        }
        out
    }

    /// The rules a move exercises.
    pub fn features(&self, mv: &str, out: &mut Vec<&'static str>) {
        let mut after = self.clone();
        assert!(after.play(mv));
        let line = |p: &GaloPos, s: char| p.has_line(s);
        if self.solo {
            if line(&after, 'o') {
                out.push("line of o");
            }
            if line(&after, 'x') {
                out.push("line of x");
            }
            return;
        }
        if line(&after, 'x') || line(&after, 'o') {
            out.push(if self.side == 'x' {
                "x completes a line"
            } else {
                "o completes a line"
            });
        } else if after.over() {
            out.push("full board without a line");
        }
        // A move that blocks: the opponent had two on a line through the cell.
        let other = if self.side == 'x' { 'o' } else { 'x' };
        let b = mv.as_bytes();
        let (c, r, l) = (
            (b[0] - b'a') as usize,
            (b[1] - b'1') as usize,
            (b[2] - b'1') as usize,
        );
        if lines().iter().any(|line| {
            line.contains(&(l, r, c))
                && line
                    .iter()
                    .filter(|&&(a, bb, d)| self.cells[a][bb][d] == other)
                    .count()
                    == 2
        }) {
            out.push("block");
        }
    }
}

/// Reads `galo3d <l3>/<l2>/<l1> <side>` or `galo3d-solo <l3>/<l2>/<l1>`.
pub fn parse_fen(fields: &[&str], solo: bool) -> Result<GaloPos, String> {
    if fields.len() != if solo { 2 } else { 3 } {
        return Err("wrong number of fields".into());
    }
    let mut pos = GaloPos::empty(solo);
    let levels: Vec<&str> = fields[1].split('/').collect();
    if levels.len() != 3 {
        return Err("3 levels".into());
    }
    for (k, level) in levels.iter().enumerate() {
        let rows: Vec<&str> = level.split(',').collect();
        if rows.len() != 3 {
            return Err("3 rows".into());
        }
        for (r, row) in rows.iter().enumerate() {
            let chars: Vec<char> = row.chars().collect();
            if chars.len() != 3 {
                return Err("3 cells".into());
            }
            for (c, ch) in chars.iter().enumerate() {
                pos.cells[2 - k][r][c] = match ch {
                    'x' | 'X' => 'x',
                    'o' | 'O' | '0' => 'o',
                    '-' => '-',
                    _ => return Err(format!("bad cell {ch}")),
                };
            }
        }
    }
    if !solo {
        pos.side = match fields[2] {
            "x" | "X" => 'x',
            "o" | "O" | "0" => 'o',
            _ => return Err("bad side".into()),
        };
        if pos.has_line('x') && pos.has_line('o') {
            return Err("two lines".into());
        }
    }
    Ok(pos)
}

/// The empty cells that would complete a line of `s`.
fn threat_cells(p: &GaloPos, s: char) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    for line in lines() {
        let mine = line
            .iter()
            .filter(|&&(l, r, c)| p.cells[l][r][c] == s)
            .count();
        let empty: Vec<_> = line
            .iter()
            .filter(|&&(l, r, c)| p.cells[l][r][c] == '-')
            .copied()
            .collect();
        if mine == 2 && empty.len() == 1 && !out.contains(&empty[0]) {
            out.push(empty[0]);
        }
    }
    out
}

/// Can `s` make two threats with one move?
fn can_fork(p: &GaloPos, s: char) -> bool {
    for l in 0..3 {
        for r in 0..3 {
            for c in 0..3 {
                if p.cells[l][r][c] == '-' {
                    let mut q = p.clone();
                    q.cells[l][r][c] = s;
                    if threat_cells(&q, s).len() >= 2 {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The seeded opening (the documentation of `tabula::games::galo3d::random`):
/// 2 + next % 3 plies, each the next % m-th of the m moves after which no
/// symbol has two on a line with the third cell empty and the next player
/// cannot fork.
pub fn random(solo: bool, seed: u64) -> GaloPos {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut pos = GaloPos::empty(false);
    let k = 2 + rng.next_u64() % 3;
    for _ in 0..k {
        let quiet: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .filter(|m| {
                let mut a = pos.clone();
                a.play(m);
                threat_cells(&a, 'x').is_empty()
                    && threat_cells(&a, 'o').is_empty()
                    && !can_fork(&a, a.side)
            })
            .collect();
        if quiet.is_empty() {
            break;
        }
        let i = (rng.next_u64() % quiet.len() as u64) as usize;
        pos.play(&quiet[i]);
    }
    pos.solo = solo;
    if solo {
        pos.side = 'x';
    }
    pos
}
