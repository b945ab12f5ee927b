; lloracle: reduced from random --seed 50 --size 30 (6); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed50-size30.reduced.ll' --random 0
; oracle: returns -4600881032944862124 (exit status 84), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: -4600881032944862124

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %t2 = add i64 0, %p6
  ret i64 %t2
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  %t8 = call i64 @l0_0(i64 0, i64 0, i64 3, i64 46, i64 0, i64 42, i64 -4600881032944862124)
  %t10 = add i64 0, %t8
  store i64 %t10, i64* %acc
  %t27 = load i64, i64* %acc
  ret i64 %t27
}
