define i64 @bits(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g) {
  %x1 = mul i64 %a, 2
  %y1 = add i64 %x1, %b
  %x2 = mul i64 %y1, 2
  %y2 = add i64 %x2, %c
  %x3 = mul i64 %y2, 2
  %y3 = add i64 %x3, %d
  %x4 = mul i64 %y3, 2
  %y4 = add i64 %x4, %e
  %x5 = mul i64 %y4, 2
  %y5 = add i64 %x5, %f
  %x6 = mul i64 %y5, 2
  %y6 = add i64 %x6, %g
  ret i64 %y6
}

define i64 @main() {
  %r = call i64 @bits(i64 1, i64 0, i64 1, i64 1, i64 0, i64 0, i64 1)
  ret i64 %r
}
