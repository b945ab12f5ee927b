//! `lloracle corpus list` and `lloracle corpus show NAME`: the programs of
//! the bundled corpus (docs/corpus-format.md), by the names reports give
//! them (`corpus/spec/factorial.ll`), so that a student can get the program a
//! report names without lloracle's source tree.

use super::EXIT_USAGE;
use lloracle::corpus::{default_dir, find_by_name, load_corpus};

/// Arguments of `lloracle corpus`.
#[derive(clap::Args, Debug)]
pub struct CorpusArgs {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand, Debug)]
enum Action {
    /// Print the name of every bundled corpus program, one a line.
    List,
    /// Print one bundled corpus program, with its `; CHECK` lines (what it
    /// must do).
    Show {
        /// The program as a report names it: `corpus/spec/factorial.ll`,
        /// `spec/factorial.ll`, `spec/factorial`, or `factorial.ll` when only one program
        /// has that file name.
        name: String,
    },
}

/// Lists or prints; 0 on success, 2 with the reason on stderr otherwise.
pub fn main(a: CorpusArgs) -> u8 {
    let files = match load_corpus(&default_dir()) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("lloracle corpus: the bundled corpus does not load: {e}");
            return EXIT_USAGE;
        }
    };
    match a.action {
        Action::List => {
            for f in &files {
                println!("{}", f.display_name());
            }
            0
        }
        Action::Show { name } => match find_by_name(&files, &name) {
            Ok(f) => {
                print!("{}", f.text);
                0
            }
            Err(e) => {
                eprintln!("lloracle corpus show: {e}");
                EXIT_USAGE
            }
        },
    }
}
