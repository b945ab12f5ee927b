; lloracle: reduced from corpus/calls/call8_two_stack_arguments.ll (4); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-call8_two_stack_arguments.reduced.ll' --random 0
; oracle: returns 20 (exit status 20), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 20

define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g) {
  %g10 = mul i64 %g, 10
  %s3 = add i64 0, %g10
  %s4 = add i64 %s3, 0
  ret i64 %s4
}

define i64 @main() {
  %r = call i64 @f(i64 3, i64 1, i64 4, i64 1, i64 5, i64 9, i64 2)
  ret i64 %r
}
