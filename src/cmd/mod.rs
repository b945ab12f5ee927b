//! One module per subcommand, plus loading a program from a file.

pub mod autograder;
pub mod bench;
pub mod check;
pub mod compile;
pub mod corpus;
pub mod dialects;
pub mod fuzz_diff;
pub mod gen;
pub mod grade;
pub mod import_tests;
pub mod merge;
pub mod native;
pub mod options;
pub mod print;
pub mod recover;
pub mod reduce;
pub mod run;
pub mod test_compiler;

pub use lloracle::input::{load_source, load_source_with, parse_source, read_source, Loaded};
use spec::{Outcome, Source};
use std::io::Write;
use std::path::Path;

/// Prints `v` as one line of JSON on stdout.
pub fn print_json(v: &serde_json::Value) {
    println!("{v}");
}

/// The exit code for an unreadable input file or bad usage.
pub const EXIT_USAGE: u8 = 2;

/// Writes the program's stdout to stdout and, for an abnormal end, a
/// diagnostic to stderr (with the source line when `src` is known): the
/// output contract shared by `run` and `native`.
pub fn report_outcome(outcome: &Outcome, src: Option<&Source>) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(outcome.stdout());
    let _ = out.flush();
    match (outcome, src) {
        (Outcome::Returned { .. } | Outcome::Exited { .. }, _) => {}
        (Outcome::Halted { stderr, .. }, _) => {
            let mut err = std::io::stderr().lock();
            let _ = err.write_all(stderr);
            let _ = err.flush();
        }
        (Outcome::IllTyped { .. } | Outcome::Malformed { .. }, _) => {}
        (Outcome::Undefined { .. }, Some(src)) => {
            eprint!("{}", oracle::render_undefined(outcome, src))
        }
        (other, _) => eprintln!("lloracle: {other}"),
    }
}

/// Reads and checks the program at `path` (its calls against course
/// runtime `runtime`), reporting problems on stderr; `Err` is the exit
/// code to end with.
pub fn load_file(path: &Path, runtime: spec::RuntimeName) -> Result<Loaded, u8> {
    let src = read_source(path).map_err(|e| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    })?;
    load_source_with(src, runtime).map_err(|r| {
        eprint!("{}", r.rendered);
        r.outcome.exit_code() as u8
    })
}
