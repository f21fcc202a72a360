//! The course's Lisp state of Quatro ([`LispInterchange`], rules §5):
//! `estado` = `(tabuleiro reserva)`, the board a list of 4 rows of 4 cells,
//! a cell `0` or a piece, a piece the list of its four symbols
//! `(branca redonda alta oca)` (colour, shape, height, fill), the reserve a
//! list of pieces.
//!
//! The state does not say whose turn it is (rules §5.4): read as a duel,
//! player 1 moves when the board holds an even number of pieces, and the
//! reserve is the pieces not on the board (the listed reserve is read and
//! checked for well-formed pieces, not compared). Read as a puzzle, the
//! reserve is kept as listed, repeats included.

use super::{QuatroBoard, N};
use crate::game::{LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

/// The symbols of each attribute in the order of a piece's list, as
/// (bit, symbol for 0, symbol for 1).
const SYMBOLS: [(u8, &str, &str); 4] = [
    (0, "branca", "preta"),
    (2, "redonda", "quadrada"),
    (1, "alta", "baixa"),
    (3, "oca", "cheia"),
];

/// A piece's Lisp list, `(branca redonda alta oca)`.
pub fn piece_to_lisp(p: u8) -> String {
    let words: Vec<&str> = SYMBOLS
        .iter()
        .map(|&(bit, zero, one)| if p >> bit & 1 == 1 { one } else { zero })
        .collect();
    format!("({})", words.join(" "))
}

/// A piece from its Lisp list (symbols in any case).
pub fn piece_from_lisp(x: &Sexp, at: &str) -> Result<u8, LispError> {
    let err = || {
        LispError::new(
            at,
            format!(
                "expected a piece (cor forma altura densidade), e.g. (branca redonda alta oca), \
                 found {}",
                x.describe()
            ),
        )
    };
    let items = x.as_list().filter(|l| l.len() == 4).ok_or_else(err)?;
    let mut p = 0u8;
    for (item, &(bit, zero, one)) in items.iter().zip(&SYMBOLS) {
        let Sexp::Atom(word) = item else {
            return Err(err());
        };
        if word.eq_ignore_ascii_case(one) {
            p |= 1 << bit;
        } else if !word.eq_ignore_ascii_case(zero) {
            return Err(LispError::new(
                at,
                format!("expected {zero} or {one}, found {word}"),
            ));
        }
    }
    Ok(p)
}

/// A position from `(tabuleiro reserva)`.
pub fn quatro_from_lisp<const SOLO: bool>(state: &Sexp) -> Result<QuatroBoard<SOLO>, LispError> {
    let parts = state.as_list().filter(|p| p.len() == 2).ok_or_else(|| {
        LispError::new(
            "estado",
            format!("expected (tabuleiro reserva), found {}", state.describe()),
        )
    })?;
    let rows = parts[0].as_list().filter(|r| r.len() == 4).ok_or_else(|| {
        LispError::new(
            "tabuleiro",
            format!("expected a list of 4 rows, found {}", parts[0].describe()),
        )
    })?;
    let mut board = [None; N];
    let mut on = 0u16;
    for (r, row) in rows.iter().enumerate() {
        let cells = row.as_list().filter(|c| c.len() == 4).ok_or_else(|| {
            LispError::new(
                format!("row {}", r + 1),
                format!("expected 4 cells, found {}", row.describe()),
            )
        })?;
        for (c, cell) in cells.iter().enumerate() {
            let at = format!("row {}, cell {}", r + 1, c + 1);
            if cell.as_int() == Some(0) {
                continue;
            }
            let p = piece_from_lisp(cell, &at)?;
            if !SOLO && on >> p & 1 == 1 {
                return Err(LispError::new(
                    at,
                    "the piece is already on the board (the duel's pieces are distinct)",
                ));
            }
            on |= 1 << p;
            board[4 * r + c] = Some(p);
        }
    }
    let items = parts[1].as_list().ok_or_else(|| {
        LispError::new(
            "reserva",
            format!("expected a list of pieces, found {}", parts[1].describe()),
        )
    })?;
    if items.len() > N {
        return Err(LispError::new(
            "reserva",
            format!("at most {N} pieces, found {}", items.len()),
        ));
    }
    let reserve = items
        .iter()
        .enumerate()
        .map(|(k, x)| piece_from_lisp(x, &format!("reserva, piece {}", k + 1)))
        .collect::<Result<Vec<u8>, _>>()?;
    let placed = board.iter().flatten().count();
    let side = if placed % 2 == 0 {
        Player::One
    } else {
        Player::Two
    };
    Ok(QuatroBoard::from_parts(board, &reserve, side))
}

/// The course's `(tabuleiro reserva)` of a position.
pub fn quatro_to_lisp<const SOLO: bool>(pos: &QuatroBoard<SOLO>) -> String {
    let rows: Vec<String> = (0..4u8)
        .map(|r| {
            let cells: Vec<String> = (0..4u8)
                .map(|c| pos.at(4 * r + c).map_or("0".to_string(), piece_to_lisp))
                .collect();
            format!("({})", cells.join(" "))
        })
        .collect();
    let reserve: Vec<String> = pos.reserve().iter().map(|&p| piece_to_lisp(p)).collect();
    format!("(({}) ({}))", rows.join(" "), reserve.join(" "))
}

impl<const SOLO: bool> LispInterchange for QuatroBoard<SOLO> {
    fn from_lisp(state: &Sexp) -> Result<Self, LispError> {
        quatro_from_lisp(state)
    }

    fn to_lisp(&self) -> String {
        quatro_to_lisp(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::{Quatro, QuatroSolo};
    use crate::lisp::read_one;

    #[test]
    fn round_trip_and_side() {
        let pos = Quatro::from_fen("quatro brao,-,-,-/-,-,-,-/-,-,pqbc,-/-,-,-,- 1").unwrap();
        let text = pos.to_lisp();
        assert!(text.starts_with("((((branca redonda alta oca) 0 0 0) (0 0 0 0)"));
        let back = Quatro::from_lisp(&read_one(&text).unwrap()).unwrap();
        assert_eq!(back, pos);
        let one = Quatro::from_fen("quatro brao,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- 2").unwrap();
        assert_eq!(
            Quatro::from_lisp(&read_one(&one.to_lisp()).unwrap()).unwrap(),
            one
        );
        let solo =
            QuatroSolo::from_fen("quatro-solo -,-,-,-/-,-,-,-/-,-,-,-/-,-,-,- pqbc,pqbc").unwrap();
        assert_eq!(
            solo.to_lisp(),
            "(((0 0 0 0) (0 0 0 0) (0 0 0 0) (0 0 0 0)) \
             ((preta quadrada baixa cheia) (preta quadrada baixa cheia)))"
        );
        let e = Quatro::from_lisp(&read_one("(((0 0 0 0)) ())").unwrap()).unwrap_err();
        assert_eq!(e.at, "tabuleiro");
    }
}
