; lshr of a negative number fills with zeros: -16 lshr 2 = (2^64 - 16) / 4 = 2^62 - 4.
; CHECK-RESULT: 4611686018427387900
define i64 @main() {
  %x = lshr i64 -16, 2
  ret i64 %x
}
