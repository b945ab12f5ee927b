; An undef argument to a runtime function (ll_puts of a never-written i8* slot): undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the call
; CHECK-UNDEFINED: undef-operand
declare void @ll_puts(i8*)
define i64 @main() {
  %slot = alloca i8*
  %s = load i8*, i8** %slot
  call void @ll_puts(i8* %s)
  ret i64 0
}
