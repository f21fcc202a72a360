//! The course's Lisp data: a small s-expression reader and the conversions
//! between the course's boards and our positions.
//!
//! - Knight / bishop board: a list of rows, each a list of atoms: a number,
//!   `NIL` (empty), `T` (the puzzle's piece), `-1` / `-2` (white / black piece
//!   of the duel).
//! - Dots and Boxes: `(H V)`, `H` the dot rows of horizontal arcs, `V` the dot
//!   columns of vertical arcs; `0` no arc, `1` / `2` the arc's owner.
//!
//! The reader is here; each game converts its own boards in its folder
//! (`game/numbered/lisp.rs`, `game/dots/lisp.rs`, …), each through
//! [`LispInterchange`](crate::game::LispInterchange).
//!
//! ```
//! use tabula::game::{Game, LispInterchange};
//! use tabula::games::KnightSolo;
//! use tabula::lisp;
//!
//! let board = "((2 20 44 NIL NIL NIL NIL NIL NIL NIL)".to_string()
//!     + &" (NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)".repeat(9) + ")";
//! let pos = KnightSolo::from_lisp(&lisp::read_one(&board).unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 3);
//! assert!(pos.to_lisp().starts_with("((2 20 44 NIL"));
//! ```

use std::fmt;

/// An s-expression: an atom (kept as written, upper-cased) or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    /// The list's items, or `None` for an atom.
    pub fn as_list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(items) => Some(items),
            Sexp::Atom(a) if a == "NIL" => Some(&[]),
            Sexp::Atom(_) => None,
        }
    }

    /// The atom as an integer, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Sexp::Atom(a) => a.parse().ok(),
            Sexp::List(_) => None,
        }
    }

    pub(crate) fn describe(&self) -> String {
        match self {
            Sexp::Atom(a) => a.clone(),
            Sexp::List(items) => format!("a list of {} items", items.len()),
        }
    }
}

impl fmt::Display for Sexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sexp::Atom(a) => f.write_str(a),
            Sexp::List(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Lisp text that could not be read or is not the expected board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LispError {
    /// Where: `line 3, column 7`, or the part of the board (`row 2, cell 5`).
    pub at: String,
    pub message: String,
}

impl LispError {
    pub(crate) fn new(at: impl Into<String>, message: impl Into<String>) -> LispError {
        LispError {
            at: at.into(),
            message: message.into(),
        }
    }
}

impl fmt::Display for LispError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for LispError {}

/// Reads every top-level expression of `text`, skipping `;` comments and
/// `#| … |#` block comments. A leading quote (`'(…)`) is ignored.
pub fn read_all(text: &str) -> Result<Vec<Sexp>, LispError> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
        depth: 0,
    };
    let mut out = Vec::new();
    loop {
        reader.skip_blank()?;
        if reader.peek().is_none() {
            return Ok(out);
        }
        out.push(reader.expr()?);
    }
}

/// Reads exactly one expression.
pub fn read_one(text: &str) -> Result<Sexp, LispError> {
    let mut all = read_all(text)?;
    match all.len() {
        1 => Ok(all.pop().expect("one expression")),
        n => Err(LispError::new(
            "input",
            format!("expected one expression, found {n}"),
        )),
    }
}

/// Deepest list nesting read (the course's data nests 4 deep); deeper input
/// is refused instead of overflowing the stack.
const MAX_DEPTH: usize = 64;

struct Reader {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    /// Lists currently open.
    depth: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn here(&self) -> String {
        format!("line {}, column {}", self.line, self.col)
    }

    fn skip_blank(&mut self) -> Result<(), LispError> {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.bump();
            } else if c == ';' {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c == '#' && self.chars.get(self.i + 1) == Some(&'|') {
                let at = self.here();
                self.bump();
                self.bump();
                loop {
                    match self.bump() {
                        None => return Err(LispError::new(at, "unterminated #| comment")),
                        Some('|') if self.peek() == Some('#') => {
                            self.bump();
                            break;
                        }
                        _ => {}
                    }
                }
            } else {
                break;
            }
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Sexp, LispError> {
        self.skip_blank()?;
        // Quotes are ignored (a loop, not recursion: `''''…` cannot overflow).
        while self.peek() == Some('\'') {
            self.bump();
            self.skip_blank()?;
        }
        let at = self.here();
        match self.peek() {
            None => Err(LispError::new(at, "unexpected end of input")),
            Some(')') => Err(LispError::new(at, "unexpected ')'")),
            Some('(') => {
                if self.depth >= MAX_DEPTH {
                    return Err(LispError::new(
                        at,
                        format!("lists nested more than {MAX_DEPTH} deep"),
                    ));
                }
                self.bump();
                self.depth += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_blank()?;
                    match self.peek() {
                        None => return Err(LispError::new(at, "'(' is never closed")),
                        Some(')') => {
                            self.bump();
                            self.depth -= 1;
                            return Ok(Sexp::List(items));
                        }
                        Some(_) => items.push(self.expr()?),
                    }
                }
            }
            Some(_) => {
                let mut atom = String::new();
                while let Some(c) = self.peek() {
                    if c.is_whitespace() || c == '(' || c == ')' || c == ';' {
                        break;
                    }
                    atom.push(c.to_ascii_uppercase());
                    self.bump();
                }
                Ok(Sexp::Atom(atom))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::dots::lisp::{dots_from_lisp, dots_to_lisp};
    use crate::games::numbered::lisp::{jump_from_lisp, jump_to_lisp};
    use crate::games::{Dots, Knight, KnightSolo};

    #[test]
    fn reader_handles_comments_quotes_and_errors() {
        let all = read_all("; hi\n'(1 (2 nil) #| x |# t) 3").unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(all[0].to_string(), "(1 (2 NIL) T)");
        let err = read_all("(1 2").unwrap_err();
        assert_eq!(err.at, "line 1, column 1");
        assert!(read_all(")").is_err());
    }

    #[test]
    fn duel_board_round_trips_with_pieces() {
        let pos: Knight = crate::games::numbered::random::duel(3);
        let text = jump_to_lisp(&pos);
        assert_eq!(text.matches("-1").count(), 1);
        let back: Knight = jump_from_lisp(&read_one(&text).unwrap()).unwrap();
        // Scores are not part of the Lisp board.
        assert_eq!(back.fen().split(' ').nth(1), pos.fen().split(' ').nth(1));
    }

    #[test]
    fn bad_cells_are_located() {
        let mut rows = ["(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)"; 10];
        rows[2] = "(NIL NIL FOO NIL NIL NIL NIL NIL NIL NIL)";
        let text = format!("({})", rows.join(" "));
        let err = jump_from_lisp::<_, true>(&read_one(&text).unwrap())
            .map(|p: KnightSolo| p)
            .unwrap_err();
        assert_eq!(err.at, "row 3, cell 3");
    }

    #[test]
    fn dots_state_round_trips() {
        let pos = Dots::from_fen("dots 2x3 120/000/001 01/00/20/00 1 0 0").unwrap();
        let text = dots_to_lisp(&pos);
        assert_eq!(
            text,
            "(((1 2 0) (0 0 0) (0 0 1)) ((0 1) (0 0) (2 0) (0 0)))"
        );
        let back: Dots = dots_from_lisp(&read_one(&text).unwrap()).unwrap();
        assert_eq!(back, pos);
    }
}
