//! Failure groups are causes (docs/grading.md, "Failures are grouped by
//! cause" and "Unmasking"), shown with fake compilers: shell scripts that
//! wrap the built-in back end (`lloracle compile`, with a built-in
//! miscompilation from `codegen::Mutation`) and edit its assembly with
//! `sed`.

use crate::common;

use serde_json::Value;
use std::path::Path;
use std::process::Command;

const LLORACLE: &str = env!("CARGO_BIN_EXE_lloracle");

fn have_cc() -> bool {
    common::have_cc("the fake-compiler group tests are skipped")
}

/// A fake compiler: the built-in back end (with `mutate`, if any), its
/// assembly passed through the shell filter `post` (stdin to stdout).
fn fake(dir: &Path, name: &str, mutate: Option<&str>, pre: &str, post: &str) -> String {
    let path = dir.join(name);
    let mutate = mutate.map_or(String::new(), |m| format!("--mutate {m} "));
    common::write_exe(
        &path,
        &format!(
            "#!/bin/sh\n{pre}'{LLORACLE}' compile {mutate}--emit asm \"$1\" -o \"$2.raw\" || exit 1\n{post} < \"$2.raw\" > \"$2\"\n"
        ),
    );
    format!("'{}' {{in}} {{out}}", path.display())
}

/// `lloracle test-compiler --cmd CMD` on `programs` (`--random N --size
/// S` without the corpus, or `--corpus DIR --random 0`), at most
/// `reductions` failing runs reduced (each within 60 s unless `programs`
/// gives `--reduce-time`); the JSON report.
fn campaign(dir: &Path, cmd: &str, programs: &[&str], reductions: usize) -> Value {
    let json = dir.join("r.json");
    let bound: &[&str] = if programs.contains(&"--reduce-time") {
        &[]
    } else {
        &["--reduce-time", "60"]
    };
    let out = Command::new(LLORACLE)
        .args(["test-compiler", "--cmd", cmd, "--dialect", "llvm"])
        .args(programs)
        .args(["--max-reductions", &reductions.to_string()])
        .args(bound)
        .args(["--jobs", "2"])
        .arg("--out-dir")
        .arg(dir.join("failures"))
        .arg("--json")
        .arg(&json)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .output()
        .expect("run lloracle");
    let text = std::fs::read_to_string(&json)
        .unwrap_or_else(|e| panic!("no report ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    serde_json::from_str(&text).expect("JSON")
}

/// `programs` (file name, text) written to `DIR/corpus`; its path.
fn write_corpus(dir: &Path, programs: &[(&str, &str)]) -> String {
    let corpus = dir.join("corpus");
    std::fs::create_dir(&corpus).expect("corpus dir");
    for (name, text) in programs {
        std::fs::write(corpus.join(name), text).expect("write a program");
    }
    corpus.display().to_string()
}

fn groups(r: &Value) -> Vec<Value> {
    r["groups"].as_array().expect("groups").clone()
}

fn describe(gs: &[Value]) -> String {
    gs.iter()
        .map(|g| {
            format!(
                "[{}] {} ({} runs)\n",
                g["category"], g["signature"], g["runs"]
            )
        })
        .collect()
}

/// Every group's example is a reduced program, and the smallest of the
/// group's reduced examples (docs/grading.md, "Failures a student can act
/// on").
fn assert_all_reduced(gs: &[Value]) {
    let size = |e: &Value| e["failure"]["reduced"]["instructions"].as_u64();
    for g in gs {
        let Some(shown) = size(&g["example"]) else {
            panic!("group without a reduced example: {}", g["signature"]);
        };
        for more in g["more_examples"].as_array().into_iter().flatten() {
            assert!(
                size(more).is_some_and(|n| shown <= n),
                "the example ({shown} instructions) is not the smallest: {g}"
            );
        }
    }
}

/// A planted bug: a fake compiler (see [`fake`]) named `name`, made of
/// the shell lines `pre`, the built-in back end with the miscompilation
/// `mutate` and the assembly filter `post`, with `files` (name, text)
/// written beside it, in the folder `$(dirname "$0")`.
pub(super) struct Bug<'a> {
    name: &'a str,
    mutate: Option<&'a str>,
    pre: &'a str,
    post: &'a str,
    files: &'a [(&'a str, &'a str)],
}

/// The bug `mutate` of the built-in back end alone, under `name`.
fn bug<'a>(name: &'a str, mutate: Option<&'a str>) -> Bug<'a> {
    Bug {
        name,
        mutate,
        pre: "",
        post: "cat",
        files: &[],
    }
}

/// The programs a planted bug is run on.
pub(super) enum Programs<'a> {
    /// Hand-written programs (file name, text) as the corpus, no random ones.
    Corpus(&'a [(&'a str, &'a str)]),
    /// `count` random programs of size `size`, without the corpus.
    Random { count: usize, size: usize },
}

/// The campaign of a planted bug: `lloracle test-compiler` with the fake
/// compiler of `bug` on `programs` (and the further options `extra`), at
/// most `reductions` failing runs reduced; the JSON report, or `None`
/// (with a SKIP notice) where there is no C compiler to build the fake
/// compiler's output.
pub(super) fn run_planted(
    bug: &Bug,
    programs: Programs,
    extra: &[&str],
    reductions: usize,
) -> Option<Value> {
    if !have_cc() {
        return None;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in bug.files {
        std::fs::write(dir.path().join(name), text).expect("write a file of the fake compiler");
    }
    let cmd = fake(dir.path(), bug.name, bug.mutate, bug.pre, bug.post);
    let mut args: Vec<String> = match programs {
        Programs::Corpus(corpus) => {
            let corpus = write_corpus(dir.path(), corpus);
            vec!["--corpus".into(), corpus, "--random".into(), "0".into()]
        }
        Programs::Random { count, size } => vec![
            "--no-corpus".into(),
            "--random".into(),
            count.to_string(),
            "--size".into(),
            size.to_string(),
        ],
    };
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Some(campaign(dir.path(), &cmd, &args, reductions))
}

/// What a group's signature must be.
enum Key<'a> {
    /// Exactly this text.
    Is(&'a str),
    /// Any signature containing this text.
    Contains(&'a str),
    /// Any signature ending with this text.
    EndsWith(&'a str),
}

/// The report's one group, whose signature is `key`; fails with every
/// group listed when there are more or its signature is another.
fn one_group(r: &Value, key: Key) -> Value {
    let gs = groups(r);
    assert_eq!(gs.len(), 1, "{}", describe(&gs));
    let sig = gs[0]["signature"].as_str().expect("signature");
    let fits = match key {
        Key::Is(k) => sig == k,
        Key::Contains(k) => sig.contains(k),
        Key::EndsWith(k) => sig.ends_with(k),
    };
    assert!(fits, "signature {sig:?} is not the expected key");
    gs[0].clone()
}

/// The built-in back end names block N of function F `.LF_N`; this one
/// writes `b(N + 3F)` instead, a global name that another function's block
/// may also get, so the assembler stops at the first clash (`symbol `b3'
/// is already defined`), whose name depends on the program's shape.
/// Whatever label name clashes first, it is one cause: one group.
#[test]
fn labels_written_as_one_global_name_are_one_group() {
    let labels = Bug {
        post: r#"awk '{ while (match($0, /\.L[0-9]+_[0-9]+/)) { split(substr($0, RSTART + 2, RLENGTH - 2), n, "_"); $0 = substr($0, 1, RSTART - 1) "b" (n[2] + 3 * n[1]) substr($0, RSTART + RLENGTH) } print }'"#,
        ..bug("labels.sh", None)
    };
    let random = Programs::Random {
        count: 20,
        size: 12,
    };
    let Some(r) = run_planted(&labels, random, &[], 1) else {
        return;
    };
    let g = one_group(&r, Key::Contains("`NAME' is already defined"));
    // The clashing names differ from program to program.
    let names: std::collections::BTreeSet<String> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .filter_map(|p| p["runs"][0]["failure"]["detail"].as_str())
        .filter_map(|d| d.split('`').nth(1)?.split('\'').next().map(String::from))
        .collect();
    assert!(names.len() > 1, "one label name only: {names:?}");
    assert_all_reduced(&[g]);
}

/// Six programs, three that compute with `sub` and three with `mul` of two
/// locals (straight-line, in a loop, in a callee), each with the
/// value the spec's arithmetic derives for `argc` 1 (the corpus format).
const TWO_BUGS_CORPUS: [(&str, &str); 6] = [
    (
        "sub_add.ll",
        "; 1 + 40 - 1 = 40\n; CHECK-RESULT: 40\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = add i64 %argc, 40\n  %b = sub i64 %a, 1\n  ret i64 %b\n}\n",
    ),
    (
        "sub_loop.ll",
        "; the loop counts to 5; 5 - 1 = 4\n; CHECK-RESULT: 4\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %s = alloca i64\n  store i64 0, i64* %s\n  br label %head\nhead:\n  %v = load i64, i64* %s\n  %c = icmp slt i64 %v, 5\n  br i1 %c, label %body, label %done\nbody:\n  %n = add i64 %v, 1\n  store i64 %n, i64* %s\n  br label %head\ndone:\n  %r = sub i64 %v, %argc\n  ret i64 %r\n}\n",
    ),
    (
        "sub_call.ll",
        "; f(10, 1) = 9; 9 + 3 = 12\n; CHECK-RESULT: 12\ndefine i64 @f(i64 %x, i64 %y) {\n  %d = sub i64 %x, %y\n  ret i64 %d\n}\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = call i64 @f(i64 10, i64 %argc)\n  %b = add i64 %a, 3\n  ret i64 %b\n}\n",
    ),
    (
        "mul_add.ll",
        "; 3 * 5 = 15\n; CHECK-RESULT: 15\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = add i64 %argc, 2\n  %b = add i64 %argc, 4\n  %c = mul i64 %a, %b\n  ret i64 %c\n}\n",
    ),
    (
        "mul_loop.ll",
        "; 1 * 1 * 2 * 3 * 4 = 24\n; CHECK-RESULT: 24\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64\n  %i = alloca i64\n  store i64 1, i64* %p\n  store i64 1, i64* %i\n  br label %head\nhead:\n  %k = load i64, i64* %i\n  %c = icmp sle i64 %k, 4\n  br i1 %c, label %body, label %done\nbody:\n  %q = load i64, i64* %p\n  %m = mul i64 %q, %k\n  store i64 %m, i64* %p\n  %k1 = add i64 %k, 1\n  store i64 %k1, i64* %i\n  br label %head\ndone:\n  %r = load i64, i64* %p\n  ret i64 %r\n}\n",
    ),
    (
        "mul_call.ll",
        "; sq(1 + 6) = 49\n; CHECK-RESULT: 49\ndefine i64 @sq(i64 %x) {\n  %y = mul i64 %x, %x\n  ret i64 %y\n}\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = add i64 %argc, 6\n  %b = call i64 @sq(i64 %a)\n  ret i64 %b\n}\n",
    ),
];

/// Two miscompilations that both give "a different value": `sub` with its
/// operands swapped (`--mutate sub-swap`) and `imul` of two registers
/// turned into `add`, on [`TWO_BUGS_CORPUS`].
/// Their runs share one signature; their reduced programs compute with
/// different operations (`sub`, `mul`), so they are two groups, each with
/// its own reduced example showing its own instruction.
#[test]
fn two_wrong_code_bugs_with_one_signature_are_two_groups() {
    let two_bugs = Bug {
        post: r"sed -e 's/^\(\s*\)imulq \(%[a-z0-9]*\), \(%[a-z0-9]*\)$/\1addq \2, \3/'",
        ..bug("two-bugs.sh", Some("sub-swap"))
    };
    let corpus = Programs::Corpus(&TWO_BUGS_CORPUS);
    let Some(r) = run_planted(&two_bugs, corpus, &[], 6) else {
        return;
    };
    // Every program fails, three by each bug.
    assert_eq!(r["summary"]["failed"].as_u64(), Some(6), "{r}");
    let gs = groups(&r);
    assert_all_reduced(&gs);
    let wrong: Vec<&Value> = gs
        .iter()
        .filter(|g| g["category"] == "wrong result")
        .collect();
    let shows = |op: &str| {
        wrong
            .iter()
            .filter(|g| {
                let program = g["example"]["failure"]["reduced"]["program"]
                    .as_str()
                    .unwrap_or("");
                program.contains(&format!(" = {op} i64"))
            })
            .count()
    };
    assert_eq!(
        (shows("sub"), shows("mul"), wrong.len()),
        (1, 1, 2),
        "one group per bug:\n{}",
        describe(&gs)
    );
}

/// A compiler that rejects every call through a function pointer (and
/// swaps `sub`'s operands): the programs with such a call all fail as one
/// compile error; the campaign sends a second set of programs without it,
/// and they find the other bug.
#[test]
fn a_rejected_construct_is_unmasked_and_the_other_bugs_found() {
    let reject = Bug {
        pre: "if grep -qE 'call [^(@]*%[A-Za-z0-9_.]+\\(' \"$1\"; then\n  echo \"$1: error: calls through pointers are not supported\" >&2\n  exit 1\nfi\n",
        ..bug("no-pointer-calls.sh", Some("sub-swap"))
    };
    let random = 20;
    let programs = Programs::Random {
        count: random,
        size: 12,
    };
    let Some(r) = run_planted(&reject, programs, &[], 3) else {
        return;
    };
    let gs = groups(&r);
    assert_all_reduced(&gs);
    let compile: Vec<&Value> = gs
        .iter()
        .filter(|g| g["category"] == "compile error")
        .collect();
    assert_eq!(compile.len(), 1, "{}", describe(&gs));
    let masked = compile[0]["runs"].as_u64().expect("runs");
    let unmasked = r["unmasked"].as_array().expect("unmasked constructs");
    assert_eq!(unmasked.len(), 1, "{unmasked:?}");
    assert_eq!(unmasked[0]["construct"], "call through a function pointer");
    assert_eq!(unmasked[0]["programs"].as_u64(), Some(masked));
    assert_eq!(unmasked[0]["sent"].as_u64(), Some(masked));
    // The second set: the programs past the campaign's own seeds.
    let second: Vec<&Value> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .filter(|p| p["index"].as_u64().is_some_and(|i| i >= random as u64))
        .collect();
    assert_eq!(second.len() as u64, masked);
    let verdicts: Vec<&str> = second
        .iter()
        .map(|p| p["runs"][0]["verdict"].as_str().unwrap_or(""))
        .collect();
    assert!(!verdicts.contains(&"compile error"), "{verdicts:?}");
    assert!(
        verdicts.contains(&"wrong result"),
        "the unmasked programs find the sub-swap bug: {verdicts:?}"
    );
}

/// A compiler that rejects every program longer than the baseline (more
/// than 6 lines; the baseline, which it builds with the built-in back end,
/// is shorter) with LLVM's message for a local used at another type than
/// it was defined with, naming a different local, line and pair of types
/// from program to program (chosen by the program text's checksum: `i64*`
/// and `%node**`, a structure and `i64`, an array and a named pointer, `i1`
/// and a function pointer). One cause: with names, numbers and the quoted
/// types normalised, every program's first error line is `... 'NAME'
/// defined with type 'TYPE' but expected 'TYPE'` (docs/grading.md,
/// "Failures are grouped by cause"), one group.
#[test]
fn errors_naming_types_are_one_group() {
    let reject = "if [ $(wc -l < \"$1\") -gt 6 ]; then\n\
         n=$(cksum < \"$1\" | cut -d' ' -f1)\ncase $((n % 4)) in\n\
         0) a='i64*'; b='%node**';;\n1) a='{ i64, [0 x i8*] }*'; b='i64';;\n\
         2) a='[3 x i8]'; b='%struct.list*';;\n*) a='i1'; b='i64 (i64)*';;\nesac\n\
         echo \"llc: $1:$((n % 50 + 1)):7: error: '%t$((n % 97))' defined with type '$a' but expected '$b'\" >&2\n\
         exit 1\nfi\n";
    let types = Bug {
        pre: reject,
        ..bug("types.sh", None)
    };
    let random = Programs::Random {
        count: 16,
        size: 12,
    };
    let Some(r) = run_planted(&types, random, &[], 1) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(16), "{r}");
    // The programs' messages name more than one pair of types.
    let pairs: std::collections::BTreeSet<String> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .filter_map(|p| p["runs"][0]["failure"]["detail"].as_str())
        .filter_map(|d| d.split("with type").nth(1).map(String::from))
        .collect();
    assert!(pairs.len() > 1, "one pair of types only: {pairs:?}");
    let g = one_group(
        &r,
        Key::EndsWith("error: 'NAME' defined with type 'TYPE' but expected 'TYPE'"),
    );
    assert_eq!(g["category"], "compile error");
}

/// Three programs whose `icmp slt` is not the last instruction before the
/// `br` on it (an `add`, a `mul`, a `load` comes between), each with the
/// value the spec's arithmetic derives for `argc` 1 (the corpus format).
const HELD_CONDITION_CORPUS: [(&str, &str); 3] = [
    (
        "slt_add.ll",
        "; 1 < 2 holds: a = 1 + 10 = 11, r = 12\n; CHECK-RESULT: 12\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %c = icmp slt i64 %argc, 2\n  %a = add i64 %argc, 10\n  br i1 %c, label %yes, label %no\nyes:\n  %r = add i64 %a, 1\n  ret i64 %r\nno:\n  %s = sub i64 %a, 1\n  ret i64 %s\n}\n",
    ),
    (
        "slt_mul.ll",
        "; 1 < 5 holds: a = 1 * 7 = 7, r = 8\n; CHECK-RESULT: 8\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %c = icmp slt i64 %argc, 5\n  %a = mul i64 %argc, 7\n  br i1 %c, label %yes, label %no\nyes:\n  %r = add i64 %a, 1\n  ret i64 %r\nno:\n  %s = sub i64 %a, 1\n  ret i64 %s\n}\n",
    ),
    (
        "slt_load.ll",
        "; 1 < 3 holds: a = 20 (stored), r = 21\n; CHECK-RESULT: 21\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64\n  store i64 20, i64* %p\n  %c = icmp slt i64 %argc, 3\n  %a = load i64, i64* %p\n  br i1 %c, label %yes, label %no\nyes:\n  %r = add i64 %a, 1\n  ret i64 %r\nno:\n  %s = sub i64 %a, 1\n  ret i64 %s\n}\n",
    ),
];

/// A back end whose `br` on a condition it does not test straight from
/// the comparison's flags goes the wrong way (`--mutate
/// held-cond-inverted`), on [`HELD_CONDITION_CORPUS`]: every value the
/// programs compute is right (the trace prints `%c` = 1 and `%a` as the
/// oracle does) and each goes to `no` instead of `yes`. The last traced
/// instruction before the branch differs (`add`, `mul`, `load`); the
/// branch's condition, from `icmp slt i64`, does not: one group, keyed
/// by it (docs/grading.md, "The first wrong value").
#[test]
fn a_wrong_path_is_one_group_by_its_branch_condition() {
    let held = bug("held.sh", Some("held-cond-inverted"));
    let corpus = Programs::Corpus(&HELD_CONDITION_CORPUS);
    let Some(r) = run_planted(&held, corpus, &[], 3) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(3), "{r}");
    let g = one_group(
        &r,
        Key::Is("first wrong path: the condition of br from icmp slt i64"),
    );
    assert_eq!(g["runs"].as_u64(), Some(3));
}

/// Three programs that load through field 1 of `@p = { @x, @x, null }`
/// after computing one unrelated value each (`icmp sge`, `add`, `icmp
/// eq` on `%argc`). By the spec field 1 holds `@x`, so each returns `@x`'s
/// 5; a back end whose GEP through field 1 lands 8 bytes too far (`--mutate
/// field-offset`) reads field 2, null, and the load through it is killed
/// by SIGSEGV.
const CRASH_AFTER_CORPUS: [(&str, &str); 3] = [
    (
        "after_sge.ll",
        "; field 1 is @x = 5\n; CHECK-RESULT: 5\n%t = type { i64*, i64*, i64* }\n@x = global i64 5\n@p = global %t { i64* @x, i64* @x, i64* null }\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %c = icmp sge i64 %argc, 1\n  %f = getelementptr %t, %t* @p, i32 0, i32 1\n  %q = load i64*, i64** %f\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
    ),
    (
        "after_add.ll",
        "; field 1 is @x = 5\n; CHECK-RESULT: 5\n%t = type { i64*, i64*, i64* }\n@x = global i64 5\n@p = global %t { i64* @x, i64* @x, i64* null }\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = add i64 %argc, 41\n  %f = getelementptr %t, %t* @p, i32 0, i32 1\n  %q = load i64*, i64** %f\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
    ),
    (
        "after_eq.ll",
        "; field 1 is @x = 5\n; CHECK-RESULT: 5\n%t = type { i64*, i64*, i64* }\n@x = global i64 5\n@p = global %t { i64* @x, i64* @x, i64* null }\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %e = icmp eq i64 %argc, 3\n  %f = getelementptr %t, %t* @p, i32 0, i32 1\n  %q = load i64*, i64** %f\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
    ),
];

/// [`CRASH_AFTER_CORPUS`] under `--mutate field-offset`: each run crashes
/// (signal 11) and its trace stops after a different last instruction
/// (`the trace stops after icmp sge i64`, `add i64`, `icmp eq i64`: the
/// loaded pointer is not traced), which says where the trace ended, not
/// why. Keyed by their reductions instead, the unrelated value goes
/// (nothing reads it), and what is left crashes by the GEP and the two
/// loads: one group, `killed by signal 11; reduces to getelementptr,
/// load` (docs/grading.md, "The first wrong value").
#[test]
fn crashes_whose_traces_stop_after_different_instructions_are_one_group() {
    let field = bug("field.sh", Some("field-offset"));
    let corpus = Programs::Corpus(&CRASH_AFTER_CORPUS);
    let Some(r) = run_planted(&field, corpus, &[], 3) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(3), "{r}");
    let g = one_group(
        &r,
        Key::Is("killed by signal 11; reduces to getelementptr, load"),
    );
    assert_eq!(g["runs"].as_u64(), Some(3));
    assert_all_reduced(&[g]);
}

/// A back end that compiles every `mul` as a jump to itself (`sed`
/// replaces `imulq` by `0: jmp 0b`): a program with a `mul` runs until the
/// timeout, while the oracle returns `1 * 42` = 42 at once. The run
/// timeout is reduced on that outcome alone: the `add` and `sub` before the
/// `mul` feed nothing the `ret` reads and go; the `mul` stays (without it
/// the program ends), so the example is the one `mul` (docs/grading.md,
/// "The reduction budget is spread over the groups").
#[test]
fn a_run_timeout_is_reduced_to_what_keeps_it_looping() {
    let loops = Bug {
        post: "sed 's/^[[:space:]]*imulq.*/0: jmp 0b/'",
        ..bug("loops.sh", None)
    };
    let corpus = Programs::Corpus(&[(
        "mul.ll",
        "; 1 * 42 = 42\n; CHECK-RESULT: 42\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = add i64 %argc, 2\n  %b = sub i64 %a, 1\n  %m = mul i64 %argc, 42\n  ret i64 %m\n}\n",
    )]);
    let Some(r) = run_planted(&loops, corpus, &["--timeout", "3"], 1) else {
        return;
    };
    let gs = groups(&r);
    assert_eq!(gs.len(), 1, "{}", describe(&gs));
    assert_eq!(gs[0]["category"], "run timeout");
    assert_all_reduced(&gs);
    let red = &gs[0]["example"]["failure"]["reduced"];
    assert_eq!(red["instructions"].as_u64(), Some(1), "{red}");
    assert!(
        red["program"]
            .as_str()
            .unwrap_or("")
            .contains(" = mul i64 "),
        "{red}"
    );
}

/// Three programs whose callee calls nothing and computes with `sub`, each
/// with the value the spec's arithmetic derives (the corpus format).
const LEAF_SUB_CORPUS: [(&str, &str); 3] = [
    (
        "leaf_sub.ll",
        "; f(10) = 10 - 3 = 7\n; CHECK-RESULT: 7\ndefine i64 @f(i64 %a) {\n  %d = sub i64 %a, 3\n  ret i64 %d\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @f(i64 10)\n  ret i64 %r\n}\n",
    ),
    (
        "leaf_sub_load.ll",
        "; g(p) = 100 - 30 = 70, r + 1 = 71\n; CHECK-RESULT: 71\ndefine i64 @g(i64* %p) {\n  %v = load i64, i64* %p\n  %d = sub i64 100, %v\n  ret i64 %d\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64\n  store i64 30, i64* %p\n  %r = call i64 @g(i64* %p)\n  %s = add i64 %r, 1\n  ret i64 %s\n}\n",
    ),
    (
        "leaf_sub_twice.ll",
        "; h(50, 8) = (50 - 8) - 1 = 41\n; CHECK-RESULT: 41\ndefine i64 @h(i64 %a, i64 %b) {\n  %d = sub i64 %a, %b\n  %e = sub i64 %d, 1\n  ret i64 %e\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %r = call i64 @h(i64 50, i64 8)\n  ret i64 %r\n}\n",
    ),
];

/// A compiler whose functions that call nothing compute `sub` as `add`
/// (as an allocator with a fast path for leaf functions may go wrong;
/// here the `.ll` is edited before the built-in back end compiles it).
/// The variant that prints every value puts calls in every function, so
/// it passes; the variant traced at calls only leaves the callee alone
/// and prints what the call returns: one group, keyed by that call, with
/// the values by hand: f(10) gives 10 + 3 = 13 for 7, g gives 100 + 30 =
/// 130 for 70, h gives (50 + 8) + 1 = 59 for 41 (docs/grading.md,
/// "Tracing at calls only").
#[test]
fn a_bug_that_tracing_every_value_hides_is_traced_at_calls() {
    let leaf = r#"awk '/^define/ { f = 1; buf = "" } f { buf = buf $0 "\n"; if ($0 ~ /^}/) { f = 0; if (buf !~ /call/) gsub(/= sub i64/, "= add i64", buf); printf "%s", buf } next } { print }' "$1" > "$2.ll" || exit 1
set -- "$2.ll" "$2"
"#;
    let leaf = Bug {
        pre: leaf,
        ..bug("leaf.sh", None)
    };
    let corpus = Programs::Corpus(&LEAF_SUB_CORPUS);
    let Some(r) = run_planted(&leaf, corpus, &[], 0) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(3), "{r}");
    one_group(&r, Key::Is("first wrong value: call i64 (traced at calls)"));
    let mut seen: Vec<String> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .filter_map(|p| p["runs"][0]["failure"]["trace"].as_str())
        .map(|t| t.split(" (").next().unwrap_or(t).to_string())
        .collect();
    seen.sort();
    assert_eq!(
        seen,
        [
            "`call i64 @f(10)` gave 13, the oracle 7",
            "`call i64 @g(%p)` gave 130, the oracle 70",
            "`call i64 @h(50, 8)` gave 59, the oracle 41",
        ],
        "{r}"
    );
}

/// A back end whose `icmp` compares its operands the other way round
/// (`--mutate cmp-swap`) and that refuses the icmp probe (here: any
/// program naming the probe's function): the conditions stay groups of
/// their own, and each says why they were not joined (docs/grading.md,
/// "One cause under several conditions").
#[test]
fn a_probe_that_does_not_build_says_so() {
    let refuse = Bug {
        pre: "grep -q llprobe_icmp \"$1\" && { echo 'error: too many calls' >&2; exit 1; }\n",
        ..bug("noprobe.sh", Some("cmp-swap"))
    };
    let random = Programs::Random {
        count: 60,
        size: 30,
    };
    let Some(r) = run_planted(&refuse, random, &[], 0) else {
        return;
    };
    let gs = groups(&r);
    let icmp: Vec<&Value> = gs
        .iter()
        .filter(|g| {
            g["signature"]
                .as_str()
                .is_some_and(|s| s.starts_with("first wrong value: icmp "))
        })
        .collect();
    assert!(icmp.len() >= 2, "{}", describe(&gs));
    for g in icmp {
        let says = g["example"]["failure"]["trace"].as_str().expect("a trace");
        assert!(
            says.contains(
                "not joined with other conditions: the probe did not build (compile error: "
            ),
            "{says}"
        );
    }
}

/// A planted allocator bug at the level of the program: in each function,
/// the first value nothing reads whose definition matches the pattern
/// given as the script's second argument ([`VALUES`]: an `i64`
/// arithmetic result or load; or an `i64` call) takes the place of the
/// last value the function defined before it by such an instruction,
/// which later instructions then read (as when an allocator gives an
/// unused value the register of one still live). A Python script edits
/// the `.ll`; the built-in back end compiles the result.
pub(super) const CLOBBER_PY: &str = r#"import re, sys
lines = open(sys.argv[1]).read().split("\n")
define = re.compile(r"^\s+%(\w+) = " + sys.argv[2])
out, body = [], []
def flush():
    text = "\n".join(body)
    defs = [(k, m.group(1)) for k, l in enumerate(body) for m in [define.match(l)] if m]
    for n, (k, d) in enumerate(defs):
        if n > 0 and not re.search(r"%" + d + r"\b(?! =)", text):
            p = defs[n - 1][1]
            for j in range(k + 1, len(body)):
                body[j] = re.sub(r"%" + p + r"\b", "%" + d, body[j])
            break
    out.extend(body)
    body.clear()
for l in lines:
    body.append(l)
    if l.startswith("}"):
        flush()
flush()
print("\n".join(out), end="")
"#;

/// The definitions the planted clobber of values matches: `i64`
/// arithmetic results and loads.
pub(super) const VALUES: &str = "((add|sub|mul|and|or|xor|shl|lshr|ashr) i64 |load i64, )";

/// The shell line that runs [`CLOBBER_PY`] (as `clobber.py`) on the
/// definitions matching `pattern`, before the built-in back end compiles
/// its output.
pub(super) fn clobber_pre(pattern: &str) -> String {
    format!(
        "python3 \"$(dirname \"$0\")/clobber.py\" \"$1\" '{pattern}' > \"$2.ll\" || exit 1\nset -- \"$2.ll\" \"$2\"\n"
    )
}

/// The fake compiler of a planted allocator bug: the shell line `pre`
/// ([`clobber_pre`]) runs [`CLOBBER_PY`], the built-in back end compiles
/// the result; `None`, with a SKIP notice, where python3 is not
/// installed.
pub(super) fn clobber_bug(pre: &str) -> Option<Bug<'_>> {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("SKIP: python3 is not installed; the planted-clobber compiler is not run");
        return None;
    }
    Some(Bug {
        pre,
        files: &[("clobber.py", CLOBBER_PY)],
        ..bug("clobber.sh", None)
    })
}

/// Two programs, each computing a value nothing reads (`%d`) after one
/// that is read, with the values the spec's arithmetic derives for argc 1.
const UNUSED_CORPUS: [(&str, &str); 2] = [
    (
        "unused_sub.ll",
        "; x = 1 + 4 = 5, y = 5 - 2 = 3\n; CHECK-RESULT: 3\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %x = add i64 %argc, 4\n  %d = mul i64 %argc, 7\n  %y = sub i64 %x, 2\n  ret i64 %y\n}\n",
    ),
    (
        "unused_call.ll",
        "; x = 1 + 9 = 10, f(10) = 30\n; CHECK-RESULT: 30\ndefine i64 @f(i64 %a) {\n  %b = mul i64 %a, 3\n  ret i64 %b\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %x = add i64 %argc, 9\n  %d = add i64 %argc, 100\n  %r = call i64 @f(i64 %x)\n  ret i64 %r\n}\n",
    ),
];

/// The planted clobber of values ([`CLOBBER_PY`] on [`VALUES`]) shows as a wrong `sub` operand in one
/// program (7 - 2 = 5 for 5 - 2 = 3) and a wrong call argument in the
/// other (f(101) = 303 for f(10) = 30): traced, one is "every traced value
/// right", the other a wrong call result. Both pass once the unused
/// values are not computed: one group, keyed by that (docs/grading.md, "A
/// live value overwritten by an unused one").
#[test]
fn a_live_value_overwritten_by_an_unused_one_is_one_group() {
    // The exit statuses: 5, and 303 mod 256 = 47.
    clobbered_is_one_group(VALUES, &UNUSED_CORPUS, [5, 47]);
}

/// The planted clobber ([`CLOBBER_PY`]) of the definitions matching
/// `pattern` on `corpus`: both programs fail, with the exit statuses
/// `codes` (in order), in one group keyed as a live value overwritten by
/// an unused one. Skipped with a notice where python3 is not installed.
fn clobbered_is_one_group(pattern: &str, corpus: &[(&str, &str)], codes: [i64; 2]) {
    let pre = clobber_pre(pattern);
    let Some(clobber) = clobber_bug(&pre) else {
        return;
    };
    let Some(r) = run_planted(&clobber, Programs::Corpus(corpus), &[], 0) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(2), "{r}");
    let mut got: Vec<i64> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .filter_map(|p| p["runs"][0]["failure"]["actual_outcome"]["code"].as_i64())
        .collect();
    got.sort();
    assert_eq!(got, codes, "{r}");
    one_group(
        &r,
        Key::Is("first wrong value: a live value overwritten by computing an unused one"),
    );
}

/// Two programs, each with a call whose result nothing reads after one
/// whose result is read, with the values the spec's arithmetic derives.
const UNUSED_CALL_CORPUS: [(&str, &str); 2] = [
    (
        "unused_call_ret.ll",
        "; ten(1) = 10 is returned; ten(2) = 20 is not read\n; CHECK-RESULT: 10\ndefine i64 @ten(i64 %x) {\n  %y = mul i64 %x, 10\n  ret i64 %y\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = call i64 @ten(i64 1)\n  %u = call i64 @ten(i64 2)\n  ret i64 %a\n}\n",
    ),
    (
        "unused_call_sub.ll",
        "; ten(3) - 1 = 29; seven() = 7 is not read\n; CHECK-RESULT: 29\ndefine i64 @ten(i64 %x) {\n  %y = mul i64 %x, 10\n  ret i64 %y\n}\ndefine i64 @seven(i64 %x) {\n  ret i64 7\n}\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = call i64 @ten(i64 3)\n  %u = call i64 @seven(i64 0)\n  %s = sub i64 %a, 1\n  ret i64 %s\n}\n",
    ),
];

/// The planted clobber of call results ([`CLOBBER_PY`] on `i64` calls)
/// returns ten(2) = 20 for 10 in one program and computes seven() - 1 = 6
/// for 29 in the other: two shapes, a wrong `ret` and a wrong `sub`. Both
/// pass once every call result nothing reads is stored (the calls stay):
/// one group, keyed as the other unused values are (docs/grading.md, "A
/// live value overwritten by an unused one").
#[test]
fn a_live_value_overwritten_by_an_unused_call_result_is_one_group() {
    clobbered_is_one_group("call i64 ", &UNUSED_CALL_CORPUS, [6, 20]);
}

/// Three programs that use a global's address as a value in different
/// instructions (stored in an `alloca` slot, stored in another global,
/// passed to a function), each with the value the spec gives by hand, and
/// one that only loads and stores through a global.
const GLOBAL_VALUE_CORPUS: [(&str, &str); 4] = [
    (
        "slot.ll",
        "; @g's address stored in a slot, read back and through: 7\n; CHECK-RESULT: 7\n@g = global i64 7\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %s = alloca i64*\n  store i64* @g, i64** %s\n  %p = load i64*, i64** %s\n  %v = load i64, i64* %p\n  ret i64 %v\n}\n",
    ),
    (
        "in_global.ll",
        "; @x's address stored in @p, read back and through: 5\n; CHECK-RESULT: 5\n@x = global i64 5\n@p = global i64* null\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  store i64* @x, i64** @p\n  %q = load i64*, i64** @p\n  %v = load i64, i64* %q\n  ret i64 %v\n}\n",
    ),
    (
        "argument.ll",
        "; @h's address passed to @get, which reads 9 through it\n; CHECK-RESULT: 9\n@h = global i64 9\n\ndefine i64 @get(i64* %p) {\n  %v = load i64, i64* %p\n  ret i64 %v\n}\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %v = call i64 @get(i64* @h)\n  ret i64 %v\n}\n",
    ),
    (
        "direct.ll",
        "; 2 stored in @n, read back, plus 1: 3\n; CHECK-RESULT: 3\n@n = global i64 0\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  store i64 2, i64* @n\n  %v = load i64, i64* @n\n  %w = add i64 %v, 1\n  ret i64 %w\n}\n",
    ),
];

/// A CIS341-style `compile_operand` that makes a global used as a value
/// into `g(%rbp)` (a load at the frame plus the global's address, as a
/// real homework-3 back end does), planted in the built-in back end: in
/// an instruction that stores a global's address, compares globals or
/// passes one, its first `leaq g(%rip)` becomes `movq g(%rbp)`. Loads
/// and stores through a global stay right. The three programs that use a
/// global as a value crash (the frame's address plus the global's is not
/// mapped, or the global's contents, 0, are used as an address), each
/// reducing to a different shape (`alloca, store, load`, `store, load`,
/// `load, call`); the construct probe (`store i64* @g, i64** @p`, then loads)
/// crashes too and its control (`direct.ll`'s kind) passes, so they are
/// one group keyed by the construct.
#[test]
fn a_global_used_as_a_value_is_one_group_whatever_the_reduction_s_shape() {
    let global_value = Bug {
        post: r#"awk '/^\t# / { v = ($0 ~ /# store [^,]*\* @/ || $0 ~ /icmp [a-z]+ [^,]*\* @/ || $0 ~ /call .*\(.*\* @/) } v && /leaq llg_/ { sub(/leaq /, "movq "); sub(/\(%rip\)/, "(%rbp)"); v = 0 } { print }'"#,
        ..bug("global-value.sh", None)
    };
    let corpus = Programs::Corpus(&GLOBAL_VALUE_CORPUS);
    let Some(r) = run_planted(&global_value, corpus, &[], 4) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(3), "{r}");
    let g = one_group(&r, Key::EndsWith("; a global or function used as a value"));
    assert_eq!(g["runs"].as_u64(), Some(3), "{g}");
    assert_eq!(g["category"], "crash", "{g}");
    assert_all_reduced(&[g]);
}

/// Programs that keep values in `alloca` slots; under the planted alloca
/// bug (every slot is the 8 bytes below `%rsp`, where the next call
/// writes its return address) the first three fail, each its own way, and
/// the fourth passes.
const ALLOCA_CORPUS: [(&str, &str); 4] = [
    (
        "across_a_call.ll",
        "; 100 stored in a slot, @f called, the slot read back: 100\n; CHECK-RESULT: 100\ndefine void @f() {\n  ret void\n}\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = alloca i64\n  store i64 100, i64* %a\n  call void @f()\n  %x = load i64, i64* %a\n  ret i64 %x\n}\n",
    ),
    (
        "two_slots.ll",
        "; 40 and 2 in two slots, read back and added: 42\n; CHECK-RESULT: 42\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = alloca i64\n  %b = alloca i64\n  store i64 40, i64* %a\n  store i64 2, i64* %b\n  %x = load i64, i64* %a\n  %y = load i64, i64* %b\n  %r = add i64 %x, %y\n  ret i64 %r\n}\n",
    ),
    (
        "pointer_slot.ll",
        "; @g's address kept in a slot across a call, 5 stored through it and read back: 5\n; CHECK-RESULT: 5\n@g = global i64 0\n\ndefine void @f() {\n  ret void\n}\n\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %p = alloca i64*\n  store i64* @g, i64** %p\n  call void @f()\n  %q = load i64*, i64** %p\n  store i64 5, i64* %q\n  %v = load i64, i64* @g\n  ret i64 %v\n}\n",
    ),
    (
        "one_slot.ll",
        "; 7 stored in the one slot and read back, no call: 7\n; CHECK-RESULT: 7\ndefine i64 @main(i64 %argc, i8** %argv) {\n  %a = alloca i64\n  store i64 7, i64* %a\n  %x = load i64, i64* %a\n  ret i64 %x\n}\n",
    ),
];

/// The group key of the planted alloca bug (the alloca construct probe's).
const ALLOCA_MEMORY: &str = "memory from alloca does not keep what is stored in it";

/// The planted alloca bug's assembly filter: every address of an `alloca`
/// slot (`N(%rsp)` in the lines of an instruction that names the slot)
/// becomes `-8(%rsp)`, where a call writes its return address.
const ALLOCA_POST: &str = r#"awk '/^\t# / { on = 0; if ($0 ~ /= alloca /) { split($0, w, " "); a[w[2]] = 1 } for (x in a) if (index($0, x " = alloca") || index($0, "* " x ",") || substr($0, length($0) - length(x) - 1) == "* " x) on = 1; print; next } on { gsub(/-?[0-9]*\(%rsp\)/, "-8(%rsp)") } { print } /^\t\.size/ { split("", a) }'"#;

/// A CIS341-style `compile_alloca` that leaves its slots where a call
/// overwrites them (a real homework-3 back end moves `%rsp` past the
/// slot it hands out), planted in the built-in back end: every address
/// of an `alloca` slot (`N(%rsp)` in the lines of an instruction that
/// names the slot) becomes `-8(%rsp)`, the 8 bytes a `call` writes its
/// return address to. By hand: `across_a_call.ll` reads back the return
/// address of `call @f` (a code address, not 100: a wrong result);
/// `two_slots.ll` reads 2 for `%x` too (one cell: 2 + 2 = 4, a wrong
/// result); `pointer_slot.ll` stores 5 through the return address it read
/// back, into the program's code (a crash, signal 11); `one_slot.ll`
/// stores and loads the one cell with no call between (7, passes). The
/// three failures reduce to different shapes, and the traced ones are
/// first wrong `load`s (one of them is reduced, and the other joins with
/// it as one group); the alloca probe (two slots counted up in a loop
/// with a call: by hand the one cell makes it return 14, not 42) fails
/// and its control on globals passes, so all three are one group keyed
/// by the construct.
#[test]
fn values_lost_from_alloca_slots_are_one_group_whatever_the_failure() {
    let alloca = Bug {
        post: ALLOCA_POST,
        ..bug("alloca-below-rsp.sh", None)
    };
    let corpus = Programs::Corpus(&ALLOCA_CORPUS);
    // Two reductions: one for the two traced `load i64` runs, one for the
    // crash; the `load i64` run not reduced joins with its group's example.
    let Some(r) = run_planted(&alloca, corpus, &[], 2) else {
        return;
    };
    assert_eq!(r["summary"]["failed"].as_u64(), Some(3), "{r}");
    let g = one_group(&r, Key::Is(ALLOCA_MEMORY));
    assert_eq!(g["runs"].as_u64(), Some(3), "{g}");
    assert_eq!(g["category"], "wrong result, crash", "{g}");
    assert_all_reduced(&[g]);
    let failures: Vec<&Value> = r["programs"]
        .as_array()
        .expect("programs")
        .iter()
        .flat_map(|p| p["runs"].as_array().expect("runs"))
        .filter_map(|run| run.get("failure"))
        .collect();
    let reduced = failures.iter().filter(|f| f["reduced"].is_object()).count();
    assert_eq!(reduced, 2, "{r}");
}

/// A group shows its smallest reduced example first, whatever order its
/// programs ran in: under the planted alloca bug above, with every failure
/// reduced, `a_two_slots.ll` (the two-slot program, first by name) reduces
/// to 5 instructions (two slots, two stores, one load, by the reduction
/// there) and `across_a_call.ll` to 4 (slot, store, call, load), so the
/// latter is the example and the former a further example.
#[test]
fn a_group_shows_its_smallest_reduced_example_first() {
    let alloca = Bug {
        post: ALLOCA_POST,
        ..bug("alloca-below-rsp.sh", None)
    };
    let corpus = [
        ("a_two_slots.ll", ALLOCA_CORPUS[1].1),
        ALLOCA_CORPUS[0],
        ALLOCA_CORPUS[2],
    ];
    let Some(r) = run_planted(&alloca, Programs::Corpus(&corpus), &[], 4) else {
        return;
    };
    let g = one_group(&r, Key::Is(ALLOCA_MEMORY));
    assert_eq!(g["example"]["program"], "corpus/across_a_call.ll", "{g}");
    assert_all_reduced(&[g]);
}
