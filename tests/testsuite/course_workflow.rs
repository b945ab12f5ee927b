//! Course dialects, the harness side (docs/dialects.md): a course's conventions (its own runtime,
//! link flags, programs that start at `@program`) and a course's own test
//! programs (plain `.ll` files, no annotations) as the corpus. The compiler
//! under test is the built-in back end run as an external command
//! (`lloracle compile --emit asm`), which is always there; `cc` links.

use crate::common;

use lloracle::harness::cases::{corpus_cases, random_cases};
use lloracle::harness::compiler::Tools;
use lloracle::harness::course::{Course, Entry};
use lloracle::harness::dialect::{prepare, Prepared};
use lloracle::harness::judge::judge_text;
use lloracle::harness::reduce::Bounds;
use lloracle::harness::session::{run_session, Settings};
use lloracle::harness::verdicts::{Case, Category};
use lloracle::harness::{Compiler, Emit};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn have_cc() -> bool {
    common::have_cc("the course-workflow tests need it to link")
}

fn tools(course: Course) -> Tools {
    let mut t = Tools::with(course, None, Duration::from_secs(10)).expect("temporary directory");
    t.oracle.fuel = 20_000_000;
    t
}

/// The built-in back end as an external compiler, after `pre` (a shell
/// command run first, e.g. to keep a copy of what it was sent).
fn builtin_command(pre: &str) -> Compiler {
    let exe = env!("CARGO_BIN_EXE_lloracle");
    Compiler::Command {
        cmd: format!("{pre}{exe} compile --emit asm {{in}} -o {{out}}"),
        emit: Emit::Asm,
    }
}

fn settings() -> Settings {
    Settings {
        jobs: 2,
        max_reductions: 0,
        bounds: Bounds::default(),
        stop_at_first_failure: false,
        budget: Default::default(),
    }
}

/// The cases `prepare` sends under `course` (all of them, or the test fails).
fn prepared(cases: Vec<Case>, course: &Course) -> Vec<Case> {
    cases
        .into_iter()
        .map(|c| match prepare(c, course, None) {
            Prepared::Send(c) => c,
            other => panic!("not sent: {other:?}"),
        })
        .collect()
}

/// Every judged run's category, with the program's name.
fn categories(tools: &Tools, compiler: &Compiler, cases: Vec<Case>) -> Vec<(String, Category)> {
    run_session(tools, compiler, cases, &settings(), &|_| {})
        .into_iter()
        .flat_map(|r| {
            let name = r.case.name.clone();
            r.verdicts
                .iter()
                .filter_map(|v| v.category())
                .map(move |c| (name.clone(), c))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn all_pass(cats: &[(String, Category)]) {
    assert!(!cats.is_empty(), "no run was judged");
    let bad: Vec<_> = cats.iter().filter(|(_, c)| *c != Category::Pass).collect();
    assert!(bad.is_empty(), "{bad:?}");
}

/// `--entry program`: random programs (which start at `@main`) are sent
/// with it named `@program`, the bundled runtime's C `main` calls it, and
/// the oracle starts there too: every run passes. The oracle on its own
/// refuses the renamed program at `@main`, so the entry really moved.
#[test]
fn programs_start_at_program_with_the_bundled_runtime_main() {
    if !have_cc() {
        return;
    }
    let course = Course {
        entry: Entry::Program,
        ..Course::default()
    };
    let t = tools(course.clone());
    let cases = prepared(random_cases(12, 1, 20), &course);
    for c in &cases {
        assert!(c.prog.fdecl("program").is_some() && c.prog.fdecl("main").is_none());
    }
    let at_main = oracle::run(&cases[0].prog, None, &[], &oracle::Options::default());
    assert!(
        matches!(at_main, spec::Outcome::IllTyped { .. }),
        "{at_main}"
    );
    all_pass(&categories(&t, &builtin_command(""), cases));
}

/// `--runtime FILE.c`: the course's runtime is linked instead of the
/// bundled one. A faithful runtime (ll_puts writes the string and a
/// newline) passes a program that prints; one whose ll_puts writes
/// something else makes the same program a wrong output, which can only
/// happen if it was the one linked.
#[test]
fn the_course_runtime_is_linked_instead_of_the_bundled_one() {
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let write_rt = |name: &str, puts_body: &str| {
        let p = dir.path().join(name);
        let text = format!(
            "#include <stdio.h>\n#include <stdint.h>\n\
             void ll_puts(const char *s) {{ {puts_body} }}\n\
             extern int64_t program(int64_t argc, char **argv);\n\
             int main(int argc, char **argv) {{ return (int)program(argc, argv); }}\n"
        );
        std::fs::write(&p, text).expect("write the runtime");
        p
    };
    let good = write_rt("good.c", "printf(\"%s\\n\", s); fflush(stdout);");
    let odd = write_rt("odd.c", "printf(\"course: %s\\n\", s); fflush(stdout);");
    // Prints "hi" and returns 7 (the spec's string global and gep 0, 0).
    let text = "@s = global [3 x i8] c\"hi\\00\"\n\
                declare void @ll_puts(i8*)\n\
                define i64 @program(i64 %argc, i8** %argv) {\n  \
                %p = getelementptr [3 x i8], [3 x i8]* @s, i64 0, i64 0\n  \
                call void @ll_puts(i8* %p)\n  ret i64 7\n}\n";
    let prog = spec::parse(&spec::Source::new("hi.ll", text)).expect("parses");
    let judge = |runtime: &Path| {
        let t = tools(Course {
            runtime_c: Some(runtime.to_path_buf()),
            link_flags: vec![],
            entry: Entry::Program,
            ..Course::default()
        });
        let v = judge_text(&t, &builtin_command(""), &prog, Some(text), &[vec![]]);
        v.first().and_then(|v| v.category())
    };
    assert_eq!(judge(&good), Some(Category::Pass));
    assert_eq!(judge(&odd), Some(Category::WrongOutput));
}

/// `--link-flags`: the flags reach `cc`: `-no-pie` links as before, a
/// linker option that does not exist makes every program a link error.
#[test]
fn link_flags_reach_the_linker() {
    if !have_cc() {
        return;
    }
    let cases = random_cases(3, 5, 10);
    let with = |flags: &[&str]| {
        let t = tools(Course {
            link_flags: flags.iter().map(|f| f.to_string()).collect(),
            ..Course::default()
        });
        categories(&t, &builtin_command(""), cases.clone())
    };
    all_pass(&with(&["-no-pie"]));
    let cats = with(&["-Wl,--no-such-linker-option"]);
    assert!(!cats.is_empty());
    assert!(
        cats.iter().all(|(_, c)| *c == Category::LinkError),
        "{cats:?}"
    );
}

/// A course's own test directory: plain files (no `; CHECK` line) are
/// cases whose expected outcome is the oracle's on no arguments; a file
/// that does not parse and one that does not check are set aside with
/// the file, line and rule; and a plain file reaches the compiler as
/// written (`%1` stays `%1`, comments stay).
#[test]
fn a_course_test_directory_is_a_corpus() {
    if !have_cc() {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let plain = "; a course test: (3 + 4) * 6 = 42\n\
                 define i64 @main(i64 %argc, i8** %arcv) {\n  \
                 %1 = add i64 3, 4\n  %2 = mul i64 %1, 6\n  ret i64 %2\n}\n";
    let files = [
        ("add.ll", plain),
        (
            "broken.ll",
            "define i64 @main() {\n  %x = frobnicate i64 1\n}\n",
        ),
        (
            "untyped.ll",
            "define i64 @main() {\n  ret i64 %nowhere\n}\n",
        ),
        (
            "annotated.ll",
            "; CHECK-RESULT: 5\ndefine i64 @main() {\n  ret i64 5\n}\n",
        ),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    let read = corpus_cases(dir.path(), spec::RuntimeName::Ll).expect("the directory reads");
    let (cases, set_aside) = (read.cases, read.set_aside);
    let names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["corpus/add.ll", "corpus/annotated.ll"]);
    assert_eq!(set_aside.len(), 2, "{set_aside:?}");
    let broken = &set_aside[0];
    assert_eq!(broken.name, "corpus/broken.ll");
    assert!(
        broken.why.starts_with("corpus/broken.ll:2:"),
        "{}",
        broken.why
    );
    assert!(!broken.on_purpose);
    let untyped = &set_aside[1];
    assert!(
        untyped.why.starts_with("corpus/untyped.ll:2:"),
        "{}",
        untyped.why
    );
    assert!(untyped.why.contains("%nowhere"), "{}", untyped.why);
    // The plain file: one run on no arguments; sent as written.
    let add = cases[0].clone();
    assert_eq!(add.runs, vec![("default".to_string(), vec![])]);
    let seen = dir.path().join("seen.ll.txt");
    let keep = format!("cp {{in}} '{}' && ", seen.display());
    let t = tools(Course::default());
    let cats = categories(
        &t,
        &builtin_command(&keep),
        prepared(vec![add], &Course::default()),
    );
    assert_eq!(cats, vec![("corpus/add.ll".to_string(), Category::Pass)]);
    assert_eq!(std::fs::read_to_string(&seen).expect("sent"), plain);
}

/// The command line: `--entry`, `--link-flags` and `--runtime` reach the
/// reproducing command of a saved failure, so that it reproduces under
/// the same conventions; `--runtime` without an assembly-emitting `--cmd`
/// is a usage error.
#[test]
fn the_reproducing_command_keeps_the_course_options() {
    if !have_cc() {
        return;
    }
    let exe = env!("CARGO_BIN_EXE_lloracle");
    let dir = tempfile::tempdir().expect("temporary directory");
    let out = dir.path().join("failures");
    let corpus = format!("{}/corpus/binop", env!("CARGO_MANIFEST_DIR"));
    let o = Command::new(exe)
        .args(["test-compiler", "--cmd"])
        .arg(format!(
            "{exe} compile --mutate sub-swap --emit asm {{in}} -o {{out}}"
        ))
        .args([
            "--emit",
            "asm",
            "--entry",
            "program",
            "--link-flags",
            "-no-pie",
        ])
        .args(["--random", "0", "--max-reductions", "1", "--jobs", "2"])
        .arg("--corpus")
        .arg(&corpus)
        .arg("--out-dir")
        .arg(&out)
        .output()
        .expect("runs");
    assert_eq!(
        o.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    let saved: Vec<String> = std::fs::read_dir(&out)
        .expect("failures saved")
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with("_reduced.ll"))
        .map(|e| std::fs::read_to_string(e.path()).expect("read"))
        .collect();
    assert_eq!(saved.len(), 1);
    // The failures folder test-compiler created ignores itself in git.
    let ignore = std::fs::read_to_string(out.join(".gitignore")).expect("failures/.gitignore");
    assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
    let line = saved[0]
        .lines()
        .find(|l| l.starts_with("; reproduce: "))
        .expect("a reproduce line");
    assert!(
        line.contains("--link-flags '-no-pie' --entry program"),
        "{line}"
    );
    assert!(saved[0].contains("define i64 @program("), "{}", saved[0]);
    let o = Command::new(exe)
        .args(["test-compiler", "--runtime", "runtime.c", "--random", "1"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
}
