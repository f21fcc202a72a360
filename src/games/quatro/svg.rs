//! The SVG board of Quatro ([`Draw`]): the 4 × 4 board and the reserve
//! below it, each piece drawn by its four attributes — light or dark,
//! round or square, tall (large) or short (small), hollow (a hole) or
//! solid — and the last placement ringed.

use super::{piece_str, Place, QuatroBoard};
use crate::game::svg::{text, Draw, Part};
use crate::game::Player;

const CELL: i32 = 64;
const MARGIN: i32 = 22;
/// The reserve's slots: one per piece, 8 to a row, half size.
const SLOT: i32 = 44;

/// A piece centred on (x, y), `scale` 1 on the board.
fn piece(p: u8, x: i32, y: i32, scale: f32) -> String {
    let dark = p & 1 == 1;
    let short = p >> 1 & 1 == 1;
    let square = p >> 2 & 1 == 1;
    let solid = p >> 3 & 1 == 1;
    let half = (if short { 16.0 } else { 25.0 } * scale).round() as i32;
    let class = if dark { "qb" } else { "qw" };
    let shape = |class: &str, h: i32| {
        if square {
            format!(
                "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
                x - h,
                y - h,
                2 * h,
                2 * h
            )
        } else {
            format!("<circle class=\"{class}\" cx=\"{x}\" cy=\"{y}\" r=\"{h}\"/>")
        }
    };
    let mut out = format!("<g><title>{}</title>{}", piece_str(p), shape(class, half));
    if !solid {
        out.push_str(&shape("hole", half / 2));
    }
    out.push_str("</g>");
    out
}

fn centre(s: u8) -> (i32, i32) {
    let (r, c) = (i32::from(s / 4), i32::from(s % 4));
    (MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2)
}

impl<const SOLO: bool> Draw for QuatroBoard<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        let w = 2 * MARGIN + 4 * CELL;
        (
            w.max(2 * MARGIN + 8 * SLOT) as u32,
            (w + 2 * SLOT + 12) as u32,
        )
    }

    fn svg_parts(&self, last: Option<(&Self, Place)>, _owners: &[Option<Player>]) -> Vec<Part> {
        let (w, h) = self.svg_size();
        let mut board = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for s in 0..16u8 {
            let (x, y) = centre(s);
            board.push_str(&format!(
                "<rect class=\"sq\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                x - CELL / 2,
                y - CELL / 2
            ));
        }
        for k in 0..4 {
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
        for s in 0..16u8 {
            if let Some(p) = self.at(s) {
                let (x, y) = centre(s);
                parts.push(Part::new(format!("1{s:02}"), piece(p, x, y, 1.0)));
            }
        }
        // The reserve: each piece in its own slot (by piece number), with
        // a count when it is there more than once.
        let top = 2 * MARGIN + 4 * CELL;
        for p in 0..16u8 {
            let n = self.reserve().iter().filter(|&&q| q == p).count();
            if n == 0 {
                continue;
            }
            let (x, y) = (
                MARGIN + i32::from(p % 8) * SLOT + SLOT / 2,
                top + i32::from(p / 8) * SLOT + SLOT / 2,
            );
            let mut svg = piece(p, x, y, 0.7);
            if n > 1 {
                svg = format!(
                    "<g>{svg}{}</g>",
                    text(x + 16, y + 16, "lab", &format!("×{n}"))
                );
            }
            parts.push(Part::new(format!("2{p:02}"), svg));
        }
        if let Some((_, mv)) = last {
            let (x, y) = centre(mv.square);
            parts.push(Part::new(
                "3",
                format!(
                    "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                    CELL / 2 - 3
                ),
            ));
        }
        parts
    }
}
