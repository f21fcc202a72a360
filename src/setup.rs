//! Position specifications, shared by the command line and the protocol:
//!
//! ```text
//! fen <position string> [moves <m1> <m2> …]
//! startpos [moves …]
//! random <game> <seed> [<value>] [moves …]
//! problem <game> <A…Z | 1…n> [moves …]
//! ```
//!
//! A bare position string (starting with a game id) is read as `fen …`.
//! The built-in starts (`startpos`, `random`, `problem`) follow the game's
//! parameters ([`GameSetup`]: a board size, a rules variant, …); the
//! `<value>` after a seed sets the one parameter a game takes there, if it
//! has one ([`crate::game::Param::in_random`]: the Dots size).
//!
//! ```
//! use tabula::setup::parse_spec;
//!
//! let pos = parse_spec("problem knight-solo A moves b1 c3 d5", None).unwrap();
//! assert_eq!(pos.scores()[0], 72);
//! let err = parse_spec("problem knight-solo A moves b1 a1", None).unwrap_err();
//! assert!(err.to_string().contains("move 2"));
//! ```

use crate::game::MoveError;
use crate::games::{AnyPosition, GameId, GameSetup, Setups};
use crate::problems;
use std::fmt;

/// A position specification that could not be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The words do not form a specification; the message says what was expected.
    Syntax(String),
    /// A position string was refused.
    Position(crate::games::any::PositionError),
    /// The n-th move (1-based) of the `moves` list was refused.
    Move(usize, MoveError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Syntax(s) => f.write_str(s),
            SetupError::Position(e) => write!(f, "{e}"),
            SetupError::Move(i, e) => write!(f, "move {i} of the moves list: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

fn syntax(msg: impl Into<String>) -> SetupError {
    SetupError::Syntax(msg.into())
}

/// Parses a specification (see the module documentation) with every game's
/// parameters at their defaults. `current` is the game that `startpos`
/// refers to when known (the protocol's current game).
pub fn parse_spec(text: &str, current: Option<GameId>) -> Result<AnyPosition, SetupError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    parse_words(&words, current, &Setups::default())
}

/// Parses a specification already split into words. The built-in starts
/// (`startpos`, `random`, `problem`) of a game are those of its setup in
/// `setups` (the engine's options, the arbiter's `--param`); a position
/// string says everything itself.
pub fn parse_words(
    words: &[&str],
    current: Option<GameId>,
    setups: &Setups,
) -> Result<AnyPosition, SetupError> {
    let moves_at = words
        .iter()
        .position(|w| w.eq_ignore_ascii_case("moves"))
        .unwrap_or(words.len());
    let (spec, moves) = (&words[..moves_at], words.get(moves_at + 1..).unwrap_or(&[]));
    let mut pos = start(spec, current, setups)?;
    for (i, m) in moves.iter().enumerate() {
        pos.play_text(m).map_err(|e| SetupError::Move(i + 1, e))?;
    }
    Ok(pos)
}

fn game_arg(word: Option<&&str>, what: &str) -> Result<GameId, SetupError> {
    let word = word.ok_or_else(|| syntax(format!("{what}: missing game id")))?;
    word.parse()
        .map_err(|e: crate::games::UnknownGame| syntax(format!("{what}: {e}")))
}

fn start(
    spec: &[&str],
    current: Option<GameId>,
    setups: &Setups,
) -> Result<AnyPosition, SetupError> {
    let Some(&kind) = spec.first() else {
        return Err(syntax(
            "expected 'fen <position>', 'startpos', 'random <game> <seed>' or 'problem <game> <name>'",
        ));
    };
    match kind.to_ascii_lowercase().as_str() {
        "fen" => {
            if spec.len() < 2 {
                return Err(syntax("fen: missing position string"));
            }
            AnyPosition::from_fen(&spec[1..].join(" ")).map_err(SetupError::Position)
        }
        "startpos" => {
            if spec.len() > 1 {
                return Err(syntax(format!(
                    "startpos: unexpected '{}' (only 'moves …' may follow)",
                    spec[1]
                )));
            }
            let Some(g) = current else {
                return Err(syntax(
                    "startpos: no current game; set one with 'setoption name Game value <id>'",
                ));
            };
            let setup = setups.of(g);
            if let Some(pos) = setup.startpos() {
                Ok(pos)
            } else if setup.random(0).is_some() {
                Err(syntax(format!(
                    "startpos: the {g} game has no fixed start position; use 'position fen …', \
                     'position random {g} <seed>' or 'position problem …'"
                )))
            } else {
                Err(syntax(format!(
                    "startpos: the {g} game has no fixed start position; use \
                     'position fen …' or 'position problem {g} <name>'"
                )))
            }
        }
        "random" => random_start(spec, setups),
        "problem" => {
            let game = game_arg(spec.get(1), "problem")?;
            let key = spec
                .get(2)
                .ok_or_else(|| syntax("problem: missing problem name (A…Z or 1…n)"))?;
            if spec.len() > 3 {
                return Err(syntax(format!("problem: unexpected '{}'", spec[3])));
            }
            if !game.is_puzzle() {
                return Err(syntax(format!(
                    "problem: the course problems are puzzles; use {}",
                    game.sibling()
                )));
            }
            let set = problems::builtin_in(&setups.of(game));
            if set.is_empty() {
                return Err(syntax(format!(
                    "problem: {game} has no built-in problems (the course's file is lost); \
                     give a position string instead"
                )));
            }
            set.find(key).map(|(_, _, pos)| pos).ok_or_else(|| {
                syntax(format!(
                    "problem: no {game} problem '{key}' (there are {}: A..{})",
                    set.len(),
                    problems::problem_name(set.len().saturating_sub(1))
                ))
            })
        }
        _ if kind.parse::<GameId>().is_ok() => {
            AnyPosition::from_fen(&spec.join(" ")).map_err(SetupError::Position)
        }
        other => Err(syntax(format!(
            "unknown position kind '{other}': expected fen, startpos, random or problem"
        ))),
    }
}

/// `random <game> <seed> [<value>]`: the value, for a game that takes one
/// there (the Dots size), sets that parameter for this board.
fn random_start(spec: &[&str], setups: &Setups) -> Result<AnyPosition, SetupError> {
    let game = game_arg(spec.get(1), "random")?;
    let seed_word = spec
        .get(2)
        .ok_or_else(|| syntax("random: missing seed (an integer 0..2^64-1)"))?;
    let seed: u64 = seed_word.parse().map_err(|_| {
        syntax(format!(
            "random: seed must be an integer 0..18446744073709551615, found '{seed_word}'"
        ))
    })?;
    let mut setup = setups.of(game);
    let word = setup.random_word();
    if spec.len() > 4 || (spec.len() == 4 && word.is_none()) {
        return Err(syntax(format!(
            "random: unexpected '{}'",
            spec[3.min(spec.len() - 1)]
        )));
    }
    if let (Some(value), Some(param)) = (spec.get(3), word) {
        setup.set(param.name, value).map_err(|_| {
            syntax(format!(
                "random: {} must be {}, found '{value}'",
                param.name.to_ascii_lowercase(),
                param.takes()
            ))
        })?;
    }
    setup.random(seed).ok_or_else(|| {
        syntax(format!(
            "random: {game} has no random start; use 'problem {game} <name>' or a fen"
        ))
    })
}

/// A board file that could not be read: the 1-based line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardFileError {
    /// The line is not a position specification.
    Spec(usize, SetupError),
    /// The line holds a position of another game than the one asked for.
    WrongGame(usize, GameId),
    /// The game is already over on the line's board.
    Over(usize),
    /// No line holds a position.
    Empty,
}

impl fmt::Display for BoardFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardFileError::Spec(n, e) => write!(f, "line {n}: {e}"),
            BoardFileError::WrongGame(n, g) => write!(f, "line {n}: a {g} position"),
            BoardFileError::Over(n) => {
                write!(f, "line {n}: the game is already over on this board")
            }
            BoardFileError::Empty => f.write_str("no position in the file"),
        }
    }
}

impl std::error::Error for BoardFileError {}

/// Reads a board file of a game (a [`GameId`] or a [`GameSetup`], whose
/// parameters the built-in starts take): one specification per line (any of the
/// module documentation: a position string, `fen …`, `random …`), `#`
/// starting a comment (a whole line or the end of one), blank lines skipped.
/// Every board must be of `game` and not finished.
///
/// ```
/// use tabula::games::GameId;
/// use tabula::setup::read_board_file;
///
/// let text = "# two seeded boards\nrandom knight 1   # seed 1\n\nrandom knight 2\n";
/// assert_eq!(read_board_file(text, GameId::Knight).unwrap().len(), 2);
/// let err = read_board_file(text, GameId::Bishop).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: a knight position");
/// ```
pub fn read_board_file(
    text: &str,
    setup: impl Into<GameSetup>,
) -> Result<Vec<AnyPosition>, BoardFileError> {
    let setup: GameSetup = setup.into();
    let (game, setups) = (setup.game(), Setups::from(setup));
    let mut boards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let spec = line.split_once('#').map_or(line, |(spec, _)| spec).trim();
        if spec.is_empty() {
            continue;
        }
        let words: Vec<&str> = spec.split_whitespace().collect();
        let pos =
            parse_words(&words, Some(game), &setups).map_err(|e| BoardFileError::Spec(n, e))?;
        if pos.game() != game {
            return Err(BoardFileError::WrongGame(n, pos.game()));
        }
        if pos.is_over() {
            return Err(BoardFileError::Over(n));
        }
        boards.push(pos);
    }
    if boards.is_empty() {
        return Err(BoardFileError::Empty);
    }
    Ok(boards)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_files_say_which_line_is_wrong() {
        let read = |text: &str| read_board_file(text, GameId::Dots);
        let ok = read("# comment\n  random dots 1 3x3 # seed 1\nrandom dots 2\n").unwrap();
        assert_eq!(ok.len(), 2);
        assert_eq!(ok[0], parse_spec("random dots 1 3x3", None).unwrap());
        assert_eq!(read("# only\n\n").unwrap_err(), BoardFileError::Empty);
        let err = read("random dots 1\nrandom dots x\n").unwrap_err();
        assert!(matches!(err, BoardFileError::Spec(2, _)), "{err}");
        let over = "dots 1x1 1/1 1/1 1 0 1";
        assert_eq!(
            read(&format!("random dots 3\n{over}\n")).unwrap_err(),
            BoardFileError::Over(2),
            "{over} is over"
        );
    }

    #[test]
    fn every_kind_of_spec() {
        assert_eq!(
            parse_spec("startpos", Some(GameId::Dots)).unwrap().fen(),
            "dots 5x6 000000/000000/000000/000000/000000/000000 \
             00000/00000/00000/00000/00000/00000/00000 1 0 0"
        );
        assert!(parse_spec("startpos", Some(GameId::Knight)).is_err());
        let a = parse_spec("random knight 5", None).unwrap();
        assert_eq!(a, parse_spec(&format!("fen {}", a.fen()), None).unwrap());
        assert_eq!(a, parse_spec(&a.fen(), None).unwrap());
        let d = parse_spec("random dots 9 3x3", None).unwrap();
        assert_eq!(d.fen().split(' ').nth(1), Some("3x3"));
        let p = parse_spec("problem dots-solo F", None).unwrap();
        assert_eq!(p.target(), Some(35));
    }

    #[test]
    fn errors_say_what_was_wrong() {
        for (spec, needle) in [
            ("", "expected"),
            ("fen", "missing position"),
            ("random knight x", "seed"),
            ("random chess 1", "unknown game"),
            ("problem knight Z", "puzzles"),
            ("problem knight-solo Z", "no knight-solo problem"),
            ("position", "unknown position kind"),
            ("random dots 1 11x2", "size"),
        ] {
            let err = parse_spec(spec, None).unwrap_err().to_string();
            assert!(err.contains(needle), "{spec:?}: {err}");
        }
    }
}
