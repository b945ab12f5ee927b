//! Reducing a failing Oat test: delta debugging on the Oat source with
//! `oat::shrink`'s edits (declarations, parameters, statements, branches,
//! loops unwrapped or bounds lowered, operands, probe calls, array
//! elements, literals; the list is in `oat::shrink`), keeping a candidate while its expected
//! output is still defined and the front end under test still fails it
//! the same way. The expected output of a candidate is the reference
//! solution's output run on the oracle when there is a reference (it must
//! be well defined there), else `oat::eval`'s (the language definition's)
//! (with the run's arguments); a candidate's output that another allowed
//! order of a call's arguments gives is right too (`judge::allowed_runs`).

use super::judge::{self, Compiled, FrontRun};
use super::settings::FrontEndCampaign;
use super::tests::OatTest;
use crate::corpus::{Expected, Run};
use crate::harness::compiler::Tools;
use crate::harness::reduce::Bounds;
use crate::harness::verdicts::Category;
use oat::ast::Program;
use spec::Outcome;
use std::time::{Duration, Instant};

/// A reduced failing test.
#[derive(Clone, Debug)]
pub struct ReducedOat {
    /// The reduced Oat program.
    pub text: String,
    /// The front end's output for it.
    pub output: Option<String>,
    /// What the course compares on it (its expected output and status).
    pub expected: Vec<u8>,
    /// Whose `expected` is: the reference solution's output on the oracle,
    /// or the evaluator's (the language definition's).
    pub expected_from: &'static str,
    /// What the front end's output did on the oracle, in words.
    pub actual: String,
    /// Its statement count.
    pub statements: usize,
    /// The Oat constructs it uses (`oat::features`), by name.
    pub constructs: Vec<String>,
    /// Candidates tried.
    pub candidates: usize,
    /// Edits kept.
    pub kept: usize,
    /// Time spent.
    pub elapsed: Duration,
    /// True when a bound stopped the search before a fixed point.
    pub bounded: bool,
}

impl ReducedOat {
    /// How the reduction went, in one line.
    pub fn how(&self) -> String {
        format!(
            "{} statements after {} candidates ({} kept) in {:.1}s{}",
            self.statements,
            self.candidates,
            self.kept,
            self.elapsed.as_secs_f64(),
            if self.bounded {
                ", stopped by a bound"
            } else {
                ""
            }
        )
    }
}

/// True for the failures a reduction explains: their cause is in what the
/// Oat program does.
pub fn reducible(c: Category) -> bool {
    matches!(
        c,
        Category::WrongOutput
            | Category::WrongStatus
            | Category::UndefinedInOutput
            | Category::DependsOnAddresses
            | Category::IllTypedOutput
            | Category::OutputNotInDialect
            | Category::CompileError
    )
}

/// The same failure: the category and, for undefined behaviour, its kind.
fn same_failure(goal: &FrontRun, got: &FrontRun) -> bool {
    let kind = |r: &FrontRun| match &r.actual {
        Some(Outcome::Undefined { kind, .. }) => Some(*kind),
        _ => None,
    };
    goal.category == got.category && kind(goal) == kind(got)
}

/// The expected course output (stdout, then the exit status) of the Oat
/// program `p` on `args`, when it is defined: the reference's output
/// (compiled as `names`: the file sent and the output's name) run on the
/// oracle, or without a reference the evaluator's.
pub fn expected_output(
    c: &FrontEndCampaign,
    tools: &Tools,
    names: (&str, &str),
    p: &Program,
    args: &[String],
) -> Option<Vec<u8>> {
    match &c.reference {
        Some(cmd) => {
            let text = c.oat_text(p);
            let compiled =
                judge::compile_text(tools, cmd, names.0, &text, names.1, c.dialect.as_ref());
            let prog = compiled.prog.as_ref().ok()?;
            judge::run_output(tools, prog, compiled.src.as_ref(), args).course_output()
        }
        None => oat::eval::run_in_order(
            p,
            c.version,
            &oat::eval::Limits::default(),
            &args.iter().map(|a| a.as_bytes()).collect::<Vec<_>>(),
            c.orders.first(),
        )
        .course_output(),
    }
}

/// Reduces the run `run` of `test`, which the front end fails with `goal`,
/// within `bounds`.
pub fn reduce(
    c: &FrontEndCampaign,
    tools: &Tools,
    test: &OatTest,
    run: &Run,
    goal: &FrontRun,
    bounds: &Bounds,
) -> Option<ReducedOat> {
    let start = Instant::now();
    let prog = oat::parse::program(&test.text).ok()?;
    let run = run.clone();
    let goal = goal.clone();
    if goal.category == Category::CompileError && c.reference.is_none() {
        // Without a reference nothing says a candidate is a valid program
        // the front end must accept.
        return None;
    }
    let (file, out_name) = judge::file_names(test);
    let candidates = std::cell::Cell::new(0usize);
    let mut kept = 0usize;
    let mut bounded = false;
    // The expected course output of a candidate, if it is defined.
    let expected_of = |p: &Program| expected_output(c, tools, (&file, &out_name), p, &run.args);
    // The student's verdict on a candidate whose expected output is `want`.
    let student = |p: &Program, want: &[u8]| -> (FrontRun, Compiled) {
        let text = c.oat_text(p);
        let compiled =
            judge::compile_text(tools, &c.cmd, &file, &text, &out_name, c.dialect.as_ref());
        let run = Run {
            course_output: Some(want.to_vec()),
            stdout: None,
            expect: Expected::Unspecified,
            ..run.clone()
        };
        let verdict = match &compiled.prog {
            Err(f) => FrontRun {
                category: f.category,
                actual: None,
                detail: f.detail.clone(),
                note: None,
            },
            Ok(prog) => {
                let actual = judge::run_output(tools, prog, compiled.src.as_ref(), &run.args);
                let allowed = judge::allowed_runs(p, c.language(), &run);
                let (category, detail) = judge::judge_allowed(&allowed, &actual);
                FrontRun {
                    category,
                    actual: Some(actual),
                    detail,
                    note: None,
                }
            }
        };
        (verdict, compiled)
    };
    // The original must fail the same way under this definition of the
    // expectation, or the reduction would chase something else.
    let want = expected_of(&prog)?;
    let (first, _) = student(&prog, &want);
    if !same_failure(&goal, &first) {
        return None;
    }
    let small = oat::shrink::shrink_until(
        &prog,
        c.version,
        |p| {
            candidates.set(candidates.get() + 1);
            let ok = expected_of(p).is_some_and(|w| same_failure(&goal, &student(p, &w).0));
            kept += usize::from(ok);
            ok
        },
        || {
            let over =
                candidates.get() >= bounds.max_candidates || start.elapsed() > bounds.max_time;
            bounded |= over;
            over
        },
    );
    let want = expected_of(&small)?;
    let (last, compiled) = student(&small, &want);
    let text = c.oat_text(&small);
    Some(ReducedOat {
        statements: statements(&small),
        constructs: oat::features::features(&small)
            .iter()
            .map(oat::features::Feature::name)
            .collect(),
        text,
        output: compiled.text,
        expected: want,
        expected_from: if c.reference.is_some() {
            "the reference's output on the oracle"
        } else {
            "the Oat evaluator's"
        },
        actual: last.actual.as_ref().map_or_else(
            || judge::first_line(&last.detail).to_string(),
            crate::harness::verdicts::describe,
        ),
        candidates: candidates.get(),
        kept,
        elapsed: start.elapsed(),
        bounded,
    })
}

/// The statements of `p`'s function bodies, nested ones included.
fn statements(p: &Program) -> usize {
    oat::print::program(p)
        .lines()
        .filter(|l| l.trim_end().ends_with(';') || l.trim_end().ends_with('{'))
        .count()
}
