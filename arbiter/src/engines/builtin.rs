//! The in-process players: `builtin:random`, `builtin:greedy` and
//! `builtin:tabula`. Each is seeded per game, so a tournament of built-in
//! players is fully reproducible.

use crate::engines::client::SearchInfo;
use crate::engines::config::BuiltinKind;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::games::any::IntoAnyMove;
use tabula::games::AnyPosition;
use tabula::search::{Limits, Searcher};
use tabula::with_game;

/// Transposition table of `builtin:tabula` (MiB).
const HASH_MIB: usize = 16;

/// Kept back from the match's time for a move that has its own setting
/// (ms), as `tabula` keeps its `MoveOverhead` back.
const SAFETY_MS: u64 = tabula::engine::MOVE_OVERHEAD_MS.1;

/// The limits of a `builtin:tabula` move: the match's time control
/// (`time_control`, for the mover `side`, 0: player 1) when the player has no
/// setting of its own; else its own `depth`, `nodes` or `movetime` (`own`)
/// *and* the match's deadline less [`SAFETY_MS`], so that a depth or a node
/// count the move's time cannot reach ends at the deadline with the best
/// move so far, as an engine given `go depth N` and a clock does. Under a
/// game clock the search budgets it over the game as `tabula` does.
fn search_limits(own: Limits, time_control: &Limits, side: usize) -> Limits {
    if own == Limits::default() {
        return time_control.clone();
    }
    let keep_back = |ms: u64| ms.saturating_sub(SAFETY_MS).max(1);
    let mut l = own;
    if let Some(ms) = time_control.movetime {
        l.movetime = Some(l.movetime.map_or(keep_back(ms), |t| t.min(keep_back(ms))));
    } else if let Some(mut clock) = time_control.clock {
        match l.movetime {
            Some(t) => l.movetime = Some(t.min(keep_back(clock.time_ms[side]))),
            None => {
                clock.time_ms = clock.time_ms.map(keep_back);
                l.clock = Some(clock);
            }
        }
    }
    l
}

/// An in-process player.
pub(crate) struct Builtin {
    kind: BuiltinKind,
    rng: Xoshiro256PlusPlus,
    searcher: Option<Searcher>,
}

impl Builtin {
    /// A player for one game, seeded.
    pub(crate) fn new(kind: &BuiltinKind, seed: u64) -> Builtin {
        let searcher = matches!(kind, BuiltinKind::Tabula { .. }).then(|| Searcher::new(HASH_MIB));
        Builtin {
            kind: kind.clone(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            searcher,
        }
    }

    /// Chooses a move (`None` only when the game is over). `limits` is the
    /// match's time control, used by `builtin:tabula` without its own setting
    /// and as its deadline with one (`search_limits`).
    pub(crate) fn choose(
        &mut self,
        pos: &AnyPosition,
        limits: &Limits,
    ) -> (Option<String>, SearchInfo) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return (None, SearchInfo::default());
        }
        match &self.kind {
            BuiltinKind::Random => {
                let i = (self.rng.next_u64() % moves.len() as u64) as usize;
                (Some(moves[i].to_string()), SearchInfo::default())
            }
            BuiltinKind::Greedy => {
                let me = pos.side_to_move().index();
                let before = pos.scores()[me];
                let gains: Vec<u32> = moves
                    .iter()
                    .map(|&m| {
                        let mut child = *pos;
                        match child.play(m) {
                            Ok(()) => child.scores()[me].saturating_sub(before),
                            Err(_) => 0,
                        }
                    })
                    .collect();
                let best = gains.iter().copied().max().unwrap_or(0);
                let top: Vec<usize> = (0..moves.len()).filter(|&i| gains[i] == best).collect();
                let i = top[(self.rng.next_u64() % top.len() as u64) as usize];
                let info = SearchInfo {
                    depth: Some(1),
                    score: Some(best as i64),
                    nodes: Some(moves.len() as u64),
                    ..SearchInfo::default()
                };
                (Some(moves[i].to_string()), info)
            }
            BuiltinKind::Tabula {
                depth,
                nodes,
                movetime,
            } => {
                let own = Limits {
                    depth: *depth,
                    nodes: *nodes,
                    movetime: *movetime,
                    ..Limits::default()
                };
                let l = search_limits(own, limits, pos.side_to_move().index());
                let searcher = self.searcher.get_or_insert_with(|| Searcher::new(HASH_MIB));
                let stop = &crate::signals::INTERRUPTED;
                let mut info = SearchInfo::default();
                let best = with_game!(pos, p => {
                    let out = searcher.search(p, &l, stop, &mut |it| {
                        info.depth = Some(it.depth as u64);
                        info.seldepth = Some(it.seldepth as u64);
                        info.score = Some(it.score as i64);
                        info.nodes = Some(it.nodes);
                        info.time = Some(it.time_ms);
                    });
                    info.nodes = Some(out.stats.nodes).filter(|&n| n > 0).or(info.nodes);
                    info.alphacuts = Some(out.stats.alpha_cuts);
                    info.betacuts = Some(out.stats.beta_cuts);
                    info.tthits = Some(out.stats.tt_hits);
                    out.best.map(IntoAnyMove::into_any)
                });
                // The search promises a legal move; never trust it blindly.
                let best = tabula::engine::checked_best(pos, best);
                (Some(best.to_string()), info)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::search::Clock;

    #[test]
    fn an_own_setting_keeps_the_matchs_deadline() {
        let depth = |d| Limits {
            depth: Some(d),
            ..Limits::default()
        };
        let movetime = |ms| Limits {
            movetime: Some(ms),
            ..Limits::default()
        };
        let clock = Limits {
            clock: Some(Clock {
                time_ms: [5_000, 40],
                inc_ms: [100, 100],
            }),
            ..Limits::default()
        };
        // No setting of its own: the match's control as it is.
        assert_eq!(
            search_limits(Limits::default(), &movetime(200), 0),
            movetime(200)
        );
        assert_eq!(search_limits(Limits::default(), &clock, 1), clock);
        // A depth: the depth, and the move's time less the safety margin.
        let l = search_limits(depth(7), &movetime(200), 0);
        assert_eq!((l.depth, l.movetime), (Some(7), Some(200 - SAFETY_MS)));
        // Its own movetime, never beyond the deadline.
        assert_eq!(
            search_limits(movetime(50), &movetime(200), 0).movetime,
            Some(50)
        );
        assert_eq!(
            search_limits(movetime(500), &movetime(200), 0).movetime,
            Some(200 - SAFETY_MS)
        );
        assert_eq!(
            search_limits(movetime(500), &clock, 1).movetime,
            Some(40 - SAFETY_MS)
        );
        // A depth under a clock: the clock, budgeted by the search.
        let l = search_limits(depth(7), &clock, 0);
        assert_eq!(l.depth, Some(7));
        assert_eq!(
            l.clock.map(|c| c.time_ms),
            Some([5_000 - SAFETY_MS, 40 - SAFETY_MS])
        );
        // Untimed matches stay untimed.
        let nodes = Limits {
            nodes: Some(1000),
            ..Limits::default()
        };
        assert_eq!(search_limits(depth(3), &nodes, 0), depth(3));
    }
}
