; Malformed: a string literal without its closing quote.
; CHECK-MALFORMED
@s = global [3 x i8] c"ab\00
define i64 @main() {
  ret i64 0
}
