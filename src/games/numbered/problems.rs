//! The course's problems of the number-board puzzles ([`CourseProblems`]):
//! `(<target> <row 1> … <row 10>)` for the knight, rows top to bottom;
//! `(<target> <line 1> … <line 8>)` for the bishop, written **bottom row
//! first** (the last line is row 1), as the published bishop problems are;
//! `(<target> <row 1> … <row 7>)` for the rook, with `T` its square.

use super::{Jump, Piece};
use crate::game::problems::target;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl<P: Piece> CourseProblems for Jump<P, true> {
    const BUILTIN: &'static str = P::PROBLEMS;
    const IN_REPORT: bool = P::IN_REPORT;

    fn shape() -> String {
        format!("(<target> <{} rows>) for the {}", P::SIDE, P::NAME)
    }

    fn recognises(items: &[Sexp]) -> bool {
        items.len() == P::SIDE + 1
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        jump::<P>(items)
    }
}

fn jump<P: Piece>(items: &[Sexp]) -> Result<(u32, Jump<P, true>), String> {
    let t = target(items)?;
    if items.len() != P::SIDE + 1 {
        return Err(format!(
            "expected the target and {} rows, found {} items",
            P::SIDE,
            items.len()
        ));
    }
    let mut rows: Vec<Sexp> = items[1..].to_vec();
    if P::PROBLEMS_BOTTOM_FIRST {
        // The bishop problems were written bottom row first.
        rows.reverse();
    }
    let mut pos: Jump<P, true> =
        super::lisp::jump_from_lisp(&Sexp::List(rows)).map_err(|e| e.to_string())?;
    pos.set_target(Some(t));
    Ok((t, pos))
}
