//! The puzzle's problems ([`CourseProblems`]): the course's file is lost
//! (rules "Single-player puzzle"), so none is built in and `solve` works on
//! position strings. A user's file holds one board a problem, the course's
//! list of 3 levels (as [`super::lisp`] reads it); the goal is always a line
//! (target 1).

use super::Galo3dSolo;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl CourseProblems for Galo3dSolo {
    const BUILTIN: &'static str = "";
    const IN_REPORT: bool = false;

    fn shape() -> String {
        "(<level 3> <level 2> <level 1>), each 3 rows of 3 cells, for galo3d".to_string()
    }

    /// Three items, each a list of 3 rows.
    fn recognises(items: &[Sexp]) -> bool {
        items.len() == 3
            && items
                .iter()
                .all(|l| l.as_list().is_some_and(|rows| rows.len() == 3))
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        let pos =
            super::lisp::galo_from_lisp(&Sexp::List(items.to_vec())).map_err(|e| e.to_string())?;
        Ok((1, pos))
    }
}
