; lloracle: reduced from corpus/calls/fptr_eight_arguments.ll (5); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-fptr_eight_arguments.reduced.ll' --random 0
; oracle: returns 14 (exit status 14), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 14

@fp = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @weigh

define i64 @weigh(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) {
  %g7 = mul i64 %g, 7
  %s6 = add i64 0, %g7
  %s7 = add i64 %s6, 0
  ret i64 %s7
}

define i64 @main() {
  %f = load i64 (i64, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @fp
  %r = call i64 %f(i64 8, i64 7, i64 6, i64 5, i64 4, i64 3, i64 2, i64 1)
  ret i64 %r
}
