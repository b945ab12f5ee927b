//! One program against the oracle: build it once with the compiler under
//! test, run it once per argument list, and give each run a [`Category`].
//! Runs where the oracle does not return (undefined behaviour, a resource
//! limit) are skipped: the spec promises nothing there. In LLVM's memory
//! (`--memory llvm`) a run whose output depends on addresses is left out:
//! it has no one meaning (docs/semantics.md, "Which memory applies").

use super::compiler::{Built, Tools};
use super::stages::Stage;
use super::target::Compiler;
use super::verdicts::{Category, RunVerdict, Steps};
use spec::{Outcome, Prog};

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

/// What the oracle says of one run of a program.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The oracle's outcome (in LLVM's memory, at the first address
    /// layout).
    pub outcome: Outcome,
    /// The oracle's step count (`oracle::Stats::executed`).
    pub steps: u64,
    /// In LLVM's memory (`Options::memory`), when the run behaves
    /// otherwise at a second address layout: how, and which values came
    /// from addresses (docs/semantics.md, "Outputs that depend on
    /// addresses"). Such a run has no one meaning to hold a compiler to.
    pub depends_on_addresses: Option<oracle::AddressDependence>,
}

/// The oracle's word on `prog` run with `args` under `opts`: in LLVMlite's
/// memory one run; in LLVM's, runs at two address layouts
/// (`oracle::run_llvm`), so that an output that depends on addresses is
/// known as such.
pub fn oracle_expectation(prog: &Prog, args: &[String], opts: &oracle::Options) -> Expectation {
    match opts.memory {
        oracle::MemoryModel::Llvmlite => {
            let (outcome, stats) = oracle::run_with_stats(prog, None, args, opts);
            Expectation {
                outcome,
                steps: stats.executed,
                depends_on_addresses: None,
            }
        }
        oracle::MemoryModel::Llvm => {
            let r = oracle::run_llvm(prog, None, args, opts);
            Expectation {
                outcome: r.outcome,
                steps: r.stats.executed,
                depends_on_addresses: r.depends_on_addresses,
            }
        }
    }
}

/// The oracle's outcome of `prog` on `args`.
pub fn expect(tools: &Tools, prog: &Prog, args: &[String]) -> Outcome {
    expect_with_steps(tools, prog, args).0
}

/// [`expect`], with the oracle's step count (`oracle::Stats::executed`).
pub fn expect_with_steps(tools: &Tools, prog: &Prog, args: &[String]) -> (Outcome, u64) {
    let e = expectation(tools, prog, args);
    (e.outcome, e.steps)
}

/// [`oracle_expectation`] under the session's oracle options, timed as
/// the oracle's stage.
pub fn expectation(tools: &Tools, prog: &Prog, args: &[String]) -> Expectation {
    tools.stages().time(Stage::Oracle, || {
        oracle_expectation(prog, args, &tools.oracle)
    })
}

/// Whether the compiled program is held to `e`: the oracle returns, and
/// the outcome does not depend on addresses.
pub fn judged(e: &Expectation) -> bool {
    matches!(e.outcome, Outcome::Returned { .. }) && e.depends_on_addresses.is_none()
}

/// The verdict on a run the compiled program is not held to: the
/// oracle's outcome depends on addresses (left out), or it does not
/// return (skipped).
fn not_judged(e: Expectation) -> RunVerdict {
    match e.depends_on_addresses {
        Some(d) => RunVerdict::DependsOnAddresses {
            oracle: e.outcome,
            detail: d.to_string(),
        },
        None => RunVerdict::Skipped { oracle: e.outcome },
    }
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
    let expected: Vec<Expectation> = runs.iter().map(|a| expectation(tools, prog, a)).collect();
    if !expected.iter().any(judged) {
        return expected.into_iter().map(not_judged).collect();
    }
    let built = tools.build_text(compiler, prog, text);
    runs.iter()
        .zip(expected)
        .map(|(args, e)| {
            if !judged(&e) {
                return not_judged(e);
            }
            let (expected, input) = (e.outcome, e.steps);
            match &built {
                Err(f) => RunVerdict::Judged {
                    category: f.category,
                    expected,
                    actual: None,
                    detail: f.detail.clone(),
                    changed: vec![],
                    steps: None,
                    note: None,
                },
                Ok(b) => {
                    let (actual, output) = tools.run_with_steps(b, args);
                    let (changed, note) = match b {
                        Built::Prog { changed, note, .. } => (changed.clone(), note.clone()),
                        _ => (vec![], None),
                    };
                    RunVerdict::Judged {
                        category: compare(&expected, &actual),
                        expected,
                        actual: Some(actual),
                        detail: String::new(),
                        changed,
                        steps: output.map(|output| Steps { input, output }),
                        note,
                    }
                }
            }
        })
        .collect()
}
