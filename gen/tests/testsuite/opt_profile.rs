//! The optimiser profile (`gen::Profile::Opt`): its programs check, return
//! on the oracle and stay inside every dialect as the default profile's do
//! (see tests/testsuite/dialect.rs), and each optimiser pattern appears in a good
//! share of them.

use crate::common;

use common::{assert_no_failures, failures_in};
use gen::features::histogram;
use gen::{from_seed_with, Feature, Profile};
use spec::dialect::Dialect;

#[test]
fn opt_programs_check_return_and_stay_inside_every_dialect() {
    let dialects = std::iter::once(None).chain(Dialect::profiles().into_iter().map(Some));
    let mut failures = Vec::new();
    for d in dialects {
        let name = d.as_ref().map_or("none", |d| d.name.as_str()).to_string();
        for seed in 0..150u64 {
            let size = 1 + (seed * 7 % 100) as usize;
            let p = from_seed_with(seed, size, d.as_ref(), Profile::Opt);
            for what in failures_in(&p, d.as_ref()) {
                failures.push(format!("{name} seed {seed} size {size}: {what}"));
            }
        }
    }
    assert_no_failures(&failures);
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
        histogram(gen_all(Profile::Opt)),
        histogram(gen_all(Profile::Default)),
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

/// Each optimiser pattern, written by hand, is read off the syntax; the
/// near misses next to them are not.
#[test]
fn optimiser_patterns_are_read_off_the_syntax() {
    let src = spec::Source::new(
        "opt.ll",
        r#"
@g = global i64 0
@s = global { i64, i64 } { i64 1, i64 2 }
define void @w(i64* %p, i64 %x) {
  store i64 %x, i64* %p
  store i64 %x, i64* @g
  ret void
}
define i64 @main() {
  %v = alloca i64
  store i64 1, i64* %v
  store i64 8, i64* %v
  %a = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 1
  %b = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 1
  store i64 5, i64* %a
  %x = load i64, i64* %b
  %c = bitcast i64* %v to i8*
  %d = bitcast i8* %c to i64*
  store i64 6, i64* %d
  %y = load i64, i64* %v
  %slot = alloca i64*
  store i64* %v, i64** %slot
  %q = load i64*, i64** %slot
  store i64 7, i64* %q
  %z = load i64, i64* %v
  call void @w(i64* %v, i64 3)
  %u = load i64, i64* %v
  %h = load i64, i64* @g
  %big = add i64 4611686018427387903, 1
  %m = and i64 127, 63
  %sh = shl i64 1, %m
  %k = icmp slt i64 %big, 0
  br i1 %k, label %loop, label %out
loop:
  %inv = mul i64 %x, %y
  br i1 0, label %loop, label %out
out:
  ret i64 %x
dead:
  ret i64 0
}
"#,
    );
    let p = spec::parse(&src).expect("parses");
    assert!(spec::check(&p).is_ok(), "checks");
    let fs = gen::features(&p);
    let missing: Vec<Feature> = Feature::opt_patterns()
        .into_iter()
        .filter(|f| !fs.contains(f))
        .collect();
    assert!(missing.is_empty(), "not found: {missing:?}");

    // Near misses: two places that differ, a store read before the next
    // store, a call that writes another place, a constant inside the
    // 63-bit range, a shift of a loaded word by 62, a branch on a loaded word, a loop whose
    // binop uses the counter it defines, every block reached.
    let src = spec::Source::new(
        "near.ll",
        r#"
@g = global i64 0
@s = global { i64, i64 } { i64 1, i64 2 }
define void @w(i64* %p, i64 %x) {
  store i64 %x, i64* %p
  ret void
}
define i64 @main() {
  %v = alloca i64
  store i64 1, i64* %v
  %a = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 0
  %b = getelementptr { i64, i64 }, { i64, i64 }* @s, i64 0, i32 1
  store i64 5, i64* %a
  %x = load i64, i64* %b
  %y = load i64, i64* %v
  store i64 2, i64* %v
  call void @w(i64* %a, i64 3)
  %u = load i64, i64* %v
  %h = load i64, i64* @g
  %big = add i64 4611686018427387902, 1
  %sh = shl i64 %h, 62
  %k = icmp slt i64 %h, 0
  br i1 %k, label %loop, label %out
loop:
  %i = load i64, i64* %v
  %j = add i64 %i, 1
  store i64 %j, i64* %v
  br i1 %k, label %loop, label %out
out:
  ret i64 %x
}
"#,
    );
    let p = spec::parse(&src).expect("parses");
    assert!(spec::check(&p).is_ok(), "checks");
    let fs = gen::features(&p);
    let found: Vec<Feature> = Feature::opt_patterns()
        .into_iter()
        .filter(|f| fs.contains(f))
        .collect();
    assert!(found.is_empty(), "wrongly found: {found:?}");
}
