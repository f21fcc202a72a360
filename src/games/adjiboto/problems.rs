//! The course's Adji-boto problems ([`CourseProblems`]): one top-level list
//! `(<row 0> <row 1>)` per problem, 6 seed counts each (rules §3.5),
//! without a target — the goal is always the empty board, target 1 (see the
//! folder's module doc). Problems a)–g) are `A`–`G`; a file may hold more.

use super::AdjibotoSolo;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl CourseProblems for AdjibotoSolo {
    const BUILTIN: &'static str = include_str!("../../../data/problems/adjiboto.dat");
    const IN_REPORT: bool = false;

    fn shape() -> String {
        "(<row of 6 seed counts> <row of 6 seed counts>) for adjiboto".to_string()
    }

    /// Two items, each a list of 6.
    fn recognises(items: &[Sexp]) -> bool {
        items.len() == 2
            && items
                .iter()
                .all(|row| row.as_list().is_some_and(|cells| cells.len() == 6))
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        let pos = super::lisp::board_from_lisp(&Sexp::List(items.to_vec()), false)
            .map_err(|e| e.to_string())?;
        Ok((1, pos))
    }
}
