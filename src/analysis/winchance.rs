//! Winning chances: the reference's score (in the game's points, from the
//! side to move) turned into the side to move's chance of winning, with one
//! model per two-player game id fitted on the reference's own games, or on
//! games of the course's level where those predict held-out games better
//! ([`super::calibrate`], `arbiter winchance`).
//!
//! **The model.** The *expected result* of the side to move — its chance of
//! winning plus half its chance of a draw, as a percentage — is
//!
//! ```text
//! win(score) = 100 / (1 + exp(−scale · score))
//! ```
//!
//! with one `scale` per game id (the points of the games differ: knight
//! numbers, boxes, seeds, pegs, Blokus squares, Quatro's and 3-D noughts
//! and crosses' 100 for a won game). It is symmetric, `win(s) + win(−s) =
//! 100`: the score is the expected final margin with the side to move's
//! turn already counted, so handing the turn over with the same score
//! costs nothing and a best move never shows a drop. A *proven* score (the
//! search or an exact solver reached the end of the game) maps to 100 (a
//! win), 50 (a draw) or 0 (a loss).
//!
//! **The data.** The fitted scales and the fit quality are shipped in
//! `data/winchance.tsv` (read at compile time), refitted by `tabula
//! fit-winchance` ([`super::fit`], self-play) and `arbiter winchance`
//! (course-level games, held-out figures); `docs/analysis.md` has the
//! tables.
//!
//! ```
//! use tabula::analysis::WinModel;
//! use tabula::games::GameId;
//!
//! let model = WinModel::of(GameId::Knight);
//! assert_eq!(model.percent(0, false), 50.0);
//! assert!(model.percent(20, false) > 50.0);
//! assert_eq!(model.percent(1, true), 100.0);
//! assert_eq!(model.percent(-3, true), 0.0);
//! ```

use crate::games::GameId;
use std::fmt;
use std::sync::OnceLock;

/// The shipped models, one line per two-player game id (see
/// [`WinModel::parse_table`] for the format).
pub const SHIPPED: &str = include_str!("../../data/winchance.tsv");

/// The scale of a game missing from the shipped table (a test checks that
/// none is): at an even score one point is worth 2.5 points of win %.
pub const FALLBACK_SCALE: f64 = 0.1;

/// The node budget of a game missing from the shipped table.
pub const FALLBACK_NODES: u64 = 10_000;

/// How well a model fits: on the positions it was fitted on (`tabula
/// fit-winchance`), or on held-out games (`arbiter winchance`, the table's
/// "Made by" line says which).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FitQuality {
    /// Self-play games played.
    pub games: u64,
    /// Positions the scale was fitted on (those with an estimated, not
    /// proven, score).
    pub positions: u64,
    /// Positions with a proven score (mapped to 100/50/0, not fitted).
    pub exact: u64,
    /// Mean log-loss (natural log) of the fitted positions against their
    /// result (1, ½ or 0); a constant 50 % gives ln 2 = 0.693.
    pub log_loss: f64,
    /// Mean squared error of the expected result (a constant 50 % gives at
    /// most 0.25).
    pub brier: f64,
    /// Expected calibration error: the mean, over ten bins of the predicted
    /// chance weighted by their positions, of |mean predicted − mean
    /// result|, in points of win %.
    pub calibration: f64,
}

/// The win-chance model of one game id (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinModel {
    /// The game.
    pub game: GameId,
    /// The reference's nodes per search the scale was fitted at: the
    /// analysis's default budget for the game ([`Budget::Default`]), chosen
    /// so that a position of every game costs about the same time.
    ///
    /// [`Budget::Default`]: super::Budget::Default
    pub nodes: u64,
    /// The steepness of `win(s) = 100 / (1 + exp(−scale · s))`, positive:
    /// at an even score one point is worth `25 · scale` points of win %.
    pub scale: f64,
    /// The fit it came from (all zero for [`FALLBACK_SCALE`]).
    pub quality: FitQuality,
}

impl WinModel {
    /// The shipped model of `game` (a model with [`FALLBACK_SCALE`] for a
    /// game the table lacks, such as a puzzle).
    pub fn of(game: GameId) -> WinModel {
        shipped()
            .iter()
            .find(|m| m.game == game)
            .copied()
            .unwrap_or(WinModel {
                game,
                nodes: FALLBACK_NODES,
                scale: FALLBACK_SCALE,
                quality: FitQuality::default(),
            })
    }

    /// The side to move's winning chances (its chance of winning plus half
    /// its chance of a draw, 0–100) for its `score` (the reference's
    /// expected final margin, in the game's points); `exact`: the score is
    /// proven, and a win is 100, a draw 50, a loss 0.
    pub fn percent(&self, score: i32, exact: bool) -> f64 {
        if exact {
            return match score.signum() {
                1 => 100.0,
                -1 => 0.0,
                _ => 50.0,
            };
        }
        logistic(self.scale * f64::from(score)) * 100.0
    }

    /// The models of a table in the shipped format: `#` comments and blank
    /// lines ignored; each line `game nodes scale games positions exact
    /// log_loss brier calibration`, tab- or space-separated. Errors name
    /// the line.
    pub fn parse_table(text: &str) -> Result<Vec<WinModel>, TableError> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |why: String| TableError { line: i + 1, why };
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [game, nodes, scale, games, positions, exact, log_loss, brier, calibration] =
                fields[..]
            else {
                return Err(bad(format!("expected 9 fields, found {}", fields.len())));
            };
            let game: GameId = game.parse().map_err(|e| bad(format!("{e}")))?;
            let float = |s: &str| {
                s.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| bad(format!("'{s}' is not a number")))
            };
            let count = |s: &str| {
                s.parse::<u64>()
                    .map_err(|_| bad(format!("'{s}' is not a count")))
            };
            let scale = float(scale)?;
            if scale <= 0.0 {
                return Err(bad(format!("the scale must be positive, found {scale}")));
            }
            let nodes = count(nodes)?;
            if nodes == 0 {
                return Err(bad("the node budget must be positive".to_string()));
            }
            out.push(WinModel {
                game,
                nodes,
                scale,
                quality: FitQuality {
                    games: count(games)?,
                    positions: count(positions)?,
                    exact: count(exact)?,
                    log_loss: float(log_loss)?,
                    brier: float(brier)?,
                    calibration: float(calibration)?,
                },
            });
        }
        Ok(out)
    }

    /// The table line of this model (the format of
    /// [`WinModel::parse_table`]).
    pub fn table_line(&self) -> String {
        let q = &self.quality;
        format!(
            "{}\t{}\t{:.6}\t{}\t{}\t{}\t{:.4}\t{:.4}\t{:.2}",
            self.game,
            self.nodes,
            self.scale,
            q.games,
            q.positions,
            q.exact,
            q.log_loss,
            q.brier,
            q.calibration
        )
    }
}

/// The column names of the table, as its header comment.
pub const TABLE_HEADER: &str =
    "# game\tnodes\tscale\tgames\tpositions\texact\tlog_loss\tbrier\tcalibration";

/// A line of a win-chance table that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "win-chance table, line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for TableError {}

/// Bins of the reliability table: ten of the predicted chance.
pub const BINS: usize = 10;

/// One bin of a reliability table.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    /// Positions whose chance fell in the bin.
    pub positions: u64,
    /// Their mean predicted chance (0–1).
    pub predicted: f64,
    /// Their mean result (0–1, a draw ½).
    pub observed: f64,
}

/// How well predicted chances met the results.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Metrics {
    /// Positions scored.
    pub positions: u64,
    /// Mean log-loss (natural log; a constant 50 % gives ln 2 = 0.693).
    pub log_loss: f64,
    /// Mean squared error of the chance against the result (0.25 for a
    /// constant 50 % on decided games).
    pub brier: f64,
    /// Expected calibration error: the positions-weighted mean over the
    /// bins of |mean predicted − mean result|, in points of win %.
    pub calibration: f64,
    /// The reliability table: bin `k` holds chances in `[k/10, (k+1)/10)`.
    pub bins: [Bin; BINS],
}

impl Metrics {
    /// The metrics of `(predicted chance 0–1, result 0/½/1)` pairs (chances
    /// clamped to 10⁻⁹ from 0 and 1 for the log-loss).
    pub fn of(pairs: impl IntoIterator<Item = (f64, f64)>) -> Metrics {
        let mut m = Metrics::default();
        for (p, y) in pairs {
            let q = p.clamp(1e-9, 1.0 - 1e-9);
            m.positions += 1;
            m.log_loss -= y * q.ln() + (1.0 - y) * (1.0 - q).ln();
            m.brier += (p - y) * (p - y);
            let bin = &mut m.bins[((p * BINS as f64) as usize).min(BINS - 1)];
            bin.positions += 1;
            bin.predicted += p;
            bin.observed += y;
        }
        if m.positions == 0 {
            return m;
        }
        let n = m.positions as f64;
        m.log_loss /= n;
        m.brier /= n;
        m.calibration = m
            .bins
            .iter()
            .map(|b| (b.predicted - b.observed).abs() * 100.0)
            .sum::<f64>()
            / n;
        for b in &mut m.bins {
            if b.positions > 0 {
                b.predicted /= b.positions as f64;
                b.observed /= b.positions as f64;
            }
        }
        m
    }
}

/// The shipped models, read once (a table that does not read gives none,
/// hence fallbacks; a test reads it).
fn shipped() -> &'static [WinModel] {
    static MODELS: OnceLock<Vec<WinModel>> = OnceLock::new();
    MODELS.get_or_init(|| WinModel::parse_table(SHIPPED).unwrap_or_default())
}

/// `1 / (1 + e^−x)`.
pub(crate) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_reads_and_covers_every_two_player_game() {
        let models = WinModel::parse_table(SHIPPED).unwrap();
        for game in GameId::ALL {
            let n = models.iter().filter(|m| m.game == game).count();
            assert_eq!(n, usize::from(!game.is_puzzle()), "{game}");
        }
        for m in &models {
            assert!(m.scale > 0.0, "{m:?}");
            assert!(m.quality.positions > 0, "{m:?}");
            assert!(m.quality.log_loss < std::f64::consts::LN_2, "{m:?}");
            assert_eq!(WinModel::of(m.game), *m);
        }
    }

    #[test]
    fn every_model_is_monotone_symmetric_and_bounded() {
        for game in GameId::ALL.into_iter().filter(|g| !g.is_puzzle()) {
            let m = WinModel::of(game);
            let mut last = -1.0;
            for s in -300..=300 {
                let p = m.percent(s, false);
                assert!((0.0..=100.0).contains(&p), "{game} {s}");
                assert!(p >= last, "{game}: not monotone at {s}");
                assert!((p + m.percent(-s, false) - 100.0).abs() < 1e-9);
                last = p;
            }
            assert!(m.percent(1, false) > m.percent(0, false), "{game}");
            assert_eq!(m.percent(0, false), 50.0);
            assert_eq!(m.percent(5, true), 100.0);
            assert_eq!(m.percent(0, true), 50.0);
            assert_eq!(m.percent(-5, true), 0.0);
        }
    }

    #[test]
    fn table_lines_round_trip_and_errors_name_the_line() {
        let m = WinModel {
            game: GameId::Dots,
            nodes: 5000,
            scale: 0.25,
            quality: FitQuality {
                games: 10,
                positions: 500,
                exact: 20,
                log_loss: 0.5,
                brier: 0.17,
                calibration: 2.5,
            },
        };
        let text = format!("{TABLE_HEADER}\n\n{}\n", m.table_line());
        assert_eq!(WinModel::parse_table(&text).unwrap(), vec![m]);
        let e = WinModel::parse_table("# c\nknight 10 0.1 1 2 3\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("expected 9 fields"), "{e}");
        let e = WinModel::parse_table("chess 10 0.1 1 2 3 0.5 0.2 1\n").unwrap_err();
        assert!(e.to_string().contains("unknown game"), "{e}");
        let e = WinModel::parse_table("knight 10 -1 1 2 3 0.5 0.2 1\n").unwrap_err();
        assert!(e.to_string().contains("positive"), "{e}");
        let e = WinModel::parse_table("knight 0 1 1 2 3 0.5 0.2 1\n").unwrap_err();
        assert!(e.to_string().contains("node budget"), "{e}");
    }
}
