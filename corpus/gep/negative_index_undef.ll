; A negative array index: index -1 is outside the array node, so the GEP is undef; loading it is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %p = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i64 -1
  %v = load i64, i64* %p
  ret i64 %v
}
