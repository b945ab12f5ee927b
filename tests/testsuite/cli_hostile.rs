//! The command line under hostile arguments and inputs (docs/running-student-code.md): a
//! property test (quickcheck) runs the `lloracle` binary with subcommands,
//! options and files drawn from a pool of hostile values (overflowing
//! numbers, zero fuel, huge job counts, wrapping seeds, garbage bytes,
//! invalid UTF-8, directories, missing files, a closed stdout) and checks
//! that it never panics (a panic exits with 101 and says `panicked`) and
//! never hangs. Plus fixed cases for each message the issue asks for.

use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_lloracle");

/// A corpus program that returns 208 (`corpus/spec/factorial.ll`).
fn factorial() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/spec/factorial.ll")
}

/// Subcommands with the options that keep them short.
const COMMANDS: &[&[&str]] = &[
    &["run"],
    &["run", "--json"],
    &["check"],
    &["check", "--json"],
    &["print"],
    &["print", "--opaque"],
    &["recover"],
    &["native"],
    &["native", "--json"],
    &["compile", "--disasm"],
    &["compile", "--emit", "asm"],
    &["gen"],
    &["fuzz-diff", "--count", "2"],
    &["bench", "nosuch"],
    &[
        "test-compiler",
        "--no-corpus",
        "--random",
        "2",
        "--size",
        "3",
        "--time-budget",
        "10",
        "--out-dir",
        "/dev/null/x",
    ],
];

/// Hostile option values (each a whole option: flag and value).
const OPTIONS: &[&[&str]] = &[
    &["--timeout", "9223372036854775807"],
    &["--timeout", "18446744073709551615"],
    &["--timeout", "0"],
    &["--timeout", "-1"],
    &["--jobs", "100000"],
    &["--jobs", "0"],
    &["--fuel", "0"],
    &["--fuel", "18446744073709551615"],
    &["--seed", "18446744073709551615"],
    &["--size", "0"],
    &["--size", "1000000"],
    &["--entry", "nosuch"],
    &["--entry", ""],
    &["--max-depth", "0"],
    &["--max-cells", "0"],
    &["--trace=0"],
    &["--time-budget", "0"],
    &["--count", "0"],
    &["--random", "0"],
    &["-o", "/dev/full"],
    &["--json", "/nonexistent/dir/r.json"],
];

/// What the input file is.
#[derive(Clone, Debug)]
enum Input {
    /// A real program.
    Factorial,
    /// Arbitrary bytes.
    Bytes(Vec<u8>),
    /// A program with an invalid UTF-8 string constant.
    BadUtf8,
    /// A directory.
    Directory,
    /// A file that does not exist.
    Missing,
    /// `/dev/null`.
    DevNull,
}

/// One hostile invocation.
#[derive(Clone, Debug)]
struct Invocation {
    command: usize,
    options: Vec<usize>,
    input: Input,
    close_stdout: bool,
}

impl Arbitrary for Invocation {
    fn arbitrary(g: &mut Gen) -> Invocation {
        let n = usize::arbitrary(g) % 3;
        let input = match u8::arbitrary(g) % 6 {
            0 => Input::Factorial,
            1 => Input::Bytes(Vec::<u8>::arbitrary(g)),
            2 => Input::BadUtf8,
            3 => Input::Directory,
            4 => Input::Missing,
            _ => Input::DevNull,
        };
        Invocation {
            command: usize::arbitrary(g) % COMMANDS.len(),
            options: (0..n)
                .map(|_| usize::arbitrary(g) % OPTIONS.len())
                .collect(),
            input,
            close_stdout: bool::arbitrary(g),
        }
    }

    fn shrink(&self) -> Box<dyn Iterator<Item = Invocation>> {
        let me = self.clone();
        Box::new((0..self.options.len()).map(move |i| {
            let mut s = me.clone();
            s.options.remove(i);
            s
        }))
    }
}

/// Runs `args`; (exit code, stderr, how long it took). With
/// `close_stdout`, the read end of its stdout is closed at once.
fn run(args: &[String], close_stdout: bool) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .current_dir(std::env::temp_dir())
        .spawn()
        .expect("lloracle starts");
    let out = child.stdout.take();
    if close_stdout {
        drop(out);
    } else if let Some(mut o) = out {
        std::thread::spawn(move || std::io::copy(&mut o, &mut std::io::sink()));
    }
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    // A hang shows as a test failure, not a stuck test.
    let deadline = start + Duration::from_secs(60);
    let code = loop {
        if let Some(st) = child.try_wait().expect("wait") {
            break st.code();
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break Some(-1);
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    (code, reader.join().unwrap_or_default(), start.elapsed())
}

fn invoke(inv: &Invocation, dir: &Path) -> TestResult {
    let file: PathBuf = match &inv.input {
        Input::Factorial => factorial(),
        Input::Bytes(b) => {
            let p = dir.join("bytes.ll");
            std::fs::write(&p, b).expect("write");
            p
        }
        Input::BadUtf8 => {
            let p = dir.join("utf8.ll");
            let mut text = b"@s = global [3 x i8] c\"\xff\xfe\\00\"\n".to_vec();
            text.extend_from_slice(b"define i64 @main(i64 %argc, i8** %argv) {\n  ret i64 0\n}\n");
            std::fs::write(&p, text).expect("write");
            p
        }
        Input::Directory => dir.to_path_buf(),
        Input::Missing => dir.join("missing.ll"),
        Input::DevNull => PathBuf::from("/dev/null"),
    };
    let Some(cmd) = COMMANDS.get(inv.command) else {
        return TestResult::discard();
    };
    let mut args: Vec<String> = cmd.iter().map(|s| s.to_string()).collect();
    for &o in &inv.options {
        args.extend(
            OPTIONS
                .get(o)
                .into_iter()
                .flat_map(|o| o.iter().map(|s| s.to_string())),
        );
    }
    let takes_file = !matches!(
        cmd.first(),
        Some(&"gen" | &"fuzz-diff" | &"bench" | &"test-compiler")
    );
    if takes_file {
        args.push(file.display().to_string());
    }
    let (code, stderr, _) = run(&args, inv.close_stdout);
    if code == Some(101) || stderr.contains("panicked") || code == Some(-1) {
        eprintln!(
            "lloracle {args:?} (stdout closed: {}): exit {code:?}\n{stderr}",
            inv.close_stdout
        );
        return TestResult::failed();
    }
    TestResult::passed()
}

#[test]
fn no_hostile_invocation_panics_or_hangs() {
    fn prop(inv: Invocation) -> TestResult {
        let dir = tempfile::tempdir().expect("tempdir");
        invoke(&inv, dir.path())
    }
    QuickCheck::new()
        .tests(60)
        .max_tests(200)
        .quickcheck(prop as fn(Invocation) -> TestResult);
}

/// `lloracle ARGS` with stdout read: (exit code, stdout, stderr).
fn output(args: &[&str]) -> (Option<i32>, String, String) {
    let o = Command::new(BIN)
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("lloracle runs");
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn run_says_why_a_program_cannot_start() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("nomain.ll");
    std::fs::write(&p, "define i64 @f() {\n  ret i64 0\n}\n").expect("write");
    let (code, _, err) = output(&["run", &p.display().to_string()]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no function @main"), "{err}");
    let f = factorial().display().to_string();
    let (code, _, err) = output(&["run", "--entry", "nosuch", &f]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no function @nosuch"), "{err}");
}

#[test]
fn input_is_capped_and_bad_numbers_are_usage_errors() {
    let (code, _, err) = output(&["check", "/dev/zero"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("larger than the input limit of 64 MiB"),
        "{err}"
    );
    let (code, _, err) = output(&["bench", "nosuch"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no benchmark named `nosuch`"), "{err}");
    let (code, _, err) = output(&["test-compiler", "--fuel", "0", "--no-corpus"]);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn fuzz_diff_runs_its_programs_from_the_last_seed() {
    let (code, out, err) = output(&[
        "fuzz-diff",
        "--count",
        "3",
        "--seed",
        "18446744073709551615",
    ]);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("3 programs"), "{out}");
}

#[test]
fn a_closed_stdout_is_a_quiet_sigpipe_not_a_panic() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/programs");
    let files: Vec<String> = std::fs::read_dir(&corpus)
        .expect("corpus/programs")
        .flatten()
        .map(|e| e.path().display().to_string())
        .collect();
    let mut args = vec!["check".to_string()];
    args.extend(files);
    let mut child = Command::new(BIN)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("lloracle starts");
    // Read one line, then close: what `| head -1` does.
    let mut out = child.stdout.take().expect("stdout");
    let mut first = [0u8; 1];
    let _ = std::io::Read::read(&mut out, &mut first);
    drop(out);
    let o = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_ne!(o.status.code(), Some(101));
    let _ = std::io::stderr().flush();
}

#[test]
fn a_course_corpus_that_is_wrong_is_reported_not_skipped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let main = |body: &str| format!("define i64 @main(i64 %argc, i8** %argv) {{\n  {body}\n}}\n");
    let write = |name: &str, text: String| {
        std::fs::write(dir.path().join(name), text).expect("write");
    };
    write(
        "good.ll",
        format!("; CHECK-RESULT: 0\n{}", main("ret i64 0")),
    );
    // The oracle returns 1: the annotation is wrong.
    write(
        "wrong.ll",
        format!("; CHECK-RESULT: 2\n{}", main("ret i64 1")),
    );
    // Meant to run, but does not parse.
    write(
        "broken.ll",
        format!("; CHECK-RESULT: 0\n{}", main("ret i64 %nope +")),
    );
    let json = dir.path().join("r.json");
    let (code, out, err) = output(&[
        "test-compiler",
        "--corpus",
        &dir.path().display().to_string(),
        "--random",
        "0",
        "--out-dir",
        &dir.path().join("f").display().to_string(),
        "--json",
        &json.display().to_string(),
    ]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.contains("CORPUS PROBLEM") && out.contains("wrong.ll") && out.contains("broken.ll"),
        "{out}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("JSON report"))
            .expect("valid JSON");
    let problems = report["corpus_problems"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(problems.len(), 2, "{report}");
    assert!(
        problems.iter().any(|p| p
            .as_str()
            .is_some_and(|s| s.contains("annotated `returns 2`") && s.contains("returned 1"))),
        "{report}"
    );
}

#[test]
fn invalid_utf8_in_a_string_constant_keeps_its_bytes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let p = dir.path().join("bytes.ll");
    let mut text = b"@s = global [3 x i8] c\"\xff\xfe\\00\"\n".to_vec();
    text.extend_from_slice(b"define i64 @main(i64 %argc, i8** %argv) {\n  ret i64 0\n}\n");
    std::fs::write(&p, text).expect("write");
    let (code, out, err) = output(&["print", &p.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(r#"c"\FF\FE\00""#), "{out}");
    let (code, _, err) = output(&["run", &p.display().to_string()]);
    assert_eq!(code, Some(0), "{err}");
}
