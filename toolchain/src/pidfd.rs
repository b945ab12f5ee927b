//! Signals only to processes lloracle owns (docs/running-student-code.md,
//! "Signals"): a pid names a process only while that process is alive or
//! an unreaped zombie; once it is reaped the kernel hands the number to the
//! next process it starts (pids wrap at `/proc/sys/kernel/pid_max`). A
//! pidfd names the process itself: `pidfd_send_signal` on it reaches that
//! process (and, with [`PIDFD_SIGNAL_PROCESS_GROUP`], the process group it
//! leads) or nothing, never a later process that got the same number.
//!
//! A pidfd is only opened for a process whose pid cannot have been reused
//! at that moment: an unreaped child of the caller. Every function here is
//! a plain system call, safe in a forked child.

use std::os::fd::{FromRawFd, OwnedFd};

/// `pidfd_send_signal` flag (Linux 6.9): signal the process group whose
/// leader the pidfd names (the group is found through the leader's own
/// `struct pid`, so a group led by a reused number is never hit).
pub const PIDFD_SIGNAL_PROCESS_GROUP: libc::c_uint = 1 << 2;

/// A pidfd for `pid` as a raw descriptor (close-on-exec), or -1.
///
/// Only for an unreaped child of the caller (see the module documentation).
pub fn open_raw(pid: libc::pid_t) -> libc::c_int {
    if pid <= 0 {
        return -1;
    }
    // SAFETY: a plain system call on integers.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0 as libc::c_uint) };
    libc::c_int::try_from(fd).unwrap_or(-1)
}

/// A pidfd for `pid`, or `None` (the kernel has no pidfds, or no such
/// process). Only for an unreaped child of the caller.
pub fn open(pid: libc::pid_t) -> Option<OwnedFd> {
    let fd = open_raw(pid);
    // SAFETY: a descriptor the kernel just created and nothing else owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Sends `sig` to the process `pidfd` names (`flags` 0) or to the group
/// it leads ([`PIDFD_SIGNAL_PROCESS_GROUP`]); false when it failed (the
/// process is gone, or the kernel lacks the flag).
pub fn send_raw(pidfd: libc::c_int, sig: libc::c_int, flags: libc::c_uint) -> bool {
    if pidfd < 0 {
        return false;
    }
    // SAFETY: a plain system call on integers (no siginfo).
    unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            pidfd,
            sig,
            std::ptr::null::<libc::siginfo_t>(),
            flags,
        ) == 0
    }
}

/// Kills the process `pidfd` names and the process group it leads, if
/// either still exists; nothing else.
pub fn kill_raw(pidfd: libc::c_int) {
    send_raw(pidfd, libc::SIGKILL, PIDFD_SIGNAL_PROCESS_GROUP);
    send_raw(pidfd, libc::SIGKILL, 0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    /// A reaped child's pidfd reaches nothing: the signal fails (ESRCH)
    /// rather than going to whoever has the number now.
    #[test]
    fn a_reaped_child_is_not_signalled() {
        // SAFETY: the child only exits.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: in the child.
            unsafe { libc::_exit(0) }
        }
        assert!(pid > 0, "fork failed");
        let Some(fd) = open(pid) else {
            eprintln!("SKIP: this kernel has no pidfd_open");
            return;
        };
        let mut st = 0;
        // SAFETY: reaping our own child.
        unsafe { libc::waitpid(pid, &mut st, 0) };
        assert!(!send_raw(fd.as_raw_fd(), 0, 0));
    }

    /// Exit statuses of the namespace test's child.
    const REUSED_AND_SPARED: i32 = 0;
    const VICTIM_HIT: i32 = 1;
    const NOT_REUSED: i32 = 2;
    const NO_NAMESPACE: i32 = 77;

    /// In a fresh PID namespace (its own pid numbers: nothing outside it
    /// is ever signalled), a child X is forked, its pidfd opened, X
    /// reaped; `ns_last_pid` is set so that the next process, the victim V,
    /// gets X's old pid (checked: `kill(pid, 0)` now reaches V, which is
    /// what the bare-pid kill lloracle used to send would have hit). Then
    /// X's pidfd is killed, process and group: V must live on.
    #[test]
    fn a_reused_pid_is_never_hit() {
        // SAFETY: the child makes only system calls (no allocation) and
        // exits; see `reuse_in_namespace`.
        let p = unsafe { libc::fork() };
        if p == 0 {
            // SAFETY: in the forked child.
            unsafe { libc::_exit(reuse_in_namespace()) }
        }
        assert!(p > 0, "fork failed");
        let mut st = 0;
        // SAFETY: reaping our own child.
        unsafe { libc::waitpid(p, &mut st, 0) };
        let code = if libc::WIFEXITED(st) {
            libc::WEXITSTATUS(st)
        } else {
            -1
        };
        match code {
            NO_NAMESPACE => eprintln!("SKIP: no PID namespace (nor a user namespace) here"),
            NOT_REUSED => eprintln!("SKIP: ns_last_pid could not be set here"),
            _ => assert_eq!(code, REUSED_AND_SPARED, "1: the victim was killed"),
        }
    }

    /// The forked test process: enters a new PID namespace and runs
    /// [`reuse_as_init`] as its first process; that one's status.
    ///
    /// # Safety
    /// Only in a forked child.
    unsafe fn reuse_in_namespace() -> i32 {
        if libc::unshare(libc::CLONE_NEWPID) != 0
            && libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID) != 0
        {
            return NO_NAMESPACE;
        }
        let init = libc::fork();
        if init == 0 {
            libc::_exit(reuse_as_init());
        }
        if init < 0 {
            return NO_NAMESPACE;
        }
        let mut st = 0;
        libc::waitpid(init, &mut st, 0);
        if libc::WIFEXITED(st) {
            libc::WEXITSTATUS(st)
        } else {
            VICTIM_HIT
        }
    }

    /// The namespace's init: see [`a_reused_pid_is_never_hit`].
    ///
    /// # Safety
    /// Only in a forked child.
    unsafe fn reuse_as_init() -> i32 {
        let x = libc::fork();
        if x == 0 {
            libc::_exit(0);
        }
        let fd = open_raw(x);
        let mut st = 0;
        libc::waitpid(x, &mut st, 0);
        if fd < 0 {
            return NOT_REUSED;
        }
        // The next pid is x: ns_last_pid is x - 1 (at most 10 digits).
        let mut digits = [0u8; 12];
        let mut n = 0;
        let mut v = x - 1;
        loop {
            digits[n] = b'0' + (v % 10) as u8;
            n += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        digits[..n].reverse();
        let f = libc::open(c"/proc/sys/kernel/ns_last_pid".as_ptr(), libc::O_WRONLY);
        if f < 0 || libc::write(f, digits.as_ptr().cast(), n) != n as isize {
            return NOT_REUSED;
        }
        libc::close(f);
        let victim = libc::fork();
        if victim == 0 {
            libc::setpgid(0, 0);
            libc::pause();
            libc::_exit(0);
        }
        if victim != x || libc::kill(x, 0) != 0 {
            if victim > 0 {
                libc::kill(victim, libc::SIGKILL);
            }
            return NOT_REUSED;
        }
        // Let the victim lead its own group (the group kill's target too).
        let pause = libc::timespec {
            tv_sec: 0,
            tv_nsec: 50_000_000,
        };
        libc::nanosleep(&pause, std::ptr::null_mut());
        kill_raw(fd);
        libc::nanosleep(&pause, std::ptr::null_mut());
        let alive = libc::waitpid(victim, &mut st, libc::WNOHANG) == 0;
        // Our own unreaped child: its pid is its own.
        libc::kill(victim, libc::SIGKILL);
        libc::waitpid(victim, &mut st, 0);
        if alive {
            REUSED_AND_SPARED
        } else {
            VICTIM_HIT
        }
    }
}
