; main takes argc and argv but uses neither: the result does not depend on them.
; CHECK-RUN: none
; CHECK-NO-STDOUT
; CHECK-RESULT: 7
; CHECK-RUN: some
; CHECK-ARGS: a bb ccc
; CHECK-NO-STDOUT
; CHECK-RESULT: 7
define i64 @main(i64 %argc, i8** %argv) {
  ret i64 7
}
