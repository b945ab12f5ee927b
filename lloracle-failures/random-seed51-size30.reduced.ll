; lloracle: reduced from random --seed 51 --size 30 (1); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/random-seed51-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

define i64 @main(i64 %argc, i8** %argv) {
  %t6 = sub i64 0, 1
  ret i64 %t6
}
