//! The course's results table: every problem × algorithm × heuristic, in
//! Markdown and CSV (`tabula report`). BFS and DFS ignore heuristics and run
//! once per problem.

use crate::games::GameId;
use crate::problems::ProblemSet;
use crate::puzzle::{Algorithm, LimitKind, NoSolutionReason, Run, SolveOptions, SolveOutcome};
use crate::solve::run;
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

/// One line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub game: GameId,
    pub problem: String,
    pub run: Run,
}

/// The heuristic names of a puzzle game.
pub fn heuristic_names(game: GameId) -> Vec<&'static str> {
    crate::solve::heuristics(game)
        .iter()
        .map(|h| h.name)
        .collect()
}

/// The runs of a report, in order: `(problem, algorithm, heuristic)`.
/// `heuristics` empty = every heuristic of the game; unknown names are
/// skipped for games that lack them (and reported as an error when no game
/// has them).
pub fn plan(
    set: &ProblemSet,
    algorithms: &[Algorithm],
    heuristics: &[String],
) -> Result<Vec<(String, Algorithm, Option<String>)>, String> {
    let known = heuristic_names(set.game());
    let chosen: Vec<String> = if heuristics.is_empty() {
        known.iter().map(|s| s.to_string()).collect()
    } else {
        for h in heuristics {
            if !known.iter().any(|k| k.eq_ignore_ascii_case(h)) {
                return Err(format!(
                    "report: unknown heuristic '{h}' for {} (expected one of: {})",
                    set.game(),
                    known.join(", ")
                ));
            }
        }
        heuristics.to_vec()
    };
    let mut runs = Vec::new();
    for (name, _, _) in set.entries() {
        for &a in algorithms {
            if a.informed() {
                for h in &chosen {
                    runs.push((name.clone(), a, Some(h.clone())));
                }
            } else {
                runs.push((name.clone(), a, None));
            }
        }
    }
    Ok(runs)
}

/// Runs the plan; `progress` is called after each run with the row.
pub fn run_all(
    set: &ProblemSet,
    plan: &[(String, Algorithm, Option<String>)],
    base: &SolveOptions,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(&Row),
) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    for (name, algorithm, heuristic) in plan {
        let (_, _, pos) = set
            .find(name)
            .ok_or_else(|| format!("report: no problem '{name}'"))?;
        let mut opts = base.clone();
        opts.algorithm = Some(*algorithm);
        opts.heuristic = heuristic.clone();
        let r = run(&pos, &opts, stop, &mut |_| {}).map_err(|e| e.to_string())?;
        let row = Row {
            game: set.game(),
            problem: name.clone(),
            run: r,
        };
        progress(&row);
        rows.push(row);
    }
    Ok(rows)
}

struct Cells {
    result: &'static str,
    /// The limit that ended a run without a solution (`nosolution reason
    /// limit`).
    limit: Option<LimitKind>,
    depth: String,
    score: String,
    p: String,
    b: String,
    moves: String,
}

fn cells(r: &Run) -> Cells {
    match &r.outcome {
        SolveOutcome::Solution { score, moves, .. } => {
            let d = moves.len() as u32;
            Cells {
                result: "solved",
                limit: None,
                depth: d.to_string(),
                score: score.to_string(),
                p: format!("{:.6}", r.stats.penetrance(d)),
                b: format!("{:.4}", r.stats.ebf(d)),
                moves: moves.join(" "),
            }
        }
        SolveOutcome::NoSolution { reason, best, .. } => Cells {
            result: reason.as_str(),
            limit: r.limit.filter(|_| *reason == NoSolutionReason::Limit),
            depth: "-".into(),
            score: best.map_or("-".into(), |b| b.to_string()),
            p: "-".into(),
            b: "-".into(),
            moves: String::new(),
        },
    }
}

fn heuristic_cell(r: &Run) -> (String, &'static str) {
    match r.heuristic {
        Some(h) => (h.name.to_string(), if h.admissible { "yes" } else { "no" }),
        None => ("-".into(), "-"),
    }
}

/// The Markdown table.
pub fn markdown(rows: &[Row]) -> String {
    let mut out = String::from(
        "# Puzzle results\n\n\
         L: depth of the solution (moves); score: the solution's score, or the best \
         score generated when there is none; T: nodes generated (root included); \
         E: nodes expanded; P = L / T (penetrance); B: effective branching factor, \
         B + B² + … + B^L = T; result `exhausted`: the target is proved unreachable, \
         `limit (…)`: a limit stopped the run. BFS and DFS ignore heuristics.\n\n",
    );
    out.push_str(
        "| game | problem | target | algorithm | heuristic | admissible | goal test | result | \
         L | score | T | E | P | B | time ms | peak memory B | solution |\n",
    );
    out.push_str(
        "|---|---|---:|---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for row in rows {
        let r = &row.run;
        let c = cells(r);
        let (h, adm) = heuristic_cell(r);
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | {} | {}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            row.game,
            row.problem,
            r.target,
            r.algorithm,
            h,
            adm,
            r.algorithm.goal_test(),
            c.result,
            c.limit.map_or(String::new(), |l| format!(" ({l})")),
            c.depth,
            c.score,
            r.stats.generated,
            r.stats.expanded,
            c.p,
            c.b,
            r.stats.time_ms(),
            r.stats.peak_memory,
            c.moves
        );
    }
    out
}

/// The CSV table (same columns; the solution's moves separated by spaces).
pub fn csv(rows: &[Row]) -> String {
    let mut out = String::from(
        "game,problem,target,algorithm,heuristic,admissible,goal_test,result,limit,depth,score,\
         generated,expanded,penetrance,ebf,time_ms,peak_memory_bytes,peak_frontier,solution\n",
    );
    for row in rows {
        let r = &row.run;
        let c = cells(r);
        let (h, adm) = heuristic_cell(r);
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            row.game,
            row.problem,
            r.target,
            r.algorithm,
            h,
            adm,
            r.algorithm.goal_test(),
            c.result,
            c.limit.map_or("-", LimitKind::as_str),
            c.depth,
            c.score,
            r.stats.generated,
            r.stats.expanded,
            c.p,
            c.b,
            r.stats.time_ms(),
            r.stats.peak_memory,
            r.stats.peak_frontier,
            c.moves
        );
    }
    out
}
