//! `lloracle test-compiler`: check a compiler (or an ll-to-ll optimiser)
//! against the oracle on the corpus and random programs; every failure
//! comes with expected and actual behaviour and a reduced program. With no
//! `--cmd` the built-in back end is the compiler under test.

use super::progress::{colour_stdout, Progress};
use super::EXIT_USAGE;
use lloracle::harness::budget::Budget;
use lloracle::harness::compiler::{Compiler, Emit, Tools};
use lloracle::harness::course::{entry_from_name, Course, Entry};
use lloracle::harness::dialect::{self, Prepared};
use lloracle::harness::probe::{self, Probed};
use lloracle::harness::reduce::Bounds;
use lloracle::harness::report::{self, Report};
use lloracle::harness::session::{
    self, corpus_cases, expectation_problems, problems_of, random_case, run_session, Case,
    CaseResult, CorpusCases, SetAside, Settings,
};
use lloracle::harness::shard::Shard;
use rayon::prelude::*;
use spec::dialect::Dialect;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The options that select the compiler under test.
#[derive(clap::Args, Debug)]
pub struct CompilerArgs {
    /// The compiler: a shell command with `{in}` (the .ll file) and `{out}`.
    #[arg(long, conflicts_with = "opt_cmd")]
    cmd: Option<String>,
    /// What `--cmd` writes to `{out}`: `asm` (linked here with cc and the
    /// runtime) or `exe`.
    #[arg(long, default_value = "asm", value_parser = ["asm", "exe"])]
    emit: String,
    /// An ll-to-ll optimiser: a shell command with `{in}` and `{out}`; its
    /// output must parse, check and agree with the oracle.
    #[arg(long)]
    opt_cmd: Option<String>,
    /// Test the built-in back end with a deliberate bug (mutation testing).
    #[arg(long, hide = true, conflicts_with_all = ["cmd", "opt_cmd"])]
    mutate: Option<String>,
    /// The course's C runtime (its `runtime.c`), linked with `--emit asm`
    /// output instead of the bundled one.
    #[arg(long, value_name = "FILE.c")]
    runtime: Option<PathBuf>,
    /// Extra arguments of `cc` when linking `--emit asm` output, e.g.
    /// `-no-pie` (split at white space).
    #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
    link_flags: Option<String>,
    /// Where programs start: `main`, or `program` for courses whose
    /// runtime's C `main` calls `program(argc, argv)` (the bundled runtime
    /// then supplies that `main`; programs are sent with their `@main`
    /// named `@program`).
    #[arg(long, default_value = "main", value_parser = ["main", "program"])]
    entry: String,
    /// The dialect the compiler reads (`lloracle dialects` lists them):
    /// programs are sent as written where they are in it, lowered into it
    /// where they are not, and not sent (counted as "not in dialect") where
    /// they cannot be. Without it, `test-compiler` probes the compiler.
    #[arg(long, value_name = "NAME")]
    dialect: Option<String>,
}

/// The dialect `--dialect` names, if given.
fn dialect_of(a: &CompilerArgs) -> Result<Option<Dialect>, String> {
    let Some(n) = &a.dialect else { return Ok(None) };
    Dialect::by_name(n).map(Some).ok_or_else(|| {
        format!(
            "unknown dialect `{n}` (known: {}; `lloracle dialects` shows their features)",
            Dialect::NAMES.join(", ")
        )
    })
}

/// The course conventions `a` selects; they need a compiler command (the
/// built-in back end links and starts programs its own way).
pub fn course_of(a: &CompilerArgs) -> Result<Course, String> {
    let course = Course {
        runtime: a.runtime.clone(),
        link_flags: a
            .link_flags
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        entry: entry_from_name(&a.entry).unwrap_or(Entry::Main),
    };
    if let Some(r) = &course.runtime {
        if !r.is_file() {
            return Err(format!("--runtime {}: no such file", r.display()));
        }
    }
    let links = course.runtime.is_some() || !course.link_flags.is_empty();
    if links && (a.cmd.is_none() || a.emit != "asm") {
        return Err(
            "--runtime and --link-flags apply to a compiler's assembly: they need \
                    --cmd with --emit asm"
                .into(),
        );
    }
    if course.entry != Entry::Main && a.cmd.is_none() && a.opt_cmd.is_none() {
        return Err(
            "--entry program needs --cmd or --opt-cmd (the built-in back end starts \
                    at @main)"
                .into(),
        );
    }
    Ok(course)
}

/// The compiler `a` selects.
pub fn compiler_of(a: &CompilerArgs) -> Result<Compiler, String> {
    let need = |c: &str| {
        if c.contains("{in}") && c.contains("{out}") {
            Ok(())
        } else {
            Err(format!("the command `{c}` must contain {{in}} and {{out}}"))
        }
    };
    if let Some(c) = &a.cmd {
        need(c)?;
        let emit = if a.emit == "exe" {
            Emit::Exe
        } else {
            Emit::Asm
        };
        return Ok(Compiler::Command {
            cmd: c.clone(),
            emit,
        });
    }
    if let Some(c) = &a.opt_cmd {
        need(c)?;
        return Ok(Compiler::Optimiser { cmd: c.clone() });
    }
    let mutation = match &a.mutate {
        None => None,
        Some(n) => {
            Some(codegen::Mutation::from_name(n).ok_or_else(|| format!("unknown mutation `{n}`"))?)
        }
    };
    Ok(Compiler::Builtin { mutation })
}

/// Arguments of `lloracle test-compiler`.
#[derive(clap::Args, Debug)]
pub struct TestCompilerArgs {
    #[command(flatten)]
    pub compiler: CompilerArgs,
    /// A corpus directory, or one annotated .ll file (default: the bundled corpus).
    #[arg(long)]
    pub corpus: Option<PathBuf>,
    /// Do not use the corpus (random programs only).
    #[arg(long)]
    pub no_corpus: bool,
    /// How many random programs.
    #[arg(long, default_value_t = 200)]
    pub random: u64,
    /// The first random seed (programs use seed, seed + 1, ...).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The size of random programs (1..=100).
    #[arg(long, default_value_t = 30)]
    pub size: usize,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Wall-clock limit of one compile, link or run, in seconds.
    #[arg(long, default_value_t = 10)]
    pub timeout: u64,
    /// Wall-clock limit of the whole campaign, in seconds: past it no new
    /// program is started and no reduction goes on; the reports cover what
    /// finished.
    #[arg(long, default_value_t = lloracle::harness::budget::DEFAULT_TIME_BUDGET.as_secs())]
    pub time_budget: u64,
    /// The most instructions the oracle executes per run (at least 1); runs
    /// that need more end in `fuel-exhausted` and are skipped, not judged.
    #[arg(long, default_value_t = DEFAULT_FUEL, value_parser = clap::value_parser!(u64).range(1..))]
    pub fuel: u64,
    /// Write the JSON report here.
    #[arg(long)]
    pub json: Option<PathBuf>,
    /// Write a Gradescope results.json here.
    #[arg(long)]
    pub gradescope: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long)]
    pub junit: Option<PathBuf>,
    /// Where reduced failing programs are saved (default:
    /// `lloracle-failures` for test-compiler; grade puts each submission's
    /// under its own folder).
    #[arg(long)]
    pub out_dir: Option<PathBuf>,
    /// Check only shard I of N of the programs (those whose index in the
    /// unsharded campaign is I-1 mod N); `lloracle merge` joins the JSON
    /// reports of all shards.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<Shard>,
    /// On a non-terminal, seconds between plain progress lines.
    #[arg(long, default_value_t = 5, value_name = "SECS")]
    pub progress_every: u64,
    /// Reduce at most this many failing programs.
    #[arg(long, default_value_t = 25)]
    pub max_reductions: usize,
    /// The most candidates one reduction tries.
    #[arg(long, default_value_t = 5000)]
    pub reduce_candidates: usize,
    /// The most seconds one reduction takes.
    #[arg(long, default_value_t = 60)]
    pub reduce_time: u64,
    /// Instead of checking one compiler, check that the harness catches
    /// each deliberately broken variant of the built-in back end (corpus,
    /// then up to --random programs) and print the mutation score.
    #[arg(long)]
    pub mutation_score: bool,
}

/// The harness's default oracle fuel: lower than `lloracle run`'s so that
/// the corpus's fuel-limit programs are skipped in seconds, not minutes.
pub const DEFAULT_FUEL: u64 = 20_000_000;

extern "C" fn on_interrupt(_: libc::c_int) {
    session::INTERRUPTED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Ctrl-C and SIGTERM set the session's interrupt flag (a second one ends
/// the process as usual).
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

#[derive(Clone)]
/// The programs of a campaign: its cases (this shard's only), each
/// case's index in the unsharded campaign, and the corpus files skipped.
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
    pub expected: HashMap<String, Vec<lloracle::corpus::Run>>,
}

/// The programs `a` selects: the corpus (unless `--no-corpus`), then
/// `--random` seeds generated within the tools' dialect; with `--shard`,
/// only that shard's (random programs of other shards are never
/// generated). Each case is prepared for the tools' dialect and course:
/// sent as written, lowered, or not sent.
pub fn plan(a: &TestCompilerArgs, tools: &Tools) -> Result<Plan, String> {
    let CorpusCases {
        cases: corpus,
        mut set_aside,
        expected,
    } = if a.no_corpus {
        CorpusCases::default()
    } else {
        let dir = a
            .corpus
            .clone()
            .unwrap_or_else(lloracle::corpus::default_dir);
        corpus_cases(&dir)?
    };
    let keeps = |k: usize| a.shard.is_none_or(|s| s.keeps(k as u64));
    let first_random = corpus.len();
    let mut indexed: Vec<(usize, Case)> = corpus
        .into_iter()
        .enumerate()
        .filter(|(k, _)| keeps(*k))
        .collect();
    let seeds: Vec<(usize, u64)> = (0..a.random)
        .map(|i| (first_random + i as usize, a.seed.wrapping_add(i)))
        .filter(|(k, _)| keeps(*k))
        .collect();
    let dialect = tools.dialect();
    indexed.extend(
        seeds
            .into_par_iter()
            .map(|(k, s)| (k, random_case(s, a.size, dialect)))
            .collect::<Vec<_>>(),
    );
    let index = indexed.iter().map(|(k, c)| (c.name.clone(), *k)).collect();
    let mut cases = Vec::new();
    let mut not_sent = Vec::new();
    for (_, c) in indexed {
        match dialect::prepare(c, tools.course(), dialect) {
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
    })
}

/// `--jobs`, or the number of cores; more than four threads per core is
/// capped (with a message): the runs are processes, not threads.
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

/// The session settings `a` selects (a fresh campaign time budget).
pub fn settings_of(a: &TestCompilerArgs) -> Settings {
    Settings {
        jobs: jobs(a.jobs),
        max_reductions: a.max_reductions,
        bounds: Bounds {
            max_candidates: a.reduce_candidates,
            max_time: Duration::from_secs(a.reduce_time),
        },
        stop_at_first_failure: false,
        budget: Arc::new(Budget::new(Duration::from_secs(a.time_budget))),
    }
}

/// One campaign: judge `plan`'s cases with `compiler` (progress on
/// stderr), save the reduced failures in `out_dir`, and return the report.
pub fn campaign(
    a: &TestCompilerArgs,
    compiler: &Compiler,
    tools: &Tools,
    settings: &Settings,
    plan: Plan,
    out_dir: &Path,
    progress: &(dyn Fn(&CaseResult) + Sync),
) -> Report {
    let start = Instant::now();
    let mut results = run_session(tools, compiler, plan.cases, settings, progress);
    results.extend(plan.not_sent);
    let mut corpus_problems = problems_of(&plan.set_aside);
    corpus_problems.extend(expectation_problems(&results, &plan.expected));
    let saved = match report::save_failures(&results, compiler, &tools.cli_args(), out_dir) {
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
    r.interrupted = session::interrupted();
    r.shard = a.shard.map(|s| s.to_string());
    r.bad_files = plan.set_aside.iter().filter(|s| s.on_purpose).count();
    r.stopped_early = settings.budget.stopped().map(|s| s.to_string());
    r.corpus_problems = corpus_problems;
    r.internal_errors = settings.budget.internal_errors();
    r
}

/// Writes the JSON, Gradescope and JUnit files of `r` where `json`,
/// `gradescope` and `junit` say; `Err` names the file that could not be
/// written.
pub fn write_reports(
    r: &Report,
    json: Option<&Path>,
    gradescope: Option<&Path>,
    junit: Option<&Path>,
) -> Result<(), String> {
    let write = |p: Option<&Path>, text: &dyn Fn() -> String| match p {
        Some(p) => std::fs::write(p, text()).map_err(|e| format!("{}: {e}", p.display())),
        None => Ok(()),
    };
    write(json, &|| r.to_json().to_string())?;
    write(gradescope, &|| report::gradescope(r).to_string())?;
    write(junit, &|| report::junit(r))
}

/// The compiler under test and the tools (with `timeout` seconds per compile
/// or run) that `test-compiler` and `reduce` both start from; on an error,
/// says it and gives the usage exit code.
pub fn compiler_and_tools(args: &CompilerArgs, timeout: u64) -> Result<(Compiler, Tools), u8> {
    let usage = |e: String| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    };
    let compiler = compiler_of(args).map_err(usage)?;
    let tools = tools_of(args, timeout).map_err(usage)?;
    Ok((compiler, tools))
}

/// The tools (with `timeout` seconds per compile or run) with the course
/// conventions and the `--dialect` that `args` select.
pub fn tools_of(args: &CompilerArgs, timeout: u64) -> Result<Tools, String> {
    let mut tools = Tools::new(Duration::from_secs(timeout))?;
    tools.set_course(course_of(args)?);
    tools.set_dialect(dialect_of(args)?);
    Ok(tools)
}

/// Runs the session and writes the reports; 0 when every judged run
/// passes, 1 when some fail, 2 for bad usage.
pub fn main(a: TestCompilerArgs) -> u8 {
    install_interrupt_handler();
    let (compiler, mut tools) = match compiler_and_tools(&a.compiler, a.timeout) {
        Ok(x) => x,
        Err(code) => return code,
    };
    tools.oracle.fuel = a.fuel;
    let settings = settings_of(&a);
    let probed = if a.mutation_score {
        None
    } else {
        match choose_dialect(&compiler, &mut tools, settings.jobs) {
            Ok(p) => p,
            Err(why) => {
                // Nothing is sent, but the report files still say why: a
                // grader always gets its results.
                let r = Report {
                    compiler: compiler.describe(),
                    stopped_early: Some(why),
                    ..Report::default()
                };
                return write_and_exit(
                    &r,
                    a.json.as_deref(),
                    a.gradescope.as_deref(),
                    a.junit.as_deref(),
                );
            }
        }
    };
    let plan = match plan(&a, &tools) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    if a.mutation_score {
        return mutation_score(&tools, plan.cases, &settings, a.random);
    }
    let bar = Progress::new(
        plan.cases.len(),
        "programs",
        Duration::from_secs(a.progress_every),
    );
    let out_dir = a
        .out_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("lloracle-failures"));
    let mut r = campaign(&a, &compiler, &tools, &settings, plan, &out_dir, &|r| {
        bar.tick(r.first_failure().is_some())
    });
    bar.finish();
    r.dialect = Some(dialect::record(
        tools.dialect(),
        probed.as_ref(),
        tools.course(),
    ))
    .filter(|v| !v.is_null());
    if let Some(why) = &r.stopped_early {
        eprintln!("lloracle: {why}");
    }
    // The files first: a closed stdout must not cost the reports.
    let code = write_and_exit(
        &r,
        a.json.as_deref(),
        a.gradescope.as_deref(),
        a.junit.as_deref(),
    );
    let mut text = report::text(&r, colour_stdout());
    if r.bad_files > 0 {
        text.push_str(&format!(
            "({} corpus files skipped: ill-typed or malformed on purpose)\n",
            r.bad_files
        ));
    }
    let n = r.programs.len();
    text.push_str(&format!(
        "{n} programs in {:.1}s ({:.0} programs/s)\n",
        r.elapsed_secs,
        n as f64 / r.elapsed_secs.max(1e-9)
    ));
    // A closed pipe on stdout is not an error of the campaign.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    code
}

/// Writes the report files of `r` (see [`write_reports`]) and gives the
/// exit code of `test-compiler` and `merge`: 0 when every judged run
/// passes, 1 when some fail (or the campaign was interrupted or stopped
/// early, a corpus file is wrong, lloracle failed on a program), 2 when a
/// file cannot be written.
pub fn write_and_exit(
    r: &Report,
    json: Option<&Path>,
    gradescope: Option<&Path>,
    junit: Option<&Path>,
) -> u8 {
    if let Err(e) = write_reports(r, json, gradescope, junit) {
        eprintln!("lloracle: cannot write a report: {e}");
        return EXIT_USAGE;
    }
    u8::from(
        r.summary().failed > 0
            || r.interrupted
            || r.stopped_early.is_some()
            || !r.corpus_problems.is_empty()
            || !r.internal_errors.is_empty(),
    )
}

/// `println!` that ignores a closed stdout (`test-compiler` keeps
/// ignoring `SIGPIPE` so that its reports are always written).
macro_rules! outln {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// Without `--dialect`, probes an external compiler, prints what the
/// probes showed and sends programs in the chosen dialect; `Err` (why) when
/// the compiler fails the baseline probe (said in one message).
fn choose_dialect(
    compiler: &Compiler,
    tools: &mut Tools,
    jobs: usize,
) -> Result<Option<Probed>, String> {
    if tools.dialect().is_some() || matches!(compiler, Compiler::Builtin { .. }) {
        if let Some(d) = tools.dialect() {
            println!("dialect: {} ({}), from --dialect", d.name, d.about);
        }
        return Ok(None);
    }
    let course = tools.course().clone();
    match probe::probe(tools, compiler, &course, jobs) {
        Ok(p) => {
            print!("{}", probe::summary(&p));
            tools.set_dialect(Some(p.dialect.clone()));
            Ok(Some(p))
        }
        Err(e) => {
            eprintln!("lloracle: {}", e.message);
            eprintln!("lloracle: compiler under test: {}", compiler.describe());
            Err(e.message)
        }
    }
}

/// For each mutation: is it caught by the corpus, by which random program
/// first, and how small its reduced failure is. Prints the table and the
/// score; 0 when every mutant is caught.
fn mutation_score(tools: &Tools, cases: Vec<Case>, settings: &Settings, random: u64) -> u8 {
    let (corpus, randoms): (Vec<Case>, Vec<Case>) = cases
        .into_iter()
        .partition(|c| c.name.starts_with("corpus/"));
    let settings = Settings {
        stop_at_first_failure: true,
        max_reductions: 1,
        bounds: settings.bounds.clone(),
        jobs: settings.jobs,
        budget: settings.budget.clone(),
    };
    let in_order = Settings {
        stop_at_first_failure: false,
        max_reductions: 1,
        bounds: settings.bounds.clone(),
        jobs: settings.jobs,
        budget: settings.budget.clone(),
    };
    let mut killed = 0;
    outln!(
        "{:<18} {:<34} {:<28} {:>7} {:>8}",
        "mutant",
        "corpus",
        "random (of ".to_string() + &random.to_string() + ")",
        "reduced",
        "time"
    );
    for m in codegen::Mutation::ALL {
        if session::interrupted() {
            break;
        }
        let compiler = Compiler::Builtin { mutation: Some(m) };
        let by_corpus = run_session(tools, &compiler, corpus.clone(), &settings, &|_| {});
        // In chunks, so that the first failing seed is the smallest.
        let mut by_random = Vec::new();
        for chunk in randoms.chunks(50) {
            let rs = run_session(tools, &compiler, chunk.to_vec(), &in_order, &|_| {});
            let caught = rs.iter().any(|r| r.first_failure().is_some());
            by_random = rs;
            if caught || session::interrupted() {
                break;
            }
        }
        let first = |rs: &[session::CaseResult]| {
            rs.iter()
                .find(|r| r.first_failure().is_some())
                .map(|r| r.case.name.clone())
        };
        let c = first(&by_corpus);
        let r = first(&by_random);
        let red = by_random
            .iter()
            .chain(&by_corpus)
            .find_map(|r| r.reduced.as_ref());
        if c.is_some() || r.is_some() {
            killed += 1;
        }
        outln!(
            "{:<18} {:<34} {:<28} {:>7} {:>8}",
            m.name(),
            c.unwrap_or_else(|| "not caught".into()),
            r.unwrap_or_else(|| "not caught".into()),
            red.map_or("-".into(), |(_, x)| x.insns.to_string()),
            red.map_or("-".into(), |(_, x)| format!(
                "{:.1}s",
                x.elapsed.as_secs_f64()
            ))
        );
    }
    let total = codegen::Mutation::ALL.len();
    outln!("mutation score: {killed}/{total} mutants killed");
    u8::from(killed < total)
}
