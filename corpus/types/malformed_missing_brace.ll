; Malformed: the function body is never closed.
; CHECK-MALFORMED
define i64 @main() {
  ret i64 0
