//! The rules versus the fast paths (oracle/src/fast.rs): the fast paths are
//! the rules restricted to inputs where those cannot fail, so the oracle
//! with its fast paths switched off (`oracle::Options::fast_paths` false)
//! must give every program the same outcome, message and location included,
//! after the same number of steps. Checked on every corpus program (each
//! of its runs: returns, every undefined kind, limits) and on thousands of
//! generated programs. The fuzz target `fast_paths` does the same on
//! mutated programs.

/// Small limits: the comparison is about the rules, not about long runs.
fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 2_000_000,
        ..oracle::Options::default()
    }
}

#[test]
fn every_corpus_program_runs_the_same_with_and_without_fast_paths() {
    let mut compared = 0;
    let mut failures = Vec::new();
    for (name, prog, runtime, args) in crate::common::corpus_runs() {
        let opts = oracle::Options { runtime, ..opts() };
        compared += 1;
        if let Err(e) = oracle::compare_fast_paths_with_rules(&prog, &args, &opts) {
            failures.push(format!("{name} {args:?}: {e}"));
        }
    }
    assert!(compared > 300, "only {compared} corpus runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn two_thousand_generated_programs_run_the_same_with_and_without_fast_paths() {
    let (mut returned, mut loop_allocas, mut packed) = (0, 0, 0);
    for seed in 0..2000u64 {
        let size = 1 + (seed % 30) as usize;
        let prog = gen::from_seed(0x5eed_0000 + seed, size);
        loop_allocas += usize::from(has_loop_alloca(&prog));
        packed += usize::from(has_packed_booleans(&prog));
        match oracle::compare_fast_paths_with_rules(&prog, &[], &opts()) {
            Ok(spec::Outcome::Returned { .. }) => returned += 1,
            Ok(_) => {}
            Err(e) => panic!("seed {seed} size {size}: {e}\n{}", spec::print(&prog)),
        }
    }
    // The generator makes well-defined programs: nearly all return, so the
    // fast paths really ran.
    assert!(returned >= 1900, "only {returned} of 2000 returned");
    // Both behaviours of docs/semantics.md's "The two layouts" and
    // "Superseded allocas" are exercised: allocas that run again (a new
    // block each run) and structs whose booleans the layouts place apart.
    assert!(
        loop_allocas >= 100,
        "only {loop_allocas} programs with allocas in loops"
    );
    assert!(
        packed >= 100,
        "only {packed} programs with booleans in structs"
    );
}

/// True when some `alloca` of `prog` is outside its function's entry block
/// (so it may run again in one frame).
fn has_loop_alloca(prog: &spec::Prog) -> bool {
    prog.fdecls.iter().any(|f| {
        f.cfg
            .blocks
            .iter()
            .flat_map(|b| &b.block.insns)
            .any(|i| matches!(i.kind, spec::InsnKind::Alloca { .. }))
    })
}

/// True when a named struct of `prog` has an `i1` field, directly or in a
/// nested anonymous struct (one byte in LLVM's layout, a word in the course
/// layout).
fn has_packed_booleans(prog: &spec::Prog) -> bool {
    fn walk(t: &spec::Ty) -> bool {
        match t {
            spec::Ty::Struct(fs) => fs.iter().any(|f| *f == spec::Ty::I1 || walk(f)),
            spec::Ty::Array(_, e) => walk(e),
            _ => false,
        }
    }
    prog.tdecls.iter().any(|t| walk(&t.ty))
}
