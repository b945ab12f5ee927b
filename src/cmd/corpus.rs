//! `lloracle corpus list` and `lloracle corpus show NAME`: the programs of
//! the bundled corpus (docs/corpus-format.md), by the names reports give
//! them (`corpus/spec/factorial.ll`), so that a student can get the program a
//! report names without lloracle's source tree.

use super::EXIT_USAGE;
use lloracle::corpus::{default_dir, load_corpus, CorpusFile};

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
        Action::Show { name } => match find(&files, &name) {
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

/// The program `name` names (see [`Action::Show`]), or why there is none.
fn find<'a>(files: &'a [CorpusFile], name: &str) -> Result<&'a CorpusFile, String> {
    let rel = name.strip_prefix("corpus/").unwrap_or(name);
    let rel = if rel.ends_with(".ll") {
        rel.to_string()
    } else {
        format!("{rel}.ll")
    };
    let path = |f: &CorpusFile| f.path.to_string_lossy().replace('\\', "/");
    if let Some(f) = files.iter().find(|f| path(f) == rel) {
        return Ok(f);
    }
    let same_base: Vec<&CorpusFile> = files
        .iter()
        .filter(|f| path(f).rsplit('/').next() == Some(rel.as_str()))
        .collect();
    match same_base.as_slice() {
        [one] => Ok(one),
        [] => Err(format!(
            "no bundled program is called `{name}` (`lloracle corpus list` names them all)"
        )),
        many => Err(format!(
            "`{name}` names several programs: {}",
            many.iter()
                .map(|f| f.display_name())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
