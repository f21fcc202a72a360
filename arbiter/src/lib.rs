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
//! - [`limits`]: the range of every number given, the largest plan;
//!   [`params`]: the game's parameters (`--param`).
//! - [`journal`], [`stats`], [`report`]: results file, Elo/LOS, tables;
//!   [`html`]: the tournament as a web page with a replay of every game.
//! - [`sandbox`]: confinement of untrusted engines (bubblewrap, cgroups).
//! - [`signals`]: what Ctrl-C and SIGTERM do; [`out`](mod@out): printing that a
//!   broken pipe cannot stop.

pub mod check;
pub mod engines;
pub mod limits;
pub mod out;
pub mod params;
pub mod play;
pub mod results;
pub mod run;
pub mod signals;

// The modules' paths before the rooms (`crate::config`, …), kept while the
// code moves in.
pub use engines::{builtin, client, config, process, sandbox};
pub use play::{clock, game, human};
pub use results::{board_view, html, journal, report, result, sprt, stats};
pub use run::{boards, shard, tournament, verify};
