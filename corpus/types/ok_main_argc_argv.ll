; Accepted: main may take (i64 argc, i8** argv). With no arguments argc is 1 (argv[0] is the program name).
; CHECK-RESULT: 1
define i64 @main(i64 %argc, i8** %argv) {
  ret i64 %argc
}
