//! Results: what a game leaves and how it is shown. The result words
//! ([`result`]), the journal ([`journal`]), Elo and standings ([`stats`]),
//! the sequential test ([`sprt`]), the terminal tables and files
//! ([`report`]), the web page ([`html`]) and boards drawn as text
//! ([`board_view`]).

pub mod board_view;
pub mod html;
pub mod journal;
pub mod report;
pub mod result;
pub mod sprt;
pub mod stats;
