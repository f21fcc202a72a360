//! The text board of the number-board games ([`Render`]): each square's
//! number, `..` for an empty square, `W` / `B` for the pieces.

use super::{square_name, Jump, Piece, STRIDE};
use crate::game::{Player, Render};

impl<P: Piece, const SOLO: bool> Render for Jump<P, SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["white (player 1)", "black (player 2)"];

    fn board_lines(&self) -> Vec<String> {
        jump(self)
    }
}

fn jump<P: Piece, const SOLO: bool>(p: &Jump<P, SOLO>) -> Vec<String> {
    let side = p.side_len();
    let mut lines = Vec::with_capacity(side + 2);
    let header: String = (0..side)
        .map(|c| format!("{:>3}", (b'a' + c as u8) as char))
        .collect();
    lines.push(format!("   {header}"));
    let white = p.piece(Player::One);
    let black = p.piece(Player::Two);
    for r in 0..side {
        let mut row = format!("{:>3}", r + 1);
        for c in 0..side {
            let sq = (r * STRIDE + c) as u8;
            let cell = if white == Some(sq) {
                "  W".to_string()
            } else if black == Some(sq) {
                "  B".to_string()
            } else {
                match p.number(sq) {
                    Some(n) => format!(" {n:02}"),
                    None => " ..".to_string(),
                }
            };
            row.push_str(&cell);
        }
        lines.push(row);
    }
    let placed = |who: Player, name: &str| match p.piece(who) {
        Some(sq) => format!("{name} on {}", square_name(sq)),
        None => format!("{name} not placed"),
    };
    if SOLO {
        lines.push(placed(Player::One, "piece"));
    } else {
        lines.push(format!(
            "{}, {}",
            placed(Player::One, "white W"),
            placed(Player::Two, "black B")
        ));
    }
    lines
}
