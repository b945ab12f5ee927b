//! A generated (well-typed, well-defined, terminating) program: the oracle
//! returns, and the native code of the reference back end shows the same
//! result and output.
#![no_main]

use libfuzzer_sys::fuzz_target;
use spec::Outcome;
use std::time::Duration;

fuzz_target!(|g: gen::GenProgram| {
    let prog = &g.0;
    let expected = oracle::run(prog, None, &[], &oracle::Options::default());
    assert!(
        matches!(expected, Outcome::Returned { .. }),
        "a generated program did not return on the oracle: {expected:?}\n{}",
        spec::print(prog)
    );
    let native_opts = codegen::NativeOptions {
        timeout: Duration::from_secs(5),
        ..codegen::NativeOptions::default()
    };
    let actual = match codegen::run_native(prog, &[], &native_opts) {
        Ok(o) => o,
        Err(e) => panic!(
            "the back end failed on a generated program: {e:?}\n{}",
            spec::print(prog)
        ),
    };
    assert!(
        expected.agrees_with(&actual),
        "oracle and native code disagree:\noracle: {expected:?}\nnative: {actual:?}\n{}",
        spec::print(prog)
    );
});
