//! The text board of 3-D noughts and crosses ([`Render`]): the three levels
//! side by side, level 3 (the top board) on the left as in the position
//! string, `x`, `o` and `.` for an empty cell.

use super::{cell, cell_name, Galo, Symbol};
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

fn letter(s: Option<Symbol>) -> &'static str {
    match s {
        Some(Symbol::X) => "x",
        Some(Symbol::O) => "o",
        None => ".",
    }
}

impl<const SOLO: bool> Render for Galo<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["X (player 1)", "O (player 2)"];

    fn board_lines(&self) -> Vec<String> {
        let mut lines = vec!["   level 3    level 2    level 1".to_string()];
        lines.push("   a b c      a b c      a b c".to_string());
        for r in 0..3 {
            let mut line = String::new();
            for k in 0..3 {
                let cells: Vec<&str> = (0..3)
                    .map(|c| letter(self.at(cell(c, r, 2 - k) as u8)))
                    .collect();
                let _ = write!(line, "{}  {}  ", r + 1, cells.join(" "));
            }
            lines.push(line.trim_end().to_string());
        }
        lines.push("cells: column a-c, row 1-3, level 1-3 (b22 = the centre)".to_string());
        lines
    }

    /// The cells of the position string's board field, one level a block.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        self.board_lines()[..5].join("\n") + "\n"
    }

    /// The levels side by side; an empty cell where the side to move may
    /// play is `·`-marked, the last move's symbol is capitalised and marked.
    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let last = marks.last.map(|(_, m)| m.cell);
        let mut out = String::from("    level 3      level 2      level 1\n");
        out.push_str("    a  b  c      a  b  c      a  b  c\n");
        for r in 0..3 {
            let _ = write!(out, "{:>2}  ", r + 1);
            for k in 0..3 {
                for c in 0..3 {
                    let i = cell(c, r, 2 - k) as u8;
                    let text = match self.at(i) {
                        Some(s) if last == Some(i) => {
                            paint(&format!("{}*", letter(Some(s)).to_uppercase()), Mark::Last) + " "
                        }
                        Some(s) => {
                            let p = if s == Symbol::X {
                                Player::One
                            } else {
                                Player::Two
                            };
                            paint(letter(Some(s)), Mark::Player(p)) + "  "
                        }
                        None if marks.legal.iter().any(|m| m.cell == i) => {
                            paint(".", Mark::Legal) + "  "
                        }
                        None => "   ".to_string(),
                    };
                    out.push_str(&text);
                }
                out.push_str("   ");
            }
            out = out.trim_end().to_string();
            out.push('\n');
        }
        if let Some(c) = last {
            let _ = writeln!(out, "    * the last move ({})", cell_name(c));
        }
        out
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
    }
}

/// `arbiter play`: a cell (`b22`), or the students' `(x y z)` = row,
/// column, level (`2 1 3` = `a23`); the puzzle's symbol first (`x b22`).
impl<const SOLO: bool> PersonPlay for Galo<SOLO> {
    const MOVE_HELP: &'static str =
        "  b22       a cell: column a-c, row 1-3, level 1-3 (level 3 is the top board)\n\
         \x20 2 1 3     row, column and level numbers, as the students' (x y z): a23\n\
         \x20 x@b22     (the puzzle) the symbol and the cell; also x b22\n\
         \x20           Complete a line of three of your symbol and you win.\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = None;

    const NORMAL_END: &'static str = "a line of three is complete";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        const HOW: &str = "a move is a cell (b22: column, row, level) or row, column and level \
                           numbers (2 1 3)";
        let numbers = |w: &[&str]| -> Result<String, String> {
            let n: Vec<u8> = w.iter().filter_map(|x| x.parse().ok()).collect();
            if n.len() != 3 || n.iter().any(|&v| !(1..=3).contains(&v)) {
                return Err(HOW.into());
            }
            Ok(format!("{}{}{}", (b'a' + n[1] - 1) as char, n[0], n[2]))
        };
        match words {
            [w] => Ok(w.to_string()),
            [s, c] if SOLO => Ok(format!("{s}@{c}")),
            [r, c, l] if !SOLO => numbers(&[r, c, l]),
            [s, r, c, l] if SOLO => Ok(format!("{s}@{}", numbers(&[r, c, l])?)),
            _ => Err(HOW.into()),
        }
    }
}

#[cfg(test)]
mod person_tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Galo3d, Galo3dSolo};

    #[test]
    fn a_person_types_a_cell_or_the_students_numbers() {
        let pos = Galo3d::empty();
        assert_eq!(pos.person_move(&["B22"]), Ok("B22".into()));
        assert_eq!(pos.person_move(&["2", "1", "3"]), Ok("a23".into()));
        assert!(pos.parse_legal("a23").is_ok());
        assert!(pos.person_move(&["4", "1", "3"]).is_err());
        let solo = Galo3dSolo::empty();
        assert_eq!(solo.person_move(&["o", "b22"]), Ok("o@b22".into()));
        assert!(solo.parse_legal("o@b22").is_ok());
        let lines = pos.board_lines();
        assert_eq!(lines.len(), 6);
    }
}
