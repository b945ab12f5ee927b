; alloca of a function pointer type, store two functions in turn, call through the loaded pointer.
; first @double(10) = 20, then @square(20) = 400; 400 - 20 = 380.
; CHECK-RESULT: 380
define i64 @double(i64 %x) {
  %r = add i64 %x, %x
  ret i64 %r
}
define i64 @square(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}
define i64 @main() {
  %f = alloca i64 (i64)*
  store i64 (i64)* @double, i64 (i64)** %f
  %g1 = load i64 (i64)*, i64 (i64)** %f
  %a = call i64 %g1(i64 10)
  store i64 (i64)* @square, i64 (i64)** %f
  %g2 = load i64 (i64)*, i64 (i64)** %f
  %b = call i64 %g2(i64 %a)
  %r = sub i64 %b, %a
  ret i64 %r
}
