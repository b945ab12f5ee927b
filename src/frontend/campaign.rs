//! A front-end campaign: every Oat test (and generated Oat program)
//! compiled by the front end under test and judged on the oracle in
//! parallel, held against the reference solution when there is one,
//! failing tests reduced on their Oat source, and one
//! [`crate::harness::report::Report`] of it all, the same report type
//! (terminal, JSON, Gradescope, JUnit, the class files) as for back ends.

use super::group::{constructs_of, is_output, signature, CauseConstructs};
use super::judge::{self, expectation_words};
use super::reduce::ReducedOat;
use super::reference::{Held, RefTest};
pub use super::settings::FrontEndCampaign;
use super::subject::{references, FrontEnd, TestResult};
use super::trace;
use crate::harness::budget::Budget;
use crate::harness::campaign::{add_how_it_ran, add_not_reached};
use crate::harness::compiler::Tools;
use crate::harness::report::{
    cap, outcome_json, FailureRecord, Grading, ProgramRecord, ReducedRecord, Report, RunRecord,
    Scored, Verdict, MESSAGE_CAP, PROGRAM_CAP,
};
use crate::harness::saved::{reduced_name, save_reduced, Saved};
use crate::harness::session::run_stages;
use crate::harness::target::Target;
use crate::harness::verdicts::{describe, slug, Category};
use oat::OatVersion;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

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
    let front_end = FrontEnd::new(c, tools, refs, true);
    let tests = c.tests.iter().enumerate().collect();
    let results = run_stages(&front_end, tests, &c.settings, &|r: &TestResult| {
        tick(r.scored())
    });
    let mut report = build_report(c, tools, &results, out_dir, budget, start);
    report.grade_with(grading);
    report
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
    start: Instant,
) -> Report {
    let cause_constructs = causes(results);
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
        dialect: c
            .dialect
            .as_ref()
            .map(|d| json!({"name": d.name, "how": "--dialect"})),
        programs,
        ..Report::default()
    };
    add_how_it_ran(&mut report, tools, budget, c.shard, start);
    // The tests of this shard not judged: not reached (a test lloracle
    // failed on stays out, named), as for back ends.
    let planned = (c.tests.iter().enumerate())
        .filter(|(k, _)| c.in_shard(*k))
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
