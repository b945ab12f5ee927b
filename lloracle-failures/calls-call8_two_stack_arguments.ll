define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) {
  %ab = sub i64 %a, %b
  %cd = sub i64 %c, %d
  %ef = sub i64 %e, %f
  %g10 = mul i64 %g, 10
  %h100 = mul i64 %h, 100
  %s1 = add i64 %ab, %cd
  %s2 = add i64 %s1, %ef
  %s3 = add i64 %s2, %g10
  %s4 = add i64 %s3, %h100
  ret i64 %s4
}

define i64 @main() {
  %r = call i64 @f(i64 3, i64 1, i64 4, i64 1, i64 5, i64 9, i64 2, i64 6)
  ret i64 %r
}
