; lloracle: reduced from corpus/binop/sub_negative_result.ll (1); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/binop-sub_negative_result.reduced.ll' --random 0
; oracle: returns -50 (exit status 206), stdout ""
; actual: returns 50 (exit status 50), stdout ""
; CHECK-RESULT: -50

define i64 @main() {
  %d = sub i64 0, 50
  ret i64 %d
}
