; Globals initialized with functions: a struct of two function pointers and a
; plain function-pointer global. ops.first(6, 7) = 42 (mul), ops.second(6, 7) = 13 (add),
; @unary = @negate: negate(42) = -42. Result 42 + 13 - 42 = 13.
; CHECK-RESULT: 13
@ops = global { i64 (i64, i64)*, i64 (i64, i64)* } { i64 (i64, i64)* @mul, i64 (i64, i64)* @add }
@unary = global i64 (i64)* @negate

define i64 @mul(i64 %a, i64 %b) {
  %r = mul i64 %a, %b
  ret i64 %r
}

define i64 @add(i64 %a, i64 %b) {
  %r = add i64 %a, %b
  ret i64 %r
}

define i64 @negate(i64 %a) {
  %r = sub i64 0, %a
  ret i64 %r
}

define i64 @main() {
  %p0 = getelementptr { i64 (i64, i64)*, i64 (i64, i64)* }, { i64 (i64, i64)*, i64 (i64, i64)* }* @ops, i32 0, i32 0
  %p1 = getelementptr { i64 (i64, i64)*, i64 (i64, i64)* }, { i64 (i64, i64)*, i64 (i64, i64)* }* @ops, i32 0, i32 1
  %f = load i64 (i64, i64)*, i64 (i64, i64)** %p0
  %g = load i64 (i64, i64)*, i64 (i64, i64)** %p1
  %a = call i64 %f(i64 6, i64 7)
  %b = call i64 %g(i64 6, i64 7)
  %n = load i64 (i64)*, i64 (i64)** @unary
  %c = call i64 %n(i64 %a)
  %s = add i64 %a, %b
  %r = add i64 %s, %c
  ret i64 %r
}
