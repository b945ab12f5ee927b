; lloracle: reduced from corpus/binop/ashr_negative.ll (2); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/binop-ashr_negative.reduced.ll' --random 0
; oracle: returns -3 (exit status 253), stdout ""
; actual: returns 9223372036854775805 (exit status 253), stdout ""
; CHECK-RESULT: -3

define i64 @main() {
  %b = ashr i64 -5, 1
  %s = add i64 0, %b
  ret i64 %s
}
