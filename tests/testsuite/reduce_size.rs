//! Reductions down to the cause: a compiler that drops the seventh
//! argument of a call (the built-in back end with that deliberate bug,
//! run as an external command through `lloracle compile --mutate
//! drop-seventh-arg`) is sent a program with a double loop around a
//! seven-argument call whose last argument is 2^62 + 1, in the `cis341`
//! dialect (no literal of 2^62 or more: the lowering writes it as `shl` and
//! `or`, docs/dialects.md). The smallest program that fails that way is one
//! instruction: `main` calls a function that returns its seventh parameter
//! with a non-zero literal; the reduction must reach it (the loops left,
//! the literal chain collapsed, the callee's body replaced by its
//! parameter).

use crate::common;

use lloracle::harness::compiler::Tools;
use lloracle::harness::course::Course;
use lloracle::harness::reduce::{reduce, Bounds, Goal};
use lloracle::harness::verdicts::{parse_checked, Category};
use lloracle::harness::{Compiler, Emit};
use std::time::Duration;

const PROGRAM: &str = "define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %g, i64 %h) {
  %s = add i64 %a, %b
  %t = mul i64 %h, 3
  %u = add i64 %s, %t
  ret i64 %u
}
define i64 @main(i64 %argc, i8** %argv) {
  %i = alloca i64
  %j = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %outer
outer:
  %iv = load i64, i64* %i
  %oc = icmp slt i64 %iv, 3
  br i1 %oc, label %oinit, label %done
oinit:
  store i64 0, i64* %j
  br label %inner
inner:
  %jv = load i64, i64* %j
  %ic = icmp slt i64 %jv, 2
  br i1 %ic, label %ibody, label %onext
ibody:
  %r = call i64 @f(i64 %iv, i64 %jv, i64 1, i64 2, i64 3, i64 4, i64 4611686018427387905)
  %a0 = load i64, i64* %acc
  %a1 = xor i64 %a0, %r
  store i64 %a1, i64* %acc
  %jn = add i64 %jv, 1
  store i64 %jn, i64* %j
  br label %inner
onext:
  %in = add i64 %iv, 1
  store i64 %in, i64* %i
  br label %outer
done:
  %res = load i64, i64* %acc
  ret i64 %res
}
";

#[test]
fn a_dropped_seventh_argument_reduces_to_the_one_call() {
    if !common::have_cc("the reduction-size test (it links the compiled program) is skipped") {
        return;
    }
    let d = spec::dialect::Dialect::by_name("cis341").expect("cis341 is a dialect");
    let tools = Tools::with(Course::default(), Some(d.clone()), Duration::from_secs(10))
        .expect("temporary directory");
    // As a session sends it: lowered into the dialect, and the lowered
    // program is the one judged and reduced.
    let source = parse_checked(&spec::Source::new("p.ll", PROGRAM.to_string())).expect("checks");
    let text = lloracle::harness::dialect::in_dialect(&source, &d).expect("in cis341");
    assert!(text.contains("shl i64"), "the literal is lowered:\n{text}");
    let prog = parse_checked(&spec::Source::new("lowered.ll", text)).expect("checks");
    let exe = env!("CARGO_BIN_EXE_lloracle");
    let compiler = Compiler::Command {
        cmd: format!("{exe} compile --mutate drop-seventh-arg --emit exe {{in}} -o {{out}}"),
        emit: Emit::Exe,
    };
    let bounds = Bounds {
        max_candidates: 4000,
        max_time: Duration::from_secs(600),
    };
    let target = Goal::category(Category::WrongResult);
    let red = reduce(&tools, &compiler, &prog, &[], &target, &bounds)
        .expect("the program fails under the compiler");
    eprintln!(
        "{} instructions after {} candidates ({} kept):\n{}",
        red.insns, red.candidates, red.kept, red.text
    );
    assert!(!red.bounded, "the reduction reached a fixed point");
    assert_eq!(red.insns, 1, "{}", red.text);
    assert!(!red.text.contains("br "), "no loop is left:\n{}", red.text);
}
