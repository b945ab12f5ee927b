; lloracle: reduced from random --seed 97 --size 30 (1); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed97-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 9223372036854775807 (exit status 255), stdout ""
; CHECK-RESULT: -1

define i64 @main(i64 %argc, i8** %argv) {
  %t21 = ashr i64 -1, 1
  ret i64 %t21
}
