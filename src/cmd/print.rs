//! `lloracle print [--opaque | --dialect D] FILE`: the canonical text of a
//! program (with `--opaque`, every pointee type erased; with `--dialect`,
//! an equivalent program in that dialect).

use super::{load_file, parse_source, read_source, EXIT_USAGE};
use std::path::PathBuf;

/// Arguments of `lloracle print`.
#[derive(clap::Args, Debug)]
pub struct PrintArgs {
    /// The file to print.
    file: PathBuf,
    /// Erase pointee types: every `T*` is printed as LLVM 15's opaque `ptr`.
    #[arg(long, conflicts_with = "dialect")]
    opaque: bool,
    /// With `--dialect`: an equivalent program in that dialect (literals
    /// it cannot write are computed by instructions, names renamed, its
    /// syntax used); exit 2 when the program has no equivalent there.
    #[command(flatten)]
    dialect: super::options::DialectOpt,
}

/// Prints the program in canonical LLVM 3.7+ syntax; exit 2 if it does not parse.
pub fn main(a: PrintArgs) -> u8 {
    if let Some(d) = &a.dialect.dialect {
        return print_in_dialect(&a.file, d);
    }
    let src = match read_source(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("lloracle: {e}");
            return EXIT_USAGE;
        }
    };
    match parse_source(&src) {
        Ok(prog) => {
            let prog = if a.opaque {
                spec::erase_pointee_types(&prog)
            } else {
                prog
            };
            print!("{}", spec::print(&prog));
            0
        }
        Err(r) => {
            eprint!("{}", r.rendered);
            2
        }
    }
}

/// `print --dialect NAME`: the checked program lowered into the dialect.
fn print_in_dialect(path: &std::path::Path, d: &spec::dialect::Dialect) -> u8 {
    let loaded = match load_file(path, spec::RuntimeName::Ll) {
        Ok(l) => l,
        Err(code) => return code,
    };
    match spec::dialect::to_dialect(&loaded.prog, d) {
        Ok(text) => {
            print!("{text}");
            0
        }
        Err(e) => {
            eprintln!(
                "{}: {e}, which {} has no equivalent for",
                loaded.src.name, d.name
            );
            2
        }
    }
}
