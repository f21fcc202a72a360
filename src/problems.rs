//! The course's problem files by game id: which puzzle a file is, and the
//! built-in problems of each game under its parameters.
//!
//! A problems file is a sequence of top-level Lisp lists, one per problem:
//!
//! - knight: `(<target> <row 1> … <row 10>)`, rows top to bottom;
//! - bishop: `(<target> <line 1> … <line 8>)`, written **bottom row first**
//!   (the last line is row 1), as the published bishop problems are;
//! - dots: `(<target> (<H> <V>))`.
//!
//! The game is recognised from the first problem's shape, or given.
//! The course's own files are built in (`data/problems/*.dat`). Each puzzle
//! reads its problems in its own folder ([`CourseProblems`]:
//! `games/numbered/problems.rs`, `games/dots/problems.rs`), with the
//! helpers every file shares ([`crate::game::problems`]: names, targets,
//! errors); this module is the layer above the registry: a file's game,
//! [`ProblemSet`], [`builtin`].

pub use crate::game::problems::{builtin_of, problem_name, Problem, ProblemError};
use crate::game::problems::{forms, read};
use crate::game::CourseProblems;
use crate::games::{AnyPosition, BishopSolo, DotsSolo, GameId, GameSetup, KnightSolo};
use crate::lisp::{self, LispError, Sexp};

/// The course's knight problems A–F.
pub const KNIGHT_DAT: &str = <KnightSolo as CourseProblems>::BUILTIN;
/// The course's Dots and Boxes problems A–F.
pub const DOTS_DAT: &str = <DotsSolo as CourseProblems>::BUILTIN;
/// The published bishop problems A–F (provisional targets).
pub const BISHOP_DAT: &str = <BishopSolo as CourseProblems>::BUILTIN;

/// The problems of one file, all of one puzzle game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProblemSet {
    game: GameId,
    problems: Vec<Problem<AnyPosition>>,
}

impl ProblemSet {
    /// The puzzle game of the set.
    pub fn game(&self) -> GameId {
        self.game
    }

    /// Number of problems.
    pub fn len(&self) -> usize {
        self.problems.len()
    }

    /// True when the file holds no problem.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every problem as `(name, target, position)`.
    pub fn entries(&self) -> Vec<(String, u32, AnyPosition)> {
        self.problems
            .iter()
            .map(|p| (p.name.clone(), p.target, p.position))
            .collect()
    }

    /// A problem by letter (`A`…`Z`, any case) or 1-based number.
    pub fn find(&self, key: &str) -> Option<(String, u32, AnyPosition)> {
        let index = match key.as_bytes() {
            [c] if c.is_ascii_alphabetic() => (c.to_ascii_uppercase() - b'A') as usize,
            _ => key.parse::<usize>().ok()?.checked_sub(1)?,
        };
        self.entries().into_iter().nth(index)
    }
}

/// Loads a problems file. `game` (a puzzle id or its duel sibling) forces the
/// game; `None` recognises it from the first problem.
pub fn parse(text: &str, game: Option<GameId>) -> Result<ProblemSet, ProblemError> {
    let file_err = |e: LispError| ProblemError {
        at: "file".into(),
        message: e.to_string(),
    };
    let exprs = forms(lisp::read_all(text).map_err(file_err)?);
    let game = match game {
        Some(g) if g.is_puzzle() => g,
        Some(g) => g.sibling(),
        None => detect(exprs.first())
            .unwrap_or_else(|| Err(format!("no problem recognised: expected {}", shapes())))
            .map_err(|message| ProblemError {
                at: "file".into(),
                message,
            })?,
    };
    let problems = crate::with_puzzle_id!(game, G => read(&exprs, G::read_problem)?
    .into_iter()
    .map(|p| Problem {
        name: p.name,
        target: p.target,
        position: AnyPosition::from(p.position),
    })
    .collect(),
    else return Err(ProblemError {
        at: "file".into(),
        message: format!("{game} has no problems"),
    }));
    Ok(ProblemSet { game, problems })
}

/// The puzzle whose problems the first list is: among the puzzles whose
/// [`CourseProblems::recognises`] accepts its shape, the one that reads it
/// ([`CourseProblems::read_problem`]) when shapes overlap, so that no
/// game's `recognises` needs to know another's. `Err` names the games when
/// the list is still ambiguous.
fn detect(first: Option<&Sexp>) -> Option<Result<GameId, String>> {
    let items = first?.as_list()?;
    let shaped: Vec<GameId> = GameId::ALL
        .into_iter()
        .filter(|&g| crate::with_puzzle_id!(g, G => G::recognises(items), else false))
        .collect();
    if shaped.len() <= 1 {
        return shaped.first().copied().map(Ok);
    }
    let errors: Vec<(GameId, Option<String>)> = shaped
        .iter()
        .map(|&g| {
            let error = crate::with_puzzle_id!(g, G => G::read_problem(items).err(), else None);
            (g, error)
        })
        .collect();
    let read: Vec<GameId> = errors
        .iter()
        .filter(|(_, e)| e.is_none())
        .map(|&(g, _)| g)
        .collect();
    Some(match read.as_slice() {
        [g] => Ok(*g),
        [] => Err(format!(
            "the first problem is not one of {}",
            errors
                .iter()
                .map(|(g, e)| format!("{g} ({})", e.as_deref().unwrap_or("")))
                .collect::<Vec<_>>()
                .join(" nor of ")
        )),
        many => Err(format!(
            "the first problem reads as a problem of {}: give the game",
            many.iter()
                .map(|g| g.as_str())
                .collect::<Vec<_>>()
                .join(" and ")
        )),
    })
}

/// The problem shapes of every puzzle: `(…) for the knight, … or (…) for dots`.
fn shapes() -> String {
    let shapes: Vec<String> = GameId::ALL
        .into_iter()
        .filter_map(|g| crate::with_puzzle_id!(g, G => Some(G::shape()), else None))
        .collect();
    match shapes.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => shapes.concat(),
    }
}

/// The built-in problems of a game (puzzle id or its duel sibling).
pub fn builtin(game: GameId) -> ProblemSet {
    builtin_in(&GameSetup::new(game))
}

/// The built-in problems of a game (puzzle id or its duel sibling) under
/// its parameters: the file they choose ([`CourseProblems::builtin_file`],
/// Blokus's `2017` problems) and each position with the parameters applied
/// ([`GameSetup::apply`], the Adji-boto puzzle's capture row).
pub fn builtin_in(setup: &GameSetup) -> ProblemSet {
    let game = setup.game();
    let puzzle = if game.is_puzzle() {
        *setup
    } else {
        setup.for_game(game.sibling())
    };
    let text = crate::with_puzzle_id!(
        puzzle.game(),
        G => G::builtin_file(&puzzle.typed::<G>().unwrap_or_default()),
        else ""
    );
    let mut set = parse(text, Some(game)).expect("built-in problems load");
    for problem in &mut set.problems {
        puzzle.apply(&mut problem.position);
    }
    set
}

/// The course's knight problems A–F.
pub fn builtin_knight() -> Vec<Problem<KnightSolo>> {
    builtin_of::<KnightSolo>()
}

/// The course's Dots and Boxes problems A–F.
pub fn builtin_dots() -> Vec<Problem<DotsSolo>> {
    builtin_of::<DotsSolo>()
}

/// The published bishop problems A–F.
pub fn builtin_bishop() -> Vec<Problem<BishopSolo>> {
    builtin_of::<BishopSolo>()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn builtin_files_load_with_their_targets() {
        let k = builtin_knight();
        let targets: Vec<u32> = k.iter().map(|p| p.target).collect();
        assert_eq!(targets, [70, 60, 270, 600, 300, 2000]);
        // Problem A: three numbers on row 1.
        assert_eq!(k[0].position.legal_moves().len(), 3);
        let d = builtin_dots();
        let targets: Vec<u32> = d.iter().map(|p| p.target).collect();
        assert_eq!(targets, [3, 7, 10, 10, 20, 35]);
        assert_eq!((d[5].position.rows(), d[5].position.cols()), (7, 7));
        let b = builtin_bishop();
        assert_eq!(b.len(), 6);
        // The last line of problem A is row 1: 23 on b1 and 45 on e1.
        assert_eq!(b[0].position.number(1), Some(23));
        assert_eq!(b[0].position.number(4), Some(45));
    }

    #[test]
    fn overlapping_shapes_go_to_the_game_that_reads_the_problem() {
        // Dots' `(<target> (<H> <V>))` and Quatro's `(<board> <reserve>)`
        // both have two items; each built-in file still goes to its game.
        assert_eq!(parse(DOTS_DAT, None).unwrap().game(), GameId::DotsSolo);
        let quatro = <crate::games::QuatroSolo as CourseProblems>::BUILTIN;
        assert_eq!(parse(quatro, None).unwrap().game(), GameId::QuatroSolo);
        // Read by neither: the error says what each reader found wrong.
        let e = parse("((1 2 3 4) y)", None).unwrap_err();
        assert_eq!(e.at, "file");
        assert!(
            e.message.contains("dots-solo (") && e.message.contains("nor of quatro-solo ("),
            "{e}"
        );
    }

    #[test]
    fn a_user_file_with_problem_g_loads() {
        let g = "\n(\n50\n".to_string()
            + "(10 NIL NIL NIL NIL NIL NIL NIL NIL 40)\n"
            + &"(NIL NIL NIL NIL NIL NIL NIL NIL NIL NIL)\n".repeat(9)
            + ")\n";
        let set = parse(&(KNIGHT_DAT.to_string() + &g), None).unwrap();
        assert_eq!(set.len(), 7);
        let (name, target, pos) = set.find("g").unwrap();
        assert_eq!((name.as_str(), target), ("G", 50));
        assert_eq!(pos.legal_moves().len(), 2);
        assert_eq!(set.find("7").unwrap().0, "G");
        assert!(set.find("H").is_none());
    }

    #[test]
    fn bad_problems_are_located() {
        let err = parse("(70 (1 2))", Some(GameId::KnightSolo)).unwrap_err();
        assert_eq!(err.at, "problem 1 (A)");
        let err = parse("(70", None).unwrap_err();
        assert_eq!(err.at, "file");
        assert!(parse("(1 2 3)", None).is_err());
    }
}
