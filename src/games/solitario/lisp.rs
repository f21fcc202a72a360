//! The course's Lisp board and state of Solitário ([`LispInterchange`],
//! rules §1.2, §5): a list of 7 rows of 7 cells, `nil` not a hole, `0`
//! empty, `1` a peg (the duel: `1` player 1's, `2` player 2's), row 1 first.
//!
//! The duel's `estado` is the bare board (the statement's championship
//! example); it does not say whose turn it is, so read alone it is player
//! 1's turn at ply 0, and the adapter passes the side separately (rules
//! §5.2). The reading `(tabuleiro jogador)` of one group is accepted too.
//! The puzzle reads and writes the bare board (a problem of the course's
//! file), target 1.

use super::{SoliBoard, Variant, HOLES};
use crate::game::{LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

/// A position from a bare Lisp board, `side` to move, ply 0.
pub fn board_from_lisp<const SOLO: bool>(
    board: &Sexp,
    side: Player,
) -> Result<SoliBoard<SOLO>, LispError> {
    let rows = board.as_list().filter(|r| r.len() == 7).ok_or_else(|| {
        LispError::new(
            "tabuleiro",
            format!("expected a list of 7 rows, found {}", board.describe()),
        )
    })?;
    let mut pegs = [0u64; 2];
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_list().filter(|c| c.len() == 7).ok_or_else(|| {
            LispError::new(
                format!("row {}", r + 1),
                format!("expected 7 cells, found {}", row.describe()),
            )
        })?;
        for (c, cell) in cells.iter().enumerate() {
            let i = 7 * r + c;
            let hole = HOLES >> i & 1 == 1;
            let at = format!("row {}, column {}", r + 1, c + 1);
            let is_nil = matches!(cell, Sexp::Atom(a) if a.eq_ignore_ascii_case("nil"))
                || matches!(cell, Sexp::List(l) if l.is_empty());
            match (is_nil, cell.as_int(), hole) {
                (true, _, false) => {}
                (false, Some(0), true) => {}
                (false, Some(1), true) => pegs[0] |= 1 << i,
                (false, Some(2), true) if !SOLO => pegs[1] |= 1 << i,
                (_, _, false) => {
                    return Err(LispError::new(
                        at,
                        format!("expected nil (not a hole), found {}", cell.describe()),
                    ))
                }
                _ => {
                    let expected = if SOLO { "0 or 1" } else { "0, 1 or 2" };
                    return Err(LispError::new(
                        at,
                        format!("expected {expected}, found {}", cell.describe()),
                    ));
                }
            }
        }
    }
    SoliBoard::new(pegs, side, 0, 1, Variant::default())
        .map_err(|e| LispError::new("tabuleiro", e.to_string()))
}

/// The Lisp board `((nil nil 1 1 1 nil nil) …)` of a position.
pub fn board_to_lisp<const SOLO: bool>(pos: &SoliBoard<SOLO>) -> String {
    let rows: Vec<String> = (0..7u8)
        .map(|r| {
            let cells: Vec<String> = (0..7u8)
                .map(|c| {
                    let i = 7 * r + c;
                    if HOLES >> i & 1 == 0 {
                        "nil".to_string()
                    } else {
                        pos.cell(i).to_string()
                    }
                })
                .collect();
            format!("({})", cells.join(" "))
        })
        .collect();
    format!("({})", rows.join(" "))
}

impl<const SOLO: bool> LispInterchange for SoliBoard<SOLO> {
    /// The bare board (player 1 to move), or the duel's `(tabuleiro
    /// jogador)`, `jogador` 1 or 2.
    fn from_lisp(state: &Sexp) -> Result<Self, LispError> {
        if let Some([board, side]) = state
            .as_list()
            .filter(|l| l.len() == 2)
            .map(|l| [&l[0], &l[1]])
        {
            if SOLO {
                return Err(LispError::new(
                    "tabuleiro",
                    "the puzzle's state is the bare board",
                ));
            }
            let side = match side.as_int() {
                Some(1) => Player::One,
                Some(2) => Player::Two,
                _ => {
                    return Err(LispError::new(
                        "jogador",
                        format!("expected 1 or 2, found {}", side.describe()),
                    ))
                }
            };
            return board_from_lisp(board, side);
        }
        board_from_lisp(state, Player::One)
    }

    /// The bare board (the duel's canonical `estado`).
    fn to_lisp(&self) -> String {
        board_to_lisp(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Solitario, SolitarioSolo};
    use crate::lisp::read_one;

    #[test]
    fn round_trip_and_errors() {
        let pos = Solitario::start();
        let text = pos.to_lisp();
        assert!(
            text.starts_with("((nil nil 1 1 1 nil nil) (nil nil 1 1 1 nil nil) (0 0 0 0 0 0 0)")
        );
        assert_eq!(
            Solitario::from_lisp(&read_one(&text).unwrap()).unwrap(),
            pos
        );
        let two = Solitario::from_lisp(&read_one(&format!("({text} 2)")).unwrap()).unwrap();
        assert_eq!(two.side_to_move(), Player::Two);
        let solo = SolitarioSolo::start();
        assert_eq!(
            SolitarioSolo::from_lisp(&read_one(&solo.to_lisp()).unwrap()).unwrap(),
            solo
        );
        let e = SolitarioSolo::from_lisp(&read_one(&text.replace("1 1 1", "2 1 1")).unwrap())
            .unwrap_err();
        assert_eq!(e.at, "row 1, column 3");
        let e = Solitario::from_lisp(&read_one("((0 0) 1)").unwrap()).unwrap_err();
        assert_eq!(e.at, "tabuleiro");
        let e = Solitario::from_lisp(&read_one(&format!("({text} 3)")).unwrap()).unwrap_err();
        assert_eq!(e.at, "jogador");
    }
}
