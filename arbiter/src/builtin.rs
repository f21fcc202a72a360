//! The in-process players: `builtin:random`, `builtin:greedy` and
//! `builtin:tabula`. Each is seeded per game, so a tournament of built-in
//! players is fully reproducible.

use crate::client::SearchInfo;
use crate::config::BuiltinKind;
use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::game::any::IntoAnyMove;
use tabula::game::AnyPosition;
use tabula::search::{Limits, Searcher};
use tabula::with_game;

/// Transposition table of `builtin:tabula` (MiB).
const HASH_MIB: usize = 16;

/// An in-process player.
pub struct Builtin {
    kind: BuiltinKind,
    rng: Xoshiro256PlusPlus,
    searcher: Option<Searcher>,
}

impl Builtin {
    /// A player for one game, seeded.
    pub fn new(kind: &BuiltinKind, seed: u64) -> Builtin {
        let searcher = matches!(kind, BuiltinKind::Tabula { .. }).then(|| Searcher::new(HASH_MIB));
        Builtin {
            kind: kind.clone(),
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            searcher,
        }
    }

    /// Chooses a move (`None` only when the game is over). `limits` is the
    /// match's time control, used by `builtin:tabula` without its own setting.
    pub fn choose(&mut self, pos: &AnyPosition, limits: &Limits) -> (Option<String>, SearchInfo) {
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
                let mut l = limits.clone();
                if depth.is_some() || nodes.is_some() || movetime.is_some() {
                    l = Limits {
                        depth: *depth,
                        nodes: *nodes,
                        movetime: *movetime,
                        ..Limits::default()
                    };
                }
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
