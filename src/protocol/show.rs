//! The `show` command: a position drawn for people (never parsed by programs).
//!
//! The board itself is each game's [`Render`] (in its folder); this module
//! adds the headline, the legal moves and the position string.
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

use crate::game::{Player, Render};
use crate::games::AnyPosition;

/// The lines of the drawing of `pos`.
pub fn render(pos: &AnyPosition) -> Vec<String> {
    let mut lines = crate::with_game!(pos, p => p.board_lines());
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

/// [`Render::PLAYER_NAMES`] of the game of `_pos`.
fn player_names<G: Render>(_pos: &G) -> [&'static str; 2] {
    G::PLAYER_NAMES
}

fn headline(pos: &AnyPosition) -> String {
    let [s1, s2] = pos.scores();
    let game = pos.game();
    if let Some(progress) = crate::with_game!(pos, p => Render::progress(p)) {
        format!("{game}: {progress}")
    } else if game.is_puzzle() {
        let target = match pos.target() {
            Some(t) => format!(", target {t} ({} to go)", t.saturating_sub(s1)),
            None => ", no target".to_string(),
        };
        format!("{game}: score {s1}{target}")
    } else {
        let [p1, p2] = crate::with_game!(pos, p => player_names(p));
        let side = if pos.side_to_move() == Player::One {
            p1
        } else {
            p2
        };
        format!("{game}: {side} to move; score {s1} - {s2}")
    }
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
    fn headlines_say_the_score_and_target_or_the_pegs_left() {
        let head = |spec: &str| render(&parse_spec(spec, None).unwrap()).remove(0);
        assert_eq!(
            head("problem knight-solo A"),
            "knight-solo: score 0, target 70 (70 to go)"
        );
        // Solitário's score is not points: its pegs and goal instead.
        assert_eq!(
            head("problem solitario-solo F"),
            "solitario-solo: 32 pegs, goal: 1 left (31 to remove)"
        );
        assert_eq!(
            head("solitario-solo xx000xx/xx000xx/0000000/0000000/0000000/xx010xx/xx000xx"),
            "solitario-solo: 1 peg, goal: 1 left (0 to remove)"
        );
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
