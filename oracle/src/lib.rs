//! The LLVMlite abstract machine (being built): an executable transcription of
//! the spec's `interp_call` and `interp_cfg`.

use spec::{Outcome, Prog, Source};

/// Limits and choices of one run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The function to start in (`main` by default); it takes `()` or `(i64, i8**)`.
    pub entry: String,
    /// argv[0], the program name the harness also gives native runs.
    pub program_name: String,
    /// The most instructions executed before `fuel-exhausted`.
    pub fuel: u64,
    /// The most nested calls before `call-depth-exceeded`.
    pub max_depth: usize,
    /// The most memory cells before `memory-exhausted`.
    pub max_cells: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            entry: "main".into(),
            program_name: "lloracle".into(),
            fuel: 1_000_000_000,
            max_depth: 100_000,
            max_cells: 100_000_000,
        }
    }
}

/// Runs a checked program from its entry point with `args` as argv[1..].
/// `src` is the text it was parsed from, for source lines in locations.
pub fn run(prog: &Prog, src: Option<&Source>, args: &[String], opts: &Options) -> Outcome {
    let _ = (prog, src, args, opts);
    Outcome::Limit {
        kind: spec::LimitKind::FuelExhausted,
        stdout: Vec::new(),
    }
}
