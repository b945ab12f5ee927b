; A call of a function that returns a function pointer, written with the
; callee's full function type (`call i64 (i64)* (i64) @pick(...)`, the long
; LLVM 3.7+ form): the same program as fptr_returned.ll. pick(1)(4) + pick(0)(4)
; = times10(4) + plus1(4) = 40 + 5 = 45.
; CHECK-RESULT: 45
define i64 @plus1(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}

define i64 @times10(i64 %x) {
  %r = mul i64 %x, 10
  ret i64 %r
}

define i64 (i64)* @pick(i64 %which) {
  %one = icmp eq i64 %which, 1
  br i1 %one, label %t, label %p
t:
  ret i64 (i64)* @times10
p:
  ret i64 (i64)* @plus1
}

define i64 @main() {
  %f = call i64 (i64)* (i64) @pick(i64 1)
  %g = call i64 (i64)* (i64) @pick(i64 0)
  %a = call i64 %f(i64 4)
  %b = call i64 %g(i64 4)
  %r = add i64 %a, %b
  ret i64 %r
}
