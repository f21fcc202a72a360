//! The Tabula arbiter: plays engines against each other under the rules of
//! the `tabula` library, which validates every move (an engine is never
//! trusted), enforces time, adjudicates faults and runs resumable
//! tournaments.
//!
//! The code lives in rooms, from the bottom up: a room uses only the rooms
//! above it in this list (`.ci/module-cycles.py` checks that no two rooms,
//! and no two files of a room, use each other):
//!
//! - `out.rs`, `signals.rs`, `limits.rs`, `paths.rs`, `names.rs`,
//!   `params.rs`, `i18n.rs`: printing that a broken pipe cannot stop (and
//!   `plural`), what Ctrl-C and SIGTERM do, the range of every number given,
//!   the files given (inputs that are regular files, outputs that are none of
//!   the inputs), names from outside (escaped when shown, shortened for a
//!   file name, defused in a CSV cell), the game's parameters (`--param
//!   NAME=VALUE`, `--dots-size`), words for people in their language through
//!   Fluent (`arbiter/locales/`: the check's findings, the pages); one
//!   work pool with one panic policy (`pool.rs`).
//! - `lisp/`: Common Lisp as students' sources are read: the tokens,
//!   streaming (`reader.rs`), and the data, one top-level form at a time
//!   (`form.rs`), shared by the copy check and the grading.
//! - `engines/`: who plays. Entrants from the command line or a TOML/JSON
//!   file (`config.rs`), engine processes (`process.rs`), the sandbox's
//!   layers (`sandbox/`: bubblewrap, cgroups, seccomp) and which engine gets
//!   them (`confine.rs`), the protocol seen from the arbiter with a deadline
//!   on every wait (`client.rs`), the in-process players `random`, `greedy`,
//!   `tabula` (`builtin.rs`).
//! - `results/`: what a game leaves and how it is shown. The results line
//!   and its key (`record.rs`), winner, reason and offender (`result.rs`),
//!   the results journal (`journal.rs`), Elo, LOS and standings
//!   (`stats.rs`), the sequential test (`sprt.rs`), terminal tables,
//!   summaries and game records (`report.rs`), the web page with a replay of
//!   every game (`html/`), boards drawn as text (`board_view.rs`), the
//!   analysis file and each entrant's accuracy (`analysis.rs`), one rating
//!   over every game (`rating.rs`).
//! - `play/`: one game. The game loop refereed by the rules (`game.rs`),
//!   clocks (`clock.rs`), a person at a terminal against an engine
//!   (`human.rs`, `arbiter play`).
//! - `run/`: many games. The schedule, Swiss pairings and fingerprint
//!   (`plan.rs`), start boards and `arbiter boards` (`boards.rs`), the
//!   workers and the rounds (`tournament.rs`), which tell what happens as
//!   events (`events.rs`) to sinks: journal, progress bar, live page, SPRT
//!   (`sinks.rs`); resume (`resume.rs`) and what it trusts (`verify.rs`),
//!   shards over several machines and `arbiter merge` (`shard.rs`), the
//!   reference's analysis of the games (`analyse.rs`: `arbiter analyse` and
//!   the `--analyse` sink).
//! - `check/`: `arbiter check`, a self-test of one engine, for students.
//! - `similarity/`: `arbiter similarity`, copied work: engines that choose
//!   the same moves far more often than chance (`behaviour.rs`), sources
//!   that share winnowed fingerprints of normalised tokens (`source/`), the
//!   CSV and the page with the matched fragments (`page.rs`).
//! - `grade/`: `arbiter grade`, a teacher's season in one command: the
//!   shared types (`mod.rs`), the download's intake with limits
//!   (`intake.rs`), each submission recognised and its Lisp description
//!   written (`recognise/`), the checks at the season's clock (`checks.rs`),
//!   who plays and the teacher's overrides (`admission.rs`), the
//!   championship's design and its resume by pairing (`championship.rs`),
//!   the copy check (`copies.rs`), the evidence from the championship and
//!   its rating (`evidence.rs`), the rubric (`rubric.rs`), `grades.csv` and
//!   `evidence.csv` (`csv.rs`), the pages from templates (`page.rs`): each
//!   student's (`feedback.rs`) and the teacher's (`teacher.rs`), and the
//!   steps in order (`season.rs`).
//!
//! One tournament, top to bottom: `run/command.rs` turns the command line
//! (`run/flags.rs`, parsed by `main.rs`) into a [`Setup`] and
//! [`RunOptions`]; [`play_tournament`] plans it (`plan.rs`) and
//! runs each plan (`tournament.rs`): resume, then workers play boards
//! (`play/game.rs`, with `engines/`), each finished [`GameRecord`] told to
//! the sinks; `run/command.rs` prints the standings (`results/report.rs`) and
//! writes the files asked for.
//!
//! The binary (`main.rs`, with `bench.rs`) and the tests use what this file
//! re-exports and the modules `limits`, `out`, `paths` and `signals`;
//! nothing else is public.

#![warn(unreachable_pub)]

mod check;
mod engines;
mod grade;
mod i18n;
pub mod limits;
mod lisp;
mod names;
pub mod out;
mod params;
pub mod paths;
mod play;
mod results;
mod run;
pub mod signals;
mod similarity;
mod table;

pub use check::command::{run as check_command, CheckArgs};
pub use check::{run as check_engine, CheckOptions, Verdict};
pub use engines::client::{Engine, Timeouts};
pub use engines::config::{dedup_names, load_file as load_engines, Entrant, ExternalSpec, Kind};
pub use engines::process::become_subreaper;
pub use engines::sandbox::{Mode as SandboxMode, SandboxArgs};
#[doc(hidden)]
pub use grade::sample::write_sample_feedback;
pub use grade::season::{run as grade_command, GradeArgs};
pub use params::ParamArgs;
pub use play::clock::TimeControl;
pub use play::game::Settings;
pub use play::human::{run as play_command, PlayArgs};
pub use results::analysis::{table as analysis_table, Analyses};
pub use results::calibration::{run as winchance_command, WinchanceArgs};
pub use results::html::{
    load_journals, run as report_command, title as page_title, write as write_page, Live, PageInfo,
    ReportArgs, Similarity,
};
pub use results::record::GameRecord;
pub use results::report::{
    fault_counts, full_report, rewrite_journal, rewrite_records, set_wide, sprt_lines,
    write_summary,
};
pub use results::result::OnReplaced;
pub use results::sprt::{Sprt, Watch as SprtWatch};
pub use results::stats::{standings, Scoring, Standing};
pub use run::analyse::{run_command as analyse_command, AnalyseArgs, AnalyseFlags, AnalyseOptions};
pub use run::boards::{
    run as boards_command, source as board_source, BoardSet, Boards, BoardsArgs,
};
pub use run::command::{
    demo_command, match_command, merge_command, plan_command, tournament_command,
};
pub use run::flags::{MatchArgs, MergeArgs, PlanArgs, TournamentArgs};
pub use run::plan::{first_plan, Format, Plan, Setup};
pub use run::shard::{merge as merge_shards, with_shard, Shard};
pub use run::simulate::{
    trials as simulate_season, Class as SimulatedClass, Design as PairingDesign,
};
pub use run::tournament::{play as play_tournament, run as run_plan, RunOptions, RunResult};
pub use similarity::bench::{run as bench_similarity, BenchSimilarityArgs};
pub use similarity::{run as similarity_command, SimilarityArgs};
