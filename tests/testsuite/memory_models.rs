//! LLVMlite's memory versus LLVM's (docs/semantics.md, "LLVM's memory"):
//! LLVM's memory defines every run the tree memory defines, with the same
//! output and status (`oracle::compare_memory_models`). Checked on every
//! corpus program's runs and on generated programs; the fuzz target
//! `memory_models` does the same on mutated programs.

use lloracle::corpus;

fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 2_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn every_defined_corpus_run_is_the_same_in_llvm_memory() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let (mut defined, mut failures) = (0, Vec::new());
    for file in &files {
        let Ok(prog) = spec::parse::parse(&file.source()) else {
            continue;
        };
        let runtime = file.expectation.runtime;
        let check_opts = spec::check::CheckOptions {
            runtime,
            ..Default::default()
        };
        if spec::check::check_with(&prog, &check_opts).is_err() {
            continue;
        }
        let opts = oracle::Options { runtime, ..opts() };
        let runs: Vec<Vec<String>> = match file.expectation.runs.as_slice() {
            [] => vec![Vec::new()],
            runs => runs.iter().map(|r| r.args.clone()).collect(),
        };
        for args in runs {
            match oracle::compare_memory_models(&prog, &args, &opts) {
                Ok(spec::Outcome::Returned { .. } | spec::Outcome::Halted { .. }) => defined += 1,
                Ok(_) => {}
                Err(e) => failures.push(format!("{} {args:?}: {e}", file.path.display())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // Most corpus runs are defined, so most were compared.
    assert!(defined > 200, "only {defined} defined runs compared");
}

#[test]
fn generated_programs_run_the_same_in_llvm_memory() {
    let (mut returned, mut failures) = (0, Vec::new());
    for seed in 0..500u64 {
        let size = 1 + (seed % 30) as usize;
        let prog = gen::from_seed(0x3e30_0000 + seed, size);
        match oracle::compare_memory_models(&prog, &[], &opts()) {
            Ok(spec::Outcome::Returned { .. }) => returned += 1,
            Ok(_) => {}
            Err(e) => failures.push(format!("seed {seed}: {e}\n{}", spec::print(&prog))),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // The generator makes well-defined programs: nearly all return, so
    // nearly all were compared.
    assert!(returned >= 450, "only {returned} of 500 returned");
}
