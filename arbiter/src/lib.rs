//! The Tabula arbiter: plays engines against each other under the rules of
//! the `tabula` library, which validates every move (an engine is never
//! trusted), enforces time, adjudicates faults and runs resumable
//! tournaments.
//!
//! - [`config`]: entrants from the command line or a TOML/JSON file.
//! - [`process`]: engine processes (process groups, rlimits, kill and reap).
//! - [`client`]: the protocol seen from the arbiter, every wait with a deadline.
//! - [`builtin`]: in-process players (`random`, `greedy`, `tabula`).
//! - [`clock`]: time controls and clocks.
//! - [`game`]: the game loop and the results line; [`result`]: its
//!   winner, reason and offender.
//! - [`tournament`]: schedule, workers, journal and resume; [`boards`]:
//!   balanced start boards and the shipped board sets.
//! - [`check`]: a self-test of one engine, for students.
//! - [`human`], [`board_view`]: `arbiter play`, a person against an engine.
//! - [`verify`]: what resume checks of a journal (replayed by the rules).
//! - [`limits`]: the range of every number given, the largest plan.
//! - [`journal`], [`stats`], [`report`]: results file, Elo/LOS, tables;
//!   [`html`]: the tournament as a web page with a replay of every game.
//! - [`sandbox`]: confinement of untrusted engines (bubblewrap, cgroups).
//! - [`signals`]: what Ctrl-C and SIGTERM do; [`out`](mod@out): printing that a
//!   broken pipe cannot stop.

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
pub use play::game::{GameRecord, Settings};
pub use play::human::{run as play_command, PlayArgs};
pub use results::html::{
    load_journals, run as report_command, title as page_title, write as write_page, Live,
    PageInfo, ReportArgs,
};
pub use results::report::{
    full_report, plan_listing, plural, rewrite_journal, rewrite_records, sprt_lines,
    write_summary,
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
