//! A front end as a session's subject (`harness::session::Subject`): what
//! is only the front end's in each stage of a campaign, which the
//! harness's one driver (`harness::session::run_stages`) calls in the
//! order of every subject. Judging one Oat test (the reference first when
//! there is one, then the student's output on each run, held against it,
//! with the native notes), the trace of its first failure, the order of
//! the reductions, the reduction of one test on its Oat source, and why a
//! failure is not reduced.

use super::group::{constructs_of, signature, CauseConstructs};
use super::judge::{self, FrontRun};
use super::native::{self, Native};
use super::reduce::{self, ReducedOat};
use super::reference::{self, Held, RefTest};
use super::settings::FrontEndCampaign;
use super::tests::OatTest;
use super::trace;
use crate::corpus::Run;
use crate::harness::budget::Budget;
use crate::harness::compiler::Tools;
use crate::harness::group::spread_over_groups;
use crate::harness::reduce::Bounds;
use crate::harness::report::Scored;
use crate::harness::session::{Judged, Subject};
use crate::harness::stages::Stage;
use crate::harness::threads::on_threads;
use crate::harness::verdicts::{interrupted, Category, Trace};
use rayon::prelude::*;

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

    fn name(&self) -> String {
        self.test.path.to_string_lossy().into_owned()
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

/// A front end under test, as a campaign's session judges it: the
/// campaign, the tools, how outputs are built natively (when they are),
/// why the front end refuses the baseline program (when it does), and
/// the reference's view of every test (parallel to the campaign's tests).
pub struct FrontEnd<'a> {
    /// The campaign.
    pub campaign: &'a FrontEndCampaign,
    /// The tools of the course.
    pub tools: &'a Tools,
    /// How outputs are built natively to explain a verdict (`None`: not).
    pub native: Option<Native>,
    /// Why the front end refuses the well-typed baseline, when it does
    /// ([`refused_baseline`]).
    pub baseline: Option<String>,
    /// The reference's view of each test, when there is a reference.
    pub refs: Option<&'a [RefTest]>,
}

impl<'a> FrontEnd<'a> {
    /// The subject of campaign `c` with the reference's views `refs`:
    /// the baseline sent once, native builds when `native` and the
    /// campaign asks for them.
    pub fn new(
        c: &'a FrontEndCampaign,
        tools: &'a Tools,
        refs: Option<&'a [RefTest]>,
        native: bool,
    ) -> FrontEnd<'a> {
        FrontEnd {
            campaign: c,
            tools,
            native: if native && c.native {
                Native::detect()
            } else {
                None
            },
            baseline: refused_baseline(c, tools),
            refs,
        }
    }
}

impl<'a> Subject for FrontEnd<'a> {
    /// A test and its place among the campaign's tests.
    type Item = (usize, &'a OatTest);
    type Result = TestResult;

    fn name(&self, (_, t): &Self::Item) -> String {
        t.path.to_string_lossy().into_owned()
    }

    /// The campaign's shard keeps the test (every test without one).
    fn wanted(&self, (k, _): &Self::Item) -> bool {
        self.campaign.in_shard(*k)
    }

    fn judge(&self, (k, t): Self::Item) -> TestResult {
        let reference = self.refs.and_then(|rs| rs.get(k));
        judge_one(
            self.campaign,
            self.tools,
            self.native.as_ref(),
            self.baseline.as_deref(),
            t,
            reference,
        )
    }

    fn trace(&self, r: &mut TestResult) {
        r.trace = trace_first_failure(self.campaign, self.tools, r);
    }

    fn reduction_order(&self, results: &[TestResult], max: usize) -> Vec<usize> {
        reduction_order(results, max, self.campaign.reference.is_some())
    }

    fn reduce(&self, r: &mut TestResult, bounds: &Bounds) {
        let Some(i) = r.first_failure() else { return };
        let (Some(run), Some(held)) = (r.runs.get(i), r.held.get(i)) else {
            return;
        };
        let red = reduce::reduce(self.campaign, self.tools, &r.test, run, held.own(), bounds);
        r.reduced = red.map(|red| (i, red));
    }

    /// Says why each failure that has no reduction has none.
    fn after_reductions(&self, results: &mut [TestResult], started: &[bool]) {
        for (r, tried) in results.iter_mut().zip(started) {
            r.not_reduced =
                why_not_reduced(self.campaign, r, *tried, &self.campaign.settings.budget);
        }
    }
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
fn reduction_order(results: &[TestResult], budget: usize, with_reference: bool) -> Vec<usize> {
    let no_causes = CauseConstructs::default();
    let candidates = results.iter().enumerate().filter_map(|(k, r)| {
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
pub fn refused_baseline(c: &FrontEndCampaign, tools: &Tools) -> Option<String> {
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
pub fn judge_one(
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

/// One test's first failure and its reduction (`lloracle reduce --emit
/// ll`): the failing run, the front end's verdict on it, and the reduced
/// test (`None` when the failure did not repeat under the reduction's
/// expected output).
pub type ReducedTest = (Run, FrontRun, Option<ReducedOat>);

/// Judges the one test `test` as a campaign of `c` judges it (held
/// against the reference when `c` has one, else against the language
/// definition) and reduces its first scored failing run; `None` when no
/// run fails. `Err` says why a failure that is not reduced is not (a
/// timeout, a compile error without a reference: the words the report gives).
pub fn reduce_test(
    c: &FrontEndCampaign,
    tools: &Tools,
    test: &OatTest,
) -> Result<Option<ReducedTest>, String> {
    let refs = references(c, tools);
    let front_end = FrontEnd::new(c, tools, refs.as_deref(), false);
    let r = front_end.judge((0, test));
    let Some(i) = r.first_failure() else {
        return Ok(None);
    };
    let (Some(run), Some(held)) = (r.runs.get(i), r.held.get(i)) else {
        return Ok(None);
    };
    let own = held.own();
    if !front_end
        .reduction_order(std::slice::from_ref(&r), 1)
        .is_empty()
    {
        let red = reduce::reduce(c, tools, test, run, own, &c.settings.bounds);
        return Ok(Some((run.clone(), own.clone(), red)));
    }
    let why = why_not_reduced(c, &r, false, &Budget::default())
        .unwrap_or_else(|| format!("{} failures are not reduced", own.category));
    Err(why)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test `text` whose one run failed with `category` and `detail`.
    fn failing(text: &str, category: Category, detail: &str) -> TestResult {
        TestResult {
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
        }
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
