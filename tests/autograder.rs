//! The Gradescope kit of `lloracle autograder gradescope`: the generated
//! `run_autograder` runs against a fake `/autograder` root
//! (`LLORACLE_AUTOGRADER_ROOT`) laid out as Gradescope lays it out (the kit
//! in `source/`, the student's files in `submission/`), and its
//! `results/results.json` is checked against the fields of Gradescope's
//! autograder specification (top-level `score`, `tests[]` with `score`,
//! `max_score`, `name`, `status`, `output`).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

const EXE: &str = env!("CARGO_BIN_EXE_lloracle");

/// A student compiler: a shell script that calls the built-in back end
/// (with `mutate`, a deliberately broken one).
fn compile_sh(mutate: Option<&str>) -> String {
    let m = mutate.map_or(String::new(), |m| format!(" --mutate {m}"));
    format!("#!/bin/sh\nexec lloracle compile \"$1\" --emit asm{m} -o \"$2\"\n")
}

/// The submission's build script: makes `compile.sh` executable, as a
/// real build would produce `main.native`.
const BUILD_OK: &str = "chmod +x compile.sh\n";

/// A build that fails the way a compile error in the student's code does.
const BUILD_BROKEN: &str = "echo 'File \"main.ml\", line 3: Error: Syntax error' >&2\nexit 2\n";

fn have_cc() -> bool {
    let found = toolchain::tools::cc().is_some();
    if !found {
        eprintln!("SKIP: no C compiler (cc or gcc): native code cannot be linked");
    }
    found
}

/// PATH with the directory of the lloracle under test first.
fn path_with_lloracle() -> String {
    let dir = Path::new(EXE).parent().expect("the binary's directory");
    format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// Runs `lloracle autograder gradescope --out OUT ARGS..`.
fn make_kit(out: &Path, args: &[&str]) -> std::process::Output {
    Command::new(EXE)
        .args(["autograder", "gradescope", "--out"])
        .arg(out)
        .args(args)
        .output()
        .expect("run lloracle autograder")
}

/// Replaces the submission under `root` with `files`, runs the kit's
/// `run_autograder` (copied to the root, as Gradescope does) with `path`
/// and `home`, and returns the parsed results file.
fn grade(root: &Path, files: &[(&str, &str)], path: &str, home: &Path) -> Value {
    let sub = root.join("submission");
    if sub.exists() {
        std::fs::remove_dir_all(&sub).expect("remove the old submission");
    }
    std::fs::create_dir_all(&sub).expect("submission directory");
    for (name, text) in files {
        std::fs::write(sub.join(name), text).expect("write a submission file");
    }
    let out = Command::new("bash")
        .arg(root.join("run_autograder"))
        .env("LLORACLE_AUTOGRADER_ROOT", root)
        .env("PATH", path)
        .env("HOME", home)
        .current_dir(root)
        .output()
        .expect("run run_autograder");
    let log = format!(
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0), "{log}");
    let text = std::fs::read_to_string(root.join("results/results.json"))
        .unwrap_or_else(|e| panic!("no results.json ({e})\n{log}"));
    let v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("results.json: {e}\n{text}"));
    check_schema(&v);
    v
}

/// The fields Gradescope's specification requires or constrains: a
/// numeric top-level `score` (or one on every test), and per test a
/// numeric `score` and `max_score`, a `name`, `status` `passed` or
/// `failed`, a string `output` and a known `visibility` when present.
fn check_schema(v: &Value) {
    let tests = v["tests"].as_array().expect("`tests` is an array");
    assert!(
        v["score"].is_number() || tests.iter().all(|t| t["score"].is_number()),
        "{v}"
    );
    let visibilities = ["hidden", "after_due_date", "after_published", "visible"];
    for key in ["visibility", "stdout_visibility"] {
        if let Some(x) = v.get(key) {
            assert!(
                visibilities.contains(&x.as_str().unwrap_or("")),
                "{key}: {x}"
            );
        }
    }
    if let Some(o) = v.get("output") {
        assert!(o.is_string(), "output: {o}");
    }
    for t in tests {
        assert!(t["score"].is_number(), "{t}");
        assert!(t["max_score"].is_number(), "{t}");
        assert!(!t["name"].as_str().unwrap_or("").is_empty(), "{t}");
        if let Some(s) = t.get("status") {
            assert!(s == "passed" || s == "failed", "{t}");
        }
        if let Some(o) = t.get("output") {
            assert!(o.is_string(), "{t}");
        }
        if let Some(x) = t.get("visibility") {
            assert!(visibilities.contains(&x.as_str().unwrap_or("")), "{t}");
        }
    }
}

fn tests_of(v: &Value) -> &Vec<Value> {
    v["tests"].as_array().expect("tests")
}

fn number(v: &Value) -> f64 {
    v.as_f64().expect("a number")
}

/// A folder of four binop corpus programs, two of which subtract.
fn small_corpus(dir: &Path) -> PathBuf {
    let tests = dir.join("my-tests");
    std::fs::create_dir_all(&tests).expect("tests directory");
    let corpus = lloracle::corpus::default_dir().join("binop");
    for f in [
        "add_basic.ll",
        "mul_wrap.ll",
        "sub_negative_result.ll",
        "sub_wrap_min.ll",
    ] {
        std::fs::copy(corpus.join(f), tests.join(f)).expect("copy a corpus file");
    }
    tests
}

#[test]
fn the_kit_grades_a_correct_a_wrong_and_an_unbuildable_submission() {
    if !have_cc() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temporary directory");
    let root = tmp.path().join("autograder");
    let kit = root.join("source");
    let tests = small_corpus(tmp.path());
    let tests = tests.to_str().expect("a UTF-8 path");
    let out = make_kit(
        &kit,
        &[
            "--build",
            "sh build.sh",
            "--cmd",
            "./compile.sh {in} {out}",
            "--emit",
            "asm",
            "--corpus",
            tests,
            "--random",
            "0",
            "--jobs",
            "2",
            "--max-reductions",
            "1",
            "--reduce-time",
            "5",
        ],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The kit: executable scripts that bash accepts, lloracle's source
    // (built on Gradescope with the lock file) and the copied tests.
    for script in ["setup.sh", "run_autograder"] {
        let p = kit.join(script);
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(&p).expect("script").permissions(),
        );
        assert_eq!(mode & 0o111, 0o111, "{script} is not executable");
        let syntax = Command::new("bash")
            .arg("-n")
            .arg(&p)
            .output()
            .expect("bash -n");
        assert!(
            syntax.status.success(),
            "{script}: {}",
            String::from_utf8_lossy(&syntax.stderr)
        );
    }
    let setup = std::fs::read_to_string(kit.join("setup.sh")).expect("setup.sh");
    assert!(setup.contains("cargo install --locked --root /usr/local --path"));
    assert!(setup.contains("apt-get install"));
    for f in [
        "lloracle-src/Cargo.toml",
        "lloracle-src/Cargo.lock",
        "lloracle-src/corpus/spec/factorial.ll",
        "lloracle-src/codegen/runtime/llrt.c",
        "tests/sub_wrap_min.ll",
        "README.md",
    ] {
        assert!(kit.join(f).is_file(), "the kit lacks {f}");
    }
    assert!(!kit.join("lloracle-src/target").exists());
    std::fs::copy(kit.join("run_autograder"), root.join("run_autograder")).expect("copy");

    let path = path_with_lloracle();
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).expect("home");

    // A correct compiler passes every judged run: the four programs have
    // one run each, none undefined, so the score is 4 of 4.
    let good = compile_sh(None);
    let v = grade(
        &root,
        &[("build.sh", BUILD_OK), ("compile.sh", &good)],
        &path,
        &home,
    );
    assert!(tests_of(&v).iter().all(|t| t["status"] == "passed"), "{v}");
    assert_eq!(number(&v["score"]), 4.0, "{v}");
    if let Some(max) = v.get("max_score") {
        assert_eq!(number(max), 4.0, "{v}");
    }

    // A compiler that swaps sub's operands fails sub_negative_result
    // (50 - 42 = 8, not 42 - 50 = -8) and nothing else: sub_wrap_min comes
    // out the same swapped (MAX - 0 = MAX, 1 - MAX = MIN + 2, then
    // 1 - (MIN + 2) = MAX, the expected MIN - 1). Score 3 of 4.
    let wrong = compile_sh(Some("sub-swap"));
    let v = grade(
        &root,
        &[("build.sh", BUILD_OK), ("compile.sh", &wrong)],
        &path,
        &home,
    );
    assert_eq!(number(&v["score"]), 3.0, "{v}");
    let failed: Vec<String> = tests_of(&v)
        .iter()
        .filter(|t| t["status"] == "failed")
        .map(|t| format!("{} {}", t["name"], t["output"]))
        .collect();
    assert!(!failed.is_empty(), "{v}");
    assert!(
        failed.iter().any(|f| f.contains("sub_negative_result")),
        "{failed:?}"
    );
    assert!(
        !failed.iter().any(|f| f.contains("sub_wrap_min")),
        "{failed:?}"
    );

    // A submission that does not build gets 0 and sees the build's error.
    let v = grade(
        &root,
        &[("build.sh", BUILD_BROKEN), ("compile.sh", &good)],
        &path,
        &home,
    );
    assert_eq!(number(&v["score"]), 0.0, "{v}");
    let output = v["output"].as_str().unwrap_or("");
    assert!(output.contains("The build failed"), "{output}");
    assert!(output.contains("Syntax error"), "{output}");
    assert!(tests_of(&v).iter().all(|t| t["status"] == "failed"), "{v}");

    // Without lloracle installed the file still appears, blaming the kit.
    if Path::new("/usr/local/bin/lloracle").exists() {
        eprintln!("SKIP: /usr/local/bin/lloracle exists; the missing-lloracle case is not tried");
        return;
    }
    let v = grade(
        &root,
        &[("build.sh", BUILD_OK), ("compile.sh", &good)],
        "/usr/bin:/bin",
        &home,
    );
    assert_eq!(number(&v["score"]), 0.0, "{v}");
    assert!(
        v["output"].as_str().unwrap_or("").contains("not installed"),
        "{v}"
    );
}

/// Mistakes in the pass-through options are found when the kit is made,
/// and no kit is written.
#[test]
fn the_kit_refuses_options_test_compiler_would_refuse() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let cases: [(&[&str], &str); 5] = [
        (&["--cmd", "cc {in} -o {out}", "--randum", "3"], "--randum"),
        (&["--random", "3"], "--cmd"),
        (
            &["--cmd", "cc {in} -o {out}", "--gradescope", "r.json"],
            "set by the kit",
        ),
        (
            &["--cmd", "cc {in} -o {out}", "--build", "make"],
            "before test-compiler's options",
        ),
        (
            &["--cmd", "cc {in} -o {out}", "--corpus", "/no/such/tests"],
            "no such file",
        ),
    ];
    for (k, (args, says)) in cases.iter().enumerate() {
        let out_dir = tmp.path().join(format!("kit{k}"));
        let out = make_kit(&out_dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out_dir.join("run_autograder").exists(), "{args:?}");
    }
}
