; A compatible prefix annotation on an array element: &arr[1] (a {i64, i64, i64}) bitcast to {i64, i64}*, field 1.
; FLATTEN [i64, i64] is a prefix of [i64, i64, i64]; path [0,1,1], offset 24 + 8 = 32 both ways: arr[1].1 = 5.
; CHECK-RESULT: 5
@arr = global [2 x {i64, i64, i64}] [{i64, i64, i64} {i64 1, i64 2, i64 3}, {i64, i64, i64} {i64 4, i64 5, i64 6}]
define i64 @main() {
  %e1 = getelementptr [2 x {i64, i64, i64}], [2 x {i64, i64, i64}]* @arr, i32 0, i32 1
  %p = bitcast {i64, i64, i64}* %e1 to {i64, i64}*
  %q = getelementptr {i64, i64}, {i64, i64}* %p, i32 0, i32 1
  %v = load i64, i64* %q
  ret i64 %v
}
