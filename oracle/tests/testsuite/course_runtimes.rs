//! The course runtimes' heap and calls (docs/semantics.md, "Oat programs
//! and course runtimes", "Heap blocks"): the cases the corpus's programs do
//! not reach, each derived from the C runtime's definition.

use crate::common;

use common::run_with;
use oracle::Options;
use spec::{Outcome, RuntimeName, UndefinedKind};

fn under(runtime: RuntimeName) -> Options {
    Options {
        runtime,
        ..Options::default()
    }
}

fn kind(o: &Outcome) -> Option<UndefinedKind> {
    match o {
        Outcome::Undefined { kind, .. } => Some(*kind),
        _ => None,
    }
}

/// `free(NULL)` does nothing (C); `free` of an `alloca` is not C heap
/// memory: `bad-runtime-call`.
#[test]
fn free_of_null_is_nothing_and_of_the_stack_is_refused() {
    let null = "declare void @free(i8*)\ndefine i64 @main() {\n  call void @free(i8* null)\n  ret i64 3\n}\n";
    assert!(matches!(
        run_with(null, &[], &under(RuntimeName::LlLibc)),
        Outcome::Returned { value: 3, .. }
    ));
    let stack = "declare void @free(i64*)\ndefine i64 @main() {\n  %p = alloca i64\n  call void @free(i64* %p)\n  ret i64 0\n}\n";
    let o = run_with(stack, &[], &under(RuntimeName::LlLibc));
    assert_eq!(kind(&o), Some(UndefinedKind::BadRuntimeCall), "{o}");
}

/// A frame returning while an array allocated after it lives: the array
/// stays usable (here: element 0 written 5 by @make, read back), the
/// frame's alloca is dead (`use-after-return` through the pointer @make
/// left in @keep).
#[test]
fn a_frame_below_a_live_heap_block_dies_and_the_block_lives() {
    let text = r#"@keep = global i64* null
declare i64* @oat_alloc_array(i64)
define { i64, [0 x i64] }* @make() {
  %local = alloca i64
  store i64 1, i64* %local
  store i64* %local, i64** @keep
  %raw = call i64* @oat_alloc_array(i64 1)
  %a = bitcast i64* %raw to { i64, [0 x i64] }*
  %e = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 0
  store i64 5, i64* %e
  ret { i64, [0 x i64] }* %a
}
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %a = call { i64, [0 x i64] }* @make()
  %e = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 0
  %v = load i64, i64* %e
  %again = call { i64, [0 x i64] }* @make()
  %ok = icmp eq i64 %v, 5
  br i1 %ok, label %dead, label %wrong
dead:
  %p = load i64*, i64** @keep
  %x = load i64, i64* %p
  ret i64 %x
wrong:
  ret i64 0
}
"#;
    let o = run_with(text, &[], &under(RuntimeName::OatEth));
    assert_eq!(kind(&o), Some(UndefinedKind::UseAfterReturn), "{o}");
}

/// `oat_malloc(8)` is 8 bytes: a struct of two i64 does not fit, so the
/// GEP's result is undef and the load through it `undef-ptr-deref`.
#[test]
fn a_first_use_that_does_not_fit_the_block_is_out_of_it() {
    let text = r#"%S = type { i64, i64 }
declare i64* @oat_malloc(i64)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_malloc(i64 8)
  %s = bitcast i64* %raw to %S*
  %f = getelementptr %S, %S* %s, i32 0, i32 1
  %x = load i64, i64* %f
  ret i64 %x
}
"#;
    let o = run_with(text, &[], &under(RuntimeName::OatHw5));
    assert_eq!(kind(&o), Some(UndefinedKind::UndefPtrDeref), "{o}");
}

/// `ll_callback` calls its argument at `i64 (i64, i64)`; a function of
/// another type is `bad-call`.
#[test]
fn ll_callback_of_another_type_is_a_bad_call() {
    let text = r#"declare i64 @ll_callback(i64 (i64, i64)*)
define i64 @one(i64 %a) {
  ret i64 %a
}
define i64 @main() {
  %f = bitcast i64 (i64)* @one to i64 (i64, i64)*
  %r = call i64 @ll_callback(i64 (i64, i64)* %f)
  ret i64 %r
}
"#;
    let o = run_with(text, &[], &under(RuntimeName::LlLibc));
    assert_eq!(kind(&o), Some(UndefinedKind::BadCall), "{o}");
}

/// The ETH 2019 runtime's uninitialised elements: a read is undef, and
/// returning it from @program is `undef-result` (C: an indeterminate exit
/// status); the 2020 runtime's zeroed element returns 0.
#[test]
fn elements_are_uninitialised_or_zero_per_runtime() {
    let text = r#"declare i64* @oat_alloc_array(i64)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 1)
  %a = bitcast i64* %raw to { i64, [0 x i64] }*
  %e = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 1, i64 0
  %x = load i64, i64* %e
  ret i64 %x
}
"#;
    let o = run_with(text, &[], &under(RuntimeName::OatEth2019));
    assert_eq!(kind(&o), Some(UndefinedKind::UndefResult), "{o}");
    assert!(matches!(
        run_with(text, &[], &under(RuntimeName::OatEth)),
        Outcome::Returned { value: 0, .. }
    ));
}

/// `string_of_array` reads word 0 as the length: a pointer to a string
/// (no length word) is not an Oat array, `bad-runtime-call`; a global
/// `{ i64, [2 x i64] }` is one ("hi": 104, 105 → length 2).
#[test]
fn string_of_array_needs_a_length_word() {
    let text = r#"@s = global [3 x i8] c"hi\00"
@a = global { i64, [2 x i64] } { i64 2, [2 x i64] [ i64 104, i64 105 ] }
declare i8* @string_of_array({ i64, [0 x i64] }*)
declare i64 @length_of_string(i8*)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %v = bitcast { i64, [2 x i64] }* @a to { i64, [0 x i64] }*
  %t = call i8* @string_of_array({ i64, [0 x i64] }* %v)
  %n = call i64 @length_of_string(i8* %t)
  %more = icmp sgt i64 %argc, 1
  br i1 %more, label %bad, label %done
bad:
  %w = bitcast [3 x i8]* @s to { i64, [0 x i64] }*
  %u = call i8* @string_of_array({ i64, [0 x i64] }* %w)
  ret i64 0
done:
  ret i64 %n
}
"#;
    let o = run_with(text, &[], &under(RuntimeName::OatEth));
    assert!(matches!(o, Outcome::Returned { value: 2, .. }), "{o}");
    let o = run_with(text, &["x"], &under(RuntimeName::OatEth));
    assert_eq!(kind(&o), Some(UndefinedKind::BadRuntimeCall), "{o}");
}

/// Two fresh Oat arrays compared before either is used (Oat's `new
/// int[]{..} != new int[]{..}`, as the ETH front end compiles it): C gives
/// each `oat_alloc_array(2)` its own 24 bytes, so the pointers differ and
/// `icmp ne` is 1 (the exit status); no block is of size 0. An
/// `oat_malloc(0)` block has no bytes, so comparing it with another is
/// `ambiguous-pointer-eq` (C may give both one address).
#[test]
fn fresh_arrays_compared_before_their_first_use_are_different() {
    let arrays = r#"declare i64* @oat_alloc_array(i64)
declare i64* @oat_malloc(i64)
define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %r1 = call i64* @oat_alloc_array(i64 2)
  %a1 = bitcast i64* %r1 to { i64, [0 x i64] }*
  %r2 = call i64* @oat_alloc_array(i64 2)
  %a2 = bitcast i64* %r2 to { i64, [0 x i64] }*
  %ne = icmp ne { i64, [0 x i64] }* %a1, %a2
  br i1 %ne, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}
"#;
    let o = run_with(arrays, &[], &under(RuntimeName::OatHw5));
    assert!(matches!(o, Outcome::Returned { value: 1, .. }), "{o}");
    let empty = arrays.replace(
        "%r1 = call i64* @oat_alloc_array(i64 2)",
        "%r1 = call i64* @oat_malloc(i64 0)",
    );
    let o = run_with(&empty, &[], &under(RuntimeName::OatHw5));
    assert_eq!(kind(&o), Some(UndefinedKind::AmbiguousPointerEq), "{o}");
}
