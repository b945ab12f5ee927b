//! Finding LLVM 14's tools and the C compiler on this machine, and
//! running one ([`run_tool`]: the one wrapper every build step goes
//! through).

use crate::process::{run, Ended, Finished, Limits};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The first of `names` that runs `NAME --version` successfully (LLVM's
/// tools are installed as `lli` or `lli-14`), or `None`.
pub fn find_tool(names: &[&str]) -> Option<PathBuf> {
    names.iter().map(PathBuf::from).find(|name| {
        Command::new(name)
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// LLVM 14's `lli`.
pub fn lli() -> Option<PathBuf> {
    find_tool(&["lli-14", "lli"])
}

/// LLVM 14's `llc`.
pub fn llc() -> Option<PathBuf> {
    find_tool(&["llc-14", "llc"])
}

/// LLVM 14's `llvm-as`.
pub fn llvm_as() -> Option<PathBuf> {
    find_tool(&["llvm-as-14", "llvm-as"])
}

/// The C compiler (`cc` or `gcc`).
pub fn cc() -> Option<PathBuf> {
    find_tool(&["cc", "gcc"])
}

/// A tool run (`cc`, `as`, `ld`, `llc`, `clang`) that did not exit 0.
#[derive(Clone, Debug)]
pub struct ToolFailed {
    /// What ran, as the message names it (`cc`, `cc -c`, `llc`).
    pub what: String,
    /// How it ended; `None` when it could not be started.
    pub ended: Option<Ended>,
    /// Its error output, or why it could not be started.
    pub stderr: String,
}

impl ToolFailed {
    /// The failure in one line: `WHAT failed: ` and the first line of its
    /// error output (`WHAT: WHY` when it could not be started).
    pub fn brief(&self) -> String {
        match self.ended {
            None => format!("{}: {}", self.what, self.stderr),
            Some(_) => format!(
                "{} failed: {}",
                self.what,
                self.stderr.lines().next().unwrap_or("")
            ),
        }
    }
}

impl std::fmt::Display for ToolFailed {
    /// `WHAT: HOW IT ENDED` and its error output on the lines below
    /// (`WHAT: WHY` when it could not be started).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.ended {
            None => write!(f, "{}: {}", self.what, self.stderr),
            Some(e) => write!(f, "{}: {}\n{}", self.what, ended_words(e), self.stderr),
        }
    }
}

/// Runs the tool command `cmd` (named `what` in messages) to its end
/// under `limits`, through the safe runner ([`crate::process::run`]):
/// `Ok` with what it printed when it exits 0, else how it failed. Every
/// run of `cc`, `as`, `ld`, `llc` and `clang` that builds a program goes
/// through here.
pub fn run_tool(what: &str, cmd: Command, limits: &Limits) -> Result<Finished, ToolFailed> {
    let failed = |ended, stderr| ToolFailed {
        what: what.to_string(),
        ended,
        stderr,
    };
    let f = run(cmd, limits).map_err(|e| failed(None, e))?;
    match f.ended {
        Ended::Exited(0) => Ok(f),
        e => Err(failed(
            Some(e),
            String::from_utf8_lossy(&f.stderr).into_owned(),
        )),
    }
}

/// How a tool ended, in words: `exit 1`, `signal 9`, `ran past the
/// timeout`, `too much output`.
pub fn ended_words(e: &Ended) -> String {
    match e {
        Ended::Exited(c) => format!("exit {c}"),
        Ended::Signaled(s) => format!("signal {s}"),
        Ended::TimedOut => "ran past the timeout".into(),
        Ended::OverCap => "too much output".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// `sh -c 'echo oops >&2; exit 3'` exits 3 with `oops` on stderr: the
    /// failure says the tool's name, `exit 3` (how a status reads in
    /// words) and the words; the brief form their first line.
    #[test]
    fn a_failed_tool_says_how_it_ended_and_its_words() {
        let mut c = Command::new("sh");
        c.arg("-c").arg("echo oops >&2; echo more >&2; exit 3");
        let e = run_tool("sh", c, &Limits::tool(Duration::from_secs(30))).unwrap_err();
        assert_eq!(e.ended, Some(Ended::Exited(3)));
        assert_eq!(e.to_string(), "sh: exit 3\noops\nmore\n");
        assert_eq!(e.brief(), "sh failed: oops");
        let mut c = Command::new("sh");
        c.arg("-c").arg("echo fine");
        let f = run_tool("sh", c, &Limits::tool(Duration::from_secs(30))).expect("exit 0");
        assert_eq!(f.stdout, b"fine\n");
    }
}
