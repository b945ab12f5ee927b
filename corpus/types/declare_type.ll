; A runtime function declared at the wrong type: ll_puts is void (i8*), not i64 (i8*).
; CHECK-ILL-TYPED: declare-type
declare i64 @ll_puts(i8*)
define i64 @main() {
  ret i64 0
}
