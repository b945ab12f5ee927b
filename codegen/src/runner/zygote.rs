//! The runner process: a small process forked once, early, that forks the
//! child of each native run on the parent's behalf.
//!
//! Forking the parent itself costs more the more memory it has, and after
//! every fork each page the parent writes faults once more (copy on write).
//! The runner process has only the memory the parent had when it started,
//! writes almost nothing, and so forks cheaply. The safety contract is the
//! same as a direct fork (docs/architecture.md, "Running native code safely"): the
//! child runs `child::run` (own process group, rlimits, fresh stack and
//! heap); the parent keeps the pipes, the timeout and the output cap, kills
//! the child's process group itself, and learns the wait status from the
//! runner process, which reaps the child.
//!
//! Protocol on a `SOCK_SEQPACKET` socket pair: the parent sends a
//! [`Request`] with three descriptors (the image memory file, the stdout and
//! result pipes' write ends); the runner process answers with the child's
//! pid (negative when fork failed) and a pidfd of it, then, once the child
//! is reaped, its wait status. The parent signals the child only through
//! that pidfd: the runner process may have reaped it, and its pid been
//! reused, by the time the parent kills it. Any failure of the runner
//! process itself makes the parent fall back to forking directly, never changes an outcome.

use super::child::{self, ChildParams, Image};
use super::close;
use std::os::fd::{FromRawFd, OwnedFd};
use std::sync::Mutex;
use toolchain::{fdpass, pidfd};

/// One run's parameters as the runner process receives them.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub(super) struct Request {
    /// Where the image must be mapped in the child.
    pub base: u64,
    /// Length of the image (data, code, argv).
    pub len: u64,
    /// Offset of the code pages in the image.
    pub code_off: u64,
    /// Length of the code pages.
    pub code_len: u64,
    /// Address of the entry trampoline.
    pub entry: u64,
    /// argc.
    pub argc: i64,
    /// Address of argv in the mapped image.
    pub argv: u64,
    /// Bytes of the program's stack.
    pub stack_size: u64,
    /// Bytes of the runtime heap.
    pub heap_size: u64,
    /// RLIMIT_CPU in seconds.
    pub cpu_seconds: u64,
    /// RLIMIT_AS in bytes.
    pub max_memory: u64,
}

const REQ_LEN: usize = std::mem::size_of::<Request>();

/// The parent's handle on the runner process.
pub(super) struct Runner {
    sock: libc::c_int,
    pid: libc::pid_t,
}

/// Whether the runner process has been started, and whether it works.
enum State {
    NotStarted,
    Running(Runner),
    Broken,
}

static RUNNER: Mutex<State> = Mutex::new(State::NotStarted);

/// The runner process, started if need be; `None` when another thread is
/// using it or it cannot work (the caller then forks directly). The guard
/// is held for the whole run.
pub(super) fn acquire() -> Option<RunnerGuard> {
    let mut g = match RUNNER.try_lock() {
        Ok(g) => g,
        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return None,
    };
    if matches!(*g, State::NotStarted) {
        *g = match start() {
            Some(r) => State::Running(r),
            None => State::Broken,
        };
    }
    match *g {
        State::Running(_) => Some(RunnerGuard(g)),
        _ => None,
    }
}

/// Exclusive use of the running runner process.
pub(super) struct RunnerGuard(std::sync::MutexGuard<'static, State>);

impl RunnerGuard {
    fn runner(&self) -> Option<&Runner> {
        match &*self.0 {
            State::Running(r) => Some(r),
            _ => None,
        }
    }

    /// Marks the runner process unusable (it is killed and reaped).
    pub(super) fn break_down(&mut self) {
        if let State::Running(r) = &*self.0 {
            // SAFETY: closing our socket end, killing and reaping our child.
            unsafe {
                libc::close(r.sock);
                libc::kill(r.pid, libc::SIGKILL);
                let mut st = 0;
                libc::waitpid(r.pid, &mut st, 0);
            }
        }
        *self.0 = State::Broken;
    }

    /// Asks for a child running `req` with `fds` = [image, stdout write
    /// end, result write end]; the child's pid and a pidfd of it (opened
    /// by the runner process before it could reap the child: see
    /// `toolchain::pidfd`), or `None` when the runner process does not
    /// answer (the descriptors stay the caller's).
    pub(super) fn spawn(
        &mut self,
        req: &Request,
        fds: [libc::c_int; 3],
    ) -> Option<(libc::pid_t, Option<OwnedFd>)> {
        let sock = self.runner()?.sock;
        // SAFETY: the request is plain old data of REQ_LEN bytes.
        let bytes =
            unsafe { std::slice::from_raw_parts((req as *const Request).cast::<u8>(), REQ_LEN) };
        if !fdpass::send(sock, bytes, &fds) {
            self.break_down();
            return None;
        }
        let mut b = [0u8; 4];
        let mut pidfd = [-1];
        // SAFETY: the received pidfd is owned below.
        let n = unsafe { fdpass::recv(sock, &mut b, &mut pidfd, 0) };
        if n != 4 {
            if pidfd[0] >= 0 {
                close(pidfd[0]);
            }
            self.break_down();
            return None;
        }
        // SAFETY: a descriptor just received and owned by no one else.
        let pidfd = (pidfd[0] >= 0).then(|| unsafe { OwnedFd::from_raw_fd(pidfd[0]) });
        Some((i32::from_le_bytes(b), pidfd))
    }

    /// The wait status of the child last spawned (the runner process reaps
    /// it); `None` when the runner process died.
    pub(super) fn status(&mut self) -> Option<i32> {
        let sock = self.runner()?.sock;
        let st = recv_i32(sock);
        if st.is_none() {
            self.break_down();
        }
        st
    }
}

fn send_i32(sock: libc::c_int, v: i32) -> bool {
    let b = v.to_le_bytes();
    // SAFETY: sending our own 4 bytes.
    unsafe { libc::send(sock, b.as_ptr().cast(), 4, libc::MSG_NOSIGNAL) == 4 }
}

fn recv_i32(sock: libc::c_int) -> Option<i32> {
    let mut b = [0u8; 4];
    loop {
        // SAFETY: receiving into our own 4 bytes.
        let n = unsafe { libc::recv(sock, b.as_mut_ptr().cast(), 4, 0) };
        if n == 4 {
            return Some(i32::from_le_bytes(b));
        }
        // SAFETY: reading errno.
        if n < 0 && unsafe { *libc::__errno_location() } == libc::EINTR {
            continue;
        }
        return None;
    }
}

/// Forks the runner process; `None` when that fails.
fn start() -> Option<Runner> {
    let mut sv = [0; 2];
    // SAFETY: socketpair writes two descriptors into `sv`.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            sv.as_mut_ptr(),
        )
    } != 0
    {
        return None;
    }
    // Its children install the filters: built before the fork.
    super::filter::prepare();
    let guard = super::FORK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the child only runs `serve`, which makes system calls and
    // never returns.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: in the child, right after fork.
        unsafe { serve(sv[1], sv[0]) }
    }
    drop(guard);
    // SAFETY: closing the runner's end in the parent.
    unsafe {
        libc::close(sv[1]);
    }
    if pid < 0 {
        // SAFETY: closing our end.
        unsafe {
            libc::close(sv[0]);
        }
        return None;
    }
    Some(Runner { sock: sv[0], pid })
}

/// The runner process's loop: one child per request; exits when the
/// parent's end closes.
///
/// # Safety
/// Only called in the runner process right after `fork`.
unsafe fn serve(sock: libc::c_int, parent_end: libc::c_int) -> ! {
    libc::close(parent_end);
    // Hold no descriptor of the parent's but the standard ones and the
    // socket (another run's pipe would otherwise never see end of file).
    for (lo, hi) in [(3, sock - 1), (sock + 1, libc::c_int::MAX)] {
        if lo <= hi {
            libc::syscall(libc::SYS_close_range, lo as u32, hi as u32, 0u32);
        }
    }
    libc::signal(libc::SIGCHLD, libc::SIG_DFL);
    libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    let mut buf = [0u8; REQ_LEN + 8];
    loop {
        let mut fds = [-1; 3];
        let n = fdpass::recv(sock, &mut buf, &mut fds, 0);
        if n <= 0 {
            libc::_exit(0);
        }
        if n as usize != REQ_LEN || fds.contains(&-1) {
            for fd in fds {
                if fd >= 0 {
                    libc::close(fd);
                }
            }
            if !send_i32(sock, -1) {
                libc::_exit(0);
            }
            continue;
        }
        let req: Request = std::ptr::read_unaligned(buf.as_ptr().cast());
        let params = ChildParams {
            code: (req.base + req.code_off) as usize,
            code_len: req.code_len as usize,
            entry: req.entry as usize,
            argc: req.argc,
            argv: req.argv as usize as *const *const libc::c_char,
            out_w: fds[1],
            res_w: fds[2],
            close: [sock, -1, -1],
            image: Some(Image {
                fd: fds[0],
                base: req.base as usize,
                len: req.len as usize,
            }),
            stack_size: req.stack_size as usize,
            heap_size: req.heap_size as usize,
            cpu_seconds: req.cpu_seconds,
            max_memory: req.max_memory,
        };
        let pid = libc::fork();
        if pid == 0 {
            child::run(&params);
        }
        for fd in fds {
            libc::close(fd);
        }
        if pid > 0 {
            libc::setpgid(pid, pid);
        }
        // The child is unreaped until the waitpid below: its pidfd names it.
        let pidfd = pidfd::open_raw(pid);
        let sent = fdpass::send(sock, &pid.to_le_bytes(), fdpass::one(&pidfd));
        if !sent {
            if pid > 0 {
                // Our own unreaped child and the group it leads.
                libc::kill(-pid, libc::SIGKILL);
                libc::kill(pid, libc::SIGKILL);
            }
            libc::_exit(0);
        }
        if pidfd >= 0 {
            libc::close(pidfd);
        }
        if pid < 0 {
            continue;
        }
        let mut status = 0;
        while libc::waitpid(pid, &mut status, 0) < 0 && *libc::__errno_location() == libc::EINTR {}
        if !send_i32(sock, status) {
            libc::_exit(0);
        }
    }
}
