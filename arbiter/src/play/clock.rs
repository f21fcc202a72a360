//! Time controls and the clocks of one game.
//!
//! The time a move may take (its *budget*) is the fixed move time, or the time
//! left on the mover's clock. A move is late when it takes longer than its
//! budget plus the **margin** (default 100 ms: pipe latency, process
//! scheduling, an interpreter's garbage collector). Depth and node limits have
//! no budget; an absolute cap still bounds every wait. Under the `strict`
//! policy a late move loses by `timeout`; under `lenient` the overrun is
//! recorded and the game goes on (a clock that ran out is set to zero).

use std::fmt;
use std::str::FromStr;
use tabula::protocol::command::Command;

/// What limits each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// `go movetime <ms>`.
    Movetime(u64),
    /// `go nodes <n>`.
    Nodes(u64),
    /// `go depth <d>`.
    Depth(u32),
    /// A game clock with an increment: `go p1time … p2time … p1inc … p2inc …`.
    Clock { base_ms: u64, inc_ms: u64 },
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Movetime(ms) => write!(f, "movetime {ms}"),
            TimeControl::Nodes(n) => write!(f, "nodes {n}"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Clock { base_ms, inc_ms } => write!(
                f,
                "{}+{}",
                *base_ms as f64 / 1000.0,
                *inc_ms as f64 / 1000.0
            ),
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    /// A clock in seconds: `<base>+<inc>` (`60+0.5`) or `<base>`.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let secs = |t: &str| -> Result<u64, String> {
            let v: f64 = t.trim().parse().map_err(|_| {
                format!(
                    "time control '{s}': a number of seconds, then optionally + and \
                         the increment in seconds (e.g. 60+0.5: a minute, half a second a move)"
                )
            })?;
            // A day: far beyond any game, far within the clock's arithmetic.
            if !(0.0..=86_400.0).contains(&v) {
                return Err(format!(
                    "time control '{s}': each time is from 0 to 86400 seconds"
                ));
            }
            Ok((v * 1000.0).round() as u64)
        };
        let (base_ms, inc_ms) = (secs(base)?, secs(inc)?);
        if base_ms == 0 {
            return Err(format!(
                "time control '{s}': the base time must be positive"
            ));
        }
        Ok(TimeControl::Clock { base_ms, inc_ms })
    }
}

/// The clocks of one game, one time control per side (engines may have
/// their own).
#[derive(Clone, Debug)]
pub(crate) struct GameClock {
    tc: [TimeControl; 2],
    left: [i64; 2],
}

impl GameClock {
    pub(crate) fn new(tc: [TimeControl; 2]) -> GameClock {
        let left = tc.map(|t| match t {
            TimeControl::Clock { base_ms, .. } => base_ms as i64,
            _ => 0,
        });
        GameClock { tc, left }
    }

    /// The time `side` may use for its move, if the control is timed.
    pub(crate) fn budget(&self, side: usize) -> Option<u64> {
        match self.tc[side] {
            TimeControl::Movetime(ms) => Some(ms),
            TimeControl::Clock { .. } => Some(self.left[side].max(0) as u64),
            TimeControl::Nodes(_) | TimeControl::Depth(_) => None,
        }
    }

    /// The `go` command for `side` (written by the protocol's vocabulary).
    pub(crate) fn go_command(&self, side: usize) -> Command {
        Command::Go(self.search_limits(side))
    }

    /// The limit of `side`'s move, for an in-process search (and `go`).
    pub(crate) fn search_limits(&self, side: usize) -> tabula::search::Limits {
        let mut l = tabula::search::Limits::default();
        match self.tc[side] {
            TimeControl::Movetime(ms) => l.movetime = Some(ms),
            TimeControl::Nodes(n) => l.nodes = Some(n),
            TimeControl::Depth(d) => l.depth = Some(d),
            TimeControl::Clock { .. } => {
                let inc = |s: usize| match self.tc[s] {
                    TimeControl::Clock { inc_ms, .. } => inc_ms,
                    _ => 0,
                };
                l.clock = Some(tabula::search::Clock {
                    time_ms: [self.left[0].max(0) as u64, self.left[1].max(0) as u64],
                    inc_ms: [inc(0), inc(1)],
                });
            }
        }
        l
    }

    /// Charges `elapsed_ms` to `side`. `Err(overrun)` when the move took longer
    /// than its budget plus `margin_ms` (the overrun is counted from the
    /// budget); the clock is then left at zero, so that a lenient game can go
    /// on.
    pub(crate) fn charge(
        &mut self,
        side: usize,
        elapsed_ms: u64,
        margin_ms: u64,
    ) -> Result<(), u64> {
        let budget = self.budget(side);
        if let TimeControl::Clock { inc_ms, .. } = self.tc[side] {
            self.left[side] -= elapsed_ms as i64;
            let late = self.left[side] < -(margin_ms as i64);
            let overrun = (-self.left[side]).max(0) as u64;
            self.left[side] = self.left[side].max(0) + inc_ms as i64;
            return if late { Err(overrun) } else { Ok(()) };
        }
        match budget {
            Some(b) if elapsed_ms > b + margin_ms => Err(elapsed_ms - b),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_charges_moves_and_writes_go() {
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl::Clock {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        let mut clock = GameClock::new([tc, tc]);
        assert_eq!(clock.budget(0), Some(10_000));
        assert_eq!(clock.charge(0, 400, 50), Ok(()));
        assert_eq!(clock.budget(0), Some(9_700));
        assert_eq!(
            clock.go_command(1).to_string(),
            "go p1time 9700 p2time 10000 p1inc 100 p2inc 100"
        );
    }

    #[test]
    fn movetime_overrun_is_counted_from_the_budget() {
        let mut c = GameClock::new([TimeControl::Movetime(100); 2]);
        assert_eq!(c.charge(0, 150, 50), Ok(()));
        assert_eq!(c.charge(0, 151, 50), Err(51));
        assert_eq!(c.go_command(1).to_string(), "go movetime 100");
    }

    #[test]
    fn clock_runs_out() {
        let tc: TimeControl = "1".parse().unwrap();
        let mut c = GameClock::new([tc, tc]);
        assert_eq!(c.charge(1, 900, 10), Ok(()));
        assert_eq!(c.budget(1), Some(100));
        assert_eq!(c.charge(1, 200, 10), Err(100));
        assert_eq!(c.budget(1), Some(0));
        assert!("x+1".parse::<TimeControl>().is_err());
        assert!("0".parse::<TimeControl>().is_err());
    }

    #[test]
    fn untimed_controls_have_no_budget() {
        let mut c = GameClock::new([TimeControl::Nodes(1), TimeControl::Depth(3)]);
        assert_eq!(c.budget(0), None);
        assert_eq!(c.charge(0, 1_000_000, 0), Ok(()));
        assert_eq!(c.go_command(0).to_string(), "go nodes 1");
        assert_eq!(c.go_command(1).to_string(), "go depth 3");
    }
}
