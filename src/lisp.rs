//! The course's Lisp data: a small s-expression reader and the conversions
//! between the course's boards and our positions.
//!
//! - Knight / bishop board: a list of rows, each a list of atoms: a number,
//!   `NIL` (empty), `T` (the puzzle's piece), `-1` / `-2` (white / black piece
//!   of the duel).
//! - Dots and Boxes: `(H V)`, `H` the dot rows of horizontal arcs, `V` the dot
//!   columns of vertical arcs; `0` no arc, `1` / `2` the arc's owner.
//!
//! ```
//! use tabula::game::{Game, KnightSolo};
//! use tabula::lisp;
//!
//! let board = "((2 20 44 NIL NIL NIL NIL NIL NIL NIL)".to_string()
//!     + &" (NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)".repeat(9) + ")";
//! let pos: KnightSolo = lisp::jump_from_lisp(&lisp::read_one(&board).unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 3);
//! assert!(lisp::jump_to_lisp(&pos).starts_with("((2 20 44 NIL"));
//! ```

use crate::game::dots::DotsBoard;
use crate::game::numbered::{Jump, Piece, STRIDE};
use crate::game::{Arc, Game, Player};
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

    fn describe(&self) -> String {
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
    fn new(at: impl Into<String>, message: impl Into<String>) -> LispError {
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
        <Jump<P, SOLO> as Game>::ID,
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

/// A Dots and Boxes position from the course's `(H V)` state; the size is
/// read off the lists. In the duel the scores start at 0 and player 1 moves.
pub fn dots_from_lisp<const SOLO: bool>(state: &Sexp) -> Result<DotsBoard<SOLO>, LispError> {
    let parts = state.as_list().filter(|p| p.len() == 2).ok_or_else(|| {
        LispError::new(
            "state",
            format!("expected (H V), found {}", state.describe()),
        )
    })?;
    let lists = |i: usize, name: &str| -> Result<Vec<Vec<i64>>, LispError> {
        let groups = parts[i].as_list().ok_or_else(|| {
            LispError::new(
                name,
                format!("expected a list, found {}", parts[i].describe()),
            )
        })?;
        groups
            .iter()
            .enumerate()
            .map(|(g, group)| {
                let at = || format!("{name} list {}", g + 1);
                let items = group
                    .as_list()
                    .ok_or_else(|| LispError::new(at(), "expected a list of 0, 1 or 2"))?;
                items
                    .iter()
                    .map(|x| {
                        x.as_int().filter(|n| (0..=2).contains(n)).ok_or_else(|| {
                            LispError::new(
                                at(),
                                format!("expected 0, 1 or 2, found {}", x.describe()),
                            )
                        })
                    })
                    .collect()
            })
            .collect()
    };
    let (h, v) = (lists(0, "H")?, lists(1, "V")?);
    let rows = h.len().saturating_sub(1);
    let cols = h.first().map_or(0, |g| g.len());
    let group = |g: &Vec<Vec<i64>>| {
        g.iter()
            .map(|l| l.iter().map(|n| n.to_string()).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    };
    let id = <DotsBoard<SOLO> as Game>::ID;
    let tail = if SOLO { "" } else { " 1 0 0" };
    let fen = format!("{id} {rows}x{cols} {} {}{tail}", group(&h), group(&v));
    DotsBoard::from_fen(&fen).map_err(|e| LispError::new("state", e.to_string()))
}

/// The course's `(H V)` state of a Dots and Boxes position (in the puzzle
/// every arc is `1`).
pub fn dots_to_lisp<const SOLO: bool>(pos: &DotsBoard<SOLO>) -> String {
    let cell = |arc: Arc| match pos.owner(arc) {
        None => "0",
        Some(Player::One) => "1",
        Some(Player::Two) => "2",
    };
    let (rows, cols) = (pos.rows(), pos.cols());
    let h: Vec<String> = (0..=rows)
        .map(|r| {
            let arcs: Vec<&str> = (0..cols).map(|c| cell(Arc::h(r as u8, c as u8))).collect();
            format!("({})", arcs.join(" "))
        })
        .collect();
    let v: Vec<String> = (0..=cols)
        .map(|c| {
            let arcs: Vec<&str> = (0..rows).map(|r| cell(Arc::v(r as u8, c as u8))).collect();
            format!("({})", arcs.join(" "))
        })
        .collect();
    format!("(({}) ({}))", h.join(" "), v.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Dots, Knight, KnightSolo};

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
        let pos: Knight = crate::random::duel(3);
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
