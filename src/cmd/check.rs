//! `lloracle check FILE...`: parse and type-check only.

use super::{load_source_with, print_json, read_source};
use spec::dialect::Dialect;
use spec::Source;
use std::path::{Path, PathBuf};

/// Arguments of `lloracle check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Print one JSON object per file instead of text.
    #[arg(long)]
    json: bool,
    /// With `--dialect`: the first feature use outside it is reported with
    /// file:line and the exit code is 2.
    #[command(flatten)]
    dialect: super::options::DialectOpt,
    /// The course runtime whose functions the program may call without
    /// defining them (`ll` by default; see `lloracle run --runtime`).
    #[arg(long, default_value = "ll")]
    runtime: spec::RuntimeName,
    /// The files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

/// Checks every file; exit 0 when all are well formed, 2 otherwise.
pub fn main(a: CheckArgs) -> u8 {
    let dialect = a.dialect.dialect;
    let mut code = 0;
    for path in &a.files {
        if !check_one(path, a.json, dialect.as_ref(), a.runtime) {
            code = 2;
        }
    }
    code
}

/// The first feature use of `src` outside dialect `d`, reported as
/// `file:line: uses F (what), which D does not accept`; true when there is
/// none.
fn in_dialect(src: &Source, d: &Dialect, json: bool) -> bool {
    let Err(u) = spec::dialect::conforms(src, d) else {
        return true;
    };
    let line = u.line(src);
    if json {
        print_json(&serde_json::json!({
            "file": src.name, "outcome": "not-in-dialect", "dialect": d.name,
            "feature": u.feature.name(), "what": u.what, "line": line,
        }));
    } else {
        eprintln!("{}:{line}: {u}, which {} does not accept", src.name, d.name);
    }
    false
}

/// Checks one file (and its dialect) and reports it; true when it is well
/// formed (and in the dialect).
fn check_one(
    path: &Path,
    json: bool,
    dialect: Option<&Dialect>,
    runtime: spec::RuntimeName,
) -> bool {
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
    let text = src.clone();
    let ok = match load_source_with(src, runtime) {
        Ok(l) if json && dialect.is_none() => {
            let skipped: Vec<&str> = spec::check::rules_skipped_for_opaque(&l.prog)
                .iter()
                .map(|(r, _)| *r)
                .collect();
            let mut v = serde_json::json!({"file": path, "outcome": "ok"});
            if !skipped.is_empty() {
                v["rules_skipped_for_opaque"] = serde_json::json!(skipped);
            }
            print_json(&v);
            true
        }
        Ok(_) if json => true,
        Ok(l) => {
            if dialect.is_none() {
                println!("{}: ok", path.display());
            }
            note_opaque(&l.prog);
            true
        }
        Err(r) if json => {
            let mut v = r.outcome.to_json();
            v["file"] = serde_json::json!(path);
            print_json(&v);
            false
        }
        Err(r) => {
            eprint!("{}", r.rendered);
            false
        }
    };
    match dialect {
        Some(d) if ok => {
            let conforming = in_dialect(&text, d, json);
            if conforming && json {
                print_json(&serde_json::json!({"file": path, "outcome": "ok", "dialect": d.name}));
            } else if conforming {
                println!("{}: ok ({})", path.display(), d.name);
            }
            conforming
        }
        _ => ok,
    }
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
