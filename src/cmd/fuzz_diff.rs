//! `lloracle fuzz-diff --count N`: the differential pipeline on one core:
//! generate a program, check it, interpret it, compile it, run it natively,
//! compare ([`lloracle::fuzz_diff`]); prints the disagreements and
//! programs per second.

use lloracle::fuzz_diff::Seeds;
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

/// Runs the pipeline ([`lloracle::fuzz_diff`]); exit 0 when every program
/// agrees, 1 otherwise.
pub fn main(a: FuzzDiffArgs) -> u8 {
    let seeds = Seeds {
        seed: a.seed,
        count: a.count,
        size: a.size,
        shard: a.shard,
    };
    let start = Instant::now();
    let mut failures = 0u64;
    let ran = lloracle::fuzz_diff::run(&seeds, &mut |d| {
        failures += 1;
        println!(
            "seed {}: {}\n  reproduce: lloracle gen --seed {} --size {}",
            d.seed, d.why, d.seed, a.size
        );
    });
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
