//! The long-lived runner child: one process that runs many programs in
//! sequence, for harnesses that run thousands (fuzz-diff).
//!
//! A fresh child per run costs a fork, an exit and a dozen system calls,
//! about a millisecond; most of a small program's run. The worker is forked
//! once and keeps its mappings: an arena at an address the parent reserved
//! (so the parent can assemble for it), a staging area shared with the
//! parent, a stack and a heap. Per run the parent writes the image to the
//! staging area and sends a [`Job`]; the worker re-initialises what a fresh
//! child would have fresh (see `worker_loop.rs`), runs `main`, and answers
//! with its 8-byte result. The safety contract of a fresh child holds: the
//! parent keeps the timeout and the output cap and kills the worker's
//! process group; a crash kills only the worker. After any run that does
//! not return (crash, timeout, cap) the worker is gone and the next run
//! forks a new one.
//!
//! A program may write anywhere in the worker's memory without crashing
//! (out-of-bounds stores) and so change what a later program in the same
//! worker does. An outcome from the worker is therefore only a first
//! answer: whoever reports a disagreement must first confirm it with a
//! fresh child ([`crate::Module::run`]).

use super::worker_loop::{self, Job, WorkerParams, JOB_LEN};
use super::{
    child, close, outcome_of, pipe, supervise, Built, Child, ImageParts, Lens, NativeOptions,
    Watched,
};
use crate::error::CodegenError;
use crate::Module;
use spec::Outcome;
use std::ffi::CString;
use std::sync::Mutex;

/// The bytes of the arena and of the staging area; a larger image runs in
/// a fresh child.
const ARENA_LEN: usize = 64 << 20;

/// The options a worker is set up with (a run with others needs a new one).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Config {
    stack_size: usize,
    heap_size: usize,
    max_memory: u64,
}

impl Config {
    fn of(opts: &NativeOptions) -> Config {
        Config {
            stack_size: opts.stack_size,
            heap_size: opts.heap_size,
            max_memory: opts.max_memory,
        }
    }
}

/// The parent's handle on a worker; dropping it kills and reaps the worker
/// (unless already reaped) and releases its descriptors and mappings.
struct Worker {
    pid: libc::pid_t,
    reaped: bool,
    ctl: libc::c_int,
    out_r: libc::c_int,
    res_r: libc::c_int,
    arena: usize,
    staging: usize,
    config: Config,
}

static WORKER: Mutex<Option<Worker>> = Mutex::new(None);

/// Runs `m` in the worker (started if need be); `None` when the worker is
/// busy (another thread), cannot start, the image is too large, or it
/// failed before running the program: the caller then runs a fresh child.
pub(super) fn run(
    m: &Module,
    cargs: &[CString],
    lens: &Lens,
    opts: &NativeOptions,
) -> Option<Result<Outcome, CodegenError>> {
    if lens.total() > ARENA_LEN {
        return None;
    }
    let mut g = match WORKER.try_lock() {
        Ok(g) => g,
        Err(std::sync::TryLockError::Poisoned(e)) => e.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return None,
    };
    if g.as_ref().is_some_and(|w| w.config != Config::of(opts)) {
        *g = None;
    }
    if g.is_none() {
        *g = Worker::spawn(opts);
    }
    let w = g.as_mut()?;
    let built = match Built::new(m, w.arena, lens) {
        Ok(b) => b,
        Err(e) => return Some(Err(e)),
    };
    if !w.stage(&built.parts(w.arena, lens), cargs) {
        return Some(Err(CodegenError::global(
            "the image does not fit its mapping",
        )));
    }
    let job = Job {
        len: lens.total() as u64,
        code_off: lens.data as u64,
        code_len: lens.code as u64,
        entry: built.entry,
        argc: cargs.len() as i64,
        argv: (w.arena + lens.data + lens.code) as u64,
        cpu_seconds: super::cpu_seconds_for(opts.timeout),
    };
    if !w.send(&job) {
        *g = None;
        return None;
    }
    let watched = supervise(&mut Child::Direct(w.pid), w.out_r, w.res_r, opts, Some(8));
    match watched {
        Ok(Watched::Answered { .. }) => Some(watched.and_then(outcome_of)),
        Ok(Watched::Finished { status, .. }) if not_run(status) => {
            w.reaped = true;
            *g = None;
            None
        }
        _ => {
            // Killed at the deadline or the cap, or finished (reaped).
            w.reaped = true;
            *g = None;
            Some(watched.and_then(outcome_of))
        }
    }
}

/// Whether a worker that exited with `status` did so before running the
/// program (a setup failure or a malformed job).
fn not_run(status: i32) -> bool {
    libc::WIFEXITED(status) && {
        let code = libc::WEXITSTATUS(status);
        code == worker_loop::BAD_JOB || child::SETUP_FAILED.iter().any(|(c, _)| *c == code)
    }
}

impl Worker {
    /// Reserves the arena, maps the staging area, forks the worker.
    fn spawn(opts: &NativeOptions) -> Option<Worker> {
        // An inaccessible reservation; the staging area is shared with
        // (inherited by) the worker.
        let arena = super::map_fresh(ARENA_LEN, libc::PROT_NONE, libc::MAP_PRIVATE)?;
        let staging = super::map_fresh(
            ARENA_LEN,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_SHARED,
        );
        let mut w = Worker {
            pid: 0,
            reaped: true,
            ctl: -1,
            out_r: -1,
            res_r: -1,
            arena,
            staging: 0,
            config: Config::of(opts),
        };
        w.staging = staging?;
        let mut sv = [-1; 2];
        // SAFETY: socketpair writes two descriptors into `sv`.
        let ok = unsafe {
            libc::socketpair(
                libc::AF_UNIX,
                libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
                0,
                sv.as_mut_ptr(),
            )
        } == 0;
        if !ok {
            return None;
        }
        w.ctl = sv[0];
        let Ok((out_r, out_w)) = pipe() else {
            close(sv[1]);
            return None;
        };
        w.out_r = out_r;
        let Ok((res_r, res_w)) = pipe() else {
            [sv[1], out_w].into_iter().for_each(close);
            return None;
        };
        w.res_r = res_r;
        if sv[1] <= 2 || res_w <= 2 {
            // The worker's fds 0, 1, 2 are the standard ones (a parent
            // started with them closed would hand them out here).
            [sv[1], out_w, res_w].into_iter().for_each(close);
            return None;
        }
        super::set_nonblocking(out_r);
        super::set_nonblocking(res_r);
        let params = WorkerParams {
            ctl: sv[1],
            out_w,
            res_w,
            arena: w.arena,
            arena_len: ARENA_LEN,
            staging: w.staging,
            stack_size: opts.stack_size,
            heap_size: opts.heap_size,
            max_memory: opts.max_memory,
        };
        super::filter::prepare();
        let guard = super::FORK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: the child only runs `worker_loop::serve`, which makes
        // system calls on the prepared parameters and never returns.
        let pid = unsafe { libc::fork() };
        if pid == 0 {
            // SAFETY: in the child, right after fork.
            unsafe { worker_loop::serve(&params) }
        }
        [sv[1], out_w, res_w].into_iter().for_each(close);
        drop(guard);
        if pid < 0 {
            return None;
        }
        w.pid = pid;
        w.reaped = false;
        // SAFETY: the worker's own group (it does so too; harmless twice).
        unsafe {
            libc::setpgid(pid, pid);
        }
        Some(w)
    }

    /// Writes the image to the staging area: data, code and argv, each
    /// zero-padded to its page-rounded length; false when a piece is
    /// longer than its room.
    fn stage(&mut self, image: &ImageParts, cargs: &[CString]) -> bool {
        let argv = super::argv_block(cargs, image.base + image.argv_off);
        let pieces = [
            (0, image.data, image.code_off),
            (image.code_off, image.code, image.code_len),
            (image.argv_off, &argv[..], image.argv_len),
        ];
        if pieces.iter().any(|(_, bytes, len)| bytes.len() > *len) {
            return false;
        }
        for (off, bytes, len) in pieces {
            let n = bytes.len();
            // SAFETY: `off + len` is within the image, which is at most
            // ARENA_LEN (checked by `run`): inside our own shared mapping.
            unsafe {
                let at = (self.staging + off) as *mut u8;
                std::ptr::copy_nonoverlapping(bytes.as_ptr(), at, n);
                std::ptr::write_bytes(at.add(n), 0, len - n);
            }
        }
        true
    }

    /// Sends `job`; false when the worker does not take it.
    fn send(&mut self, job: &Job) -> bool {
        // SAFETY: the job is plain old data of JOB_LEN bytes.
        let n = unsafe {
            libc::send(
                self.ctl,
                (job as *const Job).cast(),
                JOB_LEN,
                libc::MSG_NOSIGNAL,
            )
        };
        n == JOB_LEN as isize
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if !self.reaped {
            super::kill_and_reap(self.pid);
        }
        [self.ctl, self.out_r, self.res_r]
            .into_iter()
            .filter(|fd| *fd >= 0)
            .for_each(close);
        // SAFETY: unmapping our own mappings; the worker is gone.
        unsafe {
            libc::munmap(self.arena as *mut libc::c_void, ARENA_LEN);
            if self.staging != 0 {
                libc::munmap(self.staging as *mut libc::c_void, ARENA_LEN);
            }
        }
    }
}
