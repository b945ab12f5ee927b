//! A [`Case`] (one program and its argument lists), its [`CaseResult`]
//! and [`Trace`]s, a corpus file [`SetAside`], a [`Reduced`] failing
//! program.

use super::category::Category;
use super::run_verdict::RunVerdict;
use spec::{Outcome, Prog};
use std::time::Duration;

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
