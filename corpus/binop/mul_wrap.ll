; mul wraps: i64::MAX * 2 = 2^64 - 2, which is -2 as a signed i64.
; CHECK-RESULT: -2
define i64 @main() {
  %x = mul i64 9223372036854775807, 2
  ret i64 %x
}
