//! LLVM 14 accepts what the printer writes: well-formed programs, written in
//! the spec's syntax, LLVM's, or a mix, are parsed and printed; `llvm-as`
//! must accept the text and, for programs without runtime calls, `lli` must
//! exit with the value main returns (mod 256), worked out by hand from the
//! spec in the comments. Skips with a notice when LLVM is not installed.

use spec::{parse, print, Source};
use std::path::Path;
use std::process::Command;
use std::time::Duration;
use toolchain::{run_with_input, Limits};

/// Runs `tool args` with `input` on stdin: (exit code, stderr).
fn run(tool: &Path, args: &[&str], input: &str) -> (Option<i32>, String) {
    let mut cmd = Command::new(tool);
    cmd.args(args);
    match run_with_input(
        cmd,
        input.as_bytes(),
        &Limits::tool(Duration::from_secs(60)),
    ) {
        Ok(r) => (r.status(), String::from_utf8_lossy(&r.stderr).into_owned()),
        Err(e) => (None, e),
    }
}

/// Parses `text`, prints it, and checks that LLVM 14 accepts the printed
/// text and (when `exit` is given) that `lli` exits with `exit`.
fn check(name: &str, text: &str, exit: Option<i32>) {
    let llvm_as = toolchain::tools::llvm_as();
    let lli = toolchain::tools::lli();
    if llvm_as.is_none() && lli.is_none() {
        eprintln!("SKIP: LLVM 14 not installed (no llvm-as or lli): {name} not checked");
        return;
    }
    let src = Source::new(name, text);
    let prog = parse(&src).unwrap_or_else(|d| panic!("{}", d.render(&src)));
    let printed = print(&prog);
    if let Some(llvm_as) = &llvm_as {
        let (code, err) = run(llvm_as, &["-o", "/dev/null", "-"], &printed);
        assert_eq!(
            code,
            Some(0),
            "{name}: llvm-as rejects the printed text:\n{err}\n{printed}"
        );
    }
    if let (Some(lli), Some(exit)) = (&lli, exit) {
        let (code, err) = run(lli, &["-"], &printed);
        assert_eq!(code, Some(exit), "{name}: lli:\n{err}\n{printed}");
    }
}

#[test]
fn factorial_in_the_spec_syntax() {
    // fac(6) = 720; 720 mod 256 = 208.
    check(
        "factorial",
        // The spec's running example, verbatim (the corpus keeps the one copy).
        include_str!("../../../corpus/spec/factorial.ll"),
        Some(208),
    );
}

#[test]
fn globals_of_every_initializer_form() {
    // v = 40 (via @pp -> @p -> @i), av = arr[2] = 3, fv = st.0 = 7,
    // gv = *st.1 = *@i = 40, bv = *(i64*)@bc = *@i = 40; @n is null, so
    // the sum 40 + 3 + 7 + 40 + 40 = 130 is returned.
    check(
        "globals",
        "@n = global i64* null
@i = global i64 40
@p = global i64* @i
@pp = global i64** @p
@s = global [4 x i8] c\"ab\\0A\\00\"
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
@st = global { i64, i64* } { i64 7, i64* @i }
@bc = global i8* bitcast (i64* @i to i8*)
@e = global {} {}
@sp = global i8* bitcast ([4 x i8]* @s to i8*)

define i64 @main() {
  %p = load i64**, i64*** @pp
  %q = load i64** %p
  %v = load i64, i64* %q
  %a = getelementptr [3 x i64]* @arr, i32 0, i32 2
  %av = load i64* %a
  %f = getelementptr { i64, i64* }, { i64, i64* }* @st, i64 0, i32 0
  %fv = load i64, i64* %f
  %g = getelementptr {i64, i64*}* @st, i32 0, i32 1
  %gp = load i64*, i64** %g
  %gv = load i64, i64* %gp
  %b = load i8*, i8** @bc
  %bi = bitcast i8* %b to i64*
  %bv = load i64, i64* %bi
  %nn = load i64*, i64** @n
  %isnull = icmp eq i64* %nn, null
  %s1 = add i64 %v, %av
  %s2 = add i64 %s1, %fv
  %s3 = add i64 %s2, %gv
  %s4 = add i64 %s3, %bv
  br i1 %isnull, label %yes, label %no
yes:
  ret i64 %s4
no:
  ret i64 0
}
",
        Some(130),
    );
}

#[test]
fn the_spec_gep_walkthrough() {
    // pb1 points to b1 = pn1[1].1 = 5; the second path reaches pn1[1].2 = 6:
    // 5 * 10 + 6 = 56.
    check(
        "gep",
        "%t1 = type {i64,i64,i64}
%t2 = type [2 x %t1]
@pn1 = global %t2 [ %t1 {i64 1, i64 2, i64 3}, %t1 {i64 4, i64 5, i64 6} ]
define i64 @main() {
  %pn2 = getelementptr %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1* %pn2, i32 1, i32 1
  %b1 = load i64* %pb1
  %pc1 = getelementptr inbounds %t2, %t2* @pn1, i64 0, i64 1, i32 2
  %c1 = load i64, i64* %pc1
  %x = mul i64 %b1, 10
  %y = add i64 %x, %c1
  ret i64 %y
}
",
        Some(56),
    );
}

#[test]
fn strings_with_ll_puts_declared() {
    // Runtime calls cannot run under lli: llvm-as only.
    check(
        "strings",
        "@hello = global [7 x i8] c\"hello\\0A\\00\"
@q = global [4 x i8] c\"\\22\\\\\\01\\00\"
declare void @ll_puts(i8*)
define i64 @main(i64 %argc, i8** %argv) {
  %s = getelementptr [7 x i8]* @hello, i32 0, i32 0
  call void @ll_puts(i8* %s)
  %t = getelementptr [4 x i8], [4 x i8]* @q, i64 0, i64 0
  call void @ll_puts(i8* %t)
  ret i64 0
}
",
        None,
    );
}

#[test]
fn numeric_names_out_of_order() {
    // %5 = 3, %2 = 12, %1 = 10 > 5, so block 3 returns 10.
    check(
        "numeric",
        "define i64 @main() {
  %5 = add i64 1, 2
  %2 = mul i64 %5, 4
  br label %9
9:
  %1 = sub i64 %2, 2
  %0 = icmp sgt i64 %1, 5
  br i1 %0, label %3, label %7
7:
  ret i64 0
3:
  ret i64 %1
}
",
        Some(10),
    );
}

#[test]
fn quoted_names_everywhere() {
    // "my fn"(41) = 42.
    check(
        "quoted",
        "define i64 @\"my fn\"(i64 %\"the arg\") {
\"entry block\":
  %\"a b\" = add i64 %\"the arg\", 1
  br label %\"x \\22y\\22\"
\"x \\22y\\22\":
  ret i64 %\"a b\"
}
define i64 @main() {
entry:
  %\"1\" = call i64 @\"my fn\"(i64 41)
  ret i64 %\"1\"
}
",
        Some(42),
    );
}

#[test]
fn memory_loop_and_every_binop() {
    // sum 1..10 = 55; (1 shl 5) lshr 2 = 8; -16 ashr 2 = -4; 12 and 10 = 8;
    // 12 or 3 = 15; 5 xor 3 = 6: 55 + 8 - 4 + 8 + 15 + 6 = 88.
    check(
        "loop",
        "define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %s
  br label %loop
loop:
  %iv = load i64* %i
  %sv = load i64, i64* %s
  %sv2 = add i64 %sv, %iv
  store i64 %sv2, i64* %s
  %iv2 = add i64 %iv, 1
  store i64 %iv2, i64* %i
  %done = icmp sgt i64 %iv2, 10
  br i1 %done, label %exit, label %loop
exit:
  %sum = load i64* %s
  %a = shl i64 1, 5
  %b = lshr i64 %a, 2
  %c = ashr i64 -16, 2
  %d = and i64 12, 10
  %e = or i64 12, 3
  %f = xor i64 5, 3
  %r1 = add i64 %sum, %b
  %r2 = add i64 %r1, %c
  %r3 = add i64 %r2, %d
  %r4 = add i64 %r3, %e
  %r5 = add i64 %r4, %f
  ret i64 %r5
}
",
        Some(88),
    );
}

#[test]
fn function_pointers_void_calls_and_the_old_call_form() {
    // twice(21) = 42 through a loaded pointer; set stores it; twice(42) = 84.
    check(
        "calls",
        "define i64 @twice(i64 %x) {
  %y = mul i64 %x, 2
  ret i64 %y
}
define void @set(i64* %p, i64 %v) {
  store i64 %v, i64* %p
  ret void
}
define i64 @main() {
  %slot = alloca i64 (i64)*
  store i64 (i64)* @twice, i64 (i64)** %slot
  %fp = load i64 (i64)*, i64 (i64)** %slot
  %r = call i64 %fp(i64 21)
  %cell = alloca i64
  call void @set(i64* %cell, i64 %r)
  %v = load i64* %cell
  %w = call i64 (i64)* @twice(i64 %v)
  ret i64 %w
}
",
        Some(84),
    );
}

#[test]
fn calls_returning_function_pointers() {
    // pick(1) = @times10, pick(0) = @plus1: 40 + 5 = 45.
    check(
        "fptr_returned",
        "define i64 @plus1(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}
define i64 @times10(i64 %x) {
  %r = mul i64 %x, 10
  ret i64 %r
}
define i64 (i64)* @pick(i64 %which) {
  %one = icmp eq i64 %which, 1
  br i1 %one, label %t, label %p
t:
  ret i64 (i64)* @times10
p:
  ret i64 (i64)* @plus1
}
define i64 @main() {
  %f = call i64 (i64)* @pick(i64 1)
  %g = call i64 (i64)* (i64) @pick(i64 0)
  %a = call i64 %f(i64 4)
  %b = call i64 %g(i64 4)
  %r = add i64 %a, %b
  ret i64 %r
}
",
        Some(45),
    );
}

#[test]
fn a_recursive_named_type_list() {
    // 1 + 2 + 3 = 6.
    check(
        "list",
        "%node = type { i64, %node* }
@n3 = global %node { i64 3, %node* null }
@n2 = global %node { i64 2, %node* @n3 }
@n1 = global %node { i64 1, %node* @n2 }
define i64 @sum(%node* %n) {
  %isnull = icmp eq %node* %n, null
  br i1 %isnull, label %done, label %more
done:
  ret i64 0
more:
  %vp = getelementptr %node* %n, i32 0, i32 0
  %v = load i64* %vp
  %np = getelementptr %node, %node* %n, i64 0, i32 1
  %next = load %node*, %node** %np
  %rest = call i64 @sum(%node* %next)
  %r = add i64 %v, %rest
  ret i64 %r
}
define i64 @main() {
  %s = call i64 @sum(%node* @n1)
  ret i64 %s
}
",
        Some(6),
    );
}
