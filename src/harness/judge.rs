//! One program against the oracle: build it once with the compiler under
//! test, run it once per argument list, and give each run a [`Category`].
//! Runs where the oracle does not return (undefined behaviour, a resource
//! limit) are skipped: the spec promises nothing there.

use super::compiler::{Built, Compiler, Tools};
use spec::{Outcome, Prog};
use std::fmt;

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
    /// `cc` could not link the assembly with the runtime.
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
}

impl Category {
    /// Every category, in report order.
    pub const ALL: [Category; 8] = [
        Category::Pass,
        Category::CompileError,
        Category::CompileTimeout,
        Category::LinkError,
        Category::Crash,
        Category::RunTimeout,
        Category::WrongResult,
        Category::WrongOutput,
    ];

    /// The report name (`wrong result`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Category::Pass => "pass",
            Category::CompileError => "compile error",
            Category::CompileTimeout => "compile timeout",
            Category::LinkError => "link error",
            Category::Crash => "crash",
            Category::RunTimeout => "run timeout",
            Category::WrongResult => "wrong result",
            Category::WrongOutput => "wrong output",
        }
    }

    /// True for the timeouts: they are not reduced (a timeout would cost a
    /// whole timeout per candidate and says nothing a smaller program
    /// would) and they count towards giving up on a hanging compiler.
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
    },
}

impl RunVerdict {
    /// The category of a judged run.
    pub fn category(&self) -> Option<Category> {
        match self {
            RunVerdict::Skipped { .. } | RunVerdict::NotInDialect { .. } => None,
            RunVerdict::Judged { category, .. } => Some(*category),
        }
    }
}

/// The category of `actual` against the oracle's `expected` (`Returned`).
pub fn compare(expected: &Outcome, actual: &Outcome) -> Category {
    if expected.agrees_with(actual) {
        return Category::Pass;
    }
    match actual {
        Outcome::Crashed { .. } => Category::Crash,
        Outcome::Timeout { .. } | Outcome::Limit { .. } => Category::RunTimeout,
        Outcome::Returned { .. } | Outcome::Exited { .. } => {
            let same_result = match (expected, actual) {
                (Outcome::Returned { value, .. }, Outcome::Returned { value: v, .. }) => v == value,
                (Outcome::Returned { value, .. }, Outcome::Exited { code, .. }) => {
                    *code as u64 == (*value as u64 & 0xff)
                }
                _ => false,
            };
            if same_result {
                Category::WrongOutput
            } else {
                Category::WrongResult
            }
        }
        _ => Category::WrongResult,
    }
}

/// The oracle's outcome of `prog` on `args`.
pub fn expect(tools: &Tools, prog: &Prog, args: &[String]) -> Outcome {
    oracle::run(prog, None, args, &tools.oracle)
}

/// Judges every argument list of one program: the oracle first (runs it
/// does not return on are skipped), then one build, then one run each.
pub fn judge_program(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    runs: &[Vec<String>],
) -> Vec<RunVerdict> {
    judge_text(tools, compiler, prog, None, runs)
}

/// [`judge_program`], sending the compiler `text` (which must be `prog`'s
/// text, e.g. a corpus file as written) instead of `prog` printed in the
/// session's dialect.
pub fn judge_text(
    tools: &Tools,
    compiler: &Compiler,
    prog: &Prog,
    text: Option<&str>,
    runs: &[Vec<String>],
) -> Vec<RunVerdict> {
    let expected: Vec<Outcome> = runs.iter().map(|a| expect(tools, prog, a)).collect();
    if expected
        .iter()
        .all(|e| !matches!(e, Outcome::Returned { .. }))
    {
        return expected
            .into_iter()
            .map(|oracle| RunVerdict::Skipped { oracle })
            .collect();
    }
    let built = tools.build_text(compiler, prog, text);
    runs.iter()
        .zip(expected)
        .map(|(args, expected)| {
            if !matches!(expected, Outcome::Returned { .. }) {
                return RunVerdict::Skipped { oracle: expected };
            }
            match &built {
                Err(f) => RunVerdict::Judged {
                    category: f.category,
                    expected,
                    actual: None,
                    detail: f.detail.clone(),
                    changed: vec![],
                },
                Ok(b) => {
                    let actual = tools.run(b, args);
                    let changed = match b {
                        Built::Prog(_, c) => c.clone(),
                        _ => vec![],
                    };
                    RunVerdict::Judged {
                        category: compare(&expected, &actual),
                        expected,
                        actual: Some(actual),
                        detail: String::new(),
                        changed,
                    }
                }
            }
        })
        .collect()
}
