; Mutual recursion, defined before use in either order: is_even(10) = 1,
; is_odd(7) = 1, is_even(17) = 0. Result 10 * 1 + 1 + 100 * 0 = 11.
; CHECK-RESULT: 11
define i64 @main() {
  %e10 = call i64 @is_even(i64 10)
  %o7 = call i64 @is_odd(i64 7)
  %e17 = call i64 @is_even(i64 17)
  %a = mul i64 %e10, 10
  %b = add i64 %a, %o7
  %c = mul i64 %e17, 100
  %r = add i64 %b, %c
  ret i64 %r
}

define i64 @is_even(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %r = call i64 @is_odd(i64 %m)
  ret i64 %r
}

define i64 @is_odd(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @is_even(i64 %m)
  ret i64 %r
}
