; ashr of negatives keeps the sign and rounds toward minus infinity.
; -16 ashr 2 = -4; -5 ashr 1 = -3 (floor(-2.5)); -4 + -3 = -7.
; CHECK-RESULT: -7
define i64 @main() {
  %a = ashr i64 -16, 2
  %b = ashr i64 -5, 1
  %s = add i64 %a, %b
  ret i64 %s
}
