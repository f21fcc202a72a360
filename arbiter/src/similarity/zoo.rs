//! Synthetic students: the in-process engines of the behaviour benchmark
//! (`arbiter bench-similarity`, `bench.rs`), written the way the course's
//! projects are — plain negamax alpha-beta with iterative deepening, no
//! transposition table, moves tried in the order the program generates
//! them — each with its own choices:
//!
//! - **depth** (1–4) and a **node budget** (the time per move, made
//!   reproducible: a search that runs out returns its last complete
//!   depth's move);
//! - **evaluation**: the score difference (the course's evaluation) plus,
//!   with a weight of its own, Tabula's evaluation with a subset of its
//!   terms ([`TermSet`]) and the side to move's number of legal moves;
//! - **move order**: the rules' order, or a permutation of its own (a
//!   student's operators in another order), which decides every tie;
//! - **ties** at the root: the first best move in that order, or one at
//!   random;
//! - **opening**: on a game's first position, another first move.
//!
//! Two students drawn independently ([`Student::draw`]) share no choice but
//! the algorithm, as two groups of a class share it; a changed copy
//! ([`Student::changed`]) differs from its original in one [`Change`].

use rand::{Rng, RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;
use tabula::games::any::IntoAnyMove;
use tabula::games::AnyPosition;
use tabula::search::eval::Terms as _;
use tabula::search::Evaluate;
use tabula::with_game;

/// One synthetic student's engine.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Student {
    /// Deepest iteration.
    pub(crate) depth: u32,
    /// Nodes per move: the search stops there and plays its last complete
    /// iteration's move.
    pub(crate) nodes: u64,
    /// Terms of Tabula's evaluation (all off: none of it).
    pub(crate) terms: TermSet,
    /// Per-mille weight of Tabula's evaluation against the score difference
    /// (1 000 per point).
    pub(crate) eval_weight: i64,
    /// Per-mille points per legal move of the side to move.
    pub(crate) mobility: i64,
    /// 0: moves in the rules' order; else the salt of its own permutation.
    pub(crate) order: u64,
    /// Root ties broken at random (seeded by the position) instead of by
    /// order.
    pub(crate) random_ties: bool,
    /// Another first move on a game's first position (the salt choosing it).
    pub(crate) opening: Option<u64>,
}

/// The terms of Tabula's evaluation a student uses, by name (a game uses
/// those it declares: `reach` in most, `mobility`, `parity`, `territory`
/// in the numbered games and Solitário, `chains` in Dots).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct TermSet {
    pub(crate) reach: bool,
    pub(crate) mobility: bool,
    pub(crate) parity: bool,
    pub(crate) chains: bool,
    pub(crate) territory: bool,
}

impl TermSet {
    /// None: the score difference alone.
    pub(crate) const NONE: TermSet = TermSet {
        reach: false,
        mobility: false,
        parity: false,
        chains: false,
        territory: false,
    };

    /// Game `G`'s terms: each of its declared terms on when named here.
    fn of<G: Evaluate>(self) -> G::Terms {
        let mut t = G::Terms::defaults();
        for (name, on) in [
            ("reach", self.reach),
            ("mobility", self.mobility),
            ("parity", self.parity),
            ("chains", self.chains),
            ("territory", self.territory),
        ] {
            t.set(name, on);
        }
        t
    }
}

/// One change a copier makes to an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Change {
    /// Searches one ply deeper or shallower.
    Depth,
    /// Twice or half the nodes per move: another time per move.
    Time,
    /// One evaluation weight changed (by half again or half), or one term
    /// switched.
    Weight,
    /// Root ties broken at random.
    RandomTies,
    /// Another first move of the game.
    Opening,
}

impl Change {
    /// Every change, in the report's order.
    pub(crate) const ALL: [Change; 5] = [
        Change::Depth,
        Change::Time,
        Change::Weight,
        Change::RandomTies,
        Change::Opening,
    ];

    /// The word of the report.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Change::Depth => "another depth",
            Change::Time => "another time per move",
            Change::Weight => "one evaluation weight",
            Change::RandomTies => "random tie-break",
            Change::Opening => "another first move",
        }
    }
}

impl Student {
    /// The course's plain alpha-beta: the score difference alone, moves in
    /// the rules' order, first best move, to `depth` within `nodes`.
    pub(crate) fn plain(depth: u32, nodes: u64) -> Student {
        Student {
            depth,
            nodes,
            terms: TermSet::NONE,
            eval_weight: 0,
            mobility: 0,
            order: 0,
            random_ties: false,
            opening: None,
        }
    }

    /// The program a student wrote, whatever its depth and time: two
    /// students of one program are one family (not independent).
    pub(crate) fn program(&self) -> String {
        let s = Student {
            depth: 0,
            nodes: 0,
            ..self.clone()
        };
        s.to_string()
    }

    /// A student whose every choice is drawn from `rng`.
    pub(crate) fn draw(rng: &mut Xoshiro256PlusPlus) -> Student {
        let flip = |rng: &mut Xoshiro256PlusPlus| rng.gen_bool(0.5);
        let terms = TermSet {
            reach: flip(rng),
            mobility: flip(rng),
            parity: rng.gen_bool(0.25),
            chains: rng.gen_bool(0.25),
            territory: rng.gen_bool(0.25),
        };
        let uses_terms = terms.reach || terms.mobility || terms.parity || terms.territory;
        let eval_weight = if uses_terms && rng.gen_bool(0.75) {
            rng.gen_range(200..=2_000)
        } else {
            0
        };
        Student {
            depth: rng.gen_range(1..=4),
            nodes: [3_000, 10_000, 30_000][rng.gen_range(0..3)],
            // No weight, no terms: the program does not depend on them.
            terms: if eval_weight == 0 {
                TermSet::NONE
            } else {
                terms
            },
            eval_weight,
            mobility: if rng.gen_bool(0.4) {
                rng.gen_range(10..=500)
            } else {
                0
            },
            order: if rng.gen_bool(0.25) {
                0
            } else {
                rng.next_u64() | 1
            },
            random_ties: false,
            opening: None,
        }
    }

    /// A copy of this student with `change`, drawn from `rng`.
    pub(crate) fn changed(&self, change: Change, rng: &mut Xoshiro256PlusPlus) -> Student {
        let mut s = self.clone();
        match change {
            Change::Depth => {
                s.depth = if s.depth == 1 || (s.depth < 4 && rng.gen_bool(0.5)) {
                    s.depth + 1
                } else {
                    s.depth - 1
                }
            }
            Change::Time => {
                s.nodes = if rng.gen_bool(0.5) {
                    s.nodes * 2
                } else {
                    s.nodes / 2
                }
            }
            Change::Weight => match rng.gen_range(0..3) {
                0 if s.eval_weight > 0 => s.eval_weight = s.eval_weight * 3 / 2,
                1 if s.mobility > 0 => s.mobility /= 2,
                2 if s.eval_weight > 0 => s.terms.mobility = !s.terms.mobility,
                // A weight where there was none: the mobility term.
                _ if s.mobility == 0 => s.mobility = rng.gen_range(10..=500),
                _ => s.mobility *= 2,
            },
            Change::RandomTies => s.random_ties = true,
            Change::Opening => s.opening = Some(rng.next_u64()),
        }
        s
    }

    /// The move on `pos` (`None`: the game is over); `first`: `pos` is the
    /// first position of its game.
    pub(crate) fn choose(&self, pos: &AnyPosition, first: bool) -> Option<String> {
        let mv = with_game!(pos, p => {
            let mut search = Plain {
                s: self,
                nodes: 0,
                stopped: false,
            };
            search.best(p, first).map(IntoAnyMove::into_any)
        });
        mv.map(|m| m.to_string())
    }
}

impl fmt::Display for Student {
    /// Its choices in one line (the journal's key).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.terms;
        let terms: String = [
            (t.reach, 'r'),
            (t.mobility, 'm'),
            (t.parity, 'p'),
            (t.chains, 'c'),
            (t.territory, 't'),
        ]
        .iter()
        .filter(|x| x.0)
        .map(|x| x.1)
        .collect();
        write!(
            f,
            "student depth {} nodes {} eval {}×[{terms}] mobility {} order {:x}",
            self.depth, self.nodes, self.eval_weight, self.mobility, self.order
        )?;
        if self.random_ties {
            f.write_str(" random-ties")?;
        }
        if let Some(o) = self.opening {
            write!(f, " opening {o:x}")?;
        }
        Ok(())
    }
}

/// Larger than any value.
const INF: i64 = i64::MAX / 4;

/// One move's search.
struct Plain<'a> {
    s: &'a Student,
    nodes: u64,
    stopped: bool,
}

impl Plain<'_> {
    /// The static value for the side to move.
    fn leaf<G: Evaluate>(&self, pos: &G) -> i64 {
        let me = pos.side_to_move().index();
        let sc = pos.scores();
        let mut v = 1_000 * (i64::from(sc[me]) - i64::from(sc[1 - me]));
        if pos.is_over() {
            return v;
        }
        if self.s.eval_weight != 0 {
            v += self.s.eval_weight * i64::from(pos.evaluate(&self.s.terms.of::<G>()));
        }
        if self.s.mobility != 0 {
            v += self.s.mobility * pos.legal_moves().len() as i64;
        }
        v
    }

    /// The moves of `pos` in the student's order.
    fn ordered<G: Evaluate>(&self, pos: &G) -> Vec<G::Move> {
        let mut moves: Vec<G::Move> = pos.legal_moves().into_iter().collect();
        if self.s.order != 0 {
            let salt = self.s.order;
            moves.sort_by_cached_key(|&m| mix(salt ^ (G::move_key(m) as u64)));
        }
        moves
    }

    fn negamax<G: Evaluate>(&mut self, pos: &G, depth: u32, mut alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.nodes >= self.s.nodes {
            self.stopped = true;
        }
        if self.stopped || depth == 0 || pos.is_over() {
            return self.leaf(pos);
        }
        let me = pos.side_to_move();
        let mut best = -INF;
        for mv in self.ordered(pos) {
            let mut child = *pos;
            child.play_unchecked(mv);
            let v = if child.side_to_move() == me {
                self.negamax(&child, depth - 1, alpha, beta)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha)
            };
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta || self.stopped {
                break;
            }
        }
        best
    }

    /// The moves of the root tied at the best value of a search to `depth`
    /// (exact values: every move searched with the window just below the
    /// best so far), or `None` when the budget ran out.
    fn root<G: Evaluate>(&mut self, pos: &G, depth: u32) -> Option<Vec<G::Move>> {
        let me = pos.side_to_move();
        let mut best = -INF;
        let mut ties = Vec::new();
        for mv in self.ordered(pos) {
            let mut child = *pos;
            child.play_unchecked(mv);
            let floor = best.saturating_sub(1);
            let v = if child.side_to_move() == me {
                self.negamax(&child, depth - 1, floor, INF)
            } else {
                -self.negamax(&child, depth - 1, -INF, -floor)
            };
            if self.stopped {
                return None;
            }
            if v > best {
                best = v;
                ties.clear();
            }
            if v == best {
                ties.push(mv);
            }
        }
        Some(ties)
    }

    /// The student's move.
    fn best<G: Evaluate>(&mut self, pos: &G, first: bool) -> Option<G::Move> {
        let legal = self.ordered(pos);
        let mut ties = vec![*legal.first()?];
        for depth in 1..=self.s.depth {
            match self.root(pos, depth) {
                Some(t) if !t.is_empty() => ties = t,
                _ => break,
            }
        }
        let mut pick = ties[0];
        if self.s.random_ties {
            let seed = mix(self.s.order ^ pos.hash());
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            pick = ties[(rng.next_u64() % ties.len() as u64) as usize];
        }
        if let (true, Some(salt), true) = (first, self.s.opening, legal.len() > 1) {
            let others: Vec<G::Move> = legal.into_iter().filter(|&m| m != pick).collect();
            pick = others[(mix(salt) % others.len() as u64) as usize];
        }
        Some(pick)
    }
}

/// SplitMix64's finaliser.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula::games::{GameId, GameSetup};

    #[test]
    fn students_play_legal_moves_and_a_copy_plays_alike() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for game in [GameId::Knight, GameId::Dots, GameId::Quatro] {
            let pos = GameSetup::new(game).random(5).unwrap();
            let s = Student::draw(&mut rng);
            let mv = s.choose(&pos, false).unwrap();
            assert!(pos.parse_legal(&mv).is_ok(), "{game}: {mv}");
            assert_eq!(s.clone().choose(&pos, false), Some(mv.clone()));
            let other = s.changed(Change::Opening, &mut rng);
            assert_ne!(other.choose(&pos, true), Some(mv.clone()), "{game}");
            assert_eq!(other.choose(&pos, false), Some(mv), "{game}");
        }
    }
}
