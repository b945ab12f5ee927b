; lloracle: reduced from random --seed 86 --size 30 (7); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed86-size30.reduced.ll' --random 0
; oracle: returns 63 (exit status 63), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 63

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %t4 = add i64 0, %p6
  %t5 = xor i64 %t4, 0
  ret i64 %t5
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t7 = call i64 @l0_0(i64 0, i64 64, i64 0, i64 0, i64 0, i64 0, i64 63)
  %t9 = xor i64 0, %t7
  store i64 %t9, i64* %acc
  %t34 = load i64, i64* %acc
  ret i64 %t34
}
