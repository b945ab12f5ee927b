; lloracle: reduced from corpus/binop/ashr_by_63.ll (3); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/binop-ashr_by_63.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

define i64 @main() {
  %b = ashr i64 -9223372036854775808, 63
  %s1 = add i64 0, %b
  %s2 = add i64 %s1, 0
  ret i64 %s2
}
