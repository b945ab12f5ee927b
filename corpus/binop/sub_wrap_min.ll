; sub wraps at the bottom of i64: i64::MIN - 1 = i64::MAX.
; -2^63 - 1 = -2^63 - 1 + 2^64 = 2^63 - 1.
; CHECK-RESULT: 9223372036854775807
define i64 @main() {
  %min = sub i64 0, 9223372036854775807
  %min2 = sub i64 %min, 1
  %x = sub i64 %min2, 1
  ret i64 %x
}
