; lloracle: reduced from random --seed 45 --size 30 (13); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed45-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 288230376151711743 (exit status 255), stdout ""
; CHECK-RESULT: -1

define i64 @l0_0(i64 %p0) {
  %t20 = ashr i64 %p0, 6
  %t21 = xor i64 0, %t20
  ret i64 %t21
}

define i64 @l1_1() {
  %acc = alloca i64
  store i64 -1, i64* %acc
  %t38 = load i64, i64* %acc
  ret i64 %t38
}

define i64 @l2_0(i64 %p7) {
  %t5 = xor i64 0, %p7
  ret i64 %t5
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t16 = call i64 @l1_1()
  %t21 = call i64 @l0_0(i64 %t16)
  %t22 = call i64 @l2_0(i64 %t21)
  %t24 = add i64 0, %t22
  store i64 %t24, i64* %acc
  %t48 = load i64, i64* %acc
  ret i64 %t48
}
