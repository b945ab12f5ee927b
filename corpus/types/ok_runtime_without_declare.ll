; Accepted: runtime functions are known without a declare (LLVMlite programs call ll_puts directly).
; (LLVM itself needs the declare, so lli cannot run this file.)
; CHECK-STDOUT: no declare
; CHECK-RESULT: 0
@s = global [11 x i8] c"no declare\00"
define i64 @main() {
  %p = getelementptr [11 x i8], [11 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
