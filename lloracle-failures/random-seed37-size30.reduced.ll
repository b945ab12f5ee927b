; lloracle: reduced from random --seed 37 --size 30 (5); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed37-size30.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 9223372036854775807 (exit status 255), stdout ""
; CHECK-RESULT: -1

@g1 = global i64 0

define i64 @l1_0() {
  ret i64 -1
}

define i64 @f1() {
  %t6 = call i64 @l1_0()
  %t11 = ashr i64 %t6, 1
  store i64 %t11, i64* @g1
  ret i64 0
}

define i64 @main() {
  %t58 = call i64 @f1()
  %t97 = load i64, i64* @g1
  ret i64 %t97
}
