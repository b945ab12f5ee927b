; lloracle: reduced from corpus/calls/call8_rotate_through.ll (4); fails with wrong result under the built-in back end mutated with drop-seventh-arg
; reproduce: lloracle test-compiler --mutate drop-seventh-arg --corpus 'lloracle-failures/calls-call8_rotate_through.reduced.ll' --random 0
; oracle: returns 16 (exit status 16), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 16

define i64 @g(i64 %x1, i64 %x2, i64 %x3, i64 %x4, i64 %x5, i64 %x6, i64 %x7) {
  %t = mul i64 %x7, 2
  %r = add i64 0, %t
  ret i64 %r
}

define i64 @f(i64 %h) {
  %r = call i64 @g(i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 %h)
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @f(i64 8)
  ret i64 %r
}
