//! Run: many games. The schedule ([`plan`]) on its start boards
//! ([`boards`]), played by workers ([`tournament`]) that tell what happens
//! as [`events`] to [`sinks`] (journal, progress bar, live page, SPRT);
//! what a journal already holds ([`resume`]) and what of it is trusted
//! ([`verify`]); shards over several machines ([`shard`]); games analysed
//! by the reference ([`analyse`]: `arbiter analyse`, `--analyse`).

pub(crate) mod analyse;
pub(crate) mod boards;
pub(crate) mod events;
pub(crate) mod plan;
pub(crate) mod resume;
pub(crate) mod shard;
pub(crate) mod sinks;
pub(crate) mod tournament;
pub(crate) mod verify;
