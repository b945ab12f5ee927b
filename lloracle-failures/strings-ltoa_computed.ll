declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %x = mul i64 6, 7
  %y = sub i64 3, 1000
  %sx = call i8* @ll_ltoa(i64 %x)
  %sy = call i8* @ll_ltoa(i64 %y)
  %s = call i8* @ll_strcat(i8* %sx, i8* %sy)
  call void @ll_puts(i8* %s)
  ret i64 %x
}
