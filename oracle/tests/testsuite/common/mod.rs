//! Shared helpers: parse, check, run LLVMlite text.
#![allow(dead_code)]

use oracle::Options;
use spec::{Location, Outcome, Source, UndefinedKind};

/// Parses and checks `text` (failing the test on either), runs it.
pub fn run_with(text: &str, args: &[&str], opts: &Options) -> Outcome {
    let src = Source::new("t.ll", text);
    let prog = match spec::parse::parse(&src) {
        Ok(p) => p,
        Err(d) => panic!("parse error:\n{}", d.render(&src)),
    };
    if let Err(ds) = spec::check::check_with(
        &prog,
        &spec::check::CheckOptions {
            entry: Some(opts.entry.clone()),
            runtime: opts.runtime,
        },
    ) {
        let all: Vec<String> = ds.iter().map(|d| d.render(&src)).collect();
        panic!("ill-typed:\n{}", all.join("\n"));
    }
    let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    oracle::run(&prog, Some(&src), &args, opts)
}

/// Runs with default options and no arguments.
pub fn run(text: &str) -> Outcome {
    run_with(text, &[], &Options::default())
}

/// The value main returns (fails the test on any other outcome).
pub fn returns(text: &str) -> i64 {
    match run(text) {
        Outcome::Returned { value, .. } => value,
        o => panic!("expected a return, got: {o}"),
    }
}

/// Value and stdout.
pub fn returns_out(text: &str, args: &[&str]) -> (i64, String) {
    match run_with(text, args, &Options::default()) {
        Outcome::Returned { value, stdout } => (value, String::from_utf8_lossy(&stdout).into()),
        o => panic!("expected a return, got: {o}"),
    }
}

/// The undefined outcome's kind, message, location and backtrace.
pub fn undefined(text: &str) -> (UndefinedKind, String, Location, Vec<Location>) {
    match run(text) {
        Outcome::Undefined {
            kind,
            message,
            location,
            backtrace,
            ..
        } => (kind, message, location, backtrace),
        o => panic!("expected undefined, got: {o}"),
    }
}

/// Asserts the run ends in `kind` at function/block/index.
pub fn assert_undefined(
    text: &str,
    kind: UndefinedKind,
    func: &str,
    block: &str,
    index: usize,
) -> String {
    let (k, msg, loc, _) = undefined(text);
    assert_eq!(k, kind, "message: {msg}");
    assert_eq!(
        (loc.function.as_str(), loc.block.as_str(), loc.index),
        (func, block, index),
        "message: {msg}"
    );
    msg
}
