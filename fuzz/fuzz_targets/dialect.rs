//! Dialects: `uses_in_text` never panics on any bytes; a checked program
//! (`lloracle_fuzz::program_from_bytes`) lowered into each profile checks,
//! uses only the profile's features, prints to text that parses back to
//! it, and runs to the same outcome on the oracle.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spec::dialect::{lower, print_in, uses_in_prog, Dialect};
use spec::Source;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = spec::dialect::uses_in_text(&Source::new("fuzz.ll", text));
    let Some(prog) = lloracle_fuzz::program_from_bytes(data) else {
        return;
    };
    let opts = lloracle_fuzz::small_limits();
    let want = oracle::run(&prog, None, &[], &opts);
    for d in Dialect::profiles() {
        let Ok(low) = lower(&prog, &d) else {
            continue;
        };
        assert!(
            spec::check(&low).is_ok(),
            "{}: lowered program ill-typed",
            d.name
        );
        let outside: Vec<_> = uses_in_prog(&low)
            .into_iter()
            .filter(|u| !d.has(u.feature))
            .collect();
        assert!(outside.is_empty(), "{}: {outside:?}", d.name);
        let printed = print_in(&low, &d);
        let back = spec::parse(&Source::new("printed.ll", printed.as_str())).unwrap_or_else(|e| {
            panic!("{}: printed text does not parse: {e:?}\n{printed}", d.name)
        });
        assert_eq!(
            back, low,
            "{}: print/parse changed the program\n{printed}",
            d.name
        );
        let got = oracle::run(&back, None, &[], &opts);
        assert!(
            want.same_behaviour(&got),
            "{}: {want:?} became {got:?}\n{printed}",
            d.name
        );
    }
});
