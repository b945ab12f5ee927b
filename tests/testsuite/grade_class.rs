//! The TA's path through `lloracle grade` on four fake submissions: one
//! correct, one whose back end lacks `getelementptr`, one whose build
//! fails, one so slow that it runs past its own time budget. Checked:
//! every student gets a fresh `--time-budget` (the slow one, graded first,
//! does not eat the others' time), the slow one is marked stopped early in
//! every report and in class.csv and grade exits 1; `--points 100` scales
//! the score; the Gradescope tests are the same for every student; every
//! failure group shows a program and the course's reproduce recipe; and
//! class.html is opened in a real headless browser where one is installed
//! (see docs/grading.md, "A class in one run").

use crate::common;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

const LLORACLE: &str = env!("CARGO_BIN_EXE_lloracle");

fn write(p: &Path, text: &str) {
    if let Some(d) = p.parent() {
        std::fs::create_dir_all(d).expect("mkdir");
    }
    std::fs::write(p, text).expect("write");
}

/// A submission whose `make` turns `compiler.sh` into `compiler`.
fn submission(dir: &Path, script: &str) {
    write(
        &dir.join("Makefile"),
        "compiler: compiler.sh\n\tcp compiler.sh compiler && chmod +x compiler\n",
    );
    write(&dir.join("compiler.sh"), script);
}

/// A corpus of two families written by hand: `calls` (42 and 14, no
/// getelementptr) and `arrays` (20 and 30, each through a getelementptr).
fn corpus(dir: &Path) {
    write(
        &dir.join("calls/add.ll"),
        "; CHECK-RESULT: 42\ndefine i64 @add(i64 %a, i64 %b) {\n  %r = add i64 %a, %b\n  ret i64 %r\n}\n\
         define i64 @main(i64 %argc, i8** %argv) {\n  %x = call i64 @add(i64 40, i64 2)\n  ret i64 %x\n}\n",
    );
    write(
        &dir.join("calls/double.ll"),
        "; CHECK-RESULT: 14\ndefine i64 @double(i64 %a) {\n  %r = mul i64 %a, 2\n  ret i64 %r\n}\n\
         define i64 @main(i64 %argc, i8** %argv) {\n  %x = call i64 @double(i64 7)\n  ret i64 %x\n}\n",
    );
    for (name, k, v) in [("second", 1, 20), ("third", 2, 30)] {
        write(
            &dir.join(format!("arrays/{name}.ll")),
            &format!(
                "; CHECK-RESULT: {v}\n@arr = global [3 x i64] [i64 10, i64 20, i64 30]\n\
                 define i64 @main(i64 %argc, i8** %argv) {{\n  \
                 %p = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 {k}\n  \
                 %v = load i64, i64* %p\n  ret i64 %v\n}}\n"
            ),
        );
    }
}

/// `lloracle grade subs` in `dir`, each submission built with make and
/// checked as `{submission}/compiler` in the dialect `lloracle`, with
/// `more` options.
fn grade(dir: &Path, more: &[&str]) -> std::process::Output {
    Command::new(LLORACLE)
        .args([
            "grade",
            "subs",
            "--build",
            "make -s -C {submission}",
            "--cmd",
            "{submission}/compiler {in} {out}",
            "--dialect",
            "lloracle",
        ])
        .args(more)
        .current_dir(dir)
        .env("LLORACLE", LLORACLE)
        .env("NO_COLOR", "1")
        .output()
        .expect("run grade")
}

fn test_names(g: &Value) -> Vec<String> {
    g["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|t| t["name"].as_str().expect("name").to_string())
        .collect()
}

fn test_of<'a>(g: &'a Value, name: &str) -> &'a Value {
    g["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no test {name}: {g:#}"))
}

#[test]
fn a_class_graded_as_a_ta_does_it() {
    if !common::have_cc("the class of fake submissions is not graded") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let subs = dir.path().join("subs");
    let compile = "exec \"$LLORACLE\" compile \"$1\" -o \"$2\"\n";
    // Graded first (name order, one at a time): with one budget for the
    // class it would leave nothing to the others.
    submission(
        &subs.join("a-slow"),
        &format!("#!/bin/sh\nsleep 6\n{compile}"),
    );
    submission(&subs.join("b-correct"), &format!("#!/bin/sh\n{compile}"));
    submission(
        &subs.join("c-nogep"),
        &format!(
            "#!/bin/sh\nif grep -q getelementptr \"$1\"; then\n  \
             echo 'backend.ml: Failure(\"getelementptr: not implemented\")' >&2\n  exit 2\nfi\n{compile}"
        ),
    );
    write(
        &subs.join("d-broken/Makefile"),
        "compiler:\n\t@echo 'backend.ml, line 3: syntax error' >&2; false\n",
    );
    corpus(&dir.path().join("course-corpus"));
    let out = grade(
        dir.path(),
        &[
            "--corpus",
            "course-corpus",
            "--random",
            "2",
            "--max-reductions",
            "1",
            "--reduce-candidates",
            "20",
            "--jobs",
            "1",
            "--parallel",
            "1",
            "--time-budget",
            "15",
            "--points",
            "100",
            "--reproduce",
            "./main.native -S {file} && ./a.out {args}; echo $?",
            "--out-dir",
            "grades",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // The slow student stopped early: grade says so and exits 1.
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("STOPPED EARLY") && stderr.contains("a-slow"),
        "{stderr}"
    );
    let o = dir.path().join("grades");

    // Gradescope: the same tests for everyone, scaled to 100 points.
    let families = ["corpus/arrays", "corpus/calls", "random programs"];
    let mut results = std::collections::BTreeMap::new();
    for who in ["a-slow", "b-correct", "c-nogep", "d-broken"] {
        let g = common::read_json(&o.join(who).join("results.json"));
        assert_eq!(test_names(&g), families, "{who}: {g:#}");
        assert_eq!(g["max_score"], 100.0, "{who}");
        let maxes: f64 = g["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .map(|t| t["max_score"].as_f64().expect("max"))
            .sum();
        assert!((maxes - 100.0).abs() < 1e-9, "{who}: {maxes}");
        results.insert(who, g);
    }
    // Two programs per family: a third of the points each, the cent left
    // over going to the first (33.34, 33.33, 33.33).
    let correct = &results["b-correct"];
    assert_eq!(correct["score"], 100.0, "{correct:#}");
    assert_eq!(test_of(correct, "corpus/arrays")["max_score"], 33.34);
    assert_eq!(test_of(correct, "corpus/calls")["max_score"], 33.33);
    // Without getelementptr: both array programs fail, both call programs
    // pass.
    let nogep = &results["c-nogep"];
    assert_eq!(test_of(nogep, "corpus/arrays")["score"], 0.0, "{nogep:#}");
    assert_eq!(test_of(nogep, "corpus/calls")["score"], 33.33, "{nogep:#}");
    let arrays = test_of(nogep, "corpus/arrays")["output"]
        .as_str()
        .expect("output");
    assert!(arrays.contains("[compile error]"), "{arrays}");
    assert!(
        arrays.contains("getelementptr"),
        "the program is shown: {arrays}"
    );
    assert!(
        arrays.contains("reproduce with your compiler: save the program as")
            && arrays.contains("./main.native -S"),
        "{arrays}"
    );
    // The broken build: 0 of 100 on the same tests, the build's words shown.
    let broken = &results["d-broken"];
    assert_eq!(broken["score"], 0.0);
    assert!(
        broken["output"]
            .as_str()
            .is_some_and(|t| t.contains("did not build") && t.contains("syntax error")),
        "{broken:#}"
    );
    // The slow one: stopped early in every report, not-reached runs count.
    let slow = &results["a-slow"];
    assert!(
        slow["output"]
            .as_str()
            .is_some_and(|t| t.starts_with("STOPPED EARLY")),
        "{slow:#}"
    );
    assert!(
        slow["extra_data"]["not_run_runs"].as_u64() > Some(0),
        "{slow:#}"
    );
    assert!(slow["score"].as_f64() < Some(100.0), "{slow:#}");
    let report = common::read_json(&o.join("a-slow/report.json"));
    assert!(report["stopped_early"]
        .as_str()
        .is_some_and(|w| w.contains("--time-budget")));
    let text = std::fs::read_to_string(o.join("a-slow/report.txt")).expect("report.txt");
    assert!(text.contains("STOPPED EARLY"), "{text}");
    let junit = std::fs::read_to_string(o.join("a-slow/junit.xml")).expect("junit");
    assert!(junit.contains("name=\"stopped_early\""), "{junit}");
    assert!(junit.contains("not run ("), "{junit}");

    // Every failure group of every student shows a program.
    for who in ["a-slow", "c-nogep"] {
        let r = common::read_json(&o.join(who).join("report.json"));
        for g in r["groups"].as_array().expect("groups") {
            let f = &g["example"]["failure"];
            let text = f["reduced"]["program"]
                .as_str()
                .or(f["program"].as_str())
                .unwrap_or("");
            assert!(
                text.contains("define"),
                "{who}: a group without a program: {g:#}"
            );
        }
    }

    // class.csv: score, percent, judged runs, stopped early.
    let csv = std::fs::read_to_string(o.join("class.csv")).expect("class.csv");
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    let col = |name: &str| rows[0].iter().position(|c| *c == name).expect(name);
    let row = |who: &str| rows.iter().find(|r| r[0] == who).expect(who).clone();
    assert_eq!(row("b-correct")[col("score")], "100", "{csv}");
    assert_eq!(row("b-correct")[col("percent")], "100", "{csv}");
    assert_eq!(row("b-correct")[col("stopped_early")], "no", "{csv}");
    assert_eq!(row("a-slow")[col("stopped_early")], "yes", "{csv}");
    assert_ne!(row("a-slow")[col("not_run")], "0", "{csv}");
    assert_eq!(row("d-broken")[col("build")], "FAILED", "{csv}");
    assert_eq!(row("d-broken")[col("judged_runs")], "0", "{csv}");
    assert_eq!(rows[1][0], "b-correct", "sorted by score: {csv}");

    // A class budget apart from each student's: with none left, no
    // submission is checked, each is marked, and grade says so.
    let none_left = grade(
        dir.path(),
        &[
            "--no-corpus",
            "--random",
            "1",
            "--class-time-budget",
            "0",
            "--out-dir",
            "none-left",
        ],
    );
    assert_eq!(none_left.status.code(), Some(1), "{none_left:?}");
    let r = common::read_json(&dir.path().join("none-left/b-correct/report.json"));
    assert!(
        r["stopped_early"]
            .as_str()
            .is_some_and(|w| w.contains("--class-time-budget")),
        "{r:#}"
    );
    assert_eq!(r["summary"]["not_run"], 1, "{r:#}");

    // class.html in a real browser: it parses, the students are sorted by
    // score, each one's groups expand, causes link to their students.
    let html = o.join("class.html");
    let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .into_iter()
        .find(|p| Path::new(p).exists());
    let Some(chromium) = chromium else {
        eprintln!("SKIP: no chromium installed; class.html is not opened in a browser");
        return;
    };
    let dom = Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("file://{}", html.display()))
        .output()
        .expect("run chromium");
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("<table id=\"students\">"), "{dom}");
    let first = dom.find("href=\"#s-b-correct\"").expect("b-correct row");
    let last = dom.find("href=\"#s-d-broken\"").expect("d-broken row");
    assert!(first < last, "sorted by score");
    assert!(
        dom.contains("<details class=\"student\" id=\"s-c-nogep\">"),
        "{dom}"
    );
    assert!(dom.contains("<details class=\"group\">"), "{dom}");
    assert!(dom.contains("class=\"cause\""), "{dom}");
    assert!(dom.contains("STOPPED EARLY"), "{dom}");
}

/// `grade --reference` with points (as `grade` always scores): a student
/// who shares every defect of the handout (the reference) scores full
/// marks, and one with a bug of its own scores below. The handout's
/// defects are of both kinds the reference rules know: `sub` with its
/// operands swapped (a wrong result on the same programs: shared per
/// program) and an assembler error on `mul` that the students' code meets
/// on other programs, those with an `xor` (shared by cause: the same
/// error line the reference shows elsewhere); the reference cannot build
/// the programs with a `mul`, so they are left out for everyone
/// (docs/grading.md, "The reference solution").
#[test]
fn grade_with_a_reference_charges_no_student_for_the_handouts_defects() {
    if !common::have_cc("the class graded against a reference is not graded") {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let subs = dir.path().join("subs");
    let sub_swap = "exec \"$LLORACLE\" compile --mutate sub-swap \"$1\" -o \"$2\"\n";
    let handout_error = |pattern: &str| {
        format!(
            "if grep -q '{pattern}' \"$1\"; then echo \"$1.s:12: Error: operand type mismatch for \\`imul'\" >&2; exit 1; fi\n"
        )
    };
    let reference = dir.path().join("reference.sh");
    common::write_exe(
        &reference,
        &format!("#!/bin/sh\n{}{sub_swap}", handout_error(" = mul ")),
    );
    let shares = format!("#!/bin/sh\n{}{sub_swap}", handout_error(" = xor "));
    submission(&subs.join("a-shares"), &shares);
    let own = format!(
        "#!/bin/sh\nif grep -q getelementptr \"$1\"; then echo 'backend.ml: Failure(\"gep\")' >&2; exit 2; fi\n{}{sub_swap}",
        handout_error(" = xor ")
    );
    submission(&subs.join("b-own-bug"), &own);
    corpus(&dir.path().join("course-corpus"));
    let reference_cmd = format!("{} {{in}} {{out}}", reference.display());
    let out = grade(
        dir.path(),
        &[
            "--reference",
            &reference_cmd,
            "--corpus",
            "course-corpus",
            "--random",
            "12",
            "--max-reductions",
            "0",
            "--jobs",
            "2",
            "--parallel",
            "1",
            "--points",
            "100",
            "--out-dir",
            "grades",
        ],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let o = dir.path().join("grades");
    let shares = common::read_json(&o.join("a-shares/results.json"));
    let report = common::read_json(&o.join("a-shares/report.json"));
    // Each student's report records the dialect as test-compiler's does.
    assert_eq!(report["dialect"]["name"], "lloracle", "{report:#}");
    let s = &report["summary"];
    // The random programs meet every defect: some runs are shared per
    // program or by cause, some left out; none is charged.
    assert!(
        s["shared_with_reference"].as_u64() > Some(0) && s["left_out"].as_u64() > Some(0),
        "{s}\n{stdout}\n{stderr}"
    );
    let by_cause = report["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .flat_map(|p| p["runs"].as_array().cloned().unwrap_or_default())
        .filter(|r| {
            r["failure"]["reference"].as_str().is_some_and(|w| {
                w.starts_with("fails the same way on ") && w.contains("operand type mismatch")
            })
        })
        .count();
    assert!(by_cause > 0, "no run shared by cause: {report:#}");
    assert_eq!(s["failed"], 0, "{s}");
    assert_eq!(shares["score"], 100.0, "{shares:#}");
    assert_eq!(shares["max_score"], 100.0, "{shares:#}");
    let output = shares["output"].as_str().expect("output");
    assert!(output.contains("SHARED WITH THE REFERENCE"), "{output}");
    // The student's own bug (no getelementptr) costs the arrays family.
    let own = common::read_json(&o.join("b-own-bug/results.json"));
    assert!(own["score"].as_f64() < Some(100.0), "{own:#}");
    assert_eq!(test_of(&own, "corpus/arrays")["score"], 0.0, "{own:#}");
    // class.csv gives the same scores.
    let csv = std::fs::read_to_string(o.join("class.csv")).expect("class.csv");
    let score = |who: &str| -> f64 {
        let line = csv
            .lines()
            .find(|l| l.starts_with(who))
            .unwrap_or_else(|| panic!("{who} not in class.csv:\n{csv}"));
        line.split(',')
            .nth(2)
            .and_then(|s| s.parse().ok())
            .expect("score")
    };
    assert_eq!(score("a-shares"), 100.0, "{csv}");
    assert!(score("b-own-bug") < 100.0, "{csv}");
}
