//! Judging moves from the drop in the mover's winning chances: the move
//! classes, the per-move accuracy and the game accuracy of each side, after
//! lichess (`lila`: `modules/tree/src/main/Advice.scala` for the classes,
//! `modules/analyse/src/main/AccuracyPercent.scala` for the accuracies).
//!
//! Winning chances are percentages (0–100) of the mover: its chance of
//! winning plus half its chance of a draw
//! ([`WinModel`](super::WinModel)). The *drop* of a move is the mover's
//! chance before it minus its chance after it, never below 0.
//!
//! | drop (points of win %) | lichess (−1…+1 scale) | class |
//! |---|---|---|
//! | ≥ [`BLUNDER`] (15) | ≥ 0.3 | [`MoveClass::Blunder`] |
//! | ≥ [`MISTAKE`] (10) | ≥ 0.2 | [`MoveClass::Mistake`] |
//! | ≥ [`INACCURACY`] (5) | ≥ 0.1 | [`MoveClass::Inaccuracy`] |
//! | below | | [`MoveClass::Good`], or [`MoveClass::Best`] for the reference's move (or one as good) |
//!
//! ```
//! use tabula::analysis::{move_accuracy, MoveClass};
//!
//! assert_eq!(MoveClass::from_drop(16.0), MoveClass::Blunder);
//! assert_eq!(MoveClass::from_drop(4.9), MoveClass::Good);
//! assert_eq!(move_accuracy(0.0), 100.0);
//! assert!((move_accuracy(10.0) - 63.5).abs() < 0.1);
//! assert_eq!(move_accuracy(100.0), 0.0);
//! ```

use std::fmt;
use std::str::FromStr;

/// The drop (points of win %) from which a move is an inaccuracy: lichess's
/// 0.1 on its −1…+1 scale.
pub const INACCURACY: f64 = 5.0;
/// The drop from which a move is a mistake (lichess: 0.2).
pub const MISTAKE: f64 = 10.0;
/// The drop from which a move is a blunder (lichess: 0.3); also what "loses
/// clearly" means for an only move.
pub const BLUNDER: f64 = 15.0;

/// The class of a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveClass {
    /// The reference's best move, or a move it finds as good (no drop in
    /// points nor in winning chances).
    Best,
    /// A drop below [`INACCURACY`].
    Good,
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// A drop of at least [`MISTAKE`].
    Mistake,
    /// A drop of at least [`BLUNDER`], or a proven win thrown away.
    Blunder,
}

impl MoveClass {
    /// Every class, best first.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::Best,
        MoveClass::Good,
        MoveClass::Inaccuracy,
        MoveClass::Mistake,
        MoveClass::Blunder,
    ];

    /// The class of a move that is not the reference's best, from its drop
    /// in winning chances (points of win %).
    pub fn from_drop(drop: f64) -> MoveClass {
        if drop >= BLUNDER {
            MoveClass::Blunder
        } else if drop >= MISTAKE {
            MoveClass::Mistake
        } else if drop >= INACCURACY {
            MoveClass::Inaccuracy
        } else {
            MoveClass::Good
        }
    }

    /// The word of the interface: `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`.
    pub fn as_str(self) -> &'static str {
        match self {
            MoveClass::Best => "best",
            MoveClass::Good => "good",
            MoveClass::Inaccuracy => "inaccuracy",
            MoveClass::Mistake => "mistake",
            MoveClass::Blunder => "blunder",
        }
    }
}

impl fmt::Display for MoveClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that is not a move class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownClass(pub String);

impl fmt::Display for UnknownClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown move class '{}' (expected best, good, inaccuracy, mistake or blunder)",
            self.0
        )
    }
}

impl std::error::Error for UnknownClass {}

impl FromStr for MoveClass {
    type Err = UnknownClass;

    fn from_str(s: &str) -> Result<MoveClass, UnknownClass> {
        MoveClass::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownClass(s.to_string()))
    }
}

/// What the reference knows of a move, for its class ([`classify`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Verdict {
    /// The drop in the mover's winning chances (points of win %, ≥ 0).
    pub drop: f64,
    /// The reference's best move, or one it finds as good.
    pub as_good: bool,
    /// A proven win thrown away.
    pub missed_win: bool,
    /// The mover's first move of the game.
    pub first_move: bool,
    /// The reference proves the mover's position lost after the move.
    pub proven_lost_after: bool,
}

/// The class of a move and the drop its accuracy is computed from.
///
/// A missed win is a blunder, a move as good as the reference's is best,
/// the others go by their drop — except a side's **first move**, which is
/// at most an [`MoveClass::Inaccuracy`] (its drop counted at most
/// [`MISTAKE`]) unless the reference proves the position lost after it or
/// the move throws a proven win away: at the start of a game the
/// reference's score is an estimate from far away, and a student cannot be
/// told that an opening move cost most of the game on that alone.
///
/// ```
/// use tabula::analysis::judge::{classify, Verdict};
/// use tabula::analysis::MoveClass;
///
/// let opening = Verdict { drop: 71.0, first_move: true, ..Verdict::default() };
/// assert_eq!(classify(&opening), (MoveClass::Inaccuracy, 10.0));
/// let lost = Verdict { proven_lost_after: true, ..opening };
/// assert_eq!(classify(&lost), (MoveClass::Blunder, 71.0));
/// ```
pub fn classify(v: &Verdict) -> (MoveClass, f64) {
    if v.missed_win {
        return (MoveClass::Blunder, v.drop);
    }
    if v.as_good {
        return (MoveClass::Best, v.drop);
    }
    if v.first_move && !v.proven_lost_after {
        let drop = v.drop.min(MISTAKE);
        return (MoveClass::from_drop(drop).min(MoveClass::Inaccuracy), drop);
    }
    (MoveClass::from_drop(v.drop), v.drop)
}

/// The accuracy of one move (0–100) from its drop in winning chances
/// (points of win %): `103.1668 · exp(−0.04354 · drop) − 3.1669`, clamped
/// to 0–100, and 100 without a drop (lichess's fit of its
/// `AccuracyPercent.fromWinPercents`, without the point lichess adds for
/// the uncertainty of its analysis).
pub fn move_accuracy(drop: f64) -> f64 {
    if drop <= 0.0 {
        // As lichess: no drop, 100 (the curve gives 99.9999).
        return 100.0;
    }
    (103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411)
        .clamp(0.0, 100.0)
}

/// The name of [`game_accuracy`]'s formula, written in an analysis file's
/// header: a file whose header names another formula (or none: files
/// written before the formula changed) has its games' accuracy computed
/// again from its moves when it is read.
pub const GAME_ACCURACY_FORMULA: &str =
    "volatility-weighted mean of move accuracies (windows of clamp(moves/10, 2, 8), weights 0.5-12)";

/// The game accuracy of one side: the volatility-weighted mean of its
/// moves' accuracies (lichess's `gameAccuracy` without its harmonic half).
///
/// `series` is the winning chances of player 1 (0–100) at every position of
/// the game, the start first and the final position last (one more than
/// the moves); `accuracies` the accuracy of each move and `mine` whether
/// the side played it (the same length as the moves). Each move's weight is
/// the standard deviation (population) of the winning chances in a window
/// of `clamp(moves / 10, 2, 8)` positions ending after it (the first
/// windows repeat the first full one), clamped to 0.5–12: moves played
/// while the game swings count more, and a bad move makes its own swing.
///
/// Lichess also averages in the plain harmonic mean of the accuracies,
/// which counts every move alike: the moves of a side that is already
/// lost (or won) lose almost no winning chances whatever they are, so a
/// player crushed early scored above a better one who held on (measured:
/// `docs/analysis.md`, *Why not lichess's harmonic mean*). The weights
/// exist to discount those moves; the harmonic mean undid it. `None` when
/// the side played no move.
pub fn game_accuracy(series: &[f64], accuracies: &[f64], mine: &[bool]) -> Option<f64> {
    let weights = volatility_weights(series, accuracies.len());
    let (mut sum, mut total) = (0.0, 0.0);
    for ((&acc, &w), _) in accuracies
        .iter()
        .zip(&weights)
        .zip(mine)
        .filter(|(_, &m)| m)
    {
        sum += acc * w;
        total += w;
    }
    (total > 0.0).then(|| sum / total)
}

/// One weight per move (see [`game_accuracy`]): windows of the series, the
/// first full window repeated so that there is one per move.
fn volatility_weights(series: &[f64], moves: usize) -> Vec<f64> {
    let size = (moves / 10).clamp(2, 8).min(series.len()).max(1);
    let first = &series[..size.min(series.len())];
    let mut windows: Vec<&[f64]> = vec![first; size.saturating_sub(2)];
    windows.extend(series.windows(size));
    windows
        .into_iter()
        .map(|w| std_dev(w).clamp(0.5, 12.0))
        .chain(std::iter::repeat(0.5))
        .take(moves)
        .collect()
}

/// The population standard deviation.
fn std_dev(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_move_is_never_a_mistake_unless_proven_lost() {
        for drop in [0.0, 4.9, 5.0, 9.9, 10.0, 15.0, 71.0, 100.0] {
            let later = Verdict {
                drop,
                ..Verdict::default()
            };
            let first = Verdict {
                first_move: true,
                ..later
            };
            let (class, counted) = classify(&first);
            assert_eq!(class, MoveClass::from_drop(drop).min(MoveClass::Inaccuracy));
            assert_eq!(counted, drop.min(MISTAKE), "{drop}");
            assert_eq!(classify(&later), (MoveClass::from_drop(drop), drop));
            let lost = Verdict {
                proven_lost_after: true,
                ..first
            };
            assert_eq!(classify(&lost), (MoveClass::from_drop(drop), drop));
            let missed = Verdict {
                missed_win: true,
                ..first
            };
            assert_eq!(classify(&missed).0, MoveClass::Blunder);
            let good = Verdict {
                as_good: true,
                ..first
            };
            assert_eq!(classify(&good).0, MoveClass::Best);
        }
    }

    #[test]
    fn classes_follow_the_thresholds_and_round_trip() {
        let cases = [
            (0.0, MoveClass::Good),
            (4.99, MoveClass::Good),
            (5.0, MoveClass::Inaccuracy),
            (9.99, MoveClass::Inaccuracy),
            (10.0, MoveClass::Mistake),
            (15.0, MoveClass::Blunder),
            (100.0, MoveClass::Blunder),
        ];
        for (drop, class) in cases {
            assert_eq!(MoveClass::from_drop(drop), class, "{drop}");
        }
        for class in MoveClass::ALL {
            assert_eq!(class.to_string().parse::<MoveClass>(), Ok(class));
        }
        assert!("brilliant".parse::<MoveClass>().is_err());
    }

    #[test]
    fn move_accuracy_is_lichess_curve() {
        assert_eq!(move_accuracy(0.0), 100.0);
        assert!((move_accuracy(-5.0) - 100.0).abs() < 1e-3);
        // lichess's sample points: 5 → 75, 20 → 42, 40 → 20, 60 → 5.
        for (drop, want) in [(5.0, 79.0), (20.0, 40.5), (40.0, 15.4), (60.0, 4.0)] {
            assert!((move_accuracy(drop) - want).abs() < 1.0, "{drop}");
        }
        assert_eq!(move_accuracy(90.0), 0.0);
        let mut last = 101.0;
        for d in 0..100 {
            let a = move_accuracy(d as f64);
            assert!(a <= last);
            last = a;
        }
    }

    #[test]
    fn game_accuracy_is_the_volatility_weighted_mean() {
        // Two moves each: all perfect.
        let series = [50.0, 50.0, 50.0, 50.0, 50.0];
        let acc = [100.0; 4];
        let mine = [true, false, true, false];
        assert!((game_accuracy(&series, &acc, &mine).unwrap() - 100.0).abs() < 1e-9);
        // Equal weights (a flat series): the arithmetic mean.
        let acc = [100.0, 100.0, 20.0, 100.0];
        let got = game_accuracy(&series, &acc, &mine).unwrap();
        assert!((got - 60.0).abs() < 1e-9, "{got}");
        assert_eq!(game_accuracy(&series, &acc, &[false; 4]), None);
        assert_eq!(game_accuracy(&[50.0], &[], &[]), None);
    }

    #[test]
    fn moves_of_a_decided_game_weigh_little() {
        // Player 2 blunders once while the game is even, then is lost
        // (player 1 at 99 %) and plays on: its later moves lose almost
        // nothing. They barely lift its accuracy (an unweighted mean
        // would say 80).
        let series = [
            50.0, 50.0, 50.0, 50.0, 99.0, 99.0, 99.0, 99.0, 99.0, 99.0, 99.0,
        ];
        let acc = [
            100.0, 100.0, 100.0, 0.0, 100.0, 100.0, 100.0, 100.0, 100.0, 100.0,
        ];
        let mine: Vec<bool> = (0..10).map(|i| i % 2 == 1).collect();
        let got = game_accuracy(&series, &acc, &mine).unwrap();
        assert!(got < 20.0, "{got}");
    }

    #[test]
    fn volatile_moves_weigh_more() {
        // Player 1 plays a perfect move in a calm phase and a bad one in a
        // swinging phase: the weighted mean is below the arithmetic one.
        let series = [50.0, 50.0, 50.0, 50.0, 90.0, 10.0, 90.0];
        let acc = [100.0, 100.0, 100.0, 100.0, 30.0, 100.0];
        let mine = [true, false, true, false, true, false];
        let weights = volatility_weights(&series, acc.len());
        assert_eq!(weights.len(), 6);
        assert!(weights[4] > weights[0], "{weights:?}");
        let got = game_accuracy(&series, &acc, &mine).unwrap();
        assert!(got < 230.0 / 3.0, "{got}");
    }
}
