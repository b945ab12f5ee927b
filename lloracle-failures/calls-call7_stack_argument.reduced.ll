; lloracle: reduced from corpus/calls/call7_stack_argument.ll (2); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-call7_stack_argument.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 1

define i64 @bits(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g) {
  %y6 = add i64 0, %g
  ret i64 %y6
}

define i64 @main() {
  %r = call i64 @bits(i64 1, i64 0, i64 1, i64 1, i64 0, i64 0, i64 1)
  ret i64 %r
}
