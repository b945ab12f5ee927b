; A function pointer kept in a local alloca: store @triple, load it, call it: triple(14) = 42.
; CHECK-RESULT: 42
define i64 @triple(i64 %x) {
  %r = mul i64 %x, 3
  ret i64 %r
}

define i64 @main() {
  %slot = alloca i64 (i64)*
  store i64 (i64)* @triple, i64 (i64)** %slot
  %f = load i64 (i64)*, i64 (i64)** %slot
  %r = call i64 %f(i64 14)
  ret i64 %r
}
