//! Shared helpers of recover's tests: outcomes compared by what they mean,
//! and the soundness check against the oracle's recorded pointer types.

#![allow(dead_code)]

use spec::Prog;

/// Small limits: generated programs are small.
pub fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 200_000,
        max_depth: 2_000,
        max_cells: 1_000_000,
        ..oracle::Options::default()
    }
}

/// Runs `prog` recording pointer types and checks them against the
/// recovery: (observations, violations).
pub fn soundness(prog: &Prog, args: &[String]) -> (usize, Vec<String>) {
    let a = recover::Analysis::new(prog);
    let (_, records) = oracle::run_recording_pointer_types(prog, args, &opts());
    let bad = recover::measure::soundness_violations(
        &a,
        records
            .iter()
            .map(|r| (r.function.as_str(), r.local.as_str(), &r.ty)),
    );
    (records.len(), bad)
}
