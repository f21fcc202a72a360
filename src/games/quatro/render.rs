//! The text board of Quatro ([`Render`]): each square's piece as its four
//! letters (`brao`), `....` for an empty square, the reserve below, and the
//! letters' key.

use super::{piece_str, QuatroBoard};
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

impl<const SOLO: bool> Render for QuatroBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1", "player 2"];

    fn board_lines(&self) -> Vec<String> {
        let mut lines = vec![format!("   {}", header())];
        for r in 0..4u8 {
            let cells: Vec<String> = (0..4u8)
                .map(|c| self.at(4 * r + c).map_or("....".to_string(), piece_str))
                .collect();
            lines.push(format!("{:>2}  {}", r + 1, cells.join(" ")));
        }
        lines.push(reserve_line(self));
        lines.push(KEY.to_string());
        lines
    }

    /// The cells of the position string's board field.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        let fen = crate::game::Game::fen(self);
        crate::game::traits::cells_table(fen.split_whitespace().nth(1).unwrap_or(""))
    }

    /// The board with the empty squares where a legal placement goes marked
    /// `·`, the reserve and the key.
    /// The last placement's piece is drawn with `*` marks (`*prao`).
    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let legal = marks.legal;
        let last = marks.last.map(|(_, m)| m.square);
        let mut out = format!("     {}\n", header());
        for r in 0..4u8 {
            let _ = write!(out, "{:>3}  ", r + 1);
            for c in 0..4u8 {
                let s = 4 * r + c;
                let cell = match self.at(s) {
                    Some(p) if last == Some(s) => paint(&format!("{}*", piece_str(p)), Mark::Last),
                    Some(p) => piece_str(p) + " ",
                    None if legal.iter().any(|m| m.square == s) => paint(" .. ", Mark::Legal) + " ",
                    None => "     ".to_string(),
                };
                out.push_str(&cell);
            }
            out.push('\n');
        }
        let _ = writeln!(out, "     {}", reserve_line(self));
        let _ = writeln!(out, "     {KEY}");
        if last.is_some() {
            let _ = writeln!(out, "     * the piece placed last");
        }
        out
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
    }
}

fn header() -> String {
    ["a", "b", "c", "d"]
        .iter()
        .map(|c| format!(" {c}  "))
        .collect::<Vec<_>>()
        .join(" ")
        .trim_end()
        .to_string()
}

const KEY: &str = "pieces: [b]ranca/[p]reta [r]edonda/[q]uadrada [a]lta/[b]aixa [o]ca/[c]heia";

fn reserve_line<const SOLO: bool>(pos: &QuatroBoard<SOLO>) -> String {
    let names: Vec<String> = pos.reserve().iter().map(|&p| piece_str(p)).collect();
    if names.is_empty() {
        "reserve: empty".to_string()
    } else {
        format!("reserve ({}): {}", names.len(), names.join(" "))
    }
}

/// `arbiter play`: a piece and a square (`brao@c3`, `brao c3`) or the
/// course's operator `(x y (cor forma altura densidade))`, x the column and
/// y the row (rules §5.2).
impl<const SOLO: bool> PersonPlay for QuatroBoard<SOLO> {
    const MOVE_HELP: &'static str =
        "  brao@c3   a piece and an empty square; the piece is its four letters:\n\
         \x20           colour b/p, shape r/q (redonda/quadrada), height a/b (alta/baixa),\n\
         \x20           fill o/c (oca/cheia); the square is column a-d then row 1-4\n\
         \x20 brao c3   the same with a space\n\
         \x20 (3 2 (preta quadrada baixa cheia))  the course's operator: column, row, piece\n\
         \x20           Complete a line of four pieces that share a value and you win.\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = None;

    const NORMAL_END: &'static str = "a line of four shares a value, or the board is full";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        const HOW: &str = "a move is a piece and a square: brao@c3 (colour b/p, shape r/q, \
                           height a/b, fill o/c), or (3 2 (preta quadrada baixa cheia))";
        match words {
            [w] => Ok(w.to_string()),
            [piece, square] => Ok(format!("{piece}@{square}")),
            [x, y, attributes @ ..] if attributes.len() == 4 => {
                let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else {
                    return Err(HOW.into());
                };
                if !(1..=4).contains(&x) || !(1..=4).contains(&y) {
                    return Err(format!("no square at column {x}, row {y}"));
                }
                // Each attribute's first letter is its notation letter.
                let piece: String = attributes.iter().filter_map(|a| a.chars().next()).collect();
                Ok(format!("{piece}@{}{y}", (b'a' + x - 1) as char))
            }
            _ => Err(HOW.into()),
        }
    }
}

#[cfg(test)]
mod person_tests {
    use super::*;
    use crate::game::Game;
    use crate::games::Quatro;

    #[test]
    fn a_person_types_a_piece_and_a_square_or_the_course_operator() {
        let pos = Quatro::from_fen("quatro -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 1").unwrap();
        let read = |words: &[&str]| pos.person_move(words);
        assert_eq!(read(&["brao@c3"]), Ok("brao@c3".into()));
        assert_eq!(read(&["pqbc", "d4"]), Ok("pqbc@d4".into()));
        let course = ["3", "2", "preta", "quadrada", "baixa", "cheia"];
        assert_eq!(read(&course), Ok("pqbc@c2".into()));
        for m in ["brao@c3", "pqbc@d4", "pqbc@c2"] {
            assert!(pos.parse_legal(m).is_ok(), "{m}");
        }
        assert!(read(&["5", "1", "preta", "quadrada", "baixa", "cheia"]).is_err());
        assert!(read(&["a", "b", "c"]).is_err());
        assert!(Quatro::SCORE_UNIT.is_none(), "a game won without points");
    }
}
