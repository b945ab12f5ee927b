//! Grades a TA can sign (docs/grading.md, "How a grade is made"): a
//! compiler that fails the baseline is graded 0 of the same runs as any
//! other; a flaky compiler is still given its course's profile; a refusal
//! of a feature the profile has is a failure group, never a narrower
//! dialect; a defect the reference solution shares is listed apart and not
//! scored; a back end that writes absolute addresses is linked with
//! `-no-pie`. Every compiler here is a small shell script around the
//! built-in back end (`lloracle compile`), so the expected verdicts follow
//! from what each script does.

use crate::common;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_lloracle");

/// The bundled corpus folder `name`.
fn corpus(name: &str) -> String {
    format!("{}/corpus/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The built-in back end as a course compiler's last step.
fn backend() -> String {
    format!("exec {EXE} compile --emit asm \"$1\" -o \"$2\"")
}

/// What one `test-compiler` run left: exit code, stdout, stderr, and the
/// JSON, JUnit and Gradescope reports.
struct Ran {
    code: Option<i32>,
    out: String,
    err: String,
    json: Value,
    junit: String,
    gradescope: Value,
}

/// Runs `lloracle test-compiler ARGS` writing every report into `dir`.
fn test_compiler(dir: &Path, args: &[&str]) -> Ran {
    let (json, junit, gs) = (
        dir.join("r.json"),
        dir.join("junit.xml"),
        dir.join("gs.json"),
    );
    let o = Command::new(EXE)
        .arg("test-compiler")
        .args(args)
        .args([
            "--jobs",
            "2",
            "--max-reductions",
            "2",
            "--reduce-time",
            "10",
        ])
        .arg("--out-dir")
        .arg(dir.join("failures"))
        .arg("--json")
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .arg("--gradescope")
        .arg(&gs)
        .output()
        .expect("lloracle runs");
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let parse = |p: &Path| serde_json::from_str(&read(p)).unwrap_or(Value::Null);
    Ran {
        code: o.status.code(),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
        json: parse(&json),
        junit: read(&junit),
        gradescope: parse(&gs),
    }
}

fn summary(r: &Ran, key: &str) -> u64 {
    r.json["summary"][key].as_u64().unwrap_or(0)
}

/// A compiler that fails the baseline (missing, or hanging) is graded 0 of
/// exactly the judged runs a correct compiler is graded on, in every
/// report: JSON, JUnit (a failing testcase per run) and Gradescope.
#[test]
fn a_compiler_failing_the_baseline_is_graded_zero_of_every_judged_run() {
    if !common::have_cc("the baseline grading test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let programs = [
        "--corpus",
        &corpus("binop"),
        "--random",
        "4",
        "--dialect",
        "eth",
    ];
    let correct = common::compiler_script(dir.path(), "correct.sh", &backend());
    let ok = test_compiler(dir.path(), &[&["--cmd", &correct], &programs[..]].concat());
    assert_eq!(ok.code, Some(0), "{}\n{}", ok.out, ok.err);
    let judged = summary(&ok, "passed");
    assert!(judged > 10, "{}", ok.out);
    let hang = common::compiler_script(dir.path(), "hang.sh", "sleep 60");
    for (cmd, category, says) in [
        (
            "./no-such-compiler {in} {out}".to_string(),
            "compile error",
            "`./no-such-compiler` does not exist",
        ),
        (hang, "compile timeout", "fails the simplest program"),
    ] {
        let r = test_compiler(
            dir.path(),
            &[&["--cmd", &cmd, "--timeout", "1"], &programs[..]].concat(),
        );
        assert_eq!(r.code, Some(1), "{cmd}: {}\n{}", r.out, r.err);
        assert!(r.err.contains(says), "{}", r.err);
        assert!(
            r.err.contains("every program is counted as failed"),
            "{}",
            r.err
        );
        assert_eq!(summary(&r, "passed"), 0, "{cmd}");
        assert_eq!(summary(&r, "failed"), judged, "{cmd}: the same runs");
        assert_eq!(
            r.json["summary"]["categories"][category].as_u64(),
            Some(judged),
            "{cmd}: every run is a {category}"
        );
        assert!(r.json["baseline_failed"].is_string(), "{cmd}");
        assert!(
            r.junit.contains(&format!("failures=\"{judged}\"")),
            "{cmd}: {}",
            &r.junit[..r.junit.len().min(400)]
        );
        assert_eq!(
            r.junit.matches("<failure ").count() as u64,
            judged,
            "{cmd}: one failing testcase per judged run"
        );
        assert_eq!(r.gradescope["score"].as_u64(), Some(0), "{cmd}");
        assert_eq!(
            r.gradescope["max_score"].as_u64(),
            Some(judged),
            "{cmd}: the max score of a correct compiler"
        );
    }
}

/// An ETH-like driver: its parser reads only the `eth` dialect; `extra`
/// runs before the back end.
fn eth_like(dir: &Path, name: &str, extra: &str) -> String {
    common::compiler_script(
        dir,
        name,
        &format!(
            "{EXE} check --dialect eth \"$1\" >&2 || exit 1\n{extra}\n{}",
            backend()
        ),
    )
}

/// A driver that fails one invocation in three (every third, counted under
/// a lock, as a driver racing on a fixed `output/` folder fails) is still
/// given its course's profile: each refusal is sent again alone, and one
/// success is enough.
#[test]
fn a_flaky_compiler_is_still_given_its_course_profile() {
    if !common::have_cc("the flaky-compiler test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let count = dir.path().join("count");
    let flaky = format!(
        "n=$(flock {c}.lock sh -c 'n=$(cat {c} 2>/dev/null || echo 0); n=$((n+1)); echo $n > {c}; echo $n')\n\
         if [ $((n % 3)) -eq 0 ]; then echo 'Fatal error: exception Unix.Unix_error(Unix.EEXIST, \"mkdir\", \"output\")' >&2; exit 2; fi",
        c = count.display()
    );
    let cmd = eth_like(dir.path(), "flaky.sh", &flaky);
    let r = test_compiler(
        dir.path(),
        &["--cmd", &cmd, "--corpus", &corpus("binop"), "--random", "3"],
    );
    assert!(
        r.out.contains("dialect: eth ("),
        "the eth profile, not narrowed:\n{}\n{}",
        r.out,
        r.err
    );
    assert_eq!(r.json["dialect"]["name"].as_str(), Some("eth"), "{}", r.out);
    assert!(r.json["baseline_failed"].is_null(), "{}", r.err);
}

/// A driver that needs a fixed folder to itself (it `mkdir`s `output/` and
/// fails with `EEXIST` while another run holds it, as the course drivers
/// do when runs overlap) and compiles correctly is graded on its programs:
/// a compile error is sent again alone before it counts, so the overlaps
/// lloracle's own parallel runs cause fail nothing. Every judged run
/// passes, and the reports count the builds that needed the second try.
#[test]
fn a_driver_racing_on_a_fixed_folder_loses_no_run() {
    if !common::have_cc("the racing-driver test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let folder = dir.path().join("output");
    let racing = format!(
        "mkdir {f} 2>/dev/null || {{ echo 'Fatal error: exception Unix.Unix_error(Unix.EEXIST, \"mkdir\", \"output\")' >&2; exit 2; }}\n\
         {EXE} compile --emit asm \"$1\" -o \"$2\"; s=$?\nsleep 0.1\nrmdir {f}\nexit $s",
        f = folder.display(),
    );
    let cmd = common::compiler_script(dir.path(), "racing.sh", &racing);
    let r = test_compiler(
        dir.path(),
        &[
            "--cmd",
            &cmd,
            "--dialect",
            "llvm",
            "--corpus",
            &corpus("binop"),
            "--random",
            "6",
        ],
    );
    let judged = summary(&r, "passed") + summary(&r, "failed");
    assert!(judged > 0, "{}\n{}", r.out, r.err);
    assert_eq!(summary(&r, "failed"), 0, "{}\n{}", r.out, r.err);
    assert_eq!(
        r.gradescope["score"], r.gradescope["max_score"],
        "{}",
        r.out
    );
    // How many runs overlapped depends on the machine; each one that did
    // is counted and said.
    let flaky = r.json["flaky_builds"].as_u64().unwrap_or(0);
    if flaky > 0 {
        assert!(
            r.out.contains(&format!("flaky: {flaky} builds")),
            "{}",
            r.out
        );
    }
}

/// A compiler that refuses one feature its profile has (names starting
/// with `_`, which the eth parser reads) keeps the eth profile; the refusal
/// is a failure group whose programs include the probe program.
#[test]
fn a_refused_feature_of_the_profile_is_a_failure_not_a_narrower_dialect() {
    if !common::have_cc("the refused-feature test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let cmd = eth_like(
        dir.path(),
        "no_underscore.sh",
        "if grep -q '%_' \"$1\"; then echo \"$1: error: unexpected character _\" >&2; exit 1; fi",
    );
    let r = test_compiler(
        dir.path(),
        &["--cmd", &cmd, "--corpus", &corpus("binop"), "--random", "3"],
    );
    assert_eq!(r.json["dialect"]["name"].as_str(), Some("eth"), "{}", r.out);
    assert!(r.out.contains("which eth has: a failure"), "{}", r.out);
    let probe = r.json["programs"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["name"] == "probe underscore-names")
        .unwrap_or_else(|| panic!("the probe program is reported:\n{}", r.out));
    assert_eq!(probe["runs"][0]["verdict"].as_str(), Some("compile error"));
    assert_eq!(r.code, Some(1), "a failure");
}

/// A student whose compiler shares the reference solution's defect (both
/// compute `sub` with its operands swapped) and adds one of its own (it
/// refuses calls): the shared runs are listed apart and not scored, the
/// student is scored on the rest, and only the calls fail.
#[test]
fn a_defect_shared_with_the_reference_is_listed_apart_and_not_scored() {
    if !common::have_cc("the reference test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let handout = format!("exec {EXE} compile --mutate sub-swap --emit asm \"$1\" -o \"$2\"");
    let reference = common::compiler_script(dir.path(), "reference.sh", &handout);
    let student = common::compiler_script(
        dir.path(),
        "student.sh",
        &format!(
            "if grep -q ' call ' \"$1\"; then echo \"$1: error: calls are not supported\" >&2; exit 1; fi\n{handout}"
        ),
    );
    let r = test_compiler(
        dir.path(),
        &[
            "--cmd",
            &student,
            "--reference",
            &reference,
            "--corpus",
            &corpus("binop"),
            "--random",
            "5",
        ],
    );
    assert!(
        summary(&r, "shared_with_reference") > 0,
        "{}\n{}",
        r.out,
        r.err
    );
    assert!(summary(&r, "passed") > 0, "scored on the rest: {}", r.out);
    let failed = summary(&r, "failed");
    assert!(failed > 0, "the student's own defect: {}", r.out);
    assert_eq!(
        r.json["summary"]["categories"]["compile error"].as_u64(),
        Some(failed),
        "only the student's own defect fails: {}",
        r.out
    );
    assert!(r.out.contains("SHARED WITH THE REFERENCE"), "{}", r.out);
    assert!(
        r.out.contains("probe: sent to the reference solution"),
        "{}",
        r.out
    );
}

/// A student who shares the handout's defect (`sub` operands swapped) and
/// cannot compile `ashr`: the `ashr` refusal masks the rest of the
/// compiler, so the campaign sends a second set of programs without
/// `ashr` (docs/grading.md, "Unmasking"). The reference judges that second
/// set too: the handout's defect is shared there as well, and the only
/// runs scored as failed are the student's own compile errors.
#[test]
fn the_reference_also_judges_the_unmasked_programs() {
    if !common::have_cc("the reference test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let handout = format!("exec {EXE} compile --mutate sub-swap --emit asm \"$1\" -o \"$2\"");
    let reference = common::compiler_script(dir.path(), "reference.sh", &handout);
    let student = common::compiler_script(
        dir.path(),
        "student.sh",
        &format!(
            "if grep -q ' = ashr ' \"$1\"; then echo \"$1: error: ashr is not supported\" >&2; exit 1; fi\n{handout}"
        ),
    );
    let r = test_compiler(
        dir.path(),
        &[
            "--cmd",
            &student,
            "--reference",
            &reference,
            "--dialect",
            "llvm",
            "--corpus",
            &corpus("binop"),
            "--random",
            "20",
        ],
    );
    let unmasked = r.json["unmasked"].as_array().cloned().unwrap_or_default();
    assert!(
        unmasked.iter().any(|u| u["sent"].as_u64() > Some(0)),
        "a second set was sent: {}\n{}",
        r.out,
        r.err
    );
    assert!(summary(&r, "shared_with_reference") > 0, "{}", r.out);
    let failed = summary(&r, "failed");
    assert!(failed > 0, "the student's own defect: {}", r.out);
    assert_eq!(
        r.json["summary"]["categories"]["compile error"].as_u64(),
        Some(failed),
        "only the student's own defect fails: {}",
        r.out
    );
}

/// `test-compiler` with the fake back end `body` (a shell script named
/// `name`) on the `globals` corpus and 3 random programs, asserting that
/// the report says every program is linked with `-no-pie`; the run.
fn linked_with_no_pie(dir: &Path, name: &str, body: &str) -> Ran {
    let cmd = common::compiler_script(dir, name, body);
    let r = test_compiler(
        dir,
        &[
            "--cmd",
            &cmd,
            "--dialect",
            "lloracle",
            "--corpus",
            &corpus("globals"),
            "--random",
            "3",
        ],
    );
    assert!(
        r.out.contains("links only with -no-pie"),
        "{}\n{}",
        r.out,
        r.err
    );
    r
}

/// A back end that writes absolute addresses (as 2017-era course code
/// does: `leaq g, %rax` instead of `leaq g(%rip), %rax`) links only with
/// `-no-pie`: probing finds it, and every program links so.
#[test]
fn a_back_end_with_absolute_addresses_is_linked_with_no_pie() {
    if !common::have_cc("the -no-pie test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let r = linked_with_no_pie(
        dir.path(),
        "absolute.sh",
        &format!("{EXE} compile --emit asm \"$1\" -o \"$2\" && sed -i '/leaq/s/(%rip)//' \"$2\""),
    );
    assert_eq!(summary(&r, "failed"), 0, "{}", r.out);
    assert!(summary(&r, "passed") > 5, "{}", r.out);
    assert_eq!(r.code, Some(0));
}

/// A back end that writes absolute addresses *and* has a bug of its own
/// (here: a register-register `addq` written as `subq`, so the probes
/// that address a global give 7 - 2, not 9): linking with `-no-pie` is
/// decided by whether the probe links, not by its result, so the
/// programs with globals show the real bug (wrong results), and none is
/// a link error.
#[test]
fn a_back_end_with_absolute_addresses_and_a_bug_is_still_linked_with_no_pie() {
    if !common::have_cc("the -no-pie test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let r = linked_with_no_pie(
        dir.path(),
        "absolute_buggy.sh",
        &format!(
            "{EXE} compile --emit asm \"$1\" -o \"$2\" && sed -i -E \
             -e '/leaq/s/\\(%rip\\)//' \
             -e 's/addq (%[a-z0-9]+), (%[a-z0-9]+)/subq \\1, \\2/' \"$2\""
        ),
    );
    let categories = &r.json["summary"]["categories"];
    assert!(
        categories["link error"].is_null(),
        "{categories}\n{}",
        r.out
    );
    assert!(
        summary(&r, "failed") > 0,
        "the planted bug shows: {}",
        r.out
    );
}

/// A back end that writes a global's address as an absolute address only
/// where the program stores a global's address as a value (as two real
/// CIS341 homework-3 back ends do, `movq $g, ...`, while their
/// `getelementptr` of a global is `%rip`-relative): here the fake strips
/// `(%rip)` only from programs with a `store` of a global's address. The
/// load-syntax probes link as they are; the probe that stores `@g` links
/// only with `-no-pie`, so the campaign links with it, and the programs
/// that store a global's address (the corpus's `null_then_set.ll` and
/// `recursive_type_list.ll`, and random ones) pass (the built-in back end
/// is otherwise right) instead of failing as link errors (5 with main's
/// binary before this probe).
#[test]
fn a_back_end_with_absolute_addresses_only_for_stored_globals_is_linked_with_no_pie() {
    if !common::have_cc("the -no-pie test needs it to link") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let r = linked_with_no_pie(
        dir.path(),
        "absolute_stored.sh",
        &format!(
            "{EXE} compile --emit asm \"$1\" -o \"$2\" || exit 1\n\
             if grep -qE 'store [^,]*\\* @' \"$1\"; then sed -i -E '/leaq/s/\\(%rip\\)//' \"$2\"; fi"
        ),
    );
    assert_eq!(summary(&r, "failed"), 0, "{}", r.out);
    assert_eq!(r.code, Some(0));
}
