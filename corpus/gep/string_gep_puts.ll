; GEP [N x i8] 0, 0 gives an i8* to the string's first character, which ll_puts prints.
; CHECK-STDOUT: hello
; CHECK-RESULT: 0
@s = global [6 x i8] c"hello\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
