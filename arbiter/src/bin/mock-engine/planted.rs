//! The `planted` mode: the reference's own choice (an exact search), and
//! once, from the `go` numbered `--after`, at the first position where the
//! engine holds a proven win and some move throws it away, that move: a
//! blunder planted where the analysis must find it.

use std::sync::atomic::AtomicBool;
use tabula::game::Game;
use tabula::games::any::IntoAnyMove;
use tabula::games::AnyPosition;
use tabula::search::{Limits, Searcher};
use tabula::with_game;

/// What the engine plays.
pub(crate) enum Choice {
    /// The best move (the first of the best, in the rules' order).
    Best(String),
    /// A move that turns a proven win into a draw or a loss.
    Planted(String),
}

/// The move to play in `pos`; `plant`: throw a proven win away if one is
/// held here. `None` when there is no legal move.
pub(crate) fn choose(pos: &AnyPosition, plant: bool) -> Option<Choice> {
    let values = exact_values(pos);
    let &(best, top, _) = values.iter().max_by_key(|(_, v, _)| *v)?;
    let best = values
        .iter()
        .find(|(_, v, _)| *v == top)
        .map_or(best, |m| m.0);
    let proven = values.iter().all(|(_, _, exact)| *exact);
    if plant && proven && top > 0 {
        if let Some((m, ..)) = values.iter().find(|(_, v, _)| *v <= 0) {
            return Some(Choice::Planted(m.to_string()));
        }
    }
    Some(Choice::Best(best.to_string()))
}

/// Each legal move with its value for the mover (the final margin) and
/// whether the search proved it: a search of the position after it, to
/// the end of the game on a board small enough.
fn exact_values(pos: &AnyPosition) -> Vec<(tabula::games::AnyMove, i32, bool)> {
    with_game!(pos, p => {
        let mut searcher = Searcher::new(16);
        let stop = AtomicBool::new(false);
        let limits = Limits { nodes: Some(4_000_000), ..Limits::default() };
        let mover = p.side_to_move();
        p.legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *p;
                child.play_unchecked(m);
                let out = searcher.search(&child, &limits, &stop, &mut |_| {});
                let score = if child.side_to_move() == mover { out.score } else { -out.score };
                (m.into_any(), score, out.exact)
            })
            .collect()
    })
}
