; lloracle: reduced from random --seed 97 --size 30 (13); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed97-size30.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns -4398046511103 (exit status 1), stdout ""
; CHECK-RESULT: 1

define i64 @l0_0(i64 %p6) {
  %t10 = add i64 0, %p6
  %t11 = xor i64 %t10, 0
  ret i64 %t11
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %v2 = alloca { i64, [3 x i64] }
  %t4 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 0
  store i64 -5, i64* %t4
  %t16 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 0
  %t20 = load i64, i64* %t16
  %t21 = ashr i64 %t20, 22
  %t24 = call i64 @l0_0(i64 %t21)
  %t26 = sub i64 0, %t24
  store i64 %t26, i64* %acc
  %t36 = load i64, i64* %acc
  ret i64 %t36
}
