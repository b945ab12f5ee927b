; A string made by alloca and never written: no LLVMlite instruction stores an i8, so its bytes
; are undef (natively whatever the stack held). Passing it to ll_puts uses undef bytes.
; CHECK-UNDEFINED: undef-operand
define i64 @main() {
  %s = alloca [8 x i8]
  %p = getelementptr [8 x i8], [8 x i8]* %s, i64 0, i64 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
