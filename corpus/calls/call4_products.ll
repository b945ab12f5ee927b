; A call with four arguments: (a - b) * (c - d) with (10, 4, 7, 2) = 6 * 5 = 30.
; CHECK-RESULT: 30
define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d) {
  %x = sub i64 %a, %b
  %y = sub i64 %c, %d
  %z = mul i64 %x, %y
  ret i64 %z
}

define i64 @main() {
  %r = call i64 @f(i64 10, i64 4, i64 7, i64 2)
  ret i64 %r
}
