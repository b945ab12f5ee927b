; Concatenation with the empty string on either side gives the other string;
; "" ++ "" is "" (an empty line).
; CHECK-STDOUT: abc
; CHECK-STDOUT: abc
; CHECK-STDOUT:
; CHECK-RESULT: 0
@e = global [1 x i8] c"\00"
@s = global [4 x i8] c"abc\00"

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %pe = getelementptr [1 x i8], [1 x i8]* @e, i32 0, i32 0
  %ps = getelementptr [4 x i8], [4 x i8]* @s, i32 0, i32 0
  %x = call i8* @ll_strcat(i8* %pe, i8* %ps)
  %y = call i8* @ll_strcat(i8* %ps, i8* %pe)
  %z = call i8* @ll_strcat(i8* %pe, i8* %pe)
  call void @ll_puts(i8* %x)
  call void @ll_puts(i8* %y)
  call void @ll_puts(i8* %z)
  ret i64 0
}
