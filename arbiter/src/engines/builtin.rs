//! The in-process players: `builtin:random`, `builtin:greedy` and
//! `builtin:tabula`. Each is seeded per game, so a tournament of built-in
//! players is fully reproducible.
//!
//! A `builtin:tabula` player costs what it thinks: its transposition table
//! grows with what its searches store (a depth-3 gate's few kilobytes, a
//! long search's 16 MiB: [`Searcher::growing`]) and answers as the full
//! 16 MiB table does. A worker of a tournament lends its players the
//! searchers of its earlier games ([`Searchers`]), reset between games so
//! that each plays as a new one: no table is allocated per game, and a
//! reset table gives back the memory its last game grew it to, so a
//! worker holds what the searches of its current game store, however many
//! games are played and whoever played before.

use crate::engines::client::SearchInfo;
use crate::engines::config::BuiltinKind;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::games::any::IntoAnyMove;
use tabula::games::AnyPosition;
use tabula::search::{EvalConfig, Limits, SearchConfig, Searcher};
use tabula::with_game;

/// Transposition table of `builtin:tabula` (MiB): the most it grows to.
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

/// The searcher of a `builtin:tabula` player for a new game: `lent` reset
/// (it plays as a new one), or a new one; the full evaluation or, with
/// `material`, the course's (the score difference alone).
fn prepared(lent: Option<Searcher>, material: bool) -> Searcher {
    let mut searcher = lent.unwrap_or_else(|| Searcher::growing(HASH_MIB));
    searcher.reset();
    searcher.set_config(SearchConfig {
        eval: if material {
            EvalConfig::MATERIAL
        } else {
            EvalConfig::default()
        },
        ..SearchConfig::default()
    });
    searcher
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
        Builtin::with_searcher(kind, seed, None)
    }

    /// A player for one game, seeded, searching with `searcher` (reset
    /// first: it plays as a new one) when it is given and the player
    /// searches.
    fn with_searcher(kind: &BuiltinKind, seed: u64, searcher: Option<Searcher>) -> Builtin {
        let searcher = match kind {
            BuiltinKind::Tabula { material, .. } => Some(prepared(searcher, *material)),
            _ => None,
        };
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
                material,
            } => {
                let own = Limits {
                    depth: *depth,
                    nodes: *nodes,
                    movetime: *movetime,
                    ..Limits::default()
                };
                let l = search_limits(own, limits, pos.side_to_move().index());
                let searcher = self
                    .searcher
                    .get_or_insert_with(|| prepared(None, *material));
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

/// The searchers of one worker's `builtin:tabula` players, lent to the
/// players of each game and taken back when it ends: two at most (the two
/// seats of a game), each reset when taken back (which gives its table's
/// memory back: [`Searcher::reset`]) and for its next player.
#[derive(Default)]
pub(crate) struct Searchers {
    spare: Vec<Searcher>,
}

impl Searchers {
    /// A player for one game, seeded, with a spare searcher when one is left.
    pub(crate) fn player(&mut self, kind: &BuiltinKind, seed: u64) -> Builtin {
        let searcher = match kind {
            BuiltinKind::Tabula { .. } => self.spare.pop(),
            _ => None,
        };
        Builtin::with_searcher(kind, seed, searcher)
    }

    /// Takes back the searcher of a player whose game is over, reset at
    /// once: a spare holds no memory of its last game while it waits (a
    /// worker whose next game has one searching player would otherwise
    /// keep the other's table too).
    pub(crate) fn keep(&mut self, player: Builtin) {
        if let Some(mut searcher) = player.searcher {
            searcher.reset();
            self.spare.push(searcher);
            self.spare.truncate(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::search::Clock;

    /// The moves of a game from seeded knight board `board` between two
    /// players, and the nodes each searched.
    fn game(board: u64, players: &mut [Builtin; 2]) -> Vec<(String, Option<u64>)> {
        let mut pos = tabula::setup::parse_spec(&format!("random knight {board}"), None).unwrap();
        let mut moves = Vec::new();
        let untimed = Limits::default();
        while let (Some(mv), info) = players[pos.side_to_move().index()].choose(&pos, &untimed) {
            pos.play(pos.parse_legal(&mv).unwrap()).unwrap();
            moves.push((mv, info.nodes));
        }
        moves
    }

    #[test]
    fn a_lent_searcher_plays_as_a_new_player() {
        let kinds = [
            BuiltinKind::parse("tabula:depth=4").unwrap(),
            BuiltinKind::parse("tabula:nodes=3000").unwrap(),
        ];
        let mut searchers = Searchers::default();
        for board in 1..=4 {
            // Colours swap on every other board: each searcher serves both kinds.
            let (a, b) = if board % 2 == 0 { (0, 1) } else { (1, 0) };
            let mut lent = [
                searchers.player(&kinds[a], board),
                searchers.player(&kinds[b], board + 9),
            ];
            let mut new = [
                Builtin::new(&kinds[a], board),
                Builtin::new(&kinds[b], board + 9),
            ];
            assert_eq!(
                game(board, &mut lent),
                game(board, &mut new),
                "board {board}"
            );
            for p in lent {
                searchers.keep(p);
            }
            assert_eq!(searchers.spare.len(), 2);
        }
        // A spare, and so a lent table, is small whatever its last game
        // grew it to.
        assert!(searchers.spare.iter().all(|s| s.table_bytes() == 64 << 10));
        let heavy = searchers.player(&kinds[1], 1);
        let light = searchers.player(&kinds[0], 1);
        for p in [&heavy, &light] {
            assert_eq!(p.searcher.as_ref().unwrap().table_bytes(), 64 << 10);
        }
        // Players that do not search take no searcher.
        searchers.keep(heavy);
        let random = searchers.player(&BuiltinKind::Random, 1);
        assert!(random.searcher.is_none());
        assert_eq!(searchers.spare.len(), 1);
    }

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
