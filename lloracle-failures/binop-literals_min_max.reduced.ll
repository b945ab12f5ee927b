; lloracle: reduced from corpus/binop/literals_min_max.ll (1); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/binop-literals_min_max.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

define i64 @main() {
  %x = sub i64 9223372036854775807, -9223372036854775808
  ret i64 %x
}
