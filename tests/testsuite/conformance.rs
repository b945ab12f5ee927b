//! Oracle conformance: every corpus program must do what its `; CHECK-...`
//! lines say (docs/corpus-format.md): parse or be `CHECK-MALFORMED`, check or be
//! `CHECK-ILL-TYPED` with the named rule, and every run must return the
//! expected value, end in the expected undefined or limit kind, and print
//! exactly the expected bytes. All disagreements are collected and reported
//! together.

use lloracle::corpus::{self, CorpusFile, Expected, Run};
use spec::Outcome;

/// What the parser, checker and oracle said about one file, when it is not
/// what the file expects.
struct Failure {
    file: String,
    run: Option<String>,
    expected: String,
    actual: String,
    stdout_diff: Option<String>,
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Compares one oracle outcome with one run's expectation.
fn judge_run(file: &CorpusFile, run: &Run, outcome: &Outcome) -> Option<Failure> {
    let outcome_ok = match (&run.expect, outcome) {
        (Expected::Result(v), Outcome::Returned { value, .. }) => v == value,
        (Expected::Undefined(k), Outcome::Undefined { kind, .. }) => k == kind,
        (Expected::Limit(k), Outcome::Limit { kind, .. }) => k == kind,
        (
            Expected::Exited(n),
            Outcome::Halted {
                status,
                aborted: false,
                ..
            },
        ) => n == status,
        (Expected::Aborted, Outcome::Halted { aborted: true, .. }) => true,
        (Expected::Unspecified, _) => true,
        _ => false,
    };
    let stdout_ok = run
        .stdout
        .as_deref()
        .is_none_or(|want| want == outcome.stdout());
    let course_ok = run
        .course_output
        .as_ref()
        .is_none_or(|want| Some(want) == outcome.course_output().as_ref());
    if outcome_ok && stdout_ok && course_ok {
        return None;
    }
    let mut expected = run.expect.to_string();
    if let Some(c) = &run.course_output {
        expected.push_str(&format!(", course output {:?}", lossy(c)));
    }
    if let Some(out) = &run.stdout {
        expected.push_str(&format!(", stdout {:?}", lossy(out)));
    }
    let stdout_diff = match &run.stdout {
        Some(want) if !stdout_ok => Some(format!(
            "{}",
            pretty_assertions::StrComparison::new(&lossy(want), &lossy(outcome.stdout()))
        )),
        _ => None,
    };
    Some(Failure {
        file: file.display_name(),
        run: Some(format!(
            "{} (line {}, args {:?})",
            run.name, run.line, run.args
        )),
        expected,
        actual: format!(
            "{outcome}, stdout {:?}, course output {:?}",
            lossy(outcome.stdout()),
            outcome.course_output().map(|c| lossy(&c))
        ),
        stdout_diff,
    })
}

/// Parses, checks and runs one file; pushes every disagreement; returns the
/// number of runs made.
fn judge_file(file: &CorpusFile, failures: &mut Vec<Failure>) -> usize {
    let exp = &file.expectation;
    let src = file.source();
    let fail = |expected: String, actual: String| Failure {
        file: file.display_name(),
        run: None,
        expected,
        actual,
        stdout_diff: None,
    };
    let prog = match (spec::parse::parse(&src), exp.malformed) {
        (Err(_), true) => return 0,
        (Ok(_), true) => {
            failures.push(fail("malformed (a parse error)".into(), "parsed".into()));
            return 0;
        }
        (Err(d), false) => {
            failures.push(fail("parses".into(), d.render(&src)));
            return 0;
        }
        (Ok(p), false) => p,
    };
    let check_opts = spec::check::CheckOptions {
        runtime: exp.runtime,
        ..Default::default()
    };
    match (spec::check::check_with(&prog, &check_opts), &exp.ill_typed) {
        (Err(diags), Some(rule)) => {
            if !diags.iter().any(|d| &d.rule == rule) {
                let found: Vec<String> = diags.iter().map(|d| d.render(&src)).collect();
                failures.push(fail(format!("ill-typed [{rule}]"), found.join("\n")));
            }
            return 0;
        }
        (Ok(()), Some(rule)) => {
            failures.push(fail(
                format!("ill-typed [{rule}]"),
                "accepted by the checker".into(),
            ));
            return 0;
        }
        (Err(diags), None) => {
            let found: Vec<String> = diags.iter().map(|d| d.render(&src)).collect();
            failures.push(fail("well-typed".into(), found.join("\n")));
            return 0;
        }
        (Ok(()), None) => {}
    }
    let opts = oracle::Options {
        runtime: exp.runtime,
        ..oracle::Options::default()
    };
    for run in &exp.runs {
        let outcome = oracle::run(&prog, Some(&src), &run.args, &opts);
        failures.extend(judge_run(file, run, &outcome));
    }
    exp.runs.len()
}

#[test]
fn every_corpus_program_does_what_its_check_lines_say() {
    let files = corpus::load_corpus(&corpus::default_dir()).unwrap_or_else(|e| panic!("{e}"));
    assert!(!files.is_empty(), "the corpus is empty");
    let mut failures = Vec::new();
    let mut runs = 0;
    for file in &files {
        runs += judge_file(file, &mut failures);
    }
    if !failures.is_empty() {
        let mut report = format!(
            "conformance: {} of {} files disagree with their expectations ({} disagreements)\n",
            failures
                .iter()
                .map(|f| &f.file)
                .collect::<std::collections::BTreeSet<_>>()
                .len(),
            files.len(),
            failures.len()
        );
        for f in &failures {
            report.push_str(&format!("\n--- {}", f.file));
            if let Some(run) = &f.run {
                report.push_str(&format!(" run {run}"));
            }
            report.push_str(&format!(
                "\n  expected: {}\n  oracle:   {}\n",
                f.expected,
                f.actual.replace('\n', "\n            ")
            ));
            if let Some(diff) = &f.stdout_diff {
                report.push_str(&format!("  stdout (expected < > oracle):\n{diff}\n"));
            }
        }
        panic!("{report}");
    }
    eprintln!("conformance: {} files, {runs} runs, all agree", files.len());
}

/// The complete examples of docs/corpus-format.md (every ```llvm block
/// that elides nothing) are corpus files too: their annotations read, and
/// the oracle does what they say.
#[test]
fn the_corpus_format_doc_examples_do_what_they_say() {
    let doc_path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/corpus-format.md");
    let doc = std::fs::read_to_string(&doc_path).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut examples = 0;
    for (k, block) in doc.split("```llvm\n").skip(1).enumerate() {
        let text = block.split("```").next().unwrap_or("");
        if text.contains("{ ... }") {
            continue;
        }
        let name = format!("docs/corpus-format.md example {}", k + 1);
        let expectation =
            corpus::parse_expectation(&name, text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let file = CorpusFile {
            path: name.into(),
            text: text.to_string(),
            expectation,
        };
        judge_file(&file, &mut failures);
        examples += 1;
    }
    assert!(
        examples >= 9,
        "only {examples} complete examples in the doc"
    );
    let report: Vec<String> = failures
        .iter()
        .map(|f| {
            format!(
                "{} {:?}: expected {}, oracle {}",
                f.file, f.run, f.expected, f.actual
            )
        })
        .collect();
    assert!(report.is_empty(), "{}", report.join("\n"));
}
