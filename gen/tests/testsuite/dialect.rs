//! Generation within a dialect (docs/dialects.md): for every profile, the seeded
//! programs use only the profile's features (as a tree and as the text
//! `print_in` writes), check, return on the oracle and print back
//! unchanged. Prints each profile's breadth histogram (the generator's
//! features it reaches and those it never does).

use crate::common;

use common::{assert_no_failures, failures_in};
use gen::features::histogram;
use gen::from_seed_in;
use spec::dialect::Dialect;

/// Seeds per profile: seven profiles give 4,200 programs.
const SEEDS: u64 = 600;

#[test]
fn generated_programs_stay_inside_every_profile() {
    let mut failures = Vec::new();
    for d in Dialect::profiles() {
        let mut progs = Vec::new();
        for seed in 0..SEEDS {
            let size = 1 + (seed % 40) as usize;
            let p = from_seed_in(seed, size, Some(&d));
            for what in failures_in(&p, Some(&d)) {
                failures.push(format!("{} seed {seed} size {size}: {what}", d.name));
            }
            progs.push(p);
        }
        let h = histogram(&progs);
        let never: Vec<String> = h
            .iter()
            .filter(|(_, &n)| n == 0)
            .map(|(f, _)| format!("{f:?}"))
            .collect();
        eprintln!(
            "{}: {} programs; generator features never reached: {never:?}",
            d.name,
            progs.len()
        );
    }
    assert_no_failures(&failures);
}

#[test]
fn no_dialect_and_lloracle_give_the_same_programs() {
    // A configuration without a dialect and one with every feature draw the
    // same bytes the same way (`lloracle` lacks nothing, so lowering
    // changes nothing).
    let all = Dialect::by_name("lloracle").unwrap();
    for seed in 0..50 {
        let p = gen::from_seed(seed, 30);
        assert_eq!(from_seed_in(seed, 30, None), p);
        assert_eq!(from_seed_in(seed, 30, Some(&all)), p);
    }
}
