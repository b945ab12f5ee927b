; Accepted: each function has its own locals: %x and %r in @f and in @main do not clash; @x the global is another namespace.
; f(4) = 4 * 4 = 16; main: 16 + @x (5) = 21.
; CHECK-RESULT: 21
@x = global i64 5
define i64 @f(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}
define i64 @main() {
  %x = call i64 @f(i64 4)
  %g = load i64, i64* @x
  %r = add i64 %x, %g
  ret i64 %r
}
