//! Running one external program safely (docs/architecture.md, "Running native code
//! safely"): its own process group, rlimits (CPU, address space, no core
//! file), a wall-clock timeout that kills the whole group, and caps on the
//! captured stdout and stderr. Every external program lloracle starts (a
//! student's compiler and binaries, `cc`, LLVM's tools) runs through
//! here; the built-in back end's machine code runs in `codegen`'s runner.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// Limits of one run.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Wall-clock limit; past it the process group is killed.
    pub timeout: Duration,
    /// RLIMIT_AS in bytes (`None`: unlimited, for compilers and `cc`).
    pub max_memory: Option<u64>,
    /// The most stdout bytes kept; more kills the process (`over_cap`).
    pub max_stdout: usize,
}

impl Limits {
    /// The limits for a trusted tool (a compiler, `cc`, LLVM): `timeout`, no
    /// memory limit, 64 MiB of stdout.
    pub fn tool(timeout: Duration) -> Limits {
        Limits {
            timeout,
            max_memory: None,
            max_stdout: 64 << 20,
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

/// Reads `r` to its end on a thread, keeping at most `cap` bytes (and the
/// fact that more came).
fn reader<R: Read + Send + 'static>(mut r: R, cap: usize) -> thread::JoinHandle<(Vec<u8>, bool)> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let mut over = false;
        let mut chunk = [0u8; 65536];
        loop {
            match r.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    let room = cap.saturating_sub(kept.len());
                    kept.extend_from_slice(chunk.get(..n.min(room)).unwrap_or(&[]));
                    if n > room {
                        over = true;
                        break;
                    }
                }
            }
        }
        (kept, over)
    })
}

/// Kills the process group of our child `pid` (and the child itself).
fn kill_group(pid: libc::pid_t) {
    // SAFETY: signalling our own child and its process group.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
        libc::kill(pid, libc::SIGKILL);
    }
}

/// Runs `cmd` (its stdin empty) within `limits`; `Err` when it cannot be
/// started (a missing executable).
pub fn run(cmd: Command, limits: &Limits) -> Result<Finished, String> {
    run_with_input(cmd, &[], limits)
}

/// Runs `cmd` with `input` on its stdin within `limits`.
pub fn run_with_input(mut cmd: Command, input: &[u8], limits: &Limits) -> Result<Finished, String> {
    let cpu = limits.timeout.as_secs().saturating_add(1);
    let mem = limits.max_memory;
    cmd.stdin(if input.is_empty() {
        Stdio::null()
    } else {
        Stdio::piped()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    // SAFETY: the closure only makes async-signal-safe system calls.
    unsafe {
        cmd.pre_exec(move || {
            libc::setpgid(0, 0);
            let set = |res, v: u64| {
                let l = libc::rlimit {
                    rlim_cur: v,
                    rlim_max: v,
                };
                libc::setrlimit(res, &l);
            };
            set(libc::RLIMIT_CPU, cpu);
            set(libc::RLIMIT_CORE, 0);
            if let Some(m) = mem {
                set(libc::RLIMIT_AS, m);
            }
            Ok(())
        });
    }
    let mut child = cmd
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    let pid = child.id() as libc::pid_t;
    if let Some(mut stdin) = child.stdin.take() {
        let input = input.to_vec();
        thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
    }
    let out = child.stdout.take().map(|o| reader(o, limits.max_stdout));
    let err = child.stderr.take().map(|e| reader(e, MAX_STDERR));
    // A thread blocks in wait(); this one waits for it at most the timeout.
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(child.wait());
    });
    let ended = match rx.recv_timeout(limits.timeout) {
        Ok(Ok(status)) => match (status.code(), status.signal()) {
            (Some(c), _) => Ended::Exited(c),
            (None, Some(s)) => Ended::Signaled(s),
            _ => Ended::Exited(-1),
        },
        Ok(Err(e)) => {
            kill_group(pid);
            return Err(e.to_string());
        }
        Err(_) => {
            kill_group(pid);
            // The waiting thread reaps the child once it is killed.
            let _ = rx.recv();
            Ended::TimedOut
        }
    };
    // Descendants may keep the pipes open: end the group before joining.
    // SAFETY: signalling our own (already reaped) child's process group.
    unsafe {
        libc::kill(-pid, libc::SIGKILL);
    }
    let (stdout, over) = out.and_then(|h| h.join().ok()).unwrap_or_default();
    let (stderr, _) = err.and_then(|h| h.join().ok()).unwrap_or_default();
    let ended = if over && ended != Ended::TimedOut {
        Ended::OverCap
    } else {
        ended
    };
    Ok(Finished {
        ended,
        stdout,
        stderr,
    })
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
}
