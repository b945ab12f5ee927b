//! Shrinking: a planted "bug" (a GEP into a field of a nested struct after a
//! bitcast) is shrunk, by the same filtered structural edits quickcheck
//! uses, to a program of at most 15 instructions that still has the bug and
//! is still well defined; and quickcheck's shrink candidates are all well
//! defined.

use gen::shrink::{apply, edits, insn_count, is_well_defined, minimize};
use gen::{features, from_seed, Feature, GenProgram};
use quickcheck::Arbitrary;

fn has_bug(p: &spec::Prog) -> bool {
    features(p).contains(&Feature::GepNestedAfterBitcast)
}

/// The first seeded program (sizes 10..=30) that has the planted bug.
fn buggy_program() -> spec::Prog {
    (0..10_000u64)
        .map(|s| from_seed(s, 10 + (s % 21) as usize))
        .find(|p| has_bug(p) && is_well_defined(p))
        .expect("the generator makes such programs (see the histogram)")
}

#[test]
fn a_planted_bug_shrinks_to_at_most_15_instructions() {
    let p = buggy_program();
    let before = insn_count(&p);
    let small = minimize(p, |c| has_bug(c) && is_well_defined(c));
    let after = insn_count(&small);
    eprintln!(
        "shrunk from {before} to {after} instructions:\n{}",
        spec::print(&small)
    );
    assert!(has_bug(&small));
    assert!(is_well_defined(&small));
    assert!(after <= 15, "{after} instructions left");
    assert!(after < before);
}

#[test]
fn the_quickcheck_loop_finds_a_small_counterexample() {
    // A property that fails exactly on the planted bug; quickcheck shrinks
    // the failing program through `GenProgram::shrink`.
    fn prop(p: GenProgram) -> bool {
        !has_bug(&p.0)
    }
    let result = std::panic::catch_unwind(|| {
        quickcheck::QuickCheck::new()
            .tests(2000)
            .rng(quickcheck::Gen::new(30))
            .quickcheck(prop as fn(GenProgram) -> bool)
    });
    let err = result.expect_err("the property fails on some program");
    let msg = err.downcast_ref::<String>().cloned().unwrap_or_default();
    // The failure message shows the shrunk program's text (GenProgram's Debug).
    let insns = msg
        .lines()
        .filter(|l| {
            l.starts_with("  ")
                && !l.trim_start().starts_with("ret ")
                && !l.trim_start().starts_with("br ")
        })
        .count();
    eprintln!("{msg}");
    assert!(
        msg.contains("bitcast"),
        "the counterexample keeps the bitcast"
    );
    assert!(insns <= 15, "counterexample has {insns} instructions");
}

#[test]
fn every_quickcheck_shrink_candidate_is_well_defined() {
    let p = GenProgram(from_seed(3, 20));
    let mut n = 0;
    for c in p.shrink().take(40) {
        assert!(is_well_defined(&c.0));
        assert_ne!(c, p);
        n += 1;
    }
    assert!(n > 0, "a generated program has shrinks");
}

#[test]
fn edits_apply_and_make_programs_smaller() {
    let p = from_seed(5, 20);
    for e in edits(&p) {
        if let Some(q) = apply(&p, &e) {
            assert!(
                insn_count(&q) <= insn_count(&p)
                    && q.fdecls.len() <= p.fdecls.len()
                    && q.gdecls.len() <= p.gdecls.len(),
                "{e:?} grew the program"
            );
        }
    }
}
