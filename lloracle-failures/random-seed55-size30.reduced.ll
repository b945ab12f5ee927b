; lloracle: reduced from random --seed 55 --size 30 (9); fails with wrong result under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/random-seed55-size30.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns -134217727 (exit status 1), stdout ""
; CHECK-RESULT: 1

define i64 @l0_1(i64 %p6) {
  %t9 = add i64 0, %p6
  %t10 = xor i64 %t9, 0
  ret i64 %t10
}

define i64 @main() {
  %acc = alloca i64
  %t215 = ashr i64 -25, 0
  %t223 = ashr i64 %t215, 37
  %t251 = call i64 @l0_1(i64 %t223)
  %t253 = sub i64 0, %t251
  store i64 %t253, i64* %acc
  %t254 = load i64, i64* %acc
  ret i64 %t254
}
