; A higher-order function: twice(f, x) = f(f(x)). twice(@sq, 3) = 81,
; twice(@neg, 5) = 5. Result 86.
; CHECK-RESULT: 86
define i64 @sq(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}

define i64 @neg(i64 %x) {
  %r = sub i64 0, %x
  ret i64 %r
}

define i64 @twice(i64 (i64)* %f, i64 %x) {
  %y = call i64 %f(i64 %x)
  %z = call i64 %f(i64 %y)
  ret i64 %z
}

define i64 @main() {
  %a = call i64 @twice(i64 (i64)* @sq, i64 3)
  %b = call i64 @twice(i64 (i64)* @neg, i64 5)
  %r = add i64 %a, %b
  ret i64 %r
}
