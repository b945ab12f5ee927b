//! The child side of a native run. After `fork` in a possibly multithreaded
//! parent only async-signal-safe work is safe, so everything here is a
//! system call on values prepared before the fork: no allocation, no locks.

use super::{filter, rt};
use std::sync::atomic::{AtomicI32, Ordering};

/// Everything the child needs, computed by the parent before `fork`.
pub(super) struct ChildParams {
    /// Start and length of the code pages (made read + execute here).
    pub code: usize,
    /// Length of the code pages.
    pub code_len: usize,
    /// Address of the entry trampoline `(argc, argv, stack_top) -> i64`.
    pub entry: usize,
    /// argc.
    pub argc: i64,
    /// argv (NULL-terminated array of C strings, in the parent's memory).
    pub argv: *const *const libc::c_char,
    /// The write end of the stdout pipe (becomes fd 1).
    pub out_w: libc::c_int,
    /// The write end of the result pipe.
    pub res_w: libc::c_int,
    /// Descriptors the program must not hold (the parent's read ends, the
    /// runner process's socket); -1 for none.
    pub close: [libc::c_int; 3],
    /// The image to map first, when the parent's pages are not inherited
    /// (a run through the runner process).
    pub image: Option<Image>,
    /// Bytes of the program's stack.
    pub stack_size: usize,
    /// Bytes of the runtime functions' heap.
    pub heap_size: usize,
    /// RLIMIT_CPU in seconds.
    pub cpu_seconds: u64,
    /// RLIMIT_AS in bytes (set after the stack and heap are mapped).
    pub max_memory: u64,
}

/// A memory file holding data, code and argv, mapped privately at the
/// address the parent assembled the code for.
#[derive(Clone, Copy, Debug)]
pub(super) struct Image {
    /// The memory file.
    pub fd: libc::c_int,
    /// Where it must be mapped.
    pub base: usize,
    /// Its length.
    pub len: usize,
}

/// The exit status of a child that could not map its image at the
/// required address (the program has not run; the parent runs it again by
/// forking itself).
pub(super) const IMAGE_MAP_FAILED: i32 = 125;

/// The exit status of a child whose system-call filter could not be
/// installed (the program has not run).
pub(super) const FILTER_FAILED: i32 = 119;

/// Exit statuses of a child that failed before running the program.
pub(super) const SETUP_FAILED: [(i32, &str); 6] = [
    (FILTER_FAILED, "installing the system-call filter failed"),
    (120, "dup2 of the stdout pipe failed"),
    (121, "mapping the program's stack failed"),
    (122, "mapping the runtime heap failed"),
    (123, "mprotect of the code failed"),
    (IMAGE_MAP_FAILED, "mapping the image failed"),
];

/// Default dispositions for the signals a program's fault raises, and no
/// signal blocked (the parent may handle or block some).
///
/// # Safety
/// Only called in a forked child.
pub(super) unsafe fn default_signals() {
    for sig in [
        libc::SIGSEGV,
        libc::SIGBUS,
        libc::SIGILL,
        libc::SIGFPE,
        libc::SIGPIPE,
        libc::SIGABRT,
        libc::SIGXCPU,
    ] {
        libc::signal(sig, libc::SIG_DFL);
    }
    let empty: libc::sigset_t = std::mem::zeroed();
    libc::pthread_sigmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
}

/// Sets both the soft and the hard limit of `resource` to `value`.
pub(super) fn limit(resource: libc::__rlimit_resource_t, value: u64) {
    let l = libc::rlimit {
        rlim_cur: value,
        rlim_max: value,
    };
    // SAFETY: setrlimit reads the struct; failure leaves the old limit.
    unsafe {
        libc::setrlimit(resource, &l);
    }
}

/// Maps `len` bytes of fresh read-write memory, or exits with `code`.
///
/// # Safety
/// Only called in the child.
pub(super) unsafe fn map_or_exit(len: usize, code: i32) -> usize {
    match super::map_anon(len) {
        Some(p) => p,
        None => libc::_exit(code),
    }
}

/// Bytes of inaccessible memory below the program's stack: a program that
/// overflows its stack faults there (`SIGSEGV`, as an executable's stack
/// past its limit does) instead of writing into the runtime heap that
/// would otherwise lie below it. Larger than any frame a compiler makes
/// in one step for the programs lloracle runs.
pub(super) const STACK_GUARD: usize = 64 << 20;

/// Maps the program's stack of `len` bytes above [`STACK_GUARD`] bytes of
/// inaccessible memory; its lowest address, or exits with 121.
///
/// # Safety
/// Only called in the child.
pub(super) unsafe fn map_stack_or_exit(len: usize) -> usize {
    let guard = map_or_exit(len.saturating_add(STACK_GUARD), 121);
    if libc::mprotect(guard as *mut libc::c_void, STACK_GUARD, libc::PROT_NONE) != 0 {
        libc::_exit(121);
    }
    guard + STACK_GUARD
}

/// Closes every descriptor but 0, 1, 2 and those in `keep` (sorted).
///
/// # Safety
/// Only called in a forked child or worker.
pub(super) unsafe fn close_all_but(keep: [libc::c_int; 2]) {
    let mut lo = 3;
    for k in keep {
        if k >= lo {
            if k > lo {
                libc::syscall(libc::SYS_close_range, lo as u32, (k - 1) as u32, 0u32);
            }
            lo = k + 1;
        }
    }
    libc::syscall(libc::SYS_close_range, lo as u32, u32::MAX, 0u32);
}

/// Runs the program and exits: its own process group, stdout on the pipe,
/// default signal dispositions, a fresh stack and heap, rlimits, code made
/// executable, every other descriptor closed, the system-call filter
/// (`filter.rs`), then main's result written to the result pipe.
///
/// # Safety
/// Only called in the child right after `fork`, with `p` prepared by the
/// parent (code and data mapped and written, or `image` holding them;
/// argv valid).
pub(super) unsafe fn run(p: &ChildParams) -> ! {
    libc::setpgid(0, 0);
    if p.image.is_some() {
        // Forked by the single-threaded runner process: dies with it (the
        // parent may hold no pidfd to kill it by).
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as libc::c_ulong);
    }
    default_signals();
    if libc::dup2(p.out_w, 1) < 0 {
        libc::_exit(120);
    }
    for fd in p.close {
        libc::close(fd);
    }
    libc::close(p.out_w);
    if let Some(img) = p.image {
        let at = libc::mmap(
            img.base as *mut libc::c_void,
            img.len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_FIXED_NOREPLACE,
            img.fd,
            0,
        );
        if at as usize != img.base {
            libc::_exit(IMAGE_MAP_FAILED);
        }
        libc::close(img.fd);
    }
    let stack = map_stack_or_exit(p.stack_size);
    let heap = map_or_exit(p.heap_size, 122);
    rt::set_heap(heap, p.heap_size);
    limit(libc::RLIMIT_CPU, p.cpu_seconds);
    limit(libc::RLIMIT_FSIZE, 0);
    limit(libc::RLIMIT_CORE, 0);
    limit(libc::RLIMIT_AS, p.max_memory);
    if libc::mprotect(
        p.code as *mut libc::c_void,
        p.code_len,
        libc::PROT_READ | libc::PROT_EXEC,
    ) != 0
    {
        libc::_exit(123);
    }
    let stack_top = (stack + p.stack_size) & !15;
    // Only the standard descriptors and the result pipe from here on (a
    // child forked by the parent itself holds all of the parent's).
    close_all_but([p.res_w, p.res_w]);
    report_refused_calls(p.res_w);
    if !filter::install(filter::Kind::Child, p.res_w, -1) {
        libc::_exit(FILTER_FAILED);
    }
    // SAFETY: `entry` is the trampoline the parent assembled for this
    // address: (i64 argc, char **argv, u64 stack_top) -> i64, System V.
    let f: extern "C" fn(i64, *const *const libc::c_char, u64) -> i64 =
        std::mem::transmute(p.entry);
    let r = f(p.argc, p.argv, stack_top as u64);
    if !write_result(p.res_w, r) {
        libc::_exit(RESULT_WRITE_FAILED);
    }
    libc::_exit(0)
}

/// The exit status of a child that ran the program but could not write
/// main's result.
pub(super) const RESULT_WRITE_FAILED: i32 = 124;

/// Writes main's result `r` (8 bytes, little-endian) to `fd`; false when
/// the write fails.
///
/// # Safety
/// Only called in a forked child; `fd` is its result pipe.
pub(super) unsafe fn write_result(fd: libc::c_int, r: i64) -> bool {
    write_all(fd, &r.to_le_bytes())
}

/// Writes all of `bytes` to `fd`; false when a write fails.
///
/// # Safety
/// Only called in a forked child.
unsafe fn write_all(fd: libc::c_int, bytes: &[u8]) -> bool {
    let mut done = 0usize;
    while done < bytes.len() {
        let n = libc::write(fd, bytes.as_ptr().add(done).cast(), bytes.len() - done);
        if n <= 0 {
            return false;
        }
        done += n as usize;
    }
    true
}

/// What the `SIGSYS` handler writes on the result pipe before the child
/// ends: this tag, then the refused call's number (8 bytes, little-endian).
const REFUSED_TAG: [u8; 8] = *b"refused\0";

/// The result pipe the `SIGSYS` handler reports on (-1: none); set only
/// in the forked child.
static REFUSED_TO: AtomicI32 = AtomicI32::new(-1);

/// Bytes of the stack the `SIGSYS` handler runs on (its own, so that a
/// program whose stack pointer is wild is still reported).
const HANDLER_STACK: usize = 64 << 10;

/// Makes a call the filter refuses (`SECCOMP_RET_TRAP`, `filter.rs`)
/// reported: a `SIGSYS` handler on its own stack writes the call's
/// number on `res_w`, then ends the child with `SIGSYS`. Best effort:
/// where it cannot be installed the refused call still ends the child
/// with `SIGSYS`, unnamed. Installed before the filter, which refuses
/// `rt_sigaction` and `sigaltstack`: the program cannot replace it (if it
/// blocks `SIGSYS`, the kernel ends it with `SIGSYS` unnamed).
///
/// # Safety
/// Only called in the forked child.
pub(super) unsafe fn report_refused_calls(res_w: libc::c_int) {
    let Some(stack) = super::map_anon(HANDLER_STACK) else {
        return;
    };
    let ss = libc::stack_t {
        ss_sp: stack as *mut libc::c_void,
        ss_flags: 0,
        ss_size: HANDLER_STACK,
    };
    if libc::sigaltstack(&ss, std::ptr::null_mut()) != 0 {
        return;
    }
    REFUSED_TO.store(res_w, Ordering::Relaxed);
    let mut act: libc::sigaction = std::mem::zeroed();
    act.sa_sigaction = on_refused_call as *const () as usize;
    // Once: the handler's own `tgkill` then meets the default action.
    act.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK | libc::SA_RESETHAND | libc::SA_NODEFER;
    libc::sigemptyset(&mut act.sa_mask);
    libc::sigaction(libc::SIGSYS, &act, std::ptr::null_mut());
}

/// The `SIGSYS` handler: the number of the refused call (`si_syscall`)
/// on the result pipe, then `SIGSYS` again with the default action (the
/// child's wait status is the one an unhandled refusal gives). System
/// calls only, each allowed by the filter.
extern "C" fn on_refused_call(
    _sig: libc::c_int,
    info: *mut libc::siginfo_t,
    _ctx: *mut libc::c_void,
) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO; for a
    // seccomp SIGSYS its union holds `{ void *call_addr; int syscall;
    // unsigned arch; }` after the three leading ints and their padding
    // (offset 16 on 64-bit Linux), so `syscall` is at offset 24.
    let number = unsafe { info.cast::<u8>().add(24).cast::<i32>().read_unaligned() };
    let mut record = [0u8; 16];
    record[..8].copy_from_slice(&REFUSED_TAG);
    record[8..].copy_from_slice(&i64::from(number).to_le_bytes());
    // SAFETY: writes from our own buffer, then signals ourselves.
    unsafe {
        let fd = REFUSED_TO.load(Ordering::Relaxed);
        let _ = write_all(fd, &record);
        libc::syscall(
            libc::SYS_tgkill,
            libc::getpid(),
            libc::syscall(libc::SYS_gettid),
            libc::SIGSYS,
        );
        libc::_exit(FILTER_FAILED);
    }
}

/// The refused call a child that ended with `SIGSYS` reported on its
/// result pipe (`result`: everything read from it): the number after the
/// last tag, when the pipe ends with one.
pub(super) fn refused_call(result: &[u8]) -> Option<i64> {
    let at = result.len().checked_sub(16)?;
    let (tag, number) = result.get(at..)?.split_at(8);
    (tag == REFUSED_TAG).then(|| i64::from_le_bytes(number.try_into().unwrap_or([0; 8])))
}
