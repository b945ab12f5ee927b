; A bitcast initializer that turns a string's [6 x i8]* into the i8* the
; runtime takes: @pmsg = bitcast ([6 x i8]* @msg to i8*) points at the first
; character, so ll_puts prints "hello".
; CHECK-STDOUT: hello
; CHECK-RESULT: 0
@msg = global [6 x i8] c"hello\00"
@pmsg = global i8* bitcast ([6 x i8]* @msg to i8*)

declare void @ll_puts(i8*)

define i64 @main() {
  %s = load i8*, i8** @pmsg
  call void @ll_puts(i8* %s)
  ret i64 0
}
