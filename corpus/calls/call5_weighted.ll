; A call with five arguments: a + 2b + 3c + 4d + 5e with (1, 2, 3, 4, 5)
; = 1 + 4 + 9 + 16 + 25 = 55.
; CHECK-RESULT: 55
define i64 @w(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e) {
  %b2 = mul i64 %b, 2
  %c3 = mul i64 %c, 3
  %d4 = mul i64 %d, 4
  %e5 = mul i64 %e, 5
  %s1 = add i64 %a, %b2
  %s2 = add i64 %s1, %c3
  %s3 = add i64 %s2, %d4
  %s4 = add i64 %s3, %e5
  ret i64 %s4
}

define i64 @main() {
  %r = call i64 @w(i64 1, i64 2, i64 3, i64 4, i64 5)
  ret i64 %r
}
