//! A campaign, from resolved options to report files: the programs
//! ([`plan`]), the dialect (given, or [`resolve`]d by probing before the
//! session starts), the session, the saved reductions and the report
//! ([`run`]), the report files and the exit status ([`write_reports`],
//! [`exit_code`]). `test-compiler`, `grade`, `reduce`, `merge` and the
//! autograder kit all go through here; the command layer (`src/cmd/`) only
//! parses options into these values.

use super::budget::{Budget, DEFAULT_TIME_BUDGET};
use super::cases::{corpus_cases, expectation_problems, problems_of, random_case, CorpusCases};
use super::compiler::Tools;
use super::dialect::{prepare, Prepared};
use super::probe::{self, Probed};
use super::reduce::Bounds;
use super::report::{self, Report};
use super::session::{run_session, Settings};
use super::shard::Shard;
use super::target::{Compiler, Target};
use super::types::{self, Case, CaseResult, SetAside};
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
/// dialect; with a shard, only that shard's (random programs of other
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
    indexed.extend(
        seeds
            .into_par_iter()
            .map(|(k, s)| (k, random_case(s, p.size, dialect)))
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
    Ok(Plan {
        cases,
        index,
        not_sent,
        set_aside,
        expected,
        shard: p.shard,
    })
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

/// How the target's dialect was settled.
#[derive(Clone, Debug)]
pub enum Resolved {
    /// Given (`--dialect`), or none asked for (the built-in back end).
    Given(Target),
    /// Probed: the target with the chosen dialect, and what the probes
    /// showed.
    Probed(Target, Box<Probed>),
}

impl Resolved {
    /// The target to run the campaign with.
    pub fn target(&self) -> &Target {
        match self {
            Resolved::Given(t) | Resolved::Probed(t, _) => t,
        }
    }

    /// The probes' findings, if the dialect was probed.
    pub fn probed(&self) -> Option<&Probed> {
        match self {
            Resolved::Given(_) => None,
            Resolved::Probed(_, p) => Some(p),
        }
    }

    /// What the reports record about the dialect (null without one).
    pub fn record(&self) -> Option<serde_json::Value> {
        let t = self.target();
        Some(probe::record(t.dialect.as_ref(), self.probed(), &t.course)).filter(|v| !v.is_null())
    }
}

/// Settles `target`'s dialect before the session: kept when given or when
/// the compiler is the built-in back end; otherwise probed (with `limits`
/// and `jobs` threads). `Err` (why) when the compiler fails the baseline
/// probe.
pub fn resolve(target: Target, limits: &Limits, jobs: usize) -> Result<Resolved, String> {
    if target.dialect.is_some() || matches!(target.compiler, Compiler::Builtin { .. }) {
        return Ok(Resolved::Given(target));
    }
    let tools = limits.tools(&target)?;
    match probe::probe(&tools, &target.compiler, &target.course, jobs) {
        Ok(p) => {
            let resolved = Target {
                dialect: Some(p.dialect.clone()),
                ..target
            };
            Ok(Resolved::Probed(resolved, Box::new(p)))
        }
        Err(e) => Err(e.message),
    }
}

/// One campaign: judge `plan`'s cases with `compiler` under `tools`
/// (calling `progress` after each program), save the reduced failures in
/// `out_dir`, and return the report.
pub fn run(
    target: &Target,
    tools: &Tools,
    settings: &Settings,
    plan: Plan,
    out_dir: &Path,
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> Report {
    let start = Instant::now();
    let compiler = &target.compiler;
    let planned = plan.planned();
    let mut results = run_session(tools, compiler, plan.cases, settings, progress);
    let texts: HashMap<String, String> = results
        .iter()
        .filter(|r| r.first_failure().is_some())
        .filter_map(|r| {
            let text = match &r.case.text {
                Some(t) => t.clone(),
                None => tools.text_of(&r.case.prog).ok()?,
            };
            Some((r.case.name.clone(), text))
        })
        .collect();
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
            .and_then(|r| plan.index.get(&r.case.name))
            .copied()
            .unwrap_or(k)
    };
    let mut r = report::build(&results, &saved, compiler, &index_of);
    r.elapsed_secs = start.elapsed().as_secs_f64();
    r.interrupted = types::interrupted();
    r.shard = plan.shard.map(|s| s.to_string());
    r.bad_files = plan.set_aside.iter().filter(|s| s.on_purpose).count();
    r.stopped_early = settings.budget.stopped().map(|s| s.to_string());
    r.corpus_problems = corpus_problems;
    r.internal_errors = settings.budget.internal_errors();
    r.attach_programs(&|name| texts.get(name).cloned());
    // Programs not reached count against the score (never a smaller
    // denominator); a program lloracle itself failed on is its bug, not
    // the student's, and stays out (named in `internal_errors`).
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
    r
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
