; Bytes above 0x7F pass through unchanged: "caf\C3\A9" is UTF-8 for café.
; CHECK-STDOUT: caf\xC3\xA9
; CHECK-RESULT: 5
@s = global [6 x i8] c"caf\C3\A9\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 5
}
