; A loop over argv[1 .. argc-1] printing each argument on its own line; the
; result is the number printed.
; CHECK-RUN: none
; CHECK-NO-STDOUT
; CHECK-RESULT: 0
; CHECK-RUN: three
; CHECK-ARGS: red green blue
; CHECK-STDOUT: red
; CHECK-STDOUT: green
; CHECK-STDOUT: blue
; CHECK-RESULT: 3
declare void @ll_puts(i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %i = alloca i64
  store i64 1, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %argc
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i8*, i8** %argv, i64 %iv
  %s = load i8*, i8** %p
  call void @ll_puts(i8* %s)
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %n = sub i64 %argc, 1
  ret i64 %n
}
