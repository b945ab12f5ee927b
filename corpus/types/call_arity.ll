; A call with two arguments of a one-parameter function.
; CHECK-ILL-TYPED: call-arity
define i64 @f(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %x = call i64 @f(i64 1, i64 2)
  ret i64 %x
}
