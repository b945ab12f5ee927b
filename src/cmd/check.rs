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
        Ok(_) if json => print_json(&serde_json::json!({"file": path, "outcome": "ok"})),
        Ok(_) => println!("{}: ok", path.display()),
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
