//! `lloracle print [--opaque] FILE`: the canonical text of a program
//! (with `--opaque`, every pointee type erased).

use super::{parse_source, read_source, EXIT_USAGE};
use std::path::PathBuf;

/// Arguments of `lloracle print`.
#[derive(clap::Args, Debug)]
pub struct PrintArgs {
    /// The file to print.
    file: PathBuf,
    /// Erase pointee types: every `T*` is printed as LLVM 15's opaque `ptr`.
    #[arg(long)]
    opaque: bool,
}

/// Prints the program in canonical LLVM 3.7+ syntax; exit 2 if it does not parse.
pub fn main(a: PrintArgs) -> u8 {
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
