//! The ranges of every number the arbiter is given, on the command line or
//! in an engine config file, and the largest plan it accepts.
//!
//! A value out of its range is refused before anything runs (exit 2) with a
//! message naming the flag, the unit and the range: 0 where at least 1 is
//! needed would lose every game by a fault, and an absurd value overflows
//! time arithmetic or memory. The clap parsers here are used through
//! `value_parser = limits::movetime`; `check` does the same for config
//! files.
//!
//! ```
//! use arbiter::limits;
//!
//! assert_eq!(limits::movetime("250"), Ok(250));
//! assert!(limits::movetime("1s").unwrap_err().contains("milliseconds"));
//! assert!(limits::concurrency("0").is_err());
//! ```

use std::fmt::Display;
use std::str::FromStr;

/// Longest time per move: one hour (a course tournament moves in seconds).
pub(crate) const MAX_MOVE_MS: u64 = 3_600_000;
/// Longest handshake, `isready`, grace or margin wait: ten minutes.
pub(crate) const MAX_WAIT_MS: u64 = 600_000;
/// Longest absolute wait for one move (`--max-move-time`): a day.
pub(crate) const MAX_CAP_MS: u64 = 86_400_000;
/// Largest node budget per move: 10^12 (hours of search for any engine).
pub(crate) const MAX_NODES: u64 = 1_000_000_000_000;
/// Deepest search per move: the Tabula search's ply limit.
pub(crate) const MAX_DEPTH: u32 = 250;
/// Most plies before adjudication: every ply of a game is kept in memory
/// and in its journal line.
pub(crate) const MAX_PLIES: usize = 100_000;
/// Most games at once: each holds up to two engine processes and three
/// threads; 1024 games are 2048 engines, beyond any machine of the course.
pub(crate) const MAX_CONCURRENCY: usize = 1024;
/// Most engines in a tournament: the standings, the cross table and the web
/// page grow with the square of it (a class is 30 to 60).
pub(crate) const MAX_ENGINES: usize = 1000;
/// Most games in one plan (a match, or every round of a tournament): each
/// finished game stays in memory for the standings, the summary and the
/// page (a few KB with its moves and search reports), so 200,000 games are
/// about a GB; more is refused before anything is allocated.
pub(crate) const MAX_GAMES: u64 = 200_000;

/// Most shards of one tournament (`--shard K/N`, `--shards N`): dealing the
/// boards weighs every shard for every board.
pub(crate) const MAX_SHARDS: u32 = 1000;

/// Parses `s` as a whole number of `unit` within `lo..=hi`; `what` names
/// the value in the message (`the move time is a whole number of
/// milliseconds from 1 to 3600000 (e.g. 1000 for one second)`, after clap's
/// `invalid value '1s' for '--movetime <MOVETIME>': `).
pub(crate) fn number<T>(s: &str, lo: T, hi: T, what: &str, unit: &str) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display + Copy,
{
    tabula::numbers::whole(s, what, unit, Some((lo, hi)))
}

/// Checks a config-file value: `what` (e.g. `engine 'alice': movetime`)
/// within `lo..=hi` of `unit`.
pub(crate) fn check<T: PartialOrd + Display>(
    what: &str,
    v: T,
    lo: T,
    hi: T,
    unit: &str,
) -> anyhow::Result<()> {
    if v < lo || v > hi {
        anyhow::bail!("{what} = {v} is out of range: from {lo} to {hi} {unit}");
    }
    Ok(())
}

macro_rules! parsers {
    ($($(#[$doc:meta])* $name:ident: $t:ty = $lo:expr, $hi:expr, $what:literal, $unit:literal;)+) => {
        $(
            $(#[$doc])*
            pub fn $name(s: &str) -> Result<$t, String> {
                number::<$t>(s, $lo, $hi, $what, $unit)
            }
        )+
    };
}

parsers! {
    /// A time per move (`--movetime`, `--solve-time`, `--hint-time`).
    movetime: u64 = 1, MAX_MOVE_MS, "the move time", "milliseconds";
    /// A deadline that must be positive (`--startup-timeout`, `--ping-timeout`).
    deadline: u64 = 1, MAX_WAIT_MS, "this deadline", "milliseconds";
    /// A wait that may be zero (`--grace`, `--margin`).
    slack: u64 = 0, MAX_WAIT_MS, "this wait", "milliseconds";
    /// `--max-move-time`.
    cap: u64 = 1, MAX_CAP_MS, "the longest wait for a move", "milliseconds";
    /// `--nodes`.
    nodes: u64 = 1, MAX_NODES, "the node limit", "nodes";
    /// `--depth`.
    depth: u32 = 1, MAX_DEPTH, "the depth limit", "plies";
    /// `--max-plies`.
    plies: usize = 1, MAX_PLIES, "the longest game", "plies";
    /// `--concurrency`.
    concurrency: usize = 1, MAX_CONCURRENCY, "the number of games at once", "games";
    /// `--games` of a match or a bench.
    games: u32 = 1, MAX_GAMES as u32, "the number of games", "games";
    /// `--rounds` (the whole plan is checked against `MAX_GAMES` too).
    rounds: u32 = 1, MAX_GAMES as u32, "the number of rounds", "rounds";
    /// `--boards` per round and pairing.
    boards: u32 = 1, MAX_GAMES as u32, "the number of boards", "boards";
    /// `--shards`.
    shards: u32 = 1, MAX_SHARDS, "the number of shards", "shards";
    /// `check --positions`.
    positions: usize = 1, 100_000, "the number of positions", "positions";
    /// `boards --count`.
    board_count: usize = 1, 100_000, "the number of boards", "boards";
    /// `boards --pairs` and `--skill`.
    pairs: u32 = 1, 100, "the number", "pairs";
    /// `boards --max-tries`.
    tries: u64 = 1, 100_000_000, "the number of tries", "boards";
}

/// Refuses a plan of more than [`MAX_GAMES`] games, or more than
/// [`MAX_ENGINES`] engines, before it is built; `games` may be computed
/// with a saturating product.
pub(crate) fn check_plan(engines: usize, games: u64) -> anyhow::Result<()> {
    if engines > MAX_ENGINES {
        anyhow::bail!(
            "{engines} engines: a tournament takes at most {MAX_ENGINES} (split the class into groups)"
        );
    }
    if games > MAX_GAMES {
        anyhow::bail!(
            "this plan has {games} games, more than the {MAX_GAMES} one run can hold: \
             fewer --rounds, --boards or engines, or play it in parts"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_messages() {
        assert_eq!(movetime("1"), Ok(1));
        assert_eq!(movetime("3600000"), Ok(3_600_000));
        let e = movetime("0").unwrap_err();
        assert!(
            e.starts_with("out of range: ") && e.contains("milliseconds from 1 to 3600000"),
            "{e}"
        );
        let e = movetime("1s").unwrap_err();
        assert_eq!(
            e,
            "the move time is a whole number of milliseconds from 1 to 3600000 \
             (e.g. 1000 for one second)"
        );
        assert!(concurrency("18446744073709551615").is_err());
        assert_eq!(slack("0"), Ok(0));
        assert!(depth("251").is_err());
        assert!(check_plan(3, MAX_GAMES).is_ok());
        assert!(check_plan(3, MAX_GAMES + 1).is_err());
        assert!(check_plan(MAX_ENGINES + 1, 1).is_err());
        assert!(check("x", 0u64, 1, 5, "ms").is_err());
    }
}
