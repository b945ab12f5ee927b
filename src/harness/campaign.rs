//! A campaign's run, from its resolved target to the report files: the
//! session over the plan (with the unmasked second set and the
//! reference's verdicts), the saved reductions and the report ([`run`]),
//! the report files and the exit status ([`write_reports`],
//! [`exit_code`]). The stages before it are their own modules, in the
//! order a campaign goes: `options`, `plan`, `baseline`, `probe`,
//! `resolve`. `test-compiler`, `grade`, `reduce`, `merge` and the
//! autograder kit all go through here; the command layer (`src/cmd/`) only
//! parses options into these values.

use super::baseline::{failed_baseline, Baseline};
use super::cases::{expectation_problems, problems_of, random_case_for};
use super::compiler::Tools;
use super::dialect::{prepare, Prepared};
use super::plan::{profile_for, MoreRandom, Plan};
use super::report::Grading;
use super::report::Report;
use super::resolve::Against;
use super::session::{run_session, Settings};
use super::target::Target;
use super::verdicts::{Case, CaseResult};
use super::{optimiser, report, unmask, verdicts};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// One campaign: judge `plan`'s cases with the target's compiler under
/// `tools` (calling `progress` after each program; every program failed
/// when the baseline failed), hold the results against the reference,
/// save the reduced failures in `out_dir`, and return the report, graded
/// and explained as `grading` says.
pub fn run(
    against: &Against,
    tools: &Tools,
    settings: &Settings,
    plan: Plan,
    out_dir: &Path,
    grading: &Grading,
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> Report {
    let start = Instant::now();
    let target = against.target;
    let compiler = &target.compiler;
    let planned = plan.planned();
    let mut index = plan.index;
    let (mut results, avoided) = judge_all(
        against,
        tools,
        settings,
        plan.cases,
        plan.more_random,
        &mut index,
        progress,
    );
    // For an optimiser: which functions broke each failing program.
    let stop = || settings.budget.exhausted();
    let blames = optimiser::blame_results(tools, compiler, &results, settings.jobs, &stop);
    let texts = failing_texts(tools, &results);
    let reached: std::collections::HashSet<String> =
        results.iter().map(|r| r.case.name.clone()).collect();
    results.extend(plan.not_sent);
    let mut corpus_problems = problems_of(&plan.set_aside);
    corpus_problems.extend(expectation_problems(&results, &plan.expected));
    let saved = match report::save_failures(&results, compiler, &target.setup_args(), out_dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: cannot save the reduced programs: {e}");
            vec![]
        }
    };
    let index_of = |k: usize| {
        results
            .get(k)
            .and_then(|r| index.get(&r.case.name))
            .copied()
            .unwrap_or(k)
    };
    let mut r = report::build(&results, &saved, compiler, &index_of);
    for (k, b) in blames.into_iter().enumerate() {
        if let Some((run, blame)) = b {
            r.set_blame(k, run, blame);
        }
    }
    add_how_it_ran(&mut r, tools, &settings.budget, plan.shard, start);
    r.bad_files = plan.set_aside.iter().filter(|s| s.on_purpose).count();
    r.corpus_problems = corpus_problems;
    r.dialect = against.record.clone();
    r.grade_with(grading);
    if let Baseline::Failed(f) = against.baseline {
        r.baseline_failed = Some(f.message.clone());
    }
    r.reference = against.reference.map(|x| x.compiler.clone());
    r.unmasked = avoided;
    r.attach_programs(&|name| texts.get(name).cloned());
    add_not_reached(&mut r, planned, &reached);
    r
}

/// Every case judged against the target: all failed when the baseline
/// failed, else a session, then the unmasked second set (whose programs'
/// indices go into `index`), the probe failures, and the reference's
/// verdicts held against them. Returns the results and what unmasking
/// avoided.
fn judge_all(
    against: &Against,
    tools: &Tools,
    settings: &Settings,
    cases: Vec<Case>,
    more_random: Option<MoreRandom>,
    index: &mut HashMap<String, usize>,
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> (Vec<CaseResult>, Vec<unmask::Avoided>) {
    let target = against.target;
    if let Baseline::Failed(f) = against.baseline {
        let rs = failed_baseline(cases, tools, f);
        rs.iter().for_each(progress);
        return (rs, vec![]);
    }
    let mut results = run_session(tools, &target.compiler, cases, settings, progress);
    let unmasked = unmask_session(target, tools, settings, more_random, &results, progress);
    let avoided = unmasked.as_ref().map(|u| u.0.clone()).unwrap_or_default();
    if let Some((_, mut more, at)) = unmasked {
        // The second set was not in the plan the reference judged: the
        // reference judges it too, so that its defects are not charged to
        // the student there either.
        if let Some(reference) = against.reference {
            let cases = more.iter().map(|r| r.case.clone()).collect();
            reference.judge_more(cases, settings).apply(&mut more);
        }
        results.extend(more);
        index.extend(at);
    }
    results.extend(against.probe_failures.iter().cloned());
    if let Some(reference) = against.reference {
        reference.apply(&mut results);
    }
    (results, avoided)
}

/// The text each failing program was sent as, by name (for the reports'
/// examples).
fn failing_texts(tools: &Tools, results: &[CaseResult]) -> HashMap<String, String> {
    results
        .iter()
        .filter(|r| r.first_failure().is_some())
        .filter_map(|r| {
            let text = match &r.case.text {
                Some(t) => t.clone(),
                None => tools.text_of(&r.case.prog).ok()?,
            };
            Some((r.case.name.clone(), text))
        })
        .collect()
}

/// What a campaign's report says of how it ran, the same for every
/// subject (a back end's programs, a front end's Oat tests): its time
/// since `start`, whether it was interrupted, its shard, why it stopped
/// early, lloracle's own internal errors, the flaky builds, the time per
/// stage, how programs were linked, how the compiler was confined and
/// what the sandbox refused it, the course's runtime and the oracle's
/// memory model.
pub fn add_how_it_ran(
    r: &mut Report,
    tools: &Tools,
    budget: &super::budget::Budget,
    shard: Option<super::shard::Shard>,
    start: Instant,
) {
    r.elapsed_secs = start.elapsed().as_secs_f64();
    r.interrupted = verdicts::interrupted();
    r.shard = shard.map(|s| s.to_string());
    r.stopped_early = budget.stopped().map(|s| s.to_string());
    r.internal_errors = budget.internal_errors();
    r.flaky_builds = tools.flaky_builds();
    r.stage_secs = Some(tools.stages().totals());
    r.linking = tools.linked_by();
    r.isolation = Some(tools.isolation());
    r.refused = tools.refused();
    r.runtime = Some(tools.course().record());
    r.memory = Some(tools.oracle.memory.name().to_string());
}

/// Programs not reached count against the score (never a smaller
/// denominator); a program lloracle itself failed on is its bug, not the
/// student's, and stays out (named in `internal_errors`). The same for
/// every subject: a back end's programs, a front end's Oat tests.
pub fn add_not_reached(
    r: &mut Report,
    planned: Vec<report::Planned>,
    reached: &std::collections::HashSet<String>,
) {
    let why = match (&r.stopped_early, r.interrupted) {
        (Some(why), _) => format!("not reached: {why}"),
        (None, true) => "not reached: the campaign was interrupted".to_string(),
        (None, false) => "not reached".to_string(),
    };
    let not_run: Vec<_> = planned
        .into_iter()
        .filter(|(name, _, _)| !reached.contains(name))
        .filter(|(name, _, _)| {
            !r.internal_errors
                .iter()
                .any(|e| e.starts_with(&format!("{name}: ")))
        })
        .collect();
    r.add_not_run(not_run, &why);
}

/// What was avoided, the second set's results, and each of its programs'
/// index in the campaign.
type Unmasked = (
    Vec<unmask::Avoided>,
    Vec<CaseResult>,
    HashMap<String, usize>,
);

/// The second set of programs of a campaign whose compile errors are tied
/// to constructs (`unmask`): as many random programs without them as the
/// tied groups hold, from `more` on, judged (and reduced) like the first
/// set. `None` when no group is tied to a construct or there are no
/// further random programs; else what was avoided, the results, and each
/// new program's index in the campaign.
fn unmask_session(
    target: &Target,
    tools: &Tools,
    settings: &Settings,
    more: Option<MoreRandom>,
    results: &[CaseResult],
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> Option<Unmasked> {
    let more = more?;
    let tied = unmask::masking(results, &super::group::keys(results));
    if tied.is_empty() || verdicts::interrupted() || settings.budget.exhausted() {
        return None;
    }
    let want: usize = tied.iter().map(|(a, _)| a.programs).sum();
    let avoid: Vec<unmask::Construct> = tied.iter().map(|(_, c)| c.clone()).collect();
    let dialect = target.dialect.as_ref();
    let profile = profile_for(target);
    let make = |s: u64| random_case_for(s, more.size, dialect, profile);
    let cases: Vec<Case> = unmask::unmasked_cases(&avoid, more.seed, want, &make)
        .into_iter()
        .filter_map(|c| match prepare(c, &target.course, dialect) {
            Prepared::Send(c) => Some(c),
            _ => None,
        })
        .collect();
    let sent = cases.len();
    let at = cases
        .iter()
        .enumerate()
        .map(|(k, c)| (c.name.clone(), more.index + k))
        .collect();
    let judged = run_session(tools, &target.compiler, cases, settings, progress);
    let avoided = tied
        .into_iter()
        .map(|(a, _)| unmask::Avoided { sent, ..a })
        .collect();
    Some((avoided, judged, at))
}

/// Where a campaign's report files go (each optional).
#[derive(Clone, Debug, Default)]
pub struct ReportFiles {
    /// The JSON report.
    pub json: Option<PathBuf>,
    /// Gradescope's results.json.
    pub gradescope: Option<PathBuf>,
    /// JUnit XML.
    pub junit: Option<PathBuf>,
}

/// Writes the JSON, Gradescope and JUnit files of `r` where `files` says;
/// `Err` names the file that could not be written.
pub fn write_reports(r: &Report, files: &ReportFiles) -> Result<(), String> {
    let write = |p: &Option<PathBuf>, text: &dyn Fn() -> String| match p {
        Some(p) => std::fs::write(p, text()).map_err(|e| format!("{}: {e}", p.display())),
        None => Ok(()),
    };
    write(&files.json, &|| r.to_json().to_string())?;
    write(&files.gradescope, &|| report::gradescope(r).to_string())?;
    write(&files.junit, &|| report::junit(r))
}

/// The exit status of `test-compiler` and `merge` for `r`: 0 when every
/// judged run passes, 1 when some fail (or the campaign was interrupted or
/// stopped early, a corpus file is wrong, lloracle failed on a program).
pub fn exit_code(r: &Report) -> u8 {
    u8::from(
        r.summary().failed > 0
            || r.interrupted
            || r.stopped_early.is_some()
            || !r.corpus_problems.is_empty()
            || !r.internal_errors.is_empty(),
    )
}

/// A back-end (or optimiser) campaign settled before its session starts:
/// the target resolved (the baseline, the dialect given or probed, the
/// reference), its tools, the programs in its dialect, and the reference's
/// own run of them. `test-compiler` prints [`Resolved::summary`](super::resolve::Resolved::summary) and runs
/// [`Settled::run`].
pub struct Settled {
    /// The target, resolved.
    pub resolved: super::resolve::Resolved,
    /// The tools that speak to it.
    pub tools: Tools,
    /// The programs, in its dialect.
    pub plan: Plan,
    /// The reference solution's run of the programs, if there is one.
    pub reference: Option<super::reference::ReferenceRun>,
    /// The session's choices.
    pub settings: Settings,
}

/// Settles a campaign of `target` (held against `reference`, when given)
/// on `programs`; `Err` is a usage error (a reference that fails its
/// baseline, a dialect that cannot be probed, programs that cannot be
/// read).
pub fn settle(
    target: Target,
    reference: Option<super::target::Compiler>,
    limits: &super::options::Limits,
    settings: Settings,
    programs: &super::options::Programs,
) -> Result<Settled, String> {
    let resolved = super::resolve::resolve(target, reference, limits, settings.jobs)?;
    let tools = limits.tools(&resolved.target)?;
    let plan = super::plan::plan(programs, &resolved.target)?;
    let reference = super::resolve::judge_reference(&resolved, limits, &settings, &plan)?;
    Ok(Settled {
        resolved,
        tools,
        plan,
        reference,
        settings,
    })
}

impl Settled {
    /// Runs the settled campaign ([`run`]): its report, complete.
    pub fn run(
        self,
        out_dir: &Path,
        grading: &Grading,
        progress: &(dyn Fn(&CaseResult) + Sync),
    ) -> Report {
        let against = self.resolved.against(self.reference.as_ref());
        run(
            &against,
            &self.tools,
            &self.settings,
            self.plan,
            out_dir,
            grading,
            progress,
        )
    }
}
