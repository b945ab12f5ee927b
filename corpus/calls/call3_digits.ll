; A call with three arguments: a*100 + b*10 + c with (1, 2, 3) = 123.
; CHECK-RESULT: 123
define i64 @digits(i64 %a, i64 %b, i64 %c) {
  %a100 = mul i64 %a, 100
  %b10 = mul i64 %b, 10
  %s = add i64 %a100, %b10
  %t = add i64 %s, %c
  ret i64 %t
}

define i64 @main() {
  %r = call i64 @digits(i64 1, i64 2, i64 3)
  ret i64 %r
}
