//! Running one external program safely (docs/architecture.md, "Running native
//! code safely"): below a supervisor it cannot reach ([`crate::supervise`]: its
//! own session, a PID namespace where available, a child subreaper that
//! kills every descendant when the run ends), rlimits (CPU, address space,
//! stack, no core file), a wall-clock timeout, and caps on the captured
//! stdout and stderr; reading the output stops at the run's deadline
//! whatever still holds the pipes. Every external program lloracle starts
//! (a student's compiler and binaries, `cc`, LLVM's tools) runs through
//! here; the built-in back end's machine code runs in `codegen`'s runner.

use crate::confine::Sandbox;
use crate::restrict::Confined;
use crate::supervise::{self, Record, Rlimits};
use crate::{fdpass, pidfd};
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock limit; past it every process of the run is killed.
    pub timeout: Duration,
    /// RLIMIT_AS in bytes (`None`: unlimited, for compilers and `cc`).
    pub max_memory: Option<u64>,
    /// The most stdout bytes kept; more kills the process (`over_cap`).
    pub max_stdout: usize,
    /// RLIMIT_STACK in bytes (`None`: inherited); compiled student
    /// programs get [`spec::limits::NATIVE_STACK_BYTES`].
    pub max_stack: Option<u64>,
}

impl Limits {
    /// The limits for a trusted tool (a compiler, `cc`, LLVM): `timeout`, no
    /// memory limit, 64 MiB of stdout.
    pub fn tool(timeout: Duration) -> Limits {
        Limits {
            timeout,
            max_memory: None,
            max_stdout: 64 << 20,
            max_stack: None,
        }
    }
}

/// How a process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It exited with this status.
    Exited(i32),
    /// A signal killed it.
    Signaled(i32),
    /// It ran past the timeout and was killed.
    TimedOut,
    /// It printed more than the cap and was killed.
    OverCap,
}

/// What one run produced.
#[derive(Clone, Debug)]
pub struct Finished {
    /// How it ended.
    pub ended: Ended,
    /// Its stdout (at most the cap).
    pub stdout: Vec<u8>,
    /// Its stderr (at most 64 KiB).
    pub stderr: Vec<u8>,
}

impl Finished {
    /// The exit status, when the process exited by itself.
    pub fn status(&self) -> Option<i32> {
        match self.ended {
            Ended::Exited(c) => Some(c),
            _ => None,
        }
    }
}

const MAX_STDERR: usize = 64 << 10;

/// How long past the timeout lloracle keeps reading output and waits for
/// the supervisor before it gives up on them.
const GRACE: Duration = Duration::from_secs(2);

/// Runs `cmd` (its stdin empty) within `limits`; `Err` when it cannot be
/// started (a missing executable, not an executable).
pub fn run(cmd: Command, limits: &Limits) -> Result<Finished, String> {
    run_with_input(cmd, &[], limits)
}

/// Why `cmd` could not be started, in words (`exec failed: not an
/// executable` for a file the kernel refuses to execute).
fn spawn_error(cmd: &Command, e: &std::io::Error) -> String {
    match e.raw_os_error() {
        Some(libc::ENOEXEC) => format!(
            "exec failed: not an executable ({})",
            cmd.get_program().to_string_lossy()
        ),
        Some(libc::EACCES) => format!(
            "exec failed: permission denied ({})",
            cmd.get_program().to_string_lossy()
        ),
        _ => format!("cannot start {:?}: {e}", cmd.get_program()),
    }
}

/// For a program named by a path: `Err` (`exec failed: ...`) unless it is
/// a file the kernel can execute itself, an ELF image or a `#!` script
/// (`execvp` would otherwise hand anything else to `/bin/sh`).
fn check_executable(program: &std::path::Path) -> Result<(), String> {
    if !program.to_string_lossy().contains('/') {
        return Ok(());
    }
    let fail = |why: &str| format!("exec failed: {why} ({})", program.display());
    let mut magic = [0u8; 4];
    let mut f = std::fs::File::open(program).map_err(|e| fail(&e.to_string()))?;
    let n = f.read(&mut magic).map_err(|e| fail(&e.to_string()))?;
    let head = magic.get(..n).unwrap_or(&[]);
    if head == b"\x7fELF" || head.starts_with(b"#!") {
        Ok(())
    } else {
        Err(fail("not an executable"))
    }
}

/// The close-on-exec socket pair the supervisor writes its records on
/// (the first with a pidfd attached): (lloracle's end, the supervisor's).
fn status_socket() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0; 2];
    // SAFETY: a valid out-array of two descriptors.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_STREAM | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    } != 0
    {
        return Err(format!(
            "cannot create a socket pair: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: both descriptors were just created and are owned here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// `now + d`, saturating at a far future instead of overflowing.
pub fn deadline_after(d: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(d)
        .or_else(|| now.checked_add(Duration::from_secs(100 * 365 * 86_400)))
        .unwrap_or(now)
}

/// Runs `cmd` with `input` on its stdin within `limits`, below a
/// supervisor (see [`crate::supervise`]).
pub fn run_with_input(cmd: Command, input: &[u8], limits: &Limits) -> Result<Finished, String> {
    run_confined(cmd, input, limits, None)
}

/// Runs `cmd` as [`run_with_input`] does, confined to `sandbox` when one
/// is given (see [`crate::confine`]; its `TMPDIR` and `XDG_CACHE_HOME`
/// are its scratch folder); `Err` also when the sandbox cannot be built
/// or applied.
pub fn run_confined(
    mut cmd: Command,
    input: &[u8],
    limits: &Limits,
    sandbox: Option<&Sandbox>,
) -> Result<Finished, String> {
    check_executable(std::path::Path::new(cmd.get_program()))?;
    let confined = match sandbox {
        Some(s) => {
            if let Some(tmp) = s.scratch() {
                cmd.env("TMPDIR", tmp).env("XDG_CACHE_HOME", tmp);
            }
            s.confined()?
        }
        None => Confined::NONE,
    };
    let (status_r, status_w) = status_socket()?;
    cmd.stdin(if input.is_empty() {
        Stdio::null()
    } else {
        Stdio::piped()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let rlimits = Rlimits {
        cpu_seconds: supervise::cpu_seconds_for(limits.timeout),
        address_space: limits.max_memory,
        stack: limits.max_stack,
    };
    supervise::install(
        &mut cmd,
        status_w.as_raw_fd(),
        limits.timeout,
        rlimits,
        confined,
    );
    let spawned = cmd.spawn();
    drop(status_w);
    let mut child = spawned.map_err(|e| spawn_error(&cmd, &e))?;
    // Not reaped before the waiter thread below starts: the pid is the
    // supervisor's, and so is the pidfd.
    let supervisor = pidfd::open(child.id() as libc::pid_t);
    if let Some(mut stdin) = child.stdin.take() {
        let input = input.to_vec();
        thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
    }
    let hard_deadline = deadline_after(limits.timeout.saturating_add(GRACE));
    let out = child.stdout.take().map(OwnedFd::from);
    let err = child.stderr.take().map(OwnedFd::from);
    // A thread blocks in wait(); this one reads the output meanwhile.
    // A thread waits for the supervisor, then collects its records; if it
    // died without its final one (the program killed it), the thread ends
    // what it started at once, so that the pipes close.
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let status = child.wait().ok();
        let (records, first) = collect_records(status_r);
        if !records.iter().any(|r| !matches!(r, Record::Started(_))) {
            // Through the pidfd the supervisor opened while `first` was
            // its unreaped child: never a reused pid. Without one, `first`
            // dies with the supervisor (`PR_SET_PDEATHSIG`).
            if let Some(fd) = &first {
                pidfd::kill_raw(fd.as_raw_fd());
            }
        }
        let _ = tx.send((status, records));
    });
    let caps = [limits.max_stdout, MAX_STDERR];
    let read = read_until([out, err], caps, hard_deadline, || {
        signal(&supervisor, libc::SIGTERM)
    });
    let (status, records) = match rx.recv_timeout(GRACE) {
        Ok(s) => s,
        Err(_) => {
            signal(&supervisor, libc::SIGKILL);
            rx.recv().unwrap_or_default()
        }
    };
    let record = records
        .iter()
        .copied()
        .find(|r| !matches!(r, Record::Started(_)));
    let [(stdout, over), (stderr, _)] = read.kept;
    let ended = match record {
        _ if over => Ended::OverCap,
        Some(Record::Exited(c)) => Ended::Exited(c),
        Some(Record::Signaled(s)) => Ended::Signaled(s),
        Some(Record::TimedOut) => Ended::TimedOut,
        Some(Record::Stopped) | None if read.past_deadline => Ended::TimedOut,
        Some(Record::Stopped) => Ended::Signaled(libc::SIGTERM),
        Some(Record::Started(_)) => Ended::Signaled(libc::SIGKILL),
        // The supervisor itself was killed: the program's doing.
        None => Ended::Signaled(status.and_then(|s| s.signal()).unwrap_or(libc::SIGKILL)),
    };
    Ok(Finished {
        ended,
        stdout,
        stderr,
    })
}

/// The records a (dead) supervisor left on the status socket, and the
/// pidfd of the process it forked that came with the first.
fn collect_records(status_r: OwnedFd) -> (Vec<Record>, Option<OwnedFd>) {
    let mut bytes = Vec::new();
    let mut first = None;
    let mut buf = [0u8; 64];
    while bytes.len() < 64 {
        let mut fds = [-1];
        // Non-blocking: the supervisor is gone, what it wrote is there.
        // SAFETY: the received descriptor is owned just below.
        let n =
            unsafe { fdpass::recv(status_r.as_raw_fd(), &mut buf, &mut fds, libc::MSG_DONTWAIT) };
        if fds[0] >= 0 {
            // SAFETY: a descriptor just received, owned by no one else.
            let fd = unsafe { OwnedFd::from_raw_fd(fds[0]) };
            first.get_or_insert(fd);
        }
        if n <= 0 {
            break;
        }
        bytes.extend_from_slice(buf.get(..n as usize).unwrap_or(&[]));
    }
    (bytes.chunks(8).filter_map(Record::decode).collect(), first)
}

/// Sends `sig` to the supervisor through its pidfd: a stop request
/// (`SIGTERM`: output past its cap) or its end (`SIGKILL`: it did not end
/// in time). Without a pidfd nothing is sent (its pid may have been reaped
/// by the waiter thread and reused); the hard deadline still bounds the
/// run.
fn signal(supervisor: &Option<OwnedFd>, sig: libc::c_int) {
    if let Some(fd) = supervisor {
        pidfd::send_raw(fd.as_raw_fd(), sig, 0);
    }
}

/// The output of a run as read.
struct Read2 {
    /// Per stream: the bytes kept and whether more came than the cap.
    kept: [(Vec<u8>, bool); 2],
    /// True when reading stopped at the hard deadline, not at end of file.
    past_deadline: bool,
}

/// Reads both pipes until both reach end of file or `deadline` passes,
/// keeping at most `caps[i]` bytes of each; calls `over_cap` once when the
/// first stream passes its cap (and then keeps draining, discarding).
fn read_until(
    fds: [Option<OwnedFd>; 2],
    caps: [usize; 2],
    deadline: Instant,
    over_cap: impl Fn(),
) -> Read2 {
    let mut kept: [(Vec<u8>, bool); 2] = Default::default();
    let mut open: [Option<OwnedFd>; 2] = fds;
    let mut chunk = vec![0u8; 65536];
    let mut past_deadline = false;
    while open.iter().any(Option::is_some) {
        let Some(left) = deadline.checked_duration_since(Instant::now()) else {
            past_deadline = true;
            break;
        };
        let mut polled: Vec<libc::pollfd> = open
            .iter()
            .map(|f| libc::pollfd {
                fd: f.as_ref().map_or(-1, AsRawFd::as_raw_fd),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        let ms = libc::c_int::try_from(left.as_millis().saturating_add(1)).unwrap_or(i32::MAX);
        // SAFETY: a valid array of `polled.len()` pollfds.
        let n = unsafe { libc::poll(polled.as_mut_ptr(), polled.len() as libc::nfds_t, ms) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            break;
        }
        for ((p, slot), (keep, over)) in polled
            .iter()
            .zip(open.iter_mut())
            .zip(kept.iter_mut().zip(caps).map(|((k, o), c)| ((k, c), o)))
        {
            if p.revents == 0 {
                continue;
            }
            let Some(fd) = slot.as_ref() else { continue };
            // SAFETY: reading into a buffer of `chunk.len()` bytes.
            let r = unsafe { libc::read(fd.as_raw_fd(), chunk.as_mut_ptr().cast(), chunk.len()) };
            if r <= 0 {
                *slot = None;
                continue;
            }
            let (k, cap) = keep;
            let got = chunk.get(..r as usize).unwrap_or(&[]);
            let room = cap.saturating_sub(k.len());
            k.extend_from_slice(got.get(..room.min(got.len())).unwrap_or(&[]));
            if got.len() > room && !*over {
                *over = true;
                over_cap();
            }
        }
    }
    Read2 {
        kept,
        past_deadline,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_status_output_and_input() {
        let mut c = Command::new("sh");
        c.args(["-c", "cat; echo hi; exit 7"]);
        let r =
            run_with_input(c, b"in\n", &Limits::tool(Duration::from_secs(10))).expect("sh runs");
        assert_eq!(
            (r.status(), r.stdout.as_slice()),
            (Some(7), &b"in\nhi\n"[..])
        );
    }

    #[test]
    fn kills_the_group_on_timeout_and_caps_output() {
        let mut c = Command::new("sh");
        c.args(["-c", "sleep 5 & sleep 5"]);
        let r = run(c, &Limits::tool(Duration::from_millis(200))).expect("sh runs");
        assert_eq!(r.ended, Ended::TimedOut);
        let mut c = Command::new("sh");
        c.args(["-c", "yes"]);
        let limits = Limits {
            max_stdout: 1000,
            ..Limits::tool(Duration::from_secs(10))
        };
        let r = run(c, &limits).expect("sh runs");
        assert_eq!((r.ended, r.stdout.len()), (Ended::OverCap, 1000));
    }

    #[test]
    fn a_detached_descendant_holding_stdout_does_not_hang_the_run() {
        let mut c = Command::new("sh");
        c.args(["-c", "setsid sleep 30 & echo done"]);
        let start = Instant::now();
        let r = run(c, &Limits::tool(Duration::from_secs(20))).expect("sh runs");
        assert_eq!((r.status(), r.stdout.as_slice()), (Some(0), &b"done\n"[..]));
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{:?}",
            start.elapsed()
        );
    }

    #[test]
    fn killing_the_parent_kills_only_the_supervisor_or_nothing() {
        let mut c = Command::new("sh");
        c.args(["-c", "kill -9 $PPID; echo alive"]);
        let r = run(c, &Limits::tool(Duration::from_secs(5))).expect("sh runs");
        // In a PID namespace $PPID is 0 (the group: sh itself dies) or the
        // namespace's init (immune); without one, the supervisor dies.
        assert!(
            matches!(r.ended, Ended::Exited(0) | Ended::Signaled(9)),
            "{r:?}"
        );
    }

    #[test]
    fn a_non_executable_is_an_exec_failure() {
        let dir = tempfile::tempdir().expect("tempdir");
        let p = dir.path().join("garbage");
        std::fs::write(&p, b"\x00\x01garbage").expect("write");
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        let e = run(Command::new(&p), &Limits::tool(Duration::from_secs(5))).unwrap_err();
        assert!(e.starts_with("exec failed: not an executable"), "{e}");
    }

    #[test]
    fn a_huge_timeout_saturates() {
        let mut c = Command::new("sh");
        c.args(["-c", "exit 3"]);
        let r = run(c, &Limits::tool(Duration::from_secs(i64::MAX as u64))).expect("sh runs");
        assert_eq!(r.status(), Some(3), "{r:?}");
    }
}
