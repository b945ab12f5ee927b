//! Each place where the oracle knowingly differs from the course's reference
//! interpreter (docs/semantics.md), one test each.
use crate::common;
use common::*;
use spec::UndefinedKind as K;

/// The reference tags `@bar = global i64* @foo` with the initializer's type
/// (i64*); the oracle with @foo's declared type (i64), so the load works.
#[test]
fn global_initializer_pointers_are_tagged_with_the_named_globals_type() {
    let text = "
@foo = global i64 42
@bar = global i64* @foo
define i64 @main() {
  %f = load i64*, i64** @bar
  %v = load i64, i64* %f
  ret i64 %v
}
";
    assert_eq!(returns(text), 42);
}

/// i1 literals 0, 1, true, false (the reference crashes on them).
#[test]
fn i1_literals() {
    let text = "
define i64 @main() {
  %b = alloca i1
  store i1 true, i1* %b
  %v = load i1, i1* %b
  %c = icmp eq i1 %v, 1
  %d = icmp ne i1 %v, false
  %e = icmp eq i1 %c, %d
  br i1 %e, label %yes, label %no
yes:
  br i1 0, label %no, label %fin
fin:
  ret i64 1
no:
  ret i64 0
}
";
    assert_eq!(returns(text), 1);
}

/// The full i64 literal range (the reference's parser fails from 2^62 on).
#[test]
fn literal_range() {
    let text = "
define i64 @main() {
  %a = add i64 4611686018427387904, 0
  %b = add i64 -9223372036854775808, 0
  %c = add i64 9223372036854775807, 0
  %s = add i64 %b, %c
  %t = lshr i64 %a, 62
  %r = add i64 %s, %t
  ret i64 %r
}
";
    // -2^63 + (2^63 - 1) = -1; 2^62 >> 62 = 1; total 0.
    assert_eq!(returns(text), 0);
}

/// A shift amount outside 0..=63 is an error (LLVM: poison; x86 masks).
#[test]
fn shift_amount_out_of_range() {
    let text = "
define i64 @main() {
  %r = shl i64 1, 64
  ret i64 %r
}
";
    assert_undefined(text, K::ShiftOutOfRange, "main", "entry", 0);
}

/// main may take no parameters (the reference insists on two) or (argc, argv).
#[test]
fn main_without_parameters_and_with_argc_argv() {
    assert_eq!(returns("define i64 @main() {\n  ret i64 3\n}\n"), 3);
    let (v, _) = returns_out(
        "define i64 @main(i64 %argc, i8** %argv) {\n  ret i64 %argc\n}\n",
        &["a", "b", "c"],
    );
    assert_eq!(v, 4);
}

/// A non-zero first GEP index on an alloca pointer: allocas are not array
/// elements, so the result is undef (the reference reaches the neighbour).
#[test]
fn sibling_allocas_are_not_reachable() {
    let text = "
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  store i64 1, i64* %a
  store i64 2, i64* %b
  %n = getelementptr i64, i64* %a, i64 1
  %v = load i64, i64* %n
  ret i64 %v
}
";
    let msg = assert_undefined(text, K::UndefPtrDeref, "main", "entry", 5);
    assert!(msg.contains("not point at an element of an array"), "{msg}");
}

/// A GEP type compatible with the allocation but nested differently: the
/// literal path reaches another field than native code does; layout check
/// makes it undef (the reference returns the other field).
#[test]
fn nested_compatible_gep_fails_the_layout_check() {
    let text = "
@g = global { { i64, i64 }, i64 } { { i64, i64 } { i64 1, i64 2 }, i64 3 }
define i64 @main() {
  %p = bitcast { { i64, i64 }, i64 }* @g to { i64, i64 }*
  %f = getelementptr { i64, i64 }, { i64, i64 }* %p, i32 0, i32 1
  %v = load i64, i64* %f
  ret i64 %v
}
";
    let msg = assert_undefined(text, K::UndefPtrDeref, "main", "entry", 2);
    assert!(msg.contains("nested differently"), "{msg}");
}

/// The same prefix-compatible GEP at field 0 lands where native code does.
#[test]
fn prefix_compatible_gep_at_the_same_offset_is_fine() {
    let text = "
@g = global { i64, i64, i64 } { i64 7, i64 8, i64 9 }
define i64 @main() {
  %p = bitcast { i64, i64, i64 }* @g to { i64, i64 }*
  %f = getelementptr { i64, i64 }, { i64, i64 }* %p, i32 0, i32 1
  %v = load i64, i64* %f
  ret i64 %v
}
";
    assert_eq!(returns(text), 8);
}

/// Pointer equality by layout offset: a struct and its first field are
/// equal (the reference compares paths and says they differ).
#[test]
fn a_struct_and_its_first_field_are_equal_pointers() {
    let text = "
@g = global { i64, i64 } { i64 1, i64 2 }
define i64 @main() {
  %f0 = getelementptr { i64, i64 }, { i64, i64 }* @g, i32 0, i32 0
  %f1 = getelementptr { i64, i64 }, { i64, i64 }* @g, i32 0, i32 1
  %s = bitcast { i64, i64 }* @g to i64*
  %e0 = icmp eq i64* %s, %f0
  %e1 = icmp eq i64* %s, %f1
  br i1 %e0, label %a, label %no
a:
  br i1 %e1, label %no, label %yes
yes:
  ret i64 1
no:
  ret i64 0
}
";
    assert_eq!(returns(text), 1);
}

/// Loading a word never written gives undef without error (the reference
/// errors on the load); ignoring it is fine.
#[test]
fn undef_loads_are_not_errors() {
    let text = "
define i64 @main() {
  %p = alloca i64
  %v = load i64, i64* %p
  %q = alloca i64
  store i64 %v, i64* %q
  ret i64 7
}
";
    assert_eq!(returns(text), 7);
}

/// ll_ltoa with one argument (the reference takes and ignores a second).
#[test]
fn one_argument_ltoa_and_two_argument_ltoa() {
    let text = "
@buf = global [4 x i8] c\"...\\00\"
define i64 @main() {
  %a = call i8* @ll_ltoa(i64 12)
  call void @ll_puts(i8* %a)
  %b = getelementptr [4 x i8], [4 x i8]* @buf, i64 0, i64 0
  %c = call i8* @ll_ltoa(i64 34, i8* %b)
  call void @ll_puts(i8* %c)
  ret i64 0
}
";
    assert_eq!(returns_out(text, &[]), (0, "12\n34\n".into()));
}

/// alloca of an aggregate: a fresh subtree of the type (the reference
/// allocates one word whatever the type).
#[test]
fn aggregate_alloca() {
    let text = "
%pt = type { i64, [3 x i64] }
define i64 @main() {
  %p = alloca %pt
  %x = getelementptr %pt, %pt* %p, i32 0, i32 0
  store i64 5, i64* %x
  %e = getelementptr %pt, %pt* %p, i32 0, i32 1, i64 2
  store i64 37, i64* %e
  %a = load i64, i64* %x
  %b = load i64, i64* %e
  %r = add i64 %a, %b
  ret i64 %r
}
";
    assert_eq!(returns(text), 42);
}
