//! An arbitrary syntax tree, well typed or not: the checker never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|prog: spec::Prog| {
    let _ = spec::check(&prog);
});
