//! The Oat front end's own parser, printer and evaluator (the oat crate,
//! docs/grading.md, "Front ends"): on any bytes the parser never panics;
//! what it accepts prints to text that parses back to the same program;
//! and the evaluator runs it within small limits (fuel, depth, bytes)
//! without panicking, under both Oat versions; a run that ends within
//! the limits ends the same with twice the fuel. Inputs starting with `G` are drawn by the Oat
//! generator from the remaining bytes instead (so whole well-typed
//! programs reach the evaluator too).
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use oat::eval::{self, Limits, Outcome};
use oat::OatVersion;

/// Small limits: every run ends in milliseconds.
const LIMITS: Limits = Limits {
    fuel: 20_000,
    max_depth: 50,
    max_bytes: 1 << 20,
};

fuzz_target!(|data: &[u8]| {
    let prog = match data.split_first() {
        Some((b'G', rest)) => {
            let cfg = oat::gen::OatGenConfig::with_size(20, OatVersion::V2);
            oat::gen::generate(&mut Unstructured::new(rest), &cfg)
        }
        _ => {
            let text = String::from_utf8_lossy(data);
            let Ok(p) = oat::parse::program(&text) else {
                return;
            };
            p
        }
    };
    let printed = oat::print::program(&prog);
    match oat::parse::program(&printed) {
        Ok(again) => assert_eq!(
            prog, again,
            "print/parse round trip changed the program:\n{printed}"
        ),
        Err(e) => panic!("the printed program does not parse: {e}\n{printed}"),
    }
    for version in [OatVersion::V1, OatVersion::V2] {
        let first = eval::run(&prog, version, &LIMITS);
        if let Outcome::Limit { what, .. } = &first {
            assert!(!what.is_empty(), "a limit outcome names its limit");
            continue;
        }
        // Fuel bounds: a run that ended within the limits ends the same
        // with twice the fuel (fuel only matters where it runs out).
        let more = Limits {
            fuel: 2 * LIMITS.fuel,
            ..LIMITS
        };
        assert_eq!(first, eval::run(&prog, version, &more), "{printed}");
    }
});
