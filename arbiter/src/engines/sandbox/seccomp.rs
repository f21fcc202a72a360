//! The seccomp filter of sandboxed engines: no Unix-domain sockets.
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
//! - on x86-64, the x32 system calls and the 32-bit `socketcall` fail with
//!   `ENOSYS` (they would reach the same calls under other numbers).
//!
//! Everything else is allowed. The program is classic BPF, as the kernel
//! and bubblewrap's `--seccomp FD` take it; without bubblewrap the arbiter
//! loads it itself just before the engine's `exec`.

use std::io::{self, Seek, Write};
use std::os::fd::{FromRawFd, OwnedFd};

// Offsets in `struct seccomp_data`.
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;
const ARG1: u32 = 24;

const RET_ALLOW: u32 = 0x7fff_0000;
const RET_ERRNO: u32 = 0x0005_0000;

#[cfg(target_arch = "x86_64")]
mod arch {
    pub(super) const NATIVE: u32 = 0xc000_003e; // AUDIT_ARCH_X86_64
    pub(super) const SOCKET: u32 = 41;
    pub(super) const SOCKETPAIR: u32 = 53;
    pub(super) const IO_URING_SETUP: u32 = 425;
    /// x32 system calls carry this bit.
    pub(super) const X32: Option<u32> = Some(0x4000_0000);
    /// The 32-bit ABI (`int 0x80`): its arch and its numbers.
    pub(super) const COMPAT: Option<(u32, [u32; 4])> = Some((0x4000_0003, [102, 359, 360, 425]));
}

#[cfg(target_arch = "aarch64")]
mod arch {
    pub(crate) const NATIVE: u32 = 0xc000_00b7; // AUDIT_ARCH_AARCH64
    pub(crate) const SOCKET: u32 = 198;
    pub(crate) const SOCKETPAIR: u32 = 199;
    pub(crate) const IO_URING_SETUP: u32 = 425;
    pub(crate) const X32: Option<u32> = None;
    pub(crate) const COMPAT: Option<(u32, [u32; 4])> = None;
}

/// Whether this build has a filter for its architecture.
pub(crate) const SUPPORTED: bool = cfg!(any(target_arch = "x86_64", target_arch = "aarch64"));

/// What the filter refuses, for the header line.
pub(crate) const DESCRIBE: &str =
    "seccomp (no Unix-domain sockets: IP and netlink only; no io_uring)";

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
        let eacces = RET_ERRNO | libc::EACCES as u32;
        let enosys = RET_ERRNO | libc::ENOSYS as u32;
        let mut p = vec![stmt(LD_W_ABS, ARCH)];
        if let Some((compat, [socketcall, socket, socketpair, uring])) = arch::COMPAT {
            // Not the compat ABI: skip its block of 11 instructions.
            p.push(jump(JEQ, compat, 0, 11));
            p.push(stmt(LD_W_ABS, NR));
            p.push(jump(JEQ, socketcall, 8, 0));
            p.push(jump(JEQ, uring, 7, 0));
            p.push(jump(JEQ, socketpair, 6, 0)); // (no way to read its type here)
            p.push(jump(JEQ, socket, 0, 4));
            p.push(stmt(LD_W_ABS, ARG0));
            p.push(jump(JEQ, libc::AF_INET as u32, 2, 0));
            p.push(jump(JEQ, libc::AF_INET6 as u32, 1, 0));
            p.push(stmt(RET, eacces));
            p.push(stmt(RET, RET_ALLOW));
            p.push(stmt(RET, enosys));
        }
        // An unknown architecture: refuse every call.
        p.push(jump(JEQ, arch::NATIVE, 1, 0));
        p.push(stmt(RET, enosys));
        p.push(stmt(LD_W_ABS, NR));
        if let Some(bit) = arch::X32 {
            p.push(jump(JGE, bit, 0, 1));
            p.push(stmt(RET, enosys));
        }
        p.push(jump(JEQ, arch::IO_URING_SETUP, 0, 1));
        p.push(stmt(RET, enosys));
        // socket(): the IP and netlink families only (an allow-list: no
        // AF_UNIX, no AF_VSOCK, nothing a namespace does not separate).
        p.push(jump(JEQ, arch::SOCKET, 0, 6));
        p.push(stmt(LD_W_ABS, ARG0));
        p.push(jump(JEQ, libc::AF_INET as u32, 3, 0));
        p.push(jump(JEQ, libc::AF_INET6 as u32, 2, 0));
        p.push(jump(JEQ, libc::AF_NETLINK as u32, 1, 0));
        p.push(stmt(RET, eacces));
        p.push(stmt(RET, RET_ALLOW));
        // socketpair(): connected stream and seqpacket pairs only (a
        // datagram one, SOCK_RAW included, could `sendto` a path).
        p.push(jump(JEQ, arch::SOCKETPAIR, 0, 5));
        p.push(stmt(LD_W_ABS, ARG1));
        p.push(stmt(AND, 0xf)); // SOCK_TYPE_MASK: without SOCK_NONBLOCK, SOCK_CLOEXEC
        p.push(jump(JEQ, libc::SOCK_STREAM as u32, 2, 0));
        p.push(jump(JEQ, libc::SOCK_SEQPACKET as u32, 1, 0));
        p.push(stmt(RET, eacces));
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
    fn the_memfd_holds_eight_bytes_an_instruction() {
        let p = program();
        let fd = memfd(&p).unwrap();
        let mut bytes = Vec::new();
        use std::io::Read;
        std::fs::File::from(fd).read_to_end(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 8 * p.len());
    }
}
