; ll_ltoa with two arguments (the reference runtime's signature): the second, a
; valid string, is ignored. 2024 prints as "2024", -7 as "-7".
; CHECK-STDOUT: 2024
; CHECK-STDOUT: -7
; CHECK-RESULT: 0
@buf = global [2 x i8] c"x\00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64, i8*)

define i64 @main() {
  %b = getelementptr [2 x i8], [2 x i8]* @buf, i32 0, i32 0
  %s = call i8* @ll_ltoa(i64 2024, i8* %b)
  call void @ll_puts(i8* %s)
  %t = call i8* @ll_ltoa(i64 -7, i8* %b)
  call void @ll_puts(i8* %t)
  ret i64 0
}
