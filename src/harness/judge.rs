//! One program against the oracle: build it once with the compiler under
//! test, run it once per argument list, and give each run a [`Category`].
//! Runs where the oracle does not return (undefined behaviour, a resource
//! limit) are skipped: the spec promises nothing there.

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

/// The oracle's outcome of `prog` on `args`.
pub fn expect(tools: &Tools, prog: &Prog, args: &[String]) -> Outcome {
    expect_with_steps(tools, prog, args).0
}

/// [`expect`], with the oracle's step count (`oracle::Stats::executed`).
pub fn expect_with_steps(tools: &Tools, prog: &Prog, args: &[String]) -> (Outcome, u64) {
    let (o, s) = tools.stages().time(Stage::Oracle, || {
        oracle::run_with_stats(prog, None, args, &tools.oracle)
    });
    (o, s.executed)
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
    let (expected, input_steps): (Vec<Outcome>, Vec<u64>) = runs
        .iter()
        .map(|a| expect_with_steps(tools, prog, a))
        .unzip();
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
        .zip(input_steps)
        .map(|((args, expected), input)| {
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
