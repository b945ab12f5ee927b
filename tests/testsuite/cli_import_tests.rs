//! `lloracle import-tests`: a course's `gradedtests.ml` into Oat tests
//! (docs/oat-tests.md, "Importing a course's tests"), on the hand-written
//! fixture `tests/fixtures/oat-import/gradedtests.ml`, whose entries cover
//! OCaml escapes, several argument sets for one file, a computed entry, a
//! path built with `^`, a missing file, a conflict and the type-checking
//! lists. The expectations below are read off the fixture by hand.

use crate::common::lloracle;
use lloracle::corpus::Expected;
use lloracle::frontend::tests::load;
use std::path::Path;

fn fixture() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/oat-import/gradedtests.ml")
        .display()
        .to_string()
}

#[test]
fn the_fixture_imports_into_tests_that_load_back() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("imported");
    let (code, stdout, stderr) =
        lloracle(&["import-tests", &fixture(), "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    // echo.oat (4 runs, one through `here ^ "echo.oat"`), lines.oat (1 run); bad.oat and null_field.oat
    // (ill-typed, the second through `tc_null_tests = old_errors`).
    assert!(
        stdout.contains("wrote 4 tests")
            && stdout.contains("5 runs in 2 executed tests, 2 that must fail"),
        "{stdout}"
    );
    let tests = load(&out).unwrap_or_else(|e| panic!("the written tests do not load: {e}"));
    let names: Vec<String> = tests.iter().map(|t| t.path.display().to_string()).collect();
    assert_eq!(
        names,
        [
            "progs/bad.oat",
            "progs/echo.oat",
            "progs/lines.oat",
            "progs/null_field.oat"
        ]
    );
    assert!(tests[3].expectation.ill_typed.is_some());

    let echo = &tests[1].expectation;
    let runs: Vec<(&str, Vec<&str>, &[u8])> = echo
        .runs
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.args.iter().map(String::as_str).collect(),
                r.course_output.as_deref().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        runs,
        vec![
            ("no-args", vec![], &b"1"[..]),
            ("x-yz", vec!["x", "yz"], &b"xyz3"[..]),
            ("a-b-c", vec!["a", "b", "c"], &b"abc4"[..]),
            ("p-q", vec!["p", "q"], &b"pq3"[..]),
        ]
    );
    assert!(echo.runs.iter().all(|r| r.expect == Expected::Unspecified));

    // "a\tb\n\"q\"\\\048": tab, newline, quotes, backslash, and \048 = '0'.
    let lines = &tests[2].expectation.runs;
    assert_eq!(lines.len(), 1);
    assert_eq!(
        lines[0].course_output.as_deref(),
        Some(&b"a\tb\n\"q\"\\0"[..])
    );

    let bad = &tests[0].expectation;
    assert!(bad.runs.is_empty());
    assert!(bad
        .ill_typed
        .as_deref()
        .is_some_and(|w| w.contains("typecheck_file_error")));
    // The copy keeps the course's program as it was.
    let original =
        std::fs::read_to_string(Path::new(&fixture()).with_file_name("progs/bad.oat")).unwrap();
    assert!(tests[0].text.starts_with(&original));
}

#[test]
fn every_entry_left_out_is_reported_with_its_line_and_why() {
    let dir = tempfile::tempdir().unwrap();
    let (code, stdout, _) = lloracle(&[
        "import-tests",
        &fixture(),
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let f = fixture();
    for (line, why) in [
        (17, "computed in OCaml"),
        (18, "built with `^`"),
        (19, "no such file"),
        (20, "conflicting"),
        (21, "conflicting"),
        (29, "never run"),
    ] {
        let want = format!("{f}:{line}: ");
        let hit = stdout.lines().find(|l| l.trim_start().starts_with(&want));
        assert!(
            hit.is_some_and(|l| l.contains(why)),
            "no `{want}... {why}` in:\n{stdout}"
        );
    }
    assert!(stdout.contains("not imported: 6 entries"), "{stdout}");
    assert!(
        !dir.path().join("progs/twice.oat").exists(),
        "a file in conflict is not written"
    );
    assert!(!dir.path().join("progs/computed.oat").exists());
}

#[test]
fn nothing_to_import_fails_and_a_missing_list_is_an_io_error() {
    let dir = tempfile::tempdir().unwrap();
    let ml = dir.path().join("studenttests.ml");
    std::fs::write(&ml, "let t = [ (\"gone.oat\", \"\", \"0\") ]\n").unwrap();
    let out = dir.path().join("out");
    let (code, stdout, stderr) = lloracle(&[
        "import-tests",
        ml.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(
        stdout.contains("studenttests.ml:1: gone.oat: no such file"),
        "{stdout}"
    );
    assert!(stderr.contains("no test could be imported"), "{stderr}");
    let (code, _, stderr) = lloracle(&[
        "import-tests",
        "/nonexistent/x.ml",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("/nonexistent/x.ml"), "{stderr}");
}
