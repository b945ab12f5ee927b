//! The baseline: the simplest program, sent alone before anything else
//! (twice more on a failure), so that a compiler that cannot build or run
//! anything has every program counted as failed with one message instead
//! of hundreds; whether its output links only with `-no-pie`; and one
//! program sent alone, which the probes use too.

use super::compiler::Tools;
use super::options::Limits;
use super::probe_programs::{probe_case, CONFIRMATIONS, GLOBAL_VALUE_PROBES, PROBES};
use super::reduce::Bounds;
use super::session::{run_session, Settings};
use super::target::{Compiler, Emit, Target};
use super::verdicts::{describe, Case, CaseResult, Category, RunVerdict};
use super::{compiler, judge};
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

/// How the baseline probe went for the compiler under test.
#[derive(Clone, Debug)]
pub enum Baseline {
    /// Not sent: the built-in back end.
    NotRun,
    /// Passed (maybe only linked with `-no-pie`, maybe only when sent
    /// again).
    Passed(BaselinePassed),
    /// Failed every try: every program is counted as failed.
    Failed(BaselineFailed),
}

/// `target` with `-no-pie` added to its link flags, when it links a
/// compiler's assembly and does not have the flag yet.
fn with_no_pie(target: &Target) -> Option<Target> {
    let asm = matches!(
        target.compiler,
        Compiler::Command {
            emit: Emit::Asm,
            ..
        }
    );
    let has = target.course.link_flags.iter().any(|f| f == "-no-pie");
    (asm && !has).then(|| {
        let mut t = target.clone();
        t.course.link_flags.push("-no-pie".into());
        t
    })
}

/// Sends the baseline to `target`'s compiler ([`probe::baseline`]); on a
/// pass that needed `-no-pie`, `target` links with it from then on.
pub(crate) fn check_baseline(target: &mut Target, limits: &Limits) -> Result<Baseline, String> {
    if matches!(target.compiler, Compiler::Builtin { .. }) {
        return Ok(Baseline::NotRun);
    }
    // A compiler that is not there fails the baseline with that said
    // plainly (nothing is sent; every program counts as failed).
    if let Err(why) = compiler::check_runnable(&target.compiler, Path::new(".")) {
        return Ok(Baseline::Failed(not_runnable(why)));
    }
    let tools = limits.tools(target)?;
    let no_pie = with_no_pie(target);
    let no_pie_tools = no_pie.as_ref().map(|t| limits.tools(t)).transpose()?;
    match baseline(&tools, no_pie_tools.as_ref(), &target.compiler) {
        Ok(b) => {
            if let (true, Some(t)) = (b.needs_no_pie, no_pie) {
                *target = t;
            }
            Ok(Baseline::Passed(b))
        }
        Err(f) => Ok(Baseline::Failed(f)),
    }
}

/// The results of a compiler that failed the baseline: every run the
/// oracle returns on is a failure with the baseline's category, verdict
/// and words (runs it does not return on stay skipped), so that the
/// compiler is graded 0 of the same runs as any other.
pub fn failed_baseline(
    cases: Vec<Case>,
    tools: &Tools,
    failed: &BaselineFailed,
) -> Vec<CaseResult> {
    let (actual, detail) = match failed.verdict.as_ref() {
        RunVerdict::Judged { actual, detail, .. } => (actual.clone(), detail.clone()),
        _ => (None, String::new()),
    };
    cases
        .into_par_iter()
        .map(|case| {
            let verdicts = case
                .runs
                .iter()
                .map(|(_, args)| {
                    let expected = judge::expect(tools, &case.prog, args);
                    if matches!(expected, spec::Outcome::Returned { .. }) {
                        RunVerdict::Judged {
                            category: failed.category(),
                            expected,
                            actual: actual.clone(),
                            detail: format!("the baseline probe fails: {detail}"),
                            changed: vec![],
                            steps: None,
                            note: None,
                        }
                    } else {
                        RunVerdict::Skipped { oracle: expected }
                    }
                })
                .collect();
            CaseResult {
                case,
                verdicts,
                reduced: None,
                traces: vec![],
            }
        })
        .collect()
}

/// How the baseline went, when it passed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaselinePassed {
    /// The baseline linked only with `-no-pie` (a back end that writes
    /// absolute addresses, as 2017-era course code does): the campaign
    /// links with it too.
    pub needs_no_pie: bool,
    /// The baseline failed at first and passed when sent again alone.
    pub flaky: bool,
}

/// Why the baseline failed: the failing verdict and one paragraph.
#[derive(Clone, Debug)]
pub struct BaselineFailed {
    /// One paragraph: the category, what was expected, what happened.
    pub message: String,
    /// The baseline's verdict (a failure): every program of the campaign
    /// is counted as failed with its category.
    pub verdict: Box<RunVerdict>,
}

impl BaselineFailed {
    /// The failure's category (a compile error when there was no verdict).
    pub fn category(&self) -> Category {
        self.verdict.category().unwrap_or(Category::CompileError)
    }
}

/// The settings of probe sessions: `jobs` threads, no reduction.
pub(crate) fn probe_settings(jobs: usize) -> Settings {
    Settings {
        jobs,
        max_reductions: 0,
        bounds: Bounds::default(),
        stop_at_first_failure: false,
        budget: Default::default(),
    }
}

/// `case`'s one verdict under `compiler`, sent alone.
pub(crate) fn send_alone(tools: &Tools, compiler: &Compiler, case: &Case) -> Option<CaseResult> {
    run_session(
        tools,
        compiler,
        vec![case.clone()],
        &probe_settings(1),
        &|_| {},
    )
    .into_iter()
    .next()
}

/// True when the baseline was built and ran to an end: a compiler that
/// gets its value wrong is judged program by program like any other; one
/// that cannot build it, or whose program crashes or hangs, fails the
/// baseline.
fn baseline_ran(r: Option<&CaseResult>) -> bool {
    matches!(
        r.and_then(|r| r.verdicts.first()),
        Some(RunVerdict::Judged {
            category: Category::Pass | Category::WrongResult | Category::WrongOutput,
            ..
        })
    )
}

/// Sends the baseline probe alone (and, when it fails, [`CONFIRMATIONS`]
/// more times, alone, one after the other). A baseline that fails only to
/// link is tried once more linked with `-no-pie` (by `no_pie_tools`,
/// tools with that flag added): when that passes, the campaign links so.
/// `Err` when every try failed.
pub fn baseline(
    tools: &Tools,
    no_pie_tools: Option<&Tools>,
    compiler: &Compiler,
) -> Result<BaselinePassed, BaselineFailed> {
    let case = probe_case(&PROBES[0], tools.course());
    let first = send_alone(tools, compiler, &case);
    if baseline_ran(first.as_ref()) {
        return Ok(BaselinePassed {
            needs_no_pie: no_pie_tools.is_some_and(|t| links_only_without_pie(tools, t, compiler)),
            flaky: false,
        });
    }
    let mut last = first;
    for _ in 0..CONFIRMATIONS {
        let again = send_alone(tools, compiler, &case);
        if baseline_ran(again.as_ref()) {
            return Ok(BaselinePassed {
                flaky: true,
                ..BaselinePassed::default()
            });
        }
        last = again;
    }
    let verdict = last.as_ref().and_then(|r| r.verdicts.first()).cloned();
    let link_failed = verdict
        .as_ref()
        .and_then(RunVerdict::category)
        .is_some_and(|c| c == Category::LinkError);
    if let (true, Some(t)) = (link_failed, no_pie_tools) {
        if baseline_ran(send_alone(t, compiler, &case).as_ref()) {
            return Ok(BaselinePassed {
                needs_no_pie: true,
                flaky: false,
            });
        }
    }
    Err(baseline_failed(verdict))
}

/// True when a program that addresses a global (the two load-syntax
/// probes, or the two that store a global's address, [`GLOBAL_VALUE_PROBES`];
/// the compiler reads one syntax of each) fails to link as it is but
/// links with `-no-pie` (`no_pie_tools`): the back end writes absolute
/// addresses, as 2017-era course code does (some only for a global used
/// as a value, not in a `getelementptr`). Linking is the question, not
/// the probe's result: a back end with a wrong `getelementptr` still
/// writes absolute addresses, and every program with a global would
/// otherwise fail as a link error instead of showing its real bug.
fn links_only_without_pie(tools: &Tools, no_pie_tools: &Tools, compiler: &Compiler) -> bool {
    let category =
        |r: Option<CaseResult>| r.and_then(|r| r.verdicts.first().and_then(RunVerdict::category));
    PROBES[1..3].iter().chain(&GLOBAL_VALUE_PROBES).any(|p| {
        let case = probe_case(p, tools.course());
        category(send_alone(tools, compiler, &case)) == Some(Category::LinkError)
            && category(send_alone(no_pie_tools, compiler, &case))
                .is_some_and(|c| !c.is_build_failure())
    })
}

pub(crate) fn first_lines(s: &str, n: usize) -> String {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The baseline failure of a compiler that cannot be started at all
/// (`why`: the program its command starts does not exist or is not
/// executable): a compile error with those words.
pub fn not_runnable(why: String) -> BaselineFailed {
    BaselineFailed {
        message: format!("{why}; nothing was sent, and every program is counted as failed"),
        verdict: Box::new(baseline_not_built(why)),
    }
}

/// The baseline's verdict when it was not built: a compile error with
/// `detail`, against the baseline's value (42).
fn baseline_not_built(detail: String) -> RunVerdict {
    RunVerdict::Judged {
        category: Category::CompileError,
        expected: spec::Outcome::Returned {
            value: PROBES[0].result,
            stdout: vec![],
        },
        actual: None,
        detail,
        changed: vec![],
        steps: None,
        note: None,
    }
}

fn baseline_failed(v: Option<RunVerdict>) -> BaselineFailed {
    let what = match &v {
        Some(RunVerdict::Judged {
            category,
            actual,
            detail,
            ..
        }) => {
            let actual = actual
                .as_ref()
                .map_or("no executable".to_string(), describe);
            let mut s = format!("{category}: {actual}");
            if !detail.trim().is_empty() {
                let _ = write!(
                    s,
                    "\n  | {}",
                    first_lines(detail, 6).replace(" | ", "\n  | ")
                );
            }
            s
        }
        Some(other) => format!("{other:?}"),
        None => "no verdict (interrupted)".into(),
    };
    let verdict = v.unwrap_or_else(|| baseline_not_built("no verdict (interrupted)".into()));
    BaselineFailed {
        verdict: Box::new(verdict),
        message: format!(
            "the compiler fails the simplest program (the baseline probe: `%x = add i64 40, 2`, \
             `ret i64 %x`, which returns 42) {} times in a row, the last {CONFIRMATIONS} alone; \
             every program is counted as failed.\n  {what}",
            CONFIRMATIONS + 1
        ),
    }
}
