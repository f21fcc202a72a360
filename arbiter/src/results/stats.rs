//! Standings and the statistics of a result: Elo difference with a 95 %
//! interval, likelihood of superiority, pentanomial counts of game pairs.
//!
//! The Elo estimate is the logistic one, `-400 log10(1/s - 1)` for the score
//! fraction `s`; its interval comes from the standard error of the per-game
//! score (trinomial model), mapped through the same function; a bound at or
//! beyond a 0 % or 100 % score is infinite (`None`): all games won or lost,
//! or too few games for a score near either end. LOS is
//! `Φ((W - L) / sqrt(W + L))`, draws ignored.

use crate::results::record::{GameRecord, OwnMoves};
use crate::results::result::Side;
use serde::Serialize;
use std::collections::BTreeMap;

/// Elo difference for a score fraction; `None` at 0 or 1 (infinite).
/// An even score gives `0.0`, never `-0.0`.
pub(crate) fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// Likelihood of superiority from wins and losses.
pub(crate) fn los(wins: u32, losses: u32) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wins as f64 - losses as f64) / (2.0 * (wins + losses) as f64).sqrt()))
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub(crate) fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// How the standings rank the entrants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// By game points: 1 a win, ½ a draw (then wins).
    #[default]
    Games,
    /// Duplicate scoring: by the colour-swapped pairs on one board, each won
    /// by the larger point total over its two games (then the sum of the
    /// pair margins, then game points).
    Points,
}

impl Scoring {
    /// The word used on the command line and in the reports.
    pub fn as_str(self) -> &'static str {
        match self {
            Scoring::Games => "games",
            Scoring::Points => "points",
        }
    }
}

/// Wins, draws and losses, over games or over pairs, and what follows from
/// them.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Score {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Wins + ½ draws.
    pub points: f64,
    /// Points / (wins + draws + losses), in percent.
    pub(crate) score_pct: f64,
    /// Elo difference against the field (None when the score is 0 % or 100 %).
    pub(crate) elo: Option<f64>,
    /// Half-width of the 95 % interval of `elo` (None unless both bounds
    /// are finite).
    pub(crate) elo_error: Option<f64>,
    /// Lower bound of the 95 % interval (None: unbounded, a score whose
    /// interval reaches 0 %).
    pub(crate) elo_low: Option<f64>,
    /// Upper bound of the 95 % interval (None: unbounded, a score whose
    /// interval reaches 100 %).
    pub(crate) elo_high: Option<f64>,
    pub(crate) los: f64,
}

impl Score {
    /// Counts one result: 1 a win, ½ a draw, 0 a loss.
    fn add(&mut self, points: f64) {
        if points == 1.0 {
            self.wins += 1;
        } else if points == 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
        self.points += points;
    }

    /// Results counted.
    pub(crate) fn count(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Fills the score, Elo, interval and LOS from the counts.
    fn finish(&mut self) {
        let n = f64::from(self.count());
        if n == 0.0 {
            return;
        }
        let s = self.points / n;
        self.score_pct = 100.0 * s;
        self.elo = elo(s);
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * (0.0 - s).powi(2);
        let se = (var / n).sqrt();
        self.elo_low = elo(s - 1.96 * se);
        self.elo_high = elo(s + 1.96 * se);
        if let (Some(lo), Some(hi)) = (self.elo_low, self.elo_high) {
            self.elo_error = Some((hi - lo) / 2.0);
        }
        self.los = los(self.wins, self.losses);
    }
}

/// One entrant's line of the standings: its games, and its colour-swapped
/// pairs under duplicate scoring.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Standing {
    pub name: String,
    pub games: u32,
    /// W/D/L of the games, points, score, Elo, LOS.
    #[serde(flatten)]
    pub score: Score,
    /// Games lost by a fault (anything but `normal` / `maxlength`).
    pub faults: u32,
    /// Counts of faults by reason.
    pub(crate) fault_reasons: BTreeMap<String, u32>,
    /// Complete colour-swapped pairs (both games on the board played).
    pub(crate) pairs: u32,
    /// W/D/L of the pairs by duplicate scoring (see `pairs`), and the
    /// score, Elo and LOS of the pairs.
    pub pair: Score,
    /// The sum of the pair margins: points scored minus points conceded.
    pub margin: i64,
    /// The moves it was asked for where it had a choice, and how many of
    /// them its own program chose ([`OwnMoves`]).
    #[serde(flatten)]
    pub(crate) moves: OwnMoves,
}

impl Standing {
    /// The share of its moves that its own program chose (%), `None`
    /// before any move asked.
    pub(crate) fn own_pct(&self) -> Option<f64> {
        self.moves.share().map(|s| 100.0 * s)
    }
}

/// One colour-swapped pair of games on the same board.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pair {
    /// Player 1 of the pair's first game (colour 0).
    pub(crate) a: String,
    /// Player 2 of that game.
    pub(crate) b: String,
    /// `a`'s points minus `b`'s (the final scores), over both games.
    pub(crate) margin: i64,
    /// `a`'s game points over both games (0 to 2).
    pub(crate) game_points: f64,
    /// The pair's result for `a`: 1 won, ½ drawn, 0 lost.
    pub(crate) result: f64,
    /// `Some(x)` when only `x` lost a game of the pair by a fault: `x` loses
    /// the pair whatever the points.
    pub(crate) forfeit: Option<String>,
}

impl Pair {
    /// The pair's result (1 won, ½ drawn, 0 lost) and margin for `name`,
    /// when it played the pair.
    pub(crate) fn of(&self, name: &str) -> Option<(f64, i64)> {
        if self.a == name {
            Some((self.result, self.margin))
        } else if self.b == name {
            Some((1.0 - self.result, -self.margin))
        } else {
            None
        }
    }

    /// [`Pair::of`] `a`, when its opponent in the pair was `b`.
    pub(crate) fn between(&self, a: &str, b: &str) -> Option<(f64, i64)> {
        let opponent = if self.a == a { &self.b } else { &self.a };
        self.of(a).filter(|_| opponent == b)
    }
}

/// The complete colour-swapped pairs of `records` (both games of a board
/// of a pairing), in board order. Duplicate scoring: `a`'s margin is its
/// points minus `b`'s summed over both games, and the pair goes to the
/// larger total, a draw when equal. A pair where only one entrant lost a
/// game by a fault (illegal move, timeout, crash, …) is lost by that
/// entrant whatever the points: a fault ends a game early, so its points
/// say nothing.
pub(crate) fn pairs(records: &[GameRecord]) -> Vec<Pair> {
    let mut boards: BTreeMap<(u32, u32, u32), Vec<&GameRecord>> = BTreeMap::new();
    for r in records {
        boards.entry(r.key.pair()).or_default().push(r);
    }
    let mut out = Vec::new();
    for games in boards.values() {
        let [g1, g2] = games.as_slice() else { continue };
        let (first, second) = if g1.key.colour <= g2.key.colour {
            (g1, g2)
        } else {
            (g2, g1)
        };
        if second.p1 != first.p2 || second.p2 != first.p1 || first.p1 == first.p2 {
            continue;
        }
        let (a, b) = (&first.p1, &first.p2);
        let margin = i64::from(first.score1) - i64::from(first.score2) + i64::from(second.score2)
            - i64::from(second.score1);
        let game_points = first.winner.points(Side::P1) + second.winner.points(Side::P2);
        let faulted = |side_in_first: Side| {
            first.offender.is_some_and(|o| o.includes(side_in_first))
                || second
                    .offender
                    .is_some_and(|o| o.includes(side_in_first.other()))
        };
        let (fa, fb) = (faulted(Side::P1), faulted(Side::P2));
        let (result, forfeit) = match (fa, fb) {
            (true, false) => (0.0, Some(a.clone())),
            (false, true) => (1.0, Some(b.clone())),
            _ => (
                match margin.cmp(&0) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.5,
                    std::cmp::Ordering::Less => 0.0,
                },
                None,
            ),
        };
        out.push(Pair {
            a: a.clone(),
            b: b.clone(),
            margin,
            game_points,
            result,
            forfeit,
        });
    }
    out
}

/// Standings of `names` from the records, best first: by game points then
/// wins, or (`Scoring::Points`) by pair points, then the sum of the
/// margins, then game points; then by name.
pub fn standings(names: &[String], records: &[GameRecord], scoring: Scoring) -> Vec<Standing> {
    let mut table: Vec<Standing> = names
        .iter()
        .map(|n| Standing {
            name: n.clone(),
            ..Standing::default()
        })
        .collect();
    let index = |n: &str| names.iter().position(|x| x == n);
    for r in records {
        for (me, side) in [(&r.p1, Side::P1), (&r.p2, Side::P2)] {
            let Some(i) = index(me) else { continue };
            let s = &mut table[i];
            s.games += 1;
            s.score.add(r.winner.points(side));
            s.moves.add(r.own_moves(side));
            if r.offender.is_some_and(|o| o.includes(side)) {
                s.faults += 1;
                *s.fault_reasons.entry(r.reason.to_string()).or_default() += 1;
            }
        }
    }
    for p in pairs(records) {
        for me in [&p.a, &p.b] {
            let (Some(i), Some((result, margin))) = (index(me), p.of(me)) else {
                continue;
            };
            let s = &mut table[i];
            s.pairs += 1;
            s.pair.add(result);
            s.margin += margin;
        }
    }
    for s in &mut table {
        s.score.finish();
        s.pair.finish();
    }
    table.sort_by(|a, b| {
        let by_pairs = match scoring {
            Scoring::Games => std::cmp::Ordering::Equal,
            Scoring::Points => b
                .pair
                .points
                .total_cmp(&a.pair.points)
                .then(b.margin.cmp(&a.margin)),
        };
        by_pairs
            .then(b.score.points.total_cmp(&a.score.points))
            .then(b.score.wins.cmp(&a.score.wins))
            .then(a.name.cmp(&b.name))
    });
    table
}

/// Pair points of `a` against `b` under duplicate scoring (and the number
/// of pairs), for the cross-table.
pub(crate) fn pair_head_to_head(a: &str, b: &str, pairs: &[Pair]) -> (f64, u32) {
    let mut pts = 0.0;
    let mut n = 0;
    for (result, _) in pairs.iter().filter_map(|p| p.between(a, b)) {
        pts += result;
        n += 1;
    }
    (pts, n)
}

/// Pair results `[lost, drawn, won]` of `a` against `b` under duplicate
/// scoring.
pub(crate) fn pair_results(a: &str, b: &str, pairs: &[Pair]) -> [u32; 3] {
    let mut counts = [0; 3];
    for (result, _) in pairs.iter().filter_map(|p| p.between(a, b)) {
        counts[(result * 2.0).round() as usize] += 1;
    }
    counts
}

/// Points of `a` against `b` (and the number of games), for the cross-table.
pub(crate) fn head_to_head(a: &str, b: &str, records: &[GameRecord]) -> (f64, u32) {
    let mut pts = 0.0;
    let mut n = 0;
    for r in records {
        if let Some(p) = points_against(a, b, r) {
            n += 1;
            pts += p;
        }
    }
    (pts, n)
}

/// Points of `a` in game `r` (1, ½ or 0) when it is a game of `a` against
/// `b`, either colour; `None` otherwise.
fn points_against(a: &str, b: &str, r: &GameRecord) -> Option<f64> {
    let side = if r.p1 == a && r.p2 == b {
        Side::P1
    } else if r.p2 == a && r.p1 == b {
        Side::P2
    } else {
        return None;
    };
    Some(r.winner.points(side))
}

/// Pentanomial counts for `a` against `b` over the colour-swapped pairs of
/// games on the same board: index k counts pairs where `a` scored k/2 points
/// (`[LL, LD, DD+WL, WD, WW]`).
pub(crate) fn pentanomial(a: &str, b: &str, records: &[GameRecord]) -> [u32; 5] {
    let mut pairs: BTreeMap<(u32, u32, u32), Vec<f64>> = BTreeMap::new();
    for r in records {
        let Some(pts) = points_against(a, b, r) else {
            continue;
        };
        pairs.entry(r.key.pair()).or_default().push(pts);
    }
    let mut counts = [0; 5];
    for v in pairs.values().filter(|v| v.len() == 2) {
        counts[((v[0] + v[1]) * 2.0).round() as usize] += 1;
    }
    counts
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::results::record::GameKey;
    use crate::results::result::Reason;

    #[test]
    fn elo_and_los_of_simple_scores() {
        assert!((elo(0.75).unwrap() - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), None);
        assert!(elo(0.5).unwrap().is_sign_positive());
        assert!((los(10, 10) - 0.5).abs() < 1e-9);
        assert!(los(30, 10) > 0.99);
    }

    /// A finished game of `p1` against `p2` (no moves), for the tests of
    /// the standings and of what is made of them.
    pub(crate) fn rec(p1: &str, p2: &str, winner: &str, board: u32) -> GameRecord {
        GameRecord {
            tournament: String::new(),
            key: GameKey {
                round: 0,
                pairing: 0,
                board,
                colour: 0,
            },
            numbers: GameKey {
                round: 0,
                pairing: 0,
                board,
                colour: 0,
            },
            game: "knight".into(),
            p1: p1.into(),
            p2: p2.into(),
            winner: winner.parse().unwrap(),
            reason: Reason::Normal,
            offender: None,
            detail: None,
            overrun_ms: None,
            start: String::new(),
            moves: vec![],
            score1: 0,
            score2: 0,
            times_ms: vec![],
            cpu_ms: vec![],
            info: vec![],
            late: vec![],
            log: None,
            duration_ms: 0,
            replaced1: None,
            replaced2: None,
            replaced: Vec::new(),
        }
    }

    #[test]
    fn standings_count_every_game_once_per_side() {
        let names = vec!["a".to_string(), "b".to_string()];
        let rs = vec![
            rec("a", "b", "p1", 0),
            rec("b", "a", "draw", 0),
            rec("a", "b", "p2", 1),
            rec("b", "a", "p2", 1),
        ];
        let t = standings(&names, &rs, Scoring::Games);
        assert_eq!(t[0].name, "a");
        assert_eq!(
            (t[0].score.wins, t[0].score.draws, t[0].score.losses),
            (2, 1, 1)
        );
        assert_eq!(t[0].score.points, 2.5);
        assert_eq!(
            (t[1].score.wins, t[1].score.draws, t[1].score.losses),
            (1, 1, 2)
        );
        assert!((t[0].score.score_pct - 62.5).abs() < 1e-9);
        assert!(t[0].score.elo.unwrap() > 0.0 && t[1].score.elo.unwrap() < 0.0);
        assert_eq!(head_to_head("a", "b", &rs), (2.5, 4));
        // board 0: a won and drew (1.5 → index 3); board 1: lost and won (1 → index 2)
        assert_eq!(pentanomial("a", "b", &rs), [0, 0, 1, 1, 0]);
    }

    /// Game `colour` of board `board`: `p1` scores `s1`, `p2` scores `s2`;
    /// the larger score wins.
    fn scored(p1: &str, p2: &str, s1: u32, s2: u32, board: u32, colour: u32) -> GameRecord {
        let winner = match s1.cmp(&s2) {
            std::cmp::Ordering::Greater => "p1",
            std::cmp::Ordering::Equal => "draw",
            std::cmp::Ordering::Less => "p2",
        };
        let mut r = rec(p1, p2, winner, board);
        (r.score1, r.score2, r.key.colour) = (s1, s2, colour);
        r
    }

    #[test]
    fn duplicate_scoring_adds_both_games_of_a_board() {
        let names = vec!["a".to_string(), "b".to_string()];
        let rs = vec![
            // Board 0: each wins its game as p1, but a by more (60-20, 35-40):
            // a's margin +40 - 5 = +35, the pair is a's.
            scored("a", "b", 60, 20, 0, 0),
            scored("b", "a", 40, 35, 0, 1),
            // Board 1: 30-30 and 50-50: a drawn pair, margin 0.
            scored("a", "b", 30, 30, 1, 0),
            scored("b", "a", 50, 50, 1, 1),
            // Board 2: b wins both, by 10 and by 1: margin -11 for a.
            scored("a", "b", 10, 20, 2, 0),
            scored("b", "a", 21, 20, 2, 1),
            // Board 3: one game only (not a pair).
            scored("a", "b", 99, 0, 3, 0),
        ];
        let ps = pairs(&rs);
        assert_eq!(ps.len(), 3);
        assert_eq!(
            ps.iter().map(|p| (p.margin, p.result)).collect::<Vec<_>>(),
            [(35, 1.0), (0, 0.5), (-11, 0.0)]
        );
        assert_eq!(ps[0].game_points, 1.0);
        assert_eq!(pair_results("a", "b", &ps), [1, 1, 1]);
        assert_eq!(pair_results("b", "a", &ps), [1, 1, 1]);
        assert_eq!(pair_head_to_head("b", "a", &ps), (1.5, 3));
        // Games: a 3 wins (incl. board 3), 2 draws, 2 losses; b 2/2/3.
        let t = standings(&names, &rs, Scoring::Points);
        let a = t.iter().find(|s| s.name == "a").unwrap();
        assert_eq!(
            (a.pairs, a.pair.wins, a.pair.draws, a.pair.losses),
            (3, 1, 1, 1)
        );
        assert_eq!(a.margin, 24);
        assert_eq!(a.games, 7);
        // Ranked by pair points (equal), then margin: a first.
        assert_eq!(t[0].name, "a");
        assert_eq!(t[1].margin, -24);
    }

    #[test]
    fn the_scoring_decides_the_ranking() {
        let names = vec!["a".to_string(), "b".to_string()];
        // a wins two games narrowly on boards 0 and 1 (a 1-1 pair each, by
        // the colour) but b wins its games by far: b takes both pairs.
        let rs = vec![
            scored("a", "b", 11, 10, 0, 0),
            scored("b", "a", 50, 10, 0, 1),
            scored("a", "b", 21, 20, 1, 0),
            scored("b", "a", 60, 20, 1, 1),
            scored("a", "b", 30, 20, 2, 0),
            scored("b", "a", 20, 20, 2, 1),
        ];
        let by_games = standings(&names, &rs, Scoring::Games);
        let by_points = standings(&names, &rs, Scoring::Points);
        assert_eq!(by_games[0].name, "a", "a: 3 wins, 1 draw, 2 losses");
        assert_eq!(by_points[0].name, "b", "b: pairs 2-1");
        assert_eq!(by_points[0].pair.points, 2.0);
    }

    #[test]
    fn a_fault_loses_the_pair_whatever_the_points() {
        let mut rs = vec![
            scored("a", "b", 80, 10, 0, 0),
            scored("b", "a", 12, 10, 0, 1),
        ];
        // a loses its second game by a timeout, ahead on points anyway.
        rs[1].winner = "p1".parse().unwrap();
        rs[1].reason = crate::results::result::Reason::Timeout;
        rs[1].offender = Some("p2".parse().unwrap());
        let ps = pairs(&rs);
        assert_eq!((ps[0].margin, ps[0].result), (68, 0.0));
        assert_eq!(ps[0].forfeit.as_deref(), Some("a"));
        // Both at fault: the points decide again.
        rs[0].offender = Some("p2".parse().unwrap());
        let ps = pairs(&rs);
        assert_eq!((ps[0].result, ps[0].forfeit.clone()), (1.0, None));
    }

    #[test]
    fn erf_matches_known_values() {
        assert!((erf(0.5) - 0.520_499_877_8).abs() < 1e-6);
        assert!((erf(-1.0) + 0.842_700_792_9).abs() < 1e-6);
    }

    /// `n` games of `a` against `b`: `wins` won by `a`, the rest lost.
    pub(crate) fn games(a: &str, b: &str, n: u32, wins: u32) -> Vec<GameRecord> {
        (0..n)
            .map(|i| rec(a, b, if i < wins { "p1" } else { "p2" }, i))
            .collect()
    }

    #[test]
    fn an_even_score_is_elo_plus_zero() {
        let e = elo(0.5).unwrap();
        assert_eq!(e, 0.0);
        assert!(e.is_sign_positive(), "-0 would print as -0");
    }

    #[test]
    fn interval_bounds_are_none_only_where_infinite() {
        let names = vec!["a".to_string(), "b".to_string()];
        // All won: no bound at all (zero variance at a 100 % score).
        let t = standings(&names, &games("a", "b", 4, 4), Scoring::Games);
        assert_eq!(
            (t[0].score.elo, t[0].score.elo_low, t[0].score.elo_high),
            (None, None, None)
        );
        // 9 of 10: the upper bound reaches 100 %, the lower one is finite.
        let t = standings(&names, &games("a", "b", 10, 9), Scoring::Games);
        assert!(t[0]
            .score
            .elo_low
            .is_some_and(|lo| lo > 0.0 && lo < t[0].score.elo.unwrap()));
        assert_eq!((t[0].score.elo_high, t[0].score.elo_error), (None, None));
        assert!(t[1].score.elo_high.is_some() && t[1].score.elo_low.is_none());
        // 60 of 100: both finite, and the half-width is their mean distance.
        let t = standings(&names, &games("a", "b", 100, 60), Scoring::Games);
        let (lo, hi) = (t[0].score.elo_low.unwrap(), t[0].score.elo_high.unwrap());
        assert!(lo < t[0].score.elo.unwrap() && t[0].score.elo.unwrap() < hi);
        assert_eq!(t[0].score.elo_error, Some((hi - lo) / 2.0));
    }
}
