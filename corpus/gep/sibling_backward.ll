; A negative first index moves backward among array siblings; legal while the result stays inside the array.
; &arr[3] + (-2) = &arr[1] = 20 (path [0,1]; native offset 24 - 16 = 8).
; CHECK-RESULT: 20
@arr = global [5 x i64] [i64 10, i64 20, i64 30, i64 40, i64 50]
define i64 @main() {
  %e3 = getelementptr [5 x i64], [5 x i64]* @arr, i32 0, i32 3
  %e1 = getelementptr i64, i64* %e3, i64 -2
  %v = load i64, i64* %e1
  ret i64 %v
}
