//! `lloracle bench`: the benchmark table. Each benchmark program
//! (oracle/benches/programs/) runs in two races, each at a size where every
//! engine in it takes at least 0.2 s, so that process start-up and timer
//! noise do not decide the ratio:
//!
//! - the interpreters: the oracle with every check on, and LLVM 14's
//!   interpreter (`lli -jit-kind=mcjit -force-interpreter`: plain
//!   `-force-interpreter` silently uses the JIT in LLVM 14);
//! - native code: our assembly, `llc -O0`, and `opt -O2 | llc -O2`, each
//!   linked by `cc` with the same runtime.
//!
//! Within a race the engines take turns, so that a machine whose speed
//! drifts (a shared host) favours none of them; each engine's median and
//! range over the runs are printed. Every run's answer is checked against
//! the value the program is known to return: a wrong answer is reported and
//! its time is not used. Then the back end's compile time per 1,000
//! LLVMlite instructions, and the campaign rows ([`campaign`]): programs
//! per second of a back-end campaign and lloracle's own milliseconds per
//! run, with each way of linking; and the front-end rows ([`front_end`]):
//! lloracle's own milliseconds per test of a front-end campaign, with
//! native explanations on and off. Missing tools give `-` columns and a
//! notice.

mod campaign;
mod front_end;

use oracle::BenchProgram;
use spec::{Outcome, Prog, Source};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Arguments of `lloracle bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Runs of each engine (taking turns); the table gives their median
    /// and range.
    #[arg(long, default_value_t = 5)]
    reps: u32,
    /// Multiplies every program's work by this factor (0.05 for a quick
    /// run; ratios at small scales are dominated by start-up).
    #[arg(long, default_value_t = 1.0)]
    scale: f64,
    /// Random programs per campaign of the campaign rows (and generated
    /// Oat programs of the front-end rows), times `--scale`
    /// (at least 2).
    #[arg(long, default_value_t = 30)]
    programs: usize,
    /// Print the results as one JSON document instead of the table.
    #[arg(long)]
    json: bool,
    /// Only these benchmark programs (by name: loop, fib, bubble, list),
    /// the campaign rows only when `campaign` is among them, and the
    /// front-end rows only when `front-end` is.
    names: Vec<String>,
}

/// The LLVM tools and the runtime the native columns need.
struct Tools {
    dir: tempfile::TempDir,
    lli: Option<PathBuf>,
    llc: Option<PathBuf>,
    opt: Option<PathBuf>,
    cc: Option<PathBuf>,
    runtime: Option<PathBuf>,
}

impl Tools {
    fn find() -> Result<Tools, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
        let (lli, llc, cc) = (
            toolchain::tools::lli(),
            toolchain::tools::llc(),
            toolchain::tools::cc(),
        );
        let opt = toolchain::tools::find_tool(&["opt-14", "opt"]);
        for (tool, name) in [(&lli, "lli"), (&llc, "llc"), (&opt, "opt"), (&cc, "cc")] {
            if tool.is_none() {
                eprintln!("NOTICE: {name} not found: its columns show -");
            }
        }
        let runtime = cc
            .as_ref()
            .and_then(|_| toolchain::build_runtime_object(dir.path()).ok());
        Ok(Tools {
            dir,
            lli,
            llc,
            opt,
            cc,
            runtime,
        })
    }
}

/// The engines, in the order they take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    Oracle,
    /// The oracle in LLVM's memory (`run --memory llvm`, one address
    /// layout).
    OracleLlvm,
    Lli,
    Ours,
    LlcO0,
    OptO2,
}

impl Engine {
    fn name(self) -> &'static str {
        match self {
            Engine::Oracle => "oracle",
            Engine::OracleLlvm => "oracle-llvm",
            Engine::Lli => "lli-interp",
            Engine::Ours => "ours",
            Engine::LlcO0 => "llc-O0",
            Engine::OptO2 => "opt-O2",
        }
    }
}

/// What one engine gave over its runs in one race.
#[derive(serde::Serialize, Debug)]
struct Timing {
    engine: &'static str,
    /// Seconds of each run whose answer was right, in run order.
    runs: Vec<f64>,
    /// Why it has no (or fewer) times: tool missing, build failed, wrong answer.
    problem: Option<String>,
    /// The median of `runs`.
    median: Option<f64>,
    /// The fastest and slowest of `runs`.
    min: Option<f64>,
    max: Option<f64>,
}

impl Timing {
    /// Fills in the summary of the runs.
    fn summarise(mut self) -> Timing {
        self.median = self.median_of_runs();
        self.min = self.runs.iter().copied().reduce(f64::min);
        self.max = self.runs.iter().copied().reduce(f64::max);
        self
    }

    fn median_of_runs(&self) -> Option<f64> {
        median(&self.runs)
    }
}

/// The median of `v` (the mean of the middle two for an even count).
fn median(v: &[f64]) -> Option<f64> {
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => v.get(n / 2).copied(),
        _ => Some((v.get(n / 2 - 1)? + v.get(n / 2)?) / 2.0),
    }
}

/// One race: a program at one size, its engines' timings, and the ratios
/// of the medians against the first engine.
#[derive(serde::Serialize, Debug)]
struct Race {
    program: &'static str,
    size: u64,
    unit: &'static str,
    expected: i64,
    /// LLVMlite instructions the oracle executed (interpreter race only).
    oracle_insns: Option<u64>,
    timings: Vec<Timing>,
}

#[derive(serde::Serialize, Debug)]
struct Report {
    reps: u32,
    scale: f64,
    interpreters: Vec<Race>,
    native: Vec<Race>,
    compile_us_per_1000_insns: Option<f64>,
    /// The campaign rows (none without `cc`).
    campaign: Vec<campaign::Row>,
    /// The front-end rows: native explanations on and off.
    front_end: Vec<campaign::Row>,
}

/// The name that selects the front-end rows among the benchmark names.
const FRONT_END: &str = "front-end";

/// The name that selects the campaign rows among the benchmark names.
const CAMPAIGN: &str = "campaign";

/// Runs the benchmarks and prints the table (or the JSON document).
pub fn main(a: BenchArgs) -> u8 {
    if !(a.scale.is_finite() && a.scale > 0.0) {
        eprintln!("lloracle: bench: --scale must be a positive number");
        return super::EXIT_USAGE;
    }
    let mut known: Vec<&str> = oracle::bench_programs().iter().map(|p| p.name).collect();
    known.push(CAMPAIGN);
    known.push(FRONT_END);
    if let Some(bad) = a.names.iter().find(|n| !known.contains(&n.as_str())) {
        eprintln!(
            "lloracle: no benchmark named `{bad}` (there are: {})",
            known.join(", ")
        );
        return super::EXIT_USAGE;
    }
    let tools = match Tools::find() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return 1;
        }
    };
    let reps = a.reps.max(1);
    let mut report = Report {
        reps,
        scale: a.scale,
        interpreters: Vec::new(),
        native: Vec::new(),
        compile_us_per_1000_insns: None,
        campaign: Vec::new(),
        front_end: Vec::new(),
    };
    let mut wrong = false;
    for p in oracle::bench_programs() {
        if !a.names.is_empty() && !a.names.iter().any(|n| n == p.name) {
            continue;
        }
        let interp = p.scaled(p.interp_size, a.scale);
        let native = p.scaled(p.native_size, a.scale);
        let (Some(ri), Some(rn)) = (
            race(
                p,
                interp,
                &[Engine::Oracle, Engine::OracleLlvm, Engine::Lli],
                &tools,
                reps,
            ),
            race(
                p,
                native,
                &[Engine::Ours, Engine::LlcO0, Engine::OptO2],
                &tools,
                reps,
            ),
        ) else {
            return 1;
        };
        wrong |= ri
            .timings
            .iter()
            .chain(&rn.timings)
            .any(|t| t.problem.as_deref().is_some_and(|p| p.starts_with("wrong")));
        if !a.json {
            print_race(&ri);
            print_race(&rn);
        }
        report.interpreters.push(ri);
        report.native.push(rn);
    }
    report.compile_us_per_1000_insns = compile_rate(reps);
    if a.names.is_empty() || a.names.iter().any(|n| n == CAMPAIGN) {
        let programs = ((a.programs as f64 * a.scale).round() as usize).max(2);
        report.campaign = campaign::rows(programs, reps).unwrap_or_default();
    }
    if a.names.is_empty() || a.names.iter().any(|n| n == FRONT_END) {
        let tests = ((a.programs as f64 * a.scale).round() as usize).max(2);
        report.front_end = front_end::rows(tests, reps).unwrap_or_default();
    }
    wrong |= report
        .campaign
        .iter()
        .chain(&report.front_end)
        .any(|r| r.problem.as_deref().is_some_and(|p| p.starts_with("wrong")));
    if a.json {
        match serde_json::to_string_pretty(&report) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("lloracle: bench: {e}");
                return 1;
            }
        }
    } else {
        if let Some(us) = report.compile_us_per_1000_insns {
            println!(
                "\ncompile: {us:.1} us per 1,000 LLVMlite instructions (200 generated programs)"
            );
        }
        campaign::print(&report.campaign);
        front_end::print(&report.front_end);
    }
    u8::from(wrong)
}

fn print_race(r: &Race) {
    let base = r.timings.first().and_then(|t| t.median);
    println!(
        "{} at {} {}{}:",
        r.program,
        r.size,
        r.unit,
        r.oracle_insns
            .map_or(String::new(), |n| format!(" ({n} LLVMlite instructions)"))
    );
    for t in &r.timings {
        let (Some(m), Some(lo), Some(hi)) = (t.median, t.min, t.max) else {
            println!(
                "  {:<11} -  ({})",
                t.engine,
                t.problem.as_deref().unwrap_or("no runs")
            );
            continue;
        };
        // How many times the first engine's time this one's is.
        let ratio = base.map_or("-".into(), |b| format!("{:.2}x", m / b));
        let rate = r.oracle_insns.map_or(String::new(), |n| {
            format!("  {:.1} M insn/s", n as f64 / m / 1e6)
        });
        println!(
            "  {:<11} {m:>8.3}s  (min {lo:.3}, max {hi:.3}, {} runs)  {ratio:>7} of {}{rate}{}",
            t.engine,
            t.runs.len(),
            r.timings.first().map_or("", |f| f.engine),
            t.problem
                .as_deref()
                .map_or(String::new(), |p| format!("  [{p}]"))
        );
    }
}

/// One way to run the program, ready to be timed.
enum Runner {
    /// In process, on the oracle, in one memory model.
    Oracle(Prog, oracle::MemoryModel),
    /// A process whose exit status is main's result mod 256.
    Process(Command),
}

/// Builds each engine's runner, then runs them in turns `reps` times,
/// checking every answer. `None` when the program does not even parse.
fn race(p: &BenchProgram, size: u64, engines: &[Engine], tools: &Tools, reps: u32) -> Option<Race> {
    let text = p.at(size);
    let name = format!("{}-{size}", p.name);
    let src = Source::new(format!("{name}.ll"), text);
    let prog = match spec::parse(&src) {
        Ok(p) => p,
        Err(d) => {
            eprint!("{}", d.render(&src));
            return None;
        }
    };
    let expected = p.expected(size);
    let ll = tools.dir.path().join(format!("{name}.ll"));
    let wrote = std::fs::write(&ll, toolchain::llvm_text(&prog)).is_ok();
    let mut runners: Vec<(Result<Runner, String>, Timing)> = engines
        .iter()
        .map(|&e| {
            let r = match e {
                Engine::Oracle => Ok(Runner::Oracle(prog.clone(), oracle::MemoryModel::Llvmlite)),
                Engine::OracleLlvm => Ok(Runner::Oracle(prog.clone(), oracle::MemoryModel::Llvm)),
                Engine::Lli => match (&tools.lli, wrote) {
                    (Some(lli), true) => {
                        let mut c = Command::new(lli);
                        c.args(["-jit-kind=mcjit", "-force-interpreter"]).arg(&ll);
                        Ok(Runner::Process(c))
                    }
                    _ => Err("lli not found".to_string()),
                },
                Engine::Ours | Engine::LlcO0 | Engine::OptO2 => {
                    executable(tools, &name, e, &prog, &ll)
                        .map(|x| Runner::Process(Command::new(x)))
                }
            };
            let problem = r.as_ref().err().cloned();
            (
                r,
                Timing {
                    engine: e.name(),
                    runs: Vec::new(),
                    problem,
                    median: None,
                    min: None,
                    max: None,
                },
            )
        })
        .collect();
    let mut insns = None;
    let opts = oracle::Options {
        fuel: u64::MAX,
        ..oracle::Options::default()
    };
    for _ in 0..reps {
        for (runner, timing) in &mut runners {
            let Ok(runner) = runner else { continue };
            let t = Instant::now();
            let answer = match runner {
                Runner::Oracle(prog, memory) => {
                    let opts = oracle::Options {
                        memory: *memory,
                        ..opts.clone()
                    };
                    let (outcome, stats) = oracle::run_with_stats(prog, None, &[], &opts);
                    insns = Some(stats.executed);
                    match outcome {
                        Outcome::Returned { value, .. } if value == expected => Ok(()),
                        o => Err(format!("wrong answer: {o}, expected {expected}")),
                    }
                }
                Runner::Process(c) => exit_status(c).and_then(|s| {
                    if i64::from(s) == expected & 0xff {
                        Ok(())
                    } else {
                        Err(format!(
                            "wrong answer: exit status {s}, expected {} ({expected} mod 256)",
                            expected & 0xff
                        ))
                    }
                }),
            };
            let d = t.elapsed();
            match answer {
                Ok(()) => timing.runs.push(d.as_secs_f64()),
                Err(e) => {
                    eprintln!("WARNING: {name}: {}: {e}", timing.engine);
                    timing.problem = Some(e);
                }
            }
        }
    }
    Some(Race {
        program: p.name,
        size,
        unit: p.unit,
        expected,
        oracle_insns: insns,
        timings: runners.into_iter().map(|(_, t)| t.summarise()).collect(),
    })
}

/// Builds an executable of `prog` with our assembly, `llc -O0`, or
/// `opt -O2` then `llc -O2`, linked by `cc` with the runtime.
fn executable(
    tools: &Tools,
    name: &str,
    how: Engine,
    prog: &Prog,
    ll: &Path,
) -> Result<PathBuf, String> {
    let missing = |t: &str| format!("{t} not found");
    let cc = tools.cc.as_ref().ok_or_else(|| missing("cc"))?;
    let runtime = tools
        .runtime
        .as_ref()
        .ok_or_else(|| missing("the runtime"))?;
    let dir = tools.dir.path();
    let llc = |opt: &str, input: &Path| -> Result<PathBuf, String> {
        let o = dir.join(format!("{name}{opt}.o"));
        let mut c = Command::new(tools.llc.as_ref().ok_or_else(|| missing("llc"))?);
        c.args([opt, "-filetype=obj", "-relocation-model=pic", "-o"])
            .arg(&o)
            .arg(input);
        exit_status(&mut c)
            .and_then(|s| (s == 0).then_some(o).ok_or(format!("llc exited with {s}")))
    };
    let obj = match how {
        Engine::LlcO0 => llc("-O0", ll)?,
        Engine::OptO2 => {
            let bc = dir.join(format!("{name}.opt.bc"));
            let mut c = Command::new(tools.opt.as_ref().ok_or_else(|| missing("opt"))?);
            c.arg("-O2").arg(ll).arg("-o").arg(&bc);
            match exit_status(&mut c)? {
                0 => llc("-O2", &bc)?,
                s => return Err(format!("opt exited with {s}")),
            }
        }
        _ => {
            let s = dir.join(format!("{name}.s"));
            let m = codegen::compile(prog).map_err(|e| format!("our back end: {e}"))?;
            std::fs::write(&s, m.to_asm()).map_err(|e| format!("{}: {e}", s.display()))?;
            s
        }
    };
    let exe = dir.join(format!("{name}.{}.exe", how.name()));
    let mut c = Command::new(cc);
    c.arg("-o").arg(&exe).arg(&obj).arg(runtime);
    match exit_status(&mut c)? {
        0 => Ok(exe),
        s => Err(format!("cc exited with {s}")),
    }
}

/// Runs a command to its end (at most 10 minutes) and gives its exit
/// status (the benchmark programs return their result as the status).
fn exit_status(cmd: &mut Command) -> Result<i32, String> {
    let mut c = Command::new(cmd.get_program());
    c.args(cmd.get_args());
    let r = toolchain::run(c, &toolchain::Limits::tool(Duration::from_secs(600)))?;
    r.status().ok_or_else(|| {
        format!(
            "{} ended by {:?}",
            cmd.get_program().to_string_lossy(),
            r.ended
        )
    })
}

/// The back end's compile time per 1,000 LLVMlite instructions, over
/// generated programs (the fastest of `reps` passes).
fn compile_rate(reps: u32) -> Option<f64> {
    let progs: Vec<Prog> = (0..200).map(|s| gen::from_seed(s, 100)).collect();
    let n: usize = progs
        .iter()
        .flat_map(|p| &p.fdecls)
        .map(|f| {
            f.cfg.entry.insns.len()
                + 1
                + f.cfg
                    .blocks
                    .iter()
                    .map(|b| b.block.insns.len() + 1)
                    .sum::<usize>()
        })
        .sum();
    let mut best: Option<Duration> = None;
    for _ in 0..reps {
        let t = Instant::now();
        if !progs.iter().all(|p| codegen::compile(p).is_ok()) {
            return None;
        }
        let d = t.elapsed();
        best = Some(best.map_or(d, |b| b.min(d)));
    }
    best.map(|d| d.as_secs_f64() * 1e6 / n as f64 * 1000.0)
}
