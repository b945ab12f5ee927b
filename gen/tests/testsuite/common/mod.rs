//! Helpers shared by the generator's tests.
#![allow(dead_code)]

use spec::{Outcome, Prog, Source};

/// The fuel the tests give: a thousandth of the default, because the
/// generator bounds what programs execute far below it (a program needing
/// more ends in `fuel-exhausted` and fails the tests).
pub const FUEL: u64 = 1_000_000;

/// Runs `p` on the oracle with no arguments and [`FUEL`].
pub fn run(p: &Prog) -> Outcome {
    let opts = oracle::Options {
        fuel: FUEL,
        ..oracle::Options::default()
    };
    oracle::run(p, None, &[], &opts)
}

/// What is wrong with generated program `p`: it must check, return on the
/// oracle, print and parse back unchanged and, in dialect `d`, use only
/// the dialect's features (as a tree and as the text `print_in` writes).
/// Empty when nothing is.
pub fn failures_in(p: &Prog, d: Option<&spec::dialect::Dialect>) -> Vec<String> {
    use spec::dialect::{print_in, uses_in_prog, uses_in_text};
    let mut failures = Vec::new();
    if let Err(ds) = spec::check(p) {
        return vec![format!("ill-typed: {}", ds[0].message)];
    }
    let o = run(p);
    if !matches!(o, Outcome::Returned { .. }) {
        failures.push(format!("oracle: {}", o.to_json()));
    }
    if roundtrip(p).as_ref() != Ok(p) {
        failures.push("print -> parse changed the program".into());
    }
    let Some(d) = d else {
        return failures;
    };
    if let Some(u) = uses_in_prog(p).into_iter().find(|u| !d.has(u.feature)) {
        failures.push(format!("the tree {u}"));
    }
    let src = Source::new("generated.ll", print_in(p, d));
    match uses_in_text(&src) {
        Ok(uses) => {
            if let Some(u) = uses.into_iter().find(|u| !d.has(u.feature)) {
                failures.push(format!("the text {u}"));
            }
        }
        Err(e) => failures.push(format!("text does not parse: {}", e.message)),
    }
    failures
}

/// Fails the test with the count and the first five of `failures`, if any.
pub fn assert_no_failures(failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} failures, the first:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

/// `parse(print(p))`.
pub fn roundtrip(p: &Prog) -> Result<Prog, String> {
    let text = spec::print(p);
    let src = Source::new("generated.ll", text);
    spec::parse(&src).map_err(|d| d.render(&src))
}

/// SplitMix64: a deterministic stream of bytes for the tests.
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }
}
