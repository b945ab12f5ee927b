//! Any bytes: the parser never panics, and what it accepts prints to text
//! that parses back to the same program (spans do not take part in equality).
#![no_main]

use libfuzzer_sys::fuzz_target;
use spec::Source;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(prog) = spec::parse(&Source::new("fuzz.ll", text)) else {
        return;
    };
    let printed = spec::print(&prog);
    match spec::parse(&Source::new("printed.ll", printed.as_str())) {
        Ok(again) => assert_eq!(
            prog, again,
            "print/parse round trip changed the program:\n{printed}"
        ),
        Err(d) => panic!("printed program does not parse: {d:?}\n{printed}"),
    }
});
