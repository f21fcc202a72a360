//! The analysis of one game: [`Analyser`] searches every position of a game
//! with the reference and judges the move played there.
//!
//! For each ply, in order:
//!
//! 1. **Before.** The position is searched within the budget: the
//!    reference's best move, its score (the expected final margin of the
//!    mover, in the game's points, points already scored included), whether
//!    that score is proven (the search reached the end of the game
//!    everywhere, or the game's exact solver ran), and the depth `d` of the
//!    last completed iteration.
//! 2. **After.** When the played move is the best one, its value is the
//!    root's. Otherwise the position after it is searched to depth `d − 1`
//!    (to the end of the game, within the budget, when the root's score
//!    was proven), which is what the root's depth-`d` search gave that move
//!    (a root search restricted to it) — so a move as good as the best
//!    one shows no drop — and the score is turned to the mover's view
//!    (negated unless the mover keeps the turn, as after a Dots box).
//! 3. **Judgement.** Both scores become the mover's winning chances with
//!    the game's [`WinModel`]; the drop gives the accuracy and the class
//!    ([`super::judge`]). A move is `best` when it is the reference's move,
//!    or loses neither points nor chances. A *missed win*: the score before
//!    was a proven win and the one after is a draw or a loss (proven or
//!    not); it is always a blunder. A side's *first move* is at most an
//!    inaccuracy (its drop counted at most 10) unless the reference proves
//!    the position lost after it ([`super::judge::classify`]).
//! 4. **Only move** (when the played move is `best`): the position is
//!    searched again without the played move
//!    ([`Searcher::search_excluding`]) to depth `d` (to the end when
//!    proven); the move was the only one when the best other move's
//!    chances are at least [`BLUNDER`] points below it.
//!
//! Every search has the whole budget ([`Budget`]); the searches after the
//! first are shallower or start from a warm table, and cost less.

use super::judge::{classify, game_accuracy, move_accuracy, MoveClass, Verdict, BLUNDER};
use super::winchance::WinModel;
use crate::game::{Game, MoveError, Player};
use crate::games::any::IntoAnyMove;
use crate::games::{AnyMove, AnyPosition, GameId, Registered};
use crate::search::{Evaluate, Limits, Searcher};
use crate::with_game;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Transposition table of an analyser (MiB), as `builtin:tabula`'s.
pub const DEFAULT_HASH_MIB: usize = 16;

/// What each search of the analysis may spend.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Budget {
    /// The game's own node budget, [`WinModel::nodes`] (the one its
    /// win-chance model was fitted at; chosen so that a position costs
    /// about the same time in every game): deterministic.
    #[default]
    Default,
    /// About this many nodes per search: the same analysis on every run
    /// and machine.
    Nodes(u64),
    /// This many milliseconds per search: depends on the machine and its
    /// load.
    Movetime(u64),
}

impl Budget {
    /// The search limits of a search of the analysis of `game`.
    pub fn limits(&self, game: GameId) -> Limits {
        match *self {
            Budget::Default | Budget::Nodes(_) => Limits {
                nodes: self.nodes(game),
                ..Limits::default()
            },
            Budget::Movetime(ms) => Limits {
                movetime: Some(ms.max(1)),
                ..Limits::default()
            },
        }
    }

    /// The nodes per search for `game` (`None` for a movetime).
    pub fn nodes(&self, game: GameId) -> Option<u64> {
        match *self {
            Budget::Default => Some(WinModel::of(game).nodes.max(1)),
            Budget::Nodes(n) => Some(n.max(1)),
            Budget::Movetime(_) => None,
        }
    }

    /// True when the analysis is the same on every run (a node budget).
    pub fn is_deterministic(&self) -> bool {
        !matches!(self, Budget::Movetime(_))
    }
}

impl fmt::Display for Budget {
    /// `nodes=default` (each game's), `nodes=20000` or `movetime=50`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Default => f.write_str("nodes=default"),
            Budget::Nodes(n) => write!(f, "nodes={n}"),
            Budget::Movetime(ms) => write!(f, "movetime={ms}"),
        }
    }
}

/// How an [`Analyser`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// What each search may spend.
    pub budget: Budget,
    /// Transposition table size (MiB), reserved once per analyser.
    pub hash_mib: usize,
    /// Test whether a best move was the only good one (one more search at
    /// those plies); off: `only_move` is always false.
    pub only_move: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            budget: Budget::default(),
            hash_mib: DEFAULT_HASH_MIB,
            only_move: true,
        }
    }
}

impl fmt::Display for Settings {
    /// `nodes=default hash=16 only_move=on`: the settings for a header.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let on = if self.only_move { "on" } else { "off" };
        write!(f, "{} hash={} only_move={on}", self.budget, self.hash_mib)
    }
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveAnalysis {
    /// 0-based index of the move in the game.
    pub ply: usize,
    /// Who played it.
    pub side: Player,
    /// The move played.
    pub played: AnyMove,
    /// The reference's best move in the position.
    pub best: AnyMove,
    /// The reference's score of the position for the mover: expected final
    /// margin (mover minus opponent) in the game's points, points already
    /// scored included.
    pub score_before: i32,
    /// The reference's score after the move played, for the mover (same
    /// units).
    pub score_after: i32,
    /// `score_before` is proven.
    pub exact_before: bool,
    /// `score_after` is proven.
    pub exact_after: bool,
    /// The mover's winning chances before the move (win + draw / 2, 0–100).
    pub win_before: f64,
    /// The mover's winning chances after the move (0–100).
    pub win_after: f64,
    /// The move's accuracy (0–100) from the drop in winning chances.
    pub accuracy: f64,
    /// The move's class.
    pub class: MoveClass,
    /// A proven win turned into a draw or a loss (then `class` is
    /// [`MoveClass::Blunder`]).
    pub missed_win: bool,
    /// The move was the reference's best and every other move loses
    /// clearly (at least [`BLUNDER`] points of win % less).
    pub only_move: bool,
    /// Points the move gave away: `score_before − score_after`, at least 0.
    pub points_lost: i32,
    /// Depth of the reference's search of the position (its last completed
    /// iteration; the principal variation's length when solved exactly).
    pub depth: u32,
    /// Nodes of every search of this ply.
    pub nodes: u64,
}

impl MoveAnalysis {
    /// The mover as the interface writes it: `p1` or `p2`.
    pub fn side_str(&self) -> &'static str {
        side_str(self.side)
    }

    /// The drop in the mover's winning chances (points of win %, at least 0).
    pub fn drop(&self) -> f64 {
        (self.win_before - self.win_after).max(0.0)
    }
}

/// Player 1's winning chances at every position of a game, from its moves'
/// movers and their chances before and after (`(side, win_before,
/// win_after)`, 0–100 for the mover): the start first, the position after
/// the last move last; empty without moves.
pub fn p1_series(moves: impl IntoIterator<Item = (Player, f64, f64)>) -> Vec<f64> {
    let p1 = |side: Player, win: f64| match side {
        Player::One => win,
        Player::Two => 100.0 - win,
    };
    let mut series = Vec::new();
    let mut last = None;
    for (side, before, after) in moves {
        series.push(p1(side, before));
        last = Some(p1(side, after));
    }
    series.extend(last);
    series
}

/// `p1` or `p2`.
pub fn side_str(side: Player) -> &'static str {
    match side {
        Player::One => "p1",
        Player::Two => "p2",
    }
}

/// The summary of one player's moves in a game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves played.
    pub moves: u32,
    /// Game accuracy (0–100, [`game_accuracy`]); `None` without moves.
    pub accuracy: Option<f64>,
    /// Moves of each class.
    pub best: u32,
    /// Moves classed `good`.
    pub good: u32,
    /// Moves classed `inaccuracy`.
    pub inaccuracies: u32,
    /// Moves classed `mistake`.
    pub mistakes: u32,
    /// Moves classed `blunder`.
    pub blunders: u32,
    /// Proven wins thrown away.
    pub missed_wins: u32,
    /// Only moves found.
    pub only_moves: u32,
    /// Points lost over the game ([`MoveAnalysis::points_lost`] summed).
    pub points_lost: i64,
    /// Points lost per move (0 without moves).
    pub avg_points_lost: f64,
}

impl SideSummary {
    /// The moves of `class`.
    pub fn count(&self, class: MoveClass) -> u32 {
        match class {
            MoveClass::Best => self.best,
            MoveClass::Good => self.good,
            MoveClass::Inaccuracy => self.inaccuracies,
            MoveClass::Mistake => self.mistakes,
            MoveClass::Blunder => self.blunders,
        }
    }
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAnalysis {
    /// The game.
    pub game: GameId,
    /// One record per move, in order.
    pub moves: Vec<MoveAnalysis>,
    /// Player 1's summary, then player 2's.
    pub sides: [SideSummary; 2],
    /// The ply of the largest swing: the move with the largest drop in its
    /// mover's winning chances (the earliest of equals); `None` when no
    /// move lost any.
    pub turning_point: Option<usize>,
    /// Nodes searched for the whole game.
    pub nodes: u64,
}

impl GameAnalysis {
    /// Player 1's winning chances (0–100) at every position of the game,
    /// the start first and the position after the last move last (one more
    /// than the moves; empty for a game without moves): for a graph.
    pub fn p1_series(&self) -> Vec<f64> {
        p1_series(
            self.moves
                .iter()
                .map(|m| (m.side, m.win_before, m.win_after)),
        )
    }

    /// The summary of `side` over its moves that `counted` keeps (all of
    /// them for [`GameAnalysis::sides`]; a tournament leaves out the moves
    /// a program did not choose itself). The game accuracy still weighs
    /// each kept move by the volatility of the whole game around it.
    pub fn summary(&self, side: Player, counted: impl Fn(&MoveAnalysis) -> bool) -> SideSummary {
        let series = self.p1_series();
        let accuracies: Vec<f64> = self.moves.iter().map(|m| m.accuracy).collect();
        let mine: Vec<bool> = self
            .moves
            .iter()
            .map(|m| m.side == side && counted(m))
            .collect();
        let mut s = SideSummary::default();
        for m in self
            .moves
            .iter()
            .zip(&mine)
            .filter(|(_, &k)| k)
            .map(|(m, _)| m)
        {
            s.moves += 1;
            match m.class {
                MoveClass::Best => s.best += 1,
                MoveClass::Good => s.good += 1,
                MoveClass::Inaccuracy => s.inaccuracies += 1,
                MoveClass::Mistake => s.mistakes += 1,
                MoveClass::Blunder => s.blunders += 1,
            }
            s.missed_wins += u32::from(m.missed_win);
            s.only_moves += u32::from(m.only_move);
            s.points_lost += i64::from(m.points_lost);
        }
        if s.moves > 0 {
            s.avg_points_lost = s.points_lost as f64 / f64::from(s.moves);
        }
        s.accuracy = game_accuracy(&series, &accuracies, &mine);
        s
    }

    /// The summary of `side`.
    pub fn side(&self, side: Player) -> &SideSummary {
        &self.sides[side.index()]
    }
}

/// Why a game could not be analysed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    /// The analysis is for two-player games; this is a puzzle.
    Puzzle(GameId),
    /// The analysis was stopped ([`Analyser::stopped_by`]) before the end
    /// of the game.
    Stopped,
    /// The move at `ply` is not a legal move of the position there (or the
    /// game was over).
    Move {
        /// 0-based index of the move.
        ply: usize,
        /// The move as given.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// The analyser failed on the game (a bug, logged).
    Panicked,
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Puzzle(game) => write!(
                f,
                "{game} is a puzzle: the analysis is for two-player games ({})",
                GameId::listed(false, "and")
            ),
            AnalysisError::Stopped => f.write_str("the analysis was stopped"),
            AnalysisError::Panicked => {
                f.write_str("the analyser failed on this game (a bug: see the log)")
            }
            AnalysisError::Move { ply, text, error } => {
                write!(f, "move {} ('{text}', ply {ply}): {error}", ply + 1)
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// The reference analysing games, one at a time: a searcher (its table
/// reserved once, growing to what a game's searches store, as large as
/// the settings' `hash_mib` at most: [`Searcher::growing`]) and the
/// settings. Send it to a thread to analyse games
/// there; [`analyse_all`](super::analyse_all) does.
pub struct Analyser {
    searcher: Searcher,
    settings: Settings,
    /// Set by another thread to stop the game under analysis.
    stop: Arc<AtomicBool>,
}

impl Analyser {
    /// An analyser with `settings` (reserves the table).
    pub fn new(settings: Settings) -> Analyser {
        Analyser {
            searcher: Searcher::growing(settings.hash_mib),
            settings,
            stop: Arc::new(AtomicBool::new(false)),
        }
    }

    /// An analyser that stops as soon as `stop` is set (by another thread):
    /// the game under analysis then ends with [`AnalysisError::Stopped`],
    /// never with a half-searched judgement.
    pub fn stopped_by(mut self, stop: Arc<AtomicBool>) -> Analyser {
        self.stop = stop;
        self
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Analyses the game from `start` with `moves` (moves of its game, in
    /// order; the game need not be over).
    pub fn analyse(
        &mut self,
        start: &AnyPosition,
        moves: &[AnyMove],
    ) -> Result<GameAnalysis, AnalysisError> {
        with_game!(start, pos => {
            let mut typed = Vec::with_capacity(moves.len());
            for (ply, &mv) in moves.iter().enumerate() {
                match IntoAnyMove::from_any(mv) {
                    Some(m) => typed.push(m),
                    None => {
                        return Err(AnalysisError::Move {
                            ply,
                            text: mv.to_string(),
                            error: MoveError::Syntax {
                                text: mv.to_string(),
                                expected: "a move of this position's game",
                            },
                        })
                    }
                }
            }
            self.analyse_game(pos, &typed)
        })
    }

    /// Analyses the game from `start` with `moves` written in the game's
    /// notation (as in a results file).
    pub fn analyse_text<S: AsRef<str>>(
        &mut self,
        start: &AnyPosition,
        moves: &[S],
    ) -> Result<GameAnalysis, AnalysisError> {
        let parsed = parse_moves(start, moves)?;
        self.analyse(start, &parsed)
    }

    /// [`Analyser::analyse`] for a game known at compile time.
    pub fn analyse_game<G: Evaluate + Registered>(
        &mut self,
        start: &G,
        moves: &[G::Move],
    ) -> Result<GameAnalysis, AnalysisError> {
        if G::ID.is_puzzle() {
            return Err(AnalysisError::Puzzle(G::ID));
        }
        check_moves(start, moves)?;
        let model = WinModel::of(G::ID);
        self.searcher.reset();
        let mut pos = *start;
        let mut records = Vec::with_capacity(moves.len());
        let mut moved = [false; 2];
        for (ply, &mv) in moves.iter().enumerate() {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let side = pos.side_to_move().index();
            let first_move = !std::mem::replace(&mut moved[side], true);
            records.push(self.judge(ply, &pos, mv, &model, first_move));
            pos.play_unchecked(mv);
        }
        // The table's memory back while the analyser waits for its next game.
        self.searcher.reset();
        if self.stop.load(Ordering::Relaxed) {
            return Err(AnalysisError::Stopped);
        }
        Ok(summarise(G::ID, records))
    }

    /// The record of `mv` played in `pos` (legal, the game not over).
    fn judge<G: Evaluate + Registered>(
        &mut self,
        ply: usize,
        pos: &G,
        mv: G::Move,
        model: &WinModel,
        first_move: bool,
    ) -> MoveAnalysis {
        let stop = Arc::clone(&self.stop);
        let limits = self.settings.budget.limits(G::ID);
        let mover = pos.side_to_move();
        let root = self.searcher.search(pos, &limits, &stop, &mut |_| {});
        let best = root.best.unwrap_or(mv);
        let mut nodes = root.stats.nodes;
        // The same depth for the other moves as the root gave them.
        let below = |depth: u32| Limits {
            depth: (!root.exact).then_some(depth.max(1)),
            ..limits.clone()
        };
        let (score_after, exact_after) = if mv == best {
            (root.score, root.exact)
        } else {
            let mut child = *pos;
            child.play_unchecked(mv);
            let out = self.searcher.search(
                &child,
                &below(root.depth.saturating_sub(1)),
                &stop,
                &mut |_| {},
            );
            nodes += out.stats.nodes;
            let score = if child.side_to_move() == mover {
                out.score
            } else {
                -out.score
            };
            (score, out.exact)
        };
        let (score_before, exact_before) = (root.score, root.exact);
        let win_before = model.percent(score_before, exact_before);
        let win_after = model.percent(score_after, exact_after);
        let missed_win = exact_before && score_before > 0 && score_after <= 0;
        let (class, drop) = classify(&Verdict {
            drop: (win_before - win_after).max(0.0),
            as_good: mv == best || (score_after >= score_before && win_after >= win_before),
            missed_win,
            first_move,
            proven_lost_after: exact_after && score_after < 0,
        });
        let mut only_move = false;
        if self.settings.only_move && class == MoveClass::Best && win_after >= BLUNDER {
            if let Some(other) =
                self.searcher
                    .search_excluding(pos, &below(root.depth), mv, &stop, &mut |_| {})
            {
                nodes += other.stats.nodes;
                only_move = model.percent(other.score, other.exact) <= win_after - BLUNDER;
            }
        }
        MoveAnalysis {
            ply,
            side: mover,
            played: mv.into_any(),
            best: best.into_any(),
            score_before,
            score_after,
            exact_before,
            exact_after,
            win_before,
            win_after,
            accuracy: move_accuracy(drop),
            class,
            missed_win,
            only_move,
            points_lost: (score_before - score_after).max(0),
            depth: root.depth,
            nodes,
        }
    }
}

/// The moves of `texts` read in turn from `start` (each checked legal).
pub fn parse_moves<S: AsRef<str>>(
    start: &AnyPosition,
    texts: &[S],
) -> Result<Vec<AnyMove>, AnalysisError> {
    let mut pos = *start;
    let mut out = Vec::with_capacity(texts.len());
    for (ply, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        let mv = pos.play_text(text).map_err(|error| AnalysisError::Move {
            ply,
            text: text.to_string(),
            error,
        })?;
        out.push(mv);
    }
    Ok(out)
}

/// Checks that `moves` can be played in turn from `start`.
fn check_moves<G: Game>(start: &G, moves: &[G::Move]) -> Result<(), AnalysisError> {
    let mut pos = *start;
    for (ply, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|error| AnalysisError::Move {
            ply,
            text: mv.to_string(),
            error,
        })?;
    }
    Ok(())
}

/// The game's analysis from its move records: each side's summary and the
/// turning point.
fn summarise(game: GameId, moves: Vec<MoveAnalysis>) -> GameAnalysis {
    let mut analysis = GameAnalysis {
        game,
        moves,
        sides: Default::default(),
        turning_point: None,
        nodes: 0,
    };
    for side in [Player::One, Player::Two] {
        analysis.sides[side.index()] = analysis.summary(side, |_| true);
    }
    let mut worst = 0.0;
    for m in &analysis.moves {
        if m.drop() > worst {
            worst = m.drop();
            analysis.turning_point = Some(m.ply);
        }
    }
    analysis.nodes = analysis.moves.iter().map(|m| m.nodes).sum();
    analysis
}
