define i64 @g(i64 %x1, i64 %x2, i64 %x3, i64 %x4, i64 %x5, i64 %x6, i64 %x7, i64 %x8) {
  %d = sub i64 %x1, %x8
  %t = mul i64 %x7, 2
  %r = add i64 %d, %t
  ret i64 %r
}

define i64 @f(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) {
  %r = call i64 @g(i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h, i64 %a)
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @f(i64 1, i64 2, i64 3, i64 4, i64 5, i64 6, i64 7, i64 8)
  ret i64 %r
}
