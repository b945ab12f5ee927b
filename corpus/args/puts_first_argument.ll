; Printing argv[1] with ll_puts: the argument strings are valid runtime strings.
; CHECK-RUN: word
; CHECK-ARGS: hello
; CHECK-STDOUT: hello
; CHECK-RESULT: 0
; CHECK-RUN: number
; CHECK-ARGS: 12345 ignored
; CHECK-STDOUT: 12345
; CHECK-RESULT: 0
declare void @ll_puts(i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %p1 = getelementptr i8*, i8** %argv, i64 1
  %a1 = load i8*, i8** %p1
  call void @ll_puts(i8* %a1)
  ret i64 0
}
