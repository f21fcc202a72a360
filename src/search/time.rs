//! Time management: when to stop a search.
//!
//! - `movetime T`: the hard limit is `T - MARGIN` ms (the search returns its
//!   move by `T`), and iterations go on until then: an iteration cut short
//!   still gives the best of the root moves it finished (the previous best
//!   is searched first), so the time is used whole.
//! - Clock mode: the whole game is budgeted. The search aims at
//!   `remaining / (moves_left + 2) + 3/4 increment`, never more than a third of
//!   the remaining time (minus a safety margin); the hard limit is three times
//!   the aim (capped the same way), the soft limit (no new iteration) half of
//!   the aim.
//! - `depth` / `nodes`: no time limit at all (deterministic).
//!
//! The search polls [`Timer::expired`] every [`CHECK_EVERY`] nodes, together
//! with the `stop` flag.

use super::{Clock, Limits};
use std::time::{Duration, Instant};

/// Milliseconds kept in hand for the reply to reach the arbiter.
pub const MARGIN: u64 = 5;
/// Nodes between two looks at the clock and the stop flag (a power of two).
pub const CHECK_EVERY: u64 = 1024;

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub struct Timer {
    start: Instant,
    /// Stop at once after this.
    hard: Option<Duration>,
    /// Do not start another iteration after this.
    soft: Option<Duration>,
}

impl Timer {
    /// Deadlines for `limits`, for the player `side` (index 0/1) who expects to
    /// make about `moves_left` more moves.
    pub fn new(limits: &Limits, side: usize, moves_left: u64) -> Timer {
        let start = Instant::now();
        let ms = Duration::from_millis;
        if let Some(t) = limits.movetime {
            let hard = t.saturating_sub(MARGIN).max(1);
            return Timer {
                start,
                hard: Some(ms(hard)),
                soft: Some(ms(hard)),
            };
        }
        if let Some(Clock { time_ms, inc_ms }) = limits.clock {
            let (left, inc) = (time_ms[side], inc_ms[side]);
            let usable = left.saturating_sub(2 * MARGIN).max(1);
            let cap = (usable / 3).max(1);
            let aim = (left / (moves_left + 2) + inc * 3 / 4).min(cap).max(1);
            let hard = (aim * 3).min(cap).max(1);
            return Timer {
                start,
                hard: Some(ms(hard)),
                soft: Some(ms(aim / 2)),
            };
        }
        Timer {
            start,
            hard: None,
            soft: None,
        }
    }

    /// Only a hard limit of `ms` milliseconds from now, no soft one (a
    /// search that must end by then, whatever its other limits).
    pub fn hard_only(ms: u64) -> Timer {
        Timer {
            start: Instant::now(),
            hard: Some(Duration::from_millis(ms.max(1))),
            soft: None,
        }
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Past the hard limit?
    #[inline]
    pub fn expired(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }

    /// The hard limit in milliseconds (`None`: no time limit).
    pub fn hard_ms(&self) -> Option<u64> {
        self.hard.map(|h| h.as_millis() as u64)
    }

    /// Past `num / den` of the hard limit (never, without a time limit)?
    pub fn past_fraction(&self, num: u32, den: u32) -> bool {
        self.hard
            .is_some_and(|h| self.start.elapsed() >= h * num / den)
    }

    /// Past the soft limit (no new iteration)?
    pub fn soft_expired(&self) -> bool {
        self.soft.is_some_and(|s| self.start.elapsed() >= s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget_stays_within_the_remaining_time() {
        let limits = Limits {
            clock: Some(Clock {
                time_ms: [9_000, 100],
                inc_ms: [0, 0],
            }),
            ..Limits::default()
        };
        let t = Timer::new(&limits, 0, 20);
        assert!(t.hard.unwrap() <= Duration::from_millis(3_000));
        assert!(t.soft.unwrap() < t.hard.unwrap());
        let t = Timer::new(&limits, 1, 20);
        assert!(t.hard.unwrap() <= Duration::from_millis(34));
        let t = Timer::new(&Limits::default(), 0, 20);
        assert!(!t.expired() && !t.soft_expired());
    }
}
