; A function pointer in a global, replaced at run time: first call through
; @op = @inc gives inc(10) = 11, then @op := @dbl gives dbl(11) = 22.
; CHECK-RESULT: 22
@op = global i64 (i64)* @inc

define i64 @inc(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}

define i64 @dbl(i64 %x) {
  %r = mul i64 %x, 2
  ret i64 %r
}

define i64 @main() {
  %f1 = load i64 (i64)*, i64 (i64)** @op
  %a = call i64 %f1(i64 10)
  store i64 (i64)* @dbl, i64 (i64)** @op
  %f2 = load i64 (i64)*, i64 (i64)** @op
  %b = call i64 %f2(i64 %a)
  ret i64 %b
}
