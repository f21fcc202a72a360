//! Boards drawn for a person at a terminal (`arbiter play`), with or without
//! colours, and the Dots boards of the readable game records (`--records`).
//!
//! Every mark has a plain-text form, so the board reads the same without
//! colours (a pipe, `--no-color`, `NO_COLOR`, a records file):
//!
//! - knight / bishop: each square shows its number; `W` / `B` are player 1's
//!   and player 2's pieces; `.` a removed (or visited) square; `*` after a
//!   number marks a square the side to move may go to.
//! - dots: `+` dots; player 1's arcs `-----` / `|`, player 2's `=====` / `#`;
//!   a closed box shows its owner's number (`?` when it was closed before
//!   the game started).
//!
//! ```
//! use arbiter::board_view::{render, Paint};
//! use tabula::game::AnyPosition;
//!
//! let pos = AnyPosition::from_fen("dots 1x1 1/0 0/0 2 0 0").unwrap();
//! let text = render(&pos, &[], &Paint::plain(), true);
//! assert!(text.contains("+-----+"));
//! ```

use std::fmt::Write;
use tabula::game::numbered::{square_name, Jump, Piece};
use tabula::game::{AnyMove, AnyPosition, Arc, Player};

/// Colours (ANSI SGR) on or off.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    pub color: bool,
}

/// Styles, as SGR parameters.
pub mod style {
    pub const P1: &str = "1;97;44";
    pub const P2: &str = "1;97;41";
    pub const P1_ARC: &str = "1;34";
    pub const P2_ARC: &str = "1;31";
    pub const LEGAL: &str = "1;30;42";
    pub const REMOVED: &str = "2";
    pub const BOLD: &str = "1";
    pub const ERROR: &str = "1;31";
    pub const DIM: &str = "2";
}

impl Paint {
    /// No colours.
    pub fn plain() -> Paint {
        Paint { color: false }
    }

    /// `text` in `sgr` (unchanged without colours).
    pub fn paint(&self, text: &str, sgr: &str) -> String {
        if self.color {
            format!("\x1b[{sgr}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The style of a player's pieces and boxes.
    pub fn player_style(p: Player) -> &'static str {
        match p {
            Player::One => style::P1,
            Player::Two => style::P2,
        }
    }
}

/// The board of `pos`; `owners` are the owners of dots boxes (see
/// [`box_owners`]). With `highlight`, the squares the side to move may go to
/// are marked.
pub fn render(
    pos: &AnyPosition,
    owners: &[Option<Player>],
    paint: &Paint,
    highlight: bool,
) -> String {
    let legal: Vec<AnyMove> = if highlight && !pos.is_over() {
        pos.legal_moves()
    } else {
        Vec::new()
    };
    match pos {
        AnyPosition::Knight(p) => jump_board(p, &legal, paint),
        AnyPosition::KnightSolo(p) => jump_board(p, &legal, paint),
        AnyPosition::Bishop(p) => jump_board(p, &legal, paint),
        AnyPosition::BishopSolo(p) => jump_board(p, &legal, paint),
        AnyPosition::Dots(d) => dots_board(
            d.rows(),
            d.cols(),
            |a| d.owner(a),
            |i, j| d.sides(i, j),
            owners,
            paint,
        ),
        AnyPosition::DotsSolo(d) => dots_board(
            d.rows(),
            d.cols(),
            |a| d.owner(a),
            |i, j| d.sides(i, j),
            owners,
            paint,
        ),
    }
}

fn jump_board<P: Piece, const SOLO: bool>(
    pos: &Jump<P, SOLO>,
    legal: &[AnyMove],
    paint: &Paint,
) -> String {
    let side = P::SIDE;
    let targets: Vec<u8> = legal
        .iter()
        .filter_map(|m| match m {
            AnyMove::Jump(j) if !j.is_pass() => Some(j.to()),
            _ => None,
        })
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
                paint.paint("  W", style::P1) + " "
            } else if pos.piece(Player::Two) == Some(sq) {
                paint.paint("  B", style::P2) + " "
            } else if let Some(n) = pos.number(sq) {
                if targets.contains(&sq) {
                    paint.paint(&format!(" {n:02}*"), style::LEGAL)
                } else {
                    format!(" {n:02} ")
                }
            } else {
                paint.paint("  . ", style::REMOVED)
            };
            out.push_str(&cell);
        }
        let _ = writeln!(out, "{:>3}", r + 1);
    }
    let _ = write!(
        out,
        "    {} = player 1, {} = player 2, . = removed",
        paint.paint("W", style::P1),
        paint.paint("B", style::P2)
    );
    if !targets.is_empty() {
        let names: Vec<String> = targets.iter().map(|&s| square_name(s)).collect();
        let _ = write!(out, ", * = may go there ({})", names.join(" "));
    }
    out.push('\n');
    out
}

fn dots_board(
    rows: usize,
    cols: usize,
    owner: impl Fn(Arc) -> Option<Player>,
    sides: impl Fn(usize, usize) -> u32,
    owners: &[Option<Player>],
    paint: &Paint,
) -> String {
    let mut out = String::from("     ");
    for c in 0..=cols {
        let _ = write!(out, "{:<6}", c + 1);
    }
    out.push('\n');
    for r in 0..=rows {
        let _ = write!(out, "{:>3}  ", r + 1);
        for c in 0..cols {
            out.push('+');
            out.push_str(&match owner(Arc::h(r as u8, c as u8)) {
                Some(Player::One) => paint.paint("-----", style::P1_ARC),
                Some(Player::Two) => paint.paint("=====", style::P2_ARC),
                None => "     ".to_string(),
            });
        }
        out.push_str("+\n");
        if r == rows {
            break;
        }
        out.push_str("     ");
        for c in 0..=cols {
            out.push_str(&match owner(Arc::v(r as u8, c as u8)) {
                Some(Player::One) => paint.paint("|", style::P1_ARC),
                Some(Player::Two) => paint.paint("#", style::P2_ARC),
                None => " ".to_string(),
            });
            if c < cols {
                let closed = sides(r, c) == 4;
                out.push_str(&match owners.get(r * cols + c).copied().flatten() {
                    Some(p) if closed => {
                        let n = p.index() + 1;
                        paint.paint(&format!("  {n}  "), Paint::player_style(p))
                    }
                    _ if closed => "  ?  ".to_string(),
                    _ => "     ".to_string(),
                });
            }
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "     player 1: {}   player 2: {}   (a closed box shows its owner)\n\
         \x20    h<r>.<c>: the arc right of dot (r, c); v<r>.<c>: the arc below dot (r, c)",
        paint.paint("-----  |", style::P1_ARC),
        paint.paint("=====  #", style::P2_ARC),
    );
    out
}

/// The board of `pos` in a readable game record: a Dots board drawn as for a
/// person (without colours: every arc in its drawer's glyph, every closed
/// box its owner's number, from `owners`, see [`box_owners`]) and the score.
/// `None` for the other games (their records draw the position's cells).
pub fn dots_record(pos: &AnyPosition, owners: &[Option<Player>]) -> Option<String> {
    if !matches!(pos, AnyPosition::Dots(_)) {
        return None;
    }
    let [a, b] = pos.scores();
    Some(format!(
        "{}score {a} - {b}\n",
        render(pos, owners, &Paint::plain(), false)
    ))
}

/// Who closed each box of a dots game (row-major; `None` for open boxes and
/// boxes closed before `start`): the player who drew its last side. Empty for
/// other games.
pub fn box_owners(start: &AnyPosition, history: &[String]) -> Vec<Option<Player>> {
    let closed = |p: &AnyPosition| -> Vec<bool> {
        match p {
            AnyPosition::Dots(d) => (0..d.rows() * d.cols())
                .map(|k| d.sides(k / d.cols(), k % d.cols()) == 4)
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut pos = *start;
    let mut owners = vec![None; closed(&pos).len()];
    for m in history {
        let before = closed(&pos);
        let mover = pos.side_to_move();
        if pos.play_text(m).is_err() {
            break;
        }
        for (k, now) in closed(&pos).into_iter().enumerate() {
            if now && !before[k] {
                owners[k] = Some(mover);
            }
        }
    }
    owners
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_board_marks_pieces_removed_and_legal_squares() {
        let pos = tabula::setup::parse_spec("random knight 7", None).unwrap();
        let text = render(&pos, &[], &Paint::plain(), true);
        assert_eq!(text.matches("  W  ").count(), 1, "{text}");
        assert_eq!(text.matches("  B  ").count(), 1, "{text}");
        let marked = text.matches('*').count() - 1; // the legend's own '*'
        assert!(!render(&pos, &[], &Paint::plain(), false).contains('*'));
        let legal = pos
            .legal_moves()
            .iter()
            .filter(|m| m.to_string() != "pass")
            .count();
        assert_eq!(marked, legal, "{text}");
        assert!(!text.contains('\x1b'));
        let coloured = render(&pos, &[], &Paint { color: true }, true);
        assert!(coloured.contains("\x1b[1;30;42m"));
    }

    #[test]
    fn dots_owners_follow_who_closed_the_box() {
        let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
        // p1 h1.1, p2 h2.1, p1 v1.1, p2 h1.2, p1 v1.2 closes the left box
        // and moves again, h2.2; p2 v1.3 closes the right box.
        let moves: Vec<String> = ["h1.1", "h2.1", "v1.1", "h1.2", "v1.2", "h2.2", "v1.3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let owners = box_owners(&start, &moves);
        let mut pos = start;
        for m in &moves {
            pos.play_text(m).unwrap();
        }
        assert_eq!(
            owners,
            vec![Some(Player::One), Some(Player::Two)],
            "{pos:?}"
        );
        let text = render(&pos, &owners, &Paint::plain(), false);
        assert!(text.contains("|  1  |  2  #"), "{text}");
        assert!(text.contains("=====") && text.contains('#'), "{text}");
    }
}
