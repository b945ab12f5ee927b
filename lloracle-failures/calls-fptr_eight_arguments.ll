@fp = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @weigh

define i64 @weigh(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) {
  %b2 = mul i64 %b, 2
  %c3 = mul i64 %c, 3
  %d4 = mul i64 %d, 4
  %e5 = mul i64 %e, 5
  %f6 = mul i64 %f, 6
  %g7 = mul i64 %g, 7
  %h8 = mul i64 %h, 8
  %s1 = add i64 %a, %b2
  %s2 = add i64 %s1, %c3
  %s3 = add i64 %s2, %d4
  %s4 = add i64 %s3, %e5
  %s5 = add i64 %s4, %f6
  %s6 = add i64 %s5, %g7
  %s7 = add i64 %s6, %h8
  ret i64 %s7
}

define i64 @main() {
  %f = load i64 (i64, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @fp
  %r = call i64 %f(i64 8, i64 7, i64 6, i64 5, i64 4, i64 3, i64 2, i64 1)
  ret i64 %r
}
