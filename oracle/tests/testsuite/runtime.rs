//! The runtime functions ll_puts, ll_strcat and ll_ltoa.
use crate::common;
use common::*;

#[test]
fn puts_prints_a_global_string_through_gep_and_directly() {
    // gep [N x i8] 0, 0 points at the first character; it and the array
    // pointer (bitcast) reach the same string.
    let text = "
@s = global [6 x i8] c\"hello\\00\"
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  %q = bitcast [6 x i8]* @s to i8*
  call void @ll_puts(i8* %q)
  ret i64 0
}
";
    assert_eq!(returns_out(text, &[]), (0, "hello\nhello\n".into()));
}

#[test]
fn puts_stops_at_the_first_nul() {
    let text = "
@s = global [6 x i8] c\"ab\\00cd\\00\"
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
";
    assert_eq!(returns_out(text, &[]), (0, "ab\n".into()));
}

#[test]
fn strcat_and_ltoa_build_heap_strings() {
    let text = "
@a = global [4 x i8] c\"x =\\00\"
@sp = global [2 x i8] c\" \\00\"
define i64 @main() {
  %p = getelementptr [4 x i8], [4 x i8]* @a, i64 0, i64 0
  %s = getelementptr [2 x i8], [2 x i8]* @sp, i64 0, i64 0
  %n = call i8* @ll_ltoa(i64 -1234)
  %t = call i8* @ll_strcat(i8* %p, i8* %s)
  %u = call i8* @ll_strcat(i8* %t, i8* %n)
  call void @ll_puts(i8* %u)
  call void @ll_puts(i8* %p)
  ret i64 0
}
";
    assert_eq!(returns_out(text, &[]), (0, "x = -1234\nx =\n".into()));
}

#[test]
fn ltoa_of_extremes() {
    let text = "
define i64 @main() {
  %a = call i8* @ll_ltoa(i64 -9223372036854775808)
  call void @ll_puts(i8* %a)
  %b = call i8* @ll_ltoa(i64 0)
  call void @ll_puts(i8* %b)
  ret i64 0
}
";
    assert_eq!(
        returns_out(text, &[]),
        (0, "-9223372036854775808\n0\n".into())
    );
}

#[test]
fn puts_of_a_string_in_an_alloca_uses_undef_bytes() {
    // alloca [3 x i8] is one string leaf that no instruction can write (none
    // stores an i8): its bytes are undef, and ll_puts reads them.
    let text = "
define i64 @main() {
  %b = alloca [3 x i8]
  %p = getelementptr [3 x i8], [3 x i8]* %b, i64 0, i64 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
";
    let msg = assert_undefined(text, spec::UndefinedKind::UndefOperand, "main", "entry", 2);
    assert!(msg.contains("never written"), "{msg}");
}

#[test]
fn only_the_first_character_is_addressable() {
    let text = "
@s = global [6 x i8] c\"hello\\00\"
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i64 0, i64 1
  call void @ll_puts(i8* %p)
  ret i64 0
}
";
    // The GEP gives undef; passing undef to a runtime function is using it.
    assert_undefined(text, spec::UndefinedKind::UndefOperand, "main", "entry", 1);
}

#[test]
fn undef_argument_to_ltoa() {
    let text = "
define i64 @main() {
  %p = alloca i64
  %v = load i64, i64* %p
  %s = call i8* @ll_ltoa(i64 %v)
  ret i64 0
}
";
    assert_undefined(text, spec::UndefinedKind::UndefOperand, "main", "entry", 2);
}

#[test]
fn runtime_call_at_the_wrong_type_is_bad_call() {
    let text = "
define i64 @main() {
  %f = bitcast void(i8*)* @ll_puts to i64(i64)*
  %r = call i64 %f(i64 3)
  ret i64 %r
}
";
    assert_undefined(text, spec::UndefinedKind::BadCall, "main", "entry", 1);
}
