//! The Tabula arbiter: plays engines against each other under the rules of
//! the `tabula` library, which validates every move (an engine is never
//! trusted), enforces time, adjudicates faults and runs resumable
//! tournaments.
//!
//! The code lives in rooms, from the bottom up (a room uses only the rooms
//! above it in this list; `.ci/module-cycles.py` checks it):
//!
//! - `out.rs`, `signals.rs`, `limits.rs`: printing that a broken pipe cannot
//!   stop, what Ctrl-C and SIGTERM do, the range of every number given.
//! - `engines/`: who plays. Entrants from the command line or a TOML/JSON
//!   file (`config.rs`), engine processes (`process.rs`), confined by
//!   `sandbox/` (bubblewrap, cgroups, seccomp), the protocol seen from the
//!   arbiter with a deadline on every wait (`client.rs`), the in-process
//!   players `random`, `greedy`, `tabula` (`builtin.rs`).
//! - `results/`: what a game leaves and how it is shown. Winner, reason and
//!   offender (`result.rs`), the results journal (`journal.rs`), Elo, LOS
//!   and standings (`stats.rs`), the sequential test (`sprt.rs`), terminal
//!   tables, summaries and game records (`report.rs`), the web page with a
//!   replay of every game (`html/`), boards drawn as text (`board_view.rs`).
//! - `play/`: one game. The game loop refereed by the rules and its record
//!   (`game.rs`), clocks (`clock.rs`), a person at a terminal against an
//!   engine (`human.rs`, `arbiter play`).
//! - `run/`: many games. Tournaments: schedule, workers, resume
//!   (`tournament.rs`), start boards and `arbiter boards` (`boards.rs`),
//!   shards over several machines and `arbiter merge` (`shard.rs`), what
//!   resume trusts of a journal (`verify.rs`).
//! - `check/`: `arbiter check`, a self-test of one engine, for students.
//!
//! The binary (`main.rs`) parses the command line and calls what this file
//! re-exports; nothing else is public.

#![warn(unreachable_pub)]

mod check;
mod engines;
pub mod limits;
pub mod out;
mod play;
mod results;
mod run;
pub mod signals;

pub use check::{run as check_command, CheckOptions, Verdict};
pub use engines::client::{Engine, Timeouts};
pub use engines::config::{dedup_names, load_file as load_engines, Entrant, ExternalSpec, Kind};
pub use engines::process::become_subreaper;
pub use engines::sandbox::{Mode as SandboxMode, SandboxArgs};
pub use play::clock::TimeControl;
pub use play::game::Settings;
pub use play::human::{run as play_command, PlayArgs};
pub use results::html::{
    load_journals, run as report_command, title as page_title, write as write_page, Live, PageInfo,
    ReportArgs,
};
pub use results::record::GameRecord;
pub use results::report::{
    full_report, plan_listing, plural, rewrite_journal, rewrite_records, sprt_lines, write_summary,
};
pub use results::result::OnReplaced;
pub use results::sprt::{Sprt, Watch as SprtWatch};
pub use results::stats::{standings, Scoring, Standing};
pub use run::boards::{run as boards_command, source as board_source, BoardSet, BoardsArgs};
pub use run::shard::{merge as merge_shards, with_shard, Shard};
pub use run::tournament::{
    first_plan, play as play_tournament, run as run_plan, Boards, Format, Plan, RunOptions,
    RunResult, Setup,
};
