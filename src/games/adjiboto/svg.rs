//! The SVG board of Adji-boto ([`Draw`]): the two rows of six pits with
//! their names (`t1`..`t6` above, `b1`..`b6` below) and seed counts, the
//! seeds each player has captured beside the board, and the last sowing
//! marked: its pit ringed, the pit where its last seed fell ringed boldly.

use super::{AdjiBoard, Sow};
use crate::game::svg::{text, Draw, Part};
use crate::game::GameMove;
use crate::game::Player;

const PIT: i32 = 64;
const MARGIN: i32 = 24;
/// Width of each captured-seeds column beside the rows.
const STORE: i32 = 70;

fn centre(p: u8) -> (i32, i32) {
    let (r, c) = (i32::from(p / 6), i32::from(p % 6));
    (
        STORE + MARGIN + c * PIT + PIT / 2,
        MARGIN + 14 + r * PIT + PIT / 2,
    )
}

impl<const SOLO: bool> Draw for AdjiBoard<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        (
            (2 * STORE + 2 * MARGIN + 6 * PIT) as u32,
            (2 * MARGIN + 28 + 2 * PIT) as u32,
        )
    }

    fn svg_parts(&self, last: Option<(&Self, Sow)>, _owners: &[Option<Player>]) -> Vec<Part> {
        let (w, h) = self.svg_size();
        let mut board = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for p in 0..12u8 {
            let (x, y) = centre(p);
            board.push_str(&format!(
                "<circle class=\"sq\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                PIT / 2 - 4
            ));
            let name = Sow(p).to_string();
            let label_y = if p < 6 {
                MARGIN / 2 + 2
            } else {
                h as i32 - MARGIN / 2 - 2
            };
            board.push_str(&text(x, label_y, "lab", &name));
        }
        let mut parts = vec![Part::new("0", board)];
        for p in 0..12u8 {
            let n = self.pit(p);
            if n > 0 {
                let (x, y) = centre(p);
                parts.push(Part::new(
                    format!("1{p:02}"),
                    text(x, y, "num", &n.to_string()),
                ));
            }
        }
        if !SOLO {
            // Player 1 sows the bottom row: its store on the right; player 2's on the left.
            let [one, two] = self.captured();
            let mid = MARGIN + 14 + PIT;
            let right = w as i32 - STORE / 2 - 4;
            parts.push(Part::new(
                "2",
                format!(
                    "{}{}{}{}",
                    text(STORE / 2 + 4, mid - 14, "lab", "p2"),
                    text(STORE / 2 + 4, mid + 10, "num", &two.to_string()),
                    text(right, mid - 14, "lab", "p1"),
                    text(right, mid + 10, "num", &one.to_string()),
                ),
            ));
        }
        if let Some((before, mv)) = last.filter(|(_, mv)| !mv.is_pass()) {
            let (fx, fy) = centre(mv.0);
            let (landing, _) = before.landing(mv.0);
            let (lx, ly) = centre(landing);
            let r = PIT / 2 - 2;
            parts.push(Part::new(
                "3",
                format!(
                    "<circle class=\"last\" cx=\"{fx}\" cy=\"{fy}\" r=\"{r}\" stroke-dasharray=\"6 5\"/>\
                     <circle class=\"last\" cx=\"{lx}\" cy=\"{ly}\" r=\"{r}\"/>"
                ),
            ));
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::svg::document;
    use crate::game::Game;

    #[test]
    fn the_board_shows_every_pit_and_the_last_sowing() {
        let start = AdjiBoard::<false>::start();
        let parts = start.svg_parts(None, &[]);
        // The board, 12 pits of 8 seeds, the stores; no last move yet.
        assert_eq!(parts.len(), 1 + 12 + 1);
        assert!(parts.iter().all(|p| p.key != "3"));
        let mv = start.legal_moves()[0];
        let mut after = start;
        after.play(mv).unwrap();
        let parts = after.svg_parts(Some((&start, mv)), &[]);
        let last = parts
            .iter()
            .find(|p| p.key == "3")
            .expect("the last sowing");
        assert_eq!(last.svg.matches("<circle").count(), 2);
        let doc = document(after.svg_size(), &parts);
        assert!(doc.contains(">t1<") && doc.contains(">b6<"), "{doc}");
        // The origin pit is emptied: it has no count part.
        assert!(parts.iter().all(|p| p.key != format!("1{:02}", mv.0)));
    }
}
