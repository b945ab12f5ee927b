; The literals i64::MIN and i64::MAX written directly (the reference's parser fails on magnitudes >= 2^62).
; MAX - MIN = (2^63 - 1) - (-2^63) = 2^64 - 1, which wraps to -1.
; CHECK-DIVERGES-FROM-REFERENCE: literal range: the reference cannot parse 9223372036854775807 or -9223372036854775808
; CHECK-RESULT: -1
define i64 @main() {
  %x = sub i64 9223372036854775807, -9223372036854775808
  ret i64 %x
}
