//! The course's Dots and Boxes problems ([`CourseProblems`]): `(<target>
//! (<H> <V>))`.

use super::DotsSolo;
use crate::game::problems::target;
use crate::game::CourseProblems;
use crate::lisp::Sexp;

impl CourseProblems for DotsSolo {
    const BUILTIN: &'static str = include_str!("../../../data/problems/dots.dat");
    const IN_REPORT: bool = true;

    fn shape() -> String {
        "(<target> (<H> <V>)) for dots".to_string()
    }

    /// Two items.
    fn recognises(items: &[Sexp]) -> bool {
        items.len() == 2
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        dots(items)
    }
}

fn dots(items: &[Sexp]) -> Result<(u32, DotsSolo), String> {
    let t = target(items)?;
    if items.len() != 2 {
        return Err(format!(
            "expected (<target> (<H> <V>)), found {} items",
            items.len()
        ));
    }
    let mut pos: DotsSolo = super::lisp::dots_from_lisp(&items[1]).map_err(|e| e.to_string())?;
    pos.set_target(Some(t));
    Ok((t, pos))
}
