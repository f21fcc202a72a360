//! Why a `solve` was refused: its words ([`OptionError`], with
//! [`UnknownAlgorithm`]) or the position and the options together
//! ([`SolveError`]).
//!
//! Each error prints the message of the protocol's error line, after
//! `solve: ` ([`OptionError::detail`], [`SolveError::detail`]); `Display`
//! puts the `solve: ` first, as the command line prints it.

use std::fmt;

/// An algorithm name that is none of the solvers'.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown algorithm '{}' (expected bfs, dfs, astar, idastar, rbfs or smastar)",
            self.0
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

/// Words after `solve` that are not its options
/// ([`SolveOptions::parse`](super::SolveOptions::parse)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// An option word without its value.
    MissingValue(String),
    /// A number option whose value is not a non-negative integer.
    NotANumber {
        /// The option (`nodes`).
        option: &'static str,
        /// The value given.
        found: String,
    },
    /// `algorithm` with a name that is none of the solvers'.
    UnknownAlgorithm(UnknownAlgorithm),
    /// A word that is no option of `solve`.
    UnknownOption(String),
}

impl OptionError {
    /// The message without the leading `solve: `.
    pub fn detail(&self) -> String {
        match self {
            OptionError::MissingValue(word) => format!("'{word}' needs a value"),
            OptionError::NotANumber { option, found } => {
                format!("{option} must be a non-negative integer, found '{found}'")
            }
            OptionError::UnknownAlgorithm(e) => e.to_string(),
            OptionError::UnknownOption(word) => format!(
                "unknown option '{word}' (expected algorithm, heuristic, target, depth, nodes, \
                 movetime, memory or memnodes)"
            ),
        }
    }
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "solve: {}", self.detail())
    }
}

impl std::error::Error for OptionError {}

/// Why a position could not be solved with the options given (a run that
/// finds no solution is not an error: it ends with
/// [`SolveOutcome::NoSolution`](super::SolveOutcome::NoSolution)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position is a two-player game's (its id).
    NotAPuzzle(&'static str),
    /// The game has no heuristic of that name.
    UnknownHeuristic {
        /// The name given.
        name: String,
        /// The game's id.
        game: &'static str,
        /// The game's heuristics, comma-separated.
        expected: String,
    },
    /// Neither the position nor the options give a target (the game's id).
    NoTarget(&'static str),
    /// The solver panicked (a bug; the engine reports it and goes on).
    Panicked,
}

impl SolveError {
    /// The message without the leading `solve: `.
    pub fn detail(&self) -> String {
        match self {
            SolveError::NotAPuzzle(game) => format!("{game} is not a puzzle"),
            SolveError::UnknownHeuristic {
                name,
                game,
                expected,
            } => format!("unknown heuristic '{name}' for {game} (expected one of: {expected})"),
            SolveError::NoTarget(game) => {
                format!("the {game} position has no target; give 'target <n>'")
            }
            SolveError::Panicked => "internal error: the solver panicked".into(),
        }
    }
}

impl fmt::Display for SolveError {
    /// `solve: ` and the detail; a panic's message as it is.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Panicked => f.write_str(&self.detail()),
            _ => write!(f, "solve: {}", self.detail()),
        }
    }
}

impl std::error::Error for SolveError {}
