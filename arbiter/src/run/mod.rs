//! Run: many games. The schedule ([`plan`]) on its start boards
//! ([`boards`]), played by workers ([`tournament`]) that tell what happens
//! as [`events`] to [`sinks`] (journal, progress bar, live page, SPRT);
//! what a journal already holds ([`resume`]) and what of it is trusted
//! ([`verify`]); shards over several machines ([`shard`]); games analysed
//! by the reference ([`analyse`]: `arbiter analyse`, `--analyse`); a
//! Swiss paired by rating, which ranks a class in games linear in its size
//! ([`pairing`]), and its measure by simulation ([`simulate`]).

pub(crate) mod analyse;
pub(crate) mod boards;
pub(crate) mod command;
pub(crate) mod events;
pub(crate) mod flags;
pub(crate) mod pairing;
pub(crate) mod plan;
pub(crate) mod resume;
pub(crate) mod shard;
pub(crate) mod simulate;
pub(crate) mod sinks;
pub(crate) mod tournament;
pub(crate) mod verify;
