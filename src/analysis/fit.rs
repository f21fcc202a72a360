//! Fitting the win-chance models (`tabula fit-winchance`): the reference
//! plays itself from seeded random starts of each two-player game, every
//! position it searched is labelled with the game's final result for the
//! side to move there (1 win, ½ draw, 0 loss), and the scale of
//! [`WinModel`] is fitted by maximum likelihood on the positions whose
//! score is an estimate (proven scores are mapped to 100/50/0, not fitted).
//!
//! The reference searches both sides with the analysis's node budget, one
//! searcher reset before each game, exactly as [`super::Analyser`] searches
//! a position; games are spread over threads, and the result does not
//! depend on their number.
//!
//! The fit minimises the log-loss `−Σ [y ln p + (1 − y) ln(1 − p)]`, `p =
//! 1 / (1 + exp(−scale · score))`, over the positions and a weak prior
//! ([`PRIOR`]): convex in the scale, its derivative `Σ (p − y) · score`
//! grows with the scale, so bisection on it finds the optimum.
//!
//! ```
//! use tabula::analysis::fit::{fit, Sample};
//!
//! // Positions scored +10 are won 3 times in 4, those scored −10 lost so.
//! let mut samples = Vec::new();
//! for result in [1.0, 1.0, 1.0, 0.0].repeat(25) {
//!     samples.push(Sample { score: 10, exact: false, result });
//!     samples.push(Sample { score: -10, exact: false, result: 1.0 - result });
//! }
//! let (scale, _quality) = fit(&samples);
//! // 1 / (1 + e^(−10 s)) = 3/4 at s = ln 3 / 10 (the prior's two draws
//! // pull it a little towards 0).
//! assert!(scale < 3f64.ln() / 10.0 && scale > 0.9 * 3f64.ln() / 10.0);
//! ```

use super::winchance::{logistic, FitQuality, Metrics, WinModel, TABLE_HEADER};
use crate::game::Outcome;
use crate::games::{GameId, GameSetup};
use crate::search::{Evaluate, Limits, Searcher};
use crate::with_game;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// The prior of the fit: this many draws added at + and at − the mean
/// |score| of the estimated positions. Negligible beside thousands of
/// positions, it keeps the scale finite when the scores separate wins from
/// losses perfectly (3-D noughts and crosses: every estimated score is a
/// win or a loss found, ±90 or ±100), where the likelihood alone grows
/// without bound.
pub const PRIOR: usize = 1;

/// One searched position of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The reference's score for the side to move (game points).
    pub score: i32,
    /// The score is proven.
    pub exact: bool,
    /// The game's result for the side to move: 1, 0.5 or 0.
    pub result: f64,
}

/// What `tabula fit-winchance` does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FitOptions {
    /// Self-play games per game id (start `i` from seed `seed + i`).
    pub games: u32,
    /// The reference's nodes per move; `None`: each game's analysis
    /// budget, [`WinModel::nodes`] of the shipped table.
    pub nodes: Option<u64>,
    /// Seed of the first start.
    pub seed: u64,
    /// Threads playing the games.
    pub threads: usize,
    /// The game ids to fit (two-player games).
    pub ids: Vec<GameId>,
}

impl Default for FitOptions {
    fn default() -> FitOptions {
        FitOptions {
            games: 100,
            nodes: None,
            seed: 1,
            threads: 2,
            ids: two_player_games(),
        }
    }
}

/// The two-player game ids of the registry.
pub fn two_player_games() -> Vec<GameId> {
    GameId::ALL.into_iter().filter(|g| !g.is_puzzle()).collect()
}

/// Transposition table of the self-play searcher (MiB), as the analyser's.
const HASH_MIB: usize = super::game::DEFAULT_HASH_MIB;

/// The searched positions of the reference's self-play game from `start`
/// (the searcher is reset first), labelled with the result.
pub fn self_play<G: Evaluate>(start: &G, searcher: &mut Searcher, nodes: u64) -> Vec<Sample> {
    searcher.reset();
    let limits = Limits {
        nodes: Some(nodes.max(1)),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut pos = *start;
    let mut seen = Vec::new();
    while !pos.is_over() {
        let out = searcher.search(&pos, &limits, &stop, &mut |_| {});
        let Some(mv) = out.best else {
            break;
        };
        seen.push((pos.side_to_move(), out.score, out.exact));
        pos.play_unchecked(mv);
    }
    let outcome = pos.outcome();
    seen.into_iter()
        .map(|(side, score, exact)| Sample {
            score,
            exact,
            result: match outcome {
                Some(Outcome::Win(p)) if p == side => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            },
        })
        .collect()
}

/// The samples of `games` self-play games of `setup`'s game (starts from
/// seeds `seed`, `seed + 1`, …) on `threads` threads, in game order.
pub fn samples(
    setup: &GameSetup,
    games: u32,
    nodes: u64,
    seed: u64,
    threads: usize,
) -> Vec<Sample> {
    let per_game = crate::pool::run_with(
        games as usize,
        threads,
        || false,
        || Searcher::new(HASH_MIB),
        |searcher, i| {
            let start = setup.random(seed + i as u64);
            start.map(|start| with_game!(start, p => self_play(&p, searcher, nodes)))
        },
        drop,
    );
    let mut samples = Vec::new();
    for (i, game) in per_game.into_iter().enumerate() {
        match game {
            Some(Ok(Some(found))) => samples.extend(found),
            // Told, never left out in silence: the fit counts the games it has.
            Some(Ok(None)) => {
                log::warn!("self-play game {i}: no board from seed {}", seed + i as u64)
            }
            Some(Err(_)) => log::warn!("self-play game {i} failed (a bug: see the log); left out"),
            None => {}
        }
    }
    samples
}

/// The scale of the estimated samples that maximises their likelihood
/// with [`PRIOR`], and the fit's quality on the samples (its `games` left
/// 0 for the caller).
pub fn fit(samples: &[Sample]) -> (f64, FitQuality) {
    let mut estimated: Vec<Sample> = samples.iter().filter(|s| !s.exact).copied().collect();
    let typical = estimated
        .iter()
        .map(|s| f64::from(s.score).abs())
        .sum::<f64>()
        / estimated.len().max(1) as f64;
    let typical = typical.round().max(1.0) as i32;
    for score in [typical, -typical] {
        for _ in 0..PRIOR {
            estimated.push(Sample {
                score,
                exact: false,
                result: 0.5,
            });
        }
    }
    // The derivative of the log-loss in the scale, increasing.
    let slope = |scale: f64| -> f64 {
        estimated
            .iter()
            .map(|s| {
                let x = f64::from(s.score);
                (logistic(scale * x) - s.result) * x
            })
            .sum()
    };
    let (mut lo, mut hi) = (1e-6f64.ln(), 10f64.ln());
    let scale = if slope(lo.exp()) >= 0.0 {
        lo.exp()
    } else if slope(hi.exp()) <= 0.0 {
        hi.exp()
    } else {
        for _ in 0..100 {
            let mid = (lo + hi) / 2.0;
            if slope(mid.exp()) < 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        ((lo + hi) / 2.0).exp()
    };
    (scale, quality(samples, scale))
}

/// How well `scale` fits `samples` (see [`FitQuality`]).
pub fn quality(samples: &[Sample], scale: f64) -> FitQuality {
    let m = Metrics::of(
        samples
            .iter()
            .filter(|s| !s.exact)
            .map(|s| (logistic(scale * f64::from(s.score)), s.result)),
    );
    FitQuality {
        games: 0,
        positions: m.positions,
        exact: samples.iter().filter(|s| s.exact).count() as u64,
        log_loss: m.log_loss,
        brier: m.brier,
        calibration: m.calibration,
    }
}

/// Fits every game of `options`, reporting each on `progress` as it is
/// done; the models in the order of `options.ids` (puzzles skipped).
pub fn run(options: &FitOptions, progress: &mut dyn FnMut(&WinModel, f64)) -> Vec<WinModel> {
    let mut models = Vec::new();
    for &game in options.ids.iter().filter(|g| !g.is_puzzle()) {
        let clock = Instant::now();
        let nodes = options.nodes.unwrap_or(WinModel::of(game).nodes).max(1);
        let found = samples(
            &GameSetup::new(game),
            options.games,
            nodes,
            options.seed,
            options.threads,
        );
        let (scale, mut quality) = fit(&found);
        quality.games = u64::from(options.games);
        let model = WinModel {
            game,
            nodes,
            scale,
            quality,
        };
        progress(&model, clock.elapsed().as_secs_f64());
        models.push(model);
    }
    models
}

/// The table of `models` in the shipped format, with `command` (how it was
/// made) in its header; the lines of `kept` for games `models` lacks come
/// first in registry order with the others.
pub fn table(models: &[WinModel], kept: &[WinModel], command: &str) -> String {
    let mut out = String::new();
    out.push_str(
        "# The win-chance models of the analysis (docs/analysis.md): for each two-player\n\
         # game, the side to move's winning chances (win + draw / 2) are\n\
         # 100 / (1 + exp(-scale * score)), score in the game's points.\n",
    );
    out.push_str(&format!("# Made by: {command}\n"));
    out.push_str(TABLE_HEADER);
    out.push('\n');
    for game in GameId::ALL {
        let line = models
            .iter()
            .chain(kept)
            .find(|m| m.game == game)
            .map(WinModel::table_line);
        if let Some(line) = line {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_finds_a_known_scale() {
        // Results drawn from a logistic of scale 0.2, deterministically:
        // at each score the share of wins is the model's.
        let mut samples = Vec::new();
        for score in -20..=20 {
            let p = logistic(0.2 * f64::from(score));
            let wins = (p * 1000.0).round() as usize;
            for i in 0..1000 {
                let result = if i < wins { 1.0 } else { 0.0 };
                samples.push(Sample {
                    score,
                    exact: false,
                    result,
                });
            }
        }
        samples.push(Sample {
            score: 50,
            exact: true,
            result: 0.0,
        });
        let (scale, q) = fit(&samples);
        assert!((scale - 0.2).abs() < 2e-3, "{scale}");
        assert_eq!((q.positions, q.exact), (41_000, 1));
        assert!(q.calibration < 0.5, "{q:?}");
        assert!(q.log_loss < std::f64::consts::LN_2);
        assert!(q.brier < 0.25);
    }

    #[test]
    fn separated_scores_get_a_finite_scale() {
        let mut samples = Vec::new();
        for _ in 0..300 {
            samples.push(Sample {
                score: 90,
                exact: false,
                result: 1.0,
            });
            samples.push(Sample {
                score: -100,
                exact: false,
                result: 0.0,
            });
        }
        let (scale, _) = fit(&samples);
        let p = logistic(scale * 95.0);
        assert!(p > 0.99 && p < 0.999, "{scale} {p}");
    }

    #[test]
    fn self_play_labels_each_position_for_its_mover() {
        use crate::game::Game;
        let start = crate::games::Dots::from_fen("dots 2x2 00/00/00 00/00/00 1 0 0").unwrap();
        let mut searcher = Searcher::new(1);
        let found = self_play(&start, &mut searcher, 5_000);
        assert!(found.len() >= 12);
        // Solved: every proven score agrees with the result it labels.
        for s in found.iter().filter(|s| s.exact) {
            let want = match s.score.signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            };
            assert_eq!(s.result, want, "{s:?}");
        }
        assert_eq!(found, self_play(&start, &mut searcher, 5_000));
    }

    #[test]
    fn tables_keep_other_games_and_read_back() {
        let m = |game, scale| WinModel {
            game,
            nodes: 100,
            scale,
            quality: FitQuality {
                positions: 1,
                ..FitQuality::default()
            },
        };
        let text = table(
            &[m(GameId::Quatro, 0.05)],
            &[m(GameId::Knight, 0.1), m(GameId::Quatro, 9.0)],
            "tabula fit-winchance --only quatro",
        );
        let back = WinModel::parse_table(&text).unwrap();
        assert_eq!(back, vec![m(GameId::Knight, 0.1), m(GameId::Quatro, 0.05)]);
        assert!(text.contains("# Made by: tabula fit-winchance --only quatro"));
    }
}
