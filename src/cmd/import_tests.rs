//! `lloracle import-tests FILE.ml... --out DIR`: a course's Oat tests
//! (the executed triples and type-checking lists of its `gradedtests.ml` or
//! `studenttests.ml`) into the Oat test format (docs/oat-tests.md,
//! "Importing a course's tests"), for `test-compiler --tests DIR`.

use super::EXIT_USAGE;
use lloracle::frontend::import::{plan, write, Import};
use std::path::PathBuf;

/// Arguments of `lloracle import-tests`.
#[derive(clap::Args, Debug)]
pub struct ImportTestsArgs {
    /// The course's test lists (`gradedtests.ml`, `studenttests.ml`); the
    /// `.oat` paths in them are relative to each file's folder.
    #[arg(required = true, value_name = "FILE.ml")]
    files: Vec<PathBuf>,
    /// The folder the annotated `.oat` copies are written to (under the
    /// paths the lists give).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
}

/// Imports and prints the summary: 0 when some test was written, 1 when
/// none could be, 2 on an I/O error (a list or output not readable or
/// writable).
pub fn main(a: ImportTestsArgs) -> u8 {
    let mut mls = Vec::new();
    for f in &a.files {
        match std::fs::read_to_string(f) {
            Ok(text) => mls.push((f.clone(), text)),
            Err(e) => {
                eprintln!("lloracle import-tests: {}: {e}", f.display());
                return EXIT_USAGE;
            }
        }
    }
    let imp = plan(&mls);
    if let Err(e) = write(&imp, &a.out) {
        eprintln!("lloracle import-tests: {e}");
        return EXIT_USAGE;
    }
    print!("{}", summary(&imp, &a.out));
    print!("{}", lloracle::frontend::import::needs::needs_text(&imp));
    if imp.tests.is_empty() {
        eprintln!("lloracle import-tests: no test could be imported");
        return 1;
    }
    0
}

/// The summary: tests, runs and ill-typed files written, then every entry
/// not imported (file:line: why) and the count of each reason's kind.
fn summary(imp: &Import, out: &std::path::Path) -> String {
    let ill = imp.tests.iter().filter(|t| t.ill_typed.is_some()).count();
    let mut s = format!(
        "wrote {} tests to {}: {} runs in {} executed tests, {} that must fail to type-check\n",
        imp.tests.len(),
        out.display(),
        imp.runs(),
        imp.tests.len() - ill,
        ill
    );
    if imp.skipped.is_empty() {
        return s;
    }
    s.push_str(&format!("not imported: {} entries\n", imp.skipped.len()));
    for k in &imp.skipped {
        s.push_str(&format!("  {}: {}\n", k.origin, k.why));
    }
    for (kind, n) in imp.skipped_kinds() {
        s.push_str(&format!("  {n} {kind}\n"));
    }
    s
}
