; shl by an ordinary amount: 3 << 4 = 48.
; CHECK-RESULT: 48
define i64 @main() {
  %x = shl i64 3, 4
  ret i64 %x
}
