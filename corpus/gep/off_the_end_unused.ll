; Computing an off-the-end pointer (well-formed: array bounds are not checked statically) and not using it is fine.
; arr[2] = 3.
; CHECK-RESULT: 3
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %end = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 3
  %p = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 2
  %v = load i64, i64* %p
  ret i64 %v
}
