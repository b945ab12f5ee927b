; A \0A escape inside a c"" literal is a newline byte: "one\0Atwo" prints as two
; lines (ll_puts adds the final newline). Written once with \n, once as two lines.
; CHECK-STDOUT: one\ntwo
; CHECK-STDOUT: one
; CHECK-STDOUT: two
; CHECK-RESULT: 0
@s = global [8 x i8] c"one\0Atwo\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = getelementptr [8 x i8], [8 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  call void @ll_puts(i8* %p)
  ret i64 0
}
