; mul of a negative and a positive, then of two negatives.
; -6 * 7 = -42; -42 * -3 = 126.
; CHECK-RESULT: 126
define i64 @main() {
  %a = mul i64 -6, 7
  %b = mul i64 %a, -3
  ret i64 %b
}
