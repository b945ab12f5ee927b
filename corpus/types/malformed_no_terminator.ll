; Malformed: a block must end with a terminator; here the entry block runs into the label %next.
; CHECK-MALFORMED
define i64 @main() {
  %x = add i64 1, 2
next:
  ret i64 %x
}
