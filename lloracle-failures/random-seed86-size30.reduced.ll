; lloracle: reduced from random --seed 86 --size 30 (1); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed86-size30.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 1

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  ret i64 %p6
}

define i64 @main(i64 %argc, i8** %argv) {
  %t7 = call i64 @l0_0(i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 1)
  ret i64 %t7
}
