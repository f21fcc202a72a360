//! The SVG board of Solitário ([`Draw`]): the 33 holes of the cross with
//! the column letters and row numbers, the pegs (the puzzle's dark, the
//! duel's player 1 white and player 2 black, as the other games), each
//! player's start holes tinted in the duel, and the last move marked: the
//! holes it emptied ringed dashed, the hole reached ringed.

use super::{SoliBoard, BOTTOM, HOLES, TOP};
use crate::game::svg::{text, Draw, Part};
use crate::game::GameMove;
use crate::game::Player;

const CELL: i32 = 52;
const MARGIN: i32 = 24;

fn centre(i: u8) -> (i32, i32) {
    let (r, c) = (i32::from(i / 7), i32::from(i % 7));
    (MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2)
}

impl<const SOLO: bool> Draw for SoliBoard<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        let side = (2 * MARGIN + 7 * CELL) as u32;
        (side, side)
    }

    fn svg_parts(
        &self,
        last: Option<(&Self, super::Hop)>,
        _owners: &[Option<Player>],
    ) -> Vec<Part> {
        let (w, h) = self.svg_size();
        let mut board = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for i in 0..49u8 {
            if HOLES >> i & 1 == 0 {
                continue;
            }
            let (x, y) = centre(i);
            let home = !SOLO && (TOP | BOTTOM) >> i & 1 == 1;
            board.push_str(&format!(
                "<rect class=\"sq{}\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>\
                 <circle class=\"dot\" cx=\"{x}\" cy=\"{y}\" r=\"3\"/>",
                if home { " gone" } else { "" },
                x - CELL / 2,
                y - CELL / 2
            ));
        }
        for k in 0..7 {
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
        for i in 0..49u8 {
            let cell = self.cell(i);
            if cell == 0 {
                continue;
            }
            let (x, y) = centre(i);
            let class = if SOLO || cell == 2 { "pc p2" } else { "pc p1" };
            parts.push(Part::new(
                format!("1{i:02}"),
                format!(
                    "<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                    CELL / 2 - 9
                ),
            ));
        }
        if let Some((_, mv)) = last.filter(|(_, mv)| !mv.is_pass()) {
            let r = CELL / 2 - 4;
            let mut marks = String::new();
            let mut emptied = vec![mv.from];
            if mv.is_jump() {
                emptied.push(mv.over());
            }
            for i in emptied {
                let (x, y) = centre(i);
                marks.push_str(&format!(
                    "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\" stroke-dasharray=\"6 5\"/>"
                ));
            }
            let (x, y) = centre(mv.to);
            marks.push_str(&format!(
                "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{r}\"/>"
            ));
            parts.push(Part::new("3", marks));
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::svg::document;
    use crate::game::Game;
    use crate::games::Solitario;

    #[test]
    fn the_board_shows_every_peg_and_the_last_move() {
        let start = Solitario::start();
        let parts = start.svg_parts(None, &[]);
        assert_eq!(parts.len(), 1 + 12);
        let mv = start.legal_moves()[0];
        let mut after = start;
        after.play(mv).unwrap();
        let parts = after.svg_parts(Some((&start, mv)), &[]);
        let last = parts.iter().find(|p| p.key == "3").expect("the last move");
        assert_eq!(last.svg.matches("<circle").count(), 2);
        let doc = document(after.svg_size(), &parts);
        assert!(doc.contains(">a<") && doc.contains(">7<"), "{doc}");
        assert_eq!(doc.matches("class=\"sq").count(), 33);
    }
}
