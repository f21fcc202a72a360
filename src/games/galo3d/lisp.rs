//! The course's Lisp board of 3-D noughts and crosses ([`LispInterchange`],
//! rules "Lisp interchange"): a list of 3 levels, level 3 (the top board)
//! first, each a list of 3 rows of 3 atoms: `NIL` (empty), `X`, or the
//! nought — `O`, `o` or the digit `0` are read; `O` is written.
//!
//! The board does not say whose turn it is: read as a duel, X moves when
//! both symbols are on the board equally often, else O.

use super::{cell, Galo, Symbol};
use crate::game::{LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

/// A position from the course's list of levels.
pub fn galo_from_lisp<const SOLO: bool>(board: &Sexp) -> Result<Galo<SOLO>, LispError> {
    let levels = board.as_list().filter(|l| l.len() == 3).ok_or_else(|| {
        LispError::new(
            "board",
            format!(
                "expected a list of 3 levels (level 3 first), found {}",
                board.describe()
            ),
        )
    })?;
    let mut bits = [0u32; 2];
    for (k, level) in levels.iter().enumerate() {
        let rows = level.as_list().filter(|r| r.len() == 3).ok_or_else(|| {
            LispError::new(
                format!("level {}", 3 - k),
                format!("expected a list of 3 rows, found {}", level.describe()),
            )
        })?;
        for (r, row) in rows.iter().enumerate() {
            let cells = row.as_list().filter(|c| c.len() == 3).ok_or_else(|| {
                LispError::new(
                    format!("level {}, row {}", 3 - k, r + 1),
                    format!("expected a list of 3 cells, found {}", row.describe()),
                )
            })?;
            for (c, atom) in cells.iter().enumerate() {
                let symbol = match atom {
                    Sexp::Atom(a) if a.eq_ignore_ascii_case("NIL") => None,
                    Sexp::Atom(a) if a.eq_ignore_ascii_case("X") => Some(Symbol::X),
                    Sexp::Atom(a) if a.eq_ignore_ascii_case("O") || a == "0" => Some(Symbol::O),
                    _ => {
                        return Err(LispError::new(
                            format!("level {}, row {}, cell {}", 3 - k, r + 1, c + 1),
                            format!("expected NIL, X or O (or 0), found {}", atom.describe()),
                        ))
                    }
                };
                if let Some(s) = symbol {
                    bits[s as usize] |= 1 << cell(c, r, 2 - k);
                }
            }
        }
    }
    if super::has_line(bits[0]) && super::has_line(bits[1]) && !SOLO {
        return Err(LispError::new(
            "board",
            "a line of at most one symbol (the first line ends the game)",
        ));
    }
    let side = if bits[0].count_ones() > bits[1].count_ones() {
        Player::Two
    } else {
        Player::One
    };
    Ok(Galo::from_bits(bits, side))
}

/// The course's list of levels for a position.
pub fn galo_to_lisp<const SOLO: bool>(pos: &Galo<SOLO>) -> String {
    let mut out = String::from("(");
    for k in 0..3 {
        if k > 0 {
            out.push(' ');
        }
        out.push('(');
        for r in 0..3 {
            if r > 0 {
                out.push(' ');
            }
            out.push('(');
            for c in 0..3 {
                if c > 0 {
                    out.push(' ');
                }
                out.push_str(match pos.at(cell(c, r, 2 - k) as u8) {
                    Some(Symbol::X) => "X",
                    Some(Symbol::O) => "O",
                    None => "NIL",
                });
            }
            out.push(')');
        }
        out.push(')');
    }
    out.push(')');
    out
}

impl<const SOLO: bool> LispInterchange for Galo<SOLO> {
    fn from_lisp(board: &Sexp) -> Result<Self, LispError> {
        galo_from_lisp(board)
    }

    fn to_lisp(&self) -> String {
        galo_to_lisp(self)
    }
}
