//! The SVG board of 3-D noughts and crosses ([`Draw`]): the three levels
//! side by side (level 3, the top board, on the left), crosses and noughts
//! in the players' colours, the last move ringed.

use super::{cell, Galo, Mark, Symbol};
use crate::game::svg::{text, Draw, Part};
use crate::game::Player;

const CELL: i32 = 48;
const MARGIN: i32 = 22;
/// The gap between two levels.
const GAP: i32 = 24;

fn centre(i: u8) -> (i32, i32) {
    let i = i as i32;
    let (c, r, level) = (i % 3, i / 3 % 3, i / 9);
    let k = 2 - level;
    (
        MARGIN + k * (3 * CELL + GAP) + c * CELL + CELL / 2,
        MARGIN + r * CELL + CELL / 2,
    )
}

fn symbol(s: Symbol, x: i32, y: i32) -> String {
    let h = CELL / 2 - 10;
    match s {
        Symbol::X => format!(
            "<g><line class=\"arc p1\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>\
             <line class=\"arc p1\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/></g>",
            x - h,
            y - h,
            x + h,
            y + h,
            x - h,
            y + h,
            x + h,
            y - h
        ),
        Symbol::O => {
            format!("<circle class=\"arc p2\" cx=\"{x}\" cy=\"{y}\" r=\"{h}\" fill=\"none\"/>")
        }
    }
}

impl<const SOLO: bool> Draw for Galo<SOLO> {
    fn svg_size(&self) -> (u32, u32) {
        (
            (2 * MARGIN + 9 * CELL + 2 * GAP) as u32,
            (2 * MARGIN + 3 * CELL + 16) as u32,
        )
    }

    fn svg_parts(&self, last: Option<(&Self, Mark)>, _owners: &[Option<Player>]) -> Vec<Part> {
        let (w, h) = self.svg_size();
        let mut board = format!("<rect class=\"bg\" width=\"{w}\" height=\"{h}\"/>");
        for k in 0..3 {
            for r in 0..3 {
                for c in 0..3 {
                    let (x, y) = centre(cell(c, r, 2 - k) as u8);
                    board.push_str(&format!(
                        "<rect class=\"sq\" x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\"/>",
                        x - CELL / 2,
                        y - CELL / 2
                    ));
                }
            }
            let left = MARGIN + k as i32 * (3 * CELL + GAP);
            board.push_str(&text(
                left + 3 * CELL / 2,
                MARGIN + 3 * CELL + 12,
                "lab",
                &format!("level {}", 3 - k),
            ));
        }
        let mut parts = vec![Part::new("0", board)];
        for i in 0..27u8 {
            if let Some(s) = self.at(i) {
                let (x, y) = centre(i);
                parts.push(Part::new(format!("1{i:02}"), symbol(s, x, y)));
            }
        }
        if let Some((_, mv)) = last {
            let (x, y) = centre(mv.cell);
            parts.push(Part::new(
                "2",
                format!(
                    "<circle class=\"last\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
                    CELL / 2 - 2
                ),
            ));
        }
        parts
    }
}
