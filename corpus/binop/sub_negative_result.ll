; sub going below zero: no wrap, just a negative signed result.
; 7 * 6 = 42, then 42 - 50 = -8 (CHECK-RESULT is main's full signed i64, not the exit code).
; CHECK-RESULT: -8
define i64 @main() {
  %p = mul i64 7, 6
  %d = sub i64 %p, 50
  ret i64 %d
}
