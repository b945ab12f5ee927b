; lloracle: reduced from random --seed 7 --size 30 (12); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed7-size30.reduced.ll' --random 0
; oracle: returns 17179869185 (exit status 1), stdout ""
; actual: returns -17179869183 (exit status 1), stdout ""
; CHECK-RESULT: 17179869185

define i64 @l0_0() {
  %acc = alloca i64
  %t14 = ashr i64 -9223372036854775808, 29
  %t15 = add i64 -1, %t14
  %t17 = sub i64 0, %t15
  store i64 %t17, i64* %acc
  %t24 = load i64, i64* %acc
  %t28 = xor i64 %t24, 0
  ret i64 %t28
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t9 = call i64 @l0_0()
  %t11 = add i64 0, %t9
  store i64 %t11, i64* %acc
  %t20 = load i64, i64* %acc
  ret i64 %t20
}
