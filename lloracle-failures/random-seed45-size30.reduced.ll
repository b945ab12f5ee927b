; lloracle: reduced from random --seed 45 --size 30 (3); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed45-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 9223372036854775807 (exit status 255), stdout ""
; CHECK-RESULT: -1

define i64 @l0_0(i64 %p0) {
  %t20 = ashr i64 %p0, 1
  ret i64 %t20
}

define i64 @l1_1() {
  ret i64 -1
}

define i64 @main(i64 %argc, i8** %argv) {
  %t16 = call i64 @l1_1()
  %t21 = call i64 @l0_0(i64 %t16)
  ret i64 %t21
}
