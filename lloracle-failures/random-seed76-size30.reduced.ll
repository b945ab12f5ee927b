; lloracle: reduced from random --seed 76 --size 30 (10); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/random-seed76-size30.reduced.ll' --random 0
; oracle: returns 27 (exit status 27), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 27

%s0 = type { %s0*, %s0* }

@a1 = global %s0 { %s0* @a1, %s0* @a1 }
@g1 = global { %s0, i64 } { %s0 { %s0* @a1, %s0* @a1 }, i64 -37 }

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %t7 = add i64 0, %p6
  %t8 = xor i64 %t7, 0
  ret i64 %t8
}

define i64 @main() {
  %acc = alloca i64
  %t153 = getelementptr { %s0, i64 }, { %s0, i64 }* @g1, i64 0, i32 1
  %t154 = load i64, i64* %t153
  %t155 = and i64 %t154, 63
  %t158 = call i64 @l0_0(i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 %t155)
  %t160 = xor i64 0, %t158
  store i64 %t160, i64* %acc
  %t165 = load i64, i64* %acc
  ret i64 %t165
}
