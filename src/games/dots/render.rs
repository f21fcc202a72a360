//! The text board of Dots and Boxes ([`Render`]): dots as `+`, each drawn
//! arc marked with the player who drew it (`-1-`, `-2-` across, `1`, `2`
//! down; `---` and `|` in the puzzle), `#` in a closed box, row labels and
//! headers giving each arc's notation.

use super::{Arc, DotsBoard};
use crate::game::traits::typed_numbers;
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

impl<const SOLO: bool> PersonPlay for DotsBoard<SOLO> {
    const MOVE_HELP: &'static str =
        "  h<r>.<c>  the horizontal arc on dot row r between dot columns c and c+1\n\
         \x20 v<r>.<c>  the vertical arc on dot column c between dot rows r and r+1\n\
         \x20           also written  h 1 2,  H1 2,  v 2 3,  (arco-horizontal 1 2),\n\
         \x20           (arco-vertical a b) = v<b>.<a> (a = dot column, b = box row)\n\
         \x20           Closing a box scores it and you move again.\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = Some(["box", "boxes"]);

    const NORMAL_END: &'static str = "every arc is drawn";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        let words: Vec<&str> = lower.iter().map(String::as_str).collect();
        let (kind, numbers): (char, Vec<usize>) = match words.first().copied() {
            Some("arco-horizontal") => ('h', typed_numbers(&words[1..]).unwrap_or_default()),
            Some("arco-vertical") => {
                // The course's (arco-vertical a b): a = dot column, b = box row.
                let n = typed_numbers(&words[1..]).unwrap_or_default();
                ('v', n.into_iter().rev().collect())
            }
            Some(w) if w.starts_with('h') || w.starts_with('v') => {
                let mut rest = vec![&w[1..]];
                rest.extend_from_slice(&words[1..]);
                let rest: Vec<&str> = rest.into_iter().filter(|s| !s.is_empty()).collect();
                (
                    w.chars().next().unwrap_or('h'),
                    typed_numbers(&rest).unwrap_or_default(),
                )
            }
            _ => ('?', Vec::new()),
        };
        match numbers.as_slice() {
            [r, c] if kind != '?' => Ok(format!("{kind}{r}.{c}")),
            _ => Err("an arc is h<row>.<col> or v<row>.<col> (h1.2, h 1 2, v 2 1)".into()),
        }
    }
}

impl<const SOLO: bool> Render for DotsBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1", "player 2"];

    fn board_lines(&self) -> Vec<String> {
        dots(self)
    }

    /// The person's board without colours: each arc in its drawer's
    /// glyph, each closed box its owner's number.
    fn record_board(&self, owners: &[Option<Player>]) -> String {
        let marks = Marks {
            owners,
            ..Marks::none()
        };
        self.person_board(&marks, &|text, _| text.to_string())
    }

    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        dots_board(self, marks.owners, marks.last.map(|(_, arc)| arc), paint)
    }

    /// The closed boxes, row-major.
    fn closed_cells(&self) -> Vec<bool> {
        if SOLO {
            return Vec::new();
        }
        let cols = self.cols();
        (0..self.rows() * cols)
            .map(|k| self.sides(k / cols, k % cols) == 4)
            .collect()
    }
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

/// The board for a person: `+` dots, player 1's arcs `-----` / `|`, player
/// 2's `=====` / `#`, the `last` arc drawn with a `*` (`--*--`, `==*==`,
/// `*`), a closed box its owner's number (`?` when unknown).
fn dots_board<const SOLO: bool>(
    d: &DotsBoard<SOLO>,
    owners: &[Option<Player>],
    last: Option<Arc>,
    paint: &dyn Fn(&str, Mark) -> String,
) -> String {
    let (rows, cols) = (d.rows(), d.cols());
    let owner = |a: Arc| d.owner(a);
    let sides = |i: usize, j: usize| d.sides(i, j);
    let mut out = String::from("     ");
    for c in 0..=cols {
        let _ = write!(out, "{:<6}", c + 1);
    }
    out.push('\n');
    for r in 0..=rows {
        let _ = write!(out, "{:>3}  ", r + 1);
        for c in 0..cols {
            out.push('+');
            let arc = Arc::h(r as u8, c as u8);
            out.push_str(&match owner(arc) {
                Some(Player::One) if last == Some(arc) => paint("--*--", Mark::Last),
                Some(Player::Two) if last == Some(arc) => paint("==*==", Mark::Last),
                Some(Player::One) => paint("-----", Mark::Arc(Player::One)),
                Some(Player::Two) => paint("=====", Mark::Arc(Player::Two)),
                None => "     ".to_string(),
            });
        }
        out.push_str("+\n");
        if r == rows {
            break;
        }
        out.push_str("     ");
        for c in 0..=cols {
            let arc = Arc::v(r as u8, c as u8);
            out.push_str(&match owner(arc) {
                Some(_) if last == Some(arc) => paint("*", Mark::Last),
                Some(Player::One) => paint("|", Mark::Arc(Player::One)),
                Some(Player::Two) => paint("#", Mark::Arc(Player::Two)),
                None => " ".to_string(),
            });
            if c < cols {
                let closed = sides(r, c) == 4;
                out.push_str(&match owners.get(r * cols + c).copied().flatten() {
                    Some(p) if closed => {
                        let n = p.index() + 1;
                        paint(&format!("  {n}  "), Mark::Player(p))
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
        paint("-----  |", Mark::Arc(Player::One)),
        paint("=====  #", Mark::Arc(Player::Two)),
    );
    if last.is_some() {
        let _ = writeln!(out, "     {} = the last arc drawn", paint("*", Mark::Last));
    }
    out
}
