//! The rules versus the fast paths: on a generated or corpus program with
//! mutations that may add undefined behaviour, the oracle with its fast
//! paths (`oracle::run`) and with the rules alone (as `--trace` runs) end
//! in the same outcome after the same number of steps.
//!
//! The program comes from `lloracle_fuzz::program_from_bytes`, as for the
//! `oracle` target (whose seeds it shares).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some(prog) = lloracle_fuzz::program_from_bytes(data) else {
        return;
    };
    let opts = lloracle_fuzz::oracle_options();
    if let Err(e) = oracle::compare_fast_paths_with_rules(&prog, &[], &opts) {
        panic!(
            "the fast paths and the rules disagree: {e}\n{}",
            spec::print(&prog)
        );
    }
});
