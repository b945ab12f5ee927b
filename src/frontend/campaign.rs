//! A front-end campaign: every Oat test (and generated Oat program)
//! compiled by the front end under test and judged on the oracle in
//! parallel, held against the reference solution when there is one,
//! failing tests reduced on their Oat source, and one
//! [`crate::harness::report::Report`] of it all, the same report type
//! (terminal, JSON, Gradescope, JUnit, the class files) as for back ends.

use super::group::{constructs_of, is_output, signature, CauseConstructs};
use super::judge::{self, expectation_words, FrontRun};
use super::native::{self, Native};
use super::reduce::{self, ReducedOat};
use super::reference::{self, Held, RefTest};
pub use super::settings::FrontEndCampaign;
use super::tests::OatTest;
use super::trace;
use crate::corpus::Run;
use crate::harness::budget::Budget;
use crate::harness::campaign::add_not_reached;
use crate::harness::compiler::Tools;
use crate::harness::group::spread_over_groups;
use crate::harness::report::{
    cap, outcome_json, FailureRecord, Grading, ProgramRecord, ReducedRecord, Report, RunRecord,
    Scored, Verdict, MESSAGE_CAP, PROGRAM_CAP,
};
use crate::harness::saved::{reduced_name, save_reduced, Saved};
use crate::harness::session::{judge_each, Judged, Judging, Settings};
use crate::harness::stages::Stage;
use crate::harness::target::Target;
use crate::harness::threads::on_threads;
use crate::harness::verdicts::{describe, interrupted, slug, Category, Trace};
use oat::OatVersion;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;
use std::time::Instant;

/// One test's result: the student's verdicts held against the reference,
/// the output, and the reduction of its first failure.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test.
    pub test: OatTest,
    /// Its runs (for a plain test, the one run the reference defines).
    pub runs: Vec<Run>,
    /// One verdict per run.
    pub held: Vec<Held>,
    /// The student's output, when there was one.
    pub output: Option<String>,
    /// The reduction of the first failing run: its index and result.
    pub reduced: Option<(usize, ReducedOat)>,
    /// The trace of the first failing run (wrong output or status only):
    /// its first wrong value.
    pub trace: Option<Trace>,
    /// Why the first failing run has no reduction, in words (`None` when
    /// it has one, or no failing run).
    pub not_reduced: Option<String>,
}

impl Judged for TestResult {
    fn first_failing(&self) -> Option<Category> {
        Some(self.held.get(self.first_failure()?)?.own().category)
    }
}

impl TestResult {
    /// The index of the first scored failing run.
    pub fn first_failure(&self) -> Option<usize> {
        self.held
            .iter()
            .position(|h| matches!(h, Held::Judged(r) if r.category != Category::Pass))
    }

    /// How the test counts, as the report's summary counts it: failed when
    /// a scored run failed, passed when every scored run passed, not
    /// scored when no run is (left out or shared with the reference).
    pub fn scored(&self) -> Scored {
        if self.first_failure().is_some() {
            Scored::Failed
        } else if self.held.iter().any(|h| matches!(h, Held::Judged(_))) {
            Scored::Passed
        } else {
            Scored::NotScored
        }
    }
}

/// Runs the campaign: judges every test, reduces failures, and gives the
/// report (with the reductions saved under `out_dir`); `tick` is told how
/// each test counts as it is judged.
pub fn run(
    c: &FrontEndCampaign,
    tools: &Tools,
    out_dir: &Path,
    grading: &Grading,
    tick: &(dyn Fn(Scored) + Sync),
) -> Report {
    let refs = references(c, tools);
    run_with(c, tools, refs.as_deref(), out_dir, grading, tick)
}

/// The reference solution's view of every test of `c` (in parallel), when
/// `c` has a reference: computed once for a class of students.
pub fn references(c: &FrontEndCampaign, tools: &Tools) -> Option<Vec<RefTest>> {
    let cmd = c.reference.as_ref()?;
    let all = || {
        c.tests
            .par_iter()
            .map(|t| reference::judge_reference(tools, cmd, t, c.dialect.as_ref(), c.language()))
            .collect()
    };
    Some(on_threads(c.settings.jobs, all))
}

/// [`run`] with the reference's view of every test already computed
/// (`refs`, parallel to `c.tests`; `None` without a reference). Only the
/// tests of `c.shard` are judged; within the budget of `c.settings`
/// (tests not reached count as not passed); a panic of lloracle's own on one test
/// leaves that test out and names it in the report (`internal_errors`),
/// as for back ends (`harness::session`).
pub fn run_with(
    c: &FrontEndCampaign,
    tools: &Tools,
    refs: Option<&[RefTest]>,
    out_dir: &Path,
    grading: &Grading,
    tick: &(dyn Fn(Scored) + Sync),
) -> Report {
    let start = Instant::now();
    let budget: &Budget = &c.settings.budget;
    let stop = || interrupted() || budget.exhausted();
    let native = if c.native { Native::detect() } else { None };
    let baseline = refused_baseline(c, tools);
    let judge_all = || -> Vec<Option<TestResult>> {
        judge_each(
            c.tests.iter().enumerate().collect(),
            &Judging {
                budget,
                stop_at_first_failure: false,
            },
            |(k, _)| in_shard(c, *k),
            |(_, t)| t.path.to_string_lossy().into_owned(),
            |(k, t)| {
                let reference = refs.and_then(|rs| rs.get(k));
                judge_one(c, tools, native.as_ref(), baseline.as_deref(), t, reference)
            },
            &|r: &TestResult| tick(r.scored()),
        )
    };
    let mut results: Vec<Option<TestResult>> = on_threads(c.settings.jobs, judge_all);
    // Traced before the reductions: a trace's key is the group key the
    // reductions are spread over, as for back ends.
    let trace_one = |r: &mut TestResult| {
        let name = r.test.path.to_string_lossy().into_owned();
        if let Some(t) = budget.attempt(&name, || trace_first_failure(c, tools, r)) {
            r.trace = t;
        }
    };
    on_threads(c.settings.jobs, || {
        results.par_iter_mut().flatten().for_each(trace_one)
    });
    let order: Vec<usize> =
        reduction_order(&results, c.settings.max_reductions, c.reference.is_some());
    let reduce_one = |k: usize| {
        if stop() {
            return None;
        }
        let r = results[k].as_ref()?;
        let i = r.first_failure()?;
        let own = r.held.get(i)?.own();
        let c = FrontEndCampaign {
            settings: Settings {
                bounds: crate::harness::reduce::Bounds {
                    max_time: c.settings.bounds.max_time.min(budget.remaining()),
                    ..c.settings.bounds.clone()
                },
                ..c.settings.clone()
            },
            ..c.clone()
        };
        let reduced = budget.contain(&r.test.path.to_string_lossy(), || {
            reduce::reduce(&c, tools, &r.test, r.runs.get(i)?, own)
        });
        Some((k, reduced.flatten().map(|red| (i, red))))
    };
    let reduced: Vec<(usize, Option<(usize, ReducedOat)>)> = on_threads(c.settings.jobs, || {
        order.par_iter().filter_map(|&k| reduce_one(k)).collect()
    });
    let tried: HashSet<usize> = reduced.iter().map(|(k, _)| *k).collect();
    for (k, red) in reduced {
        if let Some(r) = &mut results[k] {
            r.reduced = red;
        }
    }
    for (k, r) in results.iter_mut().enumerate() {
        if let Some(r) = r {
            r.not_reduced = why_not_reduced(c, r, tried.contains(&k), budget);
        }
    }
    let mut report = build_report(c, tools, &results, out_dir, budget);
    report.elapsed_secs = start.elapsed().as_secs_f64();
    report.interrupted = interrupted();
    report.grade_with(grading);
    report
}

/// One test's first failure and its reduction (`lloracle reduce --emit
/// ll`): the failing run, the front end's verdict on it, and the reduced
/// test (`None` when the failure did not repeat under the reduction's
/// expected output).
pub type ReducedTest = (Run, FrontRun, Option<ReducedOat>);

/// Judges the one test `test` as a campaign of `c` judges it (held
/// against the reference when `c` has one, else against the language
/// definition) and reduces its first scored failing run; `None` when no
/// run fails. `Err` says why a failure that is not reduced is not (a
/// timeout, a compile error without a reference: [`why_not_reduced`]).
pub fn reduce_test(
    c: &FrontEndCampaign,
    tools: &Tools,
    test: &OatTest,
) -> Result<Option<ReducedTest>, String> {
    let refs = references(c, tools);
    let baseline = refused_baseline(c, tools);
    let reference = refs.as_ref().and_then(|r| r.first());
    let r = judge_one(c, tools, None, baseline.as_deref(), test, reference);
    let Some(i) = r.first_failure() else {
        return Ok(None);
    };
    let (Some(run), Some(held)) = (r.runs.get(i), r.held.get(i)) else {
        return Ok(None);
    };
    let own = held.own();
    if !reduction_order(
        std::slice::from_ref(&Some(r.clone())),
        1,
        c.reference.is_some(),
    )
    .is_empty()
    {
        let red = reduce::reduce(c, tools, test, run, own);
        return Ok(Some((run.clone(), own.clone(), red)));
    }
    let why = why_not_reduced(c, &r, false, &Budget::default())
        .unwrap_or_else(|| format!("{} failures are not reduced", own.category));
    Err(why)
}

/// True when test `k` of `c` is in the campaign's shard (every test is
/// without one).
fn in_shard(c: &FrontEndCampaign, k: usize) -> bool {
    c.shard.is_none_or(|s| s.keeps(k as u64))
}

/// Why the first failing run of `r` has no reduction (`tried`: its
/// reduction was started), or `None` when it has one or nothing failed.
fn why_not_reduced(
    c: &FrontEndCampaign,
    r: &TestResult,
    tried: bool,
    budget: &Budget,
) -> Option<String> {
    let i = r.first_failure()?;
    if r.reduced.as_ref().is_some_and(|(j, _)| *j == i) {
        return None;
    }
    let cat = r.held.get(i)?.own().category;
    let why = if cat.is_timeout() {
        "timeouts are not reduced: each try would cost a whole timeout".to_string()
    } else if cat == Category::CompileError && c.reference.is_none() {
        "compile errors are reduced only with --reference: without the course's solution \
         nothing says that a smaller program is one the front end must accept"
            .to_string()
    } else if !reduce::reducible(cat) {
        format!("{cat} failures are not reduced: a smaller program need not fail the same way")
    } else if tried {
        "the failure did not repeat on the test under the reduction's expected output \
         (the reference's, or the Oat evaluator's)"
            .to_string()
    } else if let Some(stop) = budget.stopped() {
        format!("not reached: {stop}")
    } else if interrupted() {
        "not reached: the campaign was interrupted".to_string()
    } else {
        format!(
            "the reduction budget (--max-reductions {}) went to other failures",
            c.settings.max_reductions
        )
    };
    Some(why)
}

/// The trace of `r`'s first failure when it is a wrong output or status:
/// of its reduction when it has one (smaller, and the values are the
/// ones the failure needs), else of the test.
fn trace_first_failure(c: &FrontEndCampaign, tools: &Tools, r: &TestResult) -> Option<Trace> {
    let i = r.first_failure()?;
    if !trace::is_traced(r.held.get(i)?.own().category) {
        return None;
    }
    let text = match &r.reduced {
        Some((j, red)) if *j == i => &red.text,
        _ => &r.test.text,
    };
    let (file, out) = judge::file_names(&r.test);
    Some(trace::trace_run(
        c,
        tools,
        (&file, &out),
        text,
        r.runs.get(i)?,
    ))
}

/// The tests whose first failure is reduced, at most `budget`, in the one
/// order of every subject ([`spread_over_groups`]): grouped by category
/// and the key the failure has before any reduction ([`signature`] with no
/// cause constructs yet: the trace's key when it names an operation, the
/// front end's first error line, the checker's rule), the smallest Oat
/// program (non-blank lines) first within a group. Only failures the
/// reducer takes ([`reduce::reducible`]), one per test; compile errors
/// only with a reference (`with_reference`), which says what a smaller
/// program must compile to.
fn reduction_order(
    results: &[Option<TestResult>],
    budget: usize,
    with_reference: bool,
) -> Vec<usize> {
    let no_causes = CauseConstructs::default();
    let candidates = results.iter().enumerate().filter_map(|(k, r)| {
        let r = r.as_ref()?;
        let own = r.held.get(r.first_failure()?)?.own();
        let cat = own.category;
        if !reduce::reducible(cat) || (cat == Category::CompileError && !with_reference) {
            return None;
        }
        let key = signature(
            own,
            r.output.as_deref(),
            &constructs_of(&r.test.text),
            &no_causes,
            r.trace.as_ref(),
        );
        let size = r.test.text.lines().filter(|l| !l.trim().is_empty()).count();
        Some((k, (cat, key), size))
    });
    spread_over_groups(candidates, budget)
}

/// Why the front end of `c` refuses the well-typed baseline program, when
/// it does and `c` has a test it must refuse (`CHECK-ILL-TYPED`): its
/// refusals then pass nothing (`judge::without_baseline`). Sent once
/// per campaign, so once per submission of a class.
fn refused_baseline(c: &FrontEndCampaign, tools: &Tools) -> Option<String> {
    if !c.tests.iter().any(|t| t.expectation.ill_typed.is_some()) {
        return None;
    }
    let (file, _, why) = super::probe::refused_baseline(tools, &c.cmd, c.version)?;
    Some(format!("{file}: {why}"))
}

/// Judges one test: the reference first (when there is one), then the
/// student's output on each run, held against the reference, with the
/// native notes; `baseline` says why the front end refuses the baseline,
/// when it does.
fn judge_one(
    c: &FrontEndCampaign,
    tools: &Tools,
    native: Option<&Native>,
    baseline: Option<&str>,
    test: &OatTest,
    reference: Option<&RefTest>,
) -> TestResult {
    let runs = reference::runs_of(test, reference);
    let mut judged = test.clone();
    judged.expectation.runs = runs.clone();
    // The stages as for back ends (docs/grading.md, "Where the time
    // goes"): the front end, the oracle's runs of its output, the native
    // build and runs that explain a verdict.
    let stages = tools.stages();
    let compiled = stages.time(Stage::Compile, || {
        judge::compile(tools, &c.cmd, &judged, c.dialect.as_ref())
    });
    let mut own = stages.time(Stage::Oracle, || {
        judge::judge_test(tools, &judged, &compiled, c.language())
    });
    if let (Some(why), Some(_)) = (baseline, &test.expectation.ill_typed) {
        own = own
            .into_iter()
            .map(|r| judge::without_baseline(r, why))
            .collect();
    }
    // The driver failing after it wrote the output (its own back end,
    // `clang` missing for `--clang`) explains nothing on a run that
    // passes: said only beside a failure.
    for r in own.iter_mut().filter(|r| r.category == Category::Pass) {
        if r.note == compiled.note {
            r.note = None;
        }
    }
    if let (Some(n), Some(text)) = (native, &compiled.text) {
        add_native_notes(n, tools, text, &runs, &mut own);
    }
    let held = match reference {
        Some(_) => reference::hold(test, own, reference),
        None => reference::hold_by_definition(
            test,
            &runs,
            reference::hold(test, own, None),
            c.language(),
        ),
    };
    TestResult {
        test: test.clone(),
        runs,
        held,
        output: compiled.text,
        reduced: None,
        trace: None,
        not_reduced: None,
    }
}

/// Builds the output natively once, only when a run's verdict is one a
/// native run explains (undefined behaviour that may pass natively by
/// luck, a wrong output or status that passes natively, an output
/// LLVMlite's checker refuses, which the course's clang may refuse too or
/// not), and adds to each such run what it did. A passing test is not
/// built: a pass needs no explaining, and the native build costs more
/// than the rest of a test.
fn add_native_notes(n: &Native, tools: &Tools, text: &str, runs: &[Run], own: &mut [FrontRun]) {
    let wants_native = own.iter().any(|r| {
        matches!(
            r.category,
            Category::UndefinedInOutput
                | Category::WrongOutput
                | Category::WrongStatus
                | Category::IllTypedOutput
        )
    });
    if !wants_native {
        return;
    }
    let exe = match tools.stages().time(Stage::Link, || n.build(tools, text)) {
        Ok(e) => e,
        Err(e) => {
            for r in own.iter_mut() {
                match r.category {
                    Category::UndefinedInOutput => {
                        push_note(r, format!("natively ({}): not built: {e}", n.describe()))
                    }
                    Category::IllTypedOutput => push_note(
                        r,
                        format!("the native build ({}) refuses it too: {e}", n.describe()),
                    ),
                    _ => {}
                }
            }
            return;
        }
    };
    for (r, run) in own.iter_mut().zip(runs) {
        if r.category == Category::Pass {
            continue;
        }
        let got = tools
            .stages()
            .time(Stage::Run, || n.run(tools, &exe, &run.args));
        if let Some(note) = native::note(r.category, run.course_output.as_deref(), &got) {
            push_note(r, note);
        }
    }
}

/// Adds `note` to the run's notes.
fn push_note(r: &mut FrontRun, note: String) {
    r.note = Some(match r.note.take() {
        Some(n) => format!("{n}; {note}"),
        None => note,
    });
}

/// The constructs that stand for the causes of `results`' behavioural
/// failures, chosen greedily: per category, the construct that the most
/// reduced failures use and, among those, the fewest passing tests use (a
/// bug that shows on some values only is in passing tests too), then the
/// next one for the reduced failures left, until none is left. A construct every reduced failure of one bug keeps
/// (its reduction cannot remove it) and that no passing test contains is
/// that bug's construct, whatever else each reduction kept.
fn causes(results: &[Option<TestResult>]) -> CauseConstructs {
    let mut passing: BTreeMap<String, usize> = BTreeMap::new();
    for r in results.iter().flatten() {
        if r.first_failure().is_none() && !r.held.is_empty() {
            for c in constructs_of(&r.test.text) {
                *passing.entry(c).or_default() += 1;
            }
        }
    }
    let mut reduced: Vec<(Category, BTreeSet<String>)> = results
        .iter()
        .flatten()
        .filter_map(|r| {
            let (i, red) = r.reduced.as_ref()?;
            let cat = r.held.get(*i)?.own().category;
            Some((cat, red.constructs.iter().cloned().collect()))
        })
        .collect();
    let traced = results
        .iter()
        .flatten()
        .filter_map(|r| r.trace.as_ref()?.key.clone())
        .filter(|k| trace::names_an_operation(k))
        .collect();
    let mut chosen = Vec::new();
    loop {
        let mut count: BTreeMap<(Category, &String), usize> = BTreeMap::new();
        for (cat, set) in &reduced {
            for c in set {
                *count.entry((*cat, c)).or_default() += 1;
            }
        }
        // Explains the most reduced failures, then the fewest passing
        // tests use it, then it computes rather than shows (a print
        // builtin is how every failure is seen, so it is in every reduced
        // failure), then the name (for a stable order).
        let rank = |((_, c), n): &((Category, &String), usize)| {
            let uses = passing.get(*c).copied().unwrap_or(0);
            (*n, std::cmp::Reverse(uses), !is_output(c))
        };
        let Some(((cat, c), _)) = count
            .into_iter()
            .max_by(|a, b| rank(a).cmp(&rank(b)).then(b.0.cmp(&a.0)))
        else {
            return CauseConstructs { chosen, traced };
        };
        let c = c.clone();
        reduced.retain(|(k, set)| !(*k == cat && set.contains(&c)));
        chosen.push((cat, c));
    }
}

/// The report of the campaign's results.
fn build_report(
    c: &FrontEndCampaign,
    tools: &Tools,
    results: &[Option<TestResult>],
    out_dir: &Path,
    budget: &Budget,
) -> Report {
    let cause_constructs = causes(results);
    let internal_errors = budget.internal_errors();
    let mut programs = Vec::new();
    for (index, r) in results.iter().enumerate() {
        let Some(r) = r else { continue };
        let saved = r
            .reduced
            .as_ref()
            .and_then(|(i, red)| save_reduced_test(c, tools, r, *i, red, out_dir).ok());
        let runs = r
            .held
            .iter()
            .enumerate()
            .map(|(i, h)| run_record(r, i, h, saved.as_ref(), &cause_constructs))
            .collect();
        programs.push(ProgramRecord {
            index,
            name: r.test.path.to_string_lossy().into_owned(),
            runs,
        });
    }
    let mut report = Report {
        compiler: crate::harness::Compiler::FrontEnd { cmd: c.cmd.clone() }.describe(),
        front_end: true,
        reference: c
            .reference
            .as_ref()
            .map(|r| crate::harness::Compiler::FrontEnd { cmd: r.clone() }.describe()),
        runtime: Some(tools.course().record()),
        dialect: c
            .dialect
            .as_ref()
            .map(|d| json!({"name": d.name, "how": "--dialect"})),
        flaky_builds: tools.flaky_builds(),
        programs,
        shard: c.shard.map(|s| s.to_string()),
        stopped_early: budget.stopped().map(|s| s.to_string()),
        internal_errors,
        stage_secs: Some(tools.stages().totals()),
        interrupted: interrupted(),
        ..Report::default()
    };
    // The tests of this shard not judged: not reached (a test lloracle
    // failed on stays out, named), as for back ends.
    let planned = (c.tests.iter().enumerate())
        .filter(|(k, _)| in_shard(c, *k))
        .map(|(k, t)| {
            let runs = t
                .expectation
                .runs
                .iter()
                .map(|r| (r.name.clone(), r.args.clone()))
                .collect();
            (t.path.to_string_lossy().into_owned(), k, runs)
        })
        .collect();
    let reached = results
        .iter()
        .flatten()
        .map(|r| r.test.path.to_string_lossy().into_owned())
        .collect();
    add_not_reached(&mut report, planned, &reached);
    report
}

/// Writes the reduced program of `r`'s run `i` (with its expectation) and
/// the student's output for it to `out_dir`, with the one-line command
/// that reproduces the failure, as a back end's reductions are saved
/// ([`save_reduced`]).
fn save_reduced_test(
    c: &FrontEndCampaign,
    tools: &Tools,
    r: &TestResult,
    i: usize,
    red: &ReducedOat,
    out_dir: &Path,
) -> Result<Saved, String> {
    let stem = slug(r.test.path.to_string_lossy().trim_end_matches(".oat"));
    let args = r
        .runs
        .get(i)
        .map(|run| run.args.join(" "))
        .unwrap_or_default();
    let mut text = red.text.clone();
    text.push_str(&format!(
        "\n/* Reduced by lloracle from {}.\n   CHECK-ARGS: {args}\n   CHECK-COURSE-OUTPUT: {}\n*/\n",
        r.test.path.display(),
        crate::corpus::escape(&red.expected)
    ));
    let target = Target {
        compiler: crate::harness::Compiler::FrontEnd { cmd: c.cmd.clone() },
        course: tools.course().clone(),
        dialect: c.dialect.clone(),
    };
    let version = match c.version {
        OatVersion::V1 => 1,
        OatVersion::V2 => 2,
    };
    let setup = format!("{} --oat-version {version}", target.setup_args());
    let saved = save_reduced(
        out_dir,
        &stem,
        "oat",
        &target.compiler,
        &setup,
        "--tests",
        |_| text,
    )?;
    if let Some(ll) = &red.output {
        let p = out_dir.join(reduced_name(&stem, "ll"));
        std::fs::write(&p, ll).map_err(|e| format!("{}: {e}", p.display()))?;
    }
    Ok(saved)
}

/// The report's record of run `i` of `r`.
fn run_record(
    r: &TestResult,
    i: usize,
    h: &Held,
    saved: Option<&Saved>,
    cause_constructs: &CauseConstructs,
) -> RunRecord {
    let run = r.runs.get(i);
    let (verdict, oracle, shared) = match h {
        Held::Judged(own) => (Verdict::Judged(own.category), None, None),
        Held::Shared { own, .. } => (
            Verdict::SharedWithReference,
            None,
            Some(own.category.name().to_string()),
        ),
        Held::LeftOut { why, .. } => (Verdict::LeftOut, Some(why.clone()), None),
    };
    let own = h.own();
    let reduced = r
        .reduced
        .as_ref()
        .filter(|(j, _)| *j == i)
        .map(|(_, red)| red);
    let trace = r.trace.as_ref().filter(|_| r.first_failure() == Some(i));
    let failure = (own.category != Category::Pass && !matches!(h, Held::LeftOut { .. })).then(|| {
        let no_output = |c: Category| {
            match c {
                Category::IllTypedOutput => "an output that does not parse or check",
                Category::OutputNotInDialect => "an output outside the course dialect",
                Category::AcceptsIllTyped => "an output (the program should have been rejected)",
                _ => "no output",
            }
            .to_string()
        };
        FailureRecord {
            signature: signature(
                own,
                r.output.as_deref(),
                &reduced.map_or_else(
                    || constructs_of(&r.test.text),
                    |red| red.constructs.iter().cloned().collect(),
                ),
                cause_constructs,
                trace,
            ),
            expected: run.map(expectation_words).unwrap_or_default(),
            expected_from: Some(if r.test.expectation.runs.is_empty() {
                "reference".into()
            } else {
                "test".into()
            }),
            actual: own.actual.as_ref().map_or_else(|| no_output(own.category), describe),
            expected_outcome: run.map_or(Value::Null, |run| {
                json!({"course_output": run.course_output.as_deref().map(|b| String::from_utf8_lossy(b).into_owned())})
            }),
            actual_outcome: own.actual.as_ref().map_or(Value::Null, outcome_json),
            detail: cap(&own.detail, MESSAGE_CAP),
            changed_functions: vec![],
            program: Some(cap(&r.test.text, PROGRAM_CAP)),
            reduced: reduced.map(|red| ReducedRecord {
                program: cap(&reduced_text(red), PROGRAM_CAP),
                instructions: red.statements,
                how: red.how(),
                expected: format!(
                    "course output \"{}\" ({})",
                    judge::escaped(&red.expected),
                    red.expected_from
                ),
                actual: red.actual.clone(),
                saved: saved.map(|s| s.reduced.display().to_string()),
                reproduce: saved.map(|s| s.command.clone()),
            }),
            blame: None,
            not_reduced: r
                .not_reduced
                .clone()
                .filter(|_| reduced.is_none() && r.first_failure() == Some(i)),
            trace: trace.map(|t| t.says.clone()),
            reference: match h {
                Held::Shared { reference, .. } => Some(reference.clone()),
                _ => None,
            },
        }
    });
    RunRecord {
        run: run.map_or_else(|| "default".into(), |r| r.name.clone()),
        args: run.map(|r| r.args.clone()).unwrap_or_default(),
        verdict,
        oracle,
        feature: None,
        failure,
        shared,
        steps: None,
        note: own.note.clone(),
    }
}

/// The reduced Oat program and, below it, the student's output for it.
fn reduced_text(red: &ReducedOat) -> String {
    match &red.output {
        Some(ll) => format!(
            "{}\n/* the front end's output for it: */\n{ll}",
            red.text.trim_end()
        ),
        None => red.text.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test `text` whose one run failed with `category` and `detail`.
    fn failing(text: &str, category: Category, detail: &str) -> Option<TestResult> {
        Some(TestResult {
            test: OatTest {
                path: "t.oat".into(),
                text: text.into(),
                expectation: Default::default(),
            },
            runs: vec![],
            held: vec![Held::Judged(FrontRun {
                category,
                actual: None,
                detail: detail.into(),
                note: None,
            })],
            output: None,
            reduced: None,
            trace: None,
            not_reduced: None,
        })
    }

    /// A front end that rejects four tests for one syntax and prints a
    /// wrong output on a fifth: by the one rule (docs/grading.md, "The
    /// reduction budget is spread over the groups") two reductions go one
    /// to each group, the larger group first and in it the smallest
    /// program (test 2, one line; the others have two or three). In test
    /// order both would have gone to the syntax error (tests 0 and 1).
    #[test]
    fn a_front_ends_reductions_are_spread_over_its_groups() {
        let rejected = "exit 1\nError: unexpected token at 3.4";
        let results = vec![
            failing("a\nb\nc", Category::CompileError, rejected),
            failing("a\n\nb", Category::CompileError, rejected),
            failing("a", Category::CompileError, rejected),
            failing("a\nb\nc\nd", Category::CompileError, rejected),
            failing(
                "a\nb\nc\nd\ne",
                Category::WrongOutput,
                "prints 2, expected 1",
            ),
        ];
        assert_eq!(reduction_order(&results, 2, true), [2, 4]);
        assert_eq!(reduction_order(&results, 3, true), [2, 4, 1]);
        // Without a reference a compile error is not reduced: nothing
        // says a smaller program is one the front end must accept.
        assert_eq!(reduction_order(&results, 3, false), [4]);
    }
}
