; getelementptr i8, i8* %p, i32 0 (LLVM 3.7+ names the pointee i8; course tests use it) is %p
; itself: ll_puts prints "hi".
; CHECK-STDOUT: hi
; CHECK-RESULT: 0
@s = global [3 x i8] c"hi\00"
define i64 @main() {
  %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0
  %q = getelementptr i8, i8* %p, i32 0
  call void @ll_puts(i8* %q)
  ret i64 0
}
