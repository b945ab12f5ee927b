; shl moves a bit into the sign position: 1 << 62 = 2^62 (positive), doubled by shl 1 = 2^63 = i64::MIN.
; CHECK-RESULT: -9223372036854775808
define i64 @main() {
  %a = shl i64 1, 62
  %b = shl i64 %a, 1
  ret i64 %b
}
