//! Named types: recursive, aliased, and equal definitions under two names.
use crate::common;
use common::*;

/// Found by the generator: two names with the same recursive definition
/// (through a function pointer type); both globals initialise and main runs.
#[test]
fn equal_recursive_named_types_are_fine() {
    let text = "
%s1 = type { i64 (i64*, %s2*)* }
%s2 = type { i64 (i64*, %s2*)* }
@a2 = global %s1 { i64 (i64*, %s2*)* @f }
@a3 = global %s2 { i64 (i64*, %s2*)* @f }
define i64 @f(i64* %p0, %s2* %p1) {
  ret i64 4
}
define i64 @main() {
  %fp = getelementptr %s2, %s2* @a3, i32 0, i32 0
  %f = load i64 (i64*, %s2*)*, i64 (i64*, %s2*)** %fp
  %r = call i64 %f(i64* null, %s2* @a3)
  ret i64 %r
}
";
    assert_eq!(returns(text), 4);
}

#[test]
fn aliases_of_aliases_unfold() {
    let text = "
%a = type %b
%b = type %c
%c = type { i64, i64 }
@g = global %a { i64 5, i64 6 }
define i64 @main() {
  %p = getelementptr %c, %c* @g, i32 0, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}
";
    assert_eq!(returns(text), 6);
}
