//! Calibration of the win-chance models on held-out games (`arbiter
//! winchance`, docs/analysis.md): how often the side to move really scored
//! what its winning chances said, on games it was not fitted on.
//!
//! The positions are those of analysed games of the course's level
//! (students' engines, the built-in players at low depths, the example
//! engines), each labelled with the game's result for its side to move.
//! The games are split into [`FOLDS`] folds **by game** (game `i` in fold
//! `i mod FOLDS`, never by position: the positions of one game are not
//! independent), and every position is predicted by a scale fitted on the
//! other folds only. Three models are compared on the same held-out
//! predictions:
//!
//! - **shipped**: the scale of `data/winchance.tsv` as it is (fitted on
//!   the reference's self-play, or on earlier course games);
//! - **course**: one scale per game fitted on the course-level games
//!   ([`super::fit::fit`], with its weak prior);
//! - **phase**: one scale per game and phase (the thirds of the training
//!   positions' plies), to see whether the opening needs its own scale.
//!
//! Only estimated scores are scored (a proven score maps to 100/50/0 and is
//! not a fitted chance), as in the fit.
//!
//! ```
//! use tabula::analysis::calibrate::Metrics;
//!
//! // Said 80 % four times, scored 3 of 4: calibrated in its bin.
//! let m = Metrics::of([(0.8, 1.0), (0.8, 1.0), (0.8, 1.0), (0.8, 0.0)]);
//! assert_eq!(m.positions, 4);
//! assert!((m.brier - (3.0 * 0.04 + 0.64) / 4.0).abs() < 1e-12);
//! assert!((m.calibration - 5.0).abs() < 1e-9); // |80 − 75| points
//! ```

use super::fit::{fit, Sample};
use super::winchance::logistic;
pub use super::winchance::{Bin, Metrics, BINS};

/// Folds of the cross-validation (games `i` with `i mod FOLDS = f` are
/// held out together).
pub const FOLDS: usize = 5;

/// Phases of the phase model (thirds of the plies).
pub const PHASES: usize = 3;

/// One analysed position of a game of the set.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    /// The index of its game in the set: the unit of the split.
    pub game: usize,
    /// The index of the player to move (its level) in the caller's list.
    pub level: usize,
    /// The position's ply in its game (0: the start).
    pub ply: usize,
    /// Its score and its game's result for the side to move.
    pub sample: Sample,
}

/// The held-out figures of one game id (see the module documentation).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games in the set.
    pub games: usize,
    /// Positions with an estimated score (those scored).
    pub positions: u64,
    /// Positions with a proven score (not scored).
    pub exact: u64,
    /// The course model's scale fitted on every game of the set (what a
    /// refitted table ships).
    pub course_scale: f64,
    /// The shipped scale, held out by construction.
    pub shipped: Metrics,
    /// The course model, each fold predicted by a fit on the others.
    pub course: Metrics,
    /// The phase model, likewise.
    pub phase: Metrics,
    /// Per level (the caller's indices): the shipped and the course
    /// model's held-out metrics on the positions that level had to move in.
    pub levels: Vec<(usize, Metrics, Metrics)>,
}

impl Report {
    /// The course model wins: lower held-out log-loss than the shipped one.
    pub fn course_wins(&self) -> bool {
        self.course.positions > 0 && self.course.log_loss < self.shipped.log_loss
    }
}

/// The phase (0..[`PHASES`]) of `ply` given the phase bounds.
fn phase_of(ply: usize, bounds: &[usize; PHASES - 1]) -> usize {
    bounds.iter().filter(|&&b| ply >= b).count()
}

/// The bounds of the phases: the plies at the thirds of `plies`.
fn phase_bounds(plies: &mut [usize]) -> [usize; PHASES - 1] {
    plies.sort_unstable();
    let at = |k: usize| plies.get(plies.len() * k / PHASES).copied().unwrap_or(0);
    [at(1), at(2)]
}

/// The estimated samples of `positions`.
fn samples<'a>(positions: impl Iterator<Item = &'a Position>) -> Vec<Sample> {
    positions
        .filter(|p| !p.sample.exact)
        .map(|p| p.sample)
        .collect()
}

/// For each estimated position of `positions` (in order), its held-out
/// chance under the course and the phase model.
fn held_out(positions: &[&Position]) -> Vec<(f64, f64)> {
    let mut course = vec![0.5; positions.len()];
    let mut phase = vec![0.5; positions.len()];
    for fold in 0..FOLDS {
        let train: Vec<&Position> = positions
            .iter()
            .copied()
            .filter(|p| p.game % FOLDS != fold)
            .collect();
        let (scale, _) = fit(&samples(train.iter().copied()));
        let bounds = phase_bounds(&mut train.iter().map(|p| p.ply).collect::<Vec<_>>());
        let phase_scales: Vec<f64> = (0..PHASES)
            .map(|k| {
                let part = train
                    .iter()
                    .copied()
                    .filter(|p| phase_of(p.ply, &bounds) == k);
                fit(&samples(part)).0
            })
            .collect();
        for (i, p) in positions.iter().enumerate() {
            if p.game % FOLDS == fold {
                let x = f64::from(p.sample.score);
                course[i] = logistic(scale * x);
                phase[i] = logistic(phase_scales[phase_of(p.ply, &bounds)] * x);
            }
        }
    }
    course.into_iter().zip(phase).collect()
}

/// The held-out calibration of one game id's `positions` (every game of
/// the set, a game's positions together) for the shipped `scale`, with
/// `levels` levels.
pub fn calibrate(positions: &[Position], shipped_scale: f64, levels: usize) -> Report {
    let estimated: Vec<&Position> = positions.iter().filter(|p| !p.sample.exact).collect();
    let predicted = held_out(&estimated);
    let shipped = |p: &Position| logistic(shipped_scale * f64::from(p.sample.score));
    let games = positions.iter().map(|p| p.game + 1).max().unwrap_or(0);
    let per_level = |level: usize| {
        let mine = || {
            estimated
                .iter()
                .zip(&predicted)
                .filter(move |(p, _)| p.level == level)
        };
        (
            Metrics::of(mine().map(|(p, _)| (shipped(p), p.sample.result))),
            Metrics::of(mine().map(|(p, c)| (c.0, p.sample.result))),
        )
    };
    Report {
        games,
        positions: estimated.len() as u64,
        exact: (positions.len() - estimated.len()) as u64,
        course_scale: fit(&samples(positions.iter())).0,
        shipped: Metrics::of(estimated.iter().map(|p| (shipped(p), p.sample.result))),
        course: Metrics::of(
            estimated
                .iter()
                .zip(&predicted)
                .map(|(p, c)| (c.0, p.sample.result)),
        ),
        phase: Metrics::of(
            estimated
                .iter()
                .zip(&predicted)
                .map(|(p, c)| (c.1, p.sample.result)),
        ),
        levels: (0..levels)
            .map(|l| {
                let (s, c) = per_level(l);
                (l, s, c)
            })
            .filter(|(_, s, _)| s.positions > 0)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(game: usize, level: usize, ply: usize, score: i32, result: f64) -> Position {
        Position {
            game,
            level,
            ply,
            sample: Sample {
                score,
                exact: false,
                result,
            },
        }
    }

    #[test]
    fn metrics_of_a_known_set() {
        // 0.5 once with a draw, 0.9 twice (won, lost), 0.05 once (lost).
        let m = Metrics::of([(0.5, 0.5), (0.9, 1.0), (0.9, 0.0), (0.05, 0.0)]);
        assert_eq!(m.positions, 4);
        let ll = (2f64.ln() - 0.9f64.ln() - 0.1f64.ln() - 0.95f64.ln()) / 4.0;
        assert!((m.log_loss - ll).abs() < 1e-12, "{}", m.log_loss);
        let brier = (0.0 + 0.01 + 0.81 + 0.0025) / 4.0;
        assert!((m.brier - brier).abs() < 1e-12);
        // Bins 0 (0.05 vs 0), 5 (0.5 vs 0.5), 9 (0.9 vs 0.5 twice).
        assert_eq!(m.bins[9].positions, 2);
        assert!((m.bins[9].predicted - 0.9).abs() < 1e-12);
        assert!((m.bins[9].observed - 0.5).abs() < 1e-12);
        assert_eq!(m.bins[0].positions, 1);
        assert_eq!(m.bins[5].positions, 1);
        let ece = (5.0 + 0.0 + 2.0 * 40.0) / 4.0;
        assert!((m.calibration - ece).abs() < 1e-9, "{}", m.calibration);
        assert_eq!(Metrics::of([]), Metrics::default());
    }

    /// Games where +10 wins 3 times in 4 at odd plies (phase-free), each
    /// game's positions mirrored for the other side.
    fn course_games(n: usize) -> Vec<Position> {
        let mut out = Vec::new();
        for game in 0..n {
            let won = game % 4 != 3;
            for ply in 0..6 {
                let y = if won { 1.0 } else { 0.0 };
                out.push(at(game, ply % 2, ply, 10, y));
                out.push(at(game, (ply + 1) % 2, ply, -10, 1.0 - y));
            }
        }
        out
    }

    #[test]
    fn held_out_fit_beats_an_over_confident_scale() {
        let positions = course_games(40);
        // Shipped: +10 → 99.3 % (scale 0.5); the truth is 75 %.
        let r = calibrate(&positions, 0.5, 2);
        assert_eq!((r.games, r.positions, r.exact), (40, 480, 0));
        let truth = 3f64.ln() / 10.0;
        assert!(
            (r.course_scale - truth).abs() < 0.01 * truth * 10.0,
            "{r:?}"
        );
        assert!(r.course_wins());
        assert!(r.course.calibration < 1.0, "{:?}", r.course);
        assert!(r.shipped.calibration > 20.0, "{:?}", r.shipped);
        // Ten games of every fold end 3:1, so each held-out fit sees 75 %.
        assert!(
            (r.course.bins[7].observed - 0.75).abs() < 1e-9,
            "{:?}",
            r.course.bins
        );
        assert_eq!(r.levels.len(), 2);
        assert_eq!(r.levels[0].1.positions + r.levels[1].1.positions, 480);
    }

    #[test]
    fn the_split_is_by_game() {
        // Fold 0 holds games 0, 5, 10, …: all lost at +10 (level 1); the
        // others won (level 0). Split by position, the lost games would be
        // predicted from their own results; held out by game, only from won
        // games, so with confidence and wrongly.
        let mut positions = Vec::new();
        for game in 0..20 {
            let lost = game % FOLDS == 0;
            for ply in 0..4 {
                let y = if lost { 0.0 } else { 1.0 };
                positions.push(at(game, usize::from(lost), ply, 10, y));
            }
        }
        let r = calibrate(&positions, 0.1, 2);
        let (_, shipped, course) = r.levels[1];
        assert_eq!(course.positions, 16);
        assert!(course.log_loss > 2.0 * shipped.log_loss, "{r:?}");
        let used: Vec<&Bin> = course.bins.iter().filter(|b| b.positions > 0).collect();
        assert!(used.iter().all(|b| b.predicted > 0.9), "{used:?}");
    }

    #[test]
    fn phases_get_their_own_scale_when_they_differ() {
        // Early plies say +10 and win half the time; late ones always.
        let mut positions = Vec::new();
        for game in 0..30 {
            for ply in 0..9 {
                let y = if ply < 3 { (game % 2) as f64 } else { 1.0 };
                positions.push(at(game, 0, ply, 10, y));
                positions.push(at(game, 1, ply, -10, 1.0 - y));
            }
        }
        let r = calibrate(&positions, 0.1, 2);
        assert!(r.phase.log_loss < r.course.log_loss - 0.05, "{r:?}");
        assert_eq!(phase_of(0, &[3, 6]), 0);
        assert_eq!(phase_of(3, &[3, 6]), 1);
        assert_eq!(phase_of(99, &[3, 6]), 2);
    }

    #[test]
    fn proven_positions_are_counted_not_scored() {
        let mut positions = course_games(10);
        positions[0].sample.exact = true;
        let r = calibrate(&positions, 0.2, 2);
        assert_eq!((r.positions, r.exact), (119, 1));
    }
}
