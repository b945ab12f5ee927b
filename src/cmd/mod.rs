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
pub mod progress;
pub mod recover;
pub mod reduce;
pub mod run;
pub mod test_compiler;

use spec::{Outcome, Prog, Source};
use std::io::Write;
use std::path::Path;

/// A program read from a file, parsed and checked, or the outcome that
/// stopped it (malformed, ill-typed, unreadable), already reported on stderr.
pub struct Loaded {
    /// The source text, for diagnostics.
    pub src: Source,
    /// The checked program.
    pub prog: Prog,
}

/// Reads `path` (at most `lloracle::input::MAX_INPUT_BYTES`); `Err` is an
/// I/O error message.
pub fn read_source(path: &Path) -> Result<Source, String> {
    let bytes = lloracle::input::read_input(path)?;
    let text = lloracle::input::source_text(bytes);
    Ok(Source::new(path.display().to_string(), text))
}

/// A program that never ran: why (the outcome) and the diagnostics as text.
pub struct Rejected {
    /// `Malformed` or `IllTyped`.
    pub outcome: Outcome,
    /// The diagnostics rendered with source lines and carets.
    pub rendered: String,
}

/// Parses `src`; on failure the `Malformed` outcome and the rendered diagnostic.
pub fn parse_source(src: &Source) -> Result<Prog, Box<Rejected>> {
    spec::parse(src).map_err(|d| {
        Box::new(Rejected {
            outcome: Outcome::Malformed {
                diagnostic: d.locate(src),
            },
            rendered: d.render(src),
        })
    })
}

/// Parses and checks `src`; on failure the outcome and the rendered diagnostics.
pub fn load_source(src: Source) -> Result<Loaded, Box<Rejected>> {
    load_source_with(src, spec::RuntimeName::Ll)
}

/// [`load_source`] checking calls against course runtime `runtime`.
pub fn load_source_with(src: Source, runtime: spec::RuntimeName) -> Result<Loaded, Box<Rejected>> {
    let opts = spec::check::CheckOptions {
        runtime,
        ..Default::default()
    };
    match spec::parse_and_check_with(&src, &opts) {
        Ok(prog) => Ok(Loaded { src, prog }),
        Err(r) => {
            let outcome = match &r {
                spec::Rejection::Malformed(d) => Outcome::Malformed {
                    diagnostic: d.locate(&src),
                },
                spec::Rejection::IllTyped(ds) => Outcome::IllTyped {
                    diagnostics: ds.iter().map(|d| d.locate(&src)).collect(),
                },
            };
            let rendered = r.render(&src);
            Err(Box::new(Rejected { outcome, rendered }))
        }
    }
}

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

/// Reads and checks the program at `path`, reporting problems on stderr;
/// `Err` is the exit code to end with.
pub fn load_file(path: &Path) -> Result<Loaded, u8> {
    load_file_with(path, spec::RuntimeName::Ll)
}

/// [`load_file`] checking calls against course runtime `runtime`.
pub fn load_file_with(path: &Path, runtime: spec::RuntimeName) -> Result<Loaded, u8> {
    let src = read_source(path).map_err(|e| {
        eprintln!("lloracle: {e}");
        EXIT_USAGE
    })?;
    load_source_with(src, runtime).map_err(|r| {
        eprint!("{}", r.rendered);
        r.outcome.exit_code() as u8
    })
}
