//! The text board of Quatro ([`Render`]): each square's piece as its four
//! letters (`brao`), `....` for an empty square, the reserve below, and the
//! letters' key.

use super::{piece_str, Place, QuatroBoard};
use crate::game::{Mark, Player, Render};
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

    const RECORD_BOARD: bool = false;

    /// The board with the empty squares where a legal placement goes marked
    /// `·`, the reserve and the key.
    fn person_board(
        &self,
        legal: &[Place],
        _owners: &[Option<Player>],
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let mut out = format!("     {}\n", header());
        for r in 0..4u8 {
            let _ = write!(out, "{:>3}  ", r + 1);
            for c in 0..4u8 {
                let s = 4 * r + c;
                let cell = match self.at(s) {
                    Some(p) => piece_str(p),
                    None if legal.iter().any(|m| m.square == s) => paint(" .. ", Mark::Legal),
                    None => "    ".to_string(),
                };
                out.push_str(&cell);
                out.push(' ');
            }
            out.push('\n');
        }
        let _ = writeln!(out, "     {}", reserve_line(self));
        let _ = writeln!(out, "     {KEY}");
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
