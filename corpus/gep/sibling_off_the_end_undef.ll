; A sibling move past the last element: &arr[2] + 1 = path [0,3], outside the 3-element array: undef pointer; storing through it is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %last = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 2
  %p = getelementptr i64, i64* %last, i32 1
  store i64 9, i64* %p
  ret i64 0
}
