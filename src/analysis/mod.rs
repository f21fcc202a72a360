//! The analysis of played games: every move of a two-player game judged by
//! the reference search — its evaluation and best move before the move,
//! the evaluation of the move actually played, the mover's winning chances
//! before and after, the move's class and accuracy — and a summary per side
//! (lichess-style game accuracy, blunders, mistakes, inaccuracies, points
//! lost) with the game's turning point. `docs/analysis.md` states the
//! rules; the arbiter serialises the records.
//!
//! - [`Analyser`] (in [`game`]): one [`Searcher`](crate::search::Searcher)
//!   and its settings; [`Analyser::analyse`] takes a start position and its
//!   moves and returns a [`GameAnalysis`]: a [`MoveAnalysis`] per ply and a
//!   [`SideSummary`] per player. One analyser per thread;
//!   [`analyse_all`] spreads games over threads.
//! - [`pool`]: the one analysis pool ([`pool::Pool`]): threads with an
//!   analyser each, streaming each game's analysis back as it is done,
//!   stoppable, at idle priority when asked; [`analyse_all`], the
//!   benchmark and the arbiter's analyses run on it.
//! - [`judge`]: the classes ([`MoveClass`]), the per-move and the game
//!   accuracy (lichess's formulas and thresholds; the game accuracy is
//!   lichess's volatility-weighted mean without its harmonic half).
//! - [`winchance`]: [`WinModel`], the reference's score turned into the
//!   side to move's winning chances, one model per game id, shipped in
//!   `data/winchance.tsv`.
//! - [`fit`]: `tabula fit-winchance`, the self-play games and the fit that
//!   made that file; [`calibrate`]: the models' calibration on held-out
//!   games of the course's level (`arbiter winchance`), which refits it.
//! - [`sample`]: seeded games of simple players (the reference, greedy,
//!   random), for the benchmark, the fit and the tests.
//! - [`bench`](mod@bench): `tabula bench-analysis`, positions per second;
//!   [`cli`]: the arguments of both commands.
//!
//! **Determinism.** With a node budget (the default, [`Budget::Default`]:
//! each game's own, or [`Budget::Nodes`]) the analysis of a
//! game is the same on every run and machine: the analyser starts each
//! game from a cleared search state ([`Searcher::reset`]) and searches its
//! plies in order, so neither the games analysed before nor the thread
//! matters. Within a game the transposition table is kept from ply to ply
//! (the position after a move was searched while judging it); after the
//! game it is cleared again, which gives the memory it grew to back (an
//! analyser waiting for its next game holds 64 KiB, not 16 MiB).
//!
//! [`Searcher::reset`]: crate::search::Searcher::reset
//!
//! ```
//! use tabula::analysis::{Analyser, Budget, MoveClass, Settings};
//! use tabula::games::AnyPosition;
//!
//! // Dots and Boxes on 1 × 2 boxes: solved outright, every score exact.
//! // Only the middle arc keeps the draw for the first player.
//! let start = AnyPosition::from_fen("dots 1x2 00/00 0/0/0 1 0 0").unwrap();
//! let settings = Settings { budget: Budget::Nodes(20_000), ..Settings::default() };
//! let mut analyser = Analyser::new(settings);
//! let game = analyser.analyse_text(&start, &["h1.1", "h2.2", "v1.2"]).unwrap();
//! let first = &game.moves[0];
//! assert_eq!((first.ply, first.side_str(), first.best.to_string()), (0, "p1", "v1.2".into()));
//! assert!(first.exact_before && first.exact_after);
//! assert_eq!((first.win_before, first.win_after), (50.0, 0.0));
//! let classes: Vec<MoveClass> = game.moves.iter().map(|m| m.class).collect();
//! assert_eq!(classes, [MoveClass::Blunder, MoveClass::Blunder, MoveClass::Best]);
//! // Player 2 had a proven win and let it go back to a draw.
//! assert!(game.moves[1].missed_win);
//! assert_eq!(game.turning_point, Some(0));
//! assert_eq!(game.sides[0].blunders, 1);
//! ```

pub mod bench;
pub mod calibrate;
pub mod cli;
pub mod fit;
pub mod game;
pub mod judge;
pub mod pool;
pub mod sample;
pub mod winchance;

pub use game::{
    p1_series, Analyser, AnalysisError, Budget, GameAnalysis, MoveAnalysis, Settings, SideSummary,
};
pub use judge::{
    game_accuracy, move_accuracy, MoveClass, BLUNDER, GAME_ACCURACY_FORMULA, INACCURACY, MISTAKE,
};
pub use pool::analyse_all;
pub use winchance::{FitQuality, WinModel};
