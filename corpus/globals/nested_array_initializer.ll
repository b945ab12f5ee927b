; A nested array initializer, a 2 x 3 matrix [[1, 2, 3], [4, 5, 6]]:
; m[1][2] = 6, m[0][1] = 2, m[1][0] = 4. Result 6 * 100 + 2 * 10 + 4 = 624
; (exit status 624 - 512 = 112).
; CHECK-RESULT: 624
@m = global [2 x [3 x i64]] [[3 x i64] [i64 1, i64 2, i64 3], [3 x i64] [i64 4, i64 5, i64 6]]

define i64 @main() {
  %p12 = getelementptr [2 x [3 x i64]], [2 x [3 x i64]]* @m, i64 0, i64 1, i64 2
  %p01 = getelementptr [2 x [3 x i64]], [2 x [3 x i64]]* @m, i64 0, i64 0, i64 1
  %row1 = getelementptr [2 x [3 x i64]], [2 x [3 x i64]]* @m, i64 0, i64 1
  %p10 = getelementptr [3 x i64], [3 x i64]* %row1, i64 0, i64 0
  %a = load i64, i64* %p12
  %b = load i64, i64* %p01
  %c = load i64, i64* %p10
  %a100 = mul i64 %a, 100
  %b10 = mul i64 %b, 10
  %s = add i64 %a100, %b10
  %r = add i64 %s, %c
  ret i64 %r
}
