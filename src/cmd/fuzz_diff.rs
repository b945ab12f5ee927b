//! `lloracle fuzz-diff --count N`: the differential pipeline on one core:
//! generate a program, check it, interpret it, compile it, run it natively,
//! compare; prints the disagreements and programs per second. Programs run
//! in a long-lived runner child; a disagreement is confirmed in a fresh one.

use spec::Outcome;
use std::time::Instant;

/// Arguments of `lloracle fuzz-diff`.
#[derive(clap::Args, Debug)]
pub struct FuzzDiffArgs {
    /// How many programs.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// The first seed; program i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Program size (1..=100).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100))]
    size: u64,
    /// Run only shard I of N of the seeds (seed + k where k mod N = I - 1).
    #[arg(long, value_name = "I/N")]
    shard: Option<lloracle::harness::shard::Shard>,
}

/// The native outcome of `prog`: from the long-lived runner child, and
/// when that does not agree with `expected`, from a fresh child (a
/// program run earlier in the long-lived child may have corrupted it, so
/// only a fresh child's outcome may be reported as a disagreement).
fn native(
    prog: &spec::Prog,
    expected: &Outcome,
    nopts: &codegen::NativeOptions,
) -> Result<Outcome, codegen::CodegenError> {
    match codegen::run_native_reusing(prog, &[], nopts) {
        Ok(actual) if expected.agrees_with(&actual) => Ok(actual),
        _ => codegen::run_native(prog, &[], nopts),
    }
}

/// Runs the pipeline; exit 0 when every program agrees, 1 otherwise.
pub fn main(a: FuzzDiffArgs) -> u8 {
    let opts = oracle::Options::default();
    let nopts = codegen::NativeOptions::default();
    let start = Instant::now();
    let mut failures = 0u64;
    let mut ran = 0u64;
    // Seeds wrap past u64::MAX: `--count` programs are always considered.
    for (i, seed) in (0..a.count).map(|i| (i, a.seed.wrapping_add(i))) {
        if !a.shard.is_none_or(|s| s.keeps(i)) {
            continue;
        }
        ran += 1;
        let prog = gen::from_seed(seed, a.size as usize);
        let verdict = match spec::check(&prog) {
            Err(d) => Err(format!("the generated program is ill-typed: {d:?}")),
            Ok(()) => {
                let expected = oracle::run(&prog, None, &[], &opts);
                match (&expected, native(&prog, &expected, &nopts)) {
                    (Outcome::Returned { .. }, Ok(actual)) if expected.agrees_with(&actual) => {
                        Ok(())
                    }
                    (Outcome::Returned { .. }, Ok(actual)) => {
                        Err(format!("oracle: {expected}; native: {actual}"))
                    }
                    (_, Ok(_)) => Err(format!("the oracle does not return: {expected}")),
                    (_, Err(e)) => Err(format!("native: {e}")),
                }
            }
        };
        if let Err(why) = verdict {
            failures += 1;
            println!(
                "seed {seed}: {why}\n  reproduce: lloracle gen --seed {seed} --size {}",
                a.size
            );
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "fuzz-diff: {ran} programs (size {}{}), {failures} disagreements, {:.1} s, {:.0} programs/s on one core",
        a.size,
        a.shard.map_or(String::new(), |s| format!(", shard {s}")),
        secs,
        ran as f64 / secs
    );
    u8::from(failures > 0)
}
