//! `arbiter winchance`: the win-chance models calibrated on held-out games
//! of the course's level ([`tabula::analysis::calibrate`]), read from
//! tournaments and their analyses, and the refitted table.
//!
//! Every game of the results files that ended by the rules (a fault's
//! result says nothing of the position) and was analysed gives its
//! positions: the reference's score before each move, for the side to
//! move, labelled with the game's result for that side. Games are numbered
//! per game id in file order; the split into folds is by game.

use super::analysis::Analyses;
use super::html::analysis_beside;
use super::journal;
use super::record::GameRecord;
use super::result::{Reason, Side, Winner};
use anyhow::{Context, Result};
use std::fmt::Write as _;
use std::path::PathBuf;
use tabula::analysis::calibrate::{self, Metrics, Position, Report, BINS, FOLDS};
use tabula::analysis::fit::{self, Sample};
use tabula::analysis::WinModel;
use tabula::games::GameId;

/// `arbiter winchance` options.
#[derive(clap::Args, Clone, Debug)]
pub struct WinchanceArgs {
    /// Results files (JSONL) of games at the course's level, each analysed
    /// (`arbiter analyse`, or `tournament --analyse`: the analysis beside
    /// it, `.jsonl` replaced by `.analysis.jsonl`).
    #[arg(required = true, value_name = "RESULTS")]
    pub(crate) results: Vec<PathBuf>,
    /// Write the refitted table here (such as data/winchance.tsv): each
    /// game whose course model has the lower held-out log-loss gets its
    /// course scale; the other lines are kept from the shipped table.
    #[arg(long, value_name = "FILE")]
    pub(crate) out: Option<PathBuf>,
    /// Print the reliability table (ten bins) of each game, before and
    /// after.
    #[arg(long)]
    pub(crate) bins: bool,
}

/// One game id's positions and the names of its levels.
#[derive(Default)]
struct Set {
    positions: Vec<Position>,
    levels: Vec<String>,
    games: usize,
}

/// A player's level as the tables show it: the file name of its command's
/// last word (`example_engine.py`, `builtin:tabula:depth=3`).
fn level_name(player: &str) -> String {
    let last = player.split_whitespace().last().unwrap_or(player);
    last.rsplit('/').next().unwrap_or(last).to_string()
}

/// The result of `record` for `side`: 1, ½ or 0.
fn result_for(record: &GameRecord, side: Side) -> f64 {
    match record.winner {
        Winner::Draw => 0.5,
        Winner::Side(s) if s == side => 1.0,
        Winner::Side(_) => 0.0,
    }
}

/// The positions of every analysed game of `paths` ended by the rules, per
/// game id (in the order first met).
fn read_sets(paths: &[PathBuf]) -> Result<Vec<(GameId, Set)>> {
    let mut sets: Vec<(GameId, Set)> = Vec::new();
    for path in paths {
        let checked = journal::read_checked(std::slice::from_ref(path))?;
        let beside = analysis_beside(path);
        let analyses = Analyses::load(&beside)
            .with_context(|| format!("cannot read the analysis '{}'", beside.display()))?;
        for (record, _) in &checked.records {
            let Some(review) = analyses.get(record) else {
                continue;
            };
            if record.reason != Reason::Normal {
                continue;
            }
            let Ok(game) = record.game.parse::<GameId>() else {
                continue;
            };
            let at = match sets.iter().position(|(g, _)| *g == game) {
                Some(i) => i,
                None => {
                    sets.push((game, Set::default()));
                    sets.len() - 1
                }
            };
            let set = &mut sets[at].1;
            let mut level = |name: &str| {
                let name = level_name(name);
                match set.levels.iter().position(|l| *l == name) {
                    Some(i) => i,
                    None => {
                        set.levels.push(name);
                        set.levels.len() - 1
                    }
                }
            };
            let levels = [level(&record.p1), level(&record.p2)];
            for m in &review.moves {
                set.positions.push(Position {
                    game: set.games,
                    level: levels[usize::from(m.side == Side::P2)],
                    ply: m.ply,
                    sample: Sample {
                        score: m.score_before,
                        exact: m.exact_before,
                        result: result_for(record, m.side),
                    },
                });
            }
            set.games += 1;
        }
    }
    Ok(sets)
}

/// `log-loss / Brier / calibration` of `m`.
fn cell(m: &Metrics) -> String {
    format!("{:.3} / {:.3} / {:.1}", m.log_loss, m.brier, m.calibration)
}

/// The summary table: a line per game id.
fn summary(reports: &[(GameId, Report, f64)]) -> String {
    let mut out = format!(
        "Held out by game ({FOLDS} folds); log-loss / Brier / calibration (points of win %):\n\n\
         | game | games | positions | exact | shipped scale | course scale | shipped | course | phase | chosen |\n\
         |---|---|---|---|---|---|---|---|---|---|\n"
    );
    for (game, r, shipped) in reports {
        let _ = writeln!(
            out,
            "| {game} | {} | {} | {} | {shipped:.4} | {:.4} | {} | {} | {} | {} |",
            r.games,
            r.positions,
            r.exact,
            r.course_scale,
            cell(&r.shipped),
            cell(&r.course),
            cell(&r.phase),
            if r.course_wins() { "course" } else { "shipped" },
        );
    }
    out
}

/// The per-level table of one game id.
fn per_level(game: GameId, r: &Report, levels: &[String]) -> String {
    let mut out = format!(
        "\n{game} by the level to move (held out): positions, shipped, course\n\n\
         | level | positions | shipped | course |\n|---|---|---|---|\n"
    );
    for (l, shipped, course) in &r.levels {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} |",
            levels[*l],
            shipped.positions,
            cell(shipped),
            cell(course)
        );
    }
    out
}

/// The reliability table of one game id: per bin, positions, mean chance
/// and mean result, shipped and course.
fn reliability(game: GameId, r: &Report) -> String {
    let mut out = format!(
        "\n{game} reliability (held out): bin, then positions mean-chance→mean-result, shipped | course\n\n\
         | bin | shipped | course |\n|---|---|---|\n"
    );
    let show = |b: &calibrate::Bin| {
        if b.positions == 0 {
            "-".to_string()
        } else {
            format!(
                "{} {:.1}→{:.1}",
                b.positions,
                b.predicted * 100.0,
                b.observed * 100.0
            )
        }
    };
    for k in 0..BINS {
        let _ = writeln!(
            out,
            "| {}–{} | {} | {} |",
            k * 100 / BINS,
            (k + 1) * 100 / BINS,
            show(&r.shipped.bins[k]),
            show(&r.course.bins[k])
        );
    }
    out
}

/// The model a refitted table ships for `game`.
fn refitted(game: GameId, r: &Report) -> WinModel {
    let shipped = WinModel::of(game);
    WinModel {
        scale: r.course_scale,
        quality: tabula::analysis::FitQuality {
            games: r.games as u64,
            positions: r.positions,
            exact: r.exact,
            log_loss: r.course.log_loss,
            brier: r.course.brier,
            calibration: r.course.calibration,
        },
        ..shipped
    }
}

/// Runs `arbiter winchance`: the tables on standard output, the table on
/// `--out`.
pub fn run(args: &WinchanceArgs) -> Result<std::process::ExitCode> {
    let sets = read_sets(&args.results)?;
    if sets.is_empty() {
        anyhow::bail!("no analysed game ended by the rules in the results files");
    }
    let mut reports = Vec::new();
    for (game, set) in &sets {
        let game = *game;
        let shipped = WinModel::of(game).scale;
        let report = calibrate::calibrate(&set.positions, shipped, set.levels.len());
        reports.push((game, report, shipped));
    }
    print!("{}", summary(&reports));
    for ((game, r, _), (_, set)) in reports.iter().zip(&sets) {
        print!("{}", per_level(*game, r, &set.levels));
        if args.bins {
            print!("{}", reliability(*game, r));
        }
    }
    if let Some(out) = &args.out {
        let models: Vec<WinModel> = reports
            .iter()
            .filter(|(_, r, _)| r.course_wins())
            .map(|(g, r, _)| refitted(*g, r))
            .collect();
        let kept = WinModel::parse_table(tabula::analysis::winchance::SHIPPED)?;
        let files: Vec<String> = args
            .results
            .iter()
            .map(|p| {
                p.file_name()
                    .map_or(p.display().to_string(), |n| n.to_string_lossy().into())
            })
            .collect();
        let command = format!(
            "arbiter winchance {} (course-level games, held-out log-loss by game; \
             the games/positions/quality columns of those lines are held out; \
             other lines: tabula fit-winchance --games 200 --seed 1)",
            files.join(" ")
        );
        std::fs::write(out, fit::table(&models, &kept, &command))
            .with_context(|| format!("cannot write '{}'", out.display()))?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_named_by_their_commands_file() {
        assert_eq!(
            level_name("python3 /w/adapters/python/example_engine.py"),
            "example_engine.py"
        );
        assert_eq!(
            level_name("builtin:tabula:depth=3"),
            "builtin:tabula:depth=3"
        );
    }
}
