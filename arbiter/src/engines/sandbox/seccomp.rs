//! The seccomp filter of sandboxed engines: no Unix-domain sockets, no
//! kernel keyring, no file locks, no inotify.
//!
//! bubblewrap's network namespace already cuts every IP connection and the
//! abstract Unix sockets (they belong to a network namespace), but a
//! *pathname* Unix socket is a file: a server listening in any folder the
//! engine can see (its own, the current folder, `/run` through `/etc`'s
//! links) would be reachable. A seccomp filter cannot read the address a
//! `connect` names, so the filter refuses what every such connection needs
//! first:
//!
//! - `socket()` of any family but IP and netlink fails with `EACCES`
//!   (`AF_UNIX` among them, and `AF_VSOCK`, which no namespace separates);
//! - `socketpair()` but of a stream or seqpacket pair, too (a datagram
//!   socket — `SOCK_RAW` is one for Unix sockets — can be re-connected, or
//!   `sendto` a path); the connected pairs, which cannot, stay allowed
//!   (runtimes use them as pipes);
//! - `io_uring_setup` fails with `ENOSYS` (an io_uring can open and connect
//!   sockets without passing through the filter);
//! - on x86-64, the x32 system calls fail with `ENOSYS`, and the 32-bit
//!   ABI gets the same rules under its own numbers.
//!
//! What no namespace separates is refused too:
//!
//! - the **kernel keyring** (`add_key`, `request_key`, `keyctl`: `ENOSYS`,
//!   as on a kernel without keys): the session keyring of a teacher's login
//!   (pam_keyinit) and the user keyring of `nobody` are shared by every
//!   process that has them, sandboxes included; each engine also starts
//!   with a fresh empty session keyring of its own (see
//!   `crate::engines::process`), so not even `/proc/keys` names the
//!   teacher's keys;
//! - **file locks** (`flock`, and `fcntl`'s `F_GETLK`, `F_SETLK`,
//!   `F_SETLKW`, their open-file-description forms and leases: `ENOLCK`): a
//!   lock on a file every sandbox sees (`/etc/passwd`, read-only) is seen
//!   by all, a channel between two opponents move by move;
//! - **inotify** (`inotify_init`, `inotify_init1`: `ENOSYS`): a watch on a
//!   shared file tells when another sandbox opens it, the same channel.
//!
//! Everything else is allowed. The program is classic BPF, as the kernel
//! and bubblewrap's `--seccomp FD` take it; without bubblewrap the arbiter
//! loads it itself just before the engine's `exec`.

use std::io::{self, Seek, Write};
use std::os::fd::{FromRawFd, OwnedFd};

// Offsets in `struct seccomp_data`.
const NR: u32 = 0;
const ARCH: u32 = 4;
/// The low 32 bits of argument `i` (little-endian: x86-64, aarch64).
const fn arg(i: u32) -> u32 {
    16 + 8 * i
}

const RET_ALLOW: u32 = 0x7fff_0000;
const RET_ERRNO: u32 = 0x0005_0000;

/// The system call numbers the filter names, for one ABI (`None`: the
/// call does not exist there).
struct Calls {
    socket: Option<u32>,
    socketpair: Option<u32>,
    /// The 32-bit ABI's multiplexer of the socket calls.
    socketcall: Option<u32>,
    io_uring_setup: u32,
    add_key: u32,
    request_key: u32,
    keyctl: u32,
    flock: u32,
    fcntl: u32,
    /// The 32-bit ABI's `fcntl64`.
    fcntl64: Option<u32>,
    inotify_init: Option<u32>,
    inotify_init1: u32,
}

#[cfg(target_arch = "x86_64")]
mod arch {
    use super::Calls;
    pub(super) const NATIVE: u32 = 0xc000_003e; // AUDIT_ARCH_X86_64
    pub(super) const CALLS: Calls = Calls {
        socket: Some(41),
        socketpair: Some(53),
        socketcall: None,
        io_uring_setup: 425,
        add_key: 248,
        request_key: 249,
        keyctl: 250,
        flock: 73,
        fcntl: 72,
        fcntl64: None,
        inotify_init: Some(253),
        inotify_init1: 294,
    };
    /// x32 system calls carry this bit.
    pub(super) const X32: Option<u32> = Some(0x4000_0000);
    /// The 32-bit ABI (`int 0x80`): its arch and its numbers.
    pub(super) const COMPAT: Option<(u32, Calls)> = Some((
        0x4000_0003, // AUDIT_ARCH_I386
        Calls {
            // (Its socket and socketpair carry their arguments, but the
            // multiplexer hides them: both refused with it.)
            socket: Some(359),
            socketpair: Some(360),
            socketcall: Some(102),
            io_uring_setup: 425,
            add_key: 286,
            request_key: 287,
            keyctl: 288,
            flock: 143,
            fcntl: 55,
            fcntl64: Some(221),
            inotify_init: Some(291),
            inotify_init1: 332,
        },
    ));
}

#[cfg(target_arch = "aarch64")]
mod arch {
    use super::Calls;
    pub(super) const NATIVE: u32 = 0xc000_00b7; // AUDIT_ARCH_AARCH64
    pub(super) const CALLS: Calls = Calls {
        socket: Some(198),
        socketpair: Some(199),
        socketcall: None,
        io_uring_setup: 425,
        add_key: 217,
        request_key: 218,
        keyctl: 219,
        flock: 32,
        fcntl: 25,
        fcntl64: None,
        inotify_init: None,
        inotify_init1: 26,
    };
    pub(super) const X32: Option<u32> = None;
    pub(super) const COMPAT: Option<(u32, Calls)> = None;
}

/// Whether this build has a filter for its architecture.
pub(crate) const SUPPORTED: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// What the filter refuses, for the header line.
pub(crate) const DESCRIBE: &str = "seccomp (no Unix-domain sockets: IP and netlink only; no \
     io_uring; no kernel keyring: a fresh empty session keyring, keyctl refused; no file locks \
     or inotify on files other sandboxes see)";

/// `fcntl` commands that take, test or lease a lock: `F_GETLK`,
/// `F_SETLK`, `F_SETLKW` (the same numbers as their `64` forms on 64-bit
/// ABIs), the 32-bit ABI's `F_GETLK64`…, the open-file-description locks
/// and `F_SETLEASE`.
const LOCK_COMMANDS: &[u32] = &[5, 6, 7, 12, 13, 14, 36, 37, 38, 1024];

/// One rule of the filter: what a system call gets.
enum Rule {
    /// Refused with this errno.
    Refuse(u32, u32),
    /// Refused with `errno` when argument `arg` (masked by `mask`) is one
    /// of `values`, allowed otherwise.
    RefuseIf {
        nr: u32,
        arg: u32,
        mask: Option<u32>,
        values: &'static [u32],
        errno: u32,
    },
    /// Allowed when argument `arg` (masked) is one of `values`, refused
    /// with `errno` otherwise.
    AllowIf {
        nr: u32,
        arg: u32,
        mask: Option<u32>,
        values: &'static [u32],
        errno: u32,
    },
}

impl Rule {
    /// The rule's instructions, with the system call's number in the
    /// accumulator on entry: when it is another call, it falls through
    /// (the accumulator untouched); else it returns.
    fn code(&self) -> Vec<libc::sock_filter> {
        let body = match *self {
            Rule::Refuse(_, errno) => vec![stmt(RET, RET_ERRNO | errno)],
            Rule::RefuseIf {
                arg,
                mask,
                values,
                errno,
                ..
            } => test(arg, mask, values, RET_ERRNO | errno, RET_ALLOW),
            Rule::AllowIf {
                arg,
                mask,
                values,
                errno,
                ..
            } => test(arg, mask, values, RET_ALLOW, RET_ERRNO | errno),
        };
        let nr = match *self {
            Rule::Refuse(nr, _) | Rule::RefuseIf { nr, .. } | Rule::AllowIf { nr, .. } => nr,
        };
        let mut code = vec![jump(JEQ, nr, 0, offset(body.len()))];
        code.extend(body);
        code
    }
}

/// Loads argument `arg` (masked by `mask`); returns `hit` when it is one
/// of `values`, else `miss`.
fn test(
    arg: u32,
    mask: Option<u32>,
    values: &[u32],
    hit: u32,
    miss: u32,
) -> Vec<libc::sock_filter> {
    let mut code = vec![stmt(LD_W_ABS, self::arg(arg))];
    if let Some(m) = mask {
        code.push(stmt(AND, m));
    }
    let n = values.len();
    for (i, &v) in values.iter().enumerate() {
        // To `hit`, past the other tests and the `miss` return.
        code.push(jump(JEQ, v, offset(n - i), 0));
    }
    code.push(stmt(RET, miss));
    code.push(stmt(RET, hit));
    code
}

/// A jump's offset (the filter's blocks are short: a longer one is a bug).
fn offset(n: usize) -> u8 {
    u8::try_from(n).expect("a seccomp jump of at most 255 instructions")
}

/// The rules of one ABI.
fn rules(calls: &Calls, compat: bool) -> Vec<Rule> {
    let eacces = libc::EACCES as u32;
    let enosys = libc::ENOSYS as u32;
    let enolck = libc::ENOLCK as u32;
    let mut rules = vec![Rule::Refuse(calls.io_uring_setup, enosys)];
    if let Some(nr) = calls.socketcall {
        rules.push(Rule::Refuse(nr, enosys));
    }
    if let Some(nr) = calls.socket {
        // The IP and netlink families only (an allow-list: no AF_UNIX, no
        // AF_VSOCK, nothing a namespace does not separate).
        const FAMILIES: &[u32] = &[
            libc::AF_INET as u32,
            libc::AF_INET6 as u32,
            libc::AF_NETLINK as u32,
        ];
        const IP: &[u32] = &[libc::AF_INET as u32, libc::AF_INET6 as u32];
        rules.push(Rule::AllowIf {
            nr,
            arg: 0,
            mask: None,
            values: if compat { IP } else { FAMILIES },
            errno: eacces,
        });
    }
    if let Some(nr) = calls.socketpair {
        if compat {
            rules.push(Rule::Refuse(nr, enosys));
        } else {
            // Connected stream and seqpacket pairs only (a datagram one,
            // SOCK_RAW included, could `sendto` a path). The mask is
            // SOCK_TYPE_MASK: without SOCK_NONBLOCK, SOCK_CLOEXEC.
            const PAIRS: &[u32] = &[libc::SOCK_STREAM as u32, libc::SOCK_SEQPACKET as u32];
            rules.push(Rule::AllowIf {
                nr,
                arg: 1,
                mask: Some(0xf),
                values: PAIRS,
                errno: eacces,
            });
        }
    }
    for nr in [calls.add_key, calls.request_key, calls.keyctl] {
        rules.push(Rule::Refuse(nr, enosys));
    }
    rules.push(Rule::Refuse(calls.flock, enolck));
    for nr in std::iter::once(calls.fcntl).chain(calls.fcntl64) {
        rules.push(Rule::RefuseIf {
            nr,
            arg: 1,
            mask: None,
            values: LOCK_COMMANDS,
            errno: enolck,
        });
    }
    for nr in calls.inotify_init.into_iter().chain([calls.inotify_init1]) {
        rules.push(Rule::Refuse(nr, enosys));
    }
    rules
}

fn stmt(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

const LD_W_ABS: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const JEQ: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const JGE: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
const AND: u16 = (libc::BPF_ALU | libc::BPF_AND | libc::BPF_K) as u16;
const RET: u16 = (libc::BPF_RET | libc::BPF_K) as u16;

/// The filter program (empty where [`SUPPORTED`] is false).
pub(crate) fn program() -> Vec<libc::sock_filter> {
    if !SUPPORTED {
        return Vec::new();
    }
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let enosys = RET_ERRNO | libc::ENOSYS as u32;
        let mut p = vec![stmt(LD_W_ABS, ARCH)];
        if let Some((compat, calls)) = &arch::COMPAT {
            let mut block = vec![stmt(LD_W_ABS, NR)];
            for rule in rules(calls, true) {
                block.extend(rule.code());
            }
            block.push(stmt(RET, RET_ALLOW));
            // Not the compat ABI: skip its block.
            p.push(jump(JEQ, *compat, 0, offset(block.len())));
            p.extend(block);
        }
        // An unknown architecture: refuse every call.
        p.push(jump(JEQ, arch::NATIVE, 1, 0));
        p.push(stmt(RET, enosys));
        p.push(stmt(LD_W_ABS, NR));
        if let Some(bit) = arch::X32 {
            p.push(jump(JGE, bit, 0, 1));
            p.push(stmt(RET, enosys));
        }
        for rule in rules(&arch::CALLS, false) {
            p.extend(rule.code());
        }
        p.push(stmt(RET, RET_ALLOW));
        p
    }
}

/// The program as bytes in an anonymous file, for bubblewrap's
/// `--seccomp FD` (close-on-exec: the child clears it for bubblewrap alone).
pub(crate) fn memfd(program: &[libc::sock_filter]) -> io::Result<OwnedFd> {
    // SAFETY: memfd_create with a static name; the descriptor is ours.
    let fd = unsafe { libc::memfd_create(c"tabula-seccomp".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a fresh descriptor that nothing else owns.
    let owned = unsafe { OwnedFd::from_raw_fd(fd) };
    let mut file = std::fs::File::from(owned);
    for ins in program {
        file.write_all(&ins.code.to_ne_bytes())?;
        file.write_all(&[ins.jt, ins.jf])?;
        file.write_all(&ins.k.to_ne_bytes())?;
    }
    file.rewind()?;
    Ok(OwnedFd::from(file))
}

/// Loads `program` into the calling process (between fork and exec:
/// `prctl` and `seccomp` only, both async-signal-safe).
pub(crate) fn load(program: &[libc::sock_filter]) -> io::Result<()> {
    let prog = libc::sock_fprog {
        len: program.len() as u16,
        filter: program.as_ptr() as *mut libc::sock_filter,
    };
    // SAFETY: the program outlives the call; the kernel copies it.
    unsafe {
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return Err(io::Error::last_os_error());
        }
        if libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            0,
            &prog as *const libc::sock_fprog,
        ) != 0
        {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` in a forked child under the filter; its exit code.
    fn under_filter(f: fn() -> i32) -> i32 {
        let program = program();
        // SAFETY: the child calls only the filter and raw system calls,
        // then _exit.
        unsafe {
            match libc::fork() {
                0 => {
                    if load(&program).is_err() {
                        libc::_exit(100);
                    }
                    libc::_exit(f());
                }
                pid => {
                    let mut st = 0;
                    libc::waitpid(pid, &mut st, 0);
                    libc::WEXITSTATUS(st)
                }
            }
        }
    }

    #[test]
    fn unix_sockets_are_refused_and_the_rest_allowed() {
        if !SUPPORTED {
            return;
        }
        let errno = || unsafe { *libc::__errno_location() };
        // Each closure returns 0 when the call did what the filter says.
        assert_eq!(
            under_filter(|| unsafe {
                let r = libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0);
                i32::from(!(r < 0 && *libc::__errno_location() == libc::EACCES))
            }),
            0
        );
        assert_eq!(
            under_filter(|| unsafe {
                let r = libc::socket(libc::AF_INET, libc::SOCK_STREAM, 0);
                i32::from(r < 0)
            }),
            0
        );
        assert_eq!(
            under_filter(|| unsafe {
                let mut fds = [0; 2];
                let stream = libc::socketpair(
                    libc::AF_UNIX,
                    libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
                    0,
                    fds.as_mut_ptr(),
                );
                let dgram = libc::socketpair(libc::AF_UNIX, libc::SOCK_DGRAM, 0, fds.as_mut_ptr());
                // The kernel makes a Unix SOCK_RAW a datagram socket.
                let raw = libc::socketpair(libc::AF_UNIX, libc::SOCK_RAW, 0, fds.as_mut_ptr());
                i32::from(!(stream == 0 && dgram < 0 && raw < 0))
            }),
            0
        );
        assert_eq!(
            under_filter(|| unsafe {
                let vsock = libc::socket(libc::AF_VSOCK, libc::SOCK_STREAM, 0);
                let inet6 = libc::socket(libc::AF_INET6, libc::SOCK_DGRAM, 0);
                i32::from(!(vsock < 0 && *libc::__errno_location() == libc::EACCES && inet6 >= 0))
            }),
            0
        );
        assert_eq!(
            under_filter(|| unsafe {
                let r = libc::syscall(libc::SYS_io_uring_setup, 8, std::ptr::null::<u8>());
                i32::from(!(r < 0 && *libc::__errno_location() == libc::ENOSYS))
            }),
            0
        );
        // Outside the filter, a Unix socket is fine (the test can fail).
        let fd = unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_STREAM, 0) };
        assert!(fd >= 0, "errno {}", errno());
        unsafe { libc::close(fd) };
    }

    #[test]
    fn keyrings_locks_and_inotify_are_refused() {
        if !SUPPORTED {
            return;
        }
        // The keyring calls, as on a kernel without keys.
        assert_eq!(
            under_filter(|| unsafe {
                let keyctl = libc::syscall(libc::SYS_keyctl, 0, -3, 0); // KEYCTL_GET_KEYRING_ID @s
                let e1 = *libc::__errno_location();
                let add = libc::syscall(
                    libc::SYS_add_key,
                    c"user".as_ptr(),
                    c"x".as_ptr(),
                    c"y".as_ptr(),
                    1usize,
                    -3,
                );
                let e2 = *libc::__errno_location();
                let req = libc::syscall(
                    libc::SYS_request_key,
                    c"user".as_ptr(),
                    c"x".as_ptr(),
                    std::ptr::null::<u8>(),
                    0,
                );
                let e3 = *libc::__errno_location();
                i32::from(
                    !(keyctl < 0
                        && add < 0
                        && req < 0
                        && [e1, e2, e3].iter().all(|&e| e == libc::ENOSYS)),
                )
            }),
            0
        );
        // Locks on a file anyone may read, and inotify.
        assert_eq!(
            under_filter(|| unsafe {
                let fd = libc::open(c"/etc/passwd".as_ptr(), libc::O_RDONLY);
                if fd < 0 {
                    return 2;
                }
                let fl = libc::flock(fd, libc::LOCK_SH | libc::LOCK_NB);
                let e1 = *libc::__errno_location();
                let mut lock: libc::flock = std::mem::zeroed();
                lock.l_type = libc::F_RDLCK as i16;
                let set = libc::fcntl(fd, libc::F_SETLK, &lock);
                let e2 = *libc::__errno_location();
                let get = libc::fcntl(fd, libc::F_GETLK, &mut lock);
                let ofd = libc::fcntl(fd, libc::F_OFD_SETLK, &lock);
                // Other commands pass.
                let flags = libc::fcntl(fd, libc::F_GETFD);
                let watch = libc::inotify_init1(0);
                let e3 = *libc::__errno_location();
                let ok = fl < 0
                    && e1 == libc::ENOLCK
                    && set < 0
                    && e2 == libc::ENOLCK
                    && get < 0
                    && ofd < 0
                    && flags >= 0
                    && watch < 0
                    && e3 == libc::ENOSYS;
                i32::from(!ok)
            }),
            0
        );
        // Outside the filter the same lock is taken (the test can fail).
        let f = std::fs::File::open("/etc/passwd").unwrap();
        use std::os::fd::AsRawFd;
        assert_eq!(
            unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_SH | libc::LOCK_NB) },
            0
        );
    }

    #[test]
    fn the_memfd_holds_eight_bytes_an_instruction() {
        let p = program();
        let fd = memfd(&p).unwrap();
        let mut bytes = Vec::new();
        use std::io::Read;
        std::fs::File::from(fd).read_to_end(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 8 * p.len());
    }
}
