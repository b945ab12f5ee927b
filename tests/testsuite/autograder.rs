//! The Gradescope kit of `lloracle autograder gradescope`: the generated
//! `run_autograder` runs against a fake `/autograder` root
//! (`LLORACLE_AUTOGRADER_ROOT`) laid out as Gradescope lays it out (the kit
//! in `source/`, the student's files in `submission/`), and its
//! `results/results.json` is checked against the fields of Gradescope's
//! autograder specification (top-level `score`, `tests[]` with `score`,
//! `max_score`, `name`, `status`, `output`).

use crate::common;

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
    common::have_cc("native code cannot be linked")
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

/// Runs `lloracle autograder gradescope --out OUT ARGS..`; a kit needs a
/// dialect (or a reference solution), and these kits send every program
/// (`--dialect lloracle`) unless `args` names one.
fn make_kit(out: &Path, args: &[&str]) -> std::process::Output {
    let named = args
        .iter()
        .any(|a| *a == "--dialect" || *a == "--reference");
    let dialect: &[&str] = if named {
        &[]
    } else {
        &["--dialect", "lloracle"]
    };
    Command::new(EXE)
        .args(["autograder", "gradescope", "--out"])
        .arg(out)
        .args(args)
        .args(dialect)
        .output()
        .expect("run lloracle autograder")
}

/// A kit with neither `--dialect` nor `--reference` is refused: test-compiler
/// would probe each submission, and students of one course would be graded
/// on different programs.
#[test]
fn a_kit_needs_a_dialect_or_a_reference() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let out = Command::new(EXE)
        .args(["autograder", "gradescope", "--out"])
        .arg(tmp.path().join("kit"))
        .args(["--cmd", "cc {in} -o {out}"])
        .output()
        .expect("run lloracle autograder");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("graded on one dialect"), "{err}");
    assert!(!tmp.path().join("kit").join("run_autograder").exists());
}

/// Replaces the submission under `root` with `files`, runs the kit's
/// `run_autograder` (copied to the root, as Gradescope does) with `path`
/// and `home`, as the current user, and returns the parsed results file.
fn grade(root: &Path, files: &[(&str, &str)], path: &str, home: &Path) -> Value {
    grade_as(root, files, path, home, "").0
}

/// [`grade`], with the build and the compiler run as `user` (empty: the
/// current user); also returns run_autograder's log.
fn grade_as(
    root: &Path,
    files: &[(&str, &str)],
    path: &str,
    home: &Path,
    user: &str,
) -> (Value, String) {
    let sub = root.join("submission");
    if sub.exists() {
        std::fs::remove_dir_all(&sub).expect("remove the old submission");
    }
    std::fs::create_dir_all(&sub).expect("submission directory");
    for (name, text) in files {
        let file = sub.join(name);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("submission folder");
        std::fs::write(file, text).expect("write a submission file");
    }
    let out = Command::new("bash")
        .arg(root.join("run_autograder"))
        .env("LLORACLE_AUTOGRADER_ROOT", root)
        .env("LLORACLE_AUTOGRADER_USER", user)
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
    (v, log)
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

/// test-compiler's options for a quick campaign: no random programs, two
/// workers, one short reduction.
const SMALL_CAMPAIGN: [&str; 8] = [
    "--random",
    "0",
    "--jobs",
    "2",
    "--max-reductions",
    "1",
    "--reduce-time",
    "5",
];

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
            &[
                "--build",
                "sh build.sh",
                "--cmd",
                "./compile.sh {in} {out}",
                "--emit",
                "asm",
                "--corpus",
                tests,
            ],
            &SMALL_CAMPAIGN[..],
        ]
        .concat(),
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
    assert!(setup.contains("install --locked --root /usr/local --path"));
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
    let cases: [(&[&str], &str); 8] = [
        (&["--cmd", "cc {in} -o {out}", "--randum", "3"], "--randum"),
        (&["--cmd", "./compile {in}"], "lacks {out} or {outdir}"),
        (&["--cmd", "./main.native -S -op {outdir}"], "lacks {in}"),
        (
            &["--cmd", "./main.native -S -op {outdir} {in} &&"],
            "bash can run",
        ),
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
    // The kit's own options, each followed by a valid compiler command.
    let own: [(&[&str], &str); 6] = [
        (&["--build", "make &&"], "bash can run"),
        (&["--build", " "], "--build is empty"),
        (&["--handout", "/no/such/handout"], "not a folder"),
        (&["--binary", "/no/such/lloracle"], "does not run here"),
        (&["--submit", "../backend.ml"], "inside the submission"),
        (&["--visibility", "public"], "after_due_date"),
    ];
    let own = own
        .iter()
        .map(|(a, says)| ([*a, &["--cmd", "cc {in} -o {out}"][..]].concat(), *says));
    let cases = cases.iter().map(|(a, says)| (a.to_vec(), *says)).chain(own);
    for (k, (args, says)) in cases.enumerate() {
        let out_dir = tmp.path().join(format!("kit{k}"));
        let out = make_kit(&out_dir, &args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out_dir.join("run_autograder").exists(), "{args:?}");
    }
}

/// The handout of a course whose driver behaves like the ETH Compiler
/// Design `main.native` (docs/grading.md): it creates a fixed `output/`
/// folder in its working folder at start-up (check, then mkdir), and with
/// `-S` writes the assembly of `NAME.ll` to `DIR/NAME.s` for `-op DIR`
/// (`DIR/NAME_1.s` if that exists), ignoring `-o` (the executable's name).
/// The student's `backend.ml` is sourced into the driver by the build; the
/// handout's own is an unfinished stub. The build checks `backend.ml`'s
/// syntax (as OCaml would type-check it) and makes `output/` itself, the
/// documented way around the driver's racy mkdir.
fn eth_handout(dir: &Path) -> PathBuf {
    let h = dir.join("handout");
    std::fs::create_dir_all(&h).expect("handout folder");
    let driver = r#"
[ -d output ] || mkdir output || exit 2
S=0; OP=output; OUT=a.out; IN=
while [ $# -gt 0 ]; do
  case "$1" in
    -S) S=1 ;;
    -op) OP="$2"; shift ;;
    -o) OUT="$2"; shift ;;
    -*) echo "main.native: unknown option $1" >&2; exit 2 ;;
    *) IN="$1" ;;
  esac
  shift
done
[ -n "$IN" ] || { echo "main.native: no input file" >&2; exit 2; }
[ "$S" = 1 ] || { echo "main.native: this fake driver only does -S (would link $OUT)" >&2; exit 2; }
NAME="$(basename "$IN" .ll)"
F="$OP/$NAME.s"; n=0
while [ -e "$F" ]; do n=$((n + 1)); F="$OP/${NAME}_$n.s"; done
exec lloracle compile "$IN" --emit asm $MUTATE -o "$F"
"#;
    let build = "set -e\nsh -n backend.ml\n{ echo '#!/bin/sh'; cat backend.ml; cat driver.sh; } >main.native\nchmod +x main.native\nmkdir -p output\n";
    std::fs::write(h.join("driver.sh"), driver).expect("driver");
    std::fs::write(h.join("build.sh"), build).expect("build.sh");
    std::fs::write(
        h.join("backend.ml"),
        "echo 'backend.ml: compile_prog not implemented' >&2\nexit 3\n",
    )
    .expect("stub");
    h
}

/// A TA's whole kit path with a real-style driver: the handout shipped in
/// the kit, students submitting only `backend.ml`, `{outdir}` naming the
/// driver's `-op` folder, the build and the compiler run as an
/// unprivileged user where this machine allows it, and the visibility
/// chosen when the kit is made.
#[test]
fn a_kit_with_a_handout_grades_eth_style_backends() {
    if !have_cc() {
        return;
    }
    let tmp = tempfile::tempdir().expect("temporary directory");
    // The unprivileged user must reach the kit's files and lloracle.
    std::fs::set_permissions(
        tmp.path(),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .expect("chmod");
    let root = tmp.path().join("autograder");
    let kit = root.join("source");
    let handout = eth_handout(tmp.path());
    let tests = small_corpus(tmp.path());
    let out = make_kit(
        &kit,
        &[
            &[
                "--handout",
                handout.to_str().expect("UTF-8"),
                "--submit",
                "backend.ml",
                "--build",
                "sh build.sh",
                "--visibility",
                "after_due_date",
                "--cmd",
                "./main.native -S -op {outdir} {in}",
                "--corpus",
                tests.to_str().expect("UTF-8"),
            ],
            &SMALL_CAMPAIGN[..],
        ]
        .concat(),
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("pins lloracle revision"), "{said}");
    for f in [
        "handout/driver.sh",
        "handout/build.sh",
        "handout/backend.ml",
    ] {
        assert!(kit.join(f).is_file(), "the kit lacks {f}");
    }
    std::fs::copy(kit.join("run_autograder"), root.join("run_autograder")).expect("copy");
    let path = path_with_lloracle();
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    // As root with runuser, the student's code runs as `nobody`; otherwise
    // as the current user, and the log says so.
    let as_root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
    let can_switch = as_root
        && Command::new("id")
            .args(["-u", "nobody"])
            .output()
            .is_ok_and(|o| o.status.success());
    let user = if can_switch { "nobody" } else { "" };
    if !can_switch {
        eprintln!(
            "SKIP (part): not root or no user nobody: the kit runs the build as the current user"
        );
    }
    let visible = |v: &Value| {
        assert_eq!(v["visibility"], "after_due_date", "{v}");
        for t in tests_of(v) {
            if let Some(x) = t.get("visibility") {
                assert_eq!(x, "after_due_date", "{t}");
            }
        }
    };

    let who = if can_switch {
        "run as nobody"
    } else {
        "run as the current user"
    };
    // A correct back end, submitted inside a folder with other files (only
    // backend.ml is taken, the handout's stub replaced): 4 of 4. The
    // sub-swapping back end: 3 of 4, as in the test above. backend.ml with
    // a syntax error: the build fails and shows why. No backend.ml at all:
    // 0, naming the missing file and what was sent.
    type Case<'a> = (&'a [(&'a str, &'a str)], f64, &'a [&'a str]);
    let cases: [Case; 4] = [
        (
            &[
                ("hw3/backend.ml", "MUTATE=\n"),
                ("hw3/notes.txt", "not code"),
            ],
            4.0,
            &[],
        ),
        (&[("backend.ml", "MUTATE='--mutate sub-swap'\n")], 3.0, &[]),
        (
            &[("backend.ml", "MUTATE=\nif then fi\n")],
            0.0,
            &["The build failed", "backend.ml"],
        ),
        (
            &[("main.ml", "(* wrong file *)")],
            0.0,
            &["must contain backend.ml", "main.ml"],
        ),
    ];
    for (files, score, says) in cases {
        let (v, log) = grade_as(&root, files, &path, &home, user);
        assert_eq!(number(&v["score"]), score, "{files:?}: {v}\n{log}");
        visible(&v);
        assert!(log.contains(who), "{log}");
        assert!(log.contains("copied the handout (3 files)"), "{log}");
        let output = v["output"].as_str().unwrap_or("");
        for said in says {
            assert!(output.contains(said), "{files:?}: {output}");
        }
    }
}

/// At the start of a campaign: a compiler the build did not make, and a
/// build command whose program is not installed, are said with their
/// reason before any program is sent, and the submission scores 0 (a
/// compiler that is not there fails the baseline: docs/grading.md).
#[test]
fn a_campaign_refuses_a_missing_compiler_and_a_build_that_cannot_run() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let path = path_with_lloracle();
    let home = tmp.path().join("home");
    std::fs::create_dir_all(&home).expect("home");
    let cases: [(&str, &str, &str); 2] = [
        (
            "true",
            "./main.native -S -op {outdir} {in}",
            "`./main.native` does not exist",
        ),
        (
            "no-such-build-tool all",
            "./main.native -S -op {outdir} {in}",
            "build command cannot run",
        ),
    ];
    for (k, (build, cmd, says)) in cases.iter().enumerate() {
        let root = tmp.path().join(format!("ag{k}"));
        let kit = root.join("source");
        let out = make_kit(
            &kit,
            &[
                "--build",
                build,
                "--cmd",
                cmd,
                "--random",
                "0",
                "--no-corpus",
            ],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::copy(kit.join("run_autograder"), root.join("run_autograder")).expect("copy");
        let (v, log) = grade_as(&root, &[("backend.ml", "")], &path, &home, "");
        assert_eq!(number(&v["score"]), 0.0, "{v}");
        let output = v["output"].as_str().unwrap_or("");
        assert!(output.contains(says), "{build}: {output}\n{log}");
    }
}

/// The kit ships only the files git tracks, and pins the source tree's
/// revision (marked `-modified` when tracked files differ from it) in
/// setup.sh and in the copy's `REVISION`, which the copy's build.rs reads.
#[test]
fn the_kit_ships_tracked_files_and_pins_the_revision() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let src = tmp.path().join("lloracle");
    std::fs::create_dir_all(src.join("src")).expect("tree");
    std::fs::write(src.join("Cargo.toml"), "[package]\nname = \"lloracle\"\n").expect("toml");
    std::fs::write(src.join("Cargo.lock"), "# lock\n").expect("lock");
    std::fs::write(src.join("src/main.rs"), "fn main() {}\n").expect("main");
    let git = |args: &[&str]| {
        let o = Command::new("git")
            .arg("-C")
            .arg(&src)
            .args(["-c", "user.name=t", "-c", "user.email=t@example.org"])
            .args(args)
            .output();
        o.ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    if git(&["init", "-q"]).is_none() {
        eprintln!("SKIP: git is not installed");
        return;
    }
    git(&["add", "."]).expect("git add");
    git(&["commit", "-q", "-m", "a tree"]).expect("git commit");
    let rev = git(&["rev-parse", "--short", "HEAD"]).expect("rev");
    std::fs::create_dir_all(src.join("lloracle-failures")).expect("failures");
    std::fs::write(src.join("lloracle-failures/f.ll"), "x").expect("untracked");
    std::fs::write(src.join("notes.txt"), "x").expect("untracked");

    let cmd = ["--cmd", "cc {in} -o {out}"];
    let kit = tmp.path().join("kit");
    let source = src.to_str().expect("UTF-8");
    let out = make_kit(
        &kit,
        &[&["--source", source, "--rust", "1.80.0"], &cmd[..]].concat(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let copy = kit.join("lloracle-src");
    assert!(copy.join("src/main.rs").is_file());
    assert!(!copy.join("notes.txt").exists());
    assert!(!copy.join("lloracle-failures").exists());
    let revision = std::fs::read_to_string(copy.join("REVISION")).expect("REVISION");
    assert_eq!(revision.trim(), rev);
    let setup = std::fs::read_to_string(kit.join("setup.sh")).expect("setup.sh");
    assert!(setup.contains(&format!("LLORACLE_REV='{rev}'")), "{setup}");
    assert!(setup.contains("RUST_VERSION='1.80.0'"), "{setup}");
    assert!(
        setup.contains("--default-toolchain \"$RUST_VERSION\""),
        "{setup}"
    );
    assert!(setup.contains("useradd"), "{setup}");

    // A tracked file changed since the commit: the revision says so.
    std::fs::write(src.join("Cargo.lock"), "# lock, edited\n").expect("edit");
    let out = make_kit(&kit, &[&["--source", source][..], &cmd[..]].concat());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let revision = std::fs::read_to_string(kit.join("lloracle-src/REVISION")).expect("REVISION");
    assert_eq!(revision.trim(), format!("{rev}-modified"));
}

/// Without git the kit ships every file of the source tree except build
/// output and folders that ignore themselves (lloracle's output folders).
#[test]
fn without_git_the_kit_leaves_out_folders_that_ignore_themselves() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let src = tmp.path().join("lloracle");
    for (rel, text) in [
        ("Cargo.toml", "[package]\nname = \"lloracle\"\n"),
        ("Cargo.lock", "# lock\n"),
        ("src/main.rs", "fn main() {}\n"),
        ("notes.txt", "x"),
        ("mine/keep.txt", "x"),
        ("target/debug/junk", "x"),
        ("runs/.gitignore", lloracle::output::GITIGNORE),
        ("runs/f.ll", "x"),
    ] {
        let p = src.join(rel);
        std::fs::create_dir_all(p.parent().expect("parent")).expect("tree");
        std::fs::write(&p, text).expect("write");
    }
    let kit = tmp.path().join("kit");
    let source = src.to_str().expect("UTF-8");
    let out = make_kit(&kit, &["--source", source, "--cmd", "cc {in} -o {out}"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let copy = kit.join("lloracle-src");
    assert!(copy.join("src/main.rs").is_file());
    assert!(copy.join("notes.txt").is_file());
    assert!(copy.join("mine/keep.txt").is_file());
    assert!(!copy.join("target").exists());
    assert!(!copy.join("runs").exists());
}

/// `--binary` ships the given lloracle (its revision read from its
/// `--version`) and setup.sh installs it without Rust.
#[test]
fn the_kit_can_ship_a_prebuilt_binary() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let kit = tmp.path().join("kit");
    let out = make_kit(&kit, &["--binary", EXE, "--cmd", "cc {in} -o {out}"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(kit.join("bin/lloracle").is_file());
    assert!(!kit.join("lloracle-src").exists());
    let setup = std::fs::read_to_string(kit.join("setup.sh")).expect("setup.sh");
    assert!(
        setup.contains("install -m 0755 \"$HERE/bin/lloracle\""),
        "{setup}"
    );
    assert!(!setup.contains("cargo"), "{setup}");
    let version = Command::new(EXE)
        .arg("--version")
        .output()
        .expect("--version");
    let version = String::from_utf8_lossy(&version.stdout);
    let rev = version
        .split_once("(rev ")
        .and_then(|(_, r)| r.trim().strip_suffix(')'))
        .expect("a revision in --version");
    assert!(setup.contains(&format!("LLORACLE_REV='{rev}'")), "{setup}");
}
