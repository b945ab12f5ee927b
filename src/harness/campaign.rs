//! A campaign, from resolved options to report files: the programs
//! ([`plan`]), the dialect (given, or [`resolve`]d by probing before the
//! session starts), the session, the saved reductions and the report
//! ([`run`]), the report files and the exit status ([`write_reports`],
//! [`exit_code`]). `test-compiler`, `grade`, `reduce`, `merge` and the
//! autograder kit all go through here; the command layer (`src/cmd/`) only
//! parses options into these values.

use super::budget::{Budget, DEFAULT_TIME_BUDGET};
use super::cases::{corpus_cases, expectation_problems, problems_of, random_case_for, CorpusCases};
use super::compiler::{self, Tools};
use super::dialect::{prepare, Prepared};
use super::judge;
use super::optimiser;
use super::probe::{self, BaselineFailed, BaselinePassed, Probed};
use super::reduce::Bounds;
use super::reference::ReferenceRun;
use super::report::{self, Report};
use super::session::{run_session, Settings};
use super::shard::Shard;
use super::target::{Compiler, Emit, Target};
use super::types::{self, Case, CaseResult, RunVerdict, SetAside};
use super::unmask;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The harness's default oracle fuel: lower than `lloracle run`'s so that
/// the corpus's fuel-limit programs are skipped in seconds, not minutes.
pub const DEFAULT_FUEL: u64 = 20_000_000;

/// The limits of one campaign.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock limit of one compile, link or run.
    pub timeout: Duration,
    /// The most instructions the oracle executes per run; runs that need
    /// more end in `fuel-exhausted` and are skipped, not judged.
    pub fuel: u64,
    /// Wall-clock limit of the whole campaign: past it no new program is
    /// started and no reduction goes on.
    pub time_budget: Duration,
}

impl Default for Limits {
    /// 10 s per compile or run, [`DEFAULT_FUEL`], [`DEFAULT_TIME_BUDGET`].
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            fuel: DEFAULT_FUEL,
            time_budget: DEFAULT_TIME_BUDGET,
        }
    }
}

impl Limits {
    /// Fresh tools for `target` with these limits.
    pub fn tools(&self, target: &Target) -> Result<Tools, String> {
        let mut tools = Tools::for_target(target, self.timeout)?;
        tools.oracle.fuel = self.fuel;
        Ok(tools)
    }
}

/// How much of a campaign's time goes to reducing failures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reductions {
    /// Reduce at most this many failing programs.
    pub max_reductions: usize,
    /// The bounds of each reduction.
    pub bounds: Bounds,
}

impl Default for Reductions {
    /// 25 reductions of [`Bounds::default`].
    fn default() -> Reductions {
        Reductions {
            max_reductions: 25,
            bounds: Bounds::default(),
        }
    }
}

/// Which programs a campaign checks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Programs {
    /// A corpus directory or one annotated `.ll` file (none: the bundled
    /// corpus).
    pub corpus: Option<PathBuf>,
    /// Leave the corpus out (random programs only).
    pub no_corpus: bool,
    /// How many random programs.
    pub random: u64,
    /// The first random seed (programs use seed, seed + 1, ...).
    pub seed: u64,
    /// The size of random programs (1..=100).
    pub size: usize,
    /// Only this shard of the programs.
    pub shard: Option<Shard>,
}

impl Default for Programs {
    /// The bundled corpus and 200 random programs of size 30 from seed 1.
    fn default() -> Programs {
        Programs {
            corpus: None,
            no_corpus: false,
            random: 200,
            seed: 1,
            size: 30,
            shard: None,
        }
    }
}

/// The programs of a campaign: its cases (this shard's only), each
/// case's index in the unsharded campaign, and the corpus files skipped.
#[derive(Clone)]
pub struct Plan {
    /// The cases to judge, in campaign order.
    pub cases: Vec<Case>,
    /// Case name -> index in the unsharded campaign.
    pub index: HashMap<String, usize>,
    /// Programs not sent: no equivalent in the dialect (their verdicts say
    /// which feature excluded them).
    pub not_sent: Vec<CaseResult>,
    /// Corpus files not sent, with why (on purpose, or a problem).
    pub set_aside: Vec<SetAside>,
    /// Per corpus case, the annotated expectation of each run.
    pub expected: HashMap<String, Vec<crate::corpus::Run>>,
    /// The shard this plan covers, if any.
    pub shard: Option<Shard>,
    /// Where further random programs start (unsharded campaigns with
    /// random programs only): the second set of programs sent when a
    /// construct masks the rest of the compiler (`unmask`).
    pub more_random: Option<MoreRandom>,
}

/// Where random programs beyond a campaign's own start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoreRandom {
    /// The first seed not used by the campaign.
    pub seed: u64,
    /// The campaign's program size.
    pub size: usize,
    /// The index in the campaign of the first further program.
    pub index: usize,
}

impl Plan {
    /// The programs to judge, each with its position in the unsharded
    /// campaign and its runs (for those a campaign does not reach).
    pub fn planned(&self) -> Vec<report::Planned> {
        self.cases
            .iter()
            .map(|c| {
                let k = self.index.get(&c.name).copied().unwrap_or(usize::MAX);
                (c.name.clone(), k, c.runs.clone())
            })
            .collect()
    }
}

/// The programs `p` selects for `target`: the corpus (unless
/// `no_corpus`), then the random seeds generated within the target's
/// dialect (for an optimiser, of the `opt` generation profile); with a shard, only that shard's (random programs of other
/// shards are never generated). Each case is prepared for the target's
/// dialect and course: sent as written, lowered, or not sent.
pub fn plan(p: &Programs, target: &Target) -> Result<Plan, String> {
    let CorpusCases {
        cases: corpus,
        mut set_aside,
        expected,
    } = if p.no_corpus {
        CorpusCases::default()
    } else {
        let dir = p.corpus.clone().unwrap_or_else(crate::corpus::default_dir);
        corpus_cases(&dir)?
    };
    let keeps = |k: usize| p.shard.is_none_or(|s| s.keeps(k as u64));
    let first_random = corpus.len();
    let mut indexed: Vec<(usize, Case)> = corpus
        .into_iter()
        .enumerate()
        .filter(|(k, _)| keeps(*k))
        .collect();
    let seeds: Vec<(usize, u64)> = (0..p.random)
        .map(|i| (first_random + i as usize, p.seed.wrapping_add(i)))
        .filter(|(k, _)| keeps(*k))
        .collect();
    let dialect = target.dialect.as_ref();
    let profile = profile_for(target);
    indexed.extend(
        seeds
            .into_par_iter()
            .map(|(k, s)| (k, random_case_for(s, p.size, dialect, profile)))
            .collect::<Vec<_>>(),
    );
    let index = indexed.iter().map(|(k, c)| (c.name.clone(), *k)).collect();
    let mut cases = Vec::new();
    let mut not_sent = Vec::new();
    for (_, c) in indexed {
        match prepare(c, &target.course, dialect) {
            Prepared::Send(c) => cases.push(c),
            Prepared::NotInDialect(r) => not_sent.push(*r),
            Prepared::SetAside(s) => set_aside.push(s),
        }
    }
    let more_random = (p.shard.is_none() && p.random > 0).then(|| MoreRandom {
        seed: p.seed.wrapping_add(p.random),
        size: p.size,
        index: first_random + p.random as usize,
    });
    Ok(Plan {
        more_random,
        cases,
        index,
        not_sent,
        set_aside,
        expected,
        shard: p.shard,
    })
}

/// The generation profile of `target`'s random programs: an optimiser
/// gets programs written to exercise optimisers (`gen --for opt`), a back
/// end the whole language.
fn profile_for(target: &Target) -> gen::Profile {
    match target.compiler {
        Compiler::Optimiser { .. } => gen::Profile::Opt,
        _ => gen::Profile::Default,
    }
}

/// `asked` worker threads, or the number of cores; more than four threads
/// per core is capped (with a message): the runs are processes, not
/// threads.
pub fn jobs(asked: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    let most = cores.saturating_mul(4).max(4);
    match asked {
        None => cores,
        Some(0) => {
            eprintln!("lloracle: --jobs 0 means one worker");
            1
        }
        Some(j) if j > most => {
            eprintln!("lloracle: --jobs {j} capped at {most} (4 per core)");
            most
        }
        Some(j) => j,
    }
}

/// The session settings of a campaign with `jobs` threads, `limits` and
/// `reductions` (a fresh time budget starts now).
pub fn settings(jobs: usize, limits: &Limits, reductions: &Reductions) -> Settings {
    Settings {
        jobs,
        max_reductions: reductions.max_reductions,
        bounds: reductions.bounds.clone(),
        stop_at_first_failure: false,
        budget: Arc::new(Budget::new(limits.time_budget)),
    }
}

extern "C" fn on_interrupt(_: libc::c_int) {
    types::INTERRUPTED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Ctrl-C and SIGTERM set the interrupt flag (a second one ends the
/// process as usual): sessions stop taking programs, reports are written.
pub fn install_interrupt_handler() {
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: the handler only stores to an atomic flag; SA_RESETHAND
        // restores the default so a second signal ends the process.
        unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction = on_interrupt as *const () as usize;
            sa.sa_flags = libc::SA_RESETHAND;
            libc::sigaction(sig, &sa, std::ptr::null_mut());
        }
    }
}

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

/// Everything settled before the session starts: the target (with the
/// dialect given or probed, and `-no-pie` when the baseline links only so),
/// how it was chosen, and the reference solution's target, if any.
#[derive(Clone, Debug)]
pub struct Resolved {
    /// The compiler under test and how to speak to it.
    pub target: Target,
    /// The probes' findings, when the dialect was probed (on the reference
    /// when there is one, else on the compiler under test).
    pub probed: Option<Probed>,
    /// The compiler under test's baseline.
    pub baseline: Baseline,
    /// The reference solution, with the same conventions and dialect.
    pub reference: Option<Target>,
}

impl Resolved {
    /// What the reports record about the dialect (none without one).
    pub fn record(&self) -> Option<serde_json::Value> {
        let t = &self.target;
        let mut v = probe::record(t.dialect.as_ref(), self.probed.as_ref(), &t.course);
        if let serde_json::Value::Object(m) = &mut v {
            if self.reference.is_some() && self.probed.is_some() {
                m.insert("probed_on".into(), "the reference solution".into());
            }
            if let Baseline::Passed(b) = &self.baseline {
                m.insert("baseline_flaky".into(), b.flaky.into());
                m.insert("links_with_no_pie".into(), b.needs_no_pie.into());
            }
        }
        Some(v).filter(|v| !v.is_null())
    }

    /// What a campaign of this target runs against, with the reference
    /// solution's verdicts `reference` (from [`judge_reference`]).
    pub fn against<'a>(&'a self, reference: Option<&'a ReferenceRun>) -> Against<'a> {
        Against {
            target: &self.target,
            baseline: &self.baseline,
            probe_failures: self.probed.as_ref().map_or(&[], |p| &p.failures),
            reference,
            record: self.record(),
        }
    }

    /// The lines printed before the campaign: the probes (when probed),
    /// or the dialect given, and how the baseline linked.
    pub fn summary(&self) -> String {
        let mut t = String::new();
        match (&self.probed, &self.target.dialect) {
            (Some(p), _) => {
                if self.reference.is_some() {
                    t.push_str("probe: sent to the reference solution (--reference)\n");
                }
                t.push_str(&probe::summary(p));
            }
            (None, Some(d)) => t.push_str(&format!(
                "dialect: {} ({}), from --dialect\n",
                d.name, d.about
            )),
            (None, None) => {}
        }
        if let Baseline::Passed(b) = &self.baseline {
            if b.needs_no_pie {
                t.push_str(
                    "link: the baseline links only with -no-pie (absolute addresses): every \
                     program is linked with -no-pie\n",
                );
            }
            if b.flaky {
                t.push_str("baseline: failed at first, passed when sent again alone (flaky)\n");
            }
        }
        t
    }
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
fn check_baseline(target: &mut Target, limits: &Limits) -> Result<Baseline, String> {
    if matches!(target.compiler, Compiler::Builtin { .. }) {
        return Ok(Baseline::NotRun);
    }
    // A compiler that is not there fails the baseline with that said
    // plainly (nothing is sent; every program counts as failed).
    if let Err(why) = compiler::check_runnable(&target.compiler, Path::new(".")) {
        return Ok(Baseline::Failed(probe::not_runnable(why)));
    }
    let tools = limits.tools(target)?;
    let no_pie = with_no_pie(target);
    let no_pie_tools = no_pie.as_ref().map(|t| limits.tools(t)).transpose()?;
    match probe::baseline(&tools, no_pie_tools.as_ref(), &target.compiler) {
        Ok(b) => {
            if let (true, Some(t)) = (b.needs_no_pie, no_pie) {
                *target = t;
            }
            Ok(Baseline::Passed(b))
        }
        Err(f) => Ok(Baseline::Failed(f)),
    }
}

/// Settles everything before the session: the baseline of the reference
/// (when given; `Err` when it fails: nothing can be graded against it) and
/// of the compiler under test, then the dialect: kept when given, else
/// probed once on the reference when there is one, else on the compiler
/// under test (not when its baseline failed), with `jobs` threads.
pub fn resolve(
    mut target: Target,
    reference: Option<Compiler>,
    limits: &Limits,
    jobs: usize,
) -> Result<Resolved, String> {
    let mut reference = reference.map(|c| target.with_compiler(c));
    if let Some(r) = &mut reference {
        if let Baseline::Failed(f) = check_baseline(r, limits)? {
            return Err(format!(
                "the reference solution ({}): {}",
                r.compiler.describe(),
                f.message
            ));
        }
        target.course = r.course.clone();
    }
    let baseline = check_baseline(&mut target, limits)?;
    let mut probed = None;
    if target.dialect.is_none() && !matches!(target.compiler, Compiler::Builtin { .. }) {
        let on = match &reference {
            Some(r) => Some(r),
            None => matches!(baseline, Baseline::Passed(_)).then_some(&target),
        };
        if let Some(on) = on {
            let tools = limits.tools(on)?;
            let p = probe::probe(&tools, &on.compiler, &on.course, jobs);
            target.dialect = Some(p.profile.clone());
            probed = Some(p);
        }
    }
    if let Some(r) = &mut reference {
        r.dialect = target.dialect.clone();
        r.course = target.course.clone();
    }
    Ok(Resolved {
        target,
        probed,
        baseline,
        reference,
    })
}

/// The message of a class (or a kit) with neither a dialect nor a
/// reference solution.
pub const NEED_A_DIALECT: &str = "students of one course are graded on one dialect: give \
    --dialect NAME (`lloracle dialects` lists them), or --reference 'CMD {in} {out}' (the \
    course's reference solution, probed once); --dialect lloracle sends every program \
    lloracle accepts";

/// Settles what a whole class shares before any submission is graded
/// (`grade`, the autograder kit): the dialect (given, or probed once on the
/// reference solution) and the course conventions; `target`'s compiler is
/// the template the submissions fill in and is not run here. `Err` without
/// a dialect or a reference ([`NEED_A_DIALECT`]), or when the reference
/// fails the baseline.
pub fn resolve_class(
    target: Target,
    reference: Option<Compiler>,
    limits: &Limits,
    jobs: usize,
) -> Result<Resolved, String> {
    let Some(reference) = reference else {
        if target.dialect.is_none() {
            return Err(NEED_A_DIALECT.into());
        }
        return Ok(Resolved {
            target,
            probed: None,
            baseline: Baseline::NotRun,
            reference: None,
        });
    };
    let r = resolve(target.with_compiler(reference), None, limits, jobs)?;
    if let Baseline::Failed(f) = &r.baseline {
        return Err(format!(
            "the reference solution ({}): {}",
            r.target.compiler.describe(),
            f.message
        ));
    }
    Ok(Resolved {
        target: r.target.with_compiler(target.compiler),
        probed: r.probed,
        baseline: Baseline::NotRun,
        reference: Some(r.target),
    })
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
            }
        })
        .collect()
}

/// The reference solution's verdicts on `plan`'s cases, when `resolved`
/// has a reference (judged once; `grade` shares it across the class).
pub fn judge_reference(
    resolved: &Resolved,
    limits: &Limits,
    settings: &Settings,
    plan: &Plan,
) -> Result<Option<ReferenceRun>, String> {
    let Some(r) = &resolved.reference else {
        return Ok(None);
    };
    let tools = limits.tools(r)?;
    Ok(Some(ReferenceRun::judge(
        tools,
        &r.compiler,
        plan.cases.clone(),
        settings,
    )))
}

/// What one campaign runs against: the target, its baseline, and the
/// reference solution's verdicts.
pub struct Against<'a> {
    /// The compiler under test and how to speak to it.
    pub target: &'a Target,
    /// Its baseline.
    pub baseline: &'a Baseline,
    /// The probes the compiler failed although its profile has their
    /// feature (failures reported like any other program).
    pub probe_failures: &'a [CaseResult],
    /// The reference solution's verdicts, if any.
    pub reference: Option<&'a ReferenceRun>,
    /// What the report records about the dialect, how it was chosen and
    /// the baseline's link facts ([`Resolved::record`]).
    pub record: Option<serde_json::Value>,
}

/// One campaign: judge `plan`'s cases with the target's compiler under
/// `tools` (calling `progress` after each program; every program failed
/// when the baseline failed), hold the results against the reference,
/// save the reduced failures in `out_dir`, and return the report.
pub fn run(
    against: &Against,
    tools: &Tools,
    settings: &Settings,
    plan: Plan,
    out_dir: &Path,
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
    r.elapsed_secs = start.elapsed().as_secs_f64();
    r.interrupted = types::interrupted();
    r.shard = plan.shard.map(|s| s.to_string());
    r.bad_files = plan.set_aside.iter().filter(|s| s.on_purpose).count();
    r.stopped_early = settings.budget.stopped().map(|s| s.to_string());
    r.corpus_problems = corpus_problems;
    r.internal_errors = settings.budget.internal_errors();
    r.flaky_builds = tools.flaky_builds();
    r.runtime = Some(target.course.record());
    r.dialect = against.record.clone();
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

/// Programs not reached count against the score (never a smaller
/// denominator); a program lloracle itself failed on is its bug, not the
/// student's, and stays out (named in `internal_errors`).
fn add_not_reached(
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
    if tied.is_empty() || types::interrupted() || settings.budget.exhausted() {
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
