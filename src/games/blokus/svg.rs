//! The SVG board of Blokus ([`Draw`]): the 14 × 14 grid with its column
//! letters and row numbers, each player's squares in the player's colour
//! (the puzzle's blocked squares grey), the last piece outlined, and the
//! stocks beside the board.

use super::{BlokusBoard, Placement, Player, SIZE};
use crate::game::svg::{text, Draw, Part};

const CELL: i32 = 28;
const MARGIN: i32 = 22;
/// The stocks' column to the right of the board.
const SIDE: i32 = 150;

fn corner(s: usize) -> (i32, i32) {
    let (r, c) = ((s / SIZE) as i32, (s % SIZE) as i32);
    (MARGIN + c * CELL, MARGIN + r * CELL)
}

impl<const SOLO: bool> Draw for BlokusBoard<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        let board = 2 * MARGIN + SIZE as i32 * CELL;
        ((board + SIDE) as u32, board as u32)
    }

    fn svg_parts(&self, last: Option<(&Self, Placement)>, _owners: &[Option<Player>]) -> Vec<Part> {
        let (w, h) = self.svg_size();
        let mut board = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for s in 0..SIZE * SIZE {
            let (x, y) = corner(s);
            board.push_str(&format!(
                "<rect class=\"sq\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"
            ));
        }
        for k in 0..SIZE as i32 {
            let mid = MARGIN + k * CELL + CELL / 2;
            board.push_str(&text(
                mid,
                MARGIN / 2,
                "lab",
                &((b'a' + k as u8) as char).to_string(),
            ));
            board.push_str(&text(MARGIN / 2, mid, "lab", &(k + 1).to_string()));
        }
        let mut parts = vec![Part::new("0", board)];
        for s in 0..SIZE * SIZE {
            let v = self.cell(s);
            if v == 0 {
                continue;
            }
            let (x, y) = corner(s);
            let class = match (SOLO, v) {
                (_, 1) => "sq box p1",
                (false, _) => "sq box p2",
                (true, _) => "sq gone",
            };
            parts.push(Part::new(
                format!("1{s:03}"),
                format!("<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"),
            ));
        }
        let x = 2 * MARGIN + SIZE as i32 * CELL + SIDE / 2;
        let mut stocks = String::new();
        let players: &[Player] = if SOLO {
            &[Player::One]
        } else {
            &[Player::One, Player::Two]
        };
        let names = match self.variant() {
            super::Variant::V2021 => "a b c",
            super::Variant::V2017 => "a b x",
        };
        for (i, &p) in players.iter().enumerate() {
            let s = self.stock(p);
            let y = MARGIN + 40 + 90 * i as i32;
            stocks.push_str(&text(
                x,
                y,
                "lab",
                &format!("player {} ({names})", p.index() + 1),
            ));
            stocks.push_str(&text(
                x,
                y + 22,
                "num",
                &format!("{} {} {}", s[0], s[1], s[2]),
            ));
            if !SOLO {
                stocks.push_str(&text(
                    x,
                    y + 44,
                    "lab",
                    &format!("{} squares", self.squares(p)),
                ));
            }
        }
        parts.push(Part::new("2", stocks));
        if let Some((_, mv)) = last.filter(|(_, mv)| !mv.is_pass()) {
            let mut ring = String::new();
            for s in mv.cells() {
                let (x, y) = corner(s);
                ring.push_str(&format!(
                    "<rect class=\"last\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                    x + 3,
                    y + 3,
                    CELL - 6,
                    CELL - 6
                ));
            }
            parts.push(Part::new("3", ring));
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::svg::document;
    use crate::game::Game;
    use crate::games::Blokus;

    #[test]
    fn the_board_shows_the_squares_and_the_last_piece() {
        let start = Blokus::start(super::super::Variant::V2021);
        let mv = start.parse_move("b@a1").unwrap();
        let mut after = start;
        after.play(mv).unwrap();
        let parts = after.svg_parts(Some((&start, mv)), &[]);
        assert_eq!(parts.iter().filter(|p| p.svg.contains("box p1")).count(), 4);
        let last = parts.iter().find(|p| p.key == "3").expect("the last piece");
        assert_eq!(last.svg.matches("<rect").count(), 4);
        let doc = document(after.svg_size(), &parts);
        assert!(doc.contains(">n<") && doc.contains(">14<"), "{doc}");
    }
}
