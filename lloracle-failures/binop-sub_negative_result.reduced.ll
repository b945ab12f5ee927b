; lloracle: reduced from corpus/binop/sub_negative_result.ll (1); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/binop-sub_negative_result.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

define i64 @main() {
  %d = sub i64 0, 1
  ret i64 %d
}
