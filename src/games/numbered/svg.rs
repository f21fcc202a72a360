//! The SVG board of the number-board games ([`Draw`]): each square with its
//! number, removed squares greyed, the two pieces (`W`, `B`), the last move
//! as a line from the square the piece left.

use super::{Jump, JumpMove, Piece, Square, STRIDE};
use crate::game::svg::{player_class, text, Draw, Part};
use crate::game::GameMove;
use crate::game::{Game, Player};
use std::fmt::Write;

/// A square's side, and the margin that holds the coordinates.
const CELL: i32 = 40;
const MARGIN: i32 = 22;

fn corner(sq: Square) -> (i32, i32) {
    let (r, c) = (sq as usize / STRIDE, sq as usize % STRIDE);
    (MARGIN + c as i32 * CELL, MARGIN + r as i32 * CELL)
}

fn centre(sq: Square) -> (i32, i32) {
    let (x, y) = corner(sq);
    (x + CELL / 2, y + CELL / 2)
}

impl<P: Piece, const SOLO: bool> Draw for Jump<P, SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        let side = (2 * MARGIN + P::SIDE as i32 * CELL) as u32;
        (side, side)
    }

    fn svg_parts(&self, last: Option<(&Self, JumpMove)>, _owners: &[Option<Player>]) -> Vec<Part> {
        let side = P::SIDE;
        let size = 2 * MARGIN + side as i32 * CELL;
        // Written straight into each part's string: a replay draws every
        // square of every position.
        let mut labels = String::with_capacity(64 + side * 120);
        let _ = write!(
            labels,
            "<rect class=\"bg\" width=\"{size}\" height=\"{size}\"/>"
        );
        for k in 0..side as i32 {
            let mid = MARGIN + k * CELL + CELL / 2;
            let letter = char::from(b'a' + k as u8);
            let _ = write!(
                labels,
                "<text x=\"{mid}\" y=\"{}\" class=\"lab\">{letter}</text>\
                 <text x=\"{}\" y=\"{mid}\" class=\"lab\">{}</text>",
                MARGIN / 2,
                MARGIN / 2,
                k + 1
            );
        }
        let mut parts = Vec::with_capacity(side * side + 4);
        parts.push(Part::new("0", labels));
        for r in 0..side {
            for c in 0..side {
                let sq = (r * STRIDE + c) as Square;
                let (x, y) = corner(sq);
                let mut svg = String::with_capacity(160);
                match self.number(sq) {
                    Some(n) => {
                        let _ = write!(
                            svg,
                            "<g><rect class=\"sq\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>\
                             <text x=\"{}\" y=\"{}\" class=\"num\">{n:02}</text></g>",
                            x + CELL / 2,
                            y + CELL / 2
                        );
                    }
                    None => {
                        let _ = write!(
                            svg,
                            "<rect class=\"sq gone\" x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\"/>"
                        );
                    }
                }
                let key = [b'1', b'0' + sq / 10, b'0' + sq % 10];
                parts.push(Part::new(String::from_utf8_lossy(&key).into_owned(), svg));
            }
        }
        if let Some((before, mv)) = last.filter(|(_, mv)| !mv.is_pass()) {
            let (x2, y2) = centre(mv.to());
            let svg = match before.piece(before.side_to_move()) {
                Some(from) => {
                    let (x1, y1) = centre(from);
                    format!(
                        "<line class=\"last\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>"
                    )
                }
                None => format!("<circle class=\"last\" cx=\"{x2}\" cy=\"{y2}\" r=\"17\"/>"),
            };
            parts.push(Part::new("2", svg));
        }
        for (who, letter) in [(Player::One, "W"), (Player::Two, "B")] {
            if let Some(sq) = self.piece(who) {
                let (x, y) = centre(sq);
                let class = player_class(who);
                parts.push(Part::new(
                    format!("3{letter}"),
                    format!(
                        "<g><circle class=\"pc {class}\" cx=\"{x}\" cy=\"{y}\" r=\"14\"/>{}</g>",
                        text(x, y, &format!("pct {class}"), letter)
                    ),
                ));
            }
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use crate::game::svg::{document, frames};
    use crate::game::Game;

    #[test]
    fn a_move_removes_the_square_and_moves_the_piece() {
        let start = crate::setup::parse_spec("random knight 7", None).unwrap();
        let crate::games::AnyPosition::Knight(k) = start else {
            panic!("a knight board")
        };
        let mv = k.legal_moves()[0].to_string();
        let replay = frames(&k, &[mv.clone(), "zz".into()]);
        assert_eq!(
            replay.frames.len(),
            2,
            "the unreadable move ends the replay"
        );
        let [a, b] = [&replay.frames[0], &replay.frames[1]];
        let changed: Vec<&str> = b
            .iter()
            .filter(|p| !a.contains(p))
            .map(|p| p.key.as_str())
            .collect();
        assert!(
            changed.contains(&"2"),
            "the last move is drawn: {changed:?}"
        );
        let end = document(replay.size, b);
        assert_eq!(end.matches("class=\"pc ").count(), 2, "{end}");
        assert!(end.contains("sq gone"), "{end}");
        let mut pos = k;
        pos.play(pos.parse_legal(&mv).unwrap()).unwrap();
        assert_eq!(replay.end, pos.fen());
    }
}
