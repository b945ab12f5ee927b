//! The rules versus the fast paths (oracle/src/fast.rs): the fast paths are
//! the rules restricted to inputs where those cannot fail, so the oracle
//! with its fast paths switched off (`oracle::Options::fast_paths` false)
//! must give every program the same outcome, message and location included,
//! after the same number of steps. Checked on every corpus program (each
//! of its runs: returns, every undefined kind, limits) and on thousands of
//! generated programs. The fuzz target `fast_paths` does the same on
//! mutated programs.

use lloracle::corpus;

/// Small limits: the comparison is about the rules, not about long runs.
fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 2_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn every_corpus_program_runs_the_same_with_and_without_fast_paths() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut compared = 0;
    let mut failures = Vec::new();
    for file in &files {
        let Ok(prog) = spec::parse::parse(&file.source()) else {
            continue;
        };
        if spec::check(&prog).is_err() {
            continue;
        }
        let runs: Vec<Vec<String>> = match file.expectation.runs.as_slice() {
            [] => vec![Vec::new()],
            runs => runs.iter().map(|r| r.args.clone()).collect(),
        };
        for args in runs {
            compared += 1;
            if let Err(e) = oracle::compare_fast_paths_with_rules(&prog, &args, &opts()) {
                failures.push(format!("{} {args:?}: {e}", file.display_name()));
            }
        }
    }
    assert!(compared > 300, "only {compared} corpus runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn two_thousand_generated_programs_run_the_same_with_and_without_fast_paths() {
    let mut returned = 0;
    for seed in 0..2000u64 {
        let size = 1 + (seed % 30) as usize;
        let prog = gen::from_seed(0x5eed_0000 + seed, size);
        match oracle::compare_fast_paths_with_rules(&prog, &[], &opts()) {
            Ok(spec::Outcome::Returned { .. }) => returned += 1,
            Ok(_) => {}
            Err(e) => panic!("seed {seed} size {size}: {e}\n{}", spec::print(&prog)),
        }
    }
    // The generator makes well-defined programs: nearly all return, so the
    // fast paths really ran.
    assert!(returned >= 1900, "only {returned} of 2000 returned");
}
