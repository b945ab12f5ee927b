//! LLVMlite's memory versus LLVM's (docs/semantics.md, "LLVM's memory"):
//! LLVM's memory defines every run the tree memory defines, with the same
//! output and status (`oracle::compare_memory_models`). Checked on every
//! corpus program's runs and on generated programs; the fuzz target
//! `memory_models` does the same on mutated programs.

fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 2_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn every_defined_corpus_run_is_the_same_in_llvm_memory() {
    let (mut defined, mut failures) = (0, Vec::new());
    for (name, prog, runtime, args) in crate::common::corpus_runs() {
        let opts = oracle::Options { runtime, ..opts() };
        match oracle::compare_memory_models(&prog, &args, &opts) {
            Ok(spec::Outcome::Returned { .. } | spec::Outcome::Halted { .. }) => defined += 1,
            Ok(_) => {}
            Err(e) => failures.push(format!("{name} {args:?}: {e}")),
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
