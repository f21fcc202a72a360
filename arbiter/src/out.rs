//! Printing that a closed or broken stdout or stderr cannot stop.
//!
//! `println!` panics when its write fails, and a write fails with `EPIPE`
//! once the reader of a pipe is gone: Ctrl-C on `arbiter tournament … | tee
//! run.out` kills `tee` as well, and the report printed at the end would
//! then abort the run before its summary, records and page are written.
//! [`outln!`](crate::outln) and [`errln!`](crate::errln) write with errors
//! ignored (remembered in [`broken`]), so the end of a run always happens;
//! the log (`env_logger`) ignores write errors by itself.
//!
//! ```
//! arbiter::outln!("{} games", 3);
//! arbiter::errln!("to stderr");
//! assert!(!arbiter::out::broken());
//! ```

use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

static BROKEN: AtomicBool = AtomicBool::new(false);

/// Writes to standard output; an error is remembered, not raised.
pub fn stdout(args: fmt::Arguments) {
    write(io::stdout().lock(), args);
}

/// Writes to standard error; an error is remembered, not raised.
pub fn stderr(args: fmt::Arguments) {
    write(io::stderr().lock(), args);
}

fn write(mut w: impl Write, args: fmt::Arguments) {
    if w.write_fmt(args).and_then(|_| w.flush()).is_err() {
        BROKEN.store(true, Ordering::Relaxed);
    }
}

/// True once a write to stdout or stderr failed (a closed or broken pipe).
pub fn broken() -> bool {
    BROKEN.load(Ordering::Relaxed)
}

/// `print!` that never panics (see [`mod@crate::out`]).
#[macro_export]
macro_rules! out {
    ($($arg:tt)*) => { $crate::out::stdout(format_args!($($arg)*)) };
}

/// `println!` that never panics (see [`mod@crate::out`]).
#[macro_export]
macro_rules! outln {
    () => { $crate::out::stdout(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::stdout(format_args!("{}\n", format_args!($($arg)*))) };
}

/// `eprintln!` that never panics (see [`mod@crate::out`]).
#[macro_export]
macro_rules! errln {
    () => { $crate::out::stderr(format_args!("\n")) };
    ($($arg:tt)*) => { $crate::out::stderr(format_args!("{}\n", format_args!($($arg)*))) };
}
