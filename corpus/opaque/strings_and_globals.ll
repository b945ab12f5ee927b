; Opaque pointers in globals, declares and runtime calls, mixed with typed
; pointers: @msg points to @hello (a global ptr initialised with a global),
; ll_strcat joins "hello" and "world" and ll_puts prints it. The result is
; the length of the printed text's first word, stored in a { i64, ptr } pair.
; CHECK-STDOUT: helloworld
; CHECK-RESULT: 5

@hello = global [6 x i8] c"hello\00"
@world = global [6 x i8] c"world\00"
@msg = global ptr @hello
@pair = global { i64, ptr } { i64 5, ptr @world }

declare ptr @ll_strcat(ptr, ptr)
declare void @ll_puts(i8*)

define i64 @main() {
  %h = load ptr, ptr @msg
  %hs = getelementptr [6 x i8], ptr %h, i64 0, i64 0
  %wp = getelementptr { i64, ptr }, { i64, i8* }* @pair, i64 0, i32 1
  %w = load ptr, ptr %wp
  %ws = getelementptr [6 x i8], ptr %w, i64 0, i64 0
  %s = call ptr @ll_strcat(ptr %hs, i8* %ws)
  call void @ll_puts(ptr %s)
  %np = getelementptr { i64, ptr }, ptr @pair, i64 0, i32 0
  %n = load i64, ptr %np
  ret i64 %n
}
