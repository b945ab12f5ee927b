; A call with six arguments (the last that fit in x86-64 argument registers):
; sum of i * arg_i with args (6, 5, 4, 3, 2, 1) = 6 + 10 + 12 + 12 + 10 + 6 = 56.
; CHECK-RESULT: 56
define i64 @w(i64 %a1, i64 %a2, i64 %a3, i64 %a4, i64 %a5, i64 %a6) {
  %m2 = mul i64 %a2, 2
  %m3 = mul i64 %a3, 3
  %m4 = mul i64 %a4, 4
  %m5 = mul i64 %a5, 5
  %m6 = mul i64 %a6, 6
  %s2 = add i64 %a1, %m2
  %s3 = add i64 %s2, %m3
  %s4 = add i64 %s3, %m4
  %s5 = add i64 %s4, %m5
  %s6 = add i64 %s5, %m6
  ret i64 %s6
}

define i64 @main() {
  %r = call i64 @w(i64 6, i64 5, i64 4, i64 3, i64 2, i64 1)
  ret i64 %r
}
