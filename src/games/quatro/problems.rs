//! The course's Quatro problems ([`CourseProblems`]): one top-level list
//! `(<board> <reserve>)` per problem (rules §3.5), without a target — the
//! goal is always a winning line, target 1 (see the folder's module doc).
//! Problems are loaded as given (problem D included, rules §3.6).

use super::QuatroSolo;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl CourseProblems for QuatroSolo {
    const BUILTIN: &'static str = include_str!("../../../data/problems/quatro.dat");
    const IN_REPORT: bool = true;

    fn shape() -> String {
        "(<board of 4 rows> <reserve>) for quatro".to_string()
    }

    /// Two items, the first a list of 4 rows.
    fn recognises(items: &[Sexp]) -> bool {
        items.len() == 2 && items[0].as_list().is_some_and(|rows| rows.len() == 4)
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        let pos = super::lisp::quatro_from_lisp(&Sexp::List(items.to_vec()))
            .map_err(|e| e.to_string())?;
        Ok((1, pos))
    }
}
