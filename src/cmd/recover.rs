//! `lloracle recover FILE [-o OUT]`: typed LLVMlite from an opaque-pointer
//! program (docs/semantics.md, opaque pointers): one pointee type per value, recovered by the
//! `recover` crate, with `bitcast`s where a value is used at another type;
//! the safety facts per named struct are printed as comments (or on stderr
//! with `-o`).

use super::{load_source, read_source, EXIT_USAGE};
use std::path::PathBuf;

/// Arguments of `lloracle recover`.
#[derive(clap::Args, Debug)]
pub struct RecoverArgs {
    /// The (opaque, typed or mixed) program.
    file: PathBuf,
    /// Where to write the typed program (stdout when absent).
    #[arg(short = 'o', long = "output")]
    output: Option<PathBuf>,
}

/// Recovers pointee types and prints the typed program; exit 2 if the
/// input does not parse or check, or the output cannot be written.
pub fn main(a: RecoverArgs) -> u8 {
    let src = match read_source(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    let loaded = match load_source(src) {
        Ok(l) => l,
        Err(r) => {
            eprint!("{}", r.rendered);
            return 2;
        }
    };
    let rec = recover::recover(&loaded.prog);
    let report = format!(
        "; type recovery: safety facts per named struct\n{}",
        rec.report
    );
    let text = format!("{report}\n{}", spec::print(&rec.prog));
    match a.output {
        Some(out) => {
            if let Err(e) = std::fs::write(&out, text) {
                eprintln!("lloracle: {}: {e}", out.display());
                return EXIT_USAGE;
            }
            eprint!("{report}");
            0
        }
        None => {
            print!("{text}");
            0
        }
    }
}
