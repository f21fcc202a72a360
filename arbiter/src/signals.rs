//! Ctrl-C (SIGINT) and SIGTERM: a flag every wait of the arbiter looks at.
//!
//! The handler only stores into an atomic; the game loops see the flag within
//! `POLL`, abandon the games in progress (their engines are killed and
//! reaped), and the tournament stops with the journal intact.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by SIGINT / SIGTERM.
pub(crate) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How often blocking waits look at [`INTERRUPTED`].
pub(crate) const POLL: Duration = Duration::from_millis(25);

extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Installs the handlers.
pub fn install() {
    // SAFETY: the handler is async-signal-safe (one atomic store).
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
        sa.sa_flags = libc::SA_RESTART;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(libc::SIGINT, &sa, std::ptr::null_mut());
        libc::sigaction(libc::SIGTERM, &sa, std::ptr::null_mut());
        // Rust ignores SIGPIPE already; say so explicitly: a write to a dead
        // engine must be an error (EPIPE), never the arbiter's death.
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// True once the user asked to stop.
pub(crate) fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}
