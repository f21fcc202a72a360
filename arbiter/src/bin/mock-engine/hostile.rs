//! The hostile modes of the mock engine, for the sandbox tests: each tries
//! one attack once, at the first `go` it misbehaves on, says on stderr how
//! it went (`hostile <mode>: …`), and then the engine plays on.
//!
//! The target of an attack is `--target=T` (or `MOCK_TARGET` in the
//! environment, which the sandbox does not pass): the file to read
//! (`read-secret`) or to append to (`write-journal`), the port on
//! 127.0.0.1 (`connect`), the pid to kill besides the parent
//! (`kill-parent`), the socket file to connect to (`unix-socket`).
//! `inherited-fd` reads and appends to every descriptor from 3 up that it
//! finds open; `env-canary` looks for a variable whose name or value says
//! `canary` and publishes it on the protocol (`info string`).
//!
//! Across sandboxes: `keyring` reads the key of its session keyring
//! described `--target=DESC` (a teacher's login secret) and publishes it,
//! looks for it in `/proc/keys`, reads another engine's key
//! (`tabula-engine-key`) and adds its own; `keyring-clear` empties the
//! session keyring; `lock` takes an `flock` and an `fcntl` read lock on the
//! file `--target=FILE` (`/etc/passwd`) and keeps them, or, when the
//! opponent already holds them, says it received a bit; `watch-secret`
//! tries to read the file `--target=FILE` at every `go` from `--after` on,
//! and says so the first time it can (a file the arbiter writes later).

use std::io::{Read, Write};
use std::time::Duration;

/// The hostile modes.
pub const MODES: &[&str] = &[
    "read-secret",
    "write-journal",
    "connect",
    "fork",
    "memory",
    "daemon",
    "kill-parent",
    "ponder",
    "inherited-fd",
    "env-canary",
    "unix-socket",
    "keyring",
    "keyring-clear",
    "lock",
];

/// The description of the key each `keyring` engine adds to its session
/// keyring, and looks for.
pub const ENGINE_KEY: &str = "tabula-engine-key";

/// Runs the attack of `mode` (one of [`MODES`]) on `target`; what it
/// publishes on the protocol, if anything.
pub fn attack(mode: &str, target: &str) -> Option<String> {
    let target = target.to_string();
    let mut publish = None;
    let outcome = match mode {
        "read-secret" => read_secret(&target),
        "write-journal" => std::fs::OpenOptions::new()
            .append(true)
            .open(&target)
            .and_then(|mut f| f.write_all(b"{\"forged\":\"by a hostile engine\"}\n"))
            .map(|()| format!("appended to {target}"))
            .map_err(|e| format!("{target}: {e}")),
        "connect" => connect(&target),
        "fork" => Ok(fork(500)),
        "memory" => allocate(8 << 30),
        "daemon" => daemon(),
        "kill-parent" => kill_parent(&target),
        "ponder" => {
            std::thread::spawn(|| loop {
                std::hint::black_box((0..1000u64).sum::<u64>());
            });
            Ok("burning CPU from now on".into())
        }
        "inherited-fd" => inherited(),
        "env-canary" => {
            let found: Vec<String> = std::env::vars()
                .filter(|(k, v)| {
                    k.to_lowercase().contains("canary") || v.to_lowercase().contains("canary")
                })
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            if found.is_empty() {
                let names: Vec<String> = std::env::vars().map(|(k, _)| k).collect();
                Err(format!("no canary among {}", names.join(" ")))
            } else {
                publish = Some(format!("found {}", found.join(" ")));
                Ok(format!("found {}", found.join(" ")))
            }
        }
        "keyring" => {
            let (outcome, found) = keyring(&target);
            publish = found;
            outcome
        }
        "keyring-clear" => keyctl(7, -3, 0, 0, 0) // KEYCTL_CLEAR @s
            .map(|_| "cleared the session keyring".to_string())
            .map_err(|e| format!("clear: {e}")),
        "lock" => lock(&target),
        "unix-socket" => std::os::unix::net::UnixStream::connect(&target)
            .and_then(|mut s| s.write_all(b"hello from a hostile engine\n"))
            .map(|()| format!("connected to {target}"))
            .map_err(|e| format!("{target}: {e}")),
        _ => return None,
    };
    match outcome {
        Ok(what) => eprintln!("hostile {mode}: succeeded: {what}"),
        Err(why) => eprintln!("hostile {mode}: failed: {why}"),
    }
    publish
}

/// Reads and appends to every open descriptor from 3 up.
fn inherited() -> Result<String, String> {
    let mut found = Vec::new();
    for fd in 3..256 {
        // SAFETY: fcntl and pread/write on descriptor numbers; no memory
        // is shared with anything else.
        unsafe {
            if libc::fcntl(fd, libc::F_GETFD) < 0 {
                continue;
            }
            let mut buf = [0u8; 200];
            let n = libc::pread(fd, buf.as_mut_ptr().cast(), buf.len(), 0);
            let text = if n > 0 {
                String::from_utf8_lossy(&buf[..n as usize])
                    .trim()
                    .to_string()
            } else {
                String::new()
            };
            let line = b"forged by a hostile engine\n";
            let w = libc::write(fd, line.as_ptr().cast(), line.len());
            found.push(format!(
                "fd {fd}: read '{text}'{}",
                if w > 0 { ", appended" } else { "" }
            ));
        }
    }
    if found.is_empty() {
        Err("no descriptor open from 3 up".into())
    } else {
        Ok(found.join("; "))
    }
}

/// `keyctl(2)` with integer arguments.
fn keyctl(op: i64, a: i64, b: i64, c: i64, d: i64) -> std::io::Result<i64> {
    // SAFETY: the kernel reads only the integers passed (pointers, where
    // an operation takes them, are passed by the callers below).
    let r = unsafe { libc::syscall(libc::SYS_keyctl, op, a, b, c, d) };
    if r < 0 {
        Err(std::io::Error::last_os_error())
    } else {
        Ok(r)
    }
}

/// The payload of the user key described `desc` in the session keyring.
fn read_key(desc: &str) -> Result<String, String> {
    let c = |s: &str| std::ffi::CString::new(s).unwrap_or_default();
    let (kind, name) = (c("user"), c(desc));
    // KEYCTL_SEARCH (10) in @s (-3).
    let id = keyctl(10, -3, kind.as_ptr() as i64, name.as_ptr() as i64, 0)
        .map_err(|e| format!("search {desc}: {e}"))?;
    let mut buf = vec![0u8; 4096];
    // KEYCTL_READ (11).
    let n = keyctl(11, id, buf.as_mut_ptr() as i64, buf.len() as i64, 0)
        .map_err(|e| format!("read {desc}: {e}"))?;
    buf.truncate((n as usize).min(buf.len()));
    Ok(String::from_utf8_lossy(&buf).into_owned())
}

/// The `keyring` attack: (how it went, what to publish).
fn keyring(desc: &str) -> (Result<String, String>, Option<String>) {
    let mut got = Vec::new();
    let mut failed = Vec::new();
    let mut publish = None;
    match read_key(desc) {
        Ok(secret) => {
            got.push(format!("read the teacher's key {desc}: {secret}"));
            publish = Some(format!("found the teacher's key: {secret}"));
        }
        Err(e) => failed.push(e),
    }
    let listed = std::fs::read_to_string("/proc/keys").unwrap_or_default();
    if listed.lines().any(|l| l.contains(desc)) {
        got.push(format!("/proc/keys names {desc}"));
    } else {
        failed.push(format!("/proc/keys does not name {desc}"));
    }
    match read_key(ENGINE_KEY) {
        Ok(other) => got.push(format!("read another engine's key: {other}")),
        Err(e) => failed.push(e),
    }
    let c = |s: &str| std::ffi::CString::new(s).unwrap_or_default();
    let (kind, name) = (c("user"), c(ENGINE_KEY));
    let payload = format!("from engine {}", std::process::id());
    // SAFETY: add_key with C strings and a buffer that outlive the call.
    let added = unsafe {
        libc::syscall(
            libc::SYS_add_key,
            kind.as_ptr(),
            name.as_ptr(),
            payload.as_ptr(),
            payload.len(),
            -3i32,
        )
    };
    if added >= 0 {
        got.push("added a key to the session keyring".into());
    } else {
        failed.push(format!("add_key: {}", std::io::Error::last_os_error()));
    }
    let outcome = if got.is_empty() {
        Err(failed.join("; "))
    } else {
        Ok(got.join("; "))
    };
    (outcome, publish)
}

/// The `lock` attack on `path`: the locks taken and kept, or the bit
/// received when the opponent holds them.
fn lock(path: &str) -> Result<String, String> {
    use std::os::fd::AsRawFd;
    let file = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
    let fd = file.as_raw_fd();
    let mut got = Vec::new();
    let mut failed = Vec::new();
    // SAFETY: flock and fcntl on a descriptor we own, with a struct of
    // this frame.
    unsafe {
        if libc::flock(fd, libc::LOCK_EX | libc::LOCK_NB) == 0 {
            got.push(format!("holds an flock on {path}"));
        } else {
            let e = std::io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
                got.push(format!(
                    "received a bit: the opponent holds an flock on {path}"
                ));
            } else {
                failed.push(format!("flock: {e}"));
            }
        }
        let mut l: libc::flock = std::mem::zeroed();
        l.l_type = libc::F_WRLCK as i16;
        if libc::fcntl(fd, libc::F_GETLK, &mut l) < 0 {
            failed.push(format!("F_GETLK: {}", std::io::Error::last_os_error()));
        } else if l.l_type != libc::F_UNLCK as i16 {
            got.push(format!(
                "received a bit: the opponent holds an fcntl lock on {path}"
            ));
        } else {
            let mut r: libc::flock = std::mem::zeroed();
            r.l_type = libc::F_RDLCK as i16;
            if libc::fcntl(fd, libc::F_SETLK, &r) == 0 {
                got.push(format!("holds an fcntl read lock on {path}"));
            } else {
                failed.push(format!("F_SETLK: {}", std::io::Error::last_os_error()));
            }
        }
    }
    // The locks are kept as long as the engine runs.
    std::mem::forget(file);
    if got.is_empty() {
        Err(failed.join("; "))
    } else {
        Ok(got.join("; "))
    }
}

/// `watch-secret` at one `go`: the file's text once it can be read.
pub fn watch(path: &str) -> Result<String, String> {
    read_secret(path)
}

fn read_secret(path: &str) -> Result<String, String> {
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|mut f| f.read_to_string(&mut text))
        .map_err(|e| format!("{path}: {e}"))?;
    Ok(format!("read {path}: {}", text.trim()))
}

fn connect(port: &str) -> Result<String, String> {
    let addr = format!("127.0.0.1:{port}");
    let sock = addr.parse().map_err(|e| format!("{addr}: {e}"))?;
    let mut s = std::net::TcpStream::connect_timeout(&sock, Duration::from_secs(1))
        .map_err(|e| format!("{addr}: {e}"))?;
    let _ = s.write_all(b"hello from a hostile engine\n");
    Ok(format!("connected to {addr}"))
}

/// Forks up to `n` children that wait for a signal; how many it got.
fn fork(n: usize) -> String {
    for i in 0..n {
        // SAFETY: the child only calls pause(2) and _exit(2).
        match unsafe { libc::fork() } {
            0 => loop {
                unsafe { libc::pause() };
            },
            -1 => {
                let e = std::io::Error::last_os_error();
                return format!("{i} of {n} processes, then: {e}");
            }
            _ => {}
        }
    }
    format!("all {n} processes")
}

/// Allocates and touches `bytes` in 64 MiB pieces.
fn allocate(bytes: usize) -> Result<String, String> {
    let piece = 64 << 20;
    let mut kept: Vec<Vec<u8>> = Vec::new();
    while kept.len() * piece < bytes {
        let mut v: Vec<u8> = Vec::new();
        v.try_reserve_exact(piece)
            .map_err(|e| format!("after {} MiB: {e}", kept.len() * 64))?;
        v.resize(piece, 1);
        kept.push(v);
    }
    Ok(format!("{} MiB touched", kept.len() * 64))
}

/// A daemon: fork, `setsid`, fork again, and sleep for ever.
fn daemon() -> Result<String, String> {
    // SAFETY: the children only call setsid, fork, pause and _exit.
    match unsafe { libc::fork() } {
        0 => unsafe {
            libc::setsid();
            if libc::fork() == 0 {
                loop {
                    libc::pause();
                }
            }
            libc::_exit(0);
        },
        -1 => Err(std::io::Error::last_os_error().to_string()),
        pid => {
            let mut st = 0;
            // SAFETY: waiting for our own child.
            unsafe { libc::waitpid(pid, &mut st, 0) };
            Ok("a setsid daemon is running".into())
        }
    }
}

/// SIGKILL to the pid `target`, then to the parent (the arbiter, unless
/// something is in between).
fn kill_parent(target: &str) -> Result<String, String> {
    // SAFETY: getppid and kill have no memory preconditions.
    let parent = unsafe { libc::getppid() };
    let mut done = Vec::new();
    let mut failed = Vec::new();
    for pid in [target.parse().ok(), Some(parent)].into_iter().flatten() {
        if unsafe { libc::kill(pid, libc::SIGKILL) } == 0 {
            done.push(pid.to_string());
        } else {
            failed.push(format!("{pid}: {}", std::io::Error::last_os_error()));
        }
    }
    if failed.is_empty() {
        Ok(format!("killed {}", done.join(" and ")))
    } else {
        Err(format!(
            "killed [{}]; refused [{}]",
            done.join(" "),
            failed.join("; ")
        ))
    }
}
