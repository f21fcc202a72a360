//! The course's Blokus problems ([`CourseProblems`], rules §4.4–§4.5): the
//! 2021 file (`data/problems/blokus.dat`) holds `(board goal)` per problem
//! (`(goal board)`, B1's layout, is read too); the 2017 file
//! (`data/problems/blokus-2017.dat`) a bare board per problem, read as the
//! 2017 variant with the stock `(10 10 15)` minus the player's squares as
//! 1 × 1 pieces (the boards hold no other piece of the player: A–C `(1 10
//! 15)`, D `(0 10 15)`). The `()` forms between the 2021 problems are
//! skipped by the problems reader ([`crate::problems::parse`]). The
//! `Variant` parameter picks the file ([`CourseProblems::builtin_file`]).

use super::{BlokusSolo, Player, Variant, FULL_STOCK, SIZE};
use crate::game::CourseProblems;
use crate::lisp::Sexp;

/// The 2017 problems file.
pub const BLOKUS_2017_DAT: &str = include_str!("../../../data/problems/blokus-2017.dat");

/// Is `item` a board: 14 lists of 14?
fn is_board(item: &Sexp) -> bool {
    item.as_list().is_some_and(|rows| {
        rows.len() == SIZE
            && rows
                .iter()
                .all(|r| r.as_list().is_some_and(|c| c.len() == SIZE))
    })
}

impl CourseProblems for BlokusSolo {
    const BUILTIN: &'static str = include_str!("../../../data/problems/blokus.dat");
    const IN_REPORT: bool = false;

    fn shape() -> String {
        "(<board of 14 rows of 14> <goal>) or a bare board (2017) for blokus".to_string()
    }

    /// `(board goal)`, `(goal board)` or a bare board of 14 rows.
    fn recognises(items: &[Sexp]) -> bool {
        match items {
            [a, b] => {
                (is_board(a) && b.as_int().is_some()) || (a.as_int().is_some() && is_board(b))
            }
            rows => {
                rows.len() == SIZE
                    && rows
                        .iter()
                        .all(|r| r.as_list().is_some_and(|c| c.len() == SIZE))
            }
        }
    }

    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String> {
        let list = Sexp::List(items.to_vec());
        let (board, goal) = match items {
            [a, b] if is_board(a) => (a.clone(), Some(b)),
            [a, b] if is_board(b) => (b.clone(), Some(a)),
            _ => (list, None),
        };
        let rows = super::lisp::rows_from_lisp(&board).map_err(|e| e.to_string())?;
        match goal {
            Some(goal) => {
                let goal = goal
                    .as_int()
                    .filter(|g| (0..=196).contains(g))
                    .ok_or_else(|| format!("the goal must be 0..196, found {}", goal.describe()))?
                    as u32;
                let pos = BlokusSolo::new(
                    &rows,
                    [FULL_STOCK, [0; 3]],
                    Player::One,
                    Variant::V2021,
                    goal,
                )
                .map_err(|e| e.to_string())?;
                Ok((goal, pos))
            }
            None => {
                let ones = rows.iter().flatten().filter(|&&v| v == 1).count() as u8;
                let stock = [
                    FULL_STOCK[0].saturating_sub(ones),
                    FULL_STOCK[1],
                    FULL_STOCK[2],
                ];
                let pos = BlokusSolo::new(&rows, [stock, [0; 3]], Player::One, Variant::V2017, 0)
                    .map_err(|e| e.to_string())?;
                Ok((1, pos))
            }
        }
    }

    fn builtin_file(variant: &Variant) -> &'static str {
        match variant {
            Variant::V2021 => Self::BUILTIN,
            Variant::V2017 => BLOKUS_2017_DAT,
        }
    }
}
