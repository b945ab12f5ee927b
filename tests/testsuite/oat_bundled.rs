//! The bundled Oat tests (`corpus/oat/`, docs/oat-tests.md) against
//! lloracle's Oat evaluator (`oat::eval`), and a few of them through the
//! ETH homework 5 front end onto the oracle when that front end is built
//! here.
//!
//! Every expectation in `corpus/oat/` is derived by hand from the Oat
//! specification and the course runtime (each file says why); the
//! evaluator must give every run of every file that outcome, so a wrong
//! test or a wrong evaluator shows up here.

use lloracle::corpus::{Expected, Run};
use lloracle::frontend::tests::{bundled, display_name, OatTest};
use oat::eval::{self, Limits, Outcome};
use oat::OatVersion;
use std::path::Path;
use std::process::Command;

/// The Oat version a bundled test is written in: `corpus/oat/v1/` or `v2/`.
fn version_of(t: &OatTest) -> OatVersion {
    if t.path.starts_with("oat/v1") {
        OatVersion::V1
    } else {
        OatVersion::V2
    }
}

/// Why the evaluator's `outcome` does not meet `run`'s expectation, or
/// `None` when it does. A `CHECK-COURSE-OUTPUT` is compared when the
/// program returned (stdout, then the status): the evaluator has no
/// stderr, so a run that stops in the runtime is held to its outcome line
/// and stdout only.
fn mismatch(run: &Run, outcome: &Outcome) -> Option<String> {
    let ends_as_expected = match (&run.expect, outcome) {
        (Expected::Result(n), Outcome::Returned { value, .. }) => n == value,
        (Expected::Unspecified, Outcome::Returned { .. }) => true,
        // The runtime's `oat_assert_array_length` exits with status 1.
        (Expected::Exited(1), Outcome::Trap { message, .. }) => message.contains("out of bounds"),
        // `oat_alloc_array`'s and `string_of_array`'s C `assert`s.
        (Expected::Aborted, Outcome::Trap { message, .. }) => !message.contains("out of bounds"),
        (Expected::Unspecified, Outcome::Trap { .. }) => true,
        _ => false,
    };
    if !ends_as_expected {
        return Some(format!(
            "expected {}, the evaluator gives {outcome:?}",
            run.expect
        ));
    }
    if let Some(want) = &run.stdout {
        if want.as_slice() != outcome.stdout() {
            return Some(format!(
                "stdout {:?}, expected {:?}",
                String::from_utf8_lossy(outcome.stdout()),
                String::from_utf8_lossy(want)
            ));
        }
    }
    if let (Some(want), Outcome::Returned { stdout, value }) = (&run.course_output, outcome) {
        let mut got = stdout.clone();
        got.extend_from_slice((*value as u8).to_string().as_bytes());
        if &got != want {
            return Some(format!(
                "course output {:?}, expected {:?}",
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(want)
            ));
        }
    }
    if run.course_output.is_some()
        && !matches!(outcome, Outcome::Returned { .. } | Outcome::Trap { .. })
    {
        return Some(format!(
            "expected a course output, the evaluator gives {outcome:?}"
        ));
    }
    None
}

#[test]
fn every_bundled_oat_test_holds_on_the_evaluator() {
    let tests = bundled(OatVersion::V2).unwrap_or_else(|e| panic!("{e}"));
    let v1 = tests
        .iter()
        .filter(|t| version_of(t) == OatVersion::V1)
        .count();
    assert!(
        v1 >= 25 && tests.len() - v1 >= 12,
        "{v1} v1 tests of {}",
        tests.len()
    );
    assert_eq!(
        bundled(OatVersion::V1)
            .unwrap_or_else(|e| panic!("{e}"))
            .len(),
        v1,
        "Oat v1 front ends get corpus/oat/v1 only"
    );
    let mut failures = Vec::new();
    let mut runs = 0;
    for t in &tests {
        let name = display_name(t);
        let version = version_of(t);
        let prog = match oat::parse::program(&t.text) {
            Ok(p) => p,
            Err(e) => {
                // An ill-typed test may still parse; one that does not parse is broken.
                failures.push(format!("{name}: does not parse: {e:?}"));
                continue;
            }
        };
        if let Some(why) = &t.expectation.ill_typed {
            // The evaluator checks only what it needs to run; the course's type
            // checker is the judge of these (tested through the front end).
            assert!(!why.is_empty(), "{name}");
            continue;
        }
        for run in &t.expectation.runs {
            runs += 1;
            let args: Vec<&[u8]> = run.args.iter().map(|a| a.as_bytes()).collect();
            let outcome = eval::run_with_args(&prog, version, &Limits::default(), &args);
            if let Some(why) = mismatch(run, &outcome) {
                failures.push(format!("{name} run `{}`: {why}", run.name));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let run_files = tests
        .iter()
        .filter(|t| !t.expectation.runs.is_empty())
        .count();
    assert!(
        runs > run_files,
        "some files have several runs ({runs} runs in {run_files} files)"
    );
}

/// The bundled tests this checks through the real ETH front end: one per
/// area (operators, strings, globals, arguments, structs, function values,
/// a bounds-check failure); few, to keep the test to seconds.
const THROUGH_ETH: &[&str] = &[
    "oat/v1/arith_wrap.oat",
    "oat/v1/globals_kinds.oat",
    "oat/v1/argv_runs.oat",
    "oat/v1/shifts.oat",
    "oat/v2/struct_basic.oat",
    "oat/v2/fun_values.oat",
    "oat/v2/bounds_oob.oat",
];

/// The ETH homework 5 front end built from `Kraulfisch/compiler-design`
/// (docs/oat.md, "Checking a course's front end").
const ETH_FRONTEND: &str = "/tmp/oatfe/hw6/main.native";

#[test]
fn some_bundled_tests_through_the_eth_front_end_meet_their_course_output_on_the_oracle() {
    let fe = Path::new(ETH_FRONTEND);
    if !fe.is_file() {
        eprintln!("SKIP: no ETH front end at {ETH_FRONTEND}; bundled Oat tests not compiled");
        return;
    }
    let tests = bundled(OatVersion::V2).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for want in THROUGH_ETH {
        let t = tests
            .iter()
            .find(|t| t.path == Path::new(want))
            .unwrap_or_else(|| panic!("{want} is not bundled"));
        let stem = t.path.file_stem().unwrap().to_string_lossy().into_owned();
        let src = dir.path().join(format!("{stem}.oat"));
        std::fs::write(&src, &t.text).unwrap();
        // The front end writes the .ll first and may then fail in its own
        // back end; only the .ll matters.
        let _ = Command::new("timeout")
            .args(["5", ETH_FRONTEND, "-S", "-op"])
            .arg(dir.path())
            .arg(&src)
            .current_dir(dir.path())
            .output();
        let ll = dir.path().join(format!("{stem}.ll"));
        if !ll.is_file() {
            failures.push(format!("{want}: the front end wrote no .ll"));
            continue;
        }
        for run in &t.expectation.runs {
            let Some(course) = &run.course_output else {
                continue;
            };
            let mut args = vec![
                "run",
                "--runtime",
                "oat-hw5",
                "--json",
                ll.to_str().unwrap(),
            ];
            args.extend(run.args.iter().map(String::as_str));
            let (_, out, err) = crate::common::lloracle(&args);
            let v: serde_json::Value =
                serde_json::from_str(&out).unwrap_or_else(|e| panic!("{want}: {e}: {out}{err}"));
            let got = v["course_output"].as_str().unwrap_or("<none>");
            if got.as_bytes() != course.as_slice() {
                failures.push(format!(
                    "{want} run `{}`: oracle course output {got:?}, expected {:?}",
                    run.name,
                    String::from_utf8_lossy(course)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Princeton COS320 2026's shared homework 3 tests (`cos320/sp26_hw3_tests`,
/// students' Oat v1 programs with their expected outputs), imported with
/// `lloracle import-tests`, against the evaluator: every imported run must
/// give the course's expected output. Several (LCS, nac_k, num_islands)
/// read elements of `new int[n]` before writing them, which the language
/// zero-initialises. `LLORACLE_COS320_HW3` names a checkout of that
/// repository; without it the test prints `SKIP` and passes.
#[test]
fn the_cos320_homework_3_tests_hold_on_the_evaluator() {
    let Some(dir) = std::env::var_os("LLORACLE_COS320_HW3") else {
        eprintln!("SKIP: LLORACLE_COS320_HW3 does not name a checkout of cos320/sp26_hw3_tests");
        return;
    };
    let list = Path::new(&dir).join("sp26_hw3_tests.ml");
    if !list.exists() {
        eprintln!("SKIP: {} is missing", list.display());
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let (code, stdout, stderr) = crate::common::lloracle(&[
        "import-tests",
        list.to_str().unwrap(),
        "--out",
        out.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let tests = lloracle::frontend::tests::load(out.path()).unwrap_or_else(|e| panic!("{e}"));
    let mut failures = Vec::new();
    let mut runs = 0;
    for t in &tests {
        let prog = oat::parse::program(&t.text).unwrap_or_else(|e| panic!("{e:?}"));
        for run in &t.expectation.runs {
            runs += 1;
            let args: Vec<&[u8]> = run.args.iter().map(|a| a.as_bytes()).collect();
            let outcome = eval::run_with_args(&prog, OatVersion::V1, &Limits::default(), &args);
            if let Some(why) = mismatch(run, &outcome) {
                failures.push(format!("{} run `{}`: {why}", display_name(t), run.name));
            }
        }
    }
    // The repository's list had 34 literal runs when this was written
    // (docs/oat.md); more may come, none may disagree.
    assert!(runs >= 34, "{runs} runs imported");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
