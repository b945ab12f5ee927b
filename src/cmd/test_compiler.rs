//! `lloracle test-compiler`: check a compiler (or an ll-to-ll optimiser)
//! against the oracle on the corpus and random programs; every failure
//! comes with expected and actual behaviour and a reduced program. With no
//! `--cmd` the built-in back end is the compiler under test.

use super::EXIT_USAGE;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use lloracle::harness::compiler::{Compiler, Emit, Tools};
use lloracle::harness::course::{entry_from_name, Course, Entry};
use lloracle::harness::dialect::{self, Prepared};
use lloracle::harness::probe::{self, Probed};
use lloracle::harness::reduce::Bounds;
use lloracle::harness::report;
use lloracle::harness::session::{
    self, corpus_cases, random_cases, random_cases_in, run_session, Case, SetAside, Settings,
};
use spec::dialect::Dialect;
use std::path::PathBuf;
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
    /// The most instructions the oracle executes per run; runs that need
    /// more end in `fuel-exhausted` and are skipped, not judged.
    #[arg(long, default_value_t = DEFAULT_FUEL)]
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

/// The corpus cases (plain files included) and the corpus files set aside.
fn corpus_of(a: &TestCompilerArgs) -> Result<(Vec<Case>, Vec<SetAside>), String> {
    if a.no_corpus {
        return Ok((vec![], vec![]));
    }
    let dir = a
        .corpus
        .clone()
        .unwrap_or_else(lloracle::corpus::default_dir);
    corpus_cases(&dir)
}

/// The corpus files that could not be used, with why (files whose
/// annotations say they must not parse or check are only counted).
fn print_set_aside(set_aside: &[SetAside]) {
    let on_purpose = set_aside.iter().filter(|s| s.on_purpose).count();
    let unusable: Vec<&SetAside> = set_aside.iter().filter(|s| !s.on_purpose).collect();
    if !unusable.is_empty() {
        println!(
            "{} corpus files not sent (they do not parse, check or start at the entry):",
            unusable.len()
        );
        for s in unusable {
            println!("  {}: {}", s.name, s.why);
        }
    }
    if on_purpose > 0 {
        println!("({on_purpose} corpus files skipped: ill-typed or malformed on purpose)");
    }
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
    let course = course_of(args).map_err(usage)?;
    let mut tools = Tools::new(Duration::from_secs(timeout)).map_err(usage)?;
    tools.set_course(course);
    tools.set_dialect(dialect_of(args).map_err(usage)?);
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
    let settings = Settings {
        jobs: a.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        }),
        max_reductions: a.max_reductions,
        bounds: Bounds {
            max_candidates: a.reduce_candidates,
            max_time: Duration::from_secs(a.reduce_time),
        },
        stop_at_first_failure: false,
    };
    let (mut cases, mut set_aside) = match corpus_of(&a) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    if a.mutation_score {
        cases.extend(random_cases(a.random, a.seed, a.size));
        return mutation_score(&tools, cases, &settings, a.random);
    }
    let probed = match choose_dialect(&compiler, &mut tools, settings.jobs) {
        Ok(p) => p,
        Err(code) => return code,
    };
    // Random programs are generated within the dialect.
    cases.extend(random_cases_in(a.random, a.seed, a.size, tools.dialect()));
    let mut not_sent = Vec::new();
    let mut to_send = Vec::new();
    for c in cases {
        match dialect::prepare(c, tools.course(), tools.dialect()) {
            Prepared::Send(c) => to_send.push(c),
            Prepared::NotInDialect(r) => not_sent.push(*r),
            Prepared::SetAside(s) => set_aside.push(s),
        }
    }
    let cases = to_send;
    let n = cases.len();
    let bar = progress(n as u64);
    let failed = std::sync::atomic::AtomicUsize::new(0);
    let start = Instant::now();
    let mut results = run_session(&tools, &compiler, cases, &settings, &|r| {
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
    results.extend(not_sent);
    let elapsed = start.elapsed();
    let interrupted = session::interrupted();
    let saved = match report::save_failures(&results, &compiler, &tools.cli_args(), &a.out_dir) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: cannot save the reduced programs: {e}");
            vec![]
        }
    };
    print!("{}", report::text(&results, &saved, &compiler, interrupted));
    print_set_aside(&set_aside);
    println!(
        "{} programs in {:.1}s ({:.0} programs/s)",
        results.len(),
        elapsed.as_secs_f64(),
        results.len() as f64 / elapsed.as_secs_f64().max(1e-9)
    );
    let write = |p: &Option<PathBuf>, text: String| {
        if let Some(p) = p {
            if let Err(e) = std::fs::write(p, text) {
                eprintln!("lloracle: {}: {e}", p.display());
            }
        }
    };
    let s = report::summarize(&results);
    let recorded = dialect::record(tools.dialect(), probed.as_ref(), tools.course());
    let line = dialect::one_line(tools.dialect(), probed.is_some(), &s);
    if !line.is_empty() {
        println!("{line}");
    }
    let mut j = report::json(&results, &saved, interrupted);
    j["dialect"] = recorded.clone();
    j["files_not_sent"] = set_aside
        .iter()
        .filter(|x| !x.on_purpose)
        .map(|x| serde_json::json!({"file": x.name, "why": x.why}))
        .collect();
    write(&a.json, j.to_string());
    let mut g = report::gradescope(&results);
    if !line.is_empty() {
        g["output"] = serde_json::Value::String(line.clone());
    }
    write(&a.gradescope, g.to_string());
    let mut x = report::junit(&results);
    if let (Some(d), Some(end)) = (
        tools.dialect(),
        x.find("<testsuite ")
            .and_then(|i| x[i..].find('>').map(|j| i + j)),
    ) {
        let props = format!(
            ">\n  <properties><property name=\"dialect\" value=\"{}\"/><property name=\"dialect-chosen-by\" value=\"{}\"/></properties>",
            d.name.replace('"', ""),
            if probed.is_some() { "probe" } else { "--dialect" }
        );
        x.replace_range(end..end + 1, &props);
    }
    write(&a.junit, x);
    u8::from(s.failed > 0 || interrupted)
}

/// Without `--dialect`, probes an external compiler, prints what the
/// probes showed and sends programs in the chosen dialect; `Err(1)` when
/// the compiler fails the baseline probe (said in one message).
fn choose_dialect(
    compiler: &Compiler,
    tools: &mut Tools,
    jobs: usize,
) -> Result<Option<Probed>, u8> {
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
            Err(1)
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
    };
    let in_order = Settings {
        stop_at_first_failure: false,
        max_reductions: 1,
        bounds: settings.bounds.clone(),
        jobs: settings.jobs,
    };
    let mut killed = 0;
    println!(
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
        println!(
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
    println!("mutation score: {killed}/{total} mutants killed");
    u8::from(killed < total)
}
