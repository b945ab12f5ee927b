//! The named course runtimes on the native side (docs/dialects.md,
//! "Runtimes"): a program as a course's front end or test writes it, built
//! by a compiler command (LLVM 14's `llc`) and linked by the harness with
//! lloracle's bundled C for `--runtime NAME`, prints and exits as the
//! course's `runtime.c` makes it (every expected value below is derived by
//! hand from the program and codegen/runtime/*.c); and the command line:
//! `--runtime NAME` errors list the names, the old `--runtime FILE.c`
//! still works with a note, the built-in back end refuses a runtime it
//! cannot run, and `lloracle dialects` lists the runtimes.

use crate::common;

use common::{have_cc, lloracle, read_json};
use lloracle::harness::compiler::Tools;
use lloracle::harness::course::{default_entry, Course};
use lloracle::harness::{Compiler, Emit};
use spec::{Outcome, RuntimeName};
use std::time::Duration;

/// `llc` as a course compiler (position-independent, so that `cc` links
/// it as a PIE), or `None` with a visible notice when `llc` or `cc` is
/// missing.
fn llc_compiler(what: &str) -> Option<Compiler> {
    if !have_cc(what) {
        return None;
    }
    let Some(llc) = toolchain::tools::llc() else {
        eprintln!("SKIP: LLVM 14's llc is not installed; {what}");
        return None;
    };
    Some(Compiler::Command {
        cmd: format!(
            "{} -O0 -relocation-model=pic {{in}} -o {{out}}",
            llc.display()
        ),
        emit: Emit::Asm,
    })
}

/// Builds `text` with `compiler`, links it with `runtime`'s bundled C at
/// the runtime's entry, and runs it with `args`: the native outcome.
fn run_linked(compiler: &Compiler, runtime: RuntimeName, text: &str, args: &[&str]) -> Outcome {
    let course = Course {
        runtime,
        entry: default_entry(runtime),
        ..Course::default()
    };
    let tools = Tools::with(course, None, Duration::from_secs(20)).expect("temporary directory");
    let prog = spec::parse(&spec::Source::new("t.ll", text)).expect("the program parses");
    let built = match tools.build_text(compiler, &prog, Some(text)) {
        Ok(b) => b,
        Err(f) => panic!("{runtime}: {:?}: {}", f.category, f.detail),
    };
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    tools.run(&built, &args)
}

/// The exit status and stdout of a run that exited.
fn exited(o: &Outcome) -> (u8, String) {
    match o {
        Outcome::Exited { code, stdout } => (*code, String::from_utf8_lossy(stdout).into_owned()),
        other => panic!("expected an exit, got {other:?}"),
    }
}

/// An Oat front end's output (the idioms of COURSE-RUNTIMES.md): an array
/// from `oat_alloc_array(3)` viewed as `{ i64, [0 x i64] }*`, elements
/// written and summed through `i32 0, i32 1, i64 %k`, the length from
/// field 0; the argument array's element 1 and field 0; `string_of_int`,
/// `string_cat`, `print_string`, `length_of_string`, `print_bool`,
/// `print_int`.
const OAT_PROGRAM: &str = r#"@s = global [5 x i8] c"sum \00"

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 3)
  %a = bitcast i64* %raw to { i64, [0 x i64] }*
  %k = alloca i64
  %sum = alloca i64
  store i64 0, i64* %k
  store i64 0, i64* %sum
  br label %fill
fill:
  %i = load i64, i64* %k
  %more = icmp slt i64 %i, 3
  br i1 %more, label %body, label %done
body:
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 %i
  %i1 = add i64 %i, 1
  %v = mul i64 %i1, 10
  store i64 %v, i64* %p
  %q = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 %i
  %w = load i64, i64* %q
  %s0 = load i64, i64* %sum
  %s1 = add i64 %s0, %w
  store i64 %s1, i64* %sum
  store i64 %i1, i64* %k
  br label %fill
done:
  %total = load i64, i64* %sum
  %lp = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 0
  %len = load i64, i64* %lp
  %label = bitcast [5 x i8]* @s to i8*
  %digits = call i8* @string_of_int(i64 %total)
  %line = call i8* @string_cat(i8* %label, i8* %digits)
  call void @print_string(i8* %line)
  %ap = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %argv, i32 0, i32 1, i64 1
  %arg = load i8*, i8** %ap
  call void @print_string(i8* %arg)
  %alen = call i64 @length_of_string(i8* %arg)
  %big = icmp sgt i64 %alen, 1
  call void @print_bool(i1 %big)
  call void @print_int(i64 -7)
  %np = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %argv, i32 0, i32 0
  %n = load i64, i64* %np
  %r0 = mul i64 %len, 100
  %r1 = mul i64 %alen, 10
  %r2 = add i64 %r0, %r1
  %r3 = add i64 %r2, %n
  ret i64 %r3
}

declare i64* @oat_alloc_array(i64)
declare i8* @string_of_int(i64)
declare i8* @string_cat(i8*, i8*)
declare void @print_string(i8*)
declare i64 @length_of_string(i8*)
declare void @print_bool(i1)
declare void @print_int(i64)
"#;

/// Every Oat runtime runs a front end's output the same way: the sum of
/// 10, 20, 30 is 60, printed after "sum "; argv[1] "xy" printed as is;
/// its length 2 > 1 prints "true"; then "-7". No newline anywhere. The
/// result is 3 * 100 + 2 * 10 + argc 2 = 322, exit status 322 mod 256 = 66
/// (the C `main` returns `program`'s result).
#[test]
fn an_oat_front_ends_output_runs_with_every_oat_runtime() {
    let Some(llc) = llc_compiler("the Oat runtime programs are not run") else {
        return;
    };
    for r in RuntimeName::ALL.into_iter().filter(|r| r.is_oat()) {
        let o = run_linked(&llc, r, OAT_PROGRAM, &["xy"]);
        assert_eq!(
            exited(&o),
            (66, "sum 60xytrue-7".to_string()),
            "runtime {r}"
        );
    }
}

/// `oat_assert_array_length(a, -1)` on a 2-element array: the homework-5
/// runtime (and ETH's) rejects the negative index (stderr message,
/// `exit(1)`; "before " was printed and is flushed by `exit`); CIS341
/// 2017's check lacks `i < 0` and lets it pass, so the program goes on to
/// print "after" and return 0.
const NEGATIVE_INDEX: &str = r#"@before = global [8 x i8] c"before \00"
@after = global [6 x i8] c"after\00"

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %b = bitcast [8 x i8]* @before to i8*
  call void @print_string(i8* %b)
  call void @oat_assert_array_length(i64* %raw, i64 -1)
  %a = bitcast [6 x i8]* @after to i8*
  call void @print_string(i8* %a)
  ret i64 0
}

declare i64* @oat_alloc_array(i64)
declare void @oat_assert_array_length(i64*, i64)
declare void @print_string(i8*)
"#;

#[test]
fn only_cis341s_length_check_lets_a_negative_index_pass() {
    let Some(llc) = llc_compiler("the array length checks are not run") else {
        return;
    };
    let hw5 = run_linked(&llc, RuntimeName::OatHw5, NEGATIVE_INDEX, &[]);
    assert_eq!(exited(&hw5), (1, "before ".to_string()));
    let eth = run_linked(&llc, RuntimeName::OatEth, NEGATIVE_INDEX, &[]);
    assert_eq!(exited(&eth), (1, "before ".to_string()));
    let cis = run_linked(&llc, RuntimeName::OatCis341, NEGATIVE_INDEX, &[]);
    assert_eq!(exited(&cis), (0, "before after".to_string()));
}

/// `string_of_array` on an array whose element is 0 fails its C `assert`:
/// the process aborts (SIGABRT) and "x", printed with `printf` into a
/// stdout buffer that was never flushed, is lost.
#[test]
fn a_failed_assert_in_the_oat_runtime_aborts_and_loses_buffered_output() {
    let Some(llc) = llc_compiler("the aborting Oat runtime check is not run") else {
        return;
    };
    let text = r#"@x = global [2 x i8] c"x\00"

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %p = bitcast [2 x i8]* @x to i8*
  call void @print_string(i8* %p)
  %raw = call i64* @oat_alloc_array(i64 1)
  %a = bitcast i64* %raw to { i64, [0 x i64] }*
  %e = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 0
  store i64 0, i64* %e
  %s = call i8* @string_of_array({ i64, [0 x i64] }* %a)
  ret i64 0
}

declare i64* @oat_alloc_array(i64)
declare i8* @string_of_array({ i64, [0 x i64] }*)
declare void @print_string(i8*)
"#;
    match run_linked(&llc, RuntimeName::OatHw5, text, &[]) {
        Outcome::Crashed { signal, stdout, .. } => {
            assert_eq!(signal, 6, "SIGABRT on Linux");
            assert_eq!(stdout, b"");
        }
        other => panic!("expected SIGABRT, got {other:?}"),
    }
}

/// A COS320-style back-end test (`ll-libc`), run with arguments "42" and
/// "hello": `atoi("42")` = 42; `ll_malloc(3, 8)` is zeroed, so its word 2
/// reads 0 after 5 is stored in word 1 (which reads back 5); `strcmp` of
/// argv[2] and "hello" is 0 (a non-zero one would show in the status);
/// `puts` prints "hello" and a newline, then `ll_puts` "done" and a
/// newline; `ll_callback(@add)` is add(19, 19) = 38; `strlen("hello")` =
/// 5; `free` takes the block back. Result 42 + 0 + 5 + 0 + 38 + 5 = 90,
/// the exit status.
const LL_LIBC_PROGRAM: &str = r#"@hello = global [6 x i8] c"hello\00"
@done = global [5 x i8] c"done\00"

define i64 @add(i64 %x, i64 %y) {
  %r = add i64 %x, %y
  ret i64 %r
}

define i64 @main(i64 %argc, i8** %argv) {
  %a1p = getelementptr i8*, i8** %argv, i64 1
  %a1 = load i8*, i8** %a1p
  %n = call i64 @atoi(i8* %a1)
  %raw = call i8* @ll_malloc(i64 3, i64 8)
  %w = bitcast i8* %raw to i64*
  %w1 = getelementptr i64, i64* %w, i64 1
  store i64 5, i64* %w1
  %w2 = getelementptr i64, i64* %w, i64 2
  %zero = load i64, i64* %w2
  %five = load i64, i64* %w1
  %a2p = getelementptr i8*, i8** %argv, i64 2
  %a2 = load i8*, i8** %a2p
  %h = getelementptr [6 x i8], [6 x i8]* @hello, i64 0, i64 0
  %c = call i64 @strcmp(i8* %a2, i8* %h)
  %u = call i64 @puts(i8* %a2)
  %d = getelementptr [5 x i8], [5 x i8]* @done, i64 0, i64 0
  call void @ll_puts(i8* %d)
  %cb = call i64 @ll_callback(i64 (i64, i64)* @add)
  %len = call i64 @strlen(i8* %a2)
  call void @free(i8* %raw)
  %r0 = add i64 %n, %zero
  %r1 = add i64 %r0, %five
  %r2 = add i64 %r1, %c
  %r3 = add i64 %r2, %cb
  %r4 = add i64 %r3, %len
  ret i64 %r4
}

declare i64 @atoi(i8*)
declare i8* @ll_malloc(i64, i64)
declare i64 @strcmp(i8*, i8*)
declare i64 @puts(i8*)
declare void @ll_puts(i8*)
declare i64 @ll_callback(i64 (i64, i64)*)
declare i64 @strlen(i8*)
declare void @free(i8*)
"#;

#[test]
fn a_back_end_test_with_libc_calls_runs_with_ll_libc() {
    let Some(llc) = llc_compiler("the ll-libc program is not run") else {
        return;
    };
    let o = run_linked(&llc, RuntimeName::LlLibc, LL_LIBC_PROGRAM, &["42", "hello"]);
    assert_eq!(exited(&o), (90, "hello\ndone\n".to_string()));
}

/// The built-in back end runs the same `ll-libc` program both ways it
/// runs code: in its sandboxed runner (whose runtime implements
/// `ll_malloc`, `ll_callback`, `atoi`, `strcmp`, `strlen`, `puts` and `free`:
/// main returns the full 90 and prints the same lines), and as assembly
/// linked by `cc` with the bundled C of `ll-libc` and the C library (exit
/// status 90).
#[test]
fn the_built_in_back_end_runs_an_ll_libc_program() {
    let prog = spec::parse(&spec::Source::new("libc.ll", LL_LIBC_PROGRAM)).expect("parses");
    let args: Vec<String> = ["42", "hello"].iter().map(|a| a.to_string()).collect();
    let o = codegen::run_native(&prog, &args, &codegen::NativeOptions::default())
        .expect("the back end compiles it");
    match o {
        Outcome::Returned { value, stdout } => {
            assert_eq!(
                (value, String::from_utf8_lossy(&stdout).as_ref()),
                (90, "hello\ndone\n")
            );
        }
        other => panic!("expected a return, got {other:?}"),
    }
    if !have_cc("the built-in back end's ll-libc assembly is not linked") {
        return;
    }
    let course = Course {
        runtime: RuntimeName::LlLibc,
        ..Course::default()
    };
    let tools = Tools::with(course, None, Duration::from_secs(20)).expect("temporary directory");
    let dir = tempfile::tempdir().expect("temporary directory");
    let (s, exe) = (dir.path().join("libc.s"), dir.path().join("libc"));
    let asm = codegen::compile_with(&prog, &codegen::CompileOptions::default())
        .expect("compiles")
        .to_asm();
    std::fs::write(&s, asm).expect("write the assembly");
    tools.link_to(&s, &exe).unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(&exe)
        .args(&args)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(90));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hello\ndone\n");
}

/// A name that is no runtime (and no C file): usage error 2, the message
/// naming the value and listing every runtime.
#[test]
fn an_unknown_runtime_name_lists_the_names() {
    let (code, _, err) = lloracle(&["test-compiler", "--runtime", "oat-2030", "--random", "0"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("oat-2030"), "{err}");
    for r in RuntimeName::ALL {
        assert!(err.contains(r.name()), "{err}");
    }
}

/// The built-in back end's runner has only the `ll` and `ll-libc`
/// functions: `native` refuses an Oat runtime with a usage error that says
/// so (before it reads the program), and `test-compiler` without `--cmd`
/// does too.
#[test]
fn the_built_in_back_end_refuses_a_runtime_it_cannot_run() {
    let (code, _, err) = lloracle(&["native", "--runtime", "oat-eth", "no-such-file.ll"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not supported by the built-in back end"),
        "{err}"
    );
    let (code, _, err) = lloracle(&["test-compiler", "--runtime", "oat-hw5", "--random", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not supported by the built-in back end"),
        "{err}"
    );
}

/// The old spelling `--runtime FILE.c` still links the course's C file
/// (here a copy of the bundled `ll` runtime, so every run of the corpus
/// folder passes), with a note on stderr naming the new spelling; the JSON
/// report records the runtime `ll` and the C file.
#[test]
fn the_old_runtime_file_spelling_still_works_with_a_note() {
    if !have_cc("the course C file is not linked") {
        return;
    }
    let dir = tempfile::tempdir().expect("temporary directory");
    let c = dir.path().join("runtime.c");
    std::fs::write(&c, toolchain::RUNTIME_C).expect("write the runtime");
    let json = dir.path().join("r.json");
    let exe = env!("CARGO_BIN_EXE_lloracle");
    let corpus = format!("{}/corpus/binop", env!("CARGO_MANIFEST_DIR"));
    let (code, out, err) = lloracle(&[
        "test-compiler",
        "--cmd",
        &format!("{exe} compile --emit asm {{in}} -o {{out}}"),
        "--runtime",
        &c.to_string_lossy(),
        "--corpus",
        &corpus,
        "--random",
        "0",
        "--jobs",
        "2",
        "--json",
        &json.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        err.contains("note: --runtime") && err.contains("--runtime-c"),
        "{err}"
    );
    let r = read_json(&json);
    assert_eq!(r["runtime"]["name"], "ll", "{r}");
    assert_eq!(r["runtime"]["c_file"], c.to_string_lossy().as_ref(), "{r}");
}

/// `lloracle dialects` lists every runtime after the profiles, with its
/// line from `RuntimeName::about`.
#[test]
fn dialects_lists_the_runtimes() {
    let (code, out, _) = lloracle(&["dialects"]);
    assert_eq!(code, 0);
    let at = out
        .find("runtimes (--runtime NAME")
        .expect("a runtimes section");
    let section = &out[at..];
    for r in RuntimeName::ALL {
        assert!(
            section.contains(&format!("  {}: {}", r.name(), r.about())),
            "{r} missing:\n{section}"
        );
    }
    assert!(
        section.contains("ll_malloc, ll_callback, atoi"),
        "{section}"
    );
}

/// A campaign under an Oat runtime through the command line: a plain
/// program `@main` returning 42 is sent as `@program` (the runtime's
/// entry), built by `llc`, linked with the Oat runtime's C `main` (which
/// returns `program`'s result: status 42, what the oracle's 42 means), and
/// passes; the JSON report records the runtime, the text report, the
/// Gradescope output and the JUnit properties name it.
#[test]
fn the_reports_name_the_runtime_of_a_campaign() {
    let Some(Compiler::Command { cmd, .. }) = llc_compiler("the Oat campaign is not run") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let prog = dir.path().join("ret42.ll");
    std::fs::write(&prog, "define i64 @main() {\n  ret i64 42\n}\n").expect("write");
    let p = |f: &str| dir.path().join(f).to_string_lossy().into_owned();
    let (code, out, err) = lloracle(&[
        "test-compiler",
        "--cmd",
        &cmd,
        "--runtime",
        "oat-eth",
        "--dialect",
        "llvm",
        "--corpus",
        &p("ret42.ll"),
        "--random",
        "0",
        "--jobs",
        "1",
        "--json",
        &p("r.json"),
        "--gradescope",
        &p("g.json"),
        "--junit",
        &p("j.xml"),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("runtime: oat-eth"), "{out}");
    let r = read_json(&dir.path().join("r.json"));
    assert_eq!(r["runtime"]["name"], "oat-eth", "{r}");
    assert_eq!(r["runtime"]["c_file"], serde_json::Value::Null, "{r}");
    assert_eq!(r["dialect"]["entry"], "program", "{r}");
    let verdicts: Vec<&str> = r["programs"][0]["runs"]
        .as_array()
        .expect("runs")
        .iter()
        .filter_map(|run| run["verdict"].as_str())
        .collect();
    assert_eq!(verdicts, ["pass"], "{r}");
    let g = read_json(&dir.path().join("g.json"));
    assert!(
        g["output"]
            .as_str()
            .is_some_and(|o| o.contains("runtime: oat-eth")),
        "{g}"
    );
    let j = std::fs::read_to_string(dir.path().join("j.xml")).expect("junit");
    assert!(
        j.contains("<property name=\"runtime\" value=\"oat-eth\"/>"),
        "{j}"
    );
}

/// The Gradescope kit takes `--runtime` like test-compiler: an unknown
/// name is refused when the kit is made (the message lists the names, no
/// kit is written), a known one is passed through to the kit's
/// test-compiler command.
#[test]
fn the_gradescope_kit_passes_the_runtime_through() {
    let tmp = tempfile::tempdir().expect("temporary directory");
    let kit = |dir: &str, runtime: &str| {
        let out = tmp.path().join(dir);
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_lloracle"))
            .args(["autograder", "gradescope", "--out"])
            .arg(&out)
            .args(["--cmd", "cc {in} -o {out}", "--dialect", "eth"])
            .args(["--runtime", runtime])
            .output()
            .expect("run lloracle autograder");
        (o, out)
    };
    let (o, out) = kit("bad", "oat-2030");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("oat-2030") && err.contains("oat-cis341"),
        "{err}"
    );
    assert!(!out.join("run_autograder").exists());
    let (o, out) = kit("good", "oat-hw5");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let script = std::fs::read_to_string(out.join("run_autograder")).expect("run_autograder");
    assert!(script.contains("'--runtime' 'oat-hw5'"), "{script}");
}

/// `lloracle merge` joins shards of one campaign: shards judged under
/// different runtimes are not one campaign and are refused; shards under
/// the same one merge.
#[test]
fn shards_of_different_runtimes_do_not_merge() {
    use lloracle::harness::report::Report;
    let oat = Report {
        compiler: "cmd".into(),
        runtime: Some(serde_json::json!({"name": "oat-eth", "c_file": null})),
        ..Report::default()
    };
    let ll = Report {
        runtime: Some(serde_json::json!({"name": "ll", "c_file": null})),
        ..oat.clone()
    };
    let err = Report::merge(vec![oat.clone(), ll]).expect_err("different runtimes");
    assert!(err.contains("different runtimes"), "{err}");
    let merged = Report::merge(vec![oat.clone(), oat]).expect("one runtime");
    assert_eq!(merged.runtime.expect("kept")["name"], "oat-eth");
}

/// Random programs print through `ll_puts` and `ll_ltoa`; lloracle's Oat
/// runtimes have them (on the oracle and in their bundled C), so that a
/// campaign under an Oat runtime judges its random programs instead of
/// skipping them as calls of undefined functions.
#[test]
fn random_programs_are_judged_under_an_oat_runtime() {
    let Some(Compiler::Command { cmd, .. }) = llc_compiler("the Oat campaign is not run") else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let json = dir.path().join("r.json");
    let (code, out, err) = lloracle(&[
        "test-compiler",
        "--cmd",
        &cmd,
        "--runtime",
        "oat-hw5",
        "--dialect",
        "llvm",
        "--no-corpus",
        "--random",
        "5",
        "--json",
        &json.to_string_lossy(),
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    let s = &read_json(&json)["summary"];
    assert_eq!(
        (s["passed"].as_u64(), s["skipped"].as_u64()),
        (Some(5), Some(0)),
        "{s}"
    );
}
