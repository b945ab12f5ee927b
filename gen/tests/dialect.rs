//! Generation within a dialect (issue 17): for every profile, the seeded
//! programs use only the profile's features (as a tree and as the text
//! `print_in` writes), check, return on the oracle and print back
//! unchanged. Prints each profile's breadth histogram (the generator's
//! features it reaches and those it never does).

mod common;

use common::{roundtrip, run};
use gen::features::histogram;
use gen::from_seed_in;
use spec::dialect::{print_in, uses_in_prog, uses_in_text, Dialect};
use spec::{Outcome, Source};

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
            let fail = |what: String| format!("{} seed {seed} size {size}: {what}", d.name);
            if let Err(ds) = spec::check(&p) {
                failures.push(fail(format!("ill-typed: {}", ds[0].message)));
                continue;
            }
            let o = run(&p);
            if !matches!(o, Outcome::Returned { .. }) {
                failures.push(fail(format!("oracle: {}", o.to_json())));
            }
            if roundtrip(&p).as_ref() != Ok(&p) {
                failures.push(fail("print -> parse changed the program".into()));
            }
            if let Some(u) = uses_in_prog(&p).into_iter().find(|u| !d.has(u.feature)) {
                failures.push(fail(format!("the tree {u}")));
            }
            let src = Source::new("generated.ll", print_in(&p, &d));
            match uses_in_text(&src) {
                Ok(uses) => {
                    if let Some(u) = uses.into_iter().find(|u| !d.has(u.feature)) {
                        failures.push(fail(format!("the text {u}")));
                    }
                }
                Err(e) => failures.push(fail(format!("text does not parse: {}", e.message))),
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
    assert!(
        failures.is_empty(),
        "{} failures, the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
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
