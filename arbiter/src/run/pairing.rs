//! Pairings that rank a class in a number of games linear in its size: a
//! Swiss paired by rating.
//!
//! A round robin gives n entrants n(n − 1)/2 pairings: 1,770 for 60, each
//! entrant 59 opponents. A Swiss of R rounds gives each entrant R, whatever
//! n. Paired by points (the classic Swiss, [`crate::run::plan::swiss_pairings`])
//! it finds the winner; paired by **rating** it ranks the whole field: each
//! round every entrant meets the one rated next to it that it has not met,
//! where a game tells most about the order (an even game), and the rating
//! is refitted on every game so far, so an entrant misplaced by its first
//! games meets stronger or weaker ones until its games say where it
//! belongs. In a season the entrants first play the reference gates (the
//! same for all, the evidence of the rubric): those games are in the first
//! fit, so the first round already pairs entrants of like strength.
//!
//! The rating is the season's Bradley–Terry fit
//! ([`crate::results::rating::elo`]), each game one result. What the
//! pairing buys is measured by [`crate::run::simulate`]
//! (`arbiter bench pairing`): Bradley–Terry games drawn from known
//! strengths, the order recovered by each design.
//!
//! ```text
//! ratings(3, [a beats b, b beats c, a beats c]) → a > b > c (mean 0)
//! pair_down([a, b, c, d], met a–b)            → a–c, b–d
//! ```

use crate::results::rating;
use crate::results::record::GameRecord;
use crate::results::result::Side;

/// One game between entrants `a` and `b` (indices): `a`'s points (1 a win,
/// ½ a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Game {
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) points: f64,
}

/// The games of `records` between two of `names` (by name; a game of
/// another entrant is left out), each one result of its first player.
pub(crate) fn games_of(names: &[String], records: &[GameRecord]) -> Vec<Game> {
    let index = |name: &str| names.iter().position(|n| n == name);
    records
        .iter()
        .filter_map(|r| {
            Some(Game {
                a: index(&r.p1)?,
                b: index(&r.p2)?,
                points: r.winner.points(Side::P1),
            })
        })
        .collect()
}

/// Bradley–Terry ratings on the Elo scale (a 400-point gap: 10 to 1 odds),
/// mean 0, of `n` entrants from `games`: the season's model
/// ([`crate::results::rating::elo`], a weak prior keeping finite the rating
/// of one who won or lost every game), each game one result.
pub(crate) fn ratings(n: usize, games: &[Game]) -> Vec<f64> {
    let results: Vec<(usize, usize, f64)> = games.iter().map(|g| (g.a, g.b, g.points)).collect();
    rating::elo(n, &results)
}

/// Steps the search for pairings without a rematch may take before
/// [`pair_down`] settles for the greedy pairing.
const SEARCH_STEPS: usize = 100_000;

/// Pairs `ranking` (best first) top down: each entrant not yet paired with
/// the next-ranked one it has not met; with an odd number, one entrant (the
/// lowest that allows it) sits the round out. When pairing greedily would
/// leave two who have met (the last two of a small field), the search goes
/// back up and takes the next candidate, so no rematch is made while a
/// pairing without one exists (within [`SEARCH_STEPS`]; beyond, or when
/// there is none, each takes the next-ranked one even if they have met).
pub(crate) fn pair_down(
    ranking: &[usize],
    met: impl Fn(usize, usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut search = Search {
        ranking,
        met: &met,
        paired: vec![false; ranking.len()],
        pairings: Vec::new(),
        steps: 0,
    };
    if search.fill(ranking.len() % 2 == 1) {
        return search.pairings;
    }
    greedy(ranking, met)
}

/// The search of [`pair_down`].
struct Search<'a, F> {
    ranking: &'a [usize],
    met: &'a F,
    paired: Vec<bool>,
    pairings: Vec<(usize, usize)>,
    steps: usize,
}

impl<F: Fn(usize, usize) -> bool> Search<'_, F> {
    /// Pairs everyone not yet paired without a rematch (`bye`: one may sit
    /// out); false when that cannot be done (or the steps ran out).
    fn fill(&mut self, bye: bool) -> bool {
        self.steps += 1;
        if self.steps > SEARCH_STEPS {
            return false;
        }
        let Some(k) = self.paired.iter().position(|&p| !p) else {
            return true;
        };
        let a = self.ranking[k];
        self.paired[k] = true;
        for j in k + 1..self.ranking.len() {
            if self.paired[j] || (self.met)(a, self.ranking[j]) {
                continue;
            }
            self.paired[j] = true;
            self.pairings.push((a, self.ranking[j]));
            if self.fill(bye) {
                return true;
            }
            self.pairings.pop();
            self.paired[j] = false;
        }
        if bye && self.fill(false) {
            return true;
        }
        self.paired[k] = false;
        false
    }
}

/// Pairs `ranking` top down, each with the next-ranked one it has not met,
/// or the next-ranked one when it has met them all; the last one left (odd
/// number) sits out.
fn greedy(ranking: &[usize], met: impl Fn(usize, usize) -> bool) -> Vec<(usize, usize)> {
    let mut paired = vec![false; ranking.len()];
    let mut pairings = Vec::new();
    for k in 0..ranking.len() {
        if paired[k] {
            continue;
        }
        let a = ranking[k];
        let rest = (k + 1..ranking.len()).filter(|&j| !paired[j]);
        let Some(j) = rest
            .clone()
            .find(|&j| !met(a, ranking[j]))
            .or_else(|| rest.clone().next())
        else {
            continue; // the bye
        };
        paired[k] = true;
        paired[j] = true;
        pairings.push((a, ranking[j]));
    }
    pairings
}

/// `pool` (indices among `n` entrants) best first by `rating`, ties by
/// index.
pub(crate) fn rank(pool: &[usize], rating: &[f64]) -> Vec<usize> {
    let mut ranking = pool.to_vec();
    ranking.sort_by(|&a, &b| rating[b].total_cmp(&rating[a]).then(a.cmp(&b)));
    ranking
}

/// The next round of a Swiss by rating: the entrants of `pool` (indices
/// among `n`), ranked by their [`ratings`] over every game so far (games
/// against entrants outside the pool, such as gates, included), paired
/// down ([`pair_down`]) avoiding rematches.
pub(crate) fn by_rating(n: usize, pool: &[usize], games: &[Game]) -> Vec<(usize, usize)> {
    let ranking = rank(pool, &ratings(n, games));
    let mut met = std::collections::HashSet::new();
    for g in games {
        met.insert((g.a.min(g.b), g.a.max(g.b)));
    }
    pair_down(&ranking, |a, b| met.contains(&(a.min(b), a.max(b))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(a: usize, b: usize, points: f64) -> Game {
        Game { a, b, points }
    }

    #[test]
    fn ratings_order_by_results_and_stay_finite() {
        // 0 beats 1 beats 2; 0 beats 2.
        let r = ratings(3, &[game(0, 1, 1.0), game(1, 2, 1.0), game(0, 2, 1.0)]);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!(r.iter().all(|x| x.is_finite()));
        assert!(r.iter().sum::<f64>().abs() < 1e-9, "mean 0");
        // Symmetric results: equal ratings, whoever is first.
        let r = ratings(2, &[game(0, 1, 1.0), game(1, 0, 1.0)]);
        assert!((r[0] - r[1]).abs() < 0.1, "{r:?}");
        let r = ratings(2, &[game(0, 1, 0.5); 4]);
        assert!((r[0] - r[1]).abs() < 0.1, "{r:?}");
        // Nothing played: everyone at 0.
        assert_eq!(ratings(3, &[]), vec![0.0; 3]);
    }

    #[test]
    fn ratings_recover_a_known_gap() {
        // 76 % over many games is a 200-point gap; the weak prior
        // pulls it in a little.
        let mut games = vec![game(0, 1, 1.0); 760];
        games.extend(vec![game(0, 1, 0.0); 240]);
        let r = ratings(2, &games);
        assert!((r[0] - r[1] - 200.0).abs() < 5.0, "{r:?}");
        // Through a common opponent: 0 > 1 by 200 and 1 > 2 by 200.
        let mut games = Vec::new();
        for (a, b) in [(0, 1), (1, 2)] {
            games.extend(vec![game(a, b, 1.0); 760]);
            games.extend(vec![game(a, b, 0.0); 240]);
        }
        let r = ratings(3, &games);
        assert!((r[0] - r[2] - 400.0).abs() < 10.0, "{r:?}");
    }

    #[test]
    fn pairing_down_avoids_rematches_and_gives_the_bye_to_the_last() {
        let none = |_: usize, _: usize| false;
        assert_eq!(pair_down(&[3, 1, 2, 0], none), vec![(3, 1), (2, 0)]);
        assert_eq!(pair_down(&[0, 1, 2], none), vec![(0, 1)]);
        let met_01 = |a: usize, b: usize| (a.min(b), a.max(b)) == (0, 1);
        assert_eq!(pair_down(&[0, 1, 2, 3], met_01), vec![(0, 2), (1, 3)]);
        // Greedy would pair 0–1 and leave 2 and 3, who met.
        let met_23 = |a: usize, b: usize| (a.min(b), a.max(b)) == (2, 3);
        assert_eq!(pair_down(&[0, 1, 2, 3], met_23), vec![(0, 2), (1, 3)]);
        let met = |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 1) | (1, 2) | (2, 3));
        assert_eq!(pair_down(&[0, 1, 2, 3], met), vec![(0, 2), (1, 3)]);
        let met_02_13 =
            |a: usize, b: usize| matches!((a.min(b), a.max(b)), (0, 1) | (2, 3) | (0, 2));
        assert_eq!(pair_down(&[0, 1, 2, 3], met_02_13), vec![(0, 3), (1, 2)]);
        // Odd: the last sits out, unless it met everyone left.
        let met_12 = |a: usize, b: usize| (a.min(b), a.max(b)) == (1, 2);
        assert_eq!(pair_down(&[0, 1, 2], met_12), vec![(0, 1)]);
        let met_0 = |a: usize, b: usize| a.min(b) == 0;
        assert_eq!(pair_down(&[0, 1, 2], met_0), vec![(1, 2)]);
        // Nothing else left: the rematch.
        let all = |_: usize, _: usize| true;
        assert_eq!(pair_down(&[0, 1], all), vec![(0, 1)]);
    }

    #[test]
    fn by_rating_pairs_neighbours_of_the_pool_only() {
        // Entrant 4 is a gate: everyone played it, 0 and 1 beat it, 2 and
        // 3 lost. Then 0 beat 2 and 1 beat 3.
        let mut games: Vec<Game> = (0..4).map(|i| game(i, 4, (i < 2) as u8 as f64)).collect();
        games.extend([game(0, 2, 1.0), game(1, 3, 1.0)]);
        let pairings = by_rating(5, &[0, 1, 2, 3], &games);
        assert_eq!(pairings.len(), 2);
        assert!(pairings.iter().all(|&(a, b)| a < 4 && b < 4));
        // The two winners meet, and the two losers.
        let sorted: Vec<(usize, usize)> = pairings
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        assert_eq!(sorted, vec![(0, 1), (2, 3)]);
    }
}
