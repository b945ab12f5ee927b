//! A program that checks, possibly with undefined behaviour: the oracle ends
//! in an `Outcome` within its (small) limits and never panics or hangs.
//!
//! The program comes from `lloracle_fuzz::program_from_bytes`: a generated
//! program or a seed text (the corpus), then a few mutations that keep it
//! well typed but may break well-definedness.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(prog) = lloracle_fuzz::program_from_bytes(data) else {
        return;
    };
    let opts = lloracle_fuzz::small_limits();
    let outcome = oracle::run(&prog, None, &[], &opts);
    assert!(
        !lloracle_fuzz::is_internal_error(&outcome),
        "the oracle failed internally on a checked program: {outcome:?}\n{}",
        spec::print(&prog)
    );
});
