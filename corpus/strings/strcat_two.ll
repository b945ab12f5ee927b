; ll_strcat returns a new string, the concatenation: "foo" ++ "bar" = "foobar";
; its arguments are unchanged (printed again afterwards).
; CHECK-STDOUT: foobar
; CHECK-STDOUT: foo
; CHECK-STDOUT: bar
; CHECK-RESULT: 0
@a = global [4 x i8] c"foo\00"
@b = global [4 x i8] c"bar\00"

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %pa = getelementptr [4 x i8], [4 x i8]* @a, i32 0, i32 0
  %pb = getelementptr [4 x i8], [4 x i8]* @b, i32 0, i32 0
  %ab = call i8* @ll_strcat(i8* %pa, i8* %pb)
  call void @ll_puts(i8* %ab)
  call void @ll_puts(i8* %pa)
  call void @ll_puts(i8* %pb)
  ret i64 0
}
