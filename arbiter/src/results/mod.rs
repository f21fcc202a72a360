//! Results: what a game leaves and how it is shown. The record of a game
//! ([`record`]) and its words ([`result`]), the journal ([`journal`]), Elo and standings ([`stats`]), one rating over every game ([`rating`]),
//! the sequential test ([`sprt`]), the terminal tables and files
//! ([`report`]), the web page ([`html`]) and boards drawn as text
//! ([`board_view`]).

pub(crate) mod analysis;
pub(crate) mod board_view;
pub(crate) mod calibration;
pub(crate) mod html;
pub(crate) mod journal;
pub(crate) mod rating;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod result;
pub(crate) mod sprt;
pub(crate) mod stats;
