; lloracle: reduced from random --seed 8 --size 30 (10); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed8-size30.reduced.ll' --random 0
; oracle: returns -4 (exit status 252), stdout ""
; actual: returns -2 (exit status 254), stdout ""
; CHECK-RESULT: -4

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 2, i64* %acc
  %t9 = load i64, i64* %acc
  %t10 = add i64 %t9, %p6
  ret i64 %t10
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t14 = call i64 @l0_0(i64 0, i64 -23, i64 42, i64 0, i64 549755813889, i64 9223372036854775807, i64 0)
  %t15 = call i64 @l0_0(i64 0, i64 64, i64 0, i64 0, i64 0, i64 0, i64 %t14)
  %t17 = sub i64 0, %t15
  store i64 %t17, i64* %acc
  %t44 = load i64, i64* %acc
  ret i64 %t44
}
