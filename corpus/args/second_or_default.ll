; Prints argv[2] when there are at least two arguments, otherwise "none".
; The argument count decides the branch; argv is never read out of range.
; CHECK-RUN: two
; CHECK-ARGS: first second
; CHECK-STDOUT: second
; CHECK-RESULT: 2
; CHECK-RUN: one
; CHECK-ARGS: first
; CHECK-STDOUT: none
; CHECK-RESULT: 1
; CHECK-RUN: zero
; CHECK-STDOUT: none
; CHECK-RESULT: 0
@none = global [5 x i8] c"none\00"

declare void @ll_puts(i8*)

define i64 @main(i64 %argc, i8** %argv) {
  %n = sub i64 %argc, 1
  %enough = icmp sge i64 %argc, 3
  br i1 %enough, label %second, label %dflt
second:
  %p = getelementptr i8*, i8** %argv, i64 2
  %s = load i8*, i8** %p
  call void @ll_puts(i8* %s)
  ret i64 %n
dflt:
  %d = getelementptr [5 x i8], [5 x i8]* @none, i32 0, i32 0
  call void @ll_puts(i8* %d)
  ret i64 %n
}
