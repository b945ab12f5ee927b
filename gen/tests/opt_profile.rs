//! The optimiser profile (`gen::Profile::Opt`): its programs check, return
//! on the oracle and stay inside every dialect as the default profile's do
//! (see tests/dialect.rs), and each optimiser pattern appears in a good
//! share of them.

mod common;

use common::{roundtrip, run};
use gen::features::histogram;
use gen::{from_seed_with, Feature, Profile};
use spec::dialect::{print_in, uses_in_prog, uses_in_text, Dialect};
use spec::{Outcome, Source};

#[test]
fn opt_programs_check_return_and_stay_inside_every_dialect() {
    let dialects = std::iter::once(None).chain(Dialect::profiles().into_iter().map(Some));
    let mut failures = Vec::new();
    for d in dialects {
        let name = d.as_ref().map_or("none", |d| d.name.as_str()).to_string();
        for seed in 0..150u64 {
            let size = 1 + (seed * 7 % 100) as usize;
            let p = from_seed_with(seed, size, d.as_ref(), Profile::Opt);
            let fail = |what: String| format!("{name} seed {seed} size {size}: {what}");
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
            let Some(d) = &d else { continue };
            if let Some(u) = uses_in_prog(&p).into_iter().find(|u| !d.has(u.feature)) {
                failures.push(fail(format!("the tree {u}")));
            }
            let src = Source::new("generated.ll", print_in(&p, d));
            match uses_in_text(&src) {
                Ok(uses) => {
                    if let Some(u) = uses.into_iter().find(|u| !d.has(u.feature)) {
                        failures.push(fail(format!("the text {u}")));
                    }
                }
                Err(e) => failures.push(fail(format!("text does not parse: {}", e.message))),
            }
        }
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
fn every_optimiser_pattern_is_in_a_good_share_of_opt_programs() {
    const N: u64 = 300;
    let gen_all = |profile| -> Vec<spec::Prog> {
        (0..N)
            .map(|seed| from_seed_with(seed, 10 + (seed % 60) as usize, None, profile))
            .collect()
    };
    let (opt, default) = (
        histogram(&gen_all(Profile::Opt)),
        histogram(&gen_all(Profile::Default)),
    );
    eprintln!("programs (of {N}) with each pattern: opt profile / default profile");
    let mut rare = Vec::new();
    for f in Feature::opt_patterns() {
        eprintln!("  {:4} / {:4}  {f:?}", opt[&f], default[&f]);
        // A quarter of the programs at least, and more than the default.
        if opt[&f] * 4 < N as usize || opt[&f] <= default[&f] {
            rare.push(f);
        }
    }
    assert!(
        rare.is_empty(),
        "patterns too rare in the opt profile: {rare:?}"
    );
}

#[test]
fn profiles_have_names_and_the_default_profile_is_from_seed_in() {
    for n in Profile::NAMES {
        assert_eq!(Profile::by_name(n).map(Profile::name), Some(n));
    }
    assert_eq!(Profile::by_name("fast"), None);
    assert_eq!(Profile::default(), Profile::Default);
    for seed in 0..20 {
        let d = Dialect::by_name("cis341").unwrap();
        assert_eq!(
            from_seed_with(seed, 30, Some(&d), Profile::Default),
            gen::from_seed_in(seed, 30, Some(&d))
        );
    }
}
