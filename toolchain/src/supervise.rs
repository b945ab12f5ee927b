//! The supervisor between lloracle and an untrusted process (a student's
//! compiler, the executable it built, the `cc` that links it).
//!
//! [`std::process::Command`] forks a child; before that child execs, the
//! hook installed by [`install`] turns it into the **supervisor**:
//!
//! 1. it starts its own session (`setsid`), asks for `SIGKILL` when
//!    lloracle dies (`PR_SET_PDEATHSIG`) and becomes a child subreaper
//!    (`PR_SET_CHILD_SUBREAPER`): every orphaned descendant, detached
//!    (`setsid`) ones included, is re-parented to it;
//! 2. where the kernel allows it, it enters a new PID namespace (directly
//!    when privileged, else inside a new user namespace that maps only the
//!    current user): the program then cannot name lloracle or the
//!    supervisor at all, and ending the namespace's first process ends
//!    every process in it; a confined program (one with a sandbox,
//!    `confine.rs`) also gets a fresh network namespace: no interface but
//!    a loopback that is down, so no TCP, UDP, raw or abstract Unix
//!    socket reaches anything outside (a Unix socket named by a path is a
//!    file, which Landlock's file rules do not cover for `connect`);
//! 3. it forks the program (in a namespace, through a minimal `init` that
//!    reaps and reports), which gets its own process group, `SIGKILL` when
//!    the supervisor dies, and the run's rlimits, and then execs;
//! 4. it waits for the program until the deadline or a stop request
//!    (`SIGTERM` from lloracle, when the output passes its cap), then kills
//!    every descendant it still has (the namespace, or repeatedly its
//!    children as listed in `/proc/thread-self/children` until none is
//!    left) and writes one [`Record`] on a status socket before exiting
//!    (the first, [`Record::Started`], carries a pidfd of the process it
//!    forked: lloracle signals that process only through it, see
//!    [`crate::pidfd`]);
//! 5. just before exec, the program applies its confinement, when it has
//!    one (`confine.rs`: Landlock, seccomp).
//!
//! Everything here runs between `fork` and `exec` of a multithreaded
//! process, so it only makes async-signal-safe system calls on memory
//! prepared before the fork: no allocation, no locks, no formatting
//! machinery.
//!
//! Limits of the fallback (no PID namespace available): the program can
//! still signal the supervisor (it is its parent); if it kills the
//! supervisor, the program itself dies with it (`PR_SET_PDEATHSIG`), but
//! detached descendants it started survive, and lloracle stops reading
//! their output at the run's deadline.

use crate::restrict::Confined;
use crate::{fdpass, pidfd};
use std::io;
use std::os::unix::process::CommandExt;
use std::process::Command;
use std::time::Duration;

/// When this environment variable is set, the supervisor does not enter a
/// PID namespace (to test the fallback, or where namespaces misbehave).
pub const NO_NAMESPACE_VAR: &str = "LLORACLE_NO_PID_NAMESPACE";

/// How the supervised program ended, as written on the status socket: two
/// native-endian `i32`s, a kind and a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record {
    /// It exited with this status.
    Exited(i32),
    /// A signal ended it.
    Signaled(i32),
    /// The deadline passed; everything was killed.
    TimedOut,
    /// A stop request (`SIGTERM` to the supervisor) arrived; everything
    /// was killed.
    Stopped,
    /// Written first: the process the supervisor forked (the program, or
    /// the PID namespace's init), whose process group lloracle kills if
    /// the supervisor itself dies.
    Started(i32),
}

const KIND_EXITED: i32 = 1;
const KIND_SIGNALED: i32 = 2;
const KIND_TIMED_OUT: i32 = 3;
const KIND_STOPPED: i32 = 4;
const KIND_STARTED: i32 = 5;

impl Record {
    /// The 8 bytes written on the pipe.
    fn encode(self) -> [u8; 8] {
        let (k, v) = match self {
            Record::Exited(c) => (KIND_EXITED, c),
            Record::Signaled(s) => (KIND_SIGNALED, s),
            Record::TimedOut => (KIND_TIMED_OUT, 0),
            Record::Stopped => (KIND_STOPPED, 0),
            Record::Started(p) => (KIND_STARTED, p),
        };
        let mut b = [0u8; 8];
        let (kb, vb) = b.split_at_mut(4);
        kb.copy_from_slice(&k.to_ne_bytes());
        vb.copy_from_slice(&v.to_ne_bytes());
        b
    }

    /// The first record in `bytes`, if there is a whole valid one.
    pub fn decode(bytes: &[u8]) -> Option<Record> {
        let k = i32::from_ne_bytes(bytes.get(0..4)?.try_into().ok()?);
        let v = i32::from_ne_bytes(bytes.get(4..8)?.try_into().ok()?);
        match k {
            KIND_EXITED => Some(Record::Exited(v)),
            KIND_SIGNALED => Some(Record::Signaled(v)),
            KIND_TIMED_OUT => Some(Record::TimedOut),
            KIND_STOPPED => Some(Record::Stopped),
            KIND_STARTED => Some(Record::Started(v)),
            _ => None,
        }
    }

    /// The record for a `waitpid` status.
    fn of_wait_status(st: libc::c_int) -> Record {
        if libc::WIFSIGNALED(st) {
            Record::Signaled(libc::WTERMSIG(st))
        } else {
            Record::Exited(libc::WEXITSTATUS(st))
        }
    }
}

/// The rlimits of the supervised program (`None`: left as inherited).
#[derive(Clone, Copy, Debug)]
pub struct Rlimits {
    /// RLIMIT_CPU in seconds.
    pub cpu_seconds: u64,
    /// RLIMIT_AS in bytes.
    pub address_space: Option<u64>,
    /// RLIMIT_STACK in bytes.
    pub stack: Option<u64>,
}

/// RLIMIT_CPU for a run with wall-clock `timeout`: one second more, at most
/// a century (the kernel counts the limit in nanoseconds: a larger value
/// overflows and fires at once).
pub fn cpu_seconds_for(timeout: Duration) -> u64 {
    timeout.as_secs().min(CENTURY_SECS).saturating_add(1)
}

/// Everything the supervisor needs, prepared before the fork.
#[derive(Clone, Copy)]
struct Plan {
    parent: libc::pid_t,
    status_fd: libc::c_int,
    timeout: libc::timespec,
    rlimits: Rlimits,
    uid: libc::uid_t,
    gid: libc::gid_t,
    namespace: bool,
    confined: Confined,
}

// SAFETY: plain data (a timespec and integers).
unsafe impl Send for Plan {}
// SAFETY: plain data, never mutated after creation.
unsafe impl Sync for Plan {}

/// Makes `cmd`'s child a supervisor of the real program (see the module
/// documentation) that runs it for at most `timeout` under `rlimits` and
/// writes one [`Record`] on `status_fd` (the write end of a close-on-exec
/// pipe; the caller closes its own copy once `cmd` is spawned).
pub fn install(
    cmd: &mut Command,
    status_fd: libc::c_int,
    timeout: Duration,
    rlimits: Rlimits,
    confined: Confined,
) {
    // SAFETY: getpid, getuid and getgid cannot fail.
    let (parent, uid, gid) = unsafe { (libc::getpid(), libc::getuid(), libc::getgid()) };
    // A timeout past a century is a century (the kernel rejects absurd
    // timespecs).
    let secs = libc::time_t::try_from(timeout.as_secs().min(CENTURY_SECS)).unwrap_or(0);
    let plan = Plan {
        parent,
        status_fd,
        timeout: libc::timespec {
            tv_sec: secs,
            tv_nsec: libc::c_long::from(timeout.subsec_nanos()),
        },
        rlimits,
        uid,
        gid,
        namespace: std::env::var_os(NO_NAMESPACE_VAR).is_none(),
        confined,
    };
    // SAFETY: the hook only makes async-signal-safe system calls on the
    // copied plan and stack buffers (see the module documentation).
    unsafe {
        cmd.pre_exec(move || become_supervisor(&plan));
    }
}

/// Runs in the forked child: returns `Ok` only in the process that is to
/// exec the program; the supervisor (and a namespace's init) never return.
unsafe fn become_supervisor(plan: &Plan) -> io::Result<()> {
    libc::setsid();
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    if libc::getppid() != plan.parent {
        libc::_exit(127);
    }
    libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1 as libc::c_ulong);
    let in_namespace = enter_pid_namespace(plan);
    let mut waited: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut waited);
    libc::sigaddset(&mut waited, libc::SIGCHLD);
    libc::sigaddset(&mut waited, libc::SIGTERM);
    libc::sigprocmask(libc::SIG_BLOCK, &waited, std::ptr::null_mut());
    let start = now();
    let first = libc::fork();
    if first < 0 {
        return Err(io::Error::last_os_error());
    }
    if first == 0 {
        if in_namespace {
            namespace_init(plan);
        }
        return become_program(plan);
    }
    close_fds_except(plan.status_fd);
    // `first` is our unreaped child: its pidfd names it (see
    // `crate::pidfd`); lloracle gets a copy with the first record.
    let first_fd = pidfd::open_raw(first);
    let started = Record::Started(first).encode();
    fdpass::send(plan.status_fd, &started, fdpass::one(&first_fd));
    supervise(plan, Started(first, first_fd), in_namespace, start, &waited)
}

/// The process the supervisor forked (the program, or the namespace's
/// init) and a pidfd of it (-1 where the kernel has none).
#[derive(Clone, Copy)]
struct Started(libc::pid_t, libc::c_int);

/// Enters a new PID namespace for the next child, and for a confined
/// program a new network namespace too (without it where the kernel
/// refuses it): directly when allowed, else inside a new user namespace
/// mapping the current user and group to themselves. False when no PID
/// namespace is possible.
unsafe fn enter_pid_namespace(plan: &Plan) -> bool {
    if !plan.namespace {
        return false;
    }
    let net = if plan.confined.own_network() {
        libc::CLONE_NEWNET
    } else {
        0
    };
    for flags in [libc::CLONE_NEWPID | net, libc::CLONE_NEWPID] {
        if libc::unshare(flags) == 0 {
            return true;
        }
    }
    let user = libc::CLONE_NEWUSER | libc::CLONE_NEWPID;
    if libc::unshare(user | net) != 0 && libc::unshare(user) != 0 {
        return false;
    }
    // Without the maps the program would run as `nobody` and could not
    // create files; a failure here leaves it so and shows as its error.
    write_file(c"/proc/self/setgroups", b"deny");
    let mut buf = [0u8; 64];
    write_file(c"/proc/self/uid_map", id_map(&mut buf, plan.uid));
    write_file(c"/proc/self/gid_map", id_map(&mut buf, plan.gid));
    true
}

/// `"ID ID 1"` in `buf`.
fn id_map(buf: &mut [u8; 64], id: u32) -> &[u8] {
    let mut digits = [0u8; 10];
    let mut n = 0;
    let mut v = id;
    loop {
        if let Some(d) = digits.get_mut(n) {
            *d = b'0' + (v % 10) as u8;
        }
        n += 1;
        v /= 10;
        if v == 0 || n == digits.len() {
            break;
        }
    }
    let mut len = 0;
    let mut push = |b: u8| {
        if let Some(slot) = buf.get_mut(len) {
            *slot = b;
            len += 1;
        }
    };
    for _ in 0..2 {
        for i in (0..n).rev() {
            push(digits.get(i).copied().unwrap_or(b'0'));
        }
        push(b' ');
    }
    push(b'1');
    buf.get(..len).unwrap_or(&[])
}

/// Writes `data` to the file `path` (best effort).
unsafe fn write_file(path: &std::ffi::CStr, data: &[u8]) {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    if fd >= 0 {
        libc::write(fd, data.as_ptr().cast(), data.len());
        libc::close(fd);
    }
}

/// The first process of the PID namespace: forks the program, reaps
/// whatever it inherits, and when the program ends writes its record and
/// exits (which kills everything left in the namespace). Returns only in
/// the program's process.
unsafe fn namespace_init(plan: &Plan) {
    // Dies with the supervisor, and so the whole namespace with it.
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    let program = libc::fork();
    if program == 0 {
        return;
    }
    if program < 0 {
        libc::_exit(126);
    }
    close_fds_except(plan.status_fd);
    loop {
        let mut st = 0;
        let r = libc::waitpid(-1, &mut st, 0);
        if r == program {
            write_record(plan.status_fd, Record::of_wait_status(st));
            libc::_exit(0);
        }
        if r < 0 && *libc::__errno_location() != libc::EINTR {
            libc::_exit(126);
        }
    }
}

/// The program's own process, just before exec: the default signal mask,
/// its own process group, death with its parent, and its rlimits.
unsafe fn become_program(plan: &Plan) -> io::Result<()> {
    let mut none: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut none);
    libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
    libc::setpgid(0, 0);
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    let set = |res, v: u64| {
        let l = libc::rlimit {
            rlim_cur: v,
            rlim_max: v,
        };
        libc::setrlimit(res, &l);
    };
    set(libc::RLIMIT_CPU, plan.rlimits.cpu_seconds);
    set(libc::RLIMIT_CORE, 0);
    if let Some(m) = plan.rlimits.address_space {
        set(libc::RLIMIT_AS, m);
    }
    if let Some(s) = plan.rlimits.stack {
        set(libc::RLIMIT_STACK, s);
    }
    plan.confined.apply()
}

/// Whether a program can run in its own PID namespace here (directly or
/// in a user namespace, as [`install`] tries): tried once in a forked
/// child that exits at once. False under `LLORACLE_NO_PID_NAMESPACE`.
pub fn pid_namespace_available() -> bool {
    namespaces_available(0)
}

/// Whether a confined program gets its own network namespace with its PID
/// namespace here, as [`install`] tries; false under
/// `LLORACLE_NO_PID_NAMESPACE`.
pub fn network_namespace_available() -> bool {
    namespaces_available(libc::CLONE_NEWNET)
}

/// Whether a PID namespace, with the namespaces of `more`, can be entered
/// directly or in a user namespace: tried in a forked child.
fn namespaces_available(more: libc::c_int) -> bool {
    if std::env::var_os(NO_NAMESPACE_VAR).is_some() {
        return false;
    }
    // SAFETY: the child makes two system calls and exits.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: in the forked child.
        unsafe {
            let ok = libc::unshare(libc::CLONE_NEWPID | more) == 0
                || libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWPID | more) == 0;
            libc::_exit(i32::from(!ok));
        }
    }
    if pid < 0 {
        return false;
    }
    let mut st = 0;
    // SAFETY: reaping our own child.
    unsafe { libc::waitpid(pid, &mut st, 0) };
    libc::WIFEXITED(st) && libc::WEXITSTATUS(st) == 0
}

/// The supervisor's loop: waits for the program (`first`: the program, or
/// the namespace's init) until the deadline or a stop request, kills every
/// descendant, writes the record (unless the namespace's init did) and
/// exits.
unsafe fn supervise(
    plan: &Plan,
    first: Started,
    in_namespace: bool,
    start: libc::timespec,
    waited: &libc::sigset_t,
) -> ! {
    let deadline = add(start, plan.timeout);
    let mut reaped = false;
    let record = loop {
        let mut ended = None;
        loop {
            let mut st = 0;
            let r = libc::waitpid(-1, &mut st, libc::WNOHANG);
            if r <= 0 {
                break;
            }
            if r == first.0 {
                reaped = true;
                ended = Some(Record::of_wait_status(st));
            }
        }
        if let Some(rec) = ended {
            // The namespace's init wrote the program's own record.
            break (!in_namespace).then_some(rec);
        }
        let Some(left) = sub(deadline, now()) else {
            break Some(Record::TimedOut);
        };
        if libc::sigtimedwait(waited, std::ptr::null_mut(), &left) == libc::SIGTERM {
            break Some(Record::Stopped);
        }
    };
    kill_descendants(first, reaped);
    if let Some(r) = record {
        write_record(plan.status_fd, r);
    }
    libc::_exit(0)
}

/// Kills `first` (in a namespace its init: that ends the namespace) and
/// the process group it leads, then every child the supervisor still has
/// (orphans are re-parented to it), round after round until none is left
/// (at most about five seconds). `first` is signalled through its pidfd;
/// without one only while it is not `reaped` (an unreaped child's pid and
/// group cannot have been reused).
unsafe fn kill_descendants(first: Started, reaped: bool) {
    let Started(pid, fd) = first;
    if fd >= 0 {
        pidfd::kill_raw(fd);
    } else if !reaped {
        libc::kill(-pid, libc::SIGKILL);
        libc::kill(pid, libc::SIGKILL);
    }
    for _ in 0..5000 {
        kill_children();
        loop {
            let r = libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG);
            if r < 0 {
                // ECHILD: no child left.
                return;
            }
            if r == 0 {
                break;
            }
        }
        let ms = libc::timespec {
            tv_sec: 0,
            tv_nsec: 1_000_000,
        };
        libc::nanosleep(&ms, std::ptr::null_mut());
    }
}

/// Sends `SIGKILL` to every child listed in `/proc/thread-self/children`
/// (and to its process group). Each is an unreaped child of this
/// single-threaded supervisor, which alone reaps them: its pid, and a
/// group numbered by it, cannot have been reused.
unsafe fn kill_children() {
    let fd = libc::open(
        c"/proc/thread-self/children".as_ptr(),
        libc::O_RDONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return;
    }
    let mut buf = [0u8; 4096];
    let mut carry: libc::pid_t = 0;
    loop {
        let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
        if n <= 0 {
            break;
        }
        for &b in buf.iter().take(n as usize) {
            if b.is_ascii_digit() {
                carry = carry
                    .saturating_mul(10)
                    .saturating_add(libc::pid_t::from(b - b'0'));
            } else {
                kill_one(carry);
                carry = 0;
            }
        }
    }
    kill_one(carry);
    libc::close(fd);
}

unsafe fn kill_one(pid: libc::pid_t) {
    if pid > 1 {
        libc::kill(pid, libc::SIGKILL);
        libc::kill(-pid, libc::SIGKILL);
    }
}

/// Closes every descriptor from 3 up except `keep` (lloracle's other pipes,
/// std's exec-error pipe) so that only the program holds them.
unsafe fn close_fds_except(keep: libc::c_int) {
    let max = libc::c_uint::MAX;
    let keep = keep.max(2) as libc::c_uint;
    let closed = if keep > 3 {
        libc::syscall(
            libc::SYS_close_range,
            3 as libc::c_uint,
            keep - 1,
            0 as libc::c_uint,
        )
    } else {
        0
    };
    let rest = libc::syscall(libc::SYS_close_range, keep + 1, max, 0 as libc::c_uint);
    if closed != 0 || rest != 0 {
        for fd in 3..4096 {
            if fd != keep as libc::c_int {
                libc::close(fd);
            }
        }
    }
}

unsafe fn write_record(fd: libc::c_int, r: Record) {
    let b = r.encode();
    libc::write(fd, b.as_ptr().cast(), b.len());
}

fn now() -> libc::timespec {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid out-pointer.
    unsafe {
        libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut t);
    }
    t
}

const CENTURY_SECS: u64 = 100 * 365 * 86_400;

const NANOS: libc::c_long = 1_000_000_000;

fn add(a: libc::timespec, b: libc::timespec) -> libc::timespec {
    let mut s = a.tv_sec.saturating_add(b.tv_sec);
    let mut n = a.tv_nsec + b.tv_nsec;
    if n >= NANOS {
        s = s.saturating_add(1);
        n -= NANOS;
    }
    libc::timespec {
        tv_sec: s,
        tv_nsec: n,
    }
}

/// `a - b`, or `None` when `a` is not after `b`.
fn sub(a: libc::timespec, b: libc::timespec) -> Option<libc::timespec> {
    let mut s = a.tv_sec - b.tv_sec;
    let mut n = a.tv_nsec - b.tv_nsec;
    if n < 0 {
        s -= 1;
        n += NANOS;
    }
    (s > 0 || (s == 0 && n > 0)).then_some(libc::timespec {
        tv_sec: s,
        tv_nsec: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_round_trip() {
        for r in [
            Record::Exited(7),
            Record::Signaled(9),
            Record::TimedOut,
            Record::Stopped,
            Record::Started(1234),
        ] {
            assert_eq!(Record::decode(&r.encode()), Some(r));
        }
        assert_eq!(Record::decode(&[1, 0, 0]), None);
    }

    #[test]
    fn id_maps_are_decimal() {
        let mut buf = [0u8; 64];
        assert_eq!(id_map(&mut buf, 0), b"0 0 1");
        assert_eq!(id_map(&mut buf, 4294967295), b"4294967295 4294967295 1");
        assert_eq!(id_map(&mut buf, 1000), b"1000 1000 1");
    }
}
