; Global initializer form `c"...\00"` (type [N x i8], N counting the \00): printed via GEP 0, 0 and ll_puts.
; CHECK-STDOUT: LLVMlite
; CHECK-RESULT: 0
@s = global [9 x i8] c"LLVMlite\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [9 x i8], [9 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
