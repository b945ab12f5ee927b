//! `lloracle bench`: the benchmark table. For each benchmark program
//! (oracle/benches/programs/): the oracle's instruction rate with every check
//! on; LLVM 14's interpreter on the same program (`lli -jit-kind=mcjit
//! -force-interpreter`: plain `-force-interpreter` silently uses the JIT in
//! LLVM 14) and the ratio; our native code (in-process runner, and the
//! assembly linked by `cc`) against `llc -O0` and `llc -O2`. Then the back
//! end's compile time per 1,000 LLVMlite instructions. Missing tools give
//! `-` columns and a notice.

use spec::{Outcome, Prog, Source};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Arguments of `lloracle bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Run each measurement this many times and keep the best.
    #[arg(long, default_value_t = 1)]
    reps: u32,
    /// Only these benchmark programs (by name: loop, fib, bubble, list).
    names: Vec<String>,
}

/// The LLVM tools and the runtime the native columns need.
struct Tools {
    dir: tempfile::TempDir,
    lli: Option<PathBuf>,
    llc: Option<PathBuf>,
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
        for (tool, name) in [(&lli, "lli"), (&llc, "llc"), (&cc, "cc")] {
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
            cc,
            runtime,
        })
    }
}

/// Runs the benchmarks and prints the table.
pub fn main(a: BenchArgs) -> u8 {
    let known: Vec<&str> = oracle::bench_programs().iter().map(|(n, _)| *n).collect();
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
    println!(
        "{:<7} {:>11} {:>9} {:>10} {:>9} {:>10} {:>6} | {:>9} {:>9} {:>9} {:>9}",
        "program",
        "insns",
        "oracle",
        "M insn/s",
        "lli-int",
        "M insn/s",
        "ratio",
        "native",
        "ours(cc)",
        "llc -O0",
        "llc -O2"
    );
    for (name, text) in oracle::bench_programs() {
        if !a.names.is_empty() && !a.names.iter().any(|n| n == name) {
            continue;
        }
        let src = Source::new(format!("{name}.ll"), *text);
        let prog = match spec::parse(&src) {
            Ok(p) => p,
            Err(d) => {
                eprint!("{}", d.render(&src));
                return 1;
            }
        };
        bench_row(name, &prog, &tools, a.reps.max(1));
    }
    compile_rate(a.reps.max(1));
    0
}

/// The shortest of several timed runs, and what that run gave.
struct Best<T>(Option<(Duration, T)>);

impl<T> Best<T> {
    /// Times `f` once, keeping it if it is the fastest so far; `None` when
    /// it failed.
    fn time(&mut self, f: impl FnOnce() -> Option<T>) -> Option<()> {
        let t = Instant::now();
        let r = f()?;
        let d = t.elapsed();
        if self.0.as_ref().is_none_or(|(b, _)| d < *b) {
            self.0 = Some((d, r));
        }
        Some(())
    }
}

fn best<T>(reps: u32, mut f: impl FnMut() -> Option<T>) -> Option<(Duration, T)> {
    let mut best = Best(None);
    for _ in 0..reps {
        best.time(&mut f)?;
    }
    best.0
}

fn bench_row(name: &str, prog: &Prog, tools: &Tools, reps: u32) {
    let opts = oracle::Options::default();
    let dir = tools.dir.path();
    let ll = dir.join(format!("{name}.ll"));
    let wrote = std::fs::write(&ll, toolchain::llvm_text(prog)).is_ok();
    let lli = tools.lli.as_ref().filter(|_| wrote);
    // The oracle and LLVM's interpreter take turns, so that both are timed
    // over the same stretch of time: a machine whose speed drifts (a shared
    // host) then favours neither side of the ratio.
    let (mut oracle_best, mut lli_best) = (Best(None), Best(None));
    for _ in 0..reps {
        oracle_best.time(|| Some(oracle::run_with_stats(prog, None, &[], &opts)));
        if let Some(lli) = lli {
            lli_best.time(|| {
                let mut c = Command::new(lli);
                c.args(["-jit-kind=mcjit", "-force-interpreter"]).arg(&ll);
                timed(c)
            });
        }
    }
    let Some((oracle_t, (outcome, stats))) = oracle_best.0 else {
        return;
    };
    let insns = stats.executed as f64;
    let rate = |d: Duration| insns / d.as_secs_f64() / 1e6;
    let lli_t = lli_best.0.map(|(d, _)| d);
    let native_t = codegen::compile(prog).ok().and_then(|m| {
        let nopts = codegen::NativeOptions {
            timeout: Duration::from_secs(300),
            ..codegen::NativeOptions::default()
        };
        best(reps, || m.run(&[], &nopts).ok()).map(|(d, o)| {
            if !outcome.agrees_with(&o) {
                eprintln!("WARNING: {name}: native {o} but the oracle {outcome}");
            }
            d
        })
    });
    let ours = executable(tools, name, Producer::Ours, prog, &ll).and_then(|e| run_exe(&e, reps));
    let o0 =
        executable(tools, name, Producer::Llc("-O0"), prog, &ll).and_then(|e| run_exe(&e, reps));
    let o2 =
        executable(tools, name, Producer::Llc("-O2"), prog, &ll).and_then(|e| run_exe(&e, reps));
    let secs = |d: Option<Duration>| d.map_or("-".into(), |d| format!("{:.4}s", d.as_secs_f64()));
    let ratio = lli_t.map_or("-".into(), |l| {
        format!("{:.1}x", l.as_secs_f64() / oracle_t.as_secs_f64())
    });
    println!(
        "{:<7} {:>11} {:>9} {:>10.1} {:>9} {:>10} {:>6} | {:>9} {:>9} {:>9} {:>9}",
        name,
        stats.executed,
        secs(Some(oracle_t)),
        rate(oracle_t),
        secs(lli_t),
        lli_t.map_or("-".into(), |d| format!("{:.1}", rate(d))),
        ratio,
        secs(native_t),
        secs(ours),
        secs(o0),
        secs(o2),
    );
    if !matches!(outcome, Outcome::Returned { .. }) {
        eprintln!("WARNING: {name}: the oracle says {outcome}");
    }
}

enum Producer {
    Ours,
    Llc(&'static str),
}

/// Builds an executable of `prog` with our assembly or with `llc`.
fn executable(tools: &Tools, name: &str, how: Producer, prog: &Prog, ll: &Path) -> Option<PathBuf> {
    let (cc, runtime) = (tools.cc.as_ref()?, tools.runtime.as_ref()?);
    let dir = tools.dir.path();
    let (obj, tag) = match how {
        Producer::Ours => {
            let s = dir.join(format!("{name}.s"));
            std::fs::write(&s, codegen::compile(prog).ok()?.to_asm()).ok()?;
            (s, "ours".to_string())
        }
        Producer::Llc(opt) => {
            let o = dir.join(format!("{name}{opt}.o"));
            let mut c = Command::new(tools.llc.as_ref()?);
            c.args([opt, "-filetype=obj", "-relocation-model=pic", "-o"])
                .arg(&o)
                .arg(ll);
            timed(c)?;
            (o, opt.to_string())
        }
    };
    let exe = dir.join(format!("{name}.{tag}.exe"));
    let mut c = Command::new(cc);
    c.arg("-o").arg(&exe).arg(&obj).arg(runtime);
    timed(c)?;
    Some(exe)
}

fn run_exe(exe: &Path, reps: u32) -> Option<Duration> {
    best(reps, || timed(Command::new(exe))).map(|(d, _)| d)
}

/// Runs a command to its end (at most 10 minutes); `None` when it could not
/// start, timed out or was killed. A non-zero exit status is fine: the
/// benchmark programs return their result as the status.
fn timed(cmd: Command) -> Option<()> {
    let r = toolchain::run(cmd, &toolchain::Limits::tool(Duration::from_secs(600))).ok()?;
    matches!(r.ended, toolchain::Ended::Exited(_)).then_some(())
}

/// The back end's compile time per 1,000 LLVMlite instructions, over
/// generated programs.
fn compile_rate(reps: u32) {
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
    let t = best(reps, || {
        progs
            .iter()
            .all(|p| codegen::compile(p).is_ok())
            .then_some(())
    });
    if let Some((d, ())) = t {
        println!(
            "\ncompile: {:.1} us per 1,000 LLVMlite instructions ({n} instructions in 200 generated programs)",
            d.as_secs_f64() * 1e6 / n as f64 * 1000.0
        );
    }
}
