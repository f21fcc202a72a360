//! The text board of Blokus ([`Render`], [`PersonPlay`]): the 14 × 14
//! board with the column letters `a`..`n` and row numbers `1`..`14`, the
//! players' squares `1` and `2` (in colours on a terminal), `.` an empty
//! square, and the stocks beside it. On a person's board the squares of
//! the last piece are drawn `[1]` (plain text) and marked [`Mark::Last`],
//! and the reference squares of the legal placements `+`.

use super::{BlokusBoard, Piece, Placement, Player, Variant, SIZE};
use crate::game::{Game, Mark, Marks, PersonPlay, Render};
use std::fmt::Write;

impl<const SOLO: bool> BlokusBoard<SOLO> {
    /// The stock lines shown beside the board.
    fn stock_lines(&self) -> Vec<String> {
        let names = match self.variant() {
            Variant::V2021 => ["a (1x1)", "b (2x2)", "c (S)"],
            Variant::V2017 => ["a (1x1)", "b (2x2)", "x (cross)"],
        };
        let mut lines = vec![format!("variant {}", self.variant().as_str())];
        let players: &[Player] = if SOLO {
            &[Player::One]
        } else {
            &[Player::One, Player::Two]
        };
        for &p in players {
            let s = self.stock(p);
            let who = if SOLO {
                "stock".to_string()
            } else {
                format!("player {} stock", p.index() + 1)
            };
            lines.push(format!("{who}:"));
            for k in 0..3 {
                lines.push(format!("  {:<10} {:>2}", names[k], s[k]));
            }
            if !SOLO {
                lines.push(format!(
                    "  placed {} squares, {} left",
                    self.squares(p),
                    self.squares_left(p)
                ));
            }
        }
        if SOLO {
            match self.variant() {
                Variant::V2021 => lines.push(format!(
                    "goal: {} squares of 1 (now {})",
                    self.goal(),
                    self.squares(Player::One)
                )),
                Variant::V2017 => lines.push("goal: a dead end (no piece fits)".to_string()),
            }
        }
        lines
    }

    fn header() -> String {
        let mut out = String::from("    ");
        for c in 0..SIZE {
            let _ = write!(out, " {} ", (b'a' + c as u8) as char);
        }
        out
    }
}

impl<const SOLO: bool> Render for BlokusBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1 (1, from a1)", "player 2 (2, from n14)"];

    fn board_lines(&self) -> Vec<String> {
        let side = self.stock_lines();
        let mut lines = vec![Self::header()];
        for r in 0..SIZE {
            let mut line = format!("{:>3} ", r + 1);
            for c in 0..SIZE {
                let ch = match self.cell(r * SIZE + c) {
                    0 => '.',
                    1 => '1',
                    _ => '2',
                };
                let _ = write!(line, " {ch} ");
            }
            if let Some(s) = side.get(r) {
                let _ = write!(line, "   {s}");
            }
            lines.push(line);
        }
        lines
    }

    /// The rows of `0`/`1`/`2` as in the position string, with the column
    /// letters and row numbers, and the stocks.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        let mut out = String::from("    ");
        for c in 0..SIZE {
            out.push((b'a' + c as u8) as char);
        }
        out.push('\n');
        for r in 0..SIZE {
            let _ = write!(out, "{:>3} ", r + 1);
            for c in 0..SIZE {
                out.push((b'0' + self.cell(r * SIZE + c)) as char);
            }
            out.push('\n');
        }
        for s in self.stock_lines() {
            let _ = writeln!(out, "    {s}");
        }
        out
    }

    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let mut last = [false; SIZE * SIZE];
        let mut last_text = None;
        if let Some((_, mv)) = marks.last {
            for s in mv.cells() {
                last[s] = true;
            }
            last_text = Some(mv.to_string());
        }
        let mut legal = [false; SIZE * SIZE];
        for mv in marks.legal {
            if !mv.is_pass() {
                legal[mv.square as usize] = true;
            }
        }
        let side = self.stock_lines();
        let mut out = Self::header();
        out.push('\n');
        for r in 0..SIZE {
            let _ = write!(out, "{:>3} ", r + 1);
            for c in 0..SIZE {
                let s = r * SIZE + c;
                let v = self.cell(s);
                let text = match (v, last[s]) {
                    (0, _) if legal[s] => " + ".to_string(),
                    (0, _) => " . ".to_string(),
                    (v, true) => format!("[{v}]"),
                    (v, false) => format!(" {v} "),
                };
                let mark = match v {
                    _ if last[s] => Some(Mark::Last),
                    0 if legal[s] => Some(Mark::Legal),
                    1 => Some(Mark::Player(Player::One)),
                    2 if !SOLO => Some(Mark::Player(Player::Two)),
                    2 => Some(Mark::Removed),
                    _ => None,
                };
                match mark {
                    Some(m) => out.push_str(&paint(&text, m)),
                    None => out.push_str(&text),
                }
            }
            if let Some(s) = side.get(r) {
                let _ = write!(out, "   {s}");
            }
            out.push('\n');
        }
        if let Some(t) = last_text {
            let _ = writeln!(out, "    last move: {t} ([ ] its squares)");
        }
        if !marks.legal.is_empty() {
            let _ = writeln!(out, "    + a reference square of a legal placement");
        }
        out
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
    }
}

/// `arbiter play`: the notation (`c1@d5`), a piece and a square (`c1 d5`),
/// or the course's `(peca-c-1 4 3)` / `(cruz 7 0)`, 0-based row and column.
impl<const SOLO: bool> PersonPlay for BlokusBoard<SOLO> {
    const MOVE_HELP: &'static str =
        "  c1@d5       a piece at its reference square (the topmost of its leftmost cells)\n\
         \x20 c1 d5       the same: a piece, then a square a1..n14 (columns a-n, rows 1-14 down)\n\
         \x20             pieces: a 1x1, b 2x2, c1 S lying, c2 S standing (2021), x cross (2017)\n\
         \x20 (peca-c-1 4 3)  the course's operator, 0-based row and column (2017: pequena,\n\
         \x20             media, cruz)\n\
         \x20 pass        only when you cannot place and the opponent can\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = Some(["square", "squares"]);

    const NORMAL_END: &'static str = "neither player can place a piece";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        const HOW: &str = "a move is a piece and a square: c1@d5, c1 d5 (pieces a, b, c1, c2, x; \
                           squares a1..n14), (peca-c-1 4 3), or pass";
        match words {
            [w] => Ok(w.to_ascii_lowercase()),
            [p, s] => {
                let piece = Piece::parse(p).ok_or_else(|| format!("no piece '{p}': {HOW}"))?;
                super::parse_square(s).ok_or_else(|| format!("no square '{s}': {HOW}"))?;
                Ok(format!("{}@{}", piece.name(), s.to_ascii_lowercase()))
            }
            [op, r, c] => {
                let sexp = crate::lisp::read_all(&format!("({op} {r} {c})"))
                    .ok()
                    .and_then(|v| v.into_iter().next())
                    .ok_or_else(|| HOW.to_string())?;
                let mv: Placement =
                    super::lisp::move_from_lisp(&sexp).map_err(|e| format!("{e}: {HOW}"))?;
                let _ = self.side_to_move();
                Ok(mv.to_string())
            }
            _ => Err(HOW.into()),
        }
    }
}

#[cfg(test)]
mod person_tests {
    use super::*;
    use crate::games::Blokus;

    #[test]
    fn a_person_types_the_notation_a_piece_and_a_square_or_the_operator() {
        let pos = Blokus::start(Variant::V2021);
        let read = |words: &[&str]| pos.person_move(words);
        assert_eq!(read(&["B@A1"]), Ok("b@a1".into()));
        assert_eq!(read(&["c2", "a1"]), Ok("c2@a1".into()));
        assert_eq!(read(&["peca-c-1", "4", "3"]), Ok("c1@d5".into()));
        assert_eq!(read(&["cruz", "7", "0"]), Ok("x@a8".into()));
        assert!(read(&["z", "a1"]).is_err());
        assert!(read(&["a", "p1"]).is_err());
        let lines = pos.board_lines();
        assert_eq!(lines.len(), 15);
        assert!(lines[2].contains("player 1 stock"), "{lines:?}");
    }
}
