//! `lloracle run FILE [ARGS..]`: interpret a program on the oracle.

use super::{load_source_with, print_json, read_source, report_outcome, EXIT_USAGE};
use spec::Outcome;
use std::path::PathBuf;

/// Arguments of `lloracle run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The function to start in (takes `()` or `(i64, i8**)`, or the Oat
    /// entry's `(i64, { i64, [0 x i8*] }*)`); under an Oat `--runtime`, a
    /// program with no `@main` starts at `@program`.
    #[arg(long, default_value = "main")]
    entry: String,
    /// The course runtime whose functions the program may call: `ll` (the
    /// spec's), `ll-libc`, `oat-eth-2019`, `oat-eth`, `oat-hw5`,
    /// `oat-cis341` (docs/semantics.md, "Oat programs and course runtimes").
    #[arg(long, default_value = "ll")]
    runtime: spec::RuntimeName,
    /// Which memory gives loads, stores and getelementptr their meaning:
    /// `llvmlite` (the spec's tagged trees, the course's reference
    /// interpreter's) or `llvm` (bytes at addresses, as clang and llc
    /// compile it; the run is also tried at a second address layout).
    /// docs/semantics.md, "Which memory applies".
    #[arg(long, default_value = "llvmlite")]
    memory: oracle::MemoryModel,
    /// Print one JSON outcome object on stdout instead of the program's output.
    #[arg(long)]
    json: bool,
    /// The most instructions to execute before `fuel-exhausted`.
    #[arg(long, default_value_t = oracle::Options::default().fuel)]
    fuel: u64,
    /// The most nested calls before `call-depth-exceeded`.
    #[arg(long, default_value_t = oracle::Options::default().max_depth)]
    max_depth: usize,
    /// The most memory cells before `memory-exhausted`.
    #[arg(long, default_value_t = oracle::Options::default().max_cells)]
    max_cells: u64,
    /// Print each executed instruction (function, block, index, source line)
    /// and the value it defines on stderr, at most this many steps.
    #[arg(long, value_name = "N", num_args = 0..=1, require_equals = true, default_missing_value = "10000")]
    trace: Option<u64>,
    /// For an Oat program (a `.oat` file, run by the evaluator): which Oat,
    /// 1 or 2.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..=2))]
    oat_version: u8,
    /// For an Oat program: run it with a planted front-end bug
    /// (`oat::eval::Mutant`, for the harness's own tests).
    #[arg(long, hide = true, value_name = "NAME")]
    oat_mutant: Option<String>,
    /// argv[0] as the program sees it.
    #[arg(long, default_value_t = oracle::Options::default().program_name)]
    program_name: String,
    /// The program.
    file: PathBuf,
    /// argv[1..].
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

/// Runs the program; the exit code follows the README's exit-code contract.
pub fn main(a: RunArgs) -> u8 {
    if a.file.extension().is_some_and(|e| e == "oat") {
        return run_oat(&a);
    }
    let src = match read_source(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let opts = oracle::Options {
        entry: a.entry,
        program_name: a.program_name,
        fuel: a.fuel,
        max_depth: a.max_depth,
        max_cells: a.max_cells,
        runtime: a.runtime,
        memory: a.memory,
        ..oracle::Options::default()
    };
    let (outcome, src) = match load_source_with(src, a.runtime) {
        Ok(l) => {
            let outcome = match (a.trace, a.memory) {
                (Some(limit), _) => trace_run(&l, &a.args, &opts, limit),
                (None, oracle::MemoryModel::Llvmlite) => {
                    oracle::run(&l.prog, Some(&l.src), &a.args, &opts)
                }
                (None, oracle::MemoryModel::Llvm) => {
                    let r = oracle::run_llvm(&l.prog, Some(&l.src), &a.args, &opts);
                    if let Some(d) = &r.depends_on_addresses {
                        eprintln!("lloracle: {d}");
                    }
                    r.outcome
                }
            };
            // The program checks but cannot start (no @main, a missing
            // --entry, an entry of the wrong type): say why.
            if !a.json
                && matches!(
                    outcome,
                    Outcome::IllTyped { .. } | Outcome::Malformed { .. }
                )
            {
                eprintln!("lloracle: {outcome}");
            }
            (outcome, Some(l.src))
        }
        Err(r) => {
            if !a.json {
                eprint!("{}", r.rendered);
            }
            (r.outcome, None)
        }
    };
    if a.json {
        print_json(&run_json(&outcome));
    } else {
        report_outcome(&outcome, src.as_ref());
    }
    outcome.exit_code() as u8
}

/// Runs an Oat program (with its arguments) on lloracle's Oat evaluator
/// (`oat::eval`: the language definition and the course runtime,
/// docs/oat.md): prints what it
/// prints and exits with its status (`program`'s result mod 256), as its
/// compiled form would; 3 when its meaning is undefined, 4 for a limit, 2
/// when it does not parse or is ill-typed. `--json` gives `outcome`,
/// `status`, `stdout` and `course_output`.
fn run_oat(a: &RunArgs) -> u8 {
    let fail = |code: u8, e: String| {
        eprintln!("lloracle: {e}");
        code
    };
    let text = match std::fs::read_to_string(&a.file) {
        Ok(t) => t,
        Err(e) => return fail(EXIT_USAGE, format!("{}: {e}", a.file.display())),
    };
    let mutant = match &a.oat_mutant {
        None => None,
        Some(n) => match oat::eval::Mutant::from_name(n) {
            Some(m) => Some(m),
            None => return fail(EXIT_USAGE, format!("no planted bug `{n}`")),
        },
    };
    let prog = match oat::parse::program(&text) {
        Ok(p) => p,
        Err(e) => return fail(2, format!("{}:{e}", a.file.display())),
    };
    let version = oat::OatVersion::from_number(a.oat_version).unwrap_or_default();
    let limits = oat::eval::Limits {
        fuel: a.fuel,
        ..oat::eval::Limits::default()
    };
    let args: Vec<&[u8]> = a.args.iter().map(|x| x.as_bytes()).collect();
    let o = oat::eval::run_mutated(&prog, version, &limits, &args, mutant);
    let course_output = o
        .course_output()
        .map(|c| String::from_utf8_lossy(&c).into_owned());
    if a.json {
        print_json(&serde_json::json!({
            "outcome": o.kind(),
            "status": o.exit_code(),
            "stdout": String::from_utf8_lossy(o.stdout()),
            "course_output": course_output,
            "message": o.message(),
        }));
    } else {
        use std::io::Write;
        let _ = std::io::stdout().write_all(o.stdout());
        let _ = std::io::stdout().flush();
        if let Some(w) = o.message() {
            eprintln!("lloracle: {}: {w}", o.kind());
        }
    }
    o.exit_code()
}

/// The JSON object of `run --json`: the outcome's own fields, and the
/// fields the course harness's view needs: `status` (the exit status),
/// `stdout`, `stderr` and `course_output` (stdout and stderr as `> file
/// 2>&1` interleaves them, then the decimal status; null where the
/// outcome has no defined output).
fn run_json(o: &Outcome) -> serde_json::Value {
    let mut v = o.to_json();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    v["status"] = serde_json::json!(o.exit_code());
    v["stdout"] = serde_json::json!(text(o.stdout()));
    v["stderr"] = serde_json::json!(text(o.stderr()));
    v["course_output"] = serde_json::json!(o.course_output().map(|c| text(&c)));
    v
}

/// Runs with a trace of at most `limit` steps on stderr: each step's call
/// depth, location and source text (`oracle::TraceStep::line`).
fn trace_run(l: &super::Loaded, args: &[String], opts: &oracle::Options, limit: u64) -> Outcome {
    let mut shown = 0u64;
    let mut trace = |step: &oracle::TraceStep| {
        shown += u64::from(step.result.is_none());
        if shown <= limit {
            eprintln!("trace: {}", step.line(&l.src));
        } else if shown == limit + 1 && step.result.is_none() {
            eprintln!("trace: limit of {limit} steps reached; the run goes on untraced");
        }
    };
    oracle::run_with_trace(&l.prog, Some(&l.src), args, opts, &mut trace).0
}
