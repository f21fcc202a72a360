//! One work pool for the parallel work of the library and the arbiter (the
//! self-play games of `fit-winchance`; the arbiter's pages' drawings, a
//! season's recognition and checks, the behaviour check's players, the
//! reference games of `arbiter boards`, a tournament's boards), with one panic
//! policy: the work of an item that panics is that item's
//! [`Panicked`], logged with the panic's message, never a lost or shifted
//! result; an item not started because the pool was stopped is `None`.
//! [`run_with`] keeps a state per thread (a tournament's engines).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The work of an item panicked (a bug); the message is in the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Panicked;

impl std::fmt::Display for Panicked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the work failed (a bug: see the log)")
    }
}

impl std::error::Error for Panicked {}

/// `work(i)` for each item `i` in `0..n`, on up to `threads` threads (at
/// least one) that take the items in order as they free up, until
/// `stopped()` says so (asked before each item); each item's outcome in
/// item order: `None` when it was not started, `Some(Err(Panicked))` when
/// its work panicked.
pub fn run<R: Send>(
    n: usize,
    threads: usize,
    stopped: impl Fn() -> bool + Sync,
    work: impl Fn(usize) -> R + Sync,
) -> Vec<Option<Result<R, Panicked>>> {
    run_with(n, threads, stopped, || (), |(), i| work(i), |()| {})
}

/// [`run`] with a state of each thread kept from one item to the next (the
/// engines a tournament's worker keeps running): `start()` makes it before
/// the thread's first item, `work(&mut state, i)` does item `i`, `end(state)`
/// closes it after the thread's last. An item that panics takes its
/// thread's state with it (dropped, not ended: it may be half changed); the
/// thread goes on with a fresh one.
pub fn run_with<S, R: Send>(
    n: usize,
    threads: usize,
    stopped: impl Fn() -> bool + Sync,
    start: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    end: impl Fn(S) + Sync,
) -> Vec<Option<Result<R, Panicked>>> {
    let next = AtomicUsize::new(0);
    let slots: Vec<Mutex<Option<Result<R, Panicked>>>> = (0..n).map(|_| Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, n.max(1)) {
            scope.spawn(|| {
                let mut state = start();
                loop {
                    if stopped() {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(slot) = slots.get(i) else { break };
                    let outcome =
                        catch_unwind(AssertUnwindSafe(|| work(&mut state, i))).map_err(|panic| {
                            let message = panic
                                .downcast_ref::<&str>()
                                .map(|s| s.to_string())
                                .or_else(|| panic.downcast_ref::<String>().cloned())
                                .unwrap_or_default();
                            log::error!("item {i} of a pool failed: {message}");
                            Panicked
                        });
                    if outcome.is_err() {
                        state = start();
                    }
                    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(outcome);
                }
                end(state);
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| slot.into_inner().unwrap_or_else(|e| e.into_inner()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    #[test]
    fn every_item_comes_back_in_order_even_when_one_panics() {
        let got = run(
            50,
            4,
            || false,
            |i| {
                if i == 17 {
                    panic!("item 17 is bad");
                }
                i * 2
            },
        );
        assert_eq!(got.len(), 50);
        for (i, outcome) in got.into_iter().enumerate() {
            match outcome {
                Some(Ok(v)) => assert_eq!(v, i * 2),
                Some(Err(Panicked)) => assert_eq!(i, 17),
                None => panic!("item {i} was dropped"),
            }
        }
    }

    #[test]
    fn a_stopped_pool_leaves_the_items_it_did_not_start() {
        let stop = AtomicBool::new(false);
        let got = run(
            20,
            1,
            || stop.load(Ordering::Relaxed),
            |i| {
                if i == 4 {
                    stop.store(true, Ordering::Relaxed);
                }
                i
            },
        );
        let done: Vec<usize> = got.iter().flatten().map(|r| *r.as_ref().unwrap()).collect();
        assert_eq!(done, [0, 1, 2, 3, 4]);
        assert!(got[5..].iter().all(Option::is_none));
        assert!(run(0, 8, || false, |i| i).is_empty());
    }

    #[test]
    fn a_thread_keeps_its_state_and_a_panic_gives_it_a_fresh_one() {
        let ended = Mutex::new(Vec::new());
        let got = run_with(
            6,
            1,
            || false,
            Vec::new,
            |seen: &mut Vec<usize>, i| {
                seen.push(i);
                if i == 2 {
                    panic!("item 2 is bad");
                }
                seen.clone()
            },
            |seen| ended.lock().unwrap().push(seen),
        );
        let got: Vec<Option<Vec<usize>>> = got.into_iter().map(|o| o.unwrap().ok()).collect();
        assert_eq!(
            got,
            [
                Some(vec![0]),
                Some(vec![0, 1]),
                None,
                Some(vec![3]),
                Some(vec![3, 4]),
                Some(vec![3, 4, 5])
            ]
        );
        assert_eq!(ended.into_inner().unwrap(), [vec![3, 4, 5]]);
    }
}
