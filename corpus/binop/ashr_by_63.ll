; ashr by 63 gives the sign mask: negatives -> -1, non-negatives -> 0.
; -1 ashr 63 = -1; i64::MIN ashr 63 = -1; i64::MAX ashr 63 = 0; -1 + -1 + 0 = -2.
; CHECK-RESULT: -2
define i64 @main() {
  %a = ashr i64 -1, 63
  %b = ashr i64 -9223372036854775808, 63
  %c = ashr i64 9223372036854775807, 63
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  ret i64 %s2
}
