//! Lowering into each dialect (docs/dialects.md), checked by the oracle: for every
//! profile, every corpus program that checks and thousands of generated
//! programs are lowered; where a lowering exists it must check, use only
//! the dialect's features (as a tree and as printed text), print to text
//! that parses back to the same tree, and run to the same outcome as the
//! original. For `llvm`, `llvm-as` must accept the text (skipped with a
//! notice when LLVM is absent).

use lloracle::corpus;
use spec::dialect::{lower, print_in, uses_in_prog, uses_in_text, Dialect};
use spec::{Prog, Source};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn opts() -> oracle::Options {
    oracle::Options {
        fuel: 20_000_000,
        ..oracle::Options::default()
    }
}

/// How each profile fared: lowered programs, and programs with no
/// equivalent per feature.
#[derive(Default)]
struct Tally {
    lowered: usize,
    not_in_dialect: BTreeMap<&'static str, usize>,
}

/// Lowers `prog` into `d` and checks everything the module doc says, for
/// the runs `runs` (argument lists). `Err` says what went wrong.
fn lowered_ok(
    name: &str,
    prog: &Prog,
    d: &Dialect,
    runs: &[Vec<String>],
    tally: &mut Tally,
) -> Result<Option<String>, String> {
    let low = match lower(prog, d) {
        Ok(low) => low,
        Err(e) => {
            if d.has(e.feature) {
                return Err(format!(
                    "{name} [{}]: refused for a feature it has: {e}",
                    d.name
                ));
            }
            *tally.not_in_dialect.entry(e.feature.name()).or_default() += 1;
            return Ok(None);
        }
    };
    tally.lowered += 1;
    let fail = |what: String| Err(format!("{name} [{}]: {what}", d.name));
    if let Err(diags) = spec::check(&low) {
        return fail(format!(
            "lowered program ill-typed: {}\n{}",
            diags[0].message,
            spec::print(&low)
        ));
    }
    if let Some(u) = uses_in_prog(&low).into_iter().find(|u| !d.has(u.feature)) {
        return fail(format!("lowered program {u}"));
    }
    let text = print_in(&low, d);
    let src = Source::new(format!("{name}.{}.ll", d.name), text.clone());
    let uses = match uses_in_text(&src) {
        Ok(uses) => uses,
        Err(e) => {
            return fail(format!(
                "printed text does not parse: {}\n{text}",
                e.render(&src)
            ))
        }
    };
    if let Some(u) = uses.into_iter().find(|u| !d.has(u.feature)) {
        return fail(format!("printed text line {}: {u}\n{text}", u.line(&src)));
    }
    let back = spec::parse(&src).map_err(|e| e.message)?;
    if back != low {
        return fail(format!("printed text parses to another tree:\n{text}"));
    }
    for args in runs {
        let want = oracle::run(prog, None, args, &opts());
        let got = oracle::run(&back, None, args, &opts());
        if !want.same_behaviour(&got) {
            return fail(format!(
                "runs to {} instead of {}\n{text}",
                got.to_json(),
                want.to_json()
            ));
        }
    }
    Ok(Some(text))
}

/// `llvm-as` accepts `text`: None when it does, else its complaint.
fn llvm_as_rejects(llvm_as: &Path, text: &str) -> Option<String> {
    let mut cmd = Command::new(llvm_as);
    cmd.args(["-o", "/dev/null", "-"]);
    let limits = toolchain::Limits::tool(Duration::from_secs(60));
    match toolchain::run_with_input(cmd, text.as_bytes(), &limits) {
        Ok(r) if r.status() == Some(0) => None,
        Ok(r) => Some(String::from_utf8_lossy(&r.stderr).into_owned()),
        Err(e) => Some(e),
    }
}

fn report(what: &str, tallies: &BTreeMap<String, Tally>) {
    eprintln!("{what}:");
    for d in Dialect::profiles() {
        let t = &tallies[&d.name];
        eprintln!(
            "  {:<12} lowered {:>5}, not in dialect {:?}",
            d.name, t.lowered, t.not_in_dialect
        );
    }
}

#[test]
fn corpus_lowers_into_every_profile_with_the_same_outcome() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    let llvm_as = toolchain::tools::llvm_as();
    if llvm_as.is_none() {
        eprintln!("SKIP: llvm-as not installed: the llvm profile's texts are not assembled");
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for file in &files {
        let Ok(prog) = spec::parse(&file.source()) else {
            continue;
        };
        if spec::check(&prog).is_err() {
            continue;
        }
        let runs: Vec<Vec<String>> = file
            .expectation
            .runs
            .iter()
            .map(|r| r.args.clone())
            .collect();
        for d in Dialect::profiles() {
            let tally = tallies.entry(d.name.clone()).or_default();
            match lowered_ok(&file.display_name(), &prog, &d, &runs, tally) {
                Ok(Some(text)) if d.name == "llvm" => {
                    if let Some(e) = llvm_as.as_ref().and_then(|a| llvm_as_rejects(a, &text)) {
                        failures.push(format!(
                            "{}: llvm-as rejects: {e}\n{text}",
                            file.display_name()
                        ));
                    }
                }
                Ok(_) => {}
                Err(e) => failures.push(e),
            }
        }
    }
    report("corpus", &tallies);
    assert!(tallies["lloracle"].lowered > 100, "corpus not read");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn generated_programs_lower_into_every_profile_with_the_same_outcome() {
    let llvm_as = toolchain::tools::llvm_as();
    if llvm_as.is_none() {
        eprintln!("SKIP: llvm-as not installed: the llvm profile's texts are not assembled");
    }
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    let runs = vec![Vec::new()];
    for seed in 0..1000u64 {
        let prog = gen::from_seed(seed, 30);
        for d in Dialect::profiles() {
            let tally = tallies.entry(d.name.clone()).or_default();
            match lowered_ok(&format!("seed {seed}"), &prog, &d, &runs, tally) {
                // One program in fifty goes through llvm-as (a process each).
                Ok(Some(text)) if d.name == "llvm" && seed % 50 == 0 => {
                    if let Some(e) = llvm_as.as_ref().and_then(|a| llvm_as_rejects(a, &text)) {
                        failures.push(format!("seed {seed}: llvm-as rejects: {e}\n{text}"));
                    }
                }
                Ok(_) => {}
                Err(e) => failures.push(e),
            }
        }
    }
    report("generated programs (size 30)", &tallies);
    assert!(
        failures.is_empty(),
        "{} failures, the first:\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}
