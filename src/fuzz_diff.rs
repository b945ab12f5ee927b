//! The differential pipeline behind `lloracle fuzz-diff`, on one core:
//! generate a program, check it, interpret it, compile it with the
//! built-in back end, run it natively, compare (README.md's command
//! table). Programs run in a long-lived runner child; a disagreement is
//! confirmed in a fresh one.

use crate::harness::shard::Shard;
use spec::Outcome;

/// The seeds to try: `count` programs of `size`, program i from seed
/// `seed + i` (wrapping past `u64::MAX`), only those of `shard`.
#[derive(Clone, Copy, Debug)]
pub struct Seeds {
    /// The first seed.
    pub seed: u64,
    /// How many programs are considered.
    pub count: u64,
    /// Program size (1..=100).
    pub size: u64,
    /// Only shard I of N of the seeds (seed + k where k mod N = I - 1).
    pub shard: Option<Shard>,
}

/// A program on which the oracle and the native run disagree (or that
/// could not be compared): its seed and why.
#[derive(Clone, Debug)]
pub struct Disagreement {
    /// The program's seed (`lloracle gen --seed SEED --size SIZE` prints it).
    pub seed: u64,
    /// What differed: both outcomes, or what stopped the comparison.
    pub why: String,
}

/// Runs the pipeline on every seed of `seeds`, calling `found` with each
/// disagreement as it is found; the number of programs run.
pub fn run(seeds: &Seeds, found: &mut dyn FnMut(&Disagreement)) -> u64 {
    let opts = oracle::Options::default();
    let nopts = codegen::NativeOptions::default();
    let mut ran = 0u64;
    // Seeds wrap past u64::MAX: `count` programs are always considered.
    for (i, seed) in (0..seeds.count).map(|i| (i, seeds.seed.wrapping_add(i))) {
        if !seeds.shard.is_none_or(|s| s.keeps(i)) {
            continue;
        }
        ran += 1;
        let prog = gen::from_seed(seed, seeds.size as usize);
        if let Err(why) = compare(&prog, &opts, &nopts) {
            found(&Disagreement { seed, why });
        }
    }
    ran
}

/// `Ok` when `prog` checks, the oracle returns on it and its native run
/// agrees; otherwise what differed.
fn compare(
    prog: &spec::Prog,
    opts: &oracle::Options,
    nopts: &codegen::NativeOptions,
) -> Result<(), String> {
    spec::check(prog).map_err(|d| format!("the generated program is ill-typed: {d:?}"))?;
    let expected = oracle::run(prog, None, &[], opts);
    match (&expected, native(prog, &expected, nopts)) {
        (Outcome::Returned { .. }, Ok(actual)) if expected.agrees_with(&actual) => Ok(()),
        (Outcome::Returned { .. }, Ok(actual)) => {
            Err(format!("oracle: {expected}; native: {actual}"))
        }
        (_, Ok(_)) => Err(format!("the oracle does not return: {expected}")),
        (_, Err(e)) => Err(format!("native: {e}")),
    }
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
