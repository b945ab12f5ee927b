; Malformed: ret i64 without its operand.
; CHECK-MALFORMED
define i64 @main() {
  ret i64
}
