; shl by 63, the largest legal amount: 1 << 63 = 2^63 = i64::MIN; 3 << 63 also = i64::MIN (bit 1 falls off).
; i64::MIN + i64::MIN = 0 (wraps); so the sum is 0 and we add 5.
; CHECK-RESULT: 5
define i64 @main() {
  %a = shl i64 1, 63
  %b = shl i64 3, 63
  %s = add i64 %a, %b
  %r = add i64 %s, 5
  ret i64 %r
}
