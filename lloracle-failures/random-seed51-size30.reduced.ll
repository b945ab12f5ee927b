; lloracle: reduced from random --seed 51 --size 30 (6); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/random-seed51-size30.reduced.ll' --random 0
; oracle: returns 7 (exit status 7), stdout ""
; actual: returns -7 (exit status 249), stdout ""
; CHECK-RESULT: 7

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %t5 = load i64, i64* %acc
  %t6 = sub i64 %t5, 0
  store i64 %t6, i64* %acc
  %t29 = load i64, i64* %acc
  ret i64 %t29
}
