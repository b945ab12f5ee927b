//! Differential test over generated programs (branch `gen`): for 2,000
//! seeds at sizes cycling through 1..=100, the native run (in-process
//! runner) gives exactly the oracle's outcome (full value and stdout).

use spec::Outcome;
use std::time::{Duration, Instant};

/// How many programs (`CODEGEN_GEN_PROGRAMS` overrides, for longer runs).
fn programs() -> u64 {
    std::env::var("CODEGEN_GEN_PROGRAMS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000)
}

#[test]
fn generated_programs_oracle_equals_native() {
    let start = Instant::now();
    let mut compared = 0;
    let mut insns = 0usize;
    let mut failures = Vec::new();
    let mut skipped = 0;
    let (mut t_oracle, mut t_compile, mut t_run) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    let n = programs();
    for seed in 0..n {
        let size = (seed % 100) as usize + 1;
        let prog = gen::from_seed(seed, size);
        if let Err(ds) = spec::check::check(&prog) {
            failures.push(format!(
                "seed {seed} size {size}: the generator's program is ill-typed: {ds:?}"
            ));
            continue;
        }
        let t = Instant::now();
        let want = oracle::run(&prog, None, &[], &oracle::Options::default());
        t_oracle += t.elapsed();
        if !matches!(want, Outcome::Returned { .. }) {
            // Not a back-end question (the generator promises programs that
            // return): reported, not judged here.
            eprintln!("NOTICE: seed {seed} size {size}: the oracle did not return: {want}");
            skipped += 1;
            continue;
        }
        let t = Instant::now();
        let compiled = codegen::compile_with(
            &prog,
            &codegen::CompileOptions {
                comments: false,
                mutations: codegen::Mutations::NONE,
            },
        );
        t_compile += t.elapsed();
        let m = match compiled {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("seed {seed} size {size}: compile: {e}"));
                continue;
            }
        };
        insns += m.funcs.iter().map(|f| f.insts.len()).sum::<usize>();
        let t = Instant::now();
        let got = m.run(&[], &codegen::NativeOptions::default());
        t_run += t.elapsed();
        let got = got.unwrap_or_else(|e| panic!("seed {seed}: run: {e}"));
        compared += 1;
        if got != want {
            failures.push(format!(
                "seed {seed} size {size}: oracle {want:?}\n   native {got:?}\n{}",
                spec::print(&prog)
            ));
        }
    }
    eprintln!(
        "generated: {compared} programs compared ({insns} machine instructions) in {:.2?}, {} failures, {skipped} skipped",
        start.elapsed(),
        failures.len()
    );
    eprintln!(
        "per program: oracle {:.0?}, compile {:.0?}, native run (assemble, fork, run) {:.0?}",
        t_oracle / n.max(1) as u32,
        t_compile / n.max(1) as u32,
        t_run / n.max(1) as u32
    );
    assert!(
        failures.is_empty(),
        "{}",
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(compared + n / 200 >= n, "only {compared} programs compared");
}
