//! The benchmark harness behind `lloracle bench` (README.md, "Benchmarks"):
//! each benchmark program (oracle/benches/programs/) runs in two races,
//! each at a size where every engine in it takes at least 0.2 s, so that
//! process start-up and timer noise do not decide the ratio:
//!
//! - the interpreters: the oracle with every check on, and LLVM 14's
//!   interpreter (`lli -jit-kind=mcjit -force-interpreter`: plain
//!   `-force-interpreter` silently uses the JIT in LLVM 14);
//! - native code: our assembly, `llc -O0`, and `opt -O2 | llc -O2`, each
//!   linked by `cc` with the same runtime.
//!
//! Within a race the engines take turns, so that a machine whose speed
//! drifts (a shared host) favours none of them; each engine's median and
//! range over the runs are kept. Every run's answer is checked against
//! the value the program is known to return: a wrong answer is a
//! [`Problem::Wrong`] and its time is not used. Then the back end's compile
//! time per 1,000 LLVMlite instructions, and the campaign rows
//! ([`campaign`]): programs per second of a back-end campaign and
//! lloracle's own milliseconds per run, with each way of linking; and the
//! front-end rows ([`front_end`]): lloracle's own milliseconds per test of
//! a front-end campaign, with native explanations on and off. Missing tools
//! give a [`Problem::Missing`] and a notice. The whole result is a
//! [`Report`]; the command prints it.

pub mod campaign;
pub mod front_end;
mod table;

use crate::harness::compiler::Tools;
use oracle::BenchProgram;
use spec::{Outcome, Prog, Source};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What to benchmark: the command's options as plain values.
#[derive(Clone, Debug)]
pub struct Request {
    /// Runs of each engine (taking turns); at least 1 is made.
    pub reps: u32,
    /// Multiplies every program's work by this factor (positive).
    pub scale: f64,
    /// Random programs per campaign of the campaign rows (and generated
    /// Oat programs of the front-end rows), times `scale` (at least 2).
    pub programs: usize,
    /// Only these benchmarks ([`names`]); none: all of them.
    pub names: Vec<String>,
    /// The `lloracle` executable: the campaign rows' fake compiler and the
    /// front-end rows' fake front end run it.
    pub lloracle: PathBuf,
}

/// The name that selects the front-end rows among the benchmark names.
pub const FRONT_END: &str = "front-end";

/// The name that selects the campaign rows among the benchmark names.
pub const CAMPAIGN: &str = "campaign";

/// Every benchmark name a [`Request`] may select: the programs, then
/// [`CAMPAIGN`] and [`FRONT_END`].
pub fn names() -> Vec<&'static str> {
    let mut known: Vec<&str> = oracle::bench_programs().iter().map(|p| p.name).collect();
    known.push(CAMPAIGN);
    known.push(FRONT_END);
    known
}

/// Why an engine (or a campaign row) has no times, or fewer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A tool it needs is not installed (`lli`, `llc`, `opt`, `cc`, the
    /// runtime).
    Missing(&'static str),
    /// Building or running failed: the words of what failed.
    Failed(String),
    /// A run gave a wrong answer: what it gave and what was expected.
    Wrong(String),
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Missing(tool) => write!(f, "{tool} not found"),
            Problem::Failed(why) => f.write_str(why),
            Problem::Wrong(what) => write!(f, "wrong answer: {what}"),
        }
    }
}

impl serde::Serialize for Problem {
    /// As its words (the JSON report's `problem` string).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The LLVM tools the races run besides the harness's [`Tools`] (which
/// link with `cc` and the runtime `ll`); `None`: not installed.
struct Llvm {
    /// A scratch folder for the programs' `.ll`, objects and executables.
    dir: tempfile::TempDir,
    /// The harness's tools: the runtime object and linking with `cc`.
    tools: Tools,
    lli: Option<PathBuf>,
    llc: Option<PathBuf>,
    opt: Option<PathBuf>,
}

impl Llvm {
    /// Finds the tools, with a notice for each one that is missing.
    fn find() -> Result<Llvm, String> {
        let dir = tempfile::tempdir().map_err(|e| format!("temporary directory: {e}"))?;
        let tools = Tools::new(Duration::from_secs(600))?;
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
        Ok(Llvm {
            dir,
            tools,
            lli,
            llc,
            opt,
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
pub struct Timing {
    /// The engine's name (`oracle`, `lli-interp`, `ours`, `llc-O0`, ...).
    pub engine: &'static str,
    /// Seconds of each run whose answer was right, in run order.
    pub runs: Vec<f64>,
    /// Why it has no (or fewer) times: tool missing, build failed, wrong answer.
    pub problem: Option<Problem>,
    /// The median of `runs`.
    pub median: Option<f64>,
    /// The fastest of `runs`.
    pub min: Option<f64>,
    /// The slowest of `runs`.
    pub max: Option<f64>,
}

impl Timing {
    /// Fills in the summary of the runs.
    fn summarise(mut self) -> Timing {
        self.median = median(&self.runs);
        self.min = self.runs.iter().copied().reduce(f64::min);
        self.max = self.runs.iter().copied().reduce(f64::max);
        self
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

/// One race: a program at one size and its engines' timings (the first
/// engine is the one the others are compared with).
#[derive(serde::Serialize, Debug)]
pub struct Race {
    /// The benchmark program's name.
    pub program: &'static str,
    /// Its size (in `unit`s).
    pub size: u64,
    /// What the size counts.
    pub unit: &'static str,
    /// The value the program returns at this size.
    pub expected: i64,
    /// LLVMlite instructions the oracle executed (interpreter race only).
    pub oracle_insns: Option<u64>,
    /// Each engine's timings, in the order they took turns.
    pub timings: Vec<Timing>,
}

/// Everything `lloracle bench` measured (its `--json` document).
#[derive(serde::Serialize, Debug)]
pub struct Report {
    /// Runs of each engine.
    pub reps: u32,
    /// The scale of every program's work.
    pub scale: f64,
    /// The interpreters' races, one per program.
    pub interpreters: Vec<Race>,
    /// The native races, one per program.
    pub native: Vec<Race>,
    /// The back end's compile time per 1,000 LLVMlite instructions.
    pub compile_us_per_1000_insns: Option<f64>,
    /// The campaign rows (none without `cc`).
    pub campaign: Vec<campaign::Row>,
    /// The front-end rows: native explanations on and off.
    pub front_end: Vec<campaign::Row>,
}

impl Report {
    /// Whether any engine or row gave a wrong answer.
    pub fn wrong(&self) -> bool {
        let wrong = |p: &Option<Problem>| matches!(p, Some(Problem::Wrong(_)));
        self.interpreters
            .iter()
            .chain(&self.native)
            .flat_map(|r| &r.timings)
            .any(|t| wrong(&t.problem))
            || self
                .campaign
                .iter()
                .chain(&self.front_end)
                .any(|r| wrong(&r.problem))
    }
}

/// Whether `names` selects benchmark `name` (an empty selection selects all).
fn selected(names: &[String], name: &str) -> bool {
    names.is_empty() || names.iter().any(|n| n == name)
}

/// Runs the benchmarks `req` selects (their names already checked against
/// [`names`]), calling `on_race` with each program's two races as they
/// finish. `Err`: the tools' scratch folder could not be made, or a
/// benchmark program does not parse (its diagnostic already on stderr).
pub fn run(req: &Request, on_race: &mut dyn FnMut(&Race, &Race)) -> Result<Report, String> {
    let llvm = Llvm::find()?;
    let reps = req.reps.max(1);
    let mut report = Report {
        reps,
        scale: req.scale,
        interpreters: Vec::new(),
        native: Vec::new(),
        compile_us_per_1000_insns: None,
        campaign: Vec::new(),
        front_end: Vec::new(),
    };
    for p in oracle::bench_programs() {
        if !selected(&req.names, p.name) {
            continue;
        }
        let interp = p.scaled(p.interp_size, req.scale);
        let native = p.scaled(p.native_size, req.scale);
        let interpreters = [Engine::Oracle, Engine::OracleLlvm, Engine::Lli];
        let natives = [Engine::Ours, Engine::LlcO0, Engine::OptO2];
        let (Some(ri), Some(rn)) = (
            race(p, interp, &interpreters, &llvm, reps),
            race(p, native, &natives, &llvm, reps),
        ) else {
            return Err(format!("the benchmark program {} does not parse", p.name));
        };
        on_race(&ri, &rn);
        report.interpreters.push(ri);
        report.native.push(rn);
    }
    report.compile_us_per_1000_insns = compile_rate(reps);
    let programs = ((req.programs as f64 * req.scale).round() as usize).max(2);
    if selected(&req.names, CAMPAIGN) {
        report.campaign = campaign::rows(&req.lloracle, programs, reps).unwrap_or_default();
    }
    if selected(&req.names, FRONT_END) {
        report.front_end = front_end::rows(&req.lloracle, programs, reps).unwrap_or_default();
    }
    Ok(report)
}

/// One way to run the program, ready to be timed.
enum Runner {
    /// In process, on the oracle, in one memory model.
    Oracle(Prog, oracle::MemoryModel),
    /// A process whose exit status is main's result mod 256.
    Process(Command),
}

/// Each engine's runner of `prog` (named `name`, its LLVM text in `ll`
/// when `wrote`), or why it has none.
fn runner(
    e: Engine,
    llvm: &Llvm,
    name: &str,
    prog: &Prog,
    ll: &Path,
    wrote: bool,
) -> Result<Runner, Problem> {
    match e {
        Engine::Oracle => Ok(Runner::Oracle(prog.clone(), oracle::MemoryModel::Llvmlite)),
        Engine::OracleLlvm => Ok(Runner::Oracle(prog.clone(), oracle::MemoryModel::Llvm)),
        Engine::Lli => match (&llvm.lli, wrote) {
            (Some(lli), true) => {
                let mut c = Command::new(lli);
                c.args(["-jit-kind=mcjit", "-force-interpreter"]).arg(ll);
                Ok(Runner::Process(c))
            }
            _ => Err(Problem::Missing("lli")),
        },
        Engine::Ours | Engine::LlcO0 | Engine::OptO2 => {
            executable(llvm, name, e, prog, ll).map(|x| Runner::Process(Command::new(x)))
        }
    }
}

/// Runs `runner` once: `Ok` when it answered `expected`.
fn answer(runner: &mut Runner, expected: i64, insns: &mut Option<u64>) -> Result<(), Problem> {
    match runner {
        Runner::Oracle(prog, memory) => {
            let opts = oracle::Options {
                fuel: u64::MAX,
                memory: *memory,
                ..oracle::Options::default()
            };
            let (outcome, stats) = oracle::run_with_stats(prog, None, &[], &opts);
            *insns = Some(stats.executed);
            match outcome {
                Outcome::Returned { value, .. } if value == expected => Ok(()),
                o => Err(Problem::Wrong(format!("{o}, expected {expected}"))),
            }
        }
        Runner::Process(c) => match exit_status(c)? {
            s if i64::from(s) == expected & 0xff => Ok(()),
            s => Err(Problem::Wrong(format!(
                "exit status {s}, expected {} ({expected} mod 256)",
                expected & 0xff
            ))),
        },
    }
}

/// Builds each engine's runner, then runs them in turns `reps` times,
/// checking every answer. `None` when the program does not even parse.
fn race(p: &BenchProgram, size: u64, engines: &[Engine], llvm: &Llvm, reps: u32) -> Option<Race> {
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
    let ll = llvm.dir.path().join(format!("{name}.ll"));
    let wrote = std::fs::write(&ll, toolchain::llvm_text(&prog)).is_ok();
    let mut runners: Vec<(Result<Runner, Problem>, Timing)> = engines
        .iter()
        .map(|&e| {
            let r = runner(e, llvm, &name, &prog, &ll, wrote);
            let problem = r.as_ref().err().cloned();
            let timing = Timing {
                engine: e.name(),
                runs: Vec::new(),
                problem,
                median: None,
                min: None,
                max: None,
            };
            (r, timing)
        })
        .collect();
    let mut insns = None;
    for _ in 0..reps {
        for (runner, timing) in &mut runners {
            let Ok(runner) = runner else { continue };
            let t = Instant::now();
            let answer = answer(runner, expected, &mut insns);
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
/// `opt -O2` then `llc -O2`, linked by the harness's `cc` with the runtime.
fn executable(
    llvm: &Llvm,
    name: &str,
    how: Engine,
    prog: &Prog,
    ll: &Path,
) -> Result<PathBuf, Problem> {
    if toolchain::tools::cc().is_none() {
        return Err(Problem::Missing("cc"));
    }
    llvm.tools
        .runtime_object()
        .map_err(|_| Problem::Missing("the runtime"))?;
    let dir = llvm.dir.path();
    let llc = |opt: &str, input: &Path| -> Result<PathBuf, Problem> {
        let o = dir.join(format!("{name}{opt}.o"));
        let mut c = Command::new(llvm.llc.as_ref().ok_or(Problem::Missing("llc"))?);
        c.args([opt, "-filetype=obj", "-relocation-model=pic", "-o"])
            .arg(&o)
            .arg(input);
        match exit_status(&mut c)? {
            0 => Ok(o),
            s => Err(Problem::Failed(format!("llc exited with {s}"))),
        }
    };
    let obj = match how {
        Engine::LlcO0 => llc("-O0", ll)?,
        Engine::OptO2 => {
            let bc = dir.join(format!("{name}.opt.bc"));
            let mut c = Command::new(llvm.opt.as_ref().ok_or(Problem::Missing("opt"))?);
            c.arg("-O2").arg(ll).arg("-o").arg(&bc);
            match exit_status(&mut c)? {
                0 => llc("-O2", &bc)?,
                s => return Err(Problem::Failed(format!("opt exited with {s}"))),
            }
        }
        _ => {
            let s = dir.join(format!("{name}.s"));
            let m = codegen::compile(prog)
                .map_err(|e| Problem::Failed(format!("our back end: {e}")))?;
            std::fs::write(&s, m.to_asm())
                .map_err(|e| Problem::Failed(format!("{}: {e}", s.display())))?;
            s
        }
    };
    let exe = dir.join(format!("{name}.{}.exe", how.name()));
    llvm.tools.link_to(&obj, &exe).map_err(Problem::Failed)?;
    Ok(exe)
}

/// Runs a command to its end (at most 10 minutes) and gives its exit
/// status (the benchmark programs return their result as the status).
fn exit_status(cmd: &mut Command) -> Result<i32, Problem> {
    let mut c = Command::new(cmd.get_program());
    c.args(cmd.get_args());
    let r = toolchain::run(c, &toolchain::Limits::tool(Duration::from_secs(600)))
        .map_err(Problem::Failed)?;
    r.status().ok_or_else(|| {
        Problem::Failed(format!(
            "{} ended by {:?}",
            cmd.get_program().to_string_lossy(),
            r.ended
        ))
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
