//! Play: one game. The game loop refereed by the rules ([`game`]), the
//! clocks ([`clock`]) and the seat of a person at a terminal ([`human`],
//! `arbiter play`).

pub(crate) mod clock;
pub(crate) mod game;
pub(crate) mod human;
