//! The core of every course game: what a game is, naming none.
//!
//! [`Game`] is implemented by small `Copy` states, one type per game id, and is
//! what the search and the puzzle solvers are generic over (monomorphised, no
//! dynamic dispatch in the hot path). Beside it: [`Player`], [`Outcome`],
//! [`MoveError`], [`perft`], the companion traits of [`traits`] (how a game
//! starts, is drawn, is played by a person, is read from the course's Lisp),
//! the declarations of a game's parameters ([`params`]), the course's
//! problem files ([`problems`]), the position-string helpers ([`fen`]), the
//! shared hash keys ([`zobrist`]) and the boards as SVG parts ([`svg`]).
//!
//! The games themselves, the registry that lists them and what travels at
//! the edges of the program (`AnyPosition`, `GameId`, `GameSetup`) are one
//! layer up, in [`crate::games`]: this module names no game, so a new game
//! changes nothing here.
//!
//! ```
//! use tabula::game::{Game, Player};
//! use tabula::games::KnightSolo;
//!
//! // Problem A of the course: b1 c3 d5 reaches 72 points.
//! let mut pos: KnightSolo = tabula::problems::builtin_knight()[0].position;
//! for m in ["b1", "c3", "d5"] {
//!     let mv = pos.parse_move(m).unwrap();
//!     pos.play(mv).unwrap();
//! }
//! assert_eq!(pos.scores()[0], 72);
//! assert_eq!((KnightSolo::NAME, KnightSolo::PUZZLE), ("knight-solo", true));
//! assert_eq!(pos.side_to_move(), Player::One);
//! ```

use std::fmt::{self, Debug, Display};
use std::hash::Hash;

pub mod fen;
pub mod params;
pub mod problems;
pub mod svg;
pub mod traits;
pub mod zobrist;

pub use fen::FenError;
pub use params::{Param, Params, Values};
pub use traits::{
    Balance, BalanceSearch, CourseProblems, LispInterchange, Mark, Marks, PersonPlay, Render,
    Starts,
};

/// One of the two players. In the puzzles only [`Player::One`] ever moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// Player 1: white (knight, bishop) or the first player of Dots and Boxes.
    One = 0,
    /// Player 2: black, or the second player of Dots and Boxes.
    Two = 1,
}

impl Player {
    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for player 1, 1 for player 2: the index into `[T; 2]` arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player won on points.
    Win(Player),
    /// Equal scores.
    Draw,
}

impl Display for Outcome {
    /// The protocol's `query result` words: `p1win`, `p2win`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Win(Player::One) => "p1win",
            Outcome::Win(Player::Two) => "p2win",
            Outcome::Draw => "draw",
        })
    }
}

/// Why a move string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move in the game's notation (the arbiter's `malformed`).
    Syntax {
        text: String,
        expected: &'static str,
    },
    /// A well-formed move that the rules do not allow here (the arbiter's `illegal`).
    Illegal { text: String, why: &'static str },
}

impl MoveError {
    /// True when the text parsed but the move is not legal in the position.
    pub fn is_illegal(&self) -> bool {
        matches!(self, MoveError::Illegal { .. })
    }
}

impl Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, expected } => {
                write!(f, "'{text}' is not a move: expected {expected}")
            }
            MoveError::Illegal { text, why } => write!(f, "illegal move '{text}': {why}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A move of a game: what [`Game::Move`] is. `Display` prints the
/// interface notation.
pub trait GameMove: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// True for the pass (`pass` in the notation): the move of a side that
    /// has no other, which the rules force. Programs ask this, never the
    /// notation.
    fn is_pass(self) -> bool;
}

/// A bounded list of moves, filled without allocation.
pub type MoveList<M, const N: usize> = arrayvec::ArrayVec<M, N>;

/// The rules of one game.
///
/// A state is a complete position: board, side to move, scores (and, for the
/// puzzles, the target). States are `Copy`; search copies them instead of
/// undoing moves.
///
/// The score convention is points already won by each player (`scores()[0]` for
/// player 1). [`Game::hash`] covers what decides the rest of the game — board,
/// pieces, side to move — and **not** the scores, so that positions reached with
/// different scores share transposition-table entries; searches store values
/// relative to the node (points still to be won).
pub trait Game: Copy + Eq + Debug + Display + Send + Sync + 'static {
    /// A move of the game.
    type Move: GameMove;
    /// The move list: capacity for the worst case of the game.
    type Moves: Default
        + Clone
        + Debug
        + std::ops::Deref<Target = [Self::Move]>
        + std::ops::DerefMut
        + Extend<Self::Move>
        + IntoIterator<Item = Self::Move>;

    /// The game's id as the interface writes it (`knight-solo`): the first
    /// word of its position strings. The registry's `GameId` reads it
    /// ([`crate::games::GameId::as_str`]).
    const NAME: &'static str;

    /// True for a single-player puzzle (the registry checks it against its
    /// `puzzle`/`duel` column when it compiles).
    const PUZZLE: bool;

    /// The legal moves, in the operator order of the rules. Empty only when the
    /// game is over (a forced pass is a move).
    fn legal_moves(&self) -> Self::Moves;

    /// The number of legal moves, as `legal_moves().len()` but faster.
    fn count_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// Plays a move known to be legal (from [`Game::legal_moves`]). A move that
    /// is not legal leaves the state unspecified (but never unsafe).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move after checking it is legal; on error the state is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError> {
        if self.legal_moves().contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: mv.to_string(),
                why: self.why_illegal(mv),
            })
        }
    }

    /// A short explanation of why `mv` is not legal here (for error messages).
    fn why_illegal(&self, mv: Self::Move) -> &'static str;

    /// Parses a move in the game's notation (any case). Checks the syntax and
    /// the board bounds, not legality.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;

    /// Parses a move and checks that it is legal here.
    fn parse_legal(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_move(text)?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal {
                text: text.to_string(),
                why: self.why_illegal(mv),
            })
        }
    }

    /// The puzzle's target score, if this is a puzzle with a target
    /// (two-player games: `None`).
    fn target(&self) -> Option<u32>;

    /// Sets (or clears, with `None`) the puzzle's target; no effect on a
    /// two-player game.
    fn set_target(&mut self, target: Option<u32>);

    /// The player to move (always [`Player::One`] in the puzzles).
    fn side_to_move(&self) -> Player;

    /// Points won so far by player 1 and player 2 (puzzles: `[score, 0]`).
    fn scores(&self) -> [u32; 2];

    /// True when no move is left.
    fn is_over(&self) -> bool {
        self.count_moves() == 0
    }

    /// The result once the game is over (puzzles: `None`, they have no winner).
    fn outcome(&self) -> Option<Outcome> {
        if Self::PUZZLE || !self.is_over() {
            return None;
        }
        let [a, b] = self.scores();
        Some(match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The incrementally maintained Zobrist hash (see the trait documentation).
    fn hash(&self) -> u64;

    /// The same hash computed from the whole state; equals [`Game::hash`].
    fn hash_from_scratch(&self) -> u64;

    /// The position string of the interface (`Display` prints the same).
    fn fen(&self) -> String {
        self.to_string()
    }

    /// Parses this game's position string; any error names the field at fault.
    fn from_fen(fen: &str) -> Result<Self, FenError>;
}

/// Counts the leaf nodes of the game tree to `depth` plies (a forced pass is a
/// ply; a finished game is a leaf before the depth is reached, and counts 1).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_moves().max(1) as u64;
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return 1;
    }
    let mut total = 0;
    for mv in moves {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += perft(&child, depth - 1);
    }
    total
}

/// Perft split by first move: `(move, leaves)` in move order.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(G::Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
