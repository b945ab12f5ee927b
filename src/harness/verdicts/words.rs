//! The helpers every stage needs: parse-then-check, one-line
//! diagnostics, file-name slugs, one line per [`Outcome`].

use spec::{Outcome, Prog};

/// The most bytes of a run's stdout a report quotes.
pub const STDOUT_CAP: usize = 2048;

/// `src` parsed and checked, or the first diagnostic (the parser's, or
/// the checker's first).
pub fn parse_checked(src: &spec::Source) -> Result<Prog, spec::Diagnostic> {
    parse_checked_under(src, spec::RuntimeName::Ll)
}

/// [`parse_checked`], the course runtime `runtime`'s functions callable
/// without a definition (a campaign's `--runtime`).
pub fn parse_checked_under(
    src: &spec::Source,
    runtime: spec::RuntimeName,
) -> Result<Prog, spec::Diagnostic> {
    let checks = spec::check::CheckOptions {
        runtime,
        ..Default::default()
    };
    spec::parse_and_check_with(src, &checks).map_err(|r| r.first())
}

/// A diagnostic in one line: `file:line:col: [rule] message`.
pub fn located(d: &spec::Diagnostic, src: &spec::Source) -> String {
    let l = d.locate(src);
    format!(
        "{}:{}:{}: [{}] {}",
        l.file, l.line, l.col, l.rule, l.message
    )
}

/// A file-name-safe form of `s`.
pub fn slug(s: &str) -> String {
    let s = s.strip_suffix(".ll").unwrap_or(s);
    s.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// One line per outcome, with the stdout escaped (at most [`STDOUT_CAP`]
/// bytes of it quoted).
pub fn describe(o: &Outcome) -> String {
    let out = |s: &[u8]| {
        let shown = &s[..s.len().min(STDOUT_CAP)];
        let more = s.len() - shown.len();
        let tail = if more > 0 {
            format!(" ... {more} bytes more")
        } else {
            String::new()
        };
        format!(
            "stdout \"{}\"{tail}",
            String::from_utf8_lossy(shown).escape_debug()
        )
    };
    match o {
        Outcome::Returned { value, stdout } => format!(
            "returns {value} (exit status {}), {}",
            *value as u64 & 0xff,
            out(stdout)
        ),
        Outcome::Exited { code, stdout } => format!("exit status {code}, {}", out(stdout)),
        // Signal 0: the program never ran; the "stdout" is why.
        Outcome::Crashed {
            signal: 0, stdout, ..
        } => String::from_utf8_lossy(stdout).into_owned(),
        Outcome::Crashed {
            signal,
            syscall,
            stdout,
        } => {
            let call = syscall.map_or(String::new(), |n| {
                format!(": {}", spec::syscall::describe(n))
            });
            format!(
                "killed by signal {signal} ({}){call}, {}",
                signal_name(*signal),
                out(stdout)
            )
        }
        Outcome::Timeout { stdout } => format!("ran past the timeout, {}", out(stdout)),
        other => other.to_string(),
    }
}

fn signal_name(s: i32) -> &'static str {
    match s {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ: output cap",
        libc::SIGPIPE => "SIGPIPE",
        // The confinement's system-call filter (docs/grading.md, "What a
        // submission can and cannot do").
        libc::SIGSYS => "SIGSYS: a refused system call",
        _ => "signal",
    }
}
