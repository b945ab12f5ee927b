; A call with two arguments: they are bound in order (sub(10, 3) = 7, not -7).
; CHECK-RESULT: 7
define i64 @sub2(i64 %a, i64 %b) {
  %d = sub i64 %a, %b
  ret i64 %d
}

define i64 @main() {
  %r = call i64 @sub2(i64 10, i64 3)
  ret i64 %r
}
