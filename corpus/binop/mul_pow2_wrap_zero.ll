; mul wraps to exactly zero: 2^62 * 4 = 2^64 = 0 mod 2^64; add 7 so the result is visible.
; CHECK-RESULT: 7
define i64 @main() {
  %x = mul i64 4611686018427387904, 4
  %y = add i64 %x, 7
  ret i64 %y
}
