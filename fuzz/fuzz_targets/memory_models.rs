//! LLVMlite's memory versus LLVM's: on a generated or corpus program with
//! mutations, wherever the tree memory's run is defined (it returns, or a
//! runtime function ends it), the run in LLVM's memory prints the same and
//! ends the same (`oracle::compare_memory_models`, docs/semantics.md,
//! "LLVM's memory").
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
    if let Err(e) = oracle::compare_memory_models(&prog, &[], &opts) {
        panic!(
            "the two memory models disagree on a defined run: {e}\n{}",
            spec::print(&prog)
        );
    }
});
