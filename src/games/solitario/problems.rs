//! The course's peg-solitaire problems ([`CourseProblems`]): one top-level
//! Lisp board per problem, 7 rows of 7 cells (`nil` not a hole, `0` empty,
//! `1` a peg; rules §1.2, §2.6), without a target — the goal is one peg
//! (target 1). Problems A–F; F is the full board with the centre empty.

use super::SolitarioSolo;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl CourseProblems for SolitarioSolo {
    const BUILTIN: &'static str = include_str!("../../../data/problems/solitario.dat");
    const IN_REPORT: bool = false;

    fn shape() -> String {
        "(<7 rows of 7 cells: nil, 0 or 1>) for solitario".to_string()
    }

    /// Seven items, each a list of 7.
    fn recognises(items: &[Sexp]) -> bool {
        items.len() == 7
            && items
                .iter()
                .all(|row| row.as_list().is_some_and(|cells| cells.len() == 7))
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        let pos = super::lisp::board_from_lisp::<true>(
            &Sexp::List(items.to_vec()),
            crate::game::Player::One,
        )
        .map_err(|e| e.to_string())?;
        Ok((1, pos))
    }
}
