//! The text board of the number-board games ([`Render`]): each square's
//! number, `..` for an empty square, `W` / `B` for the pieces.

use super::{square_name, Jump, JumpMove, Piece, STRIDE};
use crate::game::traits::typed_numbers;
use crate::game::GameMove;
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

impl<P: Piece, const SOLO: bool> PersonPlay for Jump<P, SOLO> {
    const MOVE_HELP: &'static str =
        "  e5        a square: column letter then row number (any case)\n\
         \x20 5 5       row then column numbers, as in the course (3 2 = b3)\n\
         \x20           With no legal move you pass automatically (the rules force it).\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = Some(["point", "points"]);

    const NORMAL_END: &'static str = "neither side can move";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        match (words, typed_numbers(words)) {
            ([_, _], Some(n)) if n.len() == 2 => {
                let (r, c) = (n[0], n[1]);
                if r == 0 || c == 0 || c > 26 {
                    return Err(format!("no square at row {r}, column {c}"));
                }
                Ok(format!("{}{}", (b'a' + (c - 1) as u8) as char, r))
            }
            ([w], _) => Ok(w.to_string()),
            _ => Err("a move is a square (e5) or row and column (5 5)".into()),
        }
    }
}

impl<P: Piece, const SOLO: bool> Render for Jump<P, SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["white (player 1)", "black (player 2)"];

    fn board_lines(&self) -> Vec<String> {
        jump(self)
    }

    /// The cells of the position string's board field.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        let fen = crate::game::Game::fen(self);
        crate::game::traits::cells_table(fen.split_whitespace().nth(1).unwrap_or(""))
    }

    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        jump_board(
            self,
            marks.legal,
            marks.last.map(|(before, _)| before),
            paint,
        )
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
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

/// The board for a person: numbers, `W` / `B`, `.` removed, `*` may go there.
fn jump_board<P: Piece, const SOLO: bool>(
    pos: &Jump<P, SOLO>,
    legal: &[JumpMove],
    before: Option<&Jump<P, SOLO>>,
    paint: &dyn Fn(&str, Mark) -> String,
) -> String {
    // What the last move changed: the square the piece left (`+`) and the
    // numbers it removed besides the one it took (`x`).
    let left = before.and_then(|b| {
        let mover = crate::game::Game::side_to_move(b);
        b.piece(mover).filter(|&sq| pos.piece(mover) != Some(sq))
    });
    let removed = |sq: u8| {
        before.is_some_and(|b| {
            b.number(sq).is_some()
                && pos.number(sq).is_none()
                && pos.piece(Player::One) != Some(sq)
                && pos.piece(Player::Two) != Some(sq)
        })
    };
    let side = P::SIDE;
    let targets: Vec<u8> = legal
        .iter()
        .filter(|m| !m.is_pass())
        .map(|m| m.to())
        .collect();
    let mut out = String::from("    ");
    for c in 0..side {
        let _ = write!(out, "{:>3} ", (b'a' + c as u8) as char);
    }
    out.push('\n');
    for r in 0..side {
        let _ = write!(out, "{:>3} ", r + 1);
        for c in 0..side {
            let sq = (r * 10 + c) as u8;
            let cell = if pos.piece(Player::One) == Some(sq) {
                paint("  W", Mark::Player(Player::One)) + " "
            } else if pos.piece(Player::Two) == Some(sq) {
                paint("  B", Mark::Player(Player::Two)) + " "
            } else if left == Some(sq) {
                paint("  + ", Mark::Last)
            } else if removed(sq) {
                paint("  x ", Mark::Last)
            } else if let Some(n) = pos.number(sq) {
                if targets.contains(&sq) {
                    paint(&format!(" {n:02}*"), Mark::Legal)
                } else {
                    format!(" {n:02} ")
                }
            } else {
                paint("  . ", Mark::Removed)
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, "{:>3}", r + 1);
    }
    let _ = write!(
        out,
        "    {} = player 1, {} = player 2, . = removed",
        paint("W", Mark::Player(Player::One)),
        paint("B", Mark::Player(Player::Two))
    );
    if before.is_some() {
        let _ = write!(
            out,
            ", {} = left by the last move, {} = removed by it",
            paint("+", Mark::Last),
            paint("x", Mark::Last)
        );
    }
    if !targets.is_empty() {
        let names: Vec<String> = targets.iter().map(|&s| square_name(s)).collect();
        let _ = write!(out, ", * = may go there ({})", names.join(" "));
    }
    out.push('\n');
    out
}
