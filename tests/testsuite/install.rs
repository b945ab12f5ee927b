//! An installed `lloracle` works anywhere: the binary copied into a
//! temporary directory and run from another one, outside cargo (as after
//! `cargo install`, far from the source tree), reads the bundled corpus
//! embedded in it and links native code with its embedded C runtime.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The test binary copied into `dir/bin/lloracle`.
fn installed_copy(dir: &Path) -> PathBuf {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).expect("bin directory");
    let exe = bin.join("lloracle");
    std::fs::copy(env!("CARGO_BIN_EXE_lloracle"), &exe).expect("copy the binary");
    exe
}

/// A command running `exe` as a user's shell would: without the variables
/// cargo sets for tests (under cargo the bundled corpus is read from the
/// source tree's files instead of the embedded copy).
fn installed(exe: &Path) -> Command {
    let mut c = Command::new(exe);
    for (k, _) in std::env::vars_os() {
        if k.to_string_lossy().starts_with("CARGO") {
            c.env_remove(k);
        }
    }
    c
}

/// Asserts that `out` is a run that ended with status 0, showing its output if not.
fn succeeded(out: &std::process::Output) {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn have_cc() -> bool {
    let found = toolchain::tools::cc().is_some();
    if !found {
        eprintln!("SKIP: no C compiler (cc or gcc): native code cannot be linked");
    }
    found
}

/// `test-compiler` with no `--corpus`, from a copied binary outside cargo
/// in a directory that holds no corpus, judges the bundled corpus: its
/// report is the one the same binary gives with `--corpus` naming the
/// source tree's `corpus/` (and the built-in back end passes every run).
#[test]
fn an_installed_binary_tests_a_compiler_on_the_embedded_corpus() {
    if !have_cc() {
        return;
    }
    let home = tempfile::tempdir().expect("temporary directory");
    let exe = installed_copy(home.path());
    let work = home.path().join("elsewhere");
    std::fs::create_dir_all(&work).expect("working directory");
    let summary = |report: &str, extra: &[&str]| {
        let out = installed(&exe)
            .current_dir(&work)
            .args(["test-compiler", "--random", "3", "--jobs", "2"])
            .args(["--json", report])
            .args(extra)
            .output()
            .expect("run the copied lloracle");
        succeeded(&out);
        let text = std::fs::read_to_string(work.join(report)).expect("the JSON report");
        let v: serde_json::Value = serde_json::from_str(&text).expect("the report is JSON");
        v["summary"].clone()
    };
    let embedded = summary("embedded.json", &[]);
    let source_tree = lloracle::corpus::default_dir();
    let files = summary(
        "files.json",
        &["--corpus", source_tree.to_str().expect("a UTF-8 path")],
    );
    assert_eq!(embedded, files);
    assert!(embedded["passed"].as_u64().unwrap_or(0) > 100, "{embedded}");
    assert_eq!(embedded["failed"].as_u64(), Some(0), "{embedded}");
}

/// `compile --emit exe` links with the C runtime from the copied binary:
/// `@ll_puts` prints through llrt.c, and main's result is the exit status.
#[test]
fn an_installed_binary_links_executables_with_the_runtime() {
    if !have_cc() {
        return;
    }
    let home = tempfile::tempdir().expect("temporary directory");
    let exe = installed_copy(home.path());
    let prog = "@s = global [3 x i8] c\"hi\\00\"\n\
                declare void @ll_puts(i8*)\n\
                define i64 @main(i64 %argc, i8** %argv) {\n\
                \x20 %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0\n\
                \x20 call void @ll_puts(i8* %p)\n\
                \x20 ret i64 7\n}\n";
    std::fs::write(home.path().join("p.ll"), prog).expect("write p.ll");
    let out = installed(&exe)
        .current_dir(home.path())
        .args(["compile", "p.ll", "--emit", "exe", "-o", "p"])
        .output()
        .expect("run the copied lloracle");
    succeeded(&out);
    let run = Command::new(home.path().join("p"))
        .output()
        .expect("run the executable");
    assert_eq!(run.status.code(), Some(7));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "hi\n");
}
