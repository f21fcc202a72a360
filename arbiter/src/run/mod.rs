//! Run: many games. Tournaments and their workers ([`tournament`]), start
//! boards ([`boards`]), shards over several machines ([`shard`]) and what
//! resume trusts of a journal ([`verify`]).

pub(crate) mod boards;
pub(crate) mod shard;
pub(crate) mod tournament;
pub(crate) mod verify;
