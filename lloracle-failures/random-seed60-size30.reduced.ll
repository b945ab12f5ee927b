; lloracle: reduced from random --seed 60 --size 30 (7); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed60-size30.reduced.ll' --random 0
; oracle: returns 16777217 (exit status 1), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 16777217

define i64 @l2_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %t5 = add i64 0, %p6
  %t6 = xor i64 %t5, 0
  ret i64 %t6
}

define i64 @main() {
  %acc = alloca i64
  %t26 = call i64 @l2_0(i64 0, i64 0, i64 0, i64 0, i64 72057594037927936, i64 0, i64 16777217)
  %t28 = add i64 0, %t26
  store i64 %t28, i64* %acc
  %t35 = load i64, i64* %acc
  ret i64 %t35
}
