//! The course's Lisp board of the number-board games ([`LispInterchange`]):
//! a list of rows, each a list of atoms: a number, `NIL` (empty), `T` (the
//! puzzle's piece), `-1` / `-2` (white / black piece of the duel).

use super::{Jump, Piece, STRIDE};
use crate::game::{Game, LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

impl<P: Piece, const SOLO: bool> LispInterchange for Jump<P, SOLO> {
    fn from_lisp(board: &Sexp) -> Result<Self, LispError> {
        jump_from_lisp(board)
    }

    fn to_lisp(&self) -> String {
        jump_to_lisp(self)
    }
}

/// A knight or bishop board from the course's list of rows.
///
/// In the duel, a board without `-1` and `-2` is a board before the automatic
/// placement, which is applied; in the puzzle, `T` marks the placed piece.
pub fn jump_from_lisp<P: Piece, const SOLO: bool>(
    board: &Sexp,
) -> Result<Jump<P, SOLO>, LispError> {
    let rows = board
        .as_list()
        .filter(|rows| rows.len() == P::SIDE)
        .ok_or_else(|| {
            LispError::new(
                "board",
                format!(
                    "expected a list of {} rows, found {}",
                    P::SIDE,
                    board.describe()
                ),
            )
        })?;
    let mut fen_rows = Vec::with_capacity(P::SIDE);
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_list()
            .filter(|cells| cells.len() == P::SIDE)
            .ok_or_else(|| {
                LispError::new(
                    format!("row {}", r + 1),
                    format!(
                        "expected a list of {} cells, found {}",
                        P::SIDE,
                        row.describe()
                    ),
                )
            })?;
        let mut texts = Vec::with_capacity(P::SIDE);
        for (c, cell) in cells.iter().enumerate() {
            let text = match (cell, cell.as_int()) {
                (Sexp::Atom(a), _) if a == "NIL" => "-".to_string(),
                (Sexp::Atom(a), _) if a == "T" && SOLO => "W".to_string(),
                (_, Some(-1)) if !SOLO => "W".to_string(),
                (_, Some(-2)) if !SOLO => "B".to_string(),
                (_, Some(n)) if (0..100).contains(&n) => format!("{n:02}"),
                _ => {
                    let pieces = if SOLO { "T" } else { "-1, -2" };
                    return Err(LispError::new(
                        format!("row {}, cell {}", r + 1, c + 1),
                        format!(
                            "expected a number 0..99, NIL or {pieces}, found {}",
                            cell.describe()
                        ),
                    ));
                }
            };
            texts.push(text);
        }
        fen_rows.push(texts.join(","));
    }
    let tail = if SOLO { "0" } else { "w 0 0" };
    let fen = format!(
        "{} {} {tail}",
        <Jump<P, SOLO> as Game>::NAME,
        fen_rows.join("/")
    );
    Jump::from_fen(&fen).map_err(|e| LispError::new("board", e.to_string()))
}

/// The course's list of rows for a knight or bishop position.
pub fn jump_to_lisp<P: Piece, const SOLO: bool>(pos: &Jump<P, SOLO>) -> String {
    let mut out = String::from("(");
    for r in 0..P::SIDE {
        out.push('(');
        for c in 0..P::SIDE {
            let sq = (r * STRIDE + c) as u8;
            if c > 0 {
                out.push(' ');
            }
            let cell = if pos.piece(Player::One) == Some(sq) {
                if SOLO { "T" } else { "-1" }.to_string()
            } else if !SOLO && pos.piece(Player::Two) == Some(sq) {
                "-2".to_string()
            } else {
                pos.number(sq).map_or("NIL".to_string(), |n| n.to_string())
            };
            out.push_str(&cell);
        }
        out.push(')');
    }
    out.push(')');
    out
}
