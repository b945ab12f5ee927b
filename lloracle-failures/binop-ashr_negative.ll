define i64 @main() {
  %a = ashr i64 -16, 2
  %b = ashr i64 -5, 1
  %s = add i64 %a, %b
  ret i64 %s
}
