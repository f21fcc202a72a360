//! The one list of the games.
//!
//! [`__registry!`](crate::__registry) holds the table — one line per game id,
//! one line per move type — and hands it to a callback macro. Everything the
//! rest of the program needs to know about *which* games exist is derived from
//! it, here and nowhere else:
//!
//! - [`GameId`] with [`GameId::ALL`],
//!   [`as_str`](super::GameId::as_str), [`is_puzzle`](super::GameId::is_puzzle),
//!   [`sibling`](super::GameId::sibling), `FromStr`/`Display`, and the
//!   "expected one of …" text of [`UnknownGame`](super::UnknownGame)
//!   ([`GameId::expected`]);
//! - [`AnyPosition`] (one variant per game id, `From`
//!   every game type, `from_fen` by id) and [`AnyMove`] (one
//!   variant per move type, with [`IntoAnyMove`]);
//! - [`with_game!`](crate::with_game), the only `match` over the games: every
//!   arm is generated, so no code elsewhere names a game to dispatch; and
//!   [`with_puzzle!`](crate::with_puzzle) and
//!   [`with_puzzle_id!`](crate::with_puzzle_id) for what only puzzles have
//!   (solving, heuristics);
//!   [`with_game_id!`](crate::with_game_id) to reach a game's type (and its
//!   traits' associated functions) from its id.
//!
//! Adding a game is its folder (a `pub mod <folder>;` line in
//! [`game`](super), so that `rustfmt` and the tools see it), one line in
//! `games [...]` per game id (and one in `moves [...]` if its move type is
//! new); the compiler then asks for every trait the generated code needs
//! (`Game`, …) on the new type.
//!
//! A line of `games` reads: variant, id, `puzzle` or `duel`, the sibling's
//! variant (the two-player game of a puzzle and vice versa), the variant of
//! its move type in `moves`, and the state type (by its folder's path).

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
                Knight      "knight"       duel   KnightSolo  Jump  $crate::game::numbered::Knight,
                KnightSolo  "knight-solo"  puzzle Knight      Jump  $crate::game::numbered::KnightSolo,
                Bishop      "bishop"       duel   BishopSolo  Jump  $crate::game::numbered::Bishop,
                BishopSolo  "bishop-solo"  puzzle Bishop      Jump  $crate::game::numbered::BishopSolo,
                Torre       "torre"        duel   TorreSolo   Jump  $crate::game::numbered::Torre,
                TorreSolo   "torre-solo"   puzzle Torre       Jump  $crate::game::numbered::TorreSolo,
                Dots        "dots"         duel   DotsSolo    Arc   $crate::game::dots::Dots,
                DotsSolo    "dots-solo"    puzzle Dots        Arc   $crate::game::dots::DotsSolo,
                Quatro      "quatro"       duel   QuatroSolo  Place $crate::game::quatro::Quatro,
                QuatroSolo  "quatro-solo"  puzzle Quatro      Place $crate::game::quatro::QuatroSolo,
                Adjiboto     "adjiboto"      duel   AdjibotoSolo Sow   $crate::game::adjiboto::Adjiboto,
                AdjibotoSolo "adjiboto-solo" puzzle Adjiboto     Sow   $crate::game::adjiboto::AdjibotoSolo,
                Solitario     "solitario"      duel   SolitarioSolo Hop   $crate::game::solitario::Solitario,
                SolitarioSolo "solitario-solo" puzzle Solitario     Hop   $crate::game::solitario::SolitarioSolo,
                Galo3d       "galo3d"        duel   Galo3dSolo   Mark  $crate::game::galo3d::Galo3d,
                Galo3dSolo   "galo3d-solo"   puzzle Galo3d       Mark  $crate::game::galo3d::Galo3dSolo,
                Blokus       "blokus"        duel   BlokusSolo   Piece $crate::game::blokus::Blokus,
                BlokusSolo   "blokus-solo"   puzzle Blokus       Piece $crate::game::blokus::BlokusSolo,
            ]
            moves [
                Jump  $crate::game::numbered::JumpMove,
                Arc   $crate::game::dots::Arc,
                Place $crate::game::quatro::Place,
                Sow   $crate::game::adjiboto::Sow,
                Hop   $crate::game::solitario::Hop,
                Mark  $crate::game::galo3d::Mark,
                Piece $crate::game::blokus::Placement,
            ]
        }
    };
}

/// The arms of [`with_game!`](crate::with_game), from the table.
#[doc(hidden)]
#[macro_export]
macro_rules! __with_game_arms {
    (($any:expr, $pos:ident, $body:expr)
     games [$($variant:ident $id:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $any {
            $($crate::game::AnyPosition::$variant($pos) => $body,)*
        }
    };
}

/// Runs an expression on the concrete position inside an
/// [`AnyPosition`](crate::game::AnyPosition): `with_game!(any, pos =>
/// perft(pos, 3))`. The expression is monomorphised once per game; the arms
/// come from the registry.
#[macro_export]
macro_rules! with_game {
    ($any:expr, $pos:ident => $body:expr) => {
        $crate::__registry!(__with_game_arms $any, $pos, $body)
    };
}

/// Runs an expression with a type alias for the state type of a
/// [`GameId`](crate::game::GameId): `with_game_id!(id, G => G::from_fen(text)
/// .map(AnyPosition::from))`. The arms come from the registry.
#[macro_export]
macro_rules! with_game_id {
    ($id:expr, $alias:ident => $body:expr) => {
        $crate::__registry!(__with_game_id_arms $id, $alias, $body)
    };
}

/// Runs an expression on the typed parameters inside an
/// [`AnyParams`](crate::game::registry::AnyParams), with a type alias for the
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
     games [$($variant:ident $gid:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $params {
            $($crate::game::registry::AnyParams::$variant($p) => {
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
     games [$($variant:ident $gid:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $id {
            $($crate::game::GameId::$variant => {
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
     games [$($variant:ident $gid:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $id {
            $($crate::game::GameId::$variant => {
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
/// [`AnyPosition`](crate::game::AnyPosition) whose game is a puzzle, and
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
     games [$($variant:ident $id:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        match $any {
            $($crate::game::AnyPosition::$variant($pos) => {
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

/// The items derived from the table (expanded once, in `game`).
#[doc(hidden)]
#[macro_export]
macro_rules! __define_registry {
    (()
     games [$($variant:ident $id:literal $kind:ident $sibling:ident $mv:ident $ty:ty,)*]
     moves [$($mvariant:ident $mty:ty,)*]) => {
        /// A game id of the fixed interface (from the registry).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $(
                #[doc = concat!("`", $id, "`")]
                $variant,
            )*
        }

        impl GameId {
            /// Every game id, in the order of the interface document.
            pub const ALL: [GameId; [$(GameId::$variant),*].len()] = [$(GameId::$variant),*];

            /// The id as written in FENs and commands.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(GameId::$variant => $id,)*
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
                #[doc = concat!("`", $id, "`")]
                $variant($ty),
            )*
        }

        $(
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
        /// [`GameSetup`](crate::game::GameSetup).
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        pub enum AnyParams {
            $(
                #[doc = concat!("`", $id, "`")]
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

use super::{FenError, Game};
use std::fmt;

/// Conversion between a game's own move type and [`AnyMove`] (implemented
/// for every move type of the table).
pub trait IntoAnyMove: Sized {
    fn into_any(self) -> AnyMove;
    fn from_any(mv: AnyMove) -> Option<Self>;
}

crate::__registry!(__define_registry);
