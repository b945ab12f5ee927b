//! The spec's own examples.
use crate::common;
use common::*;

#[test]
fn factorial_returns_720() {
    // The spec's running example, verbatim (the corpus keeps the one copy).
    let text = include_str!("../../../corpus/spec/factorial.ll");
    assert_eq!(returns(text), 720);
}

/// "@foo = global i64 42 / @bar = global i64* @foo / @baz = global i64** @bar":
/// loading through @baz twice, then loading, gives 42 (the initializer's
/// pointers are tagged with the declared type of the global they name).
#[test]
fn foo_bar_baz_loads_42() {
    let text = "
@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar

define i64 @main() {
  %b = load i64**, i64*** @baz
  %f = load i64*, i64** %b
  %v = load i64, i64* %f
  ret i64 %v
}
";
    assert_eq!(returns(text), 42);
}

/// The GEP walkthrough: %t1 = {A, B, C}, %t2 = [2 x %t1], @pn1 holds
/// [{a0,b0,c0},{a1,b1,c1}]; gep %t2* pn1, 0, 0 points to n2 (= a0's struct)
/// and gep %t1* pn2, 1, 1 points to b1.
#[test]
fn gep_walkthrough_reaches_the_right_leaves() {
    let text = "
%t1 = type { i64, i64, i64 }
%t2 = type [ 2 x %t1 ]
@pn1 = global %t2 [ %t1 { i64 10, i64 11, i64 12 }, %t1 { i64 20, i64 21, i64 22 } ]

define i64 @main() {
  %pn2 = getelementptr %t2, %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1, %t1* %pn2, i32 1, i32 1
  %b1 = load i64, i64* %pb1
  %pa0 = getelementptr %t1, %t1* %pn2, i32 0, i32 0
  %a0 = load i64, i64* %pa0
  %pc1 = getelementptr %t2, %t2* @pn1, i32 0, i32 1, i32 2
  %c1 = load i64, i64* %pc1
  %x = mul i64 %b1, 10000
  %y = mul i64 %a0, 100
  %s = add i64 %x, %y
  %r = add i64 %s, %c1
  ret i64 %r
}
";
    // b1 = 21, a0 = 10, c1 = 22
    assert_eq!(returns(text), 21 * 10000 + 10 * 100 + 22);
}

/// Off the end of the array the walkthrough's GEP gives undef: using it is
/// undef-ptr-deref at the load.
#[test]
fn gep_walkthrough_off_the_end_is_undef() {
    let text = "
%t1 = type { i64, i64, i64 }
%t2 = type [ 2 x %t1 ]
@pn1 = global %t2 [ %t1 { i64 10, i64 11, i64 12 }, %t1 { i64 20, i64 21, i64 22 } ]

define i64 @main() {
  %pn2 = getelementptr %t2, %t2* @pn1, i32 0, i32 0
  %bad = getelementptr %t1, %t1* %pn2, i32 2, i32 1
  %v = load i64, i64* %bad
  ret i64 %v
}
";
    let msg = assert_undefined(text, spec::UndefinedKind::UndefPtrDeref, "main", "entry", 2);
    assert!(msg.contains("getelementptr"), "{msg}");
}
