//! The course's problem files, read one puzzle at a time.
//!
//! A problems file is a sequence of top-level Lisp lists, one per problem,
//! named by their order (1st = `A`, …, 26th = `Z`, then by number). Each
//! puzzle says how one of its problems is written ([`CourseProblems`], in
//! its folder); this module holds what every puzzle's file shares: the
//! forms that are problems ([`forms`]), the names ([`problem_name`]), the
//! target ([`target`]), the located errors ([`ProblemError`]) and a file
//! read for one game ([`read`], [`builtin_of`]). Which game a file is, and
//! the built-in problems by game id, are one layer up
//! ([`crate::problems`]).
//!
//! ```
//! use tabula::game::problems::{builtin_of, problem_name};
//! use tabula::games::DotsSolo;
//!
//! let dots = builtin_of::<DotsSolo>();
//! assert_eq!(dots.len(), 6);
//! assert_eq!((dots[5].name.as_str(), dots[5].target), ("F", 35));
//! assert_eq!((problem_name(25), problem_name(26)), ("Z".to_string(), "27".to_string()));
//! ```

use super::CourseProblems;
use crate::lisp::{self, Sexp};
use std::fmt;

/// One puzzle: a name, a target and the root position (target set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem<G> {
    /// `A`, `B`, … by order in the file.
    pub name: String,
    /// Score to reach.
    pub target: u32,
    /// The root position, with its target.
    pub position: G,
}

/// A problems file that could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemError {
    /// Which problem (`problem 3 (C)`), or `file`.
    pub at: String,
    pub message: String,
}

impl fmt::Display for ProblemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for ProblemError {}

/// The name of the `index`-th problem (0-based): `A`..`Z`, then `27`, `28`, ….
pub fn problem_name(index: usize) -> String {
    if index < 26 {
        ((b'A' + index as u8) as char).to_string()
    } else {
        (index + 1).to_string()
    }
}

/// The target, the first item of a problem (for [`CourseProblems`] readers).
pub fn target(items: &[Sexp]) -> Result<u32, String> {
    items
        .first()
        .and_then(Sexp::as_int)
        .filter(|&t| (0..=u16::MAX as i64).contains(&t))
        .map(|t| t as u32)
        .ok_or_else(|| "the first item must be the target, a non-negative integer".to_string())
}

/// The top-level forms of a file that are problems: a reader is lenient and
/// skips `()`/`nil` and the separators `break` and `end` (Blokus's files).
pub fn forms(exprs: Vec<Sexp>) -> Vec<Sexp> {
    exprs
        .into_iter()
        .filter(|e| match e {
            Sexp::List(items) => !items.is_empty(),
            Sexp::Atom(a) => !["NIL", "BREAK", "END"].contains(&a.to_ascii_uppercase().as_str()),
        })
        .collect()
}

/// Each form read as a problem by `read`, named by its order; an error
/// names the problem it is in.
pub fn read<G>(
    exprs: &[Sexp],
    read: impl Fn(&[Sexp]) -> Result<(u32, G), String>,
) -> Result<Vec<Problem<G>>, ProblemError> {
    exprs
        .iter()
        .enumerate()
        .map(|(i, expr)| {
            let name = problem_name(i);
            let err = |message: String| ProblemError {
                at: format!("problem {} ({name})", i + 1),
                message,
            };
            let items = expr
                .as_list()
                .ok_or_else(|| err(format!("expected a list, found {expr}")))?;
            let (target, position) = read(items).map_err(err)?;
            Ok(Problem {
                name,
                target,
                position,
            })
        })
        .collect()
}

/// The built-in problems of one puzzle ([`CourseProblems::BUILTIN`]), typed.
///
/// # Panics
/// When the built-in file does not load (a test loads every one).
pub fn builtin_of<G: CourseProblems>() -> Vec<Problem<G>> {
    let exprs = forms(lisp::read_all(G::BUILTIN).expect("built-in problems read"));
    read(&exprs, G::read_problem).expect("built-in problems load")
}
