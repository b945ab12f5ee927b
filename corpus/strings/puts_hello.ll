; ll_puts prints a string literal followed by a newline.
; CHECK-STDOUT: hello, world
; CHECK-RESULT: 0
@msg = global [13 x i8] c"hello, world\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %s = getelementptr [13 x i8], [13 x i8]* @msg, i32 0, i32 0
  call void @ll_puts(i8* %s)
  ret i64 0
}
