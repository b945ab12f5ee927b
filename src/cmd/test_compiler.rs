//! `lloracle test-compiler`: check a compiler (or an ll-to-ll optimiser)
//! against the oracle on the corpus and random programs; every failure
//! comes with expected and actual behaviour and a reduced program. With no
//! `--cmd` the built-in back end is the compiler under test.

use super::EXIT_USAGE;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lloracle::harness::budget::Budget;
use lloracle::harness::compiler::{Compiler, Emit, Tools};
use lloracle::harness::reduce::Bounds;
use lloracle::harness::report;
use lloracle::harness::session::{
    self, corpus_cases_checked, expectation_problems, random_cases, run_session, Case, CorpusCases,
    Settings,
};
use std::io::Write;
use std::path::PathBuf;
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
    compiler: CompilerArgs,
    /// A corpus directory, or one annotated .ll file (default: the bundled corpus).
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Do not use the corpus (random programs only).
    #[arg(long)]
    no_corpus: bool,
    /// How many random programs.
    #[arg(long, default_value_t = 200)]
    random: u64,
    /// The first random seed (programs use seed, seed + 1, ...).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The size of random programs (1..=100).
    #[arg(long, default_value_t = 30)]
    size: usize,
    /// Worker threads (default: the number of cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Wall-clock limit of one compile, link or run, in seconds.
    #[arg(long, default_value_t = 10)]
    timeout: u64,
    /// Wall-clock limit of the whole campaign, in seconds: past it no new
    /// program is started and no reduction goes on; the reports cover what
    /// finished.
    #[arg(long, default_value_t = lloracle::harness::budget::DEFAULT_TIME_BUDGET.as_secs())]
    time_budget: u64,
    /// The most instructions the oracle executes per run (at least 1); runs
    /// that need more end in `fuel-exhausted` and are skipped, not judged.
    #[arg(long, default_value_t = DEFAULT_FUEL, value_parser = clap::value_parser!(u64).range(1..))]
    fuel: u64,
    /// Write the JSON report here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write a Gradescope results.json here.
    #[arg(long)]
    gradescope: Option<PathBuf>,
    /// Write a JUnit XML report here.
    #[arg(long)]
    junit: Option<PathBuf>,
    /// Where reduced failing programs are saved.
    #[arg(long, default_value = "lloracle-failures")]
    out_dir: PathBuf,
    /// Reduce at most this many failing programs.
    #[arg(long, default_value_t = 25)]
    max_reductions: usize,
    /// The most candidates one reduction tries.
    #[arg(long, default_value_t = 5000)]
    reduce_candidates: usize,
    /// The most seconds one reduction takes.
    #[arg(long, default_value_t = 60)]
    reduce_time: u64,
    /// Instead of checking one compiler, check that the harness catches
    /// each deliberately broken variant of the built-in back end (corpus,
    /// then up to --random programs) and print the mutation score.
    #[arg(long)]
    mutation_score: bool,
}

/// The harness's default oracle fuel: lower than `lloracle run`'s so that
/// the corpus's fuel-limit programs are skipped in seconds, not minutes.
pub const DEFAULT_FUEL: u64 = 20_000_000;

extern "C" fn on_interrupt(_: libc::c_int) {
    session::INTERRUPTED.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Ctrl-C and SIGTERM set the session's interrupt flag (a second one ends
/// the process as usual).
fn install_interrupt_handler() {
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

fn progress(n: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(n), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} programs, {msg} [{elapsed}]")
    {
        bar.set_style(style);
    }
    bar
}

fn cases_of(a: &TestCompilerArgs) -> Result<CorpusCases, String> {
    let mut c = if a.no_corpus {
        CorpusCases::default()
    } else {
        let dir = a
            .corpus
            .clone()
            .unwrap_or_else(lloracle::corpus::default_dir);
        corpus_cases_checked(&dir)?
    };
    c.cases.extend(random_cases(a.random, a.seed, a.size));
    Ok(c)
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

/// The exit code for a report that could not be written (distinct from 1,
/// "some test failed"): the same as bad usage, an unwritable path.
pub const EXIT_REPORT: u8 = EXIT_USAGE;

/// The compiler under test and the tools (with `timeout` seconds per compile
/// or run) that `test-compiler` and `reduce` both start from; on an error,
/// says it and gives the usage exit code.
pub fn compiler_and_tools(args: &CompilerArgs, timeout: u64) -> Result<(Compiler, Tools), u8> {
    let usage = |e: String| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    };
    let compiler = compiler_of(args).map_err(usage)?;
    let tools = Tools::new(Duration::from_secs(timeout)).map_err(usage)?;
    Ok((compiler, tools))
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
    let budget = Arc::new(Budget::new(Duration::from_secs(a.time_budget)));
    let settings = Settings {
        jobs: jobs(a.jobs),
        max_reductions: a.max_reductions,
        bounds: Bounds {
            max_candidates: a.reduce_candidates,
            max_time: Duration::from_secs(a.reduce_time),
        },
        stop_at_first_failure: false,
        budget: budget.clone(),
    };
    let corpus = match cases_of(&a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let CorpusCases {
        cases,
        on_purpose,
        mut problems,
        expected,
    } = corpus;
    if a.mutation_score {
        return mutation_score(&tools, cases, &settings, a.random);
    }
    let n = cases.len();
    let bar = progress(n as u64);
    let failed = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    let results = run_session(&tools, &compiler, cases, &settings, &|r| {
        if r.first_failure().is_some() {
            failed.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        bar.set_message(format!(
            "{} failing",
            failed.load(std::sync::atomic::Ordering::Relaxed)
        ));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let elapsed = start.elapsed();
    let stopped = budget.stopped();
    let interrupted = session::interrupted() || stopped.is_some();
    problems.extend(expectation_problems(&results, &expected));
    let internal = budget.internal_errors();
    // The files first: a closed stdout must not cost the reports.
    let saved = match report::save_failures(&results, &compiler, &a.out_dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: cannot save the reduced programs: {e}");
            vec![]
        }
    };
    let mut json = report::json(&results, &saved, interrupted);
    if let Some(obj) = json.as_object_mut() {
        obj.insert(
            "stopped_early".into(),
            stopped.map_or(serde_json::Value::Null, |s| s.to_string().into()),
        );
        obj.insert("corpus_problems".into(), problems.clone().into());
        obj.insert("internal_errors".into(), internal.clone().into());
    }
    let mut unwritten = false;
    let mut write = |p: &Option<PathBuf>, text: String| {
        if let Some(p) = p {
            if let Err(e) = std::fs::write(p, text) {
                eprintln!("lloracle: cannot write the report {}: {e}", p.display());
                unwritten = true;
            }
        }
    };
    write(&a.json, json.to_string());
    write(&a.gradescope, report::gradescope(&results).to_string());
    write(&a.junit, report::junit(&results));
    let mut text = report::text(&results, &saved, &compiler, interrupted);
    if let Some(s) = stopped {
        text.push_str(&format!("STOPPED EARLY: {s}\n"));
        eprintln!("lloracle: {s}");
    }
    for p in &problems {
        text.push_str(&format!("CORPUS PROBLEM: {p}\n"));
    }
    for e in &internal {
        text.push_str(&format!("INTERNAL ERROR (please report): {e}\n"));
    }
    if on_purpose > 0 {
        text.push_str(&format!(
            "({on_purpose} corpus files skipped: ill-typed or malformed on purpose)\n"
        ));
    }
    text.push_str(&format!(
        "{} programs in {:.1}s ({:.0} programs/s)\n",
        results.len(),
        elapsed.as_secs_f64(),
        results.len() as f64 / elapsed.as_secs_f64().max(1e-9)
    ));
    // A closed pipe on stdout is not an error of the campaign.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    let s = report::summarize(&results);
    if unwritten {
        EXIT_REPORT
    } else {
        u8::from(s.failed > 0 || interrupted || !problems.is_empty() || !internal.is_empty())
    }
}

/// `println!` that ignores a closed stdout (`test-compiler` keeps
/// ignoring `SIGPIPE` so that its reports are always written).
macro_rules! outln {
    ($($t:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
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
