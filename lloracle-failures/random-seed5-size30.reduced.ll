; lloracle: reduced from random --seed 5 --size 30 (6); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/random-seed5-size30.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns -1 (exit status 255), stdout ""
; CHECK-RESULT: 1

@a1 = global [1 x i64] [i64 -1]

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t25 = getelementptr [1 x i64], [1 x i64]* @a1, i64 0, i64 0
  %t26 = load i64, i64* %t25
  %t28 = sub i64 0, %t26
  store i64 %t28, i64* %acc
  %t33 = load i64, i64* %acc
  ret i64 %t33
}
