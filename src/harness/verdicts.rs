//! The campaign's shared vocabulary, below every other harness module: a
//! [`Case`] (one program and its argument lists), the [`RunVerdict`] of
//! each run and its [`Category`], a [`CaseResult`], a corpus file
//! [`SetAside`], a [`Reduced`] failing program, the interrupt flag, and
//! the few helpers every stage needs (parse-then-check, one-line
//! diagnostics, file-name slugs, one line per [`Outcome`]).

use spec::{Outcome, Prog};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most bytes of a run's stdout a report quotes.
pub const STDOUT_CAP: usize = 2048;

/// Set by the interrupt handler; the session stops taking new programs.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// True once an interrupt arrived.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// How one run of the compiled program compares with the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Same result (mod 256 for an exit status) and the same stdout.
    Pass,
    /// The compiler failed (non-zero exit, a signal, no output; for an
    /// optimiser also output that does not parse or check).
    CompileError,
    /// The compiler ran past the timeout.
    CompileTimeout,
    /// The assembly the compiler wrote does not assemble (`cc -c` fails
    /// on it): reported as `assembler error`.
    AssembleError,
    /// The assembly assembles but `cc` could not link it with the runtime
    /// (an undefined or duplicate symbol, a wrong entry point).
    LinkError,
    /// The program was killed by a signal (or printed past the cap).
    Crash,
    /// The program ran past the timeout (for an optimiser: the optimised
    /// program hit an oracle limit).
    RunTimeout,
    /// A different result (for an optimiser: also undefined behaviour).
    WrongResult,
    /// The same result but different stdout.
    WrongOutput,
    /// A front end's output prints what the test expects but ends with
    /// another exit status (or `program` returns another value).
    WrongStatus,
    /// A front end's output is undefined on the oracle (a failure: in a
    /// front end the output is the thing under test): the undefined
    /// behaviour's kind and the `.ll` line are in the detail.
    UndefinedInOutput,
    /// A front end's output prints or returns something that depends on
    /// where its allocations lie (a printed pointer, a seed taken from an
    /// address): it behaves otherwise at a second address layout in LLVM's
    /// memory (docs/semantics.md, "Outputs that depend on addresses").
    /// Not graded: the run is left out.
    DependsOnAddresses,
    /// A front end's output does not parse or is ill-typed LLVMlite.
    IllTypedOutput,
    /// A front end's output uses a form outside the course's dialect
    /// (what the course's own back end could not read).
    OutputNotInDialect,
    /// A front end compiled a program its course's type checker rejects
    /// (a `CHECK-ILL-TYPED` test).
    AcceptsIllTyped,
}

impl Category {
    /// Every category, in report order: a back end's, then those only a
    /// front end's run can get.
    pub fn all() -> impl Iterator<Item = Category> {
        Category::BACK_END.into_iter().chain(
            Category::FRONT_END
                .into_iter()
                .filter(|c| !Category::BACK_END.contains(c)),
        )
    }

    /// The categories a back end's (or optimiser's) run can get, in report
    /// order.
    pub const BACK_END: [Category; 9] = [
        Category::Pass,
        Category::CompileError,
        Category::CompileTimeout,
        Category::AssembleError,
        Category::LinkError,
        Category::Crash,
        Category::RunTimeout,
        Category::WrongResult,
        Category::WrongOutput,
    ];

    /// The categories a front end's run can get, in report order.
    pub const FRONT_END: [Category; 11] = [
        Category::Pass,
        Category::CompileError,
        Category::CompileTimeout,
        Category::AcceptsIllTyped,
        Category::IllTypedOutput,
        Category::OutputNotInDialect,
        Category::UndefinedInOutput,
        Category::DependsOnAddresses,
        Category::RunTimeout,
        Category::WrongStatus,
        Category::WrongOutput,
    ];

    /// The report name (`wrong result`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Category::Pass => "pass",
            Category::CompileError => "compile error",
            Category::CompileTimeout => "compile timeout",
            Category::AssembleError => "assembler error",
            Category::LinkError => "link error",
            Category::Crash => "crash",
            Category::RunTimeout => "run timeout",
            Category::WrongResult => "wrong result",
            Category::WrongOutput => "wrong output",
            Category::WrongStatus => "wrong status",
            Category::UndefinedInOutput => "undefined behaviour in output",
            Category::DependsOnAddresses => "depends on addresses",
            Category::IllTypedOutput => "ill-typed output",
            Category::OutputNotInDialect => "output outside the dialect",
            Category::AcceptsIllTyped => "accepts an ill-typed program",
        }
    }

    /// True when the program was never built: the compiler failed or timed
    /// out, or its assembly did not assemble or link.
    pub fn is_build_failure(self) -> bool {
        matches!(
            self,
            Category::CompileError
                | Category::CompileTimeout
                | Category::AssembleError
                | Category::LinkError
        )
    }

    /// True for the timeouts: they count towards giving up on a hanging
    /// compiler, and a compile timeout is not reduced (every candidate
    /// would cost a whole timeout); a run timeout is, its candidates under
    /// `reduce::CANDIDATE_TIMEOUT`.
    pub fn is_timeout(self) -> bool {
        matches!(self, Category::CompileTimeout | Category::RunTimeout)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The verdict on one run.
// A judged run carries two outcomes and an optimiser's step counts; a
// session holds one verdict per run, so boxing would only add allocations.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum RunVerdict {
    /// The oracle does not return on this run: not judged.
    Skipped {
        /// The oracle's outcome.
        oracle: Outcome,
    },
    /// Not sent: the program has no equivalent in the compiler's dialect
    /// (never a failure; counted on its own).
    NotInDialect {
        /// The feature that excluded it (`string-escapes`).
        feature: String,
        /// Where and what (`global @s: \0A`).
        what: String,
    },
    /// Judged, but it fails the same way under the course's reference
    /// solution (`--reference`): a defect of the shared handout code, not
    /// scored; the student's own verdict is kept as evidence.
    SharedWithReference {
        /// The student's own verdict.
        own: Box<RunVerdict>,
        /// Where the reference fails the same way, in words (the same
        /// program, or another one with the same build error).
        reference: String,
    },
    /// Left out of scoring for everyone: the reference solution cannot
    /// build this program (its compile, assembler or link error).
    ReferenceCannotBuild {
        /// The reference's category and words.
        detail: String,
    },
    /// Judged.
    Judged {
        /// The category.
        category: Category,
        /// The oracle's outcome (always `Returned`).
        expected: Outcome,
        /// What the compiled program did (`None` when it was never built).
        actual: Option<Outcome>,
        /// The compiler's or linker's words for a build failure.
        detail: String,
        /// For an optimiser: the functions whose printed text changed.
        changed: Vec<String>,
        /// For an optimiser whose output ran: the oracle's step counts of
        /// the input and of the output on this run.
        steps: Option<Steps>,
        /// What the reports say beside the verdict without it counting
        /// (an optimiser's output in a form the course's parser could not
        /// read back: `big-literals` at line 12).
        note: Option<String>,
    },
}

/// The oracle's executed-instruction counts (`oracle::Stats::executed`:
/// instructions and terminators) of one run of an optimiser's input and of
/// its output: exact and the same on every machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Steps {
    /// Steps of the program as sent to the optimiser.
    pub input: u64,
    /// Steps of the optimiser's output.
    pub output: u64,
}

impl RunVerdict {
    /// The category of a judged run (one that counts for the score).
    pub fn category(&self) -> Option<Category> {
        match self {
            RunVerdict::Judged { category, .. } => Some(*category),
            _ => None,
        }
    }
}

/// One program to check and its argument lists.
#[derive(Clone, Debug)]
pub struct Case {
    /// The program's name (`corpus/calls/fac.ll`, `random seed 7 size 30`).
    pub name: String,
    /// A file-name-safe form of the name.
    pub slug: String,
    /// The program.
    pub prog: Prog,
    /// The exact text sent to the compiler, when it is not the program
    /// printed in the session's dialect: a corpus file's own text, which
    /// reaches the compiler unchanged where it is in the dialect.
    pub text: Option<String>,
    /// (run name, argv[1..]) pairs.
    pub runs: Vec<(String, Vec<String>)>,
}

impl Case {
    /// The argv[1..] of run `i` (none for a run it does not have).
    pub fn args(&self, i: usize) -> Vec<String> {
        self.runs.get(i).map(|(_, a)| a.clone()).unwrap_or_default()
    }
}

/// The judged runs of one case and the reduction of its first failure.
#[derive(Clone, Debug)]
pub struct CaseResult {
    /// The case.
    pub case: Case,
    /// One verdict per run, in order.
    pub verdicts: Vec<RunVerdict>,
    /// The reduction of the first failing run (its index and result).
    pub reduced: Option<(usize, Reduced)>,
    /// Per run, what tracing it found (`trace::trace_runs`; empty or
    /// `None` for a run not traced).
    pub traces: Vec<Option<Trace>>,
}

impl CaseResult {
    /// The index of the first failing run.
    pub fn first_failure(&self) -> Option<usize> {
        self.verdicts
            .iter()
            .position(|v| v.category().is_some_and(|c| c != Category::Pass))
    }
}

/// What tracing a failing run found (docs/grading.md, "The first wrong
/// value").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The cause it names, the run's group key: `first wrong value: icmp
    /// sle i64`, `the trace stops after load i64`; `None` when tracing
    /// changed the outcome or could not be done (the run keeps its
    /// present key).
    pub key: Option<String>,
    /// In words: the first wrong instruction with its operands' values and
    /// both results, where the trace stopped, or why there is no key.
    pub says: String,
    /// The first wrong value: what the compiled program gave and what the
    /// oracle gave (`None` when the trace names no wrong value).
    pub values: Option<(i64, i64)>,
}

/// A corpus file that is not sent to the compiler, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    /// The file (as in [`Case::name`]).
    pub name: String,
    /// Why: the parser's or checker's first diagnostic, `file:line:col`.
    pub why: String,
    /// True for a file whose annotations say it must not parse or check
    /// (`CHECK-MALFORMED`, `CHECK-ILL-TYPED`): nothing to report.
    pub on_purpose: bool,
}

/// The result of a reduction.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The smallest failing program found.
    pub prog: Prog,
    /// Its text as the compiler under test was sent it (in the session's
    /// dialect).
    pub text: String,
    /// Its instruction count (`gen::shrink::insn_count`).
    pub insns: usize,
    /// The oracle's outcome on it (`Returned`).
    pub expected: Outcome,
    /// What the compiled program did (`None` for a build failure).
    pub actual: Option<Outcome>,
    /// Candidates tried.
    pub candidates: usize,
    /// Edits kept.
    pub kept: usize,
    /// Time spent.
    pub elapsed: Duration,
    /// True when a bound stopped the search before a fixed point.
    pub bounded: bool,
}

/// `src` parsed and checked, or the first diagnostic (the parser's, or
/// the checker's first).
pub fn parse_checked(src: &spec::Source) -> Result<Prog, spec::Diagnostic> {
    spec::parse_and_check(src).map_err(|r| r.first())
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
        Outcome::Crashed { signal: 0, stdout } => String::from_utf8_lossy(stdout).into_owned(),
        Outcome::Crashed { signal, stdout } => {
            format!(
                "killed by signal {signal} ({}), {}",
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
