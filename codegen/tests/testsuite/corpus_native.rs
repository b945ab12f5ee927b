//! Every corpus program whose oracle run returns: the native run (in-process
//! runner) returns the same full value and prints the same bytes. A sample
//! also goes through the assembly text, cc and llrt.c.

use crate::common;

use common::*;
use spec::{Outcome, Source};
use std::path::Path;

fn corpus_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

#[test]
fn corpus_oracle_equals_native() {
    let files = ll_files(&corpus_dir());
    let mut compared = 0;
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        let name = f.display().to_string();
        let src = Source::new(name.clone(), text.clone());
        let Ok(prog) = spec::parse::parse(&src) else {
            continue;
        };
        if spec::check::check(&prog).is_err() {
            continue;
        }
        for args in corpus_args(&text) {
            let want = oracle(&prog, &args);
            if !matches!(want, Outcome::Returned { .. }) {
                continue;
            }
            let got = match codegen::compile(&prog) {
                Ok(m) => m
                    .run(&args, &codegen::NativeOptions::default())
                    .unwrap_or_else(|e| panic!("{name}: run: {e}")),
                Err(e) => {
                    failures.push(format!("{name}: compile: {e}"));
                    continue;
                }
            };
            compared += 1;
            if got != want {
                failures.push(format!(
                    "{name} {args:?}: oracle {want:?}\n   native {got:?}"
                ));
            }
        }
    }
    eprintln!(
        "corpus: {compared} runs compared, {} disagreements",
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 100, "only {compared} corpus runs were compared");
}

#[test]
fn corpus_decodes_to_what_was_emitted() {
    let mut checked = 0;
    for f in ll_files(&corpus_dir()) {
        let text = std::fs::read_to_string(&f).expect("read");
        let src = Source::new(f.display().to_string(), text);
        let Ok(prog) = spec::parse::parse(&src) else {
            continue;
        };
        if spec::check::check(&prog).is_err() {
            continue;
        }
        let m = codegen::compile(&prog).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        checked += m
            .decode_check()
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
    }
    eprintln!("decode check: {checked} instructions");
    assert!(checked > 1000);
}

#[test]
fn corpus_sample_through_cc() {
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let mut compared = 0;
    let mut failures = Vec::new();
    for (k, f) in ll_files(&corpus_dir()).iter().enumerate() {
        if k % 4 != 0 {
            continue;
        }
        let text = std::fs::read_to_string(f).expect("read");
        let src = Source::new(f.display().to_string(), text.clone());
        let Ok(prog) = spec::parse::parse(&src) else {
            continue;
        };
        if spec::check::check(&prog).is_err() {
            continue;
        }
        for (r, args) in corpus_args(&text).into_iter().enumerate() {
            let want = oracle(&prog, &args);
            if !matches!(want, Outcome::Returned { .. }) {
                continue;
            }
            let got = via_cc(&prog, &args, dir.path(), &format!("p{k}_{r}"));
            compared += 1;
            if !want.agrees_with(&got) {
                failures.push(format!("{}: oracle {want:?}\n   cc {got:?}", f.display()));
            }
        }
    }
    eprintln!("cc route: {compared} runs compared");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 20);
}
