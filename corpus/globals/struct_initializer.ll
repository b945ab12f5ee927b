; A struct initializer with an integer and a pointer field: { 5, @target }.
; Field 0 is 5; field 1 points to @target = 37. Result 5 + 37 = 42.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 42
@target = global i64 37
@s = global { i64, i64* } { i64 5, i64* @target }

define i64 @main() {
  %f0 = getelementptr { i64, i64* }, { i64, i64* }* @s, i32 0, i32 0
  %f1 = getelementptr { i64, i64* }, { i64, i64* }* @s, i32 0, i32 1
  %a = load i64, i64* %f0
  %p = load i64*, i64** %f1
  %b = load i64, i64* %p
  %r = add i64 %a, %b
  ret i64 %r
}
