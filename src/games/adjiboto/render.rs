//! The text board of Adji-boto ([`Render`], [`PersonPlay`]): the two rows
//! of pits with their notation (`t1`..`t6`, `b1`..`b6`) and the course's
//! letters (`f e d c b a` over the top row, `A`..`F` under the bottom row),
//! player 1's row on top, and the captured seeds beside each row.

use super::{AdjiBoard, Sow};
use crate::game::GameMove;
use crate::game::{Mark, Marks, PersonPlay, Player, Render};
use std::fmt::Write;

const TOP_LETTERS: [char; 6] = ['f', 'e', 'd', 'c', 'b', 'a'];
const BOTTOM_LETTERS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

impl<const SOLO: bool> AdjiBoard<SOLO> {
    /// The captured seeds shown beside row `r` (the duel's player of the row).
    fn store(&self, r: usize) -> String {
        if SOLO {
            String::new()
        } else {
            format!("   captured by player {}: {}", r + 1, self.captured()[r])
        }
    }
}

impl<const SOLO: bool> Render for AdjiBoard<SOLO> {
    const PLAYER_NAMES: [&'static str; 2] = ["player 1 (top row)", "player 2 (bottom row)"];

    fn board_lines(&self) -> Vec<String> {
        let row = |r: usize| -> String {
            (0..6)
                .map(|c| format!("{:>4}", self.pit((6 * r + c) as u8)))
                .collect()
        };
        let names = |prefix: char, letters: &[char; 6]| -> String {
            (0..6)
                .map(|c| format!("{:>4}", format!("{prefix}{}{}", c + 1, letters[c])))
                .collect()
        };
        let mut lines = vec![
            format!("    {}", names('t', &TOP_LETTERS)),
            format!("    {}{}", row(0), self.store(0)),
            format!("    {}{}", row(1), self.store(1)),
            format!("    {}", names('b', &BOTTOM_LETTERS)),
            "    sowing: b1 → b6, then t6 → t1 (counter-clockwise)".to_string(),
        ];
        if SOLO && self.opposite() {
            lines.push("    capture on the row opposite the emptied pit only".to_string());
        }
        lines
    }

    /// The two rows as a table: the pit numbers 1..6 over the top row `t`
    /// and the bottom row `b`.
    fn record_board(&self, _owners: &[Option<Player>]) -> String {
        let mut out = String::from("    ");
        for c in 1..=6 {
            let _ = write!(out, "{c:>3}");
        }
        out.push('\n');
        for (r, name) in ["t", "b"].iter().enumerate() {
            let _ = write!(out, "{name:>3} ");
            for c in 0..6 {
                let _ = write!(out, "{:>3}", self.pit((6 * r + c) as u8));
            }
            out.push('\n');
        }
        out
    }

    /// The board with the pits the side may empty marked, and the last
    /// sowing: the pit it emptied `( 0)`, the pits it sowed `< n>`, the last
    /// one `<n>*` (a capture leaves it `< 0>*`).
    fn person_board(
        &self,
        marks: &Marks<'_, Self>,
        paint: &dyn Fn(&str, Mark) -> String,
    ) -> String {
        let sowing = marks.last.map(|(before, mv)| Sowing::of(before, mv));
        let mut out = String::new();
        let label = |letters: &[char; 6], prefix: char| -> String {
            (0..6)
                .map(|c| format!("{:>6}", format!("{prefix}{}{}", c + 1, letters[c])))
                .collect()
        };
        let _ = writeln!(out, "     {}", label(&TOP_LETTERS, 't'));
        for r in 0..2usize {
            out.push_str("     ");
            for c in 0..6 {
                let p = (6 * r + c) as u8;
                let n = self.pit(p);
                let (text, last) = match sowing {
                    Some(s) if s.origin == p => (format!(" ({n:>2}) "), true),
                    Some(s) if s.last == p => (format!(" <{n:>2}>*"), true),
                    Some(s) if s.sown >> p & 1 == 1 => (format!(" <{n:>2}> "), true),
                    _ => (format!(" [{n:>2}] "), false),
                };
                if legal_pit(marks.legal, p) {
                    out.push_str(&paint(&text, Mark::Legal));
                } else if last {
                    out.push_str(&paint(&text, Mark::Last));
                } else if !SOLO {
                    out.push_str(&paint(
                        &text,
                        Mark::Player(if r == 0 { Player::One } else { Player::Two }),
                    ));
                } else {
                    out.push_str(&text);
                }
            }
            let _ = writeln!(out, "{}", self.store(r));
        }
        let _ = writeln!(out, "     {}", label(&BOTTOM_LETTERS, 'b'));
        if sowing.is_some_and(|s| s.origin == u8::MAX) {
            let _ = writeln!(out, "     last move: pass");
        } else if let Some(s) = sowing {
            let _ = writeln!(
                out,
                "     last move {}: ( ) the pit emptied, < > the pits sown, * the last seed{}",
                Sow(s.origin),
                if s.captured > 0 {
                    format!(" (captured {})", s.captured)
                } else {
                    String::new()
                }
            );
        }
        out
    }

    fn closed_cells(&self) -> Vec<bool> {
        Vec::new()
    }
}

/// True when `p` is one of the `legal` pits.
fn legal_pit(legal: &[Sow], p: u8) -> bool {
    legal.contains(&Sow(p))
}

/// What one sowing did, to draw it: read off the positions before and after.
#[derive(Clone, Copy)]
struct Sowing {
    /// The pit emptied.
    origin: u8,
    /// The pits that received seeds (bit `p`).
    sown: u16,
    /// The pit of the last seed.
    last: u8,
    /// The seeds captured from it.
    captured: u32,
}

impl Sowing {
    fn of<const SOLO: bool>(before: &AdjiBoard<SOLO>, mv: Sow) -> Sowing {
        let mut sowing = Sowing {
            origin: mv.0,
            sown: 0,
            last: mv.0,
            captured: 0,
        };
        if mv.is_pass() {
            sowing.origin = u8::MAX;
            return sowing;
        }
        let mut pits: [u8; super::PITS] = std::array::from_fn(|p| before.pit(p as u8));
        let (mut q, mut left) = (mv.0, pits[mv.0 as usize]);
        pits[mv.0 as usize] = 0;
        while left > 0 {
            q = super::NEXT[q as usize];
            if q != mv.0 {
                sowing.sown |= 1 << q;
                pits[q as usize] += 1;
                left -= 1;
            }
        }
        sowing.last = q;
        let mut after = *before;
        crate::game::Game::play_unchecked(&mut after, mv);
        if q != mv.0 && after.pit(q) == 0 {
            sowing.captured = u32::from(pits[q as usize]);
        }
        sowing
    }
}

/// `arbiter play`: a pit (`t3`, `b5`), the course's letter (`A`..`F` the
/// bottom row, `a`..`f` the top row, case-sensitive) or `(linha coluna)`,
/// 0-based (rules §1.4).
impl<const SOLO: bool> PersonPlay for AdjiBoard<SOLO> {
    const MOVE_HELP: &'static str =
        "  t3        a pit: t1..t6 the top row, b1..b6 the bottom row, left to right\n\
         \x20 C         the course's letter: A..F the bottom row, a..f the top row\n\
         \x20           (a is the top row's rightmost pit; case matters here;\n\
         \x20           b alone shows the board: type t5)\n\
         \x20 (1 2)     the course's (linha coluna), 0-based: (1 2) = C = b3\n\
         \x20           With no seed on your row you pass automatically.\n";

    const SCORE_UNIT: Option<[&'static str; 2]> = Some(["seed", "seeds"]);

    const NORMAL_END: &'static str = "the board is empty, or 100 plies passed without a capture";

    fn person_move(&self, words: &[&str]) -> Result<String, String> {
        const HOW: &str = "a move is a pit: t1..t6, b1..b6, a course letter A..F / a..f, \
                           or (linha coluna) such as (1 2)";
        match words {
            [w] if w.len() == 1 => {
                let ch = w.chars().next().unwrap_or(' ');
                if let Some(c) = BOTTOM_LETTERS.iter().position(|&l| l == ch) {
                    Ok(format!("b{}", c + 1))
                } else if let Some(c) = TOP_LETTERS.iter().position(|&l| l == ch) {
                    Ok(format!("t{}", c + 1))
                } else {
                    Err(HOW.into())
                }
            }
            [w] => Ok(w.to_string()),
            [r, c] => match (r.parse::<u8>(), c.parse::<u8>()) {
                (Ok(r), Ok(c)) if r < 2 && c < 6 => {
                    Ok(format!("{}{}", if r == 0 { 't' } else { 'b' }, c + 1))
                }
                (Ok(r), Ok(c)) => Err(format!("no pit at (linha {r} coluna {c})")),
                _ => Err(HOW.into()),
            },
            _ => Err(HOW.into()),
        }
    }
}

#[cfg(test)]
mod person_tests {
    use super::*;
    use crate::games::Adjiboto;

    #[test]
    fn a_person_types_a_pit_a_letter_or_row_and_column() {
        let pos = Adjiboto::start();
        let read = |words: &[&str]| pos.person_move(words);
        assert_eq!(read(&["t3"]), Ok("t3".into()));
        assert_eq!(read(&["C"]), Ok("b3".into()));
        assert_eq!(read(&["a"]), Ok("t6".into()));
        assert_eq!(read(&["f"]), Ok("t1".into()));
        assert_eq!(read(&["1", "2"]), Ok("b3".into()));
        assert_eq!(read(&["0", "0"]), Ok("t1".into()));
        assert!(read(&["2", "0"]).is_err());
        assert!(read(&["x"]).is_err());
        assert!(pos.board_lines()[0].contains("t1f"));
        assert_eq!(
            pos.record_board(&[]),
            "      1  2  3  4  5  6\n  t   8  8  8  8  8  8\n  b   8  8  8  8  8  8\n"
        );
    }
}
