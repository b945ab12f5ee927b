; add with negative literals (the oracle reads negative literals, full i64 range).
; -17 + 5 = -12; then -12 + -30 = -42.
; CHECK-RESULT: -42
define i64 @main() {
  %a = add i64 -17, 5
  %b = add i64 %a, -30
  ret i64 %b
}
