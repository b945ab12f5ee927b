//! The benchmark programs of `lloracle bench` (oracle/benches/programs/),
//! each with one size knob so that the bench can run it long enough to be
//! timed honestly, and the value its `main` returns at any size.

/// One benchmark program: its text at its default size, where its size is
/// written, and what it returns.
#[derive(Debug)]
pub struct BenchProgram {
    /// Its name (`loop`, `fib`, `bubble`, `list`).
    pub name: &'static str,
    /// What one unit of its size is, for the bench's table.
    pub unit: &'static str,
    /// The program text, at size `default`.
    pub text: &'static str,
    /// The text that holds the size, with `{}` where the number goes; it
    /// occurs exactly once in `text` (with `default`).
    marker: &'static str,
    /// The size the file is written at.
    pub default: u64,
    /// The size at which the interpreters (the oracle, LLVM's) each run for
    /// at least 0.2 s on a 2-core machine.
    pub interp_size: u64,
    /// The size at which native code (ours, `llc -O0`, `opt -O2 | llc`)
    /// runs for at least 0.2 s.
    pub native_size: u64,
    /// Whether the work grows like fib's (by the golden ratio per unit of
    /// size) rather than in proportion to the size.
    exponential: bool,
    /// The value `main` returns at a size, derived from what the program
    /// computes (not from running it).
    expected: fn(u64) -> i64,
}

impl BenchProgram {
    /// The program text at `size`.
    pub fn at(&self, size: u64) -> String {
        let from = self.marker.replace("{}", &self.default.to_string());
        let to = self.marker.replace("{}", &size.to_string());
        self.text.replacen(&from, &to, 1)
    }

    /// True when the size marker occurs exactly once in the text, with the
    /// default size (so that [`BenchProgram::at`] changes the size and
    /// nothing else).
    pub fn marker_is_unique(&self) -> bool {
        let from = self.marker.replace("{}", &self.default.to_string());
        self.text.matches(&from).count() == 1
    }

    /// The value `main` returns at `size`.
    pub fn expected(&self, size: u64) -> i64 {
        (self.expected)(size)
    }

    /// `size` scaled so that the work is multiplied by about `scale` (at
    /// least size 1; fib's size grows by log base 1.618 of `scale`).
    pub fn scaled(&self, size: u64, scale: f64) -> u64 {
        let s = if self.exponential {
            size as f64 + scale.ln() / 1.618_033_988_75_f64.ln()
        } else {
            size as f64 * scale
        };
        if s.is_finite() && s >= 1.0 {
            s.round() as u64
        } else {
            1
        }
    }
}

/// `sum over i in 0..n of (i * 3 + 1) xor (i >> 2)`, wrapping: loop.ll.
fn loop_value(n: u64) -> i64 {
    (0..n as i64).fold(0i64, |acc, i| {
        acc.wrapping_add(i.wrapping_mul(3).wrapping_add(1) ^ (i >> 2))
    })
}

/// fib(n) with fib(0) = 0, fib(1) = 1, wrapping: fib.ll.
fn fib_value(n: u64) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..n {
        (a, b) = (b, a.wrapping_add(b));
    }
    a
}

/// bubble.ll: the sorted array gives 1 * 10^6 + 2000 * 1000 + 1 whatever
/// the number of rounds (at least one).
fn bubble_value(_rounds: u64) -> i64 {
    1_000_000 + 2000 * 1000 + 1
}

/// list.ll: each walk sums 1 + ... + 1000 = 500500.
fn list_value(walks: u64) -> i64 {
    (walks as i64).wrapping_mul(500_500)
}

/// The benchmark programs.
pub fn bench_programs() -> &'static [BenchProgram] {
    &[
        BenchProgram {
            name: "loop",
            unit: "iterations",
            text: include_str!("../benches/programs/loop.ll"),
            marker: "icmp slt i64 %iv, {}",
            default: 10_000_000,
            interp_size: 8_000_000,
            native_size: 1_000_000_000,
            exponential: false,
            expected: loop_value,
        },
        BenchProgram {
            name: "fib",
            unit: "fib(n)",
            text: include_str!("../benches/programs/fib.ll"),
            marker: "call i64 @fib(i64 {})",
            default: 27,
            interp_size: 32,
            native_size: 41,
            exponential: true,
            expected: fib_value,
        },
        BenchProgram {
            name: "bubble",
            unit: "sorts of 2,000",
            text: include_str!("../benches/programs/bubble.ll"),
            marker: "icmp slt i64 %rv2, {}",
            default: 1,
            interp_size: 2,
            native_size: 300,
            exponential: false,
            expected: bubble_value,
        },
        BenchProgram {
            name: "list",
            unit: "walks of 1,000",
            text: include_str!("../benches/programs/list.ll"),
            marker: "%node* null, i64 {})",
            default: 3000,
            interp_size: 5000,
            native_size: 250_000,
            exponential: false,
            expected: list_value,
        },
    ]
}
