; lloracle: reduced from corpus/calls/stack_arguments_recursion.ll (6); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-stack_arguments_recursion.reduced.ll' --random 0
; oracle: returns 1000 (exit status 232), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 1000

define i64 @step(i64 %n, i64 %u1, i64 %u2, i64 %u3, i64 %u4, i64 %u5, i64 %acc) {
  %done = icmp eq i64 %n, 0
  br i1 %done, label %finish, label %again
finish:
  %t = mul i64 %acc, 100
  %r = add i64 %t, 0
  ret i64 %r
again:
  %acc1 = add i64 0, %n
  %r2 = call i64 @step(i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 %acc1)
  ret i64 %r2
}

define i64 @main() {
  %r = call i64 @step(i64 10, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret i64 %r
}
