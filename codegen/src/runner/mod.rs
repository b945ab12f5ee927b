//! Running machine code safely (docs/architecture.md, "Running native code safely").
//!
//! Children are forked by a small runner process (`zygote.rs`) when it is
//! free, else by the parent itself; the contract below is the same.
//!
//! The parent maps a fresh region, assembles the module for that address
//! (data pages, then code pages), writes data and code, prepares argv, and
//! forks. The child (see `child.rs`) only makes system calls on what was
//! prepared: its own process group, stdout on a pipe, a fresh stack and
//! heap, rlimits (CPU, address space, file size 0, no core), code made
//! read + execute, then `main(argc, argv)` through a trampoline that
//! switches to the fresh stack; main's full 64-bit result comes back on a
//! second pipe. The parent reads stdout up to a cap, enforces a wall-clock
//! timeout by killing the child's process group, and reports an `Outcome`.
//! Nothing the program does can take the parent down.
//!
//! Harnesses that run thousands of programs use [`run_module_reusing`]
//! instead: one long-lived child (`worker.rs`, `worker_loop.rs`) runs them
//! in sequence under the same contract, re-initialising per run what a
//! fresh child has fresh; its outcomes must be confirmed in a fresh child
//! before a disagreement is reported.

mod child;
mod filter;
mod rt;
mod worker;
mod worker_loop;
mod zygote;

use crate::att;
use crate::encode;
use crate::error::CodegenError;
use crate::Module;
use spec::{Outcome, Prog};
use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Limits and choices of one native run.
#[derive(Clone, Debug)]
pub struct NativeOptions {
    /// `argv[0]`; the same default as `oracle::Options::default().program_name`.
    pub program_name: String,
    /// Wall-clock limit; past it the child's process group is killed and
    /// the outcome is `Timeout`.
    pub timeout: Duration,
    /// The most stdout bytes kept; a program printing more is killed and the
    /// outcome is `Crashed { signal: SIGXFSZ }` with the first
    /// `max_stdout` bytes (the signal a file-size limit raises).
    pub max_stdout: usize,
    /// RLIMIT_AS of the child in bytes, set once its stack and heap are
    /// mapped: the program itself maps nothing, so this only stops growth
    /// (a fork of a large parent may already be above it).
    pub max_memory: u64,
    /// Bytes of the program's stack.
    pub stack_size: usize,
    /// Bytes of the heap that `ll_strcat` / `ll_ltoa` allocate from.
    pub heap_size: usize,
}

impl Default for NativeOptions {
    fn default() -> NativeOptions {
        NativeOptions {
            program_name: "lloracle".into(),
            timeout: Duration::from_secs(10),
            max_stdout: 1 << 20,
            max_memory: 1 << 30,
            stack_size: spec::limits::NATIVE_STACK_BYTES as usize,
            heap_size: 256 << 20,
        }
    }
}

/// Compiles `prog` (without comments) and runs it natively (see
/// [`Module::run`]).
pub fn run_native(
    prog: &Prog,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    compile_plain(prog)?.run(args, opts)
}

/// `prog` compiled without listing comments and without a mutation.
fn compile_plain(prog: &Prog) -> Result<Module, CodegenError> {
    crate::compile_with(
        prog,
        &crate::CompileOptions {
            comments: false,
            mutations: crate::Mutations::NONE,
        },
    )
}

/// Compiles `prog` (without comments) and runs it with
/// [`run_module_reusing`]: confirm an outcome with [`run_native`] before
/// reporting it as a disagreement.
pub fn run_native_reusing(
    prog: &Prog,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    compile_plain(prog)?.run_reusing(args, opts)
}

/// Forks are serialised so that no other run's child inherits this run's
/// pipe write ends (which would delay end-of-file).
static FORK_LOCK: Mutex<()> = Mutex::new(());

const PAGE: usize = 4096;

/// Maps `len` bytes of fresh private anonymous read-write memory (not
/// reserved against swap), or `None` when `mmap` fails. Makes no allocation,
/// so the forked child may call it too.
fn map_anon(len: usize) -> Option<usize> {
    map_fresh(len, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_PRIVATE)
}

/// Maps `len` bytes of fresh anonymous memory with protection `prot`,
/// private or shared with forked children (`sharing`: `MAP_PRIVATE` or
/// `MAP_SHARED`), not reserved against swap; `None` when `mmap` fails.
fn map_fresh(len: usize, prot: libc::c_int, sharing: libc::c_int) -> Option<usize> {
    // SAFETY: a fresh anonymous mapping; nothing else refers to it.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            prot,
            sharing | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    (p != libc::MAP_FAILED).then_some(p as usize)
}

/// An anonymous mapping, unmapped on drop.
struct Region {
    base: usize,
    len: usize,
}

impl Region {
    fn new(len: usize) -> Result<Region, CodegenError> {
        let base = map_anon(len)
            .ok_or_else(|| CodegenError::global(format!("mmap of {len} bytes failed")))?;
        Ok(Region { base, len })
    }

    fn write(&mut self, at: usize, bytes: &[u8]) -> Result<(), CodegenError> {
        if at.checked_add(bytes.len()).is_none_or(|end| end > self.len) {
            return Err(CodegenError::global("the image does not fit its mapping"));
        }
        // SAFETY: in bounds of our own read-write mapping (checked above).
        unsafe {
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), (self.base + at) as *mut u8, bytes.len())
        };
        Ok(())
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: unmapping our own mapping, which nothing refers to any more.
        unsafe {
            libc::munmap(self.base as *mut libc::c_void, self.len);
        }
    }
}

fn round_page(n: u64) -> Result<usize, CodegenError> {
    usize::try_from(n.div_ceil(PAGE as u64).saturating_mul(PAGE as u64))
        .map_err(|_| CodegenError::global("the image is too large"))
}

/// A pipe with both ends close-on-exec: (read, write).
fn pipe() -> Result<(libc::c_int, libc::c_int), CodegenError> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into `fds`.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(CodegenError::global("pipe2 failed"));
    }
    Ok((fds[0], fds[1]))
}

fn close(fd: libc::c_int) {
    // SAFETY: closing a descriptor this run owns.
    unsafe {
        libc::close(fd);
    }
}

/// The C strings of argv: the program name, then `args`.
fn c_args(args: &[String], opts: &NativeOptions) -> Result<Vec<CString>, CodegenError> {
    std::iter::once(&opts.program_name)
        .chain(args)
        .map(|a| {
            CString::new(a.as_bytes())
                .map_err(|_| CodegenError::global("an argument contains a NUL byte"))
        })
        .collect()
}

/// The page-rounded lengths of a run's image: data, code, argv.
#[derive(Clone, Copy)]
struct Lens {
    data: usize,
    code: usize,
    argv: usize,
}

impl Lens {
    fn of(m: &Module, cargs: &[CString]) -> Result<Lens, CodegenError> {
        if m.func_index("main").is_none() {
            return Err(CodegenError::global("the program has no @main"));
        }
        let data_size = encode::data_layout(m).size;
        if data_size > encode::MAX_DATA {
            return Err(CodegenError::global("the globals are too large to run"));
        }
        Lens::sized(data_size, encode::code_size_bound(m), cargs)
    }

    /// The lengths for `data` bytes of data, at most `code` bytes of code
    /// and the argv of `cargs`.
    fn sized(data: u64, code: u64, cargs: &[CString]) -> Result<Lens, CodegenError> {
        let argv_bytes = 8 * (cargs.len() + 1)
            + cargs
                .iter()
                .map(|c| c.as_bytes_with_nul().len())
                .sum::<usize>();
        Ok(Lens {
            data: round_page(data)?,
            code: round_page(code)?,
            argv: round_page(argv_bytes as u64)?,
        })
    }

    fn total(&self) -> usize {
        self.data + self.code + self.argv
    }
}

/// A module assembled for an image at a given base: the data bytes, the
/// code bytes and the entry trampoline's address.
struct Built {
    data: Vec<u8>,
    code: Vec<u8>,
    entry: u64,
}

impl Built {
    fn new(m: &Module, base: usize, lens: &Lens) -> Result<Built, CodegenError> {
        let (data_base, code_base) = (base as u64, (base + lens.data) as u64);
        let asm = encode::assemble(m, data_base, code_base)?;
        let entry = asm
            .entry
            .ok_or_else(|| CodegenError::global("no entry trampoline"))?;
        let data = encode::data_image(m, data_base, &asm.func_addrs, rt::addrs())?;
        Ok(Built {
            data,
            code: asm.code,
            entry,
        })
    }

    /// The assembled program `p` for an image at `base`, each external
    /// symbol at its runtime function ([`rt::by_name`]).
    fn of_program(p: &att::Program, base: usize, lens: &Lens) -> Result<Built, CodegenError> {
        let (data_base, code_base) = (base as u64, (base + lens.data) as u64);
        let img = p
            .assemble(data_base, code_base, &rt::by_name)
            .map_err(|u| CodegenError::global(format!("assembling: {u}")))?;
        Ok(Built {
            data: img.data,
            code: img.code,
            entry: img.entry,
        })
    }

    fn parts<'a>(&'a self, base: usize, lens: &Lens) -> ImageParts<'a> {
        ImageParts {
            base,
            data: &self.data,
            code_off: lens.data,
            code: &self.code,
            code_len: lens.code,
            argv_off: lens.data + lens.code,
            argv_len: lens.argv,
            entry: self.entry,
        }
    }
}

/// Runs `m`'s `main` natively in the long-lived runner child when it is
/// free, else in a fresh child (see `worker.rs`). Faster than
/// [`run_module`] by the cost of a fork, with the same outcomes, except
/// that an earlier program's stray stores may have corrupted the runner
/// child: confirm an outcome with [`run_module`] before reporting it as a
/// disagreement.
pub fn run_module_reusing(
    m: &Module,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    let cargs = c_args(args, opts)?;
    let lens = Lens::of(m, &cargs)?;
    match worker::run(m, &cargs, &lens, opts) {
        Some(outcome) => outcome,
        None => run_module(m, args, opts),
    }
}

/// Runs `m`'s `main` natively in a fresh child; see the module
/// documentation.
pub fn run_module(
    m: &Module,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    let cargs = c_args(args, opts)?;
    let lens = Lens::of(m, &cargs)?;
    let region = Region::new(lens.total())?;
    let built = Built::new(m, region.base, &lens)?;
    run_built(region, &lens, &built, cargs, opts)
}

/// The names of the runtime functions [`run_program`] provides (in Rust,
/// with the behaviour of the C runtime, codegen/runtime/llrt.c): `ll`'s
/// `ll_puts`, `ll_strcat`, `ll_ltoa`, and `ll-libc`'s `ll_malloc`,
/// `ll_callback` and the C library's `atoi`, `strcmp`, `strlen`, `puts`,
/// `free`.
pub fn runtime_functions() -> impl Iterator<Item = &'static str> {
    crate::minst::Rt::ALL
        .into_iter()
        .map(crate::minst::Rt::name)
}

/// Runs the `main` of an assembled course back end's program `p`
/// ([`crate::att`]) natively in a fresh child, as the executable `cc`
/// links from it and the C runtime runs: `main(argc, argv)` on a stack of
/// [`NativeOptions::stack_size`] bytes, each external symbol the runtime
/// function of that name ([`runtime_functions`]; `Err` for any other).
/// The caller makes sure the runtime it links with provides the same
/// functions; main's result comes back as [`Outcome::Returned`] (an
/// executable's exit status is its low 8 bits).
pub fn run_program(
    p: &att::Program,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    if let Some(s) = p.externals().find(|s| rt::by_name(s).is_none()) {
        return Err(CodegenError::global(format!(
            "`{s}` is not a runtime function"
        )));
    }
    let cargs = c_args(args, opts)?;
    let lens = Lens::sized(p.data_size() as u64, p.code_size_bound() as u64, &cargs)?;
    let region = Region::new(lens.total())?;
    let built = Built::of_program(p, region.base, &lens)?;
    run_built(region, &lens, &built, cargs, opts)
}

/// Runs `built`, assembled for `region` with lengths `lens`, in a fresh
/// child (through the runner process when it is free).
fn run_built(
    mut region: Region,
    lens: &Lens,
    built: &Built,
    cargs: Vec<CString>,
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    let (data_len, code_len) = (lens.data, lens.code);
    let image = built.parts(region.base, lens);
    let (data, asm_code, entry) = (&built.data, &built.code, built.entry);
    filter::prepare();
    if let Some(mut runner) = zygote::acquire() {
        if let Some(outcome) = run_through_runner(&mut runner, &image, &cargs, opts) {
            return outcome;
        }
    }
    region.write(0, data)?;
    region.write(data_len, asm_code)?;

    let mut argv: Vec<*const libc::c_char> = cargs.iter().map(|c| c.as_ptr()).collect();
    argv.push(std::ptr::null());

    let guard = FORK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let (out_r, out_w) = pipe()?;
    let (res_r, res_w) = match pipe() {
        Ok(p) => p,
        Err(e) => {
            close(out_r);
            close(out_w);
            return Err(e);
        }
    };
    let params = child::ChildParams {
        code: region.base + data_len,
        code_len,
        entry: entry as usize,
        argc: argv.len() as i64 - 1,
        argv: argv.as_ptr(),
        out_w,
        res_w,
        close: [out_r, res_r, -1],
        image: None,
        stack_size: opts.stack_size,
        heap_size: opts.heap_size,
        cpu_seconds: cpu_seconds_for(opts.timeout),
        max_memory: opts.max_memory,
    };
    // SAFETY: the child only runs `child::run`, which makes system calls on
    // the prepared parameters and never returns.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: in the child, right after fork.
        unsafe { child::run(&params) }
    }
    close(out_w);
    close(res_w);
    drop(guard);
    if pid < 0 {
        close(out_r);
        close(res_r);
        return Err(CodegenError::global("fork failed"));
    }
    // SAFETY: put the child in its own group (it does so too; whichever
    // runs first wins, the other call is harmless).
    unsafe {
        libc::setpgid(pid, pid);
    }
    drop(region);
    let watched = supervise(&mut Child::Direct(pid), out_r, res_r, opts, None);
    close(out_r);
    close(res_r);
    drop(cargs);
    outcome_of(watched?)
}

/// The pieces of a run's image: data pages at `base`, code pages, argv.
struct ImageParts<'a> {
    base: usize,
    data: &'a [u8],
    code_off: usize,
    code: &'a [u8],
    code_len: usize,
    argv_off: usize,
    argv_len: usize,
    entry: u64,
}

/// argv as the child sees it at `at`: the pointer array, then the strings.
fn argv_block(cargs: &[CString], at: usize) -> Vec<u8> {
    let mut ptrs = Vec::with_capacity(8 * (cargs.len() + 1));
    let mut strs = Vec::new();
    let strs_at = at + 8 * (cargs.len() + 1);
    for c in cargs {
        ptrs.extend_from_slice(&((strs_at + strs.len()) as u64).to_le_bytes());
        strs.extend_from_slice(c.as_bytes_with_nul());
    }
    ptrs.extend_from_slice(&0u64.to_le_bytes());
    ptrs.extend_from_slice(&strs);
    ptrs
}

/// Writes all of `bytes` at `off` of `fd`.
fn pwrite_all(fd: libc::c_int, bytes: &[u8], off: usize) -> bool {
    let mut done = 0;
    while let Some(rest) = bytes.get(done..).filter(|r| !r.is_empty()) {
        // SAFETY: writing our own bytes to our own memory file.
        let n = unsafe {
            libc::pwrite(
                fd,
                rest.as_ptr().cast(),
                rest.len(),
                (off + done) as libc::off_t,
            )
        };
        if n <= 0 {
            return false;
        }
        done += n as usize;
    }
    true
}

/// A memory file holding the image; `None` when one cannot be made.
fn image_file(image: &ImageParts, cargs: &[CString]) -> Option<libc::c_int> {
    let len = image.argv_off + image.argv_len;
    // SAFETY: a fresh close-on-exec memory file.
    let fd = unsafe { libc::memfd_create(c"lloracle-image".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return None;
    }
    let argv = argv_block(cargs, image.base + image.argv_off);
    // SAFETY: sizing our own memory file.
    let ok = unsafe { libc::ftruncate(fd, len as libc::off_t) } == 0
        && pwrite_all(fd, image.data, 0)
        && pwrite_all(fd, image.code, image.code_off)
        && pwrite_all(fd, &argv, image.argv_off);
    if ok {
        Some(fd)
    } else {
        close(fd);
        None
    }
}

/// Runs the image through the runner process (see `zygote.rs`); `None`
/// when that is not possible and nothing has run (the caller then forks
/// directly).
fn run_through_runner(
    runner: &mut zygote::RunnerGuard,
    image: &ImageParts,
    cargs: &[CString],
    opts: &NativeOptions,
) -> Option<Result<Outcome, CodegenError>> {
    let fd = image_file(image, cargs)?;
    let req = zygote::Request {
        base: image.base as u64,
        len: (image.argv_off + image.argv_len) as u64,
        code_off: image.code_off as u64,
        code_len: image.code_len as u64,
        entry: image.entry,
        argc: cargs.len() as i64,
        argv: (image.base + image.argv_off) as u64,
        stack_size: opts.stack_size as u64,
        heap_size: opts.heap_size as u64,
        cpu_seconds: cpu_seconds_for(opts.timeout),
        max_memory: opts.max_memory,
    };
    let guard = FORK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let pipes = pipe().and_then(|o| match pipe() {
        Ok(r) => Ok((o, r)),
        Err(e) => {
            close(o.0);
            close(o.1);
            Err(e)
        }
    });
    let Ok(((out_r, out_w), (res_r, res_w))) = pipes else {
        close(fd);
        return None;
    };
    let pid = runner.spawn(&req, [fd, out_w, res_w]);
    close(fd);
    close(out_w);
    close(res_w);
    drop(guard);
    let pidfd = match pid {
        Some((p, fd)) if p > 0 => fd,
        _ => {
            close(out_r);
            close(res_r);
            return None;
        }
    };
    let watched = supervise(&mut Child::Runner(pidfd, runner), out_r, res_r, opts, None);
    close(out_r);
    close(res_r);
    match watched {
        Ok(Watched::Finished { status, .. })
            if libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == child::IMAGE_MAP_FAILED =>
        {
            None
        }
        w => Some(w.and_then(outcome_of)),
    }
}

/// The child of a run: forked directly (the parent reaps it, so its pid
/// names it until then) or by the runner process (which reaps it and
/// reports its status; the parent holds a pidfd of it, `None` where the
/// kernel has none: then it is never signalled from here, and the runner
/// process's own end (its socket closing) is what ends it).
enum Child<'a> {
    Direct(libc::pid_t),
    Runner(Option<OwnedFd>, &'a mut zygote::RunnerGuard),
}

impl Child<'_> {
    /// Kills the child's process group and reaps it.
    fn kill_and_reap(&mut self) {
        match self {
            Child::Direct(pid) => kill_and_reap(*pid),
            Child::Runner(pidfd, runner) => {
                if let Some(fd) = pidfd {
                    toolchain::pidfd::kill_raw(fd.as_raw_fd());
                } else {
                    // No pidfd: the child cannot be named safely; the
                    // runner process is ended instead (its child dies with
                    // it: `PR_SET_PDEATHSIG`).
                    runner.break_down();
                    return;
                }
                let _ = runner.status();
            }
        }
    }

    /// Waits for the child's exit; its wait status.
    fn wait(&mut self) -> Result<i32, CodegenError> {
        match self {
            Child::Direct(pid) => {
                let mut status = 0;
                // SAFETY: reaping our own child, which has closed its pipes.
                unsafe {
                    libc::waitpid(*pid, &mut status, 0);
                }
                Ok(status)
            }
            Child::Runner(_, runner) => runner
                .status()
                .ok_or_else(|| CodegenError::global("native run: the runner process died")),
        }
    }
}

/// What watching a child showed.
enum Watched {
    /// Killed at the deadline.
    Timeout { stdout: Vec<u8> },
    /// Killed for printing more than the cap.
    Capped { stdout: Vec<u8> },
    /// A worker answered with main's result and lives on.
    Answered { stdout: Vec<u8>, result: Vec<u8> },
    /// Exited by itself with this wait status.
    Finished {
        status: i32,
        stdout: Vec<u8>,
        result: Vec<u8>,
    },
}

/// Kills the child's process group and reaps it.
fn kill_and_reap(pid: libc::pid_t) {
    // SAFETY: signalling and reaping our own child.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
        libc::kill(pid, libc::SIGKILL);
        let mut status = 0;
        libc::waitpid(pid, &mut status, 0);
    }
}

/// Reads what is available on `fd` into `buf`; false at end of file.
fn drain(fd: libc::c_int, buf: &mut Vec<u8>) -> bool {
    loop {
        // Read straight into the buffer's spare room (no zeroed chunk).
        buf.reserve(4096);
        let room = buf.spare_capacity_mut();
        // SAFETY: reading at most `room.len()` bytes into our own buffer.
        let n = unsafe { libc::read(fd, room.as_mut_ptr().cast(), room.len()) };
        if n > 0 {
            // SAFETY: `read` initialised the first `n <= room.len()` bytes.
            unsafe { buf.set_len(buf.len() + n as usize) };
            continue;
        }
        if n == 0 {
            return false;
        }
        // SAFETY: reading errno.
        let e = unsafe { *libc::__errno_location() };
        return e == libc::EAGAIN || e == libc::EINTR;
    }
}

/// Makes reads of `fd` return at once when nothing is there.
fn set_nonblocking(fd: libc::c_int) {
    // SAFETY: setting a flag on our own descriptor.
    unsafe {
        let fl = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, fl | libc::O_NONBLOCK);
    }
}

/// Watches the child until both pipes close, the deadline passes or stdout
/// goes over its cap; then the outcome. With `answer: Some(n)` (a worker,
/// which stays alive) it also stops once `n` result bytes have arrived:
/// the program has then written all its stdout. A worker's pipes are
/// already non-blocking; a fresh child's are made so here.
fn supervise(
    child: &mut Child,
    out_r: libc::c_int,
    res_r: libc::c_int,
    opts: &NativeOptions,
    answer: Option<usize>,
) -> Result<Watched, CodegenError> {
    if answer.is_none() {
        set_nonblocking(out_r);
        set_nonblocking(res_r);
    }
    // A timeout too large to add saturates at a century.
    let now = Instant::now();
    let deadline = now
        .checked_add(opts.timeout)
        .or_else(|| now.checked_add(Duration::from_secs(100 * 365 * 86_400)))
        .unwrap_or(now);
    let mut stdout = Vec::new();
    let mut result = Vec::new();
    let (mut out_open, mut res_open) = (true, true);
    while out_open || res_open {
        let now = Instant::now();
        if now >= deadline {
            child.kill_and_reap();
            return Ok(Watched::Timeout { stdout });
        }
        let wait_ms = (deadline - now).as_millis().clamp(1, 1000) as libc::c_int;
        let mut fds = [
            libc::pollfd {
                fd: if out_open { out_r } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: if res_open { res_r } else { -1 },
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: polling our own descriptors.
        unsafe {
            libc::poll(fds.as_mut_ptr(), 2, wait_ms);
        }
        if out_open && fds[0].revents != 0 {
            out_open = drain(out_r, &mut stdout);
        }
        if res_open && fds[1].revents != 0 {
            res_open = drain(res_r, &mut result);
        }
        let answered = answer.is_some_and(|n| result.len() >= n);
        if answered && out_open {
            out_open = drain(out_r, &mut stdout);
        }
        if stdout.len() > opts.max_stdout {
            stdout.truncate(opts.max_stdout);
            child.kill_and_reap();
            return Ok(Watched::Capped { stdout });
        }
        if answered {
            return Ok(Watched::Answered { stdout, result });
        }
    }
    Ok(Watched::Finished {
        status: child.wait()?,
        stdout,
        result,
    })
}

/// The outcome a watched child's end means.
fn outcome_of(w: Watched) -> Result<Outcome, CodegenError> {
    let (status, stdout, result) = match w {
        Watched::Timeout { stdout } => return Ok(Outcome::Timeout { stdout }),
        Watched::Capped { stdout } => {
            return Ok(Outcome::Crashed {
                signal: libc::SIGXFSZ,
                syscall: None,
                stdout,
            })
        }
        Watched::Answered { stdout, result } => (0, stdout, result),
        Watched::Finished {
            status,
            stdout,
            result,
        } => (status, stdout, result),
    };
    if libc::WIFSIGNALED(status) {
        let signal = libc::WTERMSIG(status);
        let syscall = if signal == libc::SIGSYS {
            child::refused_call(&result)
        } else {
            None
        };
        return Ok(Outcome::Crashed {
            signal,
            syscall,
            stdout,
        });
    }
    let code = libc::WEXITSTATUS(status);
    if let Some((_, why)) = child::SETUP_FAILED.iter().find(|(c, _)| *c == code) {
        return Err(CodegenError::global(format!("native run: {why}")));
    }
    match <[u8; 8]>::try_from(result.as_slice()) {
        Ok(b) if code == 0 => Ok(Outcome::Returned {
            value: i64::from_le_bytes(b),
            stdout,
        }),
        _ => Ok(Outcome::Exited {
            code: code as u8,
            stdout,
        }),
    }
}

/// RLIMIT_CPU for a run with wall-clock `timeout`: one second more, at most
/// a century (the kernel counts the limit in nanoseconds: a larger value
/// overflows and fires at once).
pub(crate) fn cpu_seconds_for(timeout: Duration) -> u64 {
    timeout.as_secs().min(100 * 365 * 86_400).saturating_add(1)
}
