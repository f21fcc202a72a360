//! The companion traits: what the rest of the program asks of a game beyond
//! its rules ([`Game`]).
//!
//! Each game implements them in its own folder (`numbered/render.rs`,
//! `dots/lisp.rs`, …). They are static traits: a call costs what the
//! concrete function costs, and a game that lacks one is a compile error
//! wherever the registry needs it — never a silent `0`.
//!
//! The search and the puzzle solvers define the traits they need on their
//! own side, and each game implements those in its folder too:
//! [`crate::search::Evaluate`] (`<game>/eval.rs`),
//! [`crate::search::bench::Bench`] (the bench positions) and
//! [`crate::puzzle::heuristic::Puzzle`] (`<game>/heuristics.rs`). The rules
//! and this vocabulary name neither the search nor the solvers.

use super::params::Params;
use super::{Game, Player};
use crate::lisp::{LispError, Sexp};

/// How a game starts: its parameters, the fixed start position (`position
/// startpos`) and the seeded random boards (`position random <game> <seed>`).
/// The course problems are in [`crate::problems`].
pub trait Starts: Game {
    /// The game's parameters, declared in its folder ([`Params::DECLARED`]):
    /// `()` for a game without.
    type Params: Params;

    /// How `arbiter boards` measures a start of this game unless told
    /// otherwise: the reference games' search (a depth or a node budget),
    /// their pairs, and the largest |value| of a start kept as balanced (in
    /// the game's points).
    const BALANCE: Balance;

    /// The fixed start position under `params`, if the game has one.
    fn startpos(params: &Self::Params) -> Option<Self>;

    /// The random start for `seed` under `params`, or `None` when the game
    /// has no random start. Identical on every platform (see
    /// [`crate::random`]).
    fn random(seed: u64, params: &Self::Params) -> Option<Self>;

    /// Applies the parameters that a built-in start leaves to its caller
    /// (after [`Starts::startpos`], [`Starts::random`] and on a course
    /// problem): the Adji-boto puzzle's capture row, say. A position string
    /// says its own and is left alone. The default: nothing.
    fn apply(&mut self, _params: &Self::Params) {}
}

/// The default reference of the balanced boards ([`Starts::BALANCE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balance {
    /// The search of the first pair of reference games.
    pub search: BalanceSearch,
    /// Pairs of reference games, each a step (a ply, or half the nodes)
    /// weaker than the one before.
    pub pairs: u32,
    /// The largest |mean final margin| of a start kept, in points.
    pub threshold: u32,
}

/// How the reference games of [`Balance`] search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BalanceSearch {
    /// This depth per move (plies).
    Depth(u32),
    /// About this many nodes per move: deeper where few moves are left, as
    /// a timed engine is.
    Nodes(u64),
}

impl Balance {
    /// Five pairs from `depth` down, within `threshold` points of even.
    pub const fn by_depth(depth: u32, threshold: u32) -> Balance {
        Balance {
            search: BalanceSearch::Depth(depth),
            pairs: 5,
            threshold,
        }
    }
}

/// How a position is drawn for people: the board lines of `show` (the
/// protocol module adds the headline, the legal moves and the position
/// string) and the names of the two players.
pub trait Render: Game {
    /// The names of player 1 and player 2 in the headline of `show`.
    const PLAYER_NAMES: [&'static str; 2];

    /// The board, as lines of text without colours.
    fn board_lines(&self) -> Vec<String>;

    /// What the headline of `show` says of a puzzle whose score is not
    /// points (Solitário: the pegs left and the goal); `None`: the score
    /// and the target.
    fn progress(&self) -> Option<String> {
        None
    }

    /// The board of a readable game record (`arbiter … --records`), plain
    /// text without the score: the position's cells ([`cells_table`]) or,
    /// for Dots and Boxes, [`Render::person_board`] without colours.
    /// `owners` as for [`Render::person_board`].
    fn record_board(&self, owners: &[Option<Player>]) -> String;

    /// The board drawn for a person (`arbiter play`, game records): what
    /// `marks` asks for (the legal moves, who took each closed cell, the
    /// last move) drawn, every styled piece of text passed through `paint`
    /// with its [`Mark`] (the arbiter adds colours).
    fn person_board(&self, marks: &Marks<'_, Self>, paint: &dyn Fn(&str, Mark) -> String)
        -> String;

    /// The cells that are taken, row-major (Dots and Boxes: closed boxes),
    /// to follow who took each during a game; empty for a game without.
    fn closed_cells(&self) -> Vec<bool>;
}

/// What a person's board shows besides the position ([`Render::person_board`]).
pub struct Marks<'a, G: Game> {
    /// The moves the side to move may play, to be marked (empty: none).
    pub legal: &'a [G::Move],
    /// The player who took each cell of [`Render::closed_cells`] during the
    /// game (empty when unknown).
    pub owners: &'a [Option<Player>],
    /// The move that led to the position and the position it was played
    /// from, to be marked as [`Mark::Last`] (`None`: at the start).
    pub last: Option<(&'a G, G::Move)>,
}

impl<G: Game> Marks<'_, G> {
    /// Nothing to mark.
    pub fn none() -> Self {
        Marks {
            legal: &[],
            owners: &[],
            last: None,
        }
    }
}

/// How a person at a terminal plays the game (`arbiter play`): the other
/// ways to type a move (the course's operators, row and column numbers), the
/// help about moves, and the words of the result.
pub trait PersonPlay: Game {
    /// The help lines about moves (each starts with two spaces and ends with
    /// a line break).
    const MOVE_HELP: &'static str;

    /// The score's unit, singular and plural (`["point", "points"]`), or
    /// `None` for a game that is won without points.
    const SCORE_UNIT: Option<[&'static str; 2]>;

    /// Why a game ended by its rules (`neither side can move`).
    const NORMAL_END: &'static str;

    /// A typed line (split into `words`, punctuation `(),;` removed, case
    /// kept as typed) read as a move in the notation, or a message saying
    /// what a move looks like. Legality is the caller's to check.
    fn person_move(&self, words: &[&str]) -> Result<String, String>;
}

/// The numbers of `words` (`3 2`, `3.2`, `h 1 2` without the `h`), when
/// they hold nothing but digits, dots and spaces: for the course's
/// row-and-column ways of typing a move.
///
/// ```
/// use tabula::game::traits::typed_numbers;
/// assert_eq!(typed_numbers(&["3", "2"]), Some(vec![3, 2]));
/// assert_eq!(typed_numbers(&["1.2"]), Some(vec![1, 2]));
/// assert_eq!(typed_numbers(&["e5"]), None);
/// ```
pub fn typed_numbers(words: &[&str]) -> Option<Vec<usize>> {
    let joined = words.join(" ");
    let ok = joined
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.' || c == ' ');
    let numbers: Vec<usize> = joined
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    (ok && !numbers.is_empty()).then_some(numbers)
}

/// A board as a table of cells, for the game records: column letters, then
/// each row (`/`-separated in `board`) with its number and its
/// `,`-separated cells, each right-aligned in 3 characters — the board
/// field of a position string drawn as it reads.
///
/// ```
/// use tabula::game::traits::cells_table;
/// assert_eq!(cells_table("07,W/-,12"), "      a  b\n  1  07  W\n  2   - 12\n");
/// ```
pub fn cells_table(board: &str) -> String {
    use std::fmt::Write;
    let rows: Vec<&str> = board.split('/').collect();
    let mut out = String::from("    ");
    for c in 0..rows.first().map_or(0, |r| r.split(',').count()) {
        let _ = write!(out, "{:>3}", (b'a' + c as u8) as char);
    }
    out.push('\n');
    for (i, row) in rows.iter().enumerate() {
        let _ = write!(out, "{:>3} ", i + 1);
        for cell in row.split(',') {
            let _ = write!(out, "{cell:>3}");
        }
        out.push('\n');
    }
    out
}

/// What a mark on a person's board means, for the caller to style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A player's piece or box.
    Player(Player),
    /// A player's arc (Dots and Boxes).
    Arc(Player),
    /// A square the side to move may go to.
    Legal,
    /// A removed (or visited) square.
    Removed,
    /// What the last move changed (the square it reached, the pits it sowed).
    Last,
}

/// The course's problems of a puzzle: the built-in file and how one problem
/// is written in it (a top-level Lisp list `(<target> …)`).
pub trait CourseProblems: Starts {
    /// The course's problems file, built in (`data/problems/<game>.dat`).
    const BUILTIN: &'static str;

    /// True when `tabula report` without a file runs these problems (the
    /// course's results table).
    const IN_REPORT: bool;

    /// How a problem is written, for "no problem recognised" (`(<target>
    /// <10 rows>) for the knight`).
    fn shape() -> String;

    /// Does this list (a problem's items) have this game's shape? A quick
    /// test of the outline (item count, a leading number, …): when several
    /// puzzles' shapes fit, the file goes to the one whose
    /// [`CourseProblems::read_problem`] reads it, so `recognises` need not
    /// exclude other games' shapes.
    fn recognises(items: &[Sexp]) -> bool;

    /// One problem: its target and the root position, with the target set.
    fn read_problem(items: &[Sexp]) -> Result<(u32, Self), String>;

    /// The built-in file under the game's parameters (Blokus's `2017`
    /// problems are another file): the default is [`BUILTIN`].
    ///
    /// [`BUILTIN`]: CourseProblems::BUILTIN
    fn builtin_file(_params: &Self::Params) -> &'static str {
        Self::BUILTIN
    }
}

/// The course's Lisp board (or state) of a game, read and written: what the
/// student's program passes to and gets from `jogar`.
pub trait LispInterchange: Game {
    /// The position from the course's Lisp board (scores at 0 where the
    /// board does not hold them).
    fn from_lisp(board: &Sexp) -> Result<Self, LispError>;

    /// The course's Lisp board of the position.
    fn to_lisp(&self) -> String;
}
