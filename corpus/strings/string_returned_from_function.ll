; Strings passed to and returned from functions: greet(name) = "hi, " ++ name ++ "!".
; CHECK-STDOUT: hi, ada!
; CHECK-STDOUT: hi, bob!
; CHECK-RESULT: 0
@hi = global [5 x i8] c"hi, \00"
@bang = global [2 x i8] c"!\00"
@ada = global [4 x i8] c"ada\00"
@bob = global [4 x i8] c"bob\00"

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define i8* @greet(i8* %name) {
  %h = getelementptr [5 x i8], [5 x i8]* @hi, i32 0, i32 0
  %b = getelementptr [2 x i8], [2 x i8]* @bang, i32 0, i32 0
  %t = call i8* @ll_strcat(i8* %h, i8* %name)
  %r = call i8* @ll_strcat(i8* %t, i8* %b)
  ret i8* %r
}

define i64 @main() {
  %a = getelementptr [4 x i8], [4 x i8]* @ada, i32 0, i32 0
  %b = getelementptr [4 x i8], [4 x i8]* @bob, i32 0, i32 0
  %ga = call i8* @greet(i8* %a)
  %gb = call i8* @greet(i8* %b)
  call void @ll_puts(i8* %ga)
  call void @ll_puts(i8* %gb)
  ret i64 0
}
