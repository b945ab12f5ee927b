//! The long-lived runner child's side (see `worker.rs`): set up once like a
//! fresh child (`child.rs`), then run one program per job, each with the
//! state a fresh child would have: the image copied afresh into the arena
//! (globals as initialised, code read + execute, everything else of the
//! arena inaccessible), the stack and heap zero again, a CPU limit counted
//! from now. After `fork` in a possibly multithreaded parent only system
//! calls on prepared values are safe here: no allocation, no locks.

use super::child::{self, default_signals, map_or_exit, write_result};
use super::{filter, rt};

/// Everything the worker needs, prepared by the parent before `fork`.
pub(super) struct WorkerParams {
    /// The socket end jobs arrive on.
    pub ctl: libc::c_int,
    /// The write end of the stdout pipe (becomes fd 1).
    pub out_w: libc::c_int,
    /// The write end of the result pipe: 8 bytes per finished run.
    pub res_w: libc::c_int,
    /// The arena the image is copied to (reserved inaccessible).
    pub arena: usize,
    /// The length of the arena and of the staging area.
    pub arena_len: usize,
    /// The staging area the parent writes each image to (shared memory).
    pub staging: usize,
    /// Bytes of the program's stack.
    pub stack_size: usize,
    /// Bytes of the runtime functions' heap.
    pub heap_size: usize,
    /// RLIMIT_AS in bytes (set after the stack and heap are mapped).
    pub max_memory: u64,
}

/// One run as the worker receives it; the image is in the staging area.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Job {
    /// Bytes of the image (data, code, argv), page-rounded.
    pub len: u64,
    /// Offset of the code pages in the image.
    pub code_off: u64,
    /// Length of the code pages.
    pub code_len: u64,
    /// Address of the entry trampoline.
    pub entry: u64,
    /// argc.
    pub argc: i64,
    /// Address of argv in the arena.
    pub argv: u64,
    /// CPU seconds this run may use (RLIMIT_CPU counted from its start).
    pub cpu_seconds: u64,
}

/// The size of a [`Job`] message.
pub(super) const JOB_LEN: usize = std::mem::size_of::<Job>();

/// The exit status of a worker that received a malformed job (nothing ran).
pub(super) const BAD_JOB: i32 = 126;

/// The next job, or `None` when the parent's end is closed or the message
/// is not a job.
///
/// # Safety
/// Only called in the worker.
unsafe fn next_job(ctl: libc::c_int) -> Option<Job> {
    let mut job = Job::default();
    loop {
        let n = libc::recv(ctl, (&mut job as *mut Job).cast(), JOB_LEN, 0);
        if n < 0 && *libc::__errno_location() == libc::EINTR {
            continue;
        }
        return (n == JOB_LEN as isize).then_some(job);
    }
}

/// Lets the program use `seconds` more CPU seconds than used so far.
///
/// # Safety
/// Only called in the worker.
unsafe fn cpu_limit_from_now(seconds: u64, hard: u64) {
    let mut ru: libc::rusage = std::mem::zeroed();
    libc::getrusage(libc::RUSAGE_SELF, &mut ru);
    let used = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + 1).max(0) as u64;
    let l = libc::rlimit {
        rlim_cur: used.saturating_add(seconds).min(hard),
        rlim_max: hard,
    };
    libc::setrlimit(libc::RLIMIT_CPU, &l);
}

/// Sets up, then runs jobs until the parent's end closes.
///
/// # Safety
/// Only called in the child right after `fork`, with `p` prepared by the
/// parent (arena reserved, staging shared).
pub(super) unsafe fn serve(p: &WorkerParams) -> ! {
    libc::setpgid(0, 0);
    default_signals();
    if libc::dup2(p.out_w, 1) < 0 {
        libc::_exit(120);
    }
    let keep = if p.ctl < p.res_w {
        [p.ctl, p.res_w]
    } else {
        [p.res_w, p.ctl]
    };
    child::close_all_but(keep);
    libc::mprotect(p.staging as *mut libc::c_void, p.arena_len, libc::PROT_READ);
    let stack = child::map_stack_or_exit(p.stack_size);
    let heap = map_or_exit(p.heap_size, 122);
    child::limit(libc::RLIMIT_FSIZE, 0);
    child::limit(libc::RLIMIT_CORE, 0);
    child::limit(libc::RLIMIT_AS, p.max_memory);
    let mut cpu: libc::rlimit = std::mem::zeroed();
    libc::getrlimit(libc::RLIMIT_CPU, &mut cpu);
    let stack_top = (stack + p.stack_size) & !15;
    if !filter::install(filter::Kind::Worker, p.res_w, p.ctl) {
        libc::_exit(child::FILTER_FAILED);
    }
    while let Some(job) = next_job(p.ctl) {
        let (len, code_off, code_len) = (
            job.len as usize,
            job.code_off as usize,
            job.code_len as usize,
        );
        if len > p.arena_len || code_off.saturating_add(code_len) > len {
            libc::_exit(BAD_JOB);
        }
        let arena = p.arena as *mut libc::c_void;
        if libc::mprotect(arena, len, libc::PROT_READ | libc::PROT_WRITE) != 0 {
            libc::_exit(123);
        }
        std::ptr::copy_nonoverlapping(p.staging as *const u8, p.arena as *mut u8, len);
        let code = (p.arena + code_off) as *mut libc::c_void;
        if libc::mprotect(code, code_len, libc::PROT_READ | libc::PROT_EXEC) != 0 {
            libc::_exit(123);
        }
        libc::madvise(
            stack as *mut libc::c_void,
            p.stack_size,
            libc::MADV_DONTNEED,
        );
        libc::madvise(heap as *mut libc::c_void, p.heap_size, libc::MADV_DONTNEED);
        rt::set_heap(heap, p.heap_size);
        cpu_limit_from_now(job.cpu_seconds, cpu.rlim_max);
        // SAFETY: `entry` is the trampoline the parent assembled for the
        // arena: (i64 argc, char **argv, u64 stack_top) -> i64, System V.
        let f: extern "C" fn(i64, *const *const libc::c_char, u64) -> i64 =
            std::mem::transmute(job.entry as usize);
        let r = f(
            job.argc,
            job.argv as usize as *const *const libc::c_char,
            stack_top as u64,
        );
        libc::mprotect(arena, len, libc::PROT_NONE);
        if !write_result(p.res_w, r) {
            libc::_exit(child::RESULT_WRITE_FAILED);
        }
    }
    libc::_exit(0)
}
