define i64 @main() {
  %p = mul i64 7, 6
  %d = sub i64 %p, 50
  ret i64 %d
}
