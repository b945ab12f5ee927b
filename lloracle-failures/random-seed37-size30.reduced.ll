; lloracle: reduced from random --seed 37 --size 30 (18); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed37-size30.reduced.ll' --random 0
; oracle: returns -2305843009213693949 (exit status 3), stdout ""
; actual: returns 2305843009213693955 (exit status 3), stdout ""
; CHECK-RESULT: -2305843009213693949

@g1 = global i64 2

define i64 @l1_0() {
  %acc = alloca i64
  store i64 15, i64* %acc
  %t9 = sub i64 2, -9223372036854775808
  %t28 = load i64, i64* %acc
  %t29 = sub i64 %t28, %t9
  store i64 %t29, i64* %acc
  %t30 = load i64, i64* %acc
  ret i64 %t30
}

define i64 @f1() {
  %t6 = call i64 @l1_0()
  %t9 = load i64, i64* @g1
  %t10 = and i64 %t9, 63
  %t11 = ashr i64 %t6, %t10
  store i64 %t11, i64* @g1
  ret i64 0
}

define i64 @main() {
  %acc = alloca i64
  %t58 = call i64 @f1()
  %t97 = load i64, i64* @g1
  %t99 = xor i64 0, %t97
  store i64 %t99, i64* %acc
  %t100 = load i64, i64* %acc
  ret i64 %t100
}
