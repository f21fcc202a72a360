//! The games: one folder per game (or family of games), the registry that
//! lists them, and what travels at the edges of the program.
//!
//! Each folder implements, for its state types, the core's [`Game`](crate::game::Game) and
//! companion traits ([`crate::game`]) and the traits the algorithms define
//! ([`crate::search::Evaluate`], [`crate::search::bench::Bench`],
//! [`crate::puzzle::heuristic::Puzzle`]); a folder uses those layers below
//! and nothing of this one. The games are listed once, in [`registry`];
//! from that list come the game ids ([`GameId`], with [`Registered::ID`]
//! on each type), a position and a move of any game ([`AnyPosition`],
//! [`AnyMove`]: [`any`]), a game with its parameters ([`GameSetup`],
//! [`Setups`]: [`params`]) and the dispatch macros
//! ([`with_game!`](crate::with_game) and its siblings). At the edges — the
//! protocol, the command line, the arbiter — a position travels as an
//! [`AnyPosition`], chosen by its [`GameId`].
//!
//! | id | type | board |
//! |---|---|---|
//! | `knight` | [`Knight`] | 10 × 10 numbers, two knights |
//! | `knight-solo` | [`KnightSolo`] | 10 × 10 numbers, one knight, a target |
//! | `bishop` | [`Bishop`] | 8 × 8 numbers 11..88, two bishops |
//! | `bishop-solo` | [`BishopSolo`] | 8 × 8 numbers, one bishop, a target |
//! | `torre` | [`Torre`] | 7 × 7 numbers 11..77, two rooks |
//! | `torre-solo` | [`TorreSolo`] | 7 × 7 numbers, one rook, a target |
//! | `dots` | [`Dots`] | Dots and Boxes, up to 10 × 10 boxes |
//! | `dots-solo` | [`DotsSolo`] | one player closing boxes, a target |
//! | `quatro` | [`Quatro`] | 4 × 4 board, 16 pieces of 4 attributes, shared reserve |
//! | `quatro-solo` | [`QuatroSolo`] | a board and a reserve, a winning line to make |
//! | `adjiboto` | [`Adjiboto`] | 2 rows of 6 pits, sowing, captures of 1, 3 or 5 seeds |
//! | `adjiboto-solo` | [`AdjibotoSolo`] | one player emptying the board |
//! | `solitario` | [`Solitario`] | the English cross, 6 pegs each, steps and captures, a race to the other side |
//! | `solitario-solo` | [`SolitarioSolo`] | peg solitaire: jumps until `t` pegs are left |
//! | `galo3d` | [`Galo3d`] | 3 × 3 × 3 noughts and crosses, 49 lines |
//! | `galo3d-solo` | [`Galo3dSolo`] | either symbol on an empty cell until a line stands |
//! | `blokus` | [`Blokus`] | 14 × 14 board, polyomino pieces placed corner to corner (2021 or 2017 pieces) |
//! | `blokus-solo` | [`BlokusSolo`] | one player placing pieces: N squares (2021) or a dead end (2017) |
//!
//! ```
//! use tabula::games::{AnyPosition, GameId, Knight, Registered};
//!
//! let err = AnyPosition::from_fen("chess 8/8").unwrap_err();
//! assert!(err.to_string().starts_with("unknown game 'chess' (expected knight, "));
//! let start = tabula::setup::parse_spec("random knight 7", None).unwrap();
//! assert_eq!(start.game(), GameId::Knight);
//! assert_eq!(Knight::ID, GameId::Knight);
//! assert_eq!("Knight-Solo".parse::<GameId>(), Ok(GameId::KnightSolo));
//! ```

pub mod any;
pub mod params;
pub mod registry;

// The game folders, one per family of games of the registry.
pub mod adjiboto;
pub mod blokus;
pub mod dots;
pub mod galo3d;
pub mod numbered;
pub mod quatro;
pub mod solitario;

pub use any::{AnyMove, AnyPosition, IntoAnyMove, PositionError};
pub use params::{GameSetup, ParamError, Setups};
pub use registry::{AnyParams, GameId, Registered, UnknownGame};

// Short paths for the games' types (a convenience: the registry names each
// type by its folder's path, so a new game needs no line here).
pub use adjiboto::{Adjiboto, AdjibotoSolo, Sow};
pub use blokus::{Blokus, BlokusSolo, Placement};
pub use dots::{Arc, Dots, DotsSolo};
pub use galo3d::{Galo3d, Galo3dSolo};
pub use numbered::{Bishop, BishopSolo, JumpMove, Knight, KnightSolo, Torre, TorreSolo};
pub use quatro::{Place, Quatro, QuatroSolo};
pub use solitario::{Hop, Solitario, SolitarioSolo};
