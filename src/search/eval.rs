//! Static evaluation and the game knowledge the search uses.
//!
//! Values are **relative to the node**: an estimate of the points the side to
//! move will still win minus the points its opponent will still win (points
//! already scored are not part of it; the search adds them at the root).
//!
//! The search is generic over [`Evaluate`], the trait the search defines
//! here and each game implements in its own folder (`game/<game>/eval.rs`);
//! the functions below are the search's entry points into it, monomorphised
//! per game (no dynamic dispatch, no type tests).
//!
//! Each game declares the terms of its evaluation in its folder, as it
//! declares its parameters: a typed value with one `bool` per term
//! ([`Evaluate::Terms`], written with [`eval_terms!`](crate::eval_terms):
//! each term's name, whether it is on by default, and what it adds, with
//! its measurements). The search names no term: [`EvalConfig`] says
//! "the course's evaluation" (the score difference, every term off) or
//! "each game's defaults, with these terms switched by name" (self-play's
//! `tabula:no-mobility`), and a search makes its game's typed terms from it
//! once ([`EvalConfig::terms`]), not per node.
//!
//! ```
//! use tabula::search::eval::{EvalConfig, Terms};
//!
//! tabula::eval_terms! {
//!     /// A made-up game's terms.
//!     pub struct Mine {
//!         /// What the side to move can take next.
//!         reach: true,
//!         /// Squares left to each side.
//!         room: false,
//!     }
//! }
//!
//! assert_eq!(Mine::DECLARED[1].name, "room");
//! assert_eq!(Mine::DECLARED[0].help, "What the side to move can take next.");
//! let mut cfg = EvalConfig::default();
//! assert_eq!(cfg.terms::<Mine>(), Some(Mine { reach: true, room: false }));
//! assert!(cfg.switch(&Mine::DECLARED[0], false) && cfg.switch(&Mine::DECLARED[1], true));
//! assert_eq!(cfg.terms::<Mine>(), Some(Mine { reach: false, room: true }));
//! assert_eq!(EvalConfig::MATERIAL.terms::<Mine>(), None);
//! ```

use super::exact::Exact;
use crate::game::Game;
use std::fmt::Debug;

/// The game knowledge of the alpha-beta search: static evaluation, move
/// ordering, the quiescence moves, the time budget and an optional exact
/// endgame solver.
///
/// Values are relative to the node (see the module documentation).
pub trait Evaluate: Game {
    /// True for a game with moves that score and keep the turn (Dots and
    /// Boxes captures): the search then follows them in a quiescence search.
    const HAS_NOISY: bool;

    /// The game's evaluation terms, declared in its folder
    /// ([`eval_terms!`](crate::eval_terms)); `()` for a game without.
    type Terms: Terms;

    /// The static value of the position with `terms` (never called under
    /// [`EvalConfig::material_only`]: that is `0` for every game).
    fn evaluate(&self, terms: &Self::Terms) -> i32;

    /// Move ordering: a larger value is tried earlier.
    fn order_hint(&self, mv: Self::Move) -> i32;

    /// A small index for per-move tables (history), below [`MOVE_KEYS`].
    fn move_key(mv: Self::Move) -> usize;

    /// Is `mv` noisy (scores and keeps the turn)? Always false when
    /// [`Evaluate::HAS_NOISY`] is.
    fn is_noisy(&self, mv: Self::Move) -> bool;

    /// A noisy move to follow in the quiescence search, if any.
    fn capture(&self) -> Option<Self::Move>;

    /// A guess of how many more moves the side to move will make (time
    /// budget).
    fn moves_left(&self) -> u64;

    /// The game's exact endgame solver for this position, if it has one
    /// that applies ([`super::exact`]; Dots and Boxes on small boards).
    /// Called once per search, not per node. The default: none.
    fn exact(&self) -> Option<Exact<Self>> {
        None
    }
}

/// One evaluation term a game declares ([`Terms::DECLARED`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Its name: `tabula:<name>` switches it on in self-play,
    /// `tabula:no-<name>` off.
    pub name: &'static str,
    /// On by default.
    pub on: bool,
    /// What it adds, and how it measured (its doc comment).
    pub help: &'static str,
}

/// A game's evaluation terms: a typed value, one `bool` per term, and the
/// declarations ([`Evaluate::Terms`]). Written with
/// [`eval_terms!`](crate::eval_terms); `()` is a game without terms.
pub trait Terms: Copy + Eq + Debug + Send + Sync + 'static {
    /// The terms, in their order.
    const DECLARED: &'static [Term];

    /// Every term as declared ([`Term::on`]).
    fn defaults() -> Self;

    /// Switches the term `name` on or off; false when the game has none of
    /// that name.
    fn set(&mut self, name: &str, on: bool) -> bool;
}

/// A game without evaluation terms.
impl Terms for () {
    const DECLARED: &'static [Term] = &[];

    fn defaults() {}

    fn set(&mut self, _name: &str, _on: bool) -> bool {
        false
    }
}

/// Declares a game's evaluation terms: a struct of `bool`s, one per term,
/// each with its doc comment (its [`Term::help`]) and its default
/// (`true`: on), implementing [`Terms`]. See the module's example.
#[macro_export]
macro_rules! eval_terms {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $( $(#[doc = $doc:literal])+ $term:ident: $on:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis struct $name {
            $( $(#[doc = $doc])+ pub $term: bool, )*
        }

        impl $crate::search::eval::Terms for $name {
            const DECLARED: &'static [$crate::search::eval::Term] = &[$(
                $crate::search::eval::Term {
                    name: stringify!($term),
                    on: $on,
                    help: concat!($($doc),+).trim_ascii(),
                },
            )*];

            fn defaults() -> $name {
                $name { $( $term: $on, )* }
            }

            fn set(&mut self, name: &str, on: bool) -> bool {
                match name {
                    $( stringify!($term) => self.$term = on, )*
                    _ => return false,
                }
                true
            }
        }
    };
}

/// How many terms an [`EvalConfig`] can switch (more than the registry's
/// games declare names: a test says so).
pub const SWITCHES: usize = 8;

/// Which evaluation terms are on, for any game: the course's evaluation
/// ([`EvalConfig::MATERIAL`]: the score difference, every term off), or
/// each game's declared terms with some switched by name (the default:
/// none switched, each term as its game declares it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EvalConfig {
    /// Score difference only (the course's evaluation): every term off.
    pub material_only: bool,
    /// Terms switched from their game's default (matched by name), and
    /// whether on.
    switched: [Option<(&'static Term, bool)>; SWITCHES],
}

impl EvalConfig {
    /// The course's evaluation: score difference only.
    pub const MATERIAL: EvalConfig = EvalConfig {
        material_only: true,
        switched: [None; SWITCHES],
    };

    /// Switches `term` on or off in every game that declares a term of its
    /// name (a later switch of the same name replaces an earlier one);
    /// false when [`SWITCHES`] other names are switched already.
    pub fn switch(&mut self, term: &'static Term, on: bool) -> bool {
        let slot = (self.switched.iter()).position(|s| s.is_none_or(|(t, _)| t.name == term.name));
        match slot {
            Some(i) => {
                self.switched[i] = Some((term, on));
                true
            }
            None => false,
        }
    }

    /// The terms switched and whether on, in the order first switched.
    pub fn switched(&self) -> impl Iterator<Item = (&'static Term, bool)> + '_ {
        self.switched.iter().map_while(|s| *s)
    }

    /// A game's terms under this configuration: its defaults with the
    /// switched terms it declares set; `None` under
    /// [`EvalConfig::material_only`].
    pub fn terms<T: Terms>(&self) -> Option<T> {
        if self.material_only {
            return None;
        }
        let mut terms = T::defaults();
        for (term, on) in self.switched() {
            terms.set(term.name, on);
        }
        Some(terms)
    }
}

/// The static value of `pos` (relative, see the module documentation)
/// with `terms` ([`EvalConfig::terms`]); `0` without (the course's
/// evaluation).
#[inline]
pub fn evaluate<G: Evaluate>(pos: &G, terms: Option<&G::Terms>) -> i32 {
    match terms {
        Some(terms) => pos.evaluate(terms),
        None => 0,
    }
}

/// A noisy move to follow in the quiescence search (Dots and Boxes: an arc
/// that closes a box), if any.
#[inline]
pub fn capture<G: Evaluate>(pos: &G) -> Option<G::Move> {
    pos.capture()
}

/// True for the games with a quiescence search: moves that keep the turn and
/// score at once (Dots and Boxes captures).
#[inline]
pub fn has_noisy<G: Evaluate>() -> bool {
    G::HAS_NOISY
}

/// Is `mv` a capture (a move that scores and keeps the turn)?
#[inline]
pub fn is_noisy<G: Evaluate>(pos: &G, mv: G::Move) -> bool {
    pos.is_noisy(mv)
}

/// Game knowledge for move ordering: a larger value is tried earlier.
#[inline]
pub fn order_hint<G: Evaluate>(pos: &G, mv: G::Move) -> i32 {
    pos.order_hint(mv)
}

/// A small index for per-move tables (history): jump moves 0..=255, arcs
/// 256..512.
#[inline]
pub fn move_key<G: Evaluate>(mv: G::Move) -> usize {
    G::move_key(mv)
}

/// Size of the tables indexed by [`move_key`].
pub const MOVE_KEYS: usize = 512;

/// A guess of how many more moves the side to move will make (time budget).
pub fn moves_left<G: Evaluate>(pos: &G) -> u64 {
    pos.moves_left()
}
