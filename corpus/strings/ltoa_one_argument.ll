; ll_ltoa with one argument (the C runtime's signature): the decimal form of 12345.
; CHECK-STDOUT: 12345
; CHECK-RESULT: 0
; CHECK-DIVERGES-FROM-REFERENCE: one-argument ll_ltoa: the reference requires a second argument (and ignores it)
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @main() {
  %s = call i8* @ll_ltoa(i64 12345)
  call void @ll_puts(i8* %s)
  ret i64 0
}
