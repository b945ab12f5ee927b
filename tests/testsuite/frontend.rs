//! Checking a front end (`test-compiler --emit ll`): fake front ends
//! (shell scripts that copy prepared `.ll` files, tests/fixtures/frontend/)
//! show every verdict, the reference solution's rules, the native build
//! that explains a verdict, and a planted bug caught on generated Oat
//! programs, grouped once and reduced.

use crate::common::{copy_dir, lloracle, read_json};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// tests/fixtures/frontend.
fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/frontend")
}

/// The fake front end's command, reading `dir`'s prepared outputs.
fn fake(dir: &str) -> String {
    format!(
        "{} {{in}} {{outdir}} {dir}",
        fixtures().join("fake.sh").display()
    )
}

/// Runs `test-compiler --emit ll` with `args`; (exit code, stdout, the JSON
/// report).
fn campaign(args: &[&str]) -> (i32, String, Value) {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let out = dir.path().join("failures");
    let mut all = vec![
        "test-compiler",
        "--emit",
        "ll",
        "--random",
        "0",
        "--json",
        json.to_str().unwrap(),
        "--out-dir",
        out.to_str().unwrap(),
    ];
    all.extend_from_slice(args);
    let (code, stdout, stderr) = lloracle(&all);
    assert!(json.exists(), "no report: {stdout}\n{stderr}");
    (code, stdout, read_json(&json))
}

/// Each program's first run: (verdict, the run record).
fn first_runs(r: &Value) -> BTreeMap<String, Value> {
    r["programs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["runs"][0].clone(),
            )
        })
        .collect()
}

#[test]
fn every_verdict_of_a_front_end() {
    let tests = fixtures().join("tests");
    let (code, stdout, r) = campaign(&[
        "--cmd",
        &fake("student"),
        "--tests",
        tests.to_str().unwrap(),
        "--dialect",
        "eth",
        "--timeout",
        "2",
        "--no-native",
    ]);
    assert_eq!(code, 1, "{stdout}");
    let runs = first_runs(&r);
    let verdict = |name: &str| runs[name]["verdict"].as_str().unwrap().to_string();
    for (name, want) in [
        ("pass.oat", "pass"),
        ("wrong_output.oat", "wrong output"),
        ("wrong_status.oat", "wrong status"),
        ("undefined.oat", "undefined behaviour in output"),
        ("ill_typed_output.oat", "ill-typed output"),
        ("outside_dialect.oat", "output outside the dialect"),
        ("compile_error.oat", "compile error"),
        ("compile_timeout.oat", "compile timeout"),
        ("rejected.oat", "pass"),
        ("accepted.oat", "accepts an ill-typed program"),
        ("after_failure.oat", "pass"),
        ("args.oat", "pass"),
    ] {
        assert_eq!(verdict(name), want, "{name}: {}", runs[name]);
    }
    // Both runs of args.oat (argc 3 with two arguments, 1 with none).
    let args = r["programs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "args.oat")
        .unwrap();
    assert_eq!(args["runs"].as_array().unwrap().len(), 2);
    assert!(args["runs"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["verdict"] == "pass"));
    // The undefined step: its kind, the output's line (the `br` on the
    // loaded i1: in LLVM's memory, which judges front ends' output, a load
    // of i1 from a byte holding 3 gives undef, and the branch uses it),
    // and the load it came from (line 10).
    let ub = &runs["undefined.oat"]["failure"];
    assert!(
        ub["signature"]
            .as_str()
            .unwrap()
            .starts_with("undef-operand at `br i1 %REG"),
        "{ub}"
    );
    let detail = ub["detail"].as_str().unwrap();
    assert!(detail.contains("line 11 of the output"), "{ub}");
    assert!(
        detail.contains("(line 10) at type i1 from a byte holding 3"),
        "{ub}"
    );
    assert_eq!(ub["expected_from"], "test");
    // The evidence of the others.
    let wrong = &runs["wrong_output.oat"]["failure"];
    assert!(
        wrong["detail"].as_str().unwrap().contains("\"hi3\""),
        "{wrong}"
    );
    assert!(
        wrong["detail"].as_str().unwrap().contains("\"ho3\""),
        "{wrong}"
    );
    let typed = &runs["ill_typed_output.oat"]["failure"]["detail"];
    assert!(
        typed.as_str().unwrap().contains("ill_typed_output.ll"),
        "{typed}"
    );
    let dialect = &runs["outside_dialect.oat"]["failure"]["detail"];
    assert!(
        dialect.as_str().unwrap().contains("aggregate-alloca"),
        "{dialect}"
    );
    let error = &runs["compile_error.oat"]["failure"]["detail"];
    assert!(error.as_str().unwrap().contains("type error"), "{error}");
    // The driver's back end failing after the .ll is a note, not a
    // failure; said beside a failing verdict only, as a pass needs no
    // explaining (with `--clang` the ETH driver fails so on every test).
    assert_eq!(runs["after_failure.oat"]["note"], Value::Null);
    assert_eq!(verdict("after_failure_wrong.oat"), "wrong output");
    let note = runs["after_failure_wrong.oat"]["note"].as_str().unwrap();
    assert!(
        note.contains("failed after writing after_failure_wrong.ll"),
        "{note}"
    );
    // The terminal report lists the front end's categories only.
    assert!(stdout.contains("undefined behaviour in output"), "{stdout}");
    assert!(!stdout.contains("assembler error"), "{stdout}");
}

#[test]
fn an_undefined_output_that_passes_natively_passes_by_luck() {
    if toolchain::tools::llc().is_none() || !crate::common::have_cc("the native build") {
        eprintln!("SKIP: llc is not installed; the native build of a front end's output");
        return;
    }
    let test = fixtures().join("tests/undefined.oat");
    let (_, _, r) = campaign(&["--cmd", &fake("student"), "--tests", test.to_str().unwrap()]);
    let run = &first_runs(&r)["undefined.oat"];
    assert_eq!(run["verdict"], "undefined behaviour in output");
    let note = run["note"].as_str().unwrap_or_default();
    assert!(note.contains("passes natively by luck"), "{run}");
}

#[test]
fn an_ill_typed_output_says_whether_the_native_build_accepts_it() {
    if toolchain::tools::llc().is_none() || !crate::common::have_cc("the native build") {
        eprintln!("SKIP: llc is not installed; the native build of a front end's output");
        return;
    }
    // `ret i1 1` in a function returning i64 (student/ill_typed_output.ll,
    // line 3): LLVM refuses it as LLVMlite's checker does.
    let test = fixtures().join("tests/ill_typed_output.oat");
    let (_, _, r) = campaign(&["--cmd", &fake("student"), "--tests", test.to_str().unwrap()]);
    let run = &first_runs(&r)["ill_typed_output.oat"];
    assert_eq!(run["verdict"], "ill-typed output");
    let note = run["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("refuses it too") && note.contains("out.ll:3"),
        "{run}"
    );
    // `add i1 1, 1` (student/llvm_accepts.ll): LLVMlite's checker refuses
    // `add` at i1; LLVM computes 1 + 1 modulo 2 = 0, takes the branch that
    // prints "hi" and returns 3: the course output "hi3".
    let test = fixtures().join("native/llvm_accepts.oat");
    let (_, _, r) = campaign(&["--cmd", &fake("student"), "--tests", test.to_str().unwrap()]);
    let run = &first_runs(&r)["llvm_accepts.oat"];
    assert_eq!(run["verdict"], "ill-typed output");
    let note = run["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("the native build accepts it") && note.contains("\"hi3\""),
        "{run}"
    );
}

#[test]
fn the_reference_solution_decides_which_tests_count() {
    let tests = fixtures().join("refrules");
    let (code, stdout, r) = campaign(&[
        "--cmd",
        &fake("student"),
        "--reference",
        &fake("reference"),
        "--tests",
        tests.to_str().unwrap(),
        "--no-native",
    ]);
    assert_eq!(code, 1, "{stdout}");
    let runs = first_runs(&r);
    assert_eq!(runs["ok.oat"]["verdict"], "pass");
    // The reference's output is undefined: scored for no one.
    assert_eq!(runs["ub_dependent.oat"]["verdict"], "left out");
    let why = runs["ub_dependent.oat"]["oracle"].as_str().unwrap();
    assert!(why.contains("depends on undefined behaviour"), "{why}");
    // The expectation disagrees with the reference, and so does the
    // student, the same way: the handout's defect, shared.
    assert_eq!(
        runs["disagrees.oat"]["verdict"],
        "shared with the reference"
    );
    let theirs = runs["disagrees.oat"]["failure"]["reference"]
        .as_str()
        .unwrap();
    assert!(theirs.contains("expectation disagrees"), "{theirs}");
    // Plain tests take the reference's output as their expectation.
    assert_eq!(runs["plain.oat"]["verdict"], "pass");
    assert_eq!(runs["plain_wrong.oat"]["verdict"], "wrong output");
    assert_eq!(
        runs["plain_wrong.oat"]["failure"]["expected_from"],
        "reference"
    );
    assert!(
        stdout.contains("LEFT OUT for everyone: 1 tests"),
        "{stdout}"
    );
}

#[test]
fn plain_tests_without_a_reference_are_refused() {
    let test = fixtures().join("refrules/plain.oat");
    let (code, _, err) = lloracle(&[
        "test-compiler",
        "--emit",
        "ll",
        "--cmd",
        &fake("student"),
        "--tests",
        test.to_str().unwrap(),
        "--random",
        "0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--reference") && err.contains("plain.oat"),
        "{err}"
    );
}

/// The runs of report `r` that did not pass.
fn failing_runs(r: &Value) -> Vec<&Value> {
    r["programs"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["runs"].as_array().unwrap())
        .filter(|run| run["verdict"] != "pass")
        .collect()
}

/// One front-end bug under the names each program gives its registers and
/// functions is one group (docs/grading.md, "Groups and reductions" of
/// front ends): the prepared outputs
/// of tests/fixtures/frontend/renamed hold the same undefined step (an
/// `i64` slot loaded as `i1`, then branched on), one in `@sieve` with
/// `%_arr_el_gep200`-style names, one in `@program` with `%445`-style
/// names. By hand, both branch lines normalise to
/// `br i1 %REG, label %REG, label %REG`, so both runs have one key.
#[test]
fn one_front_end_bug_under_other_register_and_function_names_is_one_group() {
    let tests = fixtures().join("renamed");
    let (code, stdout, r) = campaign(&[
        "--cmd",
        &fake("renamed_ll"),
        "--tests",
        tests.to_str().unwrap(),
        "--dialect",
        "eth",
        "--no-native",
    ]);
    assert_eq!(code, 1, "{stdout}");
    let runs = first_runs(&r);
    let key = |name: &str| {
        let run = &runs[name];
        assert_eq!(run["verdict"], "undefined behaviour in output", "{run}");
        run["failure"]["signature"].as_str().unwrap().to_string()
    };
    let (sieve, program) = (key("sieve.oat"), key("program.oat"));
    assert_eq!(sieve, program);
    assert!(
        sieve.starts_with("undef-operand at `br i1 %REG, label %REG, label %REG"),
        "{sieve}"
    );
}

#[test]
fn a_planted_bug_on_generated_programs_is_one_group_reduced() {
    // No OAT_MUTANT: fold.sh's own bug, a status one too high wherever the
    // program uses `[&]`.
    let (_dir, r) = planted("", "10", "30", "3");
    let stdout = r.to_string();
    let failures = failing_runs(&r);
    // The generator uses `[&]` in most programs (masked shifts and
    // indices), so the bug shows often; every failure is that one bug.
    assert!(failures.len() >= 3, "{stdout}");
    for f in &failures {
        assert_eq!(f["verdict"], "wrong status", "{f}");
        assert_eq!(f["failure"]["signature"], "uses `[&]`", "{f}");
    }
    let reduced = failures
        .iter()
        .find_map(|f| f["failure"]["reduced"].as_object())
        .expect("one failure is reduced");
    let program = reduced["program"].as_str().unwrap();
    assert!(program.contains("[&]"), "{program}");
    // A few statements: the generator's index variables (`var i = 0;
    // a[i] = e;`) stay, as the shrinker does not inline a local.
    assert!(reduced["instructions"].as_u64().unwrap() <= 12, "{program}");
    let saved = reduced["saved"].as_str().unwrap();
    assert!(Path::new(saved).exists(), "{saved}");
    assert!(reduced["reproduce"].as_str().unwrap().contains("--tests"));
}

#[test]
fn a_class_of_front_ends_is_graded_with_a_picture_and_a_matrix() {
    let dir = tempfile::tempdir().unwrap();
    let subs = dir.path().join("subs");
    let script = fixtures().join("fake.sh");
    for (name, outputs) in [
        ("good", Some("reference")),
        ("bad", Some("student")),
        ("broken", None),
    ] {
        let s = subs.join(name);
        std::fs::create_dir_all(&s).unwrap();
        // A submission is self-contained: its front end and the outputs
        // it "compiles" to live in its folder, the only one (with the
        // system's toolchain) its confined front end may read.
        if let Some(o) = outputs {
            std::fs::copy(&script, s.join("fake.sh")).unwrap();
            copy_dir(&fixtures().join(o), &s.join(o));
            crate::common::sh_script(
                &s,
                "fe",
                &format!("exec \"$(dirname \"$0\")/fake.sh\" \"$1\" \"$2\" {o}"),
            );
        }
    }
    let out = dir.path().join("grades");
    let tests = fixtures().join("refrules");
    let (code, stdout, stderr) = lloracle(&[
        "grade",
        subs.to_str().unwrap(),
        "--build",
        "test -x fe",
        "--cmd",
        "{submission}/fe {in} {outdir}",
        "--emit",
        "ll",
        "--reference",
        &fake("reference"),
        "--tests",
        tests.to_str().unwrap(),
        "--random",
        "0",
        "--no-native",
        "--out-dir",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let class = read_json(&out.join("class.json"));
    let score = |who: &str| {
        class["submissions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["student"] == who)
            .map(|s| s["percent"].as_f64().unwrap())
            .unwrap()
    };
    // good passes every scored run (the left-out and shared ones carry no
    // points); bad fails plain_wrong.oat, one of three scored tests; broken
    // did not build.
    assert_eq!(score("good"), 100.0);
    assert!(score("bad") < 100.0 && score("bad") > 0.0, "{class}");
    assert_eq!(score("broken"), 0.0);
    let html = std::fs::read_to_string(out.join("class.html")).unwrap();
    assert!(html.contains("<svg id=\"scores\""), "{html}");
    assert_eq!(html.matches("class=\"band\"").count(), 10);
    assert!(html.contains("<table id=\"matrix\">"), "{html}");
    // One cause (bad's wrong output), so one hit in the matrix.
    assert_eq!(html.matches("class=\"hit\"").count(), 1, "{html}");
    for who in ["good", "bad", "broken"] {
        assert!(out.join(who).join("results.json").exists(), "{who}");
    }
}

/// Runs the evaluator-based fake front end with the planted bug `mutant`
/// (none: fold.sh's own) on `n` generated programs of `size` from seed 1,
/// reducing at most `reductions` of them; the folder of its files (the
/// saved reductions) and the JSON report.
fn planted(mutant: &str, n: &str, size: &str, reductions: &str) -> (tempfile::TempDir, Value) {
    let cmd = format!("{} {{in}} {{outdir}}", fixtures().join("fold.sh").display());
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    std::process::Command::new(env!("CARGO_BIN_EXE_lloracle"))
        .env("LLORACLE", env!("CARGO_BIN_EXE_lloracle"))
        .env("OAT_MUTANT", mutant)
        .args([
            "test-compiler",
            "--emit",
            "ll",
            "--cmd",
            &cmd,
            "--no-corpus",
        ])
        .args([
            "--random",
            n,
            "--size",
            size,
            "--seed",
            "1",
            "--max-reductions",
            reductions,
            "--no-native",
        ])
        .arg("--json")
        .arg(&json)
        .arg("--out-dir")
        .arg(dir.path().join("failures"))
        .output()
        .unwrap();
    let r = read_json(&json);
    (dir, r)
}

#[test]
fn planted_front_end_bugs_are_caught_grouped_and_reduced() {
    // string_cat(a, b) compiled as b ++ a (docs/oat.md gives every planted
    // bug's rates). Size 20: at size 30 nearly every program, passing ones
    // too, uses `string_cat` as every one uses `print_string`, so passing
    // programs cannot tell the two apart in the group's name.
    for (mutant, size, construct) in [("string-cat-swapped", "20", "`string_cat`")] {
        let (_dir, r) = planted(mutant, "30", size, "2");
        let failing = failing_runs(&r);
        assert!(!failing.is_empty(), "{mutant}: not caught");
        let reduced: Vec<&Value> = failing
            .iter()
            .filter_map(|f| f["failure"]["reduced"].as_object().map(|_| *f))
            .collect();
        assert!(!reduced.is_empty(), "{mutant}: nothing reduced");
        // Every failure is in one group, `first wrong value: string_cat`.
        // Most are there by their own trace: a `string_cat` whose result is
        // the expected one's two pieces the other way round (the same
        // bytes, in another order); the others (a trace that names no
        // operation, or none) by the construct their reduction keeps.
        let mut traced = 0;
        for f in &failing {
            let sig = f["failure"]["signature"].as_str().unwrap();
            assert_eq!(
                sig,
                format!("first wrong value: {construct}"),
                "{mutant}: {f}"
            );
            let trace = f["failure"]["trace"].as_str().unwrap();
            if !trace.contains(" gave \"") {
                continue;
            }
            traced += 1;
            let (gave, want) = trace
                .split_once(" gave \"")
                .and_then(|(_, r)| r.split_once("\", the evaluator \""))
                .map(|(g, w)| (g, w.trim_end_matches('"')))
                .unwrap_or_else(|| panic!("{mutant}: {trace}"));
            assert!(trace.contains("string_cat("), "{trace}");
            assert_ne!(gave, want, "{trace}");
            let sorted = |s: &str| {
                let mut b = s.as_bytes().to_vec();
                b.sort_unstable();
                b
            };
            assert_eq!(sorted(gave), sorted(want), "{trace}");
        }
        assert!(traced * 2 > failing.len(), "{mutant}: {traced} traced");
        for f in &reduced {
            let red = &f["failure"]["reduced"];
            assert!(
                red["instructions"].as_u64().unwrap() <= 12,
                "{mutant}: {red}"
            );
        }
    }
}

/// Front ends' output runs in LLVM's memory (docs/semantics.md, "Which
/// memory applies"): `tag_only.ll` reads a global of `[5 x i8]*` through
/// the Oat array view `{ i64, [0 x i8*] }*`, which LLVM defines (element 2
/// is at byte 8 + 2 * 8 in both types and holds @s2's address, "two"), so
/// it passes, with a note naming the tag rule the course's reference
/// interpreter stops on. `address.ll` prints an address where
/// `address.oat` prints 7: its output differs between the two address
/// layouts, so the run depends on addresses, and fails (an Oat program
/// cannot observe an address: the dependence is the front end's).
#[test]
fn front_end_output_runs_in_llvm_memory() {
    let tests = fixtures().join("memory");
    let (_, _, r) = campaign(&[
        "--cmd",
        &fake("student"),
        "--tests",
        tests.to_str().unwrap(),
        "--no-native",
    ]);
    let runs = first_runs(&r);
    let tag = &runs["tag_only.oat"];
    assert_eq!(tag["verdict"], "pass", "{tag}");
    let note = tag["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("the course's reference interpreter stops here (incompatible-tag"),
        "{tag}"
    );
    assert!(note.contains("clang runs it"), "{tag}");
    let addr = &runs["address.oat"];
    assert_eq!(addr["verdict"], "depends on addresses", "{addr}");
    assert!(addr["failure"].is_object(), "a failure: {addr}");
    let why = addr.to_string();
    assert!(why.contains("depends on addresses"), "{addr}");
    assert!(why.contains("line 9"), "{addr}");
}

/// The verdict of each test in tests/fixtures/frontend/rules compiled by
/// the fake front end `outputs` under `runtime`, with `more` options.
fn rules_verdicts(outputs: &str, runtime: &str, more: &[&str]) -> BTreeMap<String, String> {
    let tests = fixtures().join("rules");
    let cmd = fake(outputs);
    let mut args = vec![
        "--cmd",
        &cmd,
        "--tests",
        tests.to_str().unwrap(),
        "--runtime",
        runtime,
        "--no-native",
    ];
    args.extend_from_slice(more);
    let (_, stdout, r) = campaign(&args);
    first_runs(&r)
        .into_iter()
        .map(|(name, run)| {
            let v = run["verdict"]
                .as_str()
                .unwrap_or_else(|| panic!("{stdout}"));
            (name, v.to_string())
        })
        .collect()
}

#[test]
fn new_arrays_are_zeroed_and_a_malloc_runtime_needs_the_front_end_to_zero() {
    // rules/zeroed.oat: `var v = new int[3]; return v[1];` gives 0 (the
    // courses' ast.ml: zero-initialized arrays). oat-hw5's and
    // oat-eth-2019's oat_alloc_array use malloc: a front end that zeroes
    // the elements itself passes; one that does not returns memory never
    // written, undefined in its output, with or without a reference.
    for runtime in ["oat-hw5", "oat-eth-2019"] {
        assert_eq!(
            rules_verdicts("zeroing", runtime, &[])["zeroed.oat"],
            "pass"
        );
        assert_eq!(
            rules_verdicts("rtl", runtime, &[])["zeroed.oat"],
            "undefined behaviour in output",
            "{runtime}"
        );
    }
    let reference = fake("zeroing");
    let with_reference = rules_verdicts("rtl", "oat-hw5", &["--reference", &reference]);
    assert_eq!(
        with_reference["zeroed.oat"],
        "undefined behaviour in output"
    );
    // oat-eth's oat_alloc_array uses calloc: the runtime zeroes them.
    assert_eq!(rules_verdicts("rtl", "oat-eth", &[])["zeroed.oat"], "pass");
    // A front end that gives the element another value (1) is wrong.
    assert_eq!(
        rules_verdicts("wrong", "oat-eth", &[])["zeroed.oat"],
        "wrong status"
    );
}

#[test]
fn an_argument_order_the_language_leaves_open_is_not_charged() {
    // rules/arg_order.oat: f(t(1), t(2)), t prints its argument; the test
    // expects "12" then status 0. A front end evaluating the arguments
    // right to left prints "21": the Oat language allows it, so it passes,
    // with or without a reference (which evaluates left to right). One
    // that prints "22" matches no order.
    assert_eq!(
        rules_verdicts("zeroing", "oat-hw5", &[])["arg_order.oat"],
        "pass"
    );
    assert_eq!(
        rules_verdicts("rtl", "oat-hw5", &[])["arg_order.oat"],
        "pass"
    );
    let reference = fake("zeroing");
    let with_reference = rules_verdicts("rtl", "oat-hw5", &["--reference", &reference]);
    assert_eq!(with_reference["arg_order.oat"], "pass");
    assert_eq!(
        rules_verdicts("wrong", "oat-hw5", &[])["arg_order.oat"],
        "wrong output"
    );
}
