; The arguments joined with "-" by ll_strcat in a loop: a-b-c; with no argument
; the empty string (an empty line).
; CHECK-RUN: three
; CHECK-ARGS: a b c
; CHECK-STDOUT: a-b-c
; CHECK-RESULT: 3
; CHECK-RUN: none
; CHECK-STDOUT:
; CHECK-RESULT: 0
@empty = global [1 x i8] c"\00"
@dash = global [2 x i8] c"-\00"

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i8*
  %i = alloca i64
  %e = getelementptr [1 x i8], [1 x i8]* @empty, i32 0, i32 0
  %d = getelementptr [2 x i8], [2 x i8]* @dash, i32 0, i32 0
  store i8* %e, i8** %acc
  store i64 1, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %argc
  br i1 %more, label %body, label %done
body:
  %first = icmp eq i64 %iv, 1
  br i1 %first, label %append, label %sep
sep:
  %a0 = load i8*, i8** %acc
  %a1 = call i8* @ll_strcat(i8* %a0, i8* %d)
  store i8* %a1, i8** %acc
  br label %append
append:
  %p = getelementptr i8*, i8** %argv, i64 %iv
  %s = load i8*, i8** %p
  %a2 = load i8*, i8** %acc
  %a3 = call i8* @ll_strcat(i8* %a2, i8* %s)
  store i8* %a3, i8** %acc
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %r = load i8*, i8** %acc
  call void @ll_puts(i8* %r)
  %n = sub i64 %argc, 1
  ret i64 %n
}
