; lloracle: reduced from corpus/calls/recursion_sum.ll (4); fails with crash under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/calls-recursion_sum.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout ""
; actual: killed by signal 11 (SIGSEGV), stdout ""
; CHECK-RESULT: 0

define i64 @sum(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %step
base:
  ret i64 0
step:
  %m = sub i64 %n, 1
  %s = call i64 @sum(i64 %m)
  ret i64 0
}

define i64 @main() {
  %r = call i64 @sum(i64 12)
  ret i64 %r
}
