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
];

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
