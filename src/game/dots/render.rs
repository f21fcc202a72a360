//! The text board of Dots and Boxes ([`Render`]): dots as `+`, each drawn
//! arc marked with the player who drew it (`-1-`, `-2-` across, `1`, `2`
//! down; `---` and `|` in the puzzle), `#` in a closed box, row labels and
//! headers giving each arc's notation.

use super::{Arc, DotsBoard};
use crate::game::{Player, Render};

impl<const SOLO: bool> Render for DotsBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1", "player 2"];

    fn board_lines(&self) -> Vec<String> {
        dots(self)
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
