//! The course's Lisp board and state of Adji-boto ([`LispInterchange`],
//! rules §1.2, §5): the board is a list of 2 rows of 6 seed counts,
//! `((8 8 8 8 8 8) (8 8 8 8 8 8))`, row 0 the top row; the duel's `estado`
//! is `(tabuleiro (pontos-1 pontos-2))`.
//!
//! The state does not say whose turn it is (rules §5.4): read as a duel,
//! player 1 is to move (the adapter turns the board for a program playing
//! player 2) and no ply has passed without a capture. The puzzle reads and
//! writes the bare board (a problem of the course's file), any-row capture.

use super::{AdjiBoard, SEEDS};
use crate::game::{LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

/// The two rows of a Lisp board `((…6…) (…6…))`.
fn rows_from_lisp(board: &Sexp) -> Result<[[u8; 6]; 2], LispError> {
    let rows = board.as_list().filter(|r| r.len() == 2).ok_or_else(|| {
        LispError::new(
            "tabuleiro",
            format!("expected a list of 2 rows, found {}", board.describe()),
        )
    })?;
    let mut out = [[0u8; 6]; 2];
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_list().filter(|c| c.len() == 6).ok_or_else(|| {
            LispError::new(
                format!("row {r}"),
                format!("expected 6 seed counts, found {}", row.describe()),
            )
        })?;
        for (c, cell) in cells.iter().enumerate() {
            out[r][c] = cell
                .as_int()
                .filter(|n| (0..=SEEDS as i64).contains(n))
                .ok_or_else(|| {
                    LispError::new(
                        format!("row {r}, pit {}", c + 1),
                        format!(
                            "expected a seed count 0..{SEEDS}, found {}",
                            cell.describe()
                        ),
                    )
                })? as u8;
        }
    }
    Ok(out)
}

/// A position from a bare Lisp board (scores 0, player 1 to move), with
/// the puzzle's capture reading.
pub fn board_from_lisp<const SOLO: bool>(
    board: &Sexp,
    opposite: bool,
) -> Result<AdjiBoard<SOLO>, LispError> {
    let rows = rows_from_lisp(board)?;
    AdjiBoard::new(rows, [0, 0], Player::One, 0, opposite)
        .map_err(|e| LispError::new("tabuleiro", e.to_string()))
}

/// The Lisp board `((…) (…))` of a position.
pub fn board_to_lisp<const SOLO: bool>(pos: &AdjiBoard<SOLO>) -> String {
    let rows: Vec<String> = pos
        .rows()
        .iter()
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|n| n.to_string()).collect();
            format!("({})", cells.join(" "))
        })
        .collect();
    format!("({})", rows.join(" "))
}

/// The duel from `(tabuleiro (pontos-1 pontos-2))`, player 1 to move.
pub fn state_from_lisp<const SOLO: bool>(state: &Sexp) -> Result<AdjiBoard<SOLO>, LispError> {
    let parts = state.as_list().filter(|p| p.len() == 2).ok_or_else(|| {
        LispError::new(
            "estado",
            format!(
                "expected (tabuleiro (pontos-1 pontos-2)), found {}",
                state.describe()
            ),
        )
    })?;
    let rows = rows_from_lisp(&parts[0])?;
    let scores = parts[1]
        .as_list()
        .filter(|s| s.len() == 2)
        .and_then(|s| {
            let a = s[0].as_int().filter(|n| (0..=SEEDS as i64).contains(n))?;
            let b = s[1].as_int().filter(|n| (0..=SEEDS as i64).contains(n))?;
            Some([a as u32, b as u32])
        })
        .ok_or_else(|| {
            LispError::new(
                "pontos",
                format!(
                    "expected (pontos-1 pontos-2), two counts 0..{SEEDS}, found {}",
                    parts[1].describe()
                ),
            )
        })?;
    AdjiBoard::new(rows, scores, Player::One, 0, false)
        .map_err(|e| LispError::new("estado", e.to_string()))
}

impl<const SOLO: bool> LispInterchange for AdjiBoard<SOLO> {
    /// The duel: `estado`; the puzzle: the bare board.
    fn from_lisp(board: &Sexp) -> Result<Self, LispError> {
        if SOLO {
            board_from_lisp(board, false)
        } else {
            state_from_lisp(board)
        }
    }

    /// The duel: `(tabuleiro (pontos-1 pontos-2))`; the puzzle: the board.
    fn to_lisp(&self) -> String {
        if SOLO {
            return board_to_lisp(self);
        }
        let [a, b] = self.captured();
        format!("({} ({a} {b}))", board_to_lisp(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Adjiboto, AdjibotoSolo};
    use crate::lisp::read_one;

    #[test]
    fn round_trip_and_errors() {
        let pos = Adjiboto::start();
        assert_eq!(pos.to_lisp(), "(((8 8 8 8 8 8) (8 8 8 8 8 8)) (0 0))");
        assert_eq!(
            Adjiboto::from_lisp(&read_one(&pos.to_lisp()).unwrap()).unwrap(),
            pos
        );
        let solo = AdjibotoSolo::from_fen("adjiboto-solo 0,0,0,0,0,2 0,0,0,0,4,0").unwrap();
        assert_eq!(solo.to_lisp(), "((0 0 0 0 0 2) (0 0 0 0 4 0))");
        assert_eq!(
            AdjibotoSolo::from_lisp(&read_one(&solo.to_lisp()).unwrap()).unwrap(),
            solo
        );
        let e = Adjiboto::from_lisp(&read_one("(((8 8 8 8 8) (8 8 8 8 8 8)) (0 0))").unwrap())
            .unwrap_err();
        assert_eq!(e.at, "row 0");
        let e = Adjiboto::from_lisp(&read_one("(((8 8 8 8 8 8) (8 8 8 8 8 8)) (0))").unwrap())
            .unwrap_err();
        assert_eq!(e.at, "pontos");
        let e = AdjibotoSolo::from_lisp(&read_one("((0 0 0 0 0 x) (0 0 0 0 0 0))").unwrap())
            .unwrap_err();
        assert_eq!(e.at, "row 0, pit 6");
    }
}
