; The arguments printed last to first (argv[0] excluded).
; CHECK-RUN: abc
; CHECK-ARGS: a b c
; CHECK-STDOUT: c
; CHECK-STDOUT: b
; CHECK-STDOUT: a
; CHECK-RESULT: 0
; CHECK-RUN: single
; CHECK-ARGS: only
; CHECK-STDOUT: only
; CHECK-RESULT: 0
declare void @ll_puts(i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %i = alloca i64
  %last = sub i64 %argc, 1
  store i64 %last, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp sge i64 %iv, 1
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i8*, i8** %argv, i64 %iv
  %s = load i8*, i8** %p
  call void @ll_puts(i8* %s)
  %next = sub i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  ret i64 0
}
