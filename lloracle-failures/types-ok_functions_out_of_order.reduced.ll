; lloracle: reduced from corpus/types/ok_functions_out_of_order.ll (5); fails with crash under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/types-ok_functions_out_of_order.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: killed by signal 11 (SIGSEGV), stdout ""
; CHECK-RESULT: 1

define i64 @main() {
  %r = call i64 @is_even(i64 2)
  ret i64 %r
}

define i64 @is_even(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i64 1
rec:
  %r = call i64 @is_odd(i64 %n)
  ret i64 %r
}

define i64 @is_odd(i64 %n) {
  br label %rec
rec:
  %m = sub i64 %n, 1
  %r = call i64 @is_even(i64 %m)
  ret i64 %r
}
