; sub: negating i64::MIN wraps back to i64::MIN (0 - (-2^63) = 2^63 = -2^63 mod 2^64).
; CHECK-RESULT: -9223372036854775808
define i64 @main() {
  %x = sub i64 0, -9223372036854775808
  ret i64 %x
}
