//! The `show` command: a position drawn for people (never parsed by programs).
//!
//! Number boards show each square's number, `..` for an empty square
//! (visited or removed) and `W` / `B` for the pieces. Dots and Boxes shows
//! dots as `+`, each drawn arc marked with the player who drew it (`-1-`,
//! `-2-` across, `1`, `2` down; `---` and `|` in the puzzle) and `#` in a
//! closed box. Row labels (`h1`, `v1`, …) and the two header lines give the
//! row and column of each arc in the move notation.
//!
//! ```
//! use tabula::protocol::show::render;
//! use tabula::setup::parse_spec;
//!
//! let pos = parse_spec("dots 1x1 1/0 0/2 1 0 0", None).unwrap();
//! let text = render(&pos).join("\n");
//! assert!(text.contains("+-1-+"), "{text}");
//! assert!(text.contains("  v1     2"), "{text}");
//! ```

use crate::game::dots::DotsBoard;
use crate::game::numbered::{square_name, Jump, Piece, STRIDE};
use crate::game::{AnyPosition, Arc, Player};

/// The lines of the drawing of `pos`.
pub fn render(pos: &AnyPosition) -> Vec<String> {
    let mut lines = match pos {
        AnyPosition::Knight(p) => jump(p),
        AnyPosition::KnightSolo(p) => jump(p),
        AnyPosition::Bishop(p) => jump(p),
        AnyPosition::BishopSolo(p) => jump(p),
        AnyPosition::Dots(p) => dots(p),
        AnyPosition::DotsSolo(p) => dots(p),
    };
    lines.insert(0, headline(pos));
    let moves = pos.legal_moves();
    if moves.is_empty() {
        let result = pos
            .outcome()
            .map_or("no result (puzzle)".to_string(), |o| o.to_string());
        lines.push(format!("game over: {result}"));
    } else {
        let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        lines.push(format!("legal moves ({}): {}", list.len(), list.join(" ")));
    }
    lines.push(format!("fen {}", pos.fen()));
    lines
}

fn headline(pos: &AnyPosition) -> String {
    let [s1, s2] = pos.scores();
    let game = pos.game();
    if game.is_puzzle() {
        let target = match pos.target() {
            Some(t) => format!(", target {t} ({} to go)", t.saturating_sub(s1)),
            None => ", no target".to_string(),
        };
        format!("{game}: score {s1}{target}")
    } else {
        let (p1, p2) = if game == crate::game::GameId::Dots {
            ("player 1", "player 2")
        } else {
            ("white (player 1)", "black (player 2)")
        };
        let side = if pos.side_to_move() == Player::One {
            p1
        } else {
            p2
        };
        format!("{game}: {side} to move; score {s1} - {s2}")
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

fn dots<const SOLO: bool>(p: &DotsBoard<SOLO>) -> Vec<String> {
    let (rows, cols) = (p.rows(), p.cols());
    let mut lines = Vec::with_capacity(2 * rows + 3);
    // Row labels name the row of the notation: `h<r>.<c>` on dot rows,
    // `v<r>.<c>` on box rows; the two header lines give `c` for each.
    let dot_cols: String = (0..=cols).map(|c| format!("{:<4}", c + 1)).collect();
    let box_cols: String = (0..cols).map(|c| format!("{:<4}", c + 1)).collect();
    lines.push(format!("v: c {}", dot_cols.trim_end()));
    lines.push(format!("h: c   {}", box_cols.trim_end()));
    for r in 0..=rows {
        let mut line = format!("{:>4} ", format!("h{}", r + 1));
        for c in 0..=cols {
            line.push('+');
            if c < cols {
                line.push_str(match p.owner(Arc::h(r as u8, c as u8)) {
                    None => "   ",
                    Some(_) if SOLO => "---",
                    Some(Player::One) => "-1-",
                    Some(Player::Two) => "-2-",
                });
            }
        }
        lines.push(line.trim_end().to_string());
        if r == rows {
            break;
        }
        let mut line = format!("{:>4} ", format!("v{}", r + 1));
        for c in 0..=cols {
            line.push(match p.owner(Arc::v(r as u8, c as u8)) {
                None => ' ',
                Some(_) if SOLO => '|',
                Some(Player::One) => '1',
                Some(Player::Two) => '2',
            });
            if c < cols {
                line.push_str(if p.sides(r, c) == 4 { " # " } else { "   " });
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines.push(format!(
        "{} of {} boxes closed; arcs {} of {}",
        p.closed_boxes(),
        p.box_count(),
        p.drawn_count(),
        p.arc_count()
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::parse_spec;

    #[test]
    fn knight_board_shows_numbers_pieces_and_holes() {
        let pos = parse_spec("random knight 1", None).unwrap();
        let lines = render(&pos);
        let text = lines.join("\n");
        assert!(
            text.starts_with("knight: white (player 1) to move"),
            "{text}"
        );
        // 10 rows of 10 cells, plus header, headline, pieces, moves, fen.
        assert_eq!(lines.len(), 15, "{text}");
        assert_eq!(text.matches("  W").count(), 1);
        assert_eq!(text.matches("  B").count(), 1);
        // Two placements, each removing at most one more number.
        let holes = text.matches(" ..").count();
        assert!((2..=4).contains(&holes), "{text}");
    }

    #[test]
    fn dots_board_marks_owners_and_closed_boxes() {
        let pos = parse_spec("dots 1x2 12/21 1/2/0 1 1 0", None).unwrap();
        let text = render(&pos).join("\n");
        assert!(text.contains("+-1-+-2-+"), "{text}");
        assert!(text.contains("+-2-+-1-+"), "{text}");
        assert!(text.contains("1 # 2"), "{text}");
        assert!(text.contains("1 of 2 boxes closed"), "{text}");
    }
}
