; argc used in arithmetic: 10 * argc + 3.
; CHECK-RUN: none
; CHECK-RESULT: 13
; CHECK-RUN: two
; CHECK-ARGS: p q
; CHECK-RESULT: 33
define i64 @main(i64 %argc, i8** %argv) {
  %t = mul i64 %argc, 10
  %r = add i64 %t, 3
  ret i64 %r
}
