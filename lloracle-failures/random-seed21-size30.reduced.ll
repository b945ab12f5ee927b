; lloracle: reduced from random --seed 21 --size 30 (9); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed21-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 127 (exit status 127), stdout ""
; CHECK-RESULT: -1

define i64 @l1_0(i64 %p7) {
  %t50 = xor i64 0, %p7
  ret i64 %t50
}

define i64 @l1_1(i64 %p7) {
  %t19 = xor i64 0, %p7
  ret i64 %t19
}

define i64 @main() {
  %acc = alloca i64
  %t29 = ashr i64 -41, 57
  %t30 = call i64 @l1_1(i64 %t29)
  %t31 = call i64 @l1_0(i64 %t30)
  %t33 = xor i64 0, %t31
  store i64 %t33, i64* %acc
  %t61 = load i64, i64* %acc
  ret i64 %t61
}
