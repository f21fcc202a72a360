//! The course's Lisp state of Dots and Boxes ([`LispInterchange`]): `(H V)`,
//! `H` the dot rows of horizontal arcs, `V` the dot columns of vertical arcs;
//! `0` no arc, `1` / `2` the arc's owner.

use super::{Arc, DotsBoard};
use crate::game::{Game, LispInterchange, Player};
use crate::lisp::{LispError, Sexp};

impl<const SOLO: bool> LispInterchange for DotsBoard<SOLO> {
    fn from_lisp(state: &Sexp) -> Result<Self, LispError> {
        dots_from_lisp(state)
    }

    fn to_lisp(&self) -> String {
        dots_to_lisp(self)
    }
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
    let id = <DotsBoard<SOLO> as Game>::NAME;
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
