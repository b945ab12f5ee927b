//! Running a reference tool with a wall-clock timeout, capturing its output.

use std::io::Read;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// How a command ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finished {
    /// The exit status; `None` when killed by a signal or the timeout.
    pub status: Option<i32>,
    /// The signal that ended it, if any.
    pub signal: Option<i32>,
    /// Everything it wrote on stdout.
    pub stdout: Vec<u8>,
    /// Everything it wrote on stderr.
    pub stderr: Vec<u8>,
    /// True when the timeout killed it.
    pub timed_out: bool,
    /// How long it ran.
    pub elapsed: Duration,
}

/// Runs `cmd` (stdin closed), killing it after `timeout`.
pub fn run_with_timeout(cmd: Command, timeout: Duration) -> Result<Finished, String> {
    run_with_input(cmd, &[], timeout)
}

/// Runs `cmd` with `input` on its stdin, killing it after `timeout`.
pub fn run_with_input(
    mut cmd: Command,
    input: &[u8],
    timeout: Duration,
) -> Result<Finished, String> {
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", cmd.get_program()))?;
    if let Some(mut stdin) = child.stdin.take() {
        let input = input.to_vec();
        thread::spawn(move || {
            use std::io::Write;
            let _ = stdin.write_all(&input);
        });
    }
    let out = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let (status, timed_out) = loop {
        match child.try_wait() {
            Ok(Some(s)) => break (s, false),
            Ok(None) if start.elapsed() > timeout => {
                let _ = child.kill();
                match child.wait() {
                    Ok(s) => break (s, true),
                    Err(e) => return Err(format!("waiting for {:?}: {e}", cmd.get_program())),
                }
            }
            Ok(None) => thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("waiting for {:?}: {e}", cmd.get_program())),
        }
    };
    let elapsed = start.elapsed();
    use std::os::unix::process::ExitStatusExt;
    Ok(Finished {
        status: if timed_out { None } else { status.code() },
        signal: status.signal(),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
        timed_out,
        elapsed,
    })
}

fn drain(pipe: Option<Box<dyn Read + Send>>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_status_and_output_and_kills_on_timeout() {
        let mut c = Command::new("sh");
        c.args(["-c", "echo hi; exit 7"]);
        let r = run_with_timeout(c, Duration::from_secs(10)).expect("sh runs");
        assert_eq!(
            (r.status, r.stdout.as_slice(), r.timed_out),
            (Some(7), &b"hi\n"[..], false)
        );
        let mut c = Command::new("sleep");
        c.arg("5");
        let r = run_with_timeout(c, Duration::from_millis(100)).expect("sleep runs");
        assert!(r.timed_out && r.status.is_none());
    }
}
