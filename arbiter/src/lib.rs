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

pub mod board_view;
pub mod boards;
pub mod builtin;
pub mod check;
pub mod client;
pub mod clock;
pub mod config;
pub mod game;
pub mod html;
pub mod human;
pub mod journal;
pub mod limits;
pub mod out;
pub mod params;
pub mod process;
pub mod report;
pub mod result;
pub mod sandbox;
pub mod shard;
pub mod signals;
pub mod sprt;
pub mod stats;
pub mod tournament;
pub mod verify;
