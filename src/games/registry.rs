//! The one list of the games.
//!
//! [`__registry!`](crate::__registry) holds the table — one line per game id,
//! one line per move type — and hands it to a callback macro. Everything the
//! rest of the program needs to know about *which* games exist is derived from
//! it, here and nowhere else:
//!
//! - [`GameId`] with [`GameId::ALL`], [`as_str`](GameId::as_str) (the type's
//!   [`Game::NAME`]), [`is_puzzle`](GameId::is_puzzle),
//!   [`sibling`](GameId::sibling), `FromStr`/`Display`, and the "expected
//!   one of …" text of [`UnknownGame`] ([`GameId::expected`]);
//! - [`Registered`] on every state type: its [`GameId`], its moves as
//!   [`AnyMove`]s, its typed parameters inside an [`AnyParams`];
//! - [`AnyPosition`] (one variant per game id, `From` every game type,
//!   `from_fen` by id), [`AnyMove`] (one variant per move type, with
//!   [`IntoAnyMove`] and [`AnyMove::is_pass`]) and [`AnyParams`];
//! - [`with_game!`](crate::with_game), the only `match` over the games: every
//!   arm is generated, so no code elsewhere names a game to dispatch; and
//!   [`with_puzzle!`](crate::with_puzzle) and
//!   [`with_puzzle_id!`](crate::with_puzzle_id) for what only puzzles have
//!   (solving, heuristics);
//!   [`with_game_id!`](crate::with_game_id) to reach a game's type (and its
//!   traits' associated functions) from its id;
//!   [`with_params!`](crate::with_params) to reach a game's typed parameters.
//!
//! Adding a game is its folder (a `pub mod <folder>;` line in
//! [`games`](super), so that `rustfmt` and the tools see it) and one line in
//! `games [...]` per game id (and one in `moves [...]` if its move type is
//! new); the compiler then asks for every trait the generated code needs
//! (`Game`, `Starts`, …) on the new type, and refuses a line whose
//! `puzzle`/`duel` disagrees with the type's [`Game::PUZZLE`].
//!
//! A line of `games` reads: variant, `puzzle` or `duel`, the sibling's
//! variant (the two-player game of a puzzle and vice versa), the variant of
//! its move type in `moves`, and the state type (by its folder's path). The
//! id as written (`knight-solo`) is the type's own [`Game::NAME`].

/// The table of games: calls `$crate::<callback>!` with `(args) games [...]
/// moves [...]`. Internal to the registry: use the items
/// it generates.
#[doc(hidden)]
#[macro_export]
macro_rules! __registry {
    ($callback:ident $($args:tt)*) => {
        $crate::$callback! {
            ($($args)*)
            games [
                Knight        duel   KnightSolo    Jump  $crate::games::numbered::Knight,
                KnightSolo    puzzle Knight        Jump  $crate::games::numbered::KnightSolo,
                Bishop        duel   BishopSolo    Jump  $crate::games::numbered::Bishop,
                BishopSolo    puzzle Bishop        Jump  $crate::games::numbered::BishopSolo,
                Torre         duel   TorreSolo     Jump  $crate::games::numbered::Torre,
                TorreSolo     puzzle Torre         Jump  $crate::games::numbered::TorreSolo,
                Dots          duel   DotsSolo      Arc   $crate::games::dots::Dots,
                DotsSolo      puzzle Dots          Arc   $crate::games::dots::DotsSolo,
                Quatro        duel   QuatroSolo    Place $crate::games::quatro::Quatro,
                QuatroSolo    puzzle Quatro        Place $crate::games::quatro::QuatroSolo,
                Adjiboto      duel   AdjibotoSolo  Sow   $crate::games::adjiboto::Adjiboto,
                AdjibotoSolo  puzzle Adjiboto      Sow   $crate::games::adjiboto::AdjibotoSolo,
                Solitario     duel   SolitarioSolo Hop   $crate::games::solitario::Solitario,
                SolitarioSolo puzzle Solitario     Hop   $crate::games::solitario::SolitarioSolo,
                Galo3d        duel   Galo3dSolo    Mark  $crate::games::galo3d::Galo3d,
                Galo3dSolo    puzzle Galo3d        Mark  $crate::games::galo3d::Galo3dSolo,
                Blokus        duel   BlokusSolo    Piece $crate::games::blokus::Blokus,
                BlokusSolo    puzzle Blokus        Piece $crate::games::blokus::BlokusSolo,
            ]
            moves [
                Jump  $crate::games::numbered::JumpMove,
                Arc   $crate::games::dots::Arc,
                Place $crate::games::quatro::Place,
                Sow   $crate::games::adjiboto::Sow,
                Hop   $crate::games::solitario::Hop,
                Mark  $crate::games::galo3d::Mark,
                Piece $crate::games::blokus::Placement,
            ]
        }
    };
}

/// The arms of [`with_game!`](crate::with_game), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    (($any:expr, $pos:ident, $body:expr)
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $any {
            $($crate::games::AnyPosition::$variant($pos) => $body,)*
        }
    };
}

/// Runs an expression on the concrete position inside an
/// [`AnyPosition`](crate::games::AnyPosition): `with_game!(any, pos =>
/// perft(pos, 3))`. The expression is monomorphised once per game; the arms
/// come from the registry.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $pos:ident => $body:expr) => {
        $crate::__registry!(__with_game_arms $any, $pos, $body)
    };
}

/// Runs an expression with a type alias for the state type of a
/// [`GameId`](crate::games::GameId): `with_game_id!(id, G => G::from_fen(text)
/// .map(AnyPosition::from))`. The arms come from the registry.
#[macro_export]
macro_rules! with_game_id {
    ($id:expr, $alias:ident => $body:expr) => {
        $crate::__registry!(__with_game_id_arms $id, $alias, $body)
    };
}

/// Runs an expression on the typed parameters inside an
/// [`AnyParams`](crate::games::AnyParams), with a type alias for the
/// game's state type: `with_params!(params, p, G => G::random(seed, p))`.
/// The arms come from the registry.
#[macro_export]
macro_rules! with_params {
    ($params:expr, $p:ident, $alias:ident => $body:expr) => {
        $crate::__registry!(__with_params_arms $params, $p, $alias, $body)
    };
}

/// The arms of [`with_params!`](crate::with_params), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_params_arms {
    (($params:expr, $p:ident, $alias:ident, $body:expr)
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $params {
            $($crate::games::AnyParams::$variant($p) => {
                #[allow(dead_code)]
                type $alias = $ty;
                $body
            })*
        }
    };
}

/// The arms of [`with_game_id!`](crate::with_game_id), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_id_arms {
    (($id:expr, $alias:ident, $body:expr)
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $id {
            $($crate::games::GameId::$variant => {
                type $alias = $ty;
                $body
            })*
        }
    };
}

/// [`with_game_id!`](crate::with_game_id) for the puzzles only: runs `$body`
/// with `$alias` the state type when `$id` is a puzzle (the body may use
/// [`Puzzle`](crate::puzzle::heuristic::Puzzle) and
/// [`CourseProblems`](crate::game::CourseProblems)), `$other` otherwise.
#[macro_export]
macro_rules! with_puzzle_id {
    ($id:expr, $alias:ident => $body:expr, else $other:expr) => {
        $crate::__registry!(__with_puzzle_id_arms $id, $alias, $body, $other)
    };
}

/// The arms of [`with_puzzle_id!`](crate::with_puzzle_id), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_puzzle_id_arms {
    (($id:expr, $alias:ident, $body:expr, $other:expr)
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $id {
            $($crate::games::GameId::$variant => {
                $crate::__puzzle_type_or!($kind, $alias, $ty, $body, $other)
            })*
        }
    };
}

/// One arm of [`with_puzzle_id!`](crate::with_puzzle_id).
#[doc(hidden)]
#[macro_export]
macro_rules! __puzzle_type_or {
    (puzzle, $alias:ident, $ty:ty, $body:expr, $other:expr) => {{
        type $alias = $ty;
        $body
    }};
    (duel, $alias:ident, $ty:ty, $body:expr, $other:expr) => {
        $other
    };
}

/// The puzzles of the registry: runs `$body` (which may use
/// [`Puzzle`](crate::puzzle::heuristic::Puzzle)) on the position inside an
/// [`AnyPosition`](crate::games::AnyPosition) whose game is a puzzle, and
/// `$other` on a two-player game: `with_puzzle!(any, p => solve(p), else
/// Err(..))`. The arms come from the registry's `puzzle`/`duel` column.
#[macro_export]
macro_rules! with_puzzle {
    ($any:expr, $pos:ident => $body:expr, else $other:expr) => {
        $crate::__registry!(__with_puzzle_arms $any, $pos, $body, $other)
    };
}

/// The arms of [`with_puzzle!`](crate::with_puzzle), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_puzzle_arms {
    (($any:expr, $pos:ident, $body:expr, $other:expr)
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $any {
            $($crate::games::AnyPosition::$variant($pos) => {
                $crate::__puzzle_or!($kind, $pos, $body, $other)
            })*
        }
    };
}

/// One arm of [`with_puzzle!`](crate::with_puzzle): the body for a puzzle,
/// the other expression for a two-player game.
#[doc(hidden)]
#[macro_export]
macro_rules! __puzzle_or {
    (puzzle, $pos:ident, $body:expr, $other:expr) => {
        $body
    };
    (duel, $pos:ident, $body:expr, $other:expr) => {{
        let _ = &$pos;
        $other
    }};
}

/// `puzzle` / `duel` of a registry line, as a bool.
#[doc(hidden)]
#[macro_export]
macro_rules! __is_puzzle {
    (puzzle) => {
        true
    };
    (duel) => {
        false
    };
}

/// The items derived from the table (expanded once, in `games`).
#[doc(hidden)]
#[macro_export]
macro_rules! __define_registry {
    (()
     games [$($variant:ident $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        /// A game id of the fixed interface (from the registry).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $(
                #[doc = concat!("The game whose type is the registry's `", stringify!($variant), "` line.")]
                $variant,
            )*
        }

        impl GameId {
            /// Every game id, in the order of the interface document.
            pub const ALL: [GameId; [$(GameId::$variant),*].len()] = [$(GameId::$variant),*];

            /// The id as written in FENs and commands.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$ty as Game>::NAME,)*
                }
            }

            /// True for the single-player puzzles.
            pub fn is_puzzle(self) -> bool {
                match self {
                    $(GameId::$variant => $crate::__is_puzzle!($kind),)*
                }
            }

            /// The two-player game of a puzzle and vice versa.
            pub fn sibling(self) -> GameId {
                match self {
                    $(GameId::$variant => GameId::$sibling,)*
                }
            }
        }

        /// A position of one of the games of the registry.
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum AnyPosition {
            $(
                #[doc = concat!("A position of the `", stringify!($variant), "` game.")]
                $variant($ty),
            )*
        }

        $(
            impl Registered for $ty {
                const ID: GameId = GameId::$variant;

                fn params(any: &AnyParams) -> Option<<$ty as Starts>::Params> {
                    #[allow(unreachable_patterns)]
                    match any {
                        AnyParams::$variant(p) => Some(*p),
                        _ => None,
                    }
                }
            }

            const _: () = assert!(
                <$ty as Game>::PUZZLE == $crate::__is_puzzle!($kind),
                concat!("Game::PUZZLE of the registry's ", stringify!($variant), " line disagrees with its column")
            );

            impl From<$ty> for AnyPosition {
                fn from(pos: $ty) -> AnyPosition {
                    AnyPosition::$variant(pos)
                }
            }
        )*

        impl AnyPosition {
            /// Parses the position string of `game`.
            pub(crate) fn from_fen_of(game: GameId, text: &str) -> Result<AnyPosition, FenError> {
                Ok(match game {
                    $(GameId::$variant => AnyPosition::$variant(<$ty as Game>::from_fen(text)?),)*
                })
            }
        }

        /// The parameters of one game ([`Starts::Params`](crate::game::Starts::Params)),
        /// one variant per game id: the value inside a
        /// [`GameSetup`](crate::games::GameSetup).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum AnyParams {
            $(
                #[doc = concat!("The parameters of the `", stringify!($variant), "` game.")]
                $variant(<$ty as $crate::game::Starts>::Params),
            )*
        }

        impl AnyParams {
            /// The defaults of `game`.
            pub(crate) fn default_of(game: GameId) -> AnyParams {
                match game {
                    $(GameId::$variant => AnyParams::$variant(Default::default()),)*
                }
            }

            /// The game.
            pub fn game(&self) -> GameId {
                match self {
                    $(AnyParams::$variant(_) => GameId::$variant,)*
                }
            }

            /// [`Starts::apply`](crate::game::Starts::apply) on a position of
            /// this game; any other is left alone.
            pub(crate) fn apply(&self, any: &mut AnyPosition) {
                #[allow(unreachable_patterns)]
                match (self, any) {
                    $((AnyParams::$variant(p), AnyPosition::$variant(pos)) => {
                        $crate::game::Starts::apply(pos, p)
                    })*
                    _ => {}
                }
            }
        }

        /// A move of any game, printed in its game's notation (one variant per
        /// move type of the registry).
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum AnyMove {
            $($mvariant($mty),)*
        }

        impl AnyMove {
            /// True for the pass ([`GameMove::is_pass`]).
            pub fn is_pass(self) -> bool {
                match self {
                    $(AnyMove::$mvariant(m) => GameMove::is_pass(m),)*
                }
            }
        }

        impl fmt::Display for AnyMove {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(AnyMove::$mvariant(m) => fmt::Display::fmt(m, f),)*
                }
            }
        }

        $(
            impl IntoAnyMove for $mty {
                fn into_any(self) -> AnyMove {
                    AnyMove::$mvariant(self)
                }
                fn from_any(mv: AnyMove) -> Option<Self> {
                    #[allow(unreachable_patterns)]
                    match mv {
                        AnyMove::$mvariant(m) => Some(m),
                        _ => None,
                    }
                }
            }
        )*
    };
}

use crate::game::{FenError, Game, GameMove, Starts};
use std::fmt;
use std::str::FromStr;

/// Conversion between a game's own move type and [`AnyMove`] (implemented
/// for every move type of the table).
pub trait IntoAnyMove: Sized {
    fn into_any(self) -> AnyMove;
    fn from_any(mv: AnyMove) -> Option<Self>;
}

/// A game of the registry: implemented, by the table, for every state type
/// it lists. What the games layer knows of a type beyond the core's
/// [`Game`]: its [`GameId`], its moves as [`AnyMove`]s (the bound on
/// `Move`), and its typed parameters inside an [`AnyParams`] (a `match` the
/// table writes, no downcast).
pub trait Registered: Starts + Game<Move: IntoAnyMove> {
    /// The game's id ([`GameId::as_str`] is [`Game::NAME`]).
    const ID: GameId;

    /// This game's parameters, when `any` holds them (`None` for another
    /// game's).
    fn params(any: &AnyParams) -> Option<Self::Params>;
}

crate::__registry!(__define_registry);

impl GameId {
    /// The ids for an "expected …" message: `knight, knight-solo, …, dots or
    /// dots-solo`, in registry order.
    pub fn expected() -> String {
        listed(GameId::ALL.iter(), "or")
    }

    /// The two-player ids (`puzzles` false) or the puzzles' ids, in registry
    /// order, joined for a message by commas and `last_word`: `knight,
    /// bishop or dots`.
    ///
    /// ```
    /// use tabula::games::GameId;
    /// assert!(GameId::listed(true, "and").starts_with("knight-solo, bishop-solo"));
    /// assert!(GameId::listed(false, "or").starts_with("knight, bishop"));
    /// assert!(!GameId::listed(false, "or").contains("-solo"));
    /// ```
    pub fn listed(puzzles: bool, last_word: &str) -> String {
        listed(
            GameId::ALL.iter().filter(|g| g.is_puzzle() == puzzles),
            last_word,
        )
    }
}

/// `a, b <last_word> c`.
fn listed<'a>(ids: impl Iterator<Item = &'a GameId>, last_word: &str) -> String {
    let ids: Vec<&str> = ids.map(|g| g.as_str()).collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} {last_word} {last}", rest.join(", "))
        }
        _ => ids.concat(),
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown game id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown game '{}' (expected {})",
            self.0,
            GameId::expected()
        )
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL
            .into_iter()
            .find(|g| g.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_distinct_and_siblings_pair_a_duel_with_its_puzzle() {
        for (i, a) in GameId::ALL.iter().enumerate() {
            for b in &GameId::ALL[i + 1..] {
                assert_ne!(a.as_str(), b.as_str());
            }
            assert_eq!(a.sibling().sibling(), *a);
            assert_ne!(a.is_puzzle(), a.sibling().is_puzzle(), "{a}");
            assert_eq!(a.as_str().parse::<GameId>(), Ok(*a));
        }
    }
}
