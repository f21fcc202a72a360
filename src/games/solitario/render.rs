//! The text board of Solitário ([`Render`], [`PersonPlay`]): the cross
//! with its column letters `a`–`g` and row numbers `1`–`7` (row 1 on top,
//! player 1's start), the puzzle's pegs `o`, the duel's pegs `1` and `2`,
//! empty holes `.`, and blanks where the grid has no hole.

use super::{SoliBoard, DIRS, HOLES, JUMP_OPS, STEP_OPS};
use crate::game::GameMove;
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

impl<const SOLO: bool> SoliBoard<SOLO> {
    /// The character of cell `i`: ` ` (no hole), `.`, `o` (puzzle), `1`, `2`.
    fn glyph(&self, i: u8) -> char {
        if HOLES >> i & 1 == 0 {
            return ' ';
        }
        match self.cell(i) {
            0 => '.',
            _ if SOLO => 'o',
            1 => '1',
            _ => '2',
        }
    }
}

impl<const SOLO: bool> Render for SoliBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1 (pegs 1, top)", "player 2 (pegs 2, bottom)"];

    fn progress(&self) -> Option<String> {
        SOLO.then(|| {
            let (pegs, goal) = (self.peg_count(), self.peg_target());
            let s = if pegs == 1 { "" } else { "s" };
            format!(
                "{pegs} peg{s}, goal: {goal} left ({} to remove)",
                pegs.saturating_sub(goal)
            )
        })
    }

    fn board_lines(&self) -> Vec<String> {
        let mut lines = vec!["     a b c d e f g".to_string()];
        for r in 0..7u8 {
            let cells: Vec<String> = (0..7u8)
                .map(|c| self.glyph(7 * r + c).to_string())
                .collect();
            lines.push(format!("  {}  {}", r + 1, cells.join(" ")));
        }
        if SOLO {
            lines.push(format!(
                "  {} pegs, goal: {} left",
                self.peg_count(),
                self.peg_target()
            ));
        } else {
            let [a, b] = self.pegs();
            lines.push(format!(
                "  pegs: player 1 {}, player 2 {}; ply {} of {}",
                a.count_ones(),
                b.count_ones(),
                self.ply(),
                super::PLY_LIMIT
            ));
        }
        lines
    }

    /// The cross as a table: column letters, then each row with its number.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        let mut out = String::from("    ");
        for c in 0..7u8 {
            let _ = write!(out, "{:>2}", (b'a' + c) as char);
        }
        out.push('\n');
        for r in 0..7u8 {
            let _ = write!(out, "{:>3} ", r + 1);
            for c in 0..7u8 {
                let _ = write!(out, "{:>2}", self.glyph(7 * r + c));
            }
            out.push('\n');
        }
        out
    }

    /// The cross, three characters a hole: the pegs that may move marked,
    /// and the last move: `( )` the holes it emptied (the peg's origin and,
    /// for a jump, the peg taken), `[ ]` the hole the peg reached.
    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let movers: u64 = marks
            .legal
            .iter()
            .filter(|m| !m.is_pass())
            .fold(0, |acc, m| acc | 1 << m.from);
        let last = marks.last.filter(|(_, mv)| !mv.is_pass()).map(|(_, mv)| mv);
        let mut out = String::from("      a  b  c  d  e  f  g\n");
        for r in 0..7u8 {
            let _ = write!(out, "  {}  ", r + 1);
            for c in 0..7u8 {
                let i = 7 * r + c;
                let g = self.glyph(i);
                let (text, is_last) = match last {
                    Some(mv) if mv.to == i => (format!("[{g}]"), true),
                    Some(mv) if mv.from == i || (mv.is_jump() && mv.over() == i) => {
                        (format!("({g})"), true)
                    }
                    _ => (format!(" {g} "), false),
                };
                let cell = self.cell(i);
                if HOLES >> i & 1 == 0 {
                    out.push_str(&text);
                } else if movers >> i & 1 == 1 {
                    out.push_str(&paint(&text, Mark::Legal));
                } else if is_last {
                    out.push_str(&paint(&text, Mark::Last));
                } else if cell != 0 && !SOLO {
                    let p = if cell == 1 { Player::One } else { Player::Two };
                    out.push_str(&paint(&text, Mark::Player(p)));
                } else {
                    out.push_str(&text);
                }
            }
            out.push('\n');
        }
        match marks.last {
            Some((_, mv)) if mv.is_pass() => out.push_str("  last move: pass\n"),
            Some((_, mv)) => {
                let what = if mv.is_jump() {
                    if SOLO {
                        "( ) the holes emptied (origin and the peg jumped)"
                    } else {
                        "( ) the holes emptied (origin and the peg captured)"
                    }
                } else {
                    "( ) the hole left"
                };
                let _ = writeln!(
                    out,
                    "  last move {mv} {}: {what}, [ ] where it landed",
                    mv.to_lisp()
                );
            }
            None => {}
        }
        out
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
    }
}

/// `arbiter play`: `d2-d4`, `d2 d4`, or the course's `(operador linha
/// coluna)`: `(b 2 3)` = `c2-c3`, `cb 2 4` = `d2-d4` (rules §1.4).
impl<const SOLO: bool> PersonPlay for SoliBoard<SOLO> {
    const MOVE_HELP: &'static str =
        "  d2-d4     from-to: a jump over the hole between (d2 d4 works too)\n\
         \x20 d2-d3     a step to the next hole (the duel)\n\
         \x20 (cb 2 4)  the course's (operador linha coluna), 1-based, row first:\n\
         \x20           steps d e c b (right left up down), jumps cd ce cc cb\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = None;

    const NORMAL_END: &'static str = if SOLO {
        "no jump is left"
    } else {
        "a peg reached the opponent's start holes, a player could not move, or the ply limit"
    };

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        const HOW: &str = "a move is from-to (d2-d4, d2-d3) or (operador linha coluna) \
                           such as (b 2 3) or (cb 2 4)";
        match words {
            [w] => Ok(w.to_ascii_lowercase()),
            [a, b] if a.len() == 2 && b.len() == 2 => Ok(format!("{a}-{b}").to_ascii_lowercase()),
            [op, r, c] => {
                let op = op.to_ascii_lowercase();
                let (dir, k) = if let Some(d) = STEP_OPS.iter().position(|o| *o == op) {
                    (d, 1)
                } else if let Some(d) = JUMP_OPS.iter().position(|o| *o == op) {
                    (d, 2)
                } else {
                    return Err(HOW.into());
                };
                let (Ok(r), Ok(c)) = (r.parse::<i32>(), c.parse::<i32>()) else {
                    return Err(HOW.into());
                };
                let (tr, tc) = (r + DIRS[dir].0 as i32 * k, c + DIRS[dir].1 as i32 * k);
                let ok = |x: i32| (1..=7).contains(&x);
                if !(ok(r) && ok(c) && ok(tr) && ok(tc)) {
                    return Err(format!("({op} {r} {c}) leaves the board"));
                }
                let name = |r: i32, c: i32| format!("{}{}", (b'a' + (c - 1) as u8) as char, r);
                Ok(format!("{}-{}", name(r, c), name(tr, tc)))
            }
            _ => Err(HOW.into()),
        }
    }
}

/// The move of a person's typed `(operador linha coluna)`, for tests.
#[cfg(test)]
fn typed(pos: &super::Solitario, words: &[&str]) -> Option<super::Hop> {
    use crate::game::Game;
    pos.person_move(words)
        .ok()
        .and_then(|t| pos.parse_move(&t).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Solitario, SolitarioSolo};

    #[test]
    fn a_person_types_from_to_or_the_course_operators() {
        let pos = Solitario::start();
        assert_eq!(pos.person_move(&["b", "2", "3"]), Ok("c2-c3".into()));
        assert_eq!(pos.person_move(&["CB", "2", "4"]), Ok("d2-d4".into()));
        assert_eq!(pos.person_move(&["D2", "d3"]), Ok("d2-d3".into()));
        assert!(pos.person_move(&["c", "1", "3"]).is_err());
        assert!(pos.person_move(&["zz", "1", "3"]).is_err());
        assert_eq!(
            typed(&pos, &["b", "2", "4"]).map(|m| m.to_string()),
            Some("d2-d3".into())
        );
    }

    #[test]
    fn the_cross_is_drawn_and_the_last_jump_marked() {
        let start = SolitarioSolo::start();
        let lines = start.board_lines();
        assert_eq!(lines[1], "  1      o o o    ");
        assert_eq!(lines[4], "  4  o o o . o o o");
        let mv = start.parse_legal("d2-d4").unwrap();
        let mut after = start;
        after.play(mv).unwrap();
        let marks = Marks {
            legal: &[],
            owners: &[],
            last: Some((&start, mv)),
        };
        let board = after.person_board(&marks, &|t, _| t.to_string());
        assert!(board.contains("(.)(.)") || board.contains("(.)"), "{board}");
        assert!(board.contains("[o]"), "{board}");
        assert!(board.contains("last move d2-d4 (cb 2 4)"), "{board}");
        assert_eq!(
            after.record_board(&[]).lines().nth(4),
            Some("  4  o o o o o o o")
        );
    }
}
