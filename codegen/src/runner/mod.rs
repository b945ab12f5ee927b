//! Running machine code safely (DESIGN.md, "Running native code safely").
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

mod child;
mod rt;

use crate::encode;
use crate::error::CodegenError;
use crate::Module;
use spec::{Outcome, Prog};
use std::ffi::CString;
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
            stack_size: 256 << 20,
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
    crate::compile_with(
        prog,
        &crate::CompileOptions {
            comments: false,
            mutation: None,
        },
    )?
    .run(args, opts)
}

/// Forks are serialised so that no other run's child inherits this run's
/// pipe write ends (which would delay end-of-file).
static FORK_LOCK: Mutex<()> = Mutex::new(());

const PAGE: usize = 4096;

/// An anonymous mapping, unmapped on drop.
struct Region {
    base: usize,
    len: usize,
}

impl Region {
    fn new(len: usize) -> Result<Region, CodegenError> {
        // SAFETY: a fresh private anonymous mapping; nothing else refers to it.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                -1,
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(CodegenError::global(format!("mmap of {len} bytes failed")));
        }
        Ok(Region {
            base: p as usize,
            len,
        })
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

/// Runs `m`'s `main` natively; see the module documentation.
pub fn run_module(
    m: &Module,
    args: &[String],
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    let main = m
        .func_index("main")
        .ok_or_else(|| CodegenError::global("the program has no @main"))?;
    let _ = main;
    let data_size = encode::data_layout(m).size;
    if data_size > encode::MAX_DATA {
        return Err(CodegenError::global("the globals are too large to run"));
    }
    let data_len = round_page(data_size)?;
    let code_len = round_page(encode::code_size_bound(m))?;
    let mut region = Region::new(data_len + code_len)?;
    let (data_base, code_base) = (region.base as u64, (region.base + data_len) as u64);
    let asm = encode::assemble(m, data_base, code_base)?;
    let entry = asm
        .entry
        .ok_or_else(|| CodegenError::global("no entry trampoline"))?;
    let data = encode::data_image(m, data_base, &asm.func_addrs, rt::addrs())?;
    region.write(0, &data)?;
    region.write(data_len, &asm.code)?;

    let cargs: Vec<CString> = std::iter::once(&opts.program_name)
        .chain(args)
        .map(|a| {
            CString::new(a.as_bytes())
                .map_err(|_| CodegenError::global("an argument contains a NUL byte"))
        })
        .collect::<Result<_, _>>()?;
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
        close: [out_r, res_r],
        stack_size: opts.stack_size,
        heap_size: opts.heap_size,
        cpu_seconds: opts.timeout.as_secs().saturating_add(1),
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
    let outcome = supervise(pid, out_r, res_r, opts);
    close(out_r);
    close(res_r);
    drop(cargs);
    outcome
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
    let mut chunk = [0u8; 65536];
    loop {
        // SAFETY: reading into our own buffer.
        let n = unsafe { libc::read(fd, chunk.as_mut_ptr().cast(), chunk.len()) };
        if n > 0 {
            buf.extend_from_slice(chunk.get(..n as usize).unwrap_or(&[]));
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

/// Watches the child until both pipes close, the deadline passes or stdout
/// goes over its cap; then the outcome.
fn supervise(
    pid: libc::pid_t,
    out_r: libc::c_int,
    res_r: libc::c_int,
    opts: &NativeOptions,
) -> Result<Outcome, CodegenError> {
    for fd in [out_r, res_r] {
        // SAFETY: setting a flag on our own descriptor.
        unsafe {
            let fl = libc::fcntl(fd, libc::F_GETFL);
            libc::fcntl(fd, libc::F_SETFL, fl | libc::O_NONBLOCK);
        }
    }
    let deadline = Instant::now() + opts.timeout;
    let mut stdout = Vec::new();
    let mut result = Vec::new();
    let (mut out_open, mut res_open) = (true, true);
    while out_open || res_open {
        let now = Instant::now();
        if now >= deadline {
            kill_and_reap(pid);
            return Ok(Outcome::Timeout { stdout });
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
        if stdout.len() > opts.max_stdout {
            stdout.truncate(opts.max_stdout);
            kill_and_reap(pid);
            return Ok(Outcome::Crashed {
                signal: libc::SIGXFSZ,
                stdout,
            });
        }
    }
    let mut status = 0;
    // SAFETY: reaping our own child, which has closed its pipes (exited).
    unsafe {
        libc::waitpid(pid, &mut status, 0);
    }
    if libc::WIFSIGNALED(status) {
        return Ok(Outcome::Crashed {
            signal: libc::WTERMSIG(status),
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
