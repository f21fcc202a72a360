//! Run: many games. Tournaments and their workers ([`tournament`]), start
//! boards ([`boards`]), shards over several machines ([`shard`]) and what
//! resume trusts of a journal ([`verify`]).

pub mod boards;
pub mod shard;
pub mod tournament;
pub mod verify;
