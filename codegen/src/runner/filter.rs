//! The system calls a program run in process may make (docs/architecture.md,
//! "Running native code safely"): a seccomp filter installed in the child
//! (or the long-lived worker) just before the program's first instruction.
//!
//! What runs after it is the program's own code and the runtime functions
//! of `rt.rs`, which need: `write` to the stdout pipe (fd 1) and to the
//! result pipe, `exit_group` / `exit`, and for the C runtime's faults
//! (`abort` when the heap is used up, `SIGSEGV` on a null string, both
//! through the C library's `raise`) `rt_sigprocmask`, `getpid`, `gettid`
//! and `tgkill` of the child itself with `SIGABRT` or `SIGSEGV`. The worker
//! also receives its next job on its control socket (`recvfrom`), remaps
//! the arena (`mprotect`, `madvise`) and sets its CPU limit (`getrusage`,
//! `prlimit64` of itself). Any other call (opening or removing a file,
//! `kill`, `fork`, a socket, ...) is refused: in a fresh child the kernel
//! raises `SIGSYS` (`SECCOMP_RET_TRAP`), whose handler (`child.rs`)
//! writes the call's number on the result pipe and ends the child with
//! `SIGSYS` again (its `tgkill` of itself with `SIGSYS` is allowed); the
//! run's outcome is a crash with that signal naming the call. The worker
//! is killed outright (`SECCOMP_RET_KILL_PROCESS`): its outcomes are
//! confirmed in a fresh child before they are reported.
//!
//! The filters are built before any fork (with allocation) with
//! placeholders for what only the child knows (its pid, its result pipe,
//! its control socket); the child copies the program onto its stack and
//! puts the real values in ([`install`]): plain memory writes and two
//! system calls.

use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The placeholder of the child's pid in a filter (no pid is this large).
const PID: u32 = 0x7fff_fff0;
/// The placeholder of the result pipe's descriptor.
const RESULT: u32 = 0x7fff_ffe0;
/// The placeholder of the worker's control socket.
const CONTROL: u32 = 0x7fff_ffd0;

/// The most instructions a filter may have here (the child copies it to
/// its stack).
const MAX_LEN: usize = 512;

/// Which program runs under the filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A fresh child that runs one program and exits.
    Child,
    /// The long-lived worker (`worker_loop.rs`).
    Worker,
}

static CHILD: OnceLock<Option<Vec<libc::sock_filter>>> = OnceLock::new();
static WORKER: OnceLock<Option<Vec<libc::sock_filter>>> = OnceLock::new();

/// Builds both filters (once); called before every fork whose child may
/// install one. `None` inside: this machine has no seccomp (the program
/// then runs without the filter, as the report's isolation says).
pub(super) fn prepare() {
    for kind in [Kind::Child, Kind::Worker] {
        cell(kind).get_or_init(|| {
            if !toolchain::isolation().seccomp {
                return None;
            }
            build(kind).ok().filter(|f| f.len() <= MAX_LEN)
        });
    }
}

fn cell(kind: Kind) -> &'static OnceLock<Option<Vec<libc::sock_filter>>> {
    match kind {
        Kind::Child => &CHILD,
        Kind::Worker => &WORKER,
    }
}

/// The filter of `kind` (see the module documentation).
fn build(kind: Kind) -> Result<Vec<libc::sock_filter>, String> {
    use seccompiler::{SeccompAction, SeccompCmpArgLen as Len, SeccompCmpOp as Op};
    use seccompiler::{SeccompCondition as Cond, SeccompRule as Rule};
    let eq = |arg: u8, v: u32| {
        Cond::new(arg, Len::Dword, Op::Eq, u64::from(v)).map_err(|e| e.to_string())
    };
    let rule = |conds: Vec<Cond>| Rule::new(conds).map_err(|e| e.to_string());
    let mut rules: BTreeMap<i64, Vec<Rule>> = BTreeMap::new();
    rules.insert(
        libc::SYS_write,
        vec![rule(vec![eq(0, 1)?])?, rule(vec![eq(0, RESULT)?])?],
    );
    for unconditional in [
        libc::SYS_exit,
        libc::SYS_exit_group,
        libc::SYS_rt_sigprocmask,
        libc::SYS_getpid,
        libc::SYS_gettid,
    ] {
        rules.insert(unconditional, Vec::new());
    }
    let mut own_signals = vec![libc::SIGABRT, libc::SIGSEGV];
    if kind == Kind::Child {
        own_signals.push(libc::SIGSYS);
    }
    rules.insert(
        libc::SYS_tgkill,
        own_signals
            .into_iter()
            .map(|sig| rule(vec![eq(0, PID)?, eq(2, sig as u32)?]))
            .collect::<Result<_, _>>()?,
    );
    if kind == Kind::Worker {
        rules.insert(libc::SYS_recvfrom, vec![rule(vec![eq(0, CONTROL)?])?]);
        rules.insert(libc::SYS_mprotect, Vec::new());
        rules.insert(libc::SYS_madvise, Vec::new());
        rules.insert(libc::SYS_getrusage, Vec::new());
        rules.insert(libc::SYS_prlimit64, vec![rule(vec![eq(0, 0)?])?]);
    }
    let refused = match kind {
        Kind::Child => SeccompAction::Trap,
        Kind::Worker => SeccompAction::KillProcess,
    };
    toolchain::confine::compile_filter(rules, refused, SeccompAction::Allow)
}

/// Installs the filter of `kind` on the calling process with its real
/// pid, result pipe `result` and control socket `control` (-1: none);
/// true when installed or when there is none to install (no seccomp).
///
/// # Safety
/// Only in the forked child, after [`prepare`] ran in the parent before
/// the fork.
pub(super) unsafe fn install(kind: Kind, result: libc::c_int, control: libc::c_int) -> bool {
    let Some(Some(filter)) = cell(kind).get() else {
        return true;
    };
    let mut prog = [libc::sock_filter {
        code: 0,
        jt: 0,
        jf: 0,
        k: 0,
    }; MAX_LEN];
    let Some(copy) = prog.get_mut(..filter.len()) else {
        return false;
    };
    copy.copy_from_slice(filter);
    let pid = libc::getpid() as u32;
    for i in copy.iter_mut() {
        i.k = match i.k {
            PID => pid,
            RESULT => result as u32,
            CONTROL => control as u32,
            k => k,
        };
    }
    libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0
        && toolchain::restrict::install_filter(copy).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a filtered child does (given its result pipe).
    type Call = fn(libc::c_int);

    /// The file the `unlink` children try to remove: one for every test of
    /// this process (in a folder left in the temporary folder), made before
    /// the first fork.
    static VICTIM: OnceLock<(std::path::PathBuf, std::ffi::CString)> = OnceLock::new();

    /// [`VICTIM`]'s path, made on first use.
    fn victim() -> &'static std::path::Path {
        &VICTIM
            .get_or_init(|| {
                let dir = tempfile::tempdir().expect("tempdir").keep();
                let victim = dir.join("victim");
                std::fs::write(&victim, "x").expect("write");
                let c = std::ffi::CString::new(victim.to_str().expect("utf-8")).expect("no NUL");
                (victim, c)
            })
            .0
    }

    /// [`VICTIM`]'s path as the system call takes it.
    fn victim_c() -> &'static std::ffi::CStr {
        victim();
        VICTIM.get().map_or(c"", |v| v.1.as_c_str())
    }

    /// Forks a child that installs the fresh child's filter (its result
    /// pipe `result`) and then runs `call`; the child's wait status.
    fn in_filtered_child(result: libc::c_int, call: Call) -> i32 {
        in_child(result, call, false)
    }

    /// [`in_filtered_child`], with the `SIGSYS` handler that names a
    /// refused call on `result` when `report` (as a real run has).
    fn in_child(result: libc::c_int, call: Call, report: bool) -> i32 {
        prepare();
        // SAFETY: the child makes system calls only and exits.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: in the forked child, after `prepare`.
            unsafe {
                if report {
                    super::super::child::report_refused_calls(result);
                }
                if !install(Kind::Child, result, -1) {
                    libc::_exit(NOT_INSTALLED);
                }
                call(result);
                libc::_exit(0);
            }
        }
        assert!(pid > 0, "fork failed");
        let mut st = 0;
        // SAFETY: reaping our own child.
        unsafe { libc::waitpid(pid, &mut st, 0) };
        st
    }

    /// The exit status of a test child whose filter was not installed.
    const NOT_INSTALLED: i32 = 119;

    fn seccomp_or_skip() -> bool {
        prepare();
        let ok = matches!(CHILD.get(), Some(Some(_)));
        if !ok {
            eprintln!("SKIP: no seccomp here");
        }
        ok
    }

    /// What the runtime needs passes: a write to the result pipe, then
    /// exit 0; the C library's `abort` ends the child with `SIGABRT`, not
    /// `SIGSYS` (its `tgkill` of itself is allowed).
    #[test]
    fn the_runtime_s_calls_pass() {
        if !seccomp_or_skip() {
            return;
        }
        let mut fds = [0; 2];
        // SAFETY: a pipe into a valid array.
        assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
        let st = in_filtered_child(fds[1], |fd| {
            // SAFETY: writing our own byte.
            unsafe { libc::write(fd, b"x".as_ptr().cast(), 1) };
        });
        assert!(libc::WIFEXITED(st) && libc::WEXITSTATUS(st) == 0, "{st:#x}");
        let mut b = [0u8; 1];
        // SAFETY: reading into our own byte.
        assert_eq!(unsafe { libc::read(fds[0], b.as_mut_ptr().cast(), 1) }, 1);
        assert_eq!(&b, b"x");
        // SAFETY: the child aborts.
        let st = in_filtered_child(fds[1], |_| unsafe { libc::abort() });
        assert!(
            libc::WIFSIGNALED(st) && libc::WTERMSIG(st) == libc::SIGABRT,
            "{st:#x}"
        );
        // SAFETY: closing our own pipe.
        unsafe {
            libc::close(fds[0]);
            libc::close(fds[1]);
        }
    }

    /// Each forbidden call kills the child with `SIGSYS` before it acts:
    /// `kill(own pid, 0)` (harmless even if it ran), `unlink` of a file
    /// (still there afterwards), `fork`, `socket`, `openat`.
    #[test]
    fn forbidden_calls_end_the_child_with_sigsys() {
        if !seccomp_or_skip() {
            return;
        }
        let victim = victim();
        let calls: [(&str, Call); 5] = [
            ("kill", |_| unsafe {
                libc::syscall(libc::SYS_kill, libc::getpid(), 0);
            }),
            ("unlink", |_| unsafe {
                libc::syscall(libc::SYS_unlink, victim_c().as_ptr());
            }),
            ("fork", |_| unsafe {
                libc::syscall(libc::SYS_fork);
            }),
            ("socket", |_| unsafe {
                libc::syscall(libc::SYS_socket, libc::AF_INET, libc::SOCK_STREAM, 0);
            }),
            ("openat", |_| unsafe {
                libc::syscall(libc::SYS_openat, libc::AT_FDCWD, c"/etc/passwd".as_ptr(), 0);
            }),
        ];
        for (name, call) in calls {
            let st = in_filtered_child(-1, call);
            assert!(
                libc::WIFSIGNALED(st) && libc::WTERMSIG(st) == libc::SIGSYS,
                "{name}: {st:#x}"
            );
        }
        assert!(victim.exists());
    }

    /// With the handler a real run installs, each refused call still ends
    /// the child with `SIGSYS` and its number arrives on the result pipe:
    /// x86-64 `kill` is 62 (signal 0 to its own pid, harmless even if it
    /// ran), `unlink` 87 (the file is still there), `fork` 57, `socket` 41
    /// (numbers from the kernel's `syscall_64.tbl`).
    #[test]
    fn a_refused_call_is_named_on_the_result_pipe() {
        if !seccomp_or_skip() {
            return;
        }
        let victim = victim();
        let calls: [(i64, Call); 4] = [
            (62, |_| unsafe {
                libc::kill(libc::getpid(), 0);
            }),
            (87, |_| unsafe {
                libc::unlink(victim_c().as_ptr());
            }),
            (57, |_| unsafe {
                libc::syscall(libc::SYS_fork);
            }),
            (41, |_| unsafe {
                libc::socket(libc::AF_INET, libc::SOCK_DGRAM, 0);
            }),
        ];
        for (number, call) in calls {
            let mut fds = [0; 2];
            // SAFETY: a pipe into a valid array.
            assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0);
            let st = in_child(fds[1], call, true);
            let mut got = [0u8; 64];
            // SAFETY: closing our write end, reading into our own buffer
            // (the child is gone: what it wrote is all there).
            let n = unsafe {
                libc::close(fds[1]);
                let n = libc::read(fds[0], got.as_mut_ptr().cast(), got.len());
                libc::close(fds[0]);
                n
            };
            assert!(
                libc::WIFSIGNALED(st) && libc::WTERMSIG(st) == libc::SIGSYS,
                "{number}: {st:#x}"
            );
            let got = got.get(..usize::try_from(n).unwrap_or(0)).unwrap_or(&[]);
            assert_eq!(
                super::super::child::refused_call(got),
                Some(number),
                "{got:?}"
            );
        }
        assert!(victim.exists());
    }
}
