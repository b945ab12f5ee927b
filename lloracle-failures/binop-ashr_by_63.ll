define i64 @main() {
  %a = ashr i64 -1, 63
  %b = ashr i64 -9223372036854775808, 63
  %c = ashr i64 9223372036854775807, 63
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  ret i64 %s2
}
