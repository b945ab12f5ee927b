; alloca i8*: store a string's first-character pointer, load it and print it with ll_puts.
; CHECK-STDOUT: stored
; CHECK-RESULT: 0
@msg = global [7 x i8] c"stored\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %slot = alloca i8*
  %s = getelementptr [7 x i8], [7 x i8]* @msg, i32 0, i32 0
  store i8* %s, i8** %slot
  %t = load i8*, i8** %slot
  call void @ll_puts(i8* %t)
  ret i64 0
}
