; lloracle: reduced from corpus/binop/ashr_negative.ll (1); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/binop-ashr_negative.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 9223372036854775807 (exit status 255), stdout ""
; CHECK-RESULT: -1

define i64 @main() {
  %b = ashr i64 -1, 1
  ret i64 %b
}
