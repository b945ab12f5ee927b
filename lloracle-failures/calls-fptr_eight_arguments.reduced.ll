; lloracle: reduced from corpus/calls/fptr_eight_arguments.ll (2); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-fptr_eight_arguments.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 1

@fp = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @weigh

define i64 @weigh(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) {
  ret i64 %g
}

define i64 @main() {
  %f = load i64 (i64, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @fp
  %r = call i64 %f(i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 1, i64 0)
  ret i64 %r
}
