define i64 @step(i64 %n, i64 %u1, i64 %u2, i64 %u3, i64 %u4, i64 %u5, i64 %acc, i64 %k) {
  %done = icmp eq i64 %n, 0
  br i1 %done, label %finish, label %again
finish:
  %t = mul i64 %acc, 100
  %r = add i64 %t, %k
  ret i64 %r
again:
  %n1 = sub i64 %n, 1
  %acc1 = add i64 %acc, %n
  %k1 = add i64 %k, 1
  %r2 = call i64 @step(i64 %n1, i64 %u1, i64 %u2, i64 %u3, i64 %u4, i64 %u5, i64 %acc1, i64 %k1)
  ret i64 %r2
}

define i64 @main() {
  %r = call i64 @step(i64 10, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0)
  ret i64 %r
}
