; mul: i64::MIN * -1 overflows and wraps to i64::MIN (no trap, unlike division).
; -2^63 * -1 = 2^63 = -2^63 mod 2^64.
; CHECK-RESULT: -9223372036854775808
define i64 @main() {
  %x = mul i64 -9223372036854775808, -1
  ret i64 %x
}
