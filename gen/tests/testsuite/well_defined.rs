//! The generator's central property: every program it makes passes the
//! checker, returns on the oracle (the program is well defined and ends
//! within the default fuel), and survives print -> parse unchanged. Also:
//! seeds are deterministic, and any byte string gives a program.

use crate::common;

use arbitrary::Unstructured;
use common::{roundtrip, run, SplitMix};
use gen::{from_seed, generate, GenConfig, GenProgram};
use spec::Outcome;

/// Checks one program; `Err` says what went wrong.
fn well_defined(p: &spec::Prog) -> Result<(), String> {
    spec::check(p).map_err(|ds| format!("ill-typed: {ds:?}"))?;
    let o = run(p);
    if !matches!(o, Outcome::Returned { .. }) {
        return Err(format!("oracle: {o:?}"));
    }
    let q = roundtrip(p)?;
    if q != *p {
        return Err("print -> parse changed the program".into());
    }
    Ok(())
}

#[test]
fn five_thousand_seeded_programs_check_return_and_round_trip() {
    for seed in 0..5000u64 {
        // Sizes 1..=40: small to medium programs.
        let size = 1 + (seed % 40) as usize;
        let p = from_seed(seed, size);
        if let Err(e) = well_defined(&p) {
            panic!("seed {seed} size {size}: {e}\n{}", spec::print(&p));
        }
    }
}

#[test]
fn a_seed_always_gives_the_same_program() {
    for seed in [0u64, 1, 42, u64::MAX] {
        assert_eq!(from_seed(seed, 30), from_seed(seed, 30));
    }
    let distinct: std::collections::BTreeSet<String> =
        (0..20).map(|s| spec::print(&from_seed(s, 30))).collect();
    assert!(distinct.len() >= 15, "seeds should give different programs");
}

#[test]
fn large_programs_are_well_defined_too() {
    for seed in 0..60u64 {
        let p = from_seed(1_000_000 + seed, 100);
        if let Err(e) = well_defined(&p) {
            panic!("seed {seed} size 100: {e}\n{}", spec::print(&p));
        }
    }
}

/// Acceptance: over 10,000 random byte strings of random lengths, at least
/// 99% give a program that checks and returns (by construction it is all
/// of them: exhausted bytes read as zeros).
#[test]
fn random_byte_strings_are_accepted() {
    let mut rng = SplitMix(0x00AC_CE97);
    let cfg = GenConfig::with_size(20);
    let (mut ok, total) = (0usize, 10_000usize);
    for i in 0..total {
        let len = (rng.next_u64() % 3000) as usize;
        let bytes = rng.bytes(len);
        let mut u = Unstructured::new(&bytes);
        let Ok(p) = generate(&mut u, &cfg) else {
            continue;
        };
        match well_defined(&p) {
            Ok(()) => ok += 1,
            Err(e) => eprintln!("byte string {i} (len {len}): {e}"),
        }
    }
    let rate = ok as f64 / total as f64;
    eprintln!("acceptance: {ok}/{total} = {rate:.4}");
    assert!(rate >= 0.99, "acceptance rate {rate}");
}

#[test]
fn the_empty_byte_string_gives_a_minimal_program() {
    let mut u = Unstructured::new(&[]);
    let p = generate(&mut u, &GenConfig::default()).expect("generate never fails");
    assert_eq!(well_defined(&p), Ok(()));
    let main = p.fdecl("main").expect("main exists");
    assert!(main.cfg.blocks.is_empty(), "no control flow without bytes");
}

#[test]
fn the_arbitrary_impl_uses_the_same_core() {
    let bytes = SplitMix(7).bytes(2000);
    let a: GenProgram = Unstructured::new(&bytes).arbitrary().expect("never fails");
    let b = generate(&mut Unstructured::new(&bytes), &GenConfig::default()).expect("never fails");
    assert_eq!(a.0, b);
}

#[test]
fn quickcheck_programs_are_well_defined() {
    fn prop(p: GenProgram) -> bool {
        well_defined(&p.0).is_ok()
    }
    quickcheck::QuickCheck::new()
        .tests(200)
        .rng(quickcheck::Gen::new(30))
        .quickcheck(prop as fn(GenProgram) -> bool);
}
