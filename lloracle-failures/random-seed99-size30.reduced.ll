; lloracle: reduced from random --seed 99 --size 30 (13); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed99-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

define i64 @l2_0() {
  %acc = alloca i64
  %t35 = xor i64 0, 68719476735
  %t36 = and i64 %t35, 63
  %t37 = ashr i64 -19, %t36
  %t39 = xor i64 0, %t37
  store i64 %t39, i64* %acc
  %t52 = load i64, i64* %acc
  %t53 = add i64 %t52, 0
  ret i64 %t53
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t17 = call i64 @l2_0()
  %t19 = add i64 0, %t17
  store i64 %t19, i64* %acc
  %t43 = load i64, i64* %acc
  ret i64 %t43
}
