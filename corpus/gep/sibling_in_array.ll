; A first index != 0 on a pointer to an array element moves to a sibling element (legal inside arrays).
; &arr[1] moved by 2 = &arr[3] = 40; layout 8 + 2*8 = 24 = offset of [0,3].
; CHECK-RESULT: 40
@arr = global [5 x i64] [i64 10, i64 20, i64 30, i64 40, i64 50]
define i64 @main() {
  %e1 = getelementptr [5 x i64], [5 x i64]* @arr, i32 0, i32 1
  %e3 = getelementptr i64, i64* %e1, i32 2
  %v = load i64, i64* %e3
  ret i64 %v
}
