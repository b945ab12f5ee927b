//! `lloracle check FILE...`: parse and type-check only.

use super::{load_source, print_json, read_source};
use std::path::{Path, PathBuf};

/// Arguments of `lloracle check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Print one JSON object per file instead of text.
    #[arg(long)]
    json: bool,
    /// The files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Checks every file; exit 0 when all are well formed, 2 otherwise.
pub fn main(a: CheckArgs) -> u8 {
    let mut code = 0;
    for path in &a.files {
        if !check_one(path, a.json) {
            code = 2;
        }
    }
    code
}

/// Checks one file and reports it; true when it is well formed.
fn check_one(path: &Path, json: bool) -> bool {
    let src = match read_source(path) {
        Ok(s) => s,
        Err(e) => {
            if json {
                print_json(&serde_json::json!({"file": path, "outcome": "error", "message": e}));
            } else {
                eprintln!("lloracle: {e}");
            }
            return false;
        }
    };
    match load_source(src) {
        Ok(l) if json => {
            let skipped: Vec<&str> = spec::check::rules_skipped_for_opaque(&l.prog)
                .iter()
                .map(|(r, _)| *r)
                .collect();
            let mut v = serde_json::json!({"file": path, "outcome": "ok"});
            if !skipped.is_empty() {
                v["rules_skipped_for_opaque"] = serde_json::json!(skipped);
            }
            print_json(&v)
        }
        Ok(l) => {
            println!("{}: ok", path.display());
            note_opaque(&l.prog);
        }
        Err(r) if json => {
            let mut v = r.outcome.to_json();
            v["file"] = serde_json::json!(path);
            print_json(&v);
            return false;
        }
        Err(r) => {
            eprint!("{}", r.rendered);
            return false;
        }
    }
    true
}

/// On stderr: the rules the checker could not apply because the program
/// writes opaque `ptr`s (`spec::check::rules_skipped_for_opaque`).
fn note_opaque(prog: &spec::Prog) {
    let skipped = spec::check::rules_skipped_for_opaque(prog);
    if skipped.is_empty() {
        return;
    }
    eprintln!("note: the program uses opaque `ptr`; these rules were not applied where a pointer is `ptr` (the oracle's dynamic checks decide):");
    for (rule, why) in skipped {
        eprintln!("  {rule}: {why}");
    }
}
