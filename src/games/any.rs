//! A position of any game, for the edges of the program (protocol, command
//! line, arbiter) where the game is only known at run time.
//!
//! Everything that runs per node stays generic over [`Game`]; to run generic
//! code on an [`AnyPosition`], match it with [`with_game!`](crate::with_game).
//! The enums themselves are generated from the list of games in
//! [`registry`](super::registry); this module adds what is written once for
//! every game.

pub use super::registry::{AnyMove, AnyPosition, IntoAnyMove};
use super::registry::{GameId, Registered, UnknownGame};
use crate::game::svg::{frames, frames_with, Frames, Part};
use crate::game::{perft, FenError, Game, MoveError, Outcome, Player};
use crate::with_game;
use std::fmt;

/// A position string that could not be read: the game id, or the fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The first word is not a game id.
    UnknownGame(UnknownGame),
    /// The string is not a valid position of its game.
    Fen(GameId, FenError),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::UnknownGame(e) => write!(f, "{e}"),
            PositionError::Fen(game, e) => write!(f, "invalid {game} position: {e}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl AnyPosition {
    /// Parses a position string of any game; the first word names the game.
    pub fn from_fen(text: &str) -> Result<AnyPosition, PositionError> {
        let word = text.split_whitespace().next().unwrap_or("");
        let game: GameId = word.parse().map_err(PositionError::UnknownGame)?;
        AnyPosition::from_fen_of(game, text).map_err(|e| PositionError::Fen(game, e))
    }

    /// The game of this position.
    pub fn game(&self) -> GameId {
        with_game!(self, p => game_id_of(p))
    }

    /// The position string.
    pub fn fen(&self) -> String {
        with_game!(self, p => p.fen())
    }

    /// The legal moves in operator order.
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        with_game!(self, p => p.legal_moves().iter().map(|m| m.into_any()).collect())
    }

    /// Parses a move and checks it is legal here.
    pub fn parse_legal(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_game!(self, p => p.parse_legal(text).map(|m| m.into_any()))
    }

    /// Parses a move (syntax and board bounds only).
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, MoveError> {
        with_game!(self, p => p.parse_move(text).map(|m| m.into_any()))
    }

    /// Plays a move after checking it is legal; on error nothing changes.
    pub fn play(&mut self, mv: AnyMove) -> Result<(), MoveError> {
        let wrong_game = |mv: AnyMove| MoveError::Syntax {
            text: mv.to_string(),
            expected: "a move of this position's game",
        };
        with_game!(self, p => {
            let m = IntoAnyMove::from_any(mv).ok_or_else(|| wrong_game(mv))?;
            p.play(m)
        })
    }

    /// Parses and plays a move written in the game's notation.
    pub fn play_text(&mut self, text: &str) -> Result<AnyMove, MoveError> {
        let mv = self.parse_legal(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        with_game!(self, p => p.side_to_move())
    }

    /// Points of player 1 and player 2.
    pub fn scores(&self) -> [u32; 2] {
        with_game!(self, p => p.scores())
    }

    /// True when no move is left.
    pub fn is_over(&self) -> bool {
        with_game!(self, p => p.is_over())
    }

    /// The result of a finished two-player game.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, p => p.outcome())
    }

    /// The Zobrist hash.
    pub fn hash(&self) -> u64 {
        with_game!(self, p => p.hash())
    }

    /// Leaf count to `depth` plies.
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, p => perft(p, depth))
    }

    /// The puzzle's target, if this is a puzzle with a target.
    pub fn target(&self) -> Option<u32> {
        with_game!(self, p => Game::target(p))
    }

    /// Sets the puzzle's target (no effect on two-player games).
    pub fn set_target(&mut self, target: Option<u32>) {
        with_game!(self, p => Game::set_target(p, target))
    }

    /// The drawings of this start position and of each move of `moves`
    /// (see [`frames`]).
    pub fn svg_frames(&self, moves: &[String]) -> Frames {
        with_game!(self, p => frames(p, moves))
    }

    /// [`AnyPosition::svg_frames`] and the drawings after other moves at
    /// some plies (see [`frames_with`]).
    pub fn svg_frames_with(
        &self,
        moves: &[String],
        alternatives: &[(usize, &str)],
    ) -> (Frames, Vec<Option<Vec<Part>>>) {
        with_game!(self, p => frames_with(p, moves, alternatives))
    }
}

fn game_id_of<G: Registered>(_: &G) -> GameId {
    G::ID
}

impl fmt::Display for AnyPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        with_game!(self, p => fmt::Display::fmt(p, f))
    }
}

impl std::str::FromStr for AnyPosition {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<AnyPosition, PositionError> {
        AnyPosition::from_fen(s)
    }
}
