//! Engines: who plays. The entrants of a tournament ([`config`]), the
//! processes of external engines ([`process`], confined by [`sandbox`]), the
//! protocol seen from the arbiter ([`client`]) and the in-process players
//! ([`builtin`]).

pub mod builtin;
pub mod client;
pub mod config;
pub mod process;
pub mod sandbox;
