; The two ways to reach a string literal's first character: a GEP 0, 0 on the
; [N x i8]* and a bitcast of the [N x i8]* to i8*; both print the same string.
; CHECK-STDOUT: same
; CHECK-STDOUT: same
; CHECK-RESULT: 0
@s = global [5 x i8] c"same\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %g = getelementptr [5 x i8], [5 x i8]* @s, i64 0, i64 0
  call void @ll_puts(i8* %g)
  %b = bitcast [5 x i8]* @s to i8*
  call void @ll_puts(i8* %b)
  ret i64 0
}
