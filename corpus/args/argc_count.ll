; main(argc, argv) returns argc; argv[0] is the program name, so argc = 1 + the
; number of arguments.
; CHECK-RUN: none
; CHECK-RESULT: 1
; CHECK-RUN: one
; CHECK-ARGS: a
; CHECK-RESULT: 2
; CHECK-RUN: three
; CHECK-ARGS: x y z
; CHECK-RESULT: 4
; CHECK-RUN: ten
; CHECK-ARGS: 1 2 3 4 5 6 7 8 9 10
; CHECK-RESULT: 11
define i64 @main(i64 %argc, i8** %argv) {
  ret i64 %argc
}
