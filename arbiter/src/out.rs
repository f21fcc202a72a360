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

/// A count and its noun: `1 move`, `2 moves`, `3 passes`, `2 boxes`,
/// `4 plies`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        return format!("1 {word}");
    }
    if word.ends_with(['s', 'x']) {
        return format!("{n} {word}es");
    }
    match word.strip_suffix('y') {
        Some(stem) if !stem.ends_with(['a', 'e', 'o', 'u']) => format!("{n} {stem}ies"),
        _ => format!("{n} {word}s"),
    }
}

/// `s` as one word of a POSIX shell's command line: as it is when it is
/// plain, else in single quotes.
pub(crate) fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+,@".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// The one style of every progress bar the arbiter shows, on stderr:
/// `<bar> <pos>/<len> <what> [<elapsed> eta <eta>] <message>`; hidden
/// when not `shown` (`--quiet`), and by itself when stderr is not a
/// terminal.
pub(crate) fn progress_bar(shown: bool, len: u64, what: &str) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressStyle};
    let bar = if shown {
        ProgressBar::new(len)
    } else {
        ProgressBar::hidden()
    };
    let template = format!(
        "{{bar:30.cyan/blue}} {{pos}}/{{len}} {what} [{{elapsed_precise}} eta {{eta}}] {{msg}}"
    );
    bar.set_style(
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_noun() {
        assert_eq!(plural(0, "move"), "0 moves");
        assert_eq!(plural(1, "move"), "1 move");
        assert_eq!(plural(2, "game"), "2 games");
        assert_eq!(plural(3, "forced pass"), "3 forced passes");
        assert_eq!(plural(2, "box"), "2 boxes");
        assert_eq!(plural(1, "box"), "1 box");
        assert_eq!(plural(4, "ply"), "4 plies");
        assert_eq!(plural(2, "key"), "2 keys");
    }
}
