//! Standings and the statistics of a result: Elo difference with a 95 %
//! interval, likelihood of superiority, pentanomial counts of game pairs.
//!
//! The Elo estimate is the logistic one, `-400 log10(1/s - 1)` for the score
//! fraction `s`; its interval comes from the standard error of the per-game
//! score (trinomial model), mapped through the same function; a bound at or
//! beyond a 0 % or 100 % score is infinite (`None`): all games won or lost,
//! or too few games for a score near either end. LOS is
//! `Φ((W - L) / sqrt(W + L))`, draws ignored.
//!
//! ```
//! use arbiter::stats::{elo, los};
//! assert!((elo(0.75).unwrap() - 190.85).abs() < 0.01);
//! assert_eq!(elo(1.0), None);
//! assert!(elo(0.5).unwrap().is_sign_positive());
//! assert!((los(10, 10) - 0.5).abs() < 1e-9);
//! assert!(los(30, 10) > 0.99);
//! ```

use crate::game::GameRecord;
use crate::result::{Side, Winner};
use serde::Serialize;
use std::collections::BTreeMap;

/// Elo difference for a score fraction; `None` at 0 or 1 (infinite).
/// An even score gives `0.0`, never `-0.0`.
pub fn elo(score: f64) -> Option<f64> {
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// Likelihood of superiority from wins and losses.
pub fn los(wins: u32, losses: u32) -> f64 {
    if wins + losses == 0 {
        return 0.5;
    }
    0.5 * (1.0 + erf((wins as f64 - losses as f64) / (2.0 * (wins + losses) as f64).sqrt()))
}

/// The error function (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7).
pub fn erf(x: f64) -> f64 {
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

/// One entrant's line of the standings.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Standing {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: f64,
    /// Points / games, in percent.
    pub score_pct: f64,
    /// Elo difference against the field (None when the score is 0 % or 100 %).
    pub elo: Option<f64>,
    /// Half-width of the 95 % interval of `elo` (None unless both bounds
    /// are finite).
    pub elo_error: Option<f64>,
    /// Lower bound of the 95 % interval (None: unbounded, a score whose
    /// interval reaches 0 %).
    pub elo_low: Option<f64>,
    /// Upper bound of the 95 % interval (None: unbounded, a score whose
    /// interval reaches 100 %).
    pub elo_high: Option<f64>,
    pub los: f64,
    /// Games lost by a fault (anything but `normal` / `maxlength`).
    pub faults: u32,
    /// Counts of faults by reason.
    pub fault_reasons: BTreeMap<String, u32>,
}

impl Standing {
    fn finish(&mut self) {
        if self.games == 0 {
            return;
        }
        let n = self.games as f64;
        let s = self.points / n;
        self.score_pct = 100.0 * s;
        self.elo = elo(s);
        let (w, d, l) = (
            self.wins as f64 / n,
            self.draws as f64 / n,
            self.losses as f64 / n,
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

/// Standings of `names` from the records, best first (points, then wins).
pub fn standings(names: &[String], records: &[GameRecord]) -> Vec<Standing> {
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
            match r.winner {
                Winner::Draw => {
                    s.draws += 1;
                    s.points += 0.5;
                }
                Winner::Side(w) if w == side => {
                    s.wins += 1;
                    s.points += 1.0;
                }
                Winner::Side(_) => s.losses += 1,
            }
            if r.offender.is_some_and(|o| o.includes(side)) {
                s.faults += 1;
                *s.fault_reasons.entry(r.reason.to_string()).or_default() += 1;
            }
        }
    }
    table.iter_mut().for_each(Standing::finish);
    table.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.wins.cmp(&a.wins))
            .then(a.name.cmp(&b.name))
    });
    table
}

/// Points of `a` against `b` (and the number of games), for the cross-table.
pub fn head_to_head(a: &str, b: &str, records: &[GameRecord]) -> (f64, u32) {
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
pub fn pentanomial(a: &str, b: &str, records: &[GameRecord]) -> [u32; 5] {
    let mut pairs: BTreeMap<(u32, u32, u32), Vec<f64>> = BTreeMap::new();
    for r in records {
        let Some(pts) = points_against(a, b, r) else {
            continue;
        };
        pairs
            .entry((r.round, r.pairing, r.board))
            .or_default()
            .push(pts);
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
    use crate::result::Reason;

    /// A finished game of `p1` against `p2` (no moves), for the tests of
    /// the standings and of what is made of them.
    pub(crate) fn rec(p1: &str, p2: &str, winner: &str, board: u32) -> GameRecord {
        GameRecord {
            tournament: String::new(),
            key: String::new(),
            round: 0,
            pairing: 0,
            board,
            colour: 0,
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
        let t = standings(&names, &rs);
        assert_eq!(t[0].name, "a");
        assert_eq!((t[0].wins, t[0].draws, t[0].losses), (2, 1, 1));
        assert_eq!(t[0].points, 2.5);
        assert_eq!((t[1].wins, t[1].draws, t[1].losses), (1, 1, 2));
        assert!((t[0].score_pct - 62.5).abs() < 1e-9);
        assert!(t[0].elo.unwrap() > 0.0 && t[1].elo.unwrap() < 0.0);
        assert_eq!(head_to_head("a", "b", &rs), (2.5, 4));
        // board 0: a won and drew (1.5 → index 3); board 1: lost and won (1 → index 2)
        assert_eq!(pentanomial("a", "b", &rs), [0, 0, 1, 1, 0]);
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
        let t = standings(&names, &games("a", "b", 4, 4));
        assert_eq!((t[0].elo, t[0].elo_low, t[0].elo_high), (None, None, None));
        // 9 of 10: the upper bound reaches 100 %, the lower one is finite.
        let t = standings(&names, &games("a", "b", 10, 9));
        assert!(t[0]
            .elo_low
            .is_some_and(|lo| lo > 0.0 && lo < t[0].elo.unwrap()));
        assert_eq!((t[0].elo_high, t[0].elo_error), (None, None));
        assert!(t[1].elo_high.is_some() && t[1].elo_low.is_none());
        // 60 of 100: both finite, and the half-width is their mean distance.
        let t = standings(&names, &games("a", "b", 100, 60));
        let (lo, hi) = (t[0].elo_low.unwrap(), t[0].elo_high.unwrap());
        assert!(lo < t[0].elo.unwrap() && t[0].elo.unwrap() < hi);
        assert_eq!(t[0].elo_error, Some((hi - lo) / 2.0));
    }
}
