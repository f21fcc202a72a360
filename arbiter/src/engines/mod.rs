//! Engines: who plays. The entrants of a tournament ([`config`]), the
//! processes of external engines ([`process`]) confined by the layers of
//! [`sandbox`] as [`confine`] decides for each, the protocol seen from the
//! arbiter ([`client`]) and the in-process players ([`builtin`]).

pub(crate) mod builtin;
pub(crate) mod client;
pub(crate) mod config;
pub(crate) mod confine;
pub(crate) mod process;
pub(crate) mod sandbox;
