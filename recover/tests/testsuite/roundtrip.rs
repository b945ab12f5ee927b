//! The round trip over generated programs: typed -> opaque
//! (`erase_pointee_types`) -> recovered typed program. The erased program
//! runs to the typed one's outcome (the oracle's checks use tags and
//! annotations, where `ptr` matches any pointer); the recovered program
//! mentions no `ptr`, passes the checker and runs to the same outcome; the
//! oracle's recorded pointer types are all in the recovered sets; and the
//! recovered type of each pointer local equals the original one for at
//! least 95% of them.

use crate::common;
use common::*;

/// How many generated programs (at least 2,000, for the 95% bound to mean something).
const PROGRAMS: u64 = 2_000;

#[test]
fn two_thousand_generated_programs_round_trip_soundly_and_precisely() {
    let (mut same, mut all, mut observed) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for seed in 0..PROGRAMS {
        let size = 1 + (seed % 40) as usize;
        let typed = gen::from_seed(seed, size);
        let want = oracle::run(&typed, None, &[], &opts());
        let opaque = spec::erase_pointee_types(&typed);
        assert!(
            spec::check(&opaque).is_ok(),
            "seed {seed}: the erased program does not check"
        );
        let got = oracle::run(&opaque, None, &[], &opts());
        if !want.same_behaviour(&got) {
            failures.push(format!("seed {seed}: erased program: {:?}", got.to_json()));
        }
        let rec = recover::recover(&opaque).prog;
        if spec::opaque::prog_mentions_opaque(&rec) {
            failures.push(format!("seed {seed}: the recovered program mentions ptr"));
        }
        if let Err(d) = spec::check(&rec) {
            failures.push(format!(
                "seed {seed}: recovered program ill-typed: {}",
                d[0].message
            ));
        }
        let back = oracle::run(&rec, None, &[], &opts());
        if !want.same_behaviour(&back) {
            failures.push(format!(
                "seed {seed}: recovered program ran to {:?}, typed to {:?}",
                back.to_json(),
                want.to_json()
            ));
        }
        let (n, bad) = soundness(&opaque, &[]);
        observed += n;
        failures.extend(
            bad.into_iter()
                .map(|b| format!("seed {seed}: unsound: {b}")),
        );
        let (s, a) = recover::measure::precision(&typed, &rec);
        same += s;
        all += a;
    }
    eprintln!(
        "recover round trip: {PROGRAMS} programs; soundness: {observed} observed (local, type) pairs, all in the recovered sets; precision {same}/{all} = {:.2}%",
        100.0 * same as f64 / all.max(1) as f64
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(all > 10_000, "too few pointer locals measured: {all}");
    assert!(same * 100 >= all * 95, "precision {same}/{all} below 95%");
}
