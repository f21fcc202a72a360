//! What a game offers to `tabula bench`: fixed positions searched to fixed
//! depths with a fresh table, whose total node count is the signature of
//! the search (any change to the search or the evaluation changes it, any
//! change that should not — refactoring, speed-ups — must keep it). The
//! signature measures the alpha-beta search: the exact solver is off for
//! it.
//!
//! Each game offers its positions through [`Bench`], in its own folder
//! (`games/<game>/eval.rs`); the bench ([`crate::cli::bench`]) runs them in
//! registry order. A game may also offer a position outside the signature,
//! run alone by `--only <key>` untimed with the exact solver on
//! ([`BenchRun::Solve`]: `--only dots3x3` measures the Dots and Boxes
//! solver).

use super::Evaluate;

/// The bench positions a game offers (see the module).
pub trait Bench: Evaluate {
    /// True when `tabula bench` prints this game's subtotal line, `<id>:
    /// <nodes> nodes <nps> nps`, before the total (the knight's: its speed
    /// is the one measured against the target).
    const BENCH_SUBTOTAL: bool = false;

    /// The game's positions, in the order they are run (empty: none).
    fn bench_positions() -> Vec<BenchPosition<Self>>;
}

/// One position of a game's bench.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchPosition<G> {
    /// Its name in the bench's output (`random 1`).
    pub name: String,
    /// The position searched.
    pub position: G,
    /// How it is searched.
    pub run: BenchRun,
}

impl<G> BenchPosition<G> {
    /// A position of the signature, searched to `depth` (or `--depth`'s).
    pub fn depth(name: impl Into<String>, position: G, depth: u32) -> BenchPosition<G> {
        BenchPosition {
            name: name.into(),
            position,
            run: BenchRun::Depth(depth),
        }
    }
}

/// How a bench position is searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchRun {
    /// Part of the signature: to this depth (unless `--depth` gives
    /// another), the exact solver off.
    Depth(u32),
    /// Not part of the signature: run alone by `--only <only>`, untimed as
    /// under `go infinite`, the exact solver on (it proves the value).
    Solve {
        /// The word of `--only` that runs it.
        only: &'static str,
    },
}
