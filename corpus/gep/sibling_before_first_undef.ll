; A backward sibling move before the first element: &arr[0] + (-1) = path [0,-1], outside: undef; load is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %first = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 0
  %p = getelementptr i64, i64* %first, i64 -1
  %v = load i64, i64* %p
  ret i64 %v
}
