//! A front-end campaign keeps the rules every campaign keeps
//! (docs/grading.md, "Time: a budget per submission", "Beyond one
//! machine: shards", "Front ends"): the time budgets, shards that merge
//! into the unsharded report, `lloracle reduce --emit ll`, and reports that
//! give the true reason where a failure is not reduced or a test is left
//! out. The front ends are the fakes of tests/fixtures/frontend.

use crate::common::{copy_dir, lloracle, read_json, sh_script};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// tests/fixtures/frontend.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend")
}

/// The fake front end copying the prepared student outputs.
fn student() -> String {
    format!(
        "{} {{in}} {{outdir}} student",
        fixtures().join("fake.sh").display()
    )
}

/// fold.sh (a program using `[&]` exits one too high; a program without
/// a meaning is refused) as a front end command.
fn fold() -> String {
    format!("{} {{in}} {{outdir}}", fixtures().join("fold.sh").display())
}

/// `lloracle ARGS` with `$LLORACLE` set (fold.sh calls it): (exit code,
/// stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .env("LLORACLE", env!("CARGO_BIN_EXE_lloracle"))
        .args(args)
        .output()
        .expect("runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `lloracle test-compiler --emit ll` of the front end `cmd` on the tests
/// `tests` alone (no generated programs), its reduced failures in
/// `dir/failures`, with the options `more`: (exit code, stdout, stderr).
fn test_compiler(cmd: &str, tests: &Path, dir: &Path, more: &[&str]) -> (i32, String, String) {
    let out = dir.join("failures");
    let mut args = vec![
        "test-compiler",
        "--emit",
        "ll",
        "--cmd",
        cmd,
        "--tests",
        tests.to_str().unwrap(),
        "--random",
        "0",
        "--out-dir",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(more);
    run(&args)
}

/// Each program's (index, name, verdicts of its runs) in report `r`.
fn verdicts(r: &Value) -> Vec<(u64, String, Vec<String>)> {
    r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .map(|p| {
            let runs = p["runs"]
                .as_array()
                .expect("runs")
                .iter()
                .map(|run| run["verdict"].as_str().expect("verdict").to_string())
                .collect();
            (
                p["index"].as_u64().expect("index"),
                p["name"].as_str().expect("name").to_string(),
                runs,
            )
        })
        .collect()
}

#[test]
fn a_front_end_campaign_keeps_its_time_budget() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let tests = fixtures().join("tests");
    // A budget of 0 s is spent before the first test: none is started,
    // and every one counts as not passed (never a smaller denominator).
    let (code, stdout, stderr) = test_compiler(
        &student(),
        &tests,
        dir.path(),
        &[
            "--no-native",
            "--time-budget",
            "0",
            "--json",
            json.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let r = read_json(&json);
    let why = r["stopped_early"].as_str().unwrap_or_default();
    assert!(why.contains("time budget"), "{r}");
    let all = verdicts(&r);
    let tests_there = std::fs::read_dir(&tests).unwrap().count();
    assert_eq!(all.len(), tests_there, "{r}");
    for (_, name, runs) in &all {
        assert!(runs.iter().all(|v| v == "not run"), "{name}: {runs:?}");
    }
    assert!(stderr.contains("time budget"), "{stderr}");
}

#[test]
fn a_class_of_front_ends_keeps_the_class_time_budget() {
    let dir = tempfile::tempdir().unwrap();
    let tests = fixtures().join("tests/pass.oat");
    // A class budget of 0 s is spent before the first submission starts:
    // each is marked so, its tests not run, and grade exits 1.
    let (code, stdout, stderr, out) = grade_front_ends(
        dir.path(),
        &["ann", "bob"],
        &tests,
        &["--class-time-budget", "0"],
    );
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let class = read_json(&out.join("class.json"));
    for s in class["submissions"].as_array().unwrap() {
        let why = s["stopped_early"].as_str().unwrap_or_default();
        assert!(why.contains("class time budget"), "{s}");
        assert_eq!(s["passed"], 0, "{s}");
    }
    assert!(stderr.contains("STOPPED EARLY"), "{stderr}");
}

/// `grade --emit ll` of the submissions `names` in `dir/subs`, each the
/// fake front end with the prepared student outputs, on `tests` with the
/// options `more`: (exit code, stdout, stderr) and the class's folder.
fn grade_front_ends(
    dir: &Path,
    names: &[&str],
    tests: &Path,
    more: &[&str],
) -> (i32, String, String, PathBuf) {
    for name in names {
        let s = dir.join("subs").join(name);
        std::fs::create_dir_all(&s).unwrap();
        // The fake front end and the outputs it copies live in the
        // submission's folder, the only one its confined front end may
        // read.
        std::fs::copy(fixtures().join("fake.sh"), s.join("fake.sh")).unwrap();
        copy_dir(&fixtures().join("student"), &s.join("student"));
        sh_script(
            &s,
            "fe",
            "exec \"$(dirname \"$0\")/fake.sh\" \"$1\" \"$2\" student",
        );
    }
    let subs = dir.join("subs");
    let out = dir.join("grades");
    let mut args = vec![
        "grade",
        subs.to_str().unwrap(),
        "--cmd",
        "{submission}/fe {in} {outdir}",
        "--emit",
        "ll",
        "--tests",
        tests.to_str().unwrap(),
        "--random",
        "0",
        "--no-native",
        "--out-dir",
        out.to_str().unwrap(),
    ];
    args.extend(more);
    let (code, stdout, stderr) = lloracle(&args);
    (code, stdout, stderr, out)
}

/// A class of front ends is scored by the families a back end's class is
/// (docs/grading.md, "Scoring: points and weights"): each first-level
/// folder of `--tests` is one test of the class's Gradescope page, its
/// `--weight` giving its share; a weight naming no folder is refused
/// before any submission is built, naming the folders there are; and
/// `class.json` records what a back end's class records (the weights,
/// how submissions were confined).
#[test]
fn a_class_of_front_ends_is_weighted_by_the_folders_of_its_tests() {
    let dir = tempfile::tempdir().unwrap();
    let tests = dir.path().join("tests");
    for (folder, test) in [("easy", "pass.oat"), ("hard", "wrong_output.oat")] {
        std::fs::create_dir_all(tests.join(folder)).unwrap();
        let from = fixtures().join("tests").join(test);
        std::fs::copy(from, tests.join(folder).join(test)).unwrap();
    }
    let (code, stdout, stderr, out) =
        grade_front_ends(dir.path(), &["ann"], &tests, &["--weight", "nosuch=1"]);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains("--weight names no family of the programs: nosuch")
            && stderr.contains("(the families: easy, hard)"),
        "{stderr}"
    );
    assert!(!out.join("ann").exists(), "a submission was checked");

    // 10 points shared 3 : 1 are 7.5 for easy and 2.5 for hard; ann
    // passes pass.oat and prints the wrong output on wrong_output.oat.
    let (code, stdout, stderr, out) = grade_front_ends(
        dir.path(),
        &["ann"],
        &tests,
        &["--points", "10", "--weight", "easy=3", "--weight", "hard=1"],
    );
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let gs = read_json(&out.join("ann/results.json"));
    let tests_of: Vec<(String, f64, f64)> = gs["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["max_score"].as_f64().is_some())
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["score"].as_f64().unwrap(),
                t["max_score"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tests_of,
        [
            ("easy".to_string(), 7.5, 7.5),
            ("hard".to_string(), 0.0, 2.5)
        ],
        "{gs:#}"
    );
    assert_eq!(gs["score"].as_f64(), Some(7.5), "{gs:#}");
    let class = read_json(&out.join("class.json"));
    assert_eq!(class["weights"]["easy"], 3.0, "{class:#}");
    assert_eq!(class["front_end"], true, "{class:#}");
    assert!(class["isolation"].as_str().is_some(), "{class:#}");
    assert!(
        stdout.contains("each on the same 2 tests (2 runs), scored out of 10"),
        "{stdout}"
    );
}

#[test]
fn sharded_front_end_campaigns_merge_into_the_unsharded_report() {
    let dir = tempfile::tempdir().unwrap();
    let tests = fixtures().join("tests");
    let campaign = |json: &Path, shard: Option<&str>| {
        let mut args = vec![
            "--no-native",
            "--timeout",
            "1",
            "--json",
            json.to_str().unwrap(),
        ];
        if let Some(s) = shard {
            args.extend(["--shard", s]);
        }
        let (code, stdout, stderr) = test_compiler(&student(), &tests, dir.path(), &args);
        assert_eq!(code, 1, "{stdout}\n{stderr}");
        read_json(json)
    };
    let whole = campaign(&dir.path().join("whole.json"), None);
    let one = campaign(&dir.path().join("1.json"), Some("1/2"));
    let two = campaign(&dir.path().join("2.json"), Some("2/2"));
    // Each shard judged its own tests: indices k with k mod 2 = I - 1.
    for (part, i) in [(&one, 0), (&two, 1)] {
        assert!(!verdicts(part).is_empty());
        assert!(verdicts(part).iter().all(|(k, _, _)| k % 2 == i), "{part}");
    }
    let merged = dir.path().join("all.json");
    let (code, stdout, stderr) = lloracle(&[
        "merge",
        dir.path().join("1.json").to_str().unwrap(),
        dir.path().join("2.json").to_str().unwrap(),
        "-o",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "failures in the whole: {stdout}\n{stderr}");
    let merged = read_json(&merged);
    assert_eq!(verdicts(&merged), verdicts(&whole));
    assert_eq!(merged["front_end"], true);
}

/// The Oat test `name` in `dir` whose course output is `expected` and
/// whose `program` runs the statements `body`; its path.
fn oat_test(dir: &Path, name: &str, expected: &str, body: &[&str]) -> PathBuf {
    let p = dir.join(name);
    let mut text =
        format!("/* CHECK-COURSE-OUTPUT: {expected} */\nint program(int argc, string[] argv) {{\n");
    for line in body {
        text.push_str(&format!("  {line}\n"));
    }
    text.push_str("}\n");
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn reduce_emit_ll_reduces_an_oat_test() {
    let dir = tempfile::tempdir().unwrap();
    // Prints 8 and returns 0: the course compares "80". fold.sh makes any
    // program using `[&]` exit with 1, so the front end fails it with a
    // wrong status; every statement but the `[&]` one can go.
    let test = oat_test(
        dir.path(),
        "masks.oat",
        "80",
        &[
            "var a = 5;",
            "var b = 3;",
            "print_int(a + b);",
            "var c = 6 [&] 3;",
            "return 0;",
        ],
    );
    let (code, stdout, stderr) = run(&[
        "reduce",
        "--emit",
        "ll",
        "--cmd",
        &fold(),
        test.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("[&]"), "{stdout}");
    assert!(!stdout.contains("print_int"), "{stdout}");
    assert!(stdout.contains("CHECK-COURSE-OUTPUT"), "{stdout}");
    assert!(stderr.contains("wrong status"), "{stderr}");
    // A compile error is not reduced without a reference, and says why.
    let error = fixtures().join("tests/compile_error.oat");
    let (code, stdout, stderr) = run(&[
        "reduce",
        "--emit",
        "ll",
        "--cmd",
        &student(),
        error.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stderr.contains("only with --reference"), "{stderr}");
}

#[test]
fn a_compile_error_without_a_reference_says_why_it_is_not_reduced() {
    let dir = tempfile::tempdir().unwrap();
    let error = fixtures().join("tests/compile_error.oat");
    let (code, stdout, stderr) = test_compiler(&student(), &error, dir.path(), &[]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("not reduced: compile errors are reduced only with --reference"),
        "{stdout}"
    );
    assert!(!stdout.contains("budget went to larger groups"), "{stdout}");
}

#[test]
fn a_test_the_language_leaves_out_is_neither_passed_nor_blamed_on_a_reference() {
    let dir = tempfile::tempdir().unwrap();
    // A shift by 64 is undefined in Oat (docs/oat.md): no output can be
    // right, so without a reference the test is left out for everyone.
    let test = oat_test(
        dir.path(),
        "shift64.oat",
        "10",
        &["var n = 64;", "print_int(1 << n);", "return 0;"],
    );
    let (code, stdout, stderr) = test_compiler(&fold(), &test, dir.path(), &["--no-native"]);
    assert_eq!(code, 0, "nothing scored failed: {stdout}\n{stderr}");
    assert!(
        stdout.contains("LEFT OUT for everyone: 1 tests no output can pass"),
        "{stdout}"
    );
    assert!(!stdout.contains("reference solution"), "{stdout}");
    // The progress line counts it as the summary does: not judged.
    let last = stderr
        .lines()
        .rfind(|l| l.starts_with("progress: 1/1"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        last.contains("0 passed, 0 failed, 1 not judged"),
        "{stderr}"
    );
}
