//! Reports of a session. A session's results become one [`Report`]: every
//! program with the verdict of each run and, for a failing run, what the
//! reports say about it (its group's signature, expected and actual
//! behaviour, the compiler's words, the reduction), with every quoted text
//! capped ([`cap`]). The terminal text ([`text`]), the JSON file
//! ([`Report::to_json`]), Gradescope's results.json ([`gradescope`]) and JUnit
//! XML ([`junit`]) are all drawn from it, failures listed once per group
//! ([`Report::groups`]). A JSON report reads back into a `Report`
//! ([`Report::from_json`]), so shards of one campaign merge
//! ([`Report::merge`]) into the report of the whole.

pub mod class;
mod gradescope;
mod junit;
pub mod scored;
mod text;
mod verdict;

pub use super::saved::{describe_reduction, save_failures, Saved};

pub use gradescope::{gradescope, gradescope_build_failure, score as gradescope_score};
pub use junit::junit;
pub use scored::Scoring;
pub use text::{campaign_text, summary_line, text};
pub use verdict::{Scored, Verdict};

use super::group::signature;
use super::optimiser::{savings, Blame, ProgramRuns, Savings, SavingsScoring};
use super::target::Compiler;
pub use super::verdicts::STDOUT_CAP;
use super::verdicts::{describe, CaseResult, Category, Reduced, RunVerdict, Steps, Trace};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use spec::Outcome;
use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

/// The most bytes of the compiler's (or linker's) messages a report quotes.
pub const MESSAGE_CAP: usize = 4096;
/// The most bytes of a reduced program a report quotes (reduced programs
/// are small; one stopped early by a bound may not be).
pub const PROGRAM_CAP: usize = 16384;

/// `s` cut to at most `max` bytes (on a character boundary) followed by
/// `... N bytes more` when it is longer.
pub fn cap(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_string();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... {} bytes more", &s[..end], s.len() - end)
}

/// A campaign's report: the compiler, every program judged and how it was
/// run. Groups and counts are derived from the programs, so that a merged
/// report is the report of the whole.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The compiler under test, as `Compiler::describe` says it.
    pub compiler: String,
    /// True for a front end's report (Oat tests; its categories are
    /// `Category::FRONT_END`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub front_end: bool,
    /// The shard this report covers (`I/N`), if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// True when an interrupt stopped the campaign early.
    #[serde(default)]
    pub interrupted: bool,
    /// Wall-clock seconds of the campaign.
    #[serde(default)]
    pub elapsed_secs: f64,
    /// Corpus files not judged (ill-typed or malformed on purpose).
    #[serde(default)]
    pub bad_files: usize,
    /// Why the campaign stopped before judging every program (its time
    /// budget ran out, the compiler timed out on every first program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_early: Option<String>,
    /// Corpus files that should have run but do not parse or check, and
    /// annotations the oracle contradicts (file, line, what is wrong): a
    /// course's own test that is wrong is reported, never skipped.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub corpus_problems: Vec<String>,
    /// Programs left out because lloracle itself failed on them (a bug to
    /// report; the campaign went on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub internal_errors: Vec<String>,
    /// The dialect the programs were sent in and how it was chosen
    /// (`--dialect`, or the probes and what each showed), with the course
    /// conventions (`harness::dialect::record`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialect: Option<Value>,
    /// The runtime the programs were linked with and judged under
    /// (`Course::record`): `{"name": "oat-eth", "c_file": null}`, the
    /// course's C file in `c_file` when `--runtime-c` gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime: Option<Value>,
    /// The memory the oracle judged the programs in (`llvmlite`, the
    /// spec's tagged trees, or `llvm`, bytes at addresses: `--memory`;
    /// docs/semantics.md, "Which memory applies"); none in a report
    /// written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub memory: Option<String>,
    /// Builds that failed with a compile error and succeeded when sent
    /// again alone (a flaky compiler or driver): their runs were judged on
    /// the second build (`Tools::flaky_builds`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub flaky_builds: usize,
    /// Seconds spent per stage of judging (compile, link, run, oracle,
    /// reduction), summed over runs and threads ([`super::stages`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage_secs: Option<super::stages::StageTimes>,
    /// The confinement the compiler's processes and the programs it built
    /// ran under (docs/grading.md, "What a submission can and cannot
    /// do"): `none (...)` outside `grade`, else what this kernel gives
    /// (`landlock (ABI 7: files, TCP, signals), seccomp, PID namespace`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isolation: Option<String>,
    /// Confined compiler runs whose error output says an access was
    /// refused (`Permission denied`, `Operation not permitted`): the
    /// sandbox refused a write or read outside the submission's folders.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub refused: usize,
    /// How assembly was linked, when any was: `direct` (`as` and `ld` as
    /// `cc` runs them) or `cc: WHY` (`Tools::linked_by`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub linking: Option<String>,
    /// Why every program counts as failed: the compiler fails the
    /// baseline probe (every try, the last ones alone).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub baseline_failed: Option<String>,
    /// The reference solution the runs were held against (`--reference`),
    /// as `Compiler::describe` says it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Constructs the campaign's second set of programs left out, because
    /// a compile-error group is tied to them (`harness::unmask`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unmasked: Vec<super::unmask::Avoided>,
    /// For an optimiser: how the Gradescope report scores its savings
    /// (`--opt-points`, `--opt-target`); none: reported, not scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub savings_scoring: Option<SavingsScoring>,
    /// Every program judged, in campaign order (with those not reached
    /// before the campaign stopped early, their runs [`Verdict::NotRun`]).
    pub programs: Vec<ProgramRecord>,
    /// The course's own recipe to reproduce a failure, with `{file}` (the
    /// program's file) and `{args}` (its arguments), e.g. `./main.native
    /// -S {file} && cc -o a.out ... && ./a.out {args}; echo $?`; shown
    /// beside each failure's program (see docs/grading.md, "Failures a
    /// student can act on").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
    /// How the Gradescope score is scaled and split into stable tests
    /// (`--points`, `--weight`); none: one point per judged run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Scoring>,
}

/// One program and the verdict of each of its runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramRecord {
    /// The program's position in the unsharded campaign (corpus files
    /// first, then random seeds), so that merged shards keep its order.
    pub index: usize,
    /// The program's name (`corpus/calls/fac.ll`, `random --seed 7 --size 30`).
    pub name: String,
    /// Its runs, in order.
    pub runs: Vec<RunRecord>,
}

/// One run: its verdict, and what the reports say about a failure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// The run's name (`default`, or the corpus file's run name).
    pub run: String,
    /// argv[1..].
    pub args: Vec<String>,
    /// Its verdict (in the JSON report its name: `pass`, `wrong result`,
    /// `skipped`, `not in dialect`, ...).
    pub verdict: Verdict,
    /// For a skipped run: the oracle's outcome; for a run not in the
    /// dialect: where the excluding feature is used (`global @s: \0A`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub oracle: Option<String>,
    /// For a run not in the dialect: the feature that excluded it
    /// (`string-escapes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<String>,
    /// For a failing run: the evidence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<FailureRecord>,
    /// For a run shared with the reference: the category both fail with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shared: Option<String>,
    /// For an optimiser whose output ran: the oracle's step counts of its
    /// input and output on this run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steps: Option<Steps>,
    /// What the reports say beside the verdict without it counting (an
    /// optimiser's output in a form the course's parser could not read
    /// back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A program of a campaign's plan: its name, its position in the
/// unsharded campaign, and its runs (name, argv[1..]).
pub type Planned = (String, usize, Vec<(String, Vec<String>)>);

/// What a failing run did, quoted with caps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FailureRecord {
    /// Its group's key (`group::keys`): the normalised first error line,
    /// the signal, how the behaviour differs and, for a wrong result,
    /// wrong output or crash, the shape of the group's reduced programs.
    pub signature: String,
    /// The oracle's outcome, in words (for a front end: the test's
    /// expectation, see `expected_from`).
    pub expected: String,
    /// Where `expected` comes from when it is not the oracle's outcome of
    /// the program sent (a front end's test: `test`, or `reference` for a
    /// plain test whose expectation is the reference solution's output).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expected_from: Option<String>,
    /// What the compiled program did, in words (`no executable` for a
    /// build failure).
    pub actual: String,
    /// The oracle's outcome as a JSON object (stdout capped).
    pub expected_outcome: Value,
    /// The compiled program's outcome as a JSON object (stdout capped), or null.
    pub actual_outcome: Value,
    /// The compiler's or linker's words for a build failure (capped).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// For an optimiser: the functions whose printed text changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changed_functions: Vec<String>,
    /// The program's text as the compiler was sent it (capped), on the
    /// first failing run of a group that has no reduced member (timeouts
    /// included), so that every group's example shows a program.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<String>,
    /// The reduction of this run, when it was reduced.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reduced: Option<ReducedRecord>,
    /// What tracing the run's program found (docs/grading.md, "The first
    /// wrong value"): the first wrong instruction with its operands'
    /// values and both results, where the trace stopped, or why tracing
    /// named no cause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<String>,
    /// For an optimiser: the functions whose optimised version changes the
    /// meaning (of the reduced program when there is one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blame: Option<Blame>,
    /// For a run shared with the reference solution: where the reference
    /// fails the same way (the same program, or another one with the same
    /// build error).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    /// Why the failure has no reduction, when the campaign knows better
    /// than the report can guess (a front end's compile error without a
    /// reference, a reduction that did not repeat the failure).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_reduced: Option<String>,
}

/// A reduced failing program.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReducedRecord {
    /// The reduced program's text (capped).
    pub program: String,
    /// Its instruction count.
    pub instructions: usize,
    /// How the reduction went (`describe_reduction`).
    pub how: String,
    /// The oracle's outcome on it.
    pub expected: String,
    /// What the compiled reduced program did.
    pub actual: String,
    /// Where it was saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saved: Option<String>,
    /// The one-line command that reproduces the failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproduce: Option<String>,
}

/// Counts of a report: programs and runs are counted separately.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Programs sent and judged (at least one run reached).
    pub programs: usize,
    /// Their runs.
    pub runs: usize,
    /// Runs that agree with the oracle.
    pub passed: usize,
    /// Runs that do not.
    pub failed: usize,
    /// Runs the oracle does not return on (not judged).
    pub skipped: usize,
    /// Programs with at least one failing run.
    pub failed_programs: usize,
    /// Runs of programs not sent: no equivalent in the compiler's dialect
    /// (counted apart from `runs`).
    pub not_in_dialect: usize,
    /// Runs of programs the campaign did not reach ([`Verdict::NotRun`]; counted
    /// apart from `runs`, but against the score).
    pub not_run: usize,
    /// The programs the campaign did not reach.
    pub not_run_programs: usize,
    /// Those runs per feature that excluded them.
    pub not_in_dialect_by_feature: BTreeMap<String, usize>,
    /// Runs that fail as the reference solution's do (not scored, not in
    /// `runs`).
    pub shared_with_reference: usize,
    /// Runs left out because the reference solution cannot build their
    /// program (not scored, not in `runs`).
    pub left_out: usize,
    /// Runs per verdict name (passes included, skips not).
    pub categories: BTreeMap<String, usize>,
    /// True for a front end's report.
    pub front_end: bool,
}

/// Failing runs with one signature, listed once in every report.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// The category's name; for a group keyed by a first wrong value
    /// or another key that is one cause in every category
    /// (`group::one_cause_in_every_category`), which takes runs of every category,
    /// the names of its runs' categories, `, `-separated, in the order met.
    pub category: String,
    /// The key within it.
    pub signature: String,
    /// Failing runs in the group.
    pub runs: usize,
    /// The programs they belong to (each once, in campaign order).
    pub programs: Vec<String>,
    /// The example shown: the smallest reduced member if there is one (the
    /// first of equal size), else the first.
    pub example: Example,
    /// Further reduced members (at most [`MORE_EXAMPLES`]): when the budget
    /// allowed more than one reduction in a group, what the others show.
    pub more_examples: Vec<Example>,
}

/// The most further reduced examples a group lists.
pub const MORE_EXAMPLES: usize = 3;

/// The run a group shows as its example.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Example {
    /// The program's name.
    pub program: String,
    /// The run's name.
    pub run: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The evidence.
    pub failure: FailureRecord,
}

/// The outcome's JSON object with its stdout capped at [`STDOUT_CAP`] bytes.
pub fn outcome_json(o: &Outcome) -> Value {
    let mut v = o.to_json();
    if let Some(Value::String(out)) = v.get_mut("stdout") {
        *out = cap(out, STDOUT_CAP);
    }
    v
}

/// What the reports say about a failing run with verdict `v` in the group
/// `group` (`group::keys`; `None`: its signature's key), with its trace.
fn failure_record(
    v: &RunVerdict,
    group: Option<String>,
    reduced: Option<&Reduced>,
    saved: Option<&Saved>,
    trace: Option<&Trace>,
) -> Option<FailureRecord> {
    if let RunVerdict::SharedWithReference { own, reference } = v {
        let mut f = failure_record(own, group, reduced, saved, trace)?;
        f.reference = Some(reference.clone());
        return Some(f);
    }
    let (_, own) = signature(v)?;
    let key = group.unwrap_or(own);
    let RunVerdict::Judged {
        expected,
        actual,
        detail,
        changed,
        ..
    } = v
    else {
        return None;
    };
    let no_exe = || "no executable".to_string();
    Some(FailureRecord {
        signature: key,
        expected: describe(expected),
        expected_from: None,
        actual: actual.as_ref().map_or_else(no_exe, describe),
        expected_outcome: outcome_json(expected),
        actual_outcome: actual.as_ref().map_or(Value::Null, outcome_json),
        detail: cap(detail, MESSAGE_CAP),
        changed_functions: changed.clone(),
        program: None,
        reduced: reduced.map(|red| ReducedRecord {
            program: cap(&red.text, PROGRAM_CAP),
            instructions: red.insns,
            how: describe_reduction(red),
            expected: describe(&red.expected),
            actual: red.actual.as_ref().map_or_else(no_exe, describe),
            saved: saved.map(|s| s.reduced.display().to_string()),
            reproduce: saved.map(|s| s.command.clone()),
        }),
        not_reduced: None,
        trace: trace.map(|t| t.says.clone()),
        blame: None,
        reference: None,
    })
}

/// The report of `results` (in campaign order; `index_of` gives each
/// program's position in the unsharded campaign) with the saved
/// reductions `saved` (parallel to `results`, possibly shorter).
pub fn build(
    results: &[CaseResult],
    saved: &[Option<Saved>],
    compiler: &Compiler,
    index_of: &dyn Fn(usize) -> usize,
) -> Report {
    let keys = super::group::keys(results);
    let programs = results
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let sv = saved.get(k).and_then(Option::as_ref);
            let runs = r
                .verdicts
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    let (run, args) = r.case.runs.get(i).cloned().unwrap_or_default();
                    let reduced = r
                        .reduced
                        .as_ref()
                        .filter(|(j, _)| *j == i)
                        .map(|(_, red)| red);
                    let (verdict, oracle, feature) = match v {
                        RunVerdict::Skipped { oracle } => {
                            (Verdict::Skipped, Some(oracle.to_string()), None)
                        }
                        RunVerdict::NotInDialect { feature, what } => (
                            Verdict::NotInDialect,
                            Some(what.clone()),
                            Some(feature.clone()),
                        ),
                        RunVerdict::Judged { category, .. } => {
                            (Verdict::Judged(*category), None, None)
                        }
                        RunVerdict::SharedWithReference { .. } => {
                            (Verdict::SharedWithReference, None, None)
                        }
                        RunVerdict::ReferenceCannotBuild { detail }
                        | RunVerdict::DependsOnAddresses { detail, .. } => {
                            (Verdict::LeftOut, Some(detail.clone()), None)
                        }
                    };
                    let shared = match v {
                        RunVerdict::SharedWithReference { own, .. } => {
                            own.category().map(|c| c.name().to_string())
                        }
                        _ => None,
                    };
                    let (steps, note) = match v {
                        RunVerdict::Judged { steps, note, .. } => (*steps, note.clone()),
                        _ => (None, None),
                    };
                    RunRecord {
                        run,
                        args,
                        verdict,
                        oracle,
                        feature,
                        failure: failure_record(
                            v,
                            keys.get(k).and_then(|ks| ks.get(i)).cloned().flatten(),
                            reduced,
                            sv.filter(|_| reduced.is_some()),
                            r.traces.get(i).and_then(Option::as_ref),
                        ),
                        shared,
                        steps,
                        note,
                    }
                })
                .collect();
            ProgramRecord {
                index: index_of(k),
                name: r.case.name.clone(),
                runs,
            }
        })
        .collect();
    Report {
        compiler: compiler.describe(),
        programs,
        ..Report::default()
    }
}

/// For serde: leave a zero count out of the JSON report.
fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl FailureRecord {
    /// The label of [`FailureRecord::expected`] in the reports:
    /// `expected (oracle)`, or `expected (test)` for a front end's test.
    pub fn expected_label(&self) -> String {
        format!(
            "expected ({})",
            self.expected_from.as_deref().unwrap_or("oracle")
        )
    }
}

impl Report {
    /// The counts: programs, runs, and runs per verdict.
    pub fn summary(&self) -> Summary {
        let mut s = Summary {
            front_end: self.front_end,
            ..Summary::default()
        };
        for p in &self.programs {
            let mut failed = false;
            let mut sent = false;
            let mut not_run = false;
            for r in &p.runs {
                match r.verdict {
                    Verdict::NotRun => not_run = true,
                    Verdict::NotInDialect => {
                        s.not_in_dialect += 1;
                        let feature = r.feature.clone().unwrap_or_else(|| "?".into());
                        *s.not_in_dialect_by_feature.entry(feature).or_default() += 1;
                    }
                    Verdict::SharedWithReference => s.shared_with_reference += 1,
                    Verdict::LeftOut => s.left_out += 1,
                    Verdict::Skipped => s.skipped += 1,
                    Verdict::Judged(c) => {
                        *s.categories.entry(c.name().to_string()).or_default() += 1;
                    }
                }
                let reached = !matches!(r.verdict, Verdict::NotRun | Verdict::NotInDialect);
                sent |= reached;
                s.runs += usize::from(matches!(r.verdict, Verdict::Judged(_) | Verdict::Skipped));
                match r.verdict.scored() {
                    Scored::Passed => s.passed += 1,
                    Scored::Failed => {
                        s.failed += 1;
                        failed = true;
                    }
                    Scored::NotReached => s.not_run += 1,
                    Scored::NotScored => {}
                }
            }
            s.programs += usize::from(sent);
            s.not_run_programs += usize::from(not_run && !sent);
            s.failed_programs += usize::from(failed);
        }
        s
    }

    /// The failing runs grouped by (category, signature): the largest
    /// group first (ties: the group met first), each with the programs in
    /// it and one example (a reduced member when there is one).
    pub fn groups(&self) -> Vec<Group> {
        self.groups_of(&|r| r.verdict.failure().map(Category::name))
    }

    /// The runs that fail as the reference solution's do, grouped like
    /// [`Report::groups`] (by the category both fail with and the
    /// signature): the course's shared defects, listed once, not scored.
    pub fn shared_groups(&self) -> Vec<Group> {
        self.groups_of(&|r| {
            (r.verdict == Verdict::SharedWithReference)
                .then_some(r.shared.as_deref())
                .flatten()
        })
    }

    /// The programs left out of scoring because the reference solution
    /// cannot build them (the reference's words) or, in LLVM's memory,
    /// their output depends on addresses (how), each once.
    pub fn left_out(&self) -> Vec<(String, String)> {
        self.programs
            .iter()
            .filter_map(|p| {
                let r = p.runs.iter().find(|r| r.verdict == Verdict::LeftOut)?;
                Some((p.name.clone(), r.oracle.clone().unwrap_or_default()))
            })
            .collect()
    }

    /// The failing runs that `category` gives a category name for,
    /// grouped by (category, signature), largest first.
    fn groups_of<'a>(&'a self, category: &dyn Fn(&'a RunRecord) -> Option<&'a str>) -> Vec<Group> {
        let mut groups: Vec<Group> = Vec::new();
        let mut at: HashMap<(&str, &str), usize> = HashMap::new();
        for p in &self.programs {
            for r in &p.runs {
                let Some(f) = &r.failure else { continue };
                let Some(cat) = category(r) else { continue };
                let example = || Example {
                    program: p.name.clone(),
                    run: r.run.clone(),
                    args: r.args.clone(),
                    failure: f.clone(),
                };
                // A first wrong value is one cause whatever the category
                // of the runs that show it: one group, named by the
                // categories of its runs.
                let one_cause = super::group::one_cause_in_every_category(&f.signature);
                let key = (if one_cause { "" } else { cat }, f.signature.as_str());
                match at.get(&key) {
                    Some(&k) => {
                        let g = &mut groups[k];
                        g.runs += 1;
                        if !g.category.split(", ").any(|c| c == cat) {
                            g.category = format!("{}, {cat}", g.category);
                        }
                        if g.programs.last() != Some(&p.name) {
                            g.programs.push(p.name.clone());
                        }
                        // The smallest reduced member is the example; the
                        // others reduced are the further examples.
                        let size = |f: &FailureRecord| f.reduced.as_ref().map(|r| r.instructions);
                        match (size(&g.example.failure), size(f)) {
                            (_, None) => {}
                            (None, Some(_)) => g.example = example(),
                            (Some(now), Some(new)) if new < now => {
                                let before = std::mem::replace(&mut g.example, example());
                                g.more_examples.insert(0, before);
                                g.more_examples.truncate(MORE_EXAMPLES);
                            }
                            (Some(_), Some(_)) => {
                                if g.more_examples.len() < MORE_EXAMPLES {
                                    g.more_examples.push(example());
                                }
                            }
                        }
                    }
                    None => {
                        at.insert(key, groups.len());
                        groups.push(Group {
                            category: cat.to_string(),
                            signature: f.signature.clone(),
                            runs: 1,
                            programs: vec![p.name.clone()],
                            example: example(),
                            more_examples: vec![],
                        });
                    }
                }
            }
        }
        groups.sort_by_key(|g| std::cmp::Reverse(g.runs));
        groups
    }

    /// What the optimiser saved (`optimiser::savings`): per program, the
    /// oracle steps of its judged runs (a failing run counts as none);
    /// `None` when no run carries step counts (not an optimiser).
    pub fn savings(&self) -> Option<Savings> {
        let programs: Vec<ProgramRuns> = self
            .programs
            .iter()
            .map(|p| {
                let runs = p
                    .runs
                    .iter()
                    .filter(|r| !matches!(r.verdict, Verdict::Skipped | Verdict::NotInDialect))
                    .map(|r| r.steps.filter(|_| r.verdict == Verdict::PASS))
                    .collect();
                (p.name.clone(), runs)
            })
            .collect();
        savings(&programs)
    }

    /// Records `blame` on run `run` of program `k` (its failure).
    pub fn set_blame(&mut self, k: usize, run: usize, blame: Blame) {
        let failure = self
            .programs
            .get_mut(k)
            .and_then(|p| p.runs.get_mut(run))
            .and_then(|r| r.failure.as_mut());
        if let Some(f) = failure {
            f.blame = Some(blame);
        }
    }

    /// The JSON report: the report itself (it reads back with
    /// [`Report::from_json`]) plus `summary` and `groups` for readers
    /// (and `savings` for an optimiser).
    pub fn to_json(&self) -> Value {
        let mut v = serde_json::to_value(self).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert(
                "summary".into(),
                serde_json::to_value(self.summary()).unwrap_or(Value::Null),
            );
            let groups: Vec<Value> = self
                .groups()
                .iter()
                .map(|g| {
                    serde_json::json!({
                        "category": g.category,
                        "signature": g.signature,
                        "runs": g.runs,
                        "programs": g.programs,
                        "example": g.example,
                        "more_examples": g.more_examples,
                    })
                })
                .collect();
            m.insert("groups".into(), Value::Array(groups));
            if let Some(sv) = self.savings() {
                m.insert(
                    "savings".into(),
                    serde_json::to_value(sv).unwrap_or(Value::Null),
                );
            }
        }
        v
    }

    /// A report read back from [`Report::to_json`]'s JSON (`summary` and
    /// `groups` are derived, so they are not read).
    pub fn from_json(v: &Value) -> Result<Report, String> {
        Report::deserialize(v).map_err(|e| format!("not an lloracle JSON report: {e}"))
    }

    /// The report of the whole campaign from the reports of its shards:
    /// the programs of all, in campaign order. The shards must check the
    /// same compiler under the same runtime and cover disjoint programs.
    pub fn merge(parts: Vec<Report>) -> Result<Report, String> {
        let mut parts = parts.into_iter();
        let mut all = parts.next().ok_or("no reports to merge")?;
        all.shard = None;
        for p in parts {
            if p.compiler != all.compiler {
                return Err(format!(
                    "the reports check different compilers: {} and {}",
                    all.compiler, p.compiler
                ));
            }
            if p.runtime != all.runtime {
                return Err(format!(
                    "the reports use different runtimes: {} and {}",
                    all.runtime
                        .as_ref()
                        .map_or("none".into(), |r| r.to_string()),
                    p.runtime.as_ref().map_or("none".into(), |r| r.to_string())
                ));
            }
            if p.memory != all.memory {
                return Err(format!(
                    "the reports judge in different memories: {} and {}",
                    all.memory.as_deref().unwrap_or("none"),
                    p.memory.as_deref().unwrap_or("none")
                ));
            }
            all.interrupted |= p.interrupted;
            all.elapsed_secs = all.elapsed_secs.max(p.elapsed_secs);
            all.bad_files = all.bad_files.max(p.bad_files);
            all.stopped_early = all.stopped_early.or(p.stopped_early);
            all.corpus_problems.extend(p.corpus_problems);
            all.internal_errors.extend(p.internal_errors);
            all.flaky_builds += p.flaky_builds;
            all.linking = all.linking.or(p.linking);
            all.isolation = all.isolation.or(p.isolation);
            all.refused += p.refused;
            if let Some(t) = &p.stage_secs {
                all.stage_secs.get_or_insert_with(Default::default).add(t);
            }
            all.unmasked.extend(p.unmasked);
            all.savings_scoring = all.savings_scoring.or(p.savings_scoring);
            all.programs.extend(p.programs);
            all.reproduce = all.reproduce.or(p.reproduce);
            all.scoring = all.scoring.or(p.scoring);
        }
        all.programs.sort_by_key(|p| p.index);
        if let Some(w) = all.programs.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(format!(
                "program {} ({}) is in two reports: do the shards overlap?",
                w[0].index, w[0].name
            ));
        }
        Ok(all)
    }
}

impl Report {
    /// What the reports say about the baseline and the reference solution,
    /// one paragraph each: the baseline failure (every program counted as
    /// failed), the reference, its shared failure groups (not scored), the
    /// programs it cannot build (left out for everyone).
    pub fn reference_notes(&self) -> Vec<String> {
        let mut notes = Vec::new();
        if let Some(why) = &self.baseline_failed {
            notes.push(format!("BASELINE FAILED: {why}"));
        }
        if let Some(r) = &self.reference {
            notes.push(format!("reference solution: {r}"));
        }
        let shared = self.shared_groups();
        if !shared.is_empty() {
            let runs: usize = shared.iter().map(|g| g.runs).sum();
            let mut t = format!(
                "SHARED WITH THE REFERENCE (the course's own code; not scored): {runs} runs in \
                 {} groups",
                shared.len()
            );
            for g in &shared {
                let _ = write!(t, "\n  [{}] {} ({} runs)", g.category, g.signature, g.runs);
                let e = &g.example;
                let _ = write!(t, "\n    yours: {} (run {})", e.program, e.run);
                if let Some(theirs) = &e.failure.reference {
                    let _ = write!(t, "\n    the reference: {theirs}");
                }
            }
            notes.push(t);
        }
        let left = self.left_out();
        if !left.is_empty() {
            let why = if self.front_end && self.reference.is_some() {
                "tests the reference solution fails (each reason below)"
            } else if self.front_end {
                // Without a reference only the language definition leaves
                // a test out (its Oat program is undefined).
                "tests no output can pass (each reason below)"
            } else if self.memory_line().is_some() {
                "programs the reference solution cannot build or whose output depends on \
                 addresses (each reason below)"
            } else {
                "programs the reference solution cannot build"
            };
            let mut t = format!("LEFT OUT for everyone: {} {why}", left.len());
            for (name, why) in &left {
                let _ = write!(t, "\n  {name}: {why}");
            }
            notes.push(t);
        }
        notes
    }

    /// The header lines of the confinement in force and, when the sandbox
    /// refused the compiler something, how often.
    pub fn isolation_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .isolation
            .iter()
            .map(|i| format!("isolation: {i}"))
            .collect();
        if self.refused > 0 {
            lines.push(format!(
                "refused: {} of the compiler's runs were refused a file or network access outside the submission's folders (their error output says so)",
                self.refused
            ));
        }
        lines
    }

    /// One line saying how many builds were flaky (failed, then succeeded
    /// when sent again alone), or none when none was.
    pub fn flaky_line(&self) -> Option<String> {
        (self.flaky_builds > 0).then(|| {
            format!(
                "flaky: {} builds failed with a compile error and succeeded when sent again alone; their runs were judged on the second build",
                self.flaky_builds
            )
        })
    }

    /// The reports' notes, one line per kind: how many runs carry a note
    /// (an optimiser's output in a form the dialect's parser could not
    /// read back, not a failure) and the first of them.
    pub fn note_lines(&self) -> Vec<String> {
        let notes: Vec<(&str, &str)> = self
            .programs
            .iter()
            .flat_map(|p| p.runs.iter().map(move |r| (p.name.as_str(), r)))
            .filter_map(|(name, r)| Some((name, r.note.as_deref()?)))
            .collect();
        let Some((first, note)) = notes.first() else {
            return vec![];
        };
        if self.front_end {
            return vec![format!(
                "NOTE: {} runs carry a note beside their verdict, e.g. {first}: {note}",
                notes.len()
            )];
        }
        vec![format!(
            "NOTE: {} runs' outputs use a form the dialect's parser could not read back (judged by their meaning; not failures), e.g. {first}: {note}",
            notes.len()
        )]
    }

    /// One line naming the dialect the programs were sent in and how it
    /// was chosen (`dialect: eth (probe)`), or none without a dialect.
    pub fn dialect_line(&self) -> Option<String> {
        let d = self.dialect.as_ref()?;
        let name = d.get("name")?.as_str()?;
        let how = d.get("chosen_by").and_then(Value::as_str).unwrap_or("?");
        Some(format!("dialect: {name} (chosen by {how})"))
    }

    /// One line naming the runtime when it is not the spec's own `ll` or
    /// a course's C file is linked (`runtime: oat-eth`, `runtime: ll, C
    /// file hw/runtime.c`); none for the bundled `ll`.
    pub fn runtime_line(&self) -> Option<String> {
        let r = self.runtime.as_ref()?;
        let name = r.get("name")?.as_str()?;
        match r.get("c_file").and_then(Value::as_str) {
            Some(c) => Some(format!("runtime: {name}, C file {c}")),
            None => (name != spec::RuntimeName::Ll.name()).then(|| format!("runtime: {name}")),
        }
    }

    /// One line naming the memory the oracle judged in when it is LLVM's
    /// (`memory: llvm ...`); none for LLVMlite's, the spec's.
    pub fn memory_line(&self) -> Option<String> {
        let m = self.memory.as_deref()?;
        (m != oracle::MemoryModel::Llvmlite.name()).then(|| {
            format!(
                "memory: {m} (the oracle judged in LLVM's memory, bytes at addresses; \
                 runs whose output depends on addresses are left out)"
            )
        })
    }
}

impl Report {
    /// Records `programs` (name, position in the unsharded campaign, run
    /// names and arguments) as not reached: every run [`Verdict::NotRun`], with
    /// `why` as its note; the programs stay in campaign order.
    pub fn add_not_run(&mut self, programs: Vec<Planned>, why: &str) {
        let mut sort = false;
        for (name, index, runs) in programs {
            let runs = runs
                .into_iter()
                .map(|(run, args)| RunRecord {
                    run,
                    args,
                    verdict: Verdict::NotRun,
                    oracle: Some(why.to_string()),
                    feature: None,
                    failure: None,
                    shared: None,
                    steps: None,
                    note: None,
                })
                .collect();
            self.programs.push(ProgramRecord { index, name, runs });
            sort = true;
        }
        if sort {
            self.programs.sort_by_key(|p| p.index);
        }
    }

    /// Gives the example of every failure group with no reduced member
    /// its program's text (`text_of` a program name, capped at
    /// [`PROGRAM_CAP`]): the first failing run of such a group carries it.
    pub fn attach_programs(&mut self, text_of: &dyn Fn(&str) -> Option<String>) {
        let reduced: std::collections::HashSet<(Verdict, String)> = self
            .programs
            .iter()
            .flat_map(|p| &p.runs)
            .filter_map(|r| {
                let f = r.failure.as_ref()?;
                f.reduced.as_ref().map(|_| (r.verdict, f.signature.clone()))
            })
            .collect();
        let mut done = std::collections::HashSet::new();
        for p in &mut self.programs {
            for r in &mut p.runs {
                let Some(f) = &mut r.failure else { continue };
                let key = (r.verdict, f.signature.clone());
                if reduced.contains(&key) || !done.insert(key) {
                    continue;
                }
                f.program = text_of(&p.name).map(|t| cap(&t, PROGRAM_CAP));
            }
        }
    }
}

/// How a campaign's report is graded and explained: its points and
/// weights (`--points`, `--weight`; none: a point per run), an optimiser's
/// savings scoring (`--opt-points`, `--opt-target`), and the course's own
/// recipe to reproduce a failure (`--reproduce`). The run puts them in the
/// report it returns, so every report file is complete.
#[derive(Clone, Debug, Default)]
pub struct Grading {
    /// The points and weights.
    pub scoring: Option<Scoring>,
    /// An optimiser's savings scoring.
    pub savings: Option<SavingsScoring>,
    /// The course's recipe to reproduce a failure.
    pub reproduce: Option<String>,
}

impl Report {
    /// Gives the report `grading`'s scoring, savings scoring and reproduce
    /// recipe.
    pub fn grade_with(&mut self, grading: &Grading) {
        self.scoring = grading.scoring.clone();
        self.savings_scoring = grading.savings;
        self.reproduce = grading.reproduce.clone();
    }
}
