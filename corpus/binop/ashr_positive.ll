; ashr of a positive number is a plain right shift: 1000 ashr 3 = 125.
; CHECK-RESULT: 125
define i64 @main() {
  %x = ashr i64 1000, 3
  ret i64 %x
}
